// Event timing on one stream: every repetition is bracketed by its own pair of
// CUDA events, so only the measured work falls inside, not the preparation
// (input restore) enqueued before it or any host-side gap.
#pragma once
#include <functional>
#include <vector>

#include <cuda_runtime_api.h>

namespace fft3d_bench {

// A non-blocking stream: it never waits on the legacy default stream that a
// library (or cudaMemcpy) might use behind our back.
class Stream {
 public:
  Stream();
  ~Stream();
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  cudaStream_t get() const { return stream_; }
  void synchronize() const;

 private:
  cudaStream_t stream_ = nullptr;
};

// Runs `warmup` untimed repetitions, then `repeats` timed ones, and returns
// each timed repetition's milliseconds. `prepare` (may be empty) is enqueued
// before every repetition, outside its events; `body` enqueues the work.
std::vector<float> time_repetitions(const Stream& stream, int warmup, int repeats,
                                    const std::function<void()>& prepare,
                                    const std::function<void()>& body);

// Median (mean of the middle two for an even count); NaN for no samples.
double median(std::vector<float> samples);

}  // namespace fft3d_bench
