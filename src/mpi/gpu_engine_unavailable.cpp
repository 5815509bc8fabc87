// The GPU engine of a build without the CUDA toolkit: never available.
#include "common/error.h"
#include "mpi/local_engine.h"

namespace fft3d {
namespace mpi {

std::unique_ptr<LocalEngine> make_gpu_engine(Precision) {
  fail(FFT3D_ERROR_NO_DEVICE, "this build of fft3d has no GPU backend (no CUDA toolkit was found)");
}

}  // namespace mpi
}  // namespace fft3d
