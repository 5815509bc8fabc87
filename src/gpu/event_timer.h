// Times GPU work the way every measurement of the library does (docs/
// TUNING.md): untimed warm-up launches, then each timed launch between two
// CUDA events on the same stream, and the median of those times. Used by the
// tuner's pass timer and by the whole-plan XY choice.
#pragma once
#include <cuda_runtime_api.h>

#include <functional>
#include <vector>

namespace fft3d {

class EventTimer {
 public:
  // Creates the events of `runs` timed launches (at least one).
  explicit EventTimer(int runs);
  ~EventTimer();
  EventTimer(const EventTimer&) = delete;
  EventTimer& operator=(const EventTimer&) = delete;

  // The median milliseconds of `runs` calls of `launch` (which enqueues its
  // work on `stream`) after `warmup` untimed ones. Throws Error on a CUDA
  // failure; the stream is synchronised before the times are read.
  double median_ms(cudaStream_t stream, int warmup, const std::function<void()>& launch);

 private:
  std::vector<cudaEvent_t> events_;  // start and stop of each run
};

}  // namespace fft3d
