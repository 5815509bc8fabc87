// Checks MPI calls: a failure becomes Error(FFT3D_ERROR_MPI) naming the call
// and MPI's own message. Works because the plan's communicators return
// errors (MPI_ERRORS_RETURN) instead of aborting.
#pragma once
#include <mpi.h>

#include <string>

#include "common/error.h"

namespace fft3d {
namespace mpi {

inline void check_mpi(int rc, const char* call) {
  if (rc == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING] = {0};
  int len = 0;
  MPI_Error_string(rc, text, &len);
  fail(FFT3D_ERROR_MPI, std::string(call) + " failed: " + std::string(text, static_cast<size_t>(len)));
}

}  // namespace mpi
}  // namespace fft3d

#define FFT3D_MPI_CHECK(call) ::fft3d::mpi::check_mpi((call), #call)
