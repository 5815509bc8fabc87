// --3d --profile-once LIBRARY: exactly one forward transform of one library
// between cudaProfilerStart() and cudaProfilerStop(), for a profiler started
// with profiling off (ncu --profile-from-start off; scripts/dram-bytes.sh).
// Only that transform's kernels are profiled: warm-ups, the input restore,
// plan creation and the other library all run outside the window.
#pragma once
#include <functional>
#include <string>

#include "gpu_timer.h"
#include "modes.h"

namespace fft3d_bench {

struct OnceTransforms {
  std::function<void()> restore;  // puts the input back (a device copy)
  std::function<void()> ours, cufft;
};

// Warms both libraries up, then profiles one transform of
// options.profile_library and prints one line the script reads:
// "profile-once: library=fft3d type=c2c precision=f32 grid=256x256x256 array_bytes=134217728".
void profile_once(const BenchOptions& options, const Stream& stream, const OnceTransforms& run,
                  const std::string& type, const char* precision, const std::string& grid,
                  size_t array_bytes);

}  // namespace fft3d_bench
