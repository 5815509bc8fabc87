// Mode --mpi in a build without the MPI library (fft3d_mpi): the flag is
// still there, so a script learns why nothing was measured.
#include <iostream>

#include "modes.h"

namespace fft3d_bench {

int run_mpi_scaling(const BenchOptions&) {
  std::cerr << "fft3d-bench: --mpi: this build has no MPI (fft3d_mpi was not built: MPI not found)"
            << std::endl;
  return 2;
}

}  // namespace fft3d_bench
