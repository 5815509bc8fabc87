#include "gpu_timer.h"

#include <algorithm>
#include <cmath>

#include "check.h"

namespace fft3d_bench {
namespace {

class Event {
 public:
  Event() { CUDA_CHECK(cudaEventCreate(&event_)); }
  ~Event() { cudaEventDestroy(event_); }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  cudaEvent_t get() const { return event_; }

 private:
  cudaEvent_t event_ = nullptr;
};

}  // namespace

Stream::Stream() { CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking)); }
Stream::~Stream() { cudaStreamDestroy(stream_); }
void Stream::synchronize() const { CUDA_CHECK(cudaStreamSynchronize(stream_)); }

std::vector<float> time_repetitions(const Stream& stream, int warmup, int repeats,
                                    const std::function<void()>& prepare,
                                    const std::function<void()>& body) {
  for (int i = 0; i < warmup; ++i) {
    if (prepare) prepare();
    body();
  }
  // Separate events per repetition and a single synchronisation at the end:
  // the GPU runs the repetitions back to back instead of idling while the host
  // reads each result.
  std::vector<Event> start(repeats), stop(repeats);
  for (int i = 0; i < repeats; ++i) {
    if (prepare) prepare();
    CUDA_CHECK(cudaEventRecord(start[i].get(), stream.get()));
    body();
    CUDA_CHECK(cudaEventRecord(stop[i].get(), stream.get()));
  }
  stream.synchronize();
  std::vector<float> ms(repeats);
  for (int i = 0; i < repeats; ++i)
    CUDA_CHECK(cudaEventElapsedTime(&ms[i], start[i].get(), stop[i].get()));
  return ms;
}

double median(std::vector<float> samples) {
  if (samples.empty()) return std::nan("");
  std::sort(samples.begin(), samples.end());
  const size_t mid = samples.size() / 2;
  if (samples.size() % 2) return samples[mid];
  return 0.5 * (double(samples[mid - 1]) + double(samples[mid]));
}

}  // namespace fft3d_bench
