// A second stream that work forks onto from a caller's stream and joins
// back from, in stream order (events), so that two kernels of one plan run
// side by side: the fused XY pass and the separate passes of its side
// planes (fft3d/grid_schedule.h, GridPass::side).
#pragma once
#include <cuda_runtime_api.h>

#include <mutex>

namespace fft3d {

class SideStream {
 public:
  SideStream();  // throws Error on a CUDA failure
  ~SideStream();
  SideStream(const SideStream&) = delete;
  SideStream& operator=(const SideStream&) = delete;

  // Hold while enqueueing from fork to join: the events are re-recorded by
  // every execution, and two host threads must not interleave them.
  std::unique_lock<std::mutex> lock() { return std::unique_lock<std::mutex>(mutex_); }

  // Work enqueued on get() after fork(main) starts after what main holds now.
  void fork(cudaStream_t main);
  // Work enqueued on main after join(main) starts after what get() holds now.
  void join(cudaStream_t main);
  cudaStream_t get() const { return stream_; }

 private:
  void release();

  std::mutex mutex_;
  cudaStream_t stream_ = nullptr;
  cudaEvent_t forked_ = nullptr, joined_ = nullptr;
};

}  // namespace fft3d
