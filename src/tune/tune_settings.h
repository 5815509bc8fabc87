// The process-wide tuning settings behind fft3d_set_tuning_budget and
// fft3d_set_progress_callback, read when a plan starts tuning. Like FFTW's
// fftw_set_timelimit they belong to the process, not to a thread or a plan.
#pragma once
#include "tune/search.h"

namespace fft3d {

// Seconds a plan may spend tuning (< 0: no limit, the default).
void set_tuning_budget(double seconds);
double tuning_budget();

using ProgressCallback = void (*)(double fraction, const char* text, void* user);
// cb NULL: no progress reports (the default).
void set_tuning_progress(ProgressCallback cb, void* user);
// The callback as a ProgressFn (empty when none is set), bound to the
// callback and user pointer current when it is asked for.
ProgressFn tuning_progress();

}  // namespace fft3d
