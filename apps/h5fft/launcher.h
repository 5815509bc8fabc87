// Whether an MPI launcher started this process, as its environment tells:
// mpirun/mpiexec of Open MPI, MPICH, Intel MPI and MVAPICH2, and Slurm's srun
// with PMI-2, each set the number of ranks and this one's rank. h5fft asks
// the environment rather than MPI itself so that a plain `h5fft ...` never
// initialises MPI (which costs a third of a second and may start daemons).
#pragma once

namespace h5fft {

struct LaunchedRanks {
  int ranks = 0;  // the ranks the launcher started; 0 when none did
  int rank = 0;   // this process's rank among them
};

LaunchedRanks launched_ranks();

}  // namespace h5fft
