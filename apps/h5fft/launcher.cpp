#include "launcher.h"

#include <algorithm>
#include <cstdlib>

namespace h5fft {

namespace {

// The variable as a non-negative number, or -1 when unset or not a number.
int number_from_environment(const char* name) {
  const char* text = std::getenv(name);
  if (!text || !*text) return -1;
  char* end = nullptr;
  const long value = std::strtol(text, &end, 10);
  return *end == '\0' && value >= 0 && value < (1L << 30) ? int(value) : -1;
}

}  // namespace

LaunchedRanks launched_ranks() {
  struct Names {
    const char *size, *rank;
  };
  static const Names kLaunchers[] = {
      {"OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_RANK"},  // Open MPI
      {"PMI_SIZE", "PMI_RANK"},                          // MPICH (Hydra), Intel MPI, srun --mpi=pmi2
      {"MV2_COMM_WORLD_SIZE", "MV2_COMM_WORLD_RANK"},    // MVAPICH2
  };
  for (const Names& n : kLaunchers) {
    const int ranks = number_from_environment(n.size);
    if (ranks > 0) return {ranks, std::max(0, number_from_environment(n.rank))};
  }
  return {};
}

}  // namespace h5fft
