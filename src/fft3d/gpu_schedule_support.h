// Whether the GPU backend has a schedule for a problem: the test the
// automatic backend choice (backend_choice.h) makes before it takes the
// GPU, so that problems the GPU backend does not implement go to the CPU.
#pragma once
#include "fft1d/x_variant.h"
#include "fft3d/problem.h"

namespace fft3d {

// True where the ESTIMATE builds every pass of the problem under `limits`:
// lengths of 2, 3, 5 and 7 along each axis, X rows and Y/Z columns within
// the longest forms (cluster rows, long rows, long columns), odd real rows
// within one block. False where a pass fails with UNSUPPORTED_SIZE; other
// errors propagate. Builds schedules only: no kernel is compiled.
bool gpu_schedule_exists(const Problem& problem, const DeviceLimits& limits);

}  // namespace fft3d
