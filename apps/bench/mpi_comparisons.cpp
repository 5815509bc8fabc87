#include "mpi_comparisons.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <mpi.h>

#include "gpu_timer.h"

namespace fft3d_bench {
namespace {

template <typename Real>
double round_trip_error_of(const Real* a, const Real* b, const fft3d_mpi_box& in, bool real,
                           int nx) {
  // The input box is x fastest; padding and spare room are not compared.
  const long long rows = (long long)in.size[1] * in.size[2];
  const long long row_reals = real ? in.size[0] : 2LL * in.size[0];
  const long long pitch = real ? 2LL * (nx / 2 + 1) : row_reals;
  double sums[2] = {0, 0};  // |after - before|^2, |before|^2
  for (long long r = 0; r < rows; ++r)
    for (long long i = 0; i < row_reals; ++i) {
      const double before = a[r * pitch + i], d = double(b[r * pitch + i]) - before;
      sums[0] += d * d;
      sums[1] += before * before;
    }
  MPI_Allreduce(MPI_IN_PLACE, sums, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return std::sqrt(sums[0] / sums[1]);
}

}  // namespace

double alltoall_seconds(long long bytes, int ranks) {
  const int per_peer = int(std::max(1LL, std::min<long long>(bytes / ranks, 1 << 30)));
  std::vector<char> send(size_t(per_peer) * ranks, 1), recv(send.size());
  std::vector<float> times;
  for (int i = 0; i < 6; ++i) {
    MPI_Barrier(MPI_COMM_WORLD);
    double s = MPI_Wtime();
    MPI_Alltoall(send.data(), per_peer, MPI_BYTE, recv.data(), per_peer, MPI_BYTE, MPI_COMM_WORLD);
    s = MPI_Wtime() - s;
    MPI_Allreduce(MPI_IN_PLACE, &s, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (i > 0) times.push_back(float(s));  // the first call sets up connections
  }
  return median(times);
}

double round_trip_error(const float* before, const float* after, const fft3d_mpi_box& in, bool real,
                        int nx) {
  return round_trip_error_of(before, after, in, real, nx);
}

double round_trip_error(const double* before, const double* after, const fft3d_mpi_box& in,
                        bool real, int nx) {
  return round_trip_error_of(before, after, in, real, nx);
}

}  // namespace fft3d_bench
