#include "profile_once.h"

#include <iostream>

#include <cuda_profiler_api.h>
#include <cuda_runtime_api.h>

#include "check.h"

namespace fft3d_bench {
namespace {

constexpr int kWarmup = 3;  // as the timed modes: lazy loading, first-use setup

}  // namespace

void profile_once(const BenchOptions& options, const Stream& stream, const OnceTransforms& run,
                  const std::string& type, const char* precision, const std::string& grid,
                  size_t array_bytes) {
  const bool ours = options.profile_library == "fft3d";
  for (int i = 0; i < kWarmup; ++i) {
    run.restore();
    run.ours();
    run.restore();
    run.cufft();
  }
  run.restore();
  // Everything enqueued so far finishes before the window opens, so the
  // window holds the launches of one transform and nothing else.
  stream.synchronize();
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaProfilerStart());
  (ours ? run.ours : run.cufft)();
  stream.synchronize();
  CUDA_CHECK(cudaProfilerStop());
  std::cout << "profile-once: library=" << options.profile_library << " type=" << type
            << " precision=" << precision << " grid=" << grid << " array_bytes=" << array_bytes
            << std::endl;
}

}  // namespace fft3d_bench
