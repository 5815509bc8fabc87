// What each run of --mpi is compared with: a plain MPI_Alltoall of the same
// volume (the rate the exchange could reach on this network), and the input
// it started from (the error after forward and normalised inverse pairs).
// Collective over MPI_COMM_WORLD; every rank gets the same value.
#pragma once
#include "fft3d_mpi.h"

namespace fft3d_bench {

// Seconds of one MPI_Alltoall of `bytes` per rank on host memory: the slowest
// rank's, median of 5 after one call that sets up the connections.
double alltoall_seconds(long long bytes, int ranks);

// Relative L2 error, over all ranks, of the input box `in` after the round
// trips: `before` and `after` hold the rank's buffer of reals; real rows are
// padded to 2 * (nx / 2 + 1) in place, as fft3d_mpi lays them out.
double round_trip_error(const float* before, const float* after, const fft3d_mpi_box& in, bool real,
                        int nx);
double round_trip_error(const double* before, const double* after, const fft3d_mpi_box& in,
                        bool real, int nx);

}  // namespace fft3d_bench
