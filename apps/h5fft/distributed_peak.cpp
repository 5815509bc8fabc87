#include "distributed_peak.h"

#include <algorithm>
#include <limits>

namespace h5fft {

Peak find_distributed_peak(const RankAgreement& ranks, const Field& shape, const Box& box,
                           const std::vector<double>& values, bool spectrum, long long real_nx) {
  const long long n = box.points();
  auto magnitude = [&](long long i) { return magnitude_at(values, shape.is_complex, size_t(i)); };
  // The box's point i as its index in the whole field, x fastest.
  auto global_index = [&](long long i) {
    const long long x = box.start[0] + i % box.size[0], y = box.start[1] + i / box.size[0] % box.size[1],
                    z = box.start[2] + i / (box.size[0] * box.size[1]);
    return (z * shape.ny + y) * shape.nx + x;
  };
  Peak p;
  for (long long i = 0; i < n; ++i) p.magnitude = std::max(p.magnitude, magnitude(i));
  p.magnitude = ranks.max(p.magnitude);
  // The points that tie with the largest magnitude, and the first of them.
  const double tie = p.magnitude * (1 - kPeakTieTolerance);
  long long first = std::numeric_limits<long long>::max(), ties = 0;
  for (long long i = 0; i < n; ++i)
    if (magnitude(i) >= tie) {
      first = std::min(first, global_index(i));
      ++ties;
    }
  check_mpi(MPI_Allreduce(MPI_IN_PLACE, &first, 1, MPI_LONG_LONG, MPI_MIN, ranks.comm()), "MPI_Allreduce");
  check_mpi(MPI_Allreduce(&ties, &p.ties, 1, MPI_LONG_LONG, MPI_SUM, ranks.comm()), "MPI_Allreduce");
  --p.ties;  // the peak itself
  set_peak_position(p, first % shape.nx, first / shape.nx % shape.ny, first / (shape.nx * shape.ny), shape, spectrum,
                    real_nx);
  return p;
}

}  // namespace h5fft
