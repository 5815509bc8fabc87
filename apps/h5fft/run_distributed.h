// h5fft under mpirun: each rank reads only its own box of the input (an HDF5
// hyperslab through MPI-IO), the ranks transform together with fft3d_mpi,
// and each writes its own box of the output dataset in a collective write;
// the attributes are the ones h5fft writes alone. Rank 0 renames the finished
// file into place and prints the summary.
#pragma once
#include "options.h"
#include "rank_agreement.h"

namespace h5fft {

// Collective. Every failure is agreed: all ranks throw the same AgreedError.
void run_distributed(const Options& o, const RankAgreement& ranks);

}  // namespace h5fft
