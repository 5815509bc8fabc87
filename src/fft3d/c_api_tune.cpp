// The C API of tuning: the process-wide time budget and progress callback
// (see tune/tune_settings.h), read by plans made with FFT3D_MEASURE or
// FFT3D_EXHAUSTIVE when they tune.
#include <cmath>

#include "fft3d.h"
#include "fft3d/c_api_support.h"
#include "tune/tune_settings.h"

using namespace fft3d;

extern "C" {

fft3d_status fft3d_set_tuning_budget(double seconds) {
  return guarded([&] {
    if (std::isnan(seconds)) fail(FFT3D_ERROR_INVALID_ARGUMENT, "the tuning budget is NaN");
    set_tuning_budget(std::isinf(seconds) ? -1.0 : seconds);
  });
}

fft3d_status fft3d_set_progress_callback(fft3d_progress_fn callback, void* user) {
  return guarded([&] { set_tuning_progress(callback, user); });
}

}  // extern "C"
