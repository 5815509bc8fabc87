// How h5fft reaches its files: alone, through HDF5's default driver; under
// mpirun, through MPI-IO with collective transfers (parallel_file_access.h),
// every rank taking part in each call.
#pragma once
#include <hdf5.h>
#include <unistd.h>

#include "step_check.h"

namespace h5fft {

struct FileAccess {
  const StepCheck& check;           // how each fallible step is checked
  hid_t file_access = H5P_DEFAULT;  // file access properties (H5Fopen, H5Fcreate)
  hid_t transfer = H5P_DEFAULT;     // dataset transfer properties (H5Dread, H5Dwrite)
  bool manages_files = true;        // this process renames and removes files (alone, or rank 0)
  long long temporary_id = 0;       // names the output's temporary file (the pid; rank 0's under mpirun)
};

inline FileAccess local_file_access() {
  static const LocalStepCheck check;
  return FileAccess{check, H5P_DEFAULT, H5P_DEFAULT, true, static_cast<long long>(getpid())};
}

}  // namespace h5fft
