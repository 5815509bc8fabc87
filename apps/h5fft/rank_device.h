// Which GPU each rank under mpirun uses: the node's ranks take the node's
// GPUs in turn (local rank modulo the device count), as fft3d_mpi asks
// (cudaSetDevice before the plan is made). Without CUDA, or without a device,
// it does nothing and the plans run on the CPU.
#pragma once
#include <mpi.h>

namespace h5fft {

// Collective over `comm`. Throws an H5fftError if a device exists but cannot
// be selected.
void select_device_for_rank(MPI_Comm comm);

}  // namespace h5fft
