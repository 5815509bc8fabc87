// The GPU tuner's entry points: measure the passes of a problem on the
// current device (tune_schedule with the GPU's PassTimer) and write the
// winners to the process's wisdom, where GPU plans pick them up.
#pragma once
#include "tune/tune_schedule.h"

namespace fft3d {

// MEASURE or EXHAUSTIVE tuning of a 3-D grid or batched 1-D problem on the
// current device; budget_seconds < 0: no limit. Throws Error(NO_DEVICE)
// without a usable GPU (or in a build without CUDA).
TuneResult tune_grid(const Problem& problem, TuneMode mode, double budget_seconds, const ProgressFn& progress);

// For make_gpu_plan: unless mode is ESTIMATE or the process's wisdom already
// covers every pass of the problem on this device, tunes it with the
// process-wide budget and progress callback (fft3d_set_tuning_budget,
// fft3d_set_progress_callback). Tunings in one process take turns; a
// problem is tuned at most once per process and device (a pass whose
// candidates all failed verification keeps its ESTIMATE variant). Device
// memory too short for the tuning data (a second copy of the problem) leaves
// the ESTIMATE variants; other failures are thrown.
void tune_if_needed(const Problem& problem, TuneMode mode);

}  // namespace fft3d
