// h5fft's main under an MPI launcher (built with the parallel HDF5 and
// fft3d_mpi): MPI for the life of the run, the options parsed on every rank,
// run_distributed, and each error printed once.
#pragma once

namespace h5fft {

// Returns the exit status (the same on every rank).
int distributed_main(int argc, char** argv);

}  // namespace h5fft
