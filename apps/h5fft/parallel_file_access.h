// FileAccess for h5fft under mpirun: files opened and created by all ranks
// together through HDF5's MPI-IO driver (H5Pset_fapl_mpio), data moved in
// collective transfers (H5Pset_dxpl_mpio), each step agreed by the ranks;
// rank 0 renames and removes files, and its pid names the temporary output.
#pragma once
#include "file_access.h"
#include "h5_handle.h"
#include "rank_agreement.h"

namespace h5fft {

class ParallelFileAccess {
 public:
  explicit ParallelFileAccess(const RankAgreement& ranks);  // collective
  const FileAccess& get() const { return access_; }

 private:
  H5Handle file_access_, transfer_;
  FileAccess access_;
};

}  // namespace h5fft
