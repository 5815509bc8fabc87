#include "parallel_file_access.h"

#include <unistd.h>

namespace h5fft {

ParallelFileAccess::ParallelFileAccess(const RankAgreement& ranks)
    : file_access_(plist_handle(H5Pcreate(H5P_FILE_ACCESS))),
      transfer_(plist_handle(H5Pcreate(H5P_DATASET_XFER))),
      access_{ranks, H5P_DEFAULT, H5P_DEFAULT, ranks.rank() == 0, ranks.from_root(static_cast<long long>(getpid()))} {
  ranks.require(file_access_.valid() && H5Pset_fapl_mpio(file_access_.get(), ranks.comm(), MPI_INFO_NULL) >= 0,
                H5fftError("cannot set up MPI-IO file access (H5Pset_fapl_mpio)"));
  ranks.require(transfer_.valid() && H5Pset_dxpl_mpio(transfer_.get(), H5FD_MPIO_COLLECTIVE) >= 0,
                H5fftError("cannot set up collective transfers (H5Pset_dxpl_mpio)"));
  access_.file_access = file_access_.get();
  access_.transfer = transfer_.get();
}

}  // namespace h5fft
