// The GPU tuner of a build without the CUDA toolkit: nothing to tune on.
#include "common/error.h"
#include "tune/tune_grid.h"

namespace fft3d {

TuneResult tune_grid(const Problem&, TuneMode, double, const ProgressFn&) {
  fail(FFT3D_ERROR_NO_DEVICE, "this build of fft3d has no GPU backend (no CUDA toolkit was found)");
}

void tune_if_needed(const Problem&, TuneMode) {}

}  // namespace fft3d
