// The GPU backend of a build without the CUDA toolkit: never usable.
#include "common/error.h"
#include "fft3d/plan.h"

namespace fft3d {

bool gpu_backend_usable() { return false; }
bool gpu_backend_supports(const Problem&) { return false; }
bool pointer_is_on_device(const void*) { return false; }

std::unique_ptr<Plan> make_gpu_plan(const Problem&, TuneMode) {
  fail(FFT3D_ERROR_NO_DEVICE, "this build of fft3d has no GPU backend (no CUDA toolkit was found)");
}

}  // namespace fft3d
