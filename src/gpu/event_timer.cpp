#include "gpu/event_timer.h"

#include <algorithm>

#include "gpu/cuda_check.h"

namespace fft3d {

EventTimer::EventTimer(int runs) : events_(2 * static_cast<size_t>(std::max(1, runs)), nullptr) {
  try {
    for (cudaEvent_t& e : events_) FFT3D_CUDA_CHECK(cudaEventCreate(&e));
  } catch (...) {
    for (cudaEvent_t e : events_)
      if (e) cudaEventDestroy(e);
    throw;
  }
}

EventTimer::~EventTimer() {
  for (cudaEvent_t e : events_)
    if (e) cudaEventDestroy(e);
}

double EventTimer::median_ms(cudaStream_t stream, int warmup, const std::function<void()>& launch) {
  for (int i = 0; i < warmup; ++i) launch();
  const size_t runs = events_.size() / 2;
  for (size_t i = 0; i < runs; ++i) {
    FFT3D_CUDA_CHECK(cudaEventRecord(events_[2 * i], stream));
    launch();
    FFT3D_CUDA_CHECK(cudaEventRecord(events_[2 * i + 1], stream));
  }
  FFT3D_CUDA_CHECK(cudaStreamSynchronize(stream));
  std::vector<double> ms(runs);
  for (size_t i = 0; i < runs; ++i) {
    float t = 0;
    FFT3D_CUDA_CHECK(cudaEventElapsedTime(&t, events_[2 * i], events_[2 * i + 1]));
    ms[i] = t;
  }
  std::nth_element(ms.begin(), ms.begin() + static_cast<long>(runs / 2), ms.end());
  return ms[runs / 2];
}

}  // namespace fft3d
