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

  // Enqueues on_main() on `main` and on_side(side) on the second stream
  // beside it: the side work starts after what `main` holds now, and work
  // enqueued on `main` afterwards starts after both. The lock spans fork to
  // join: the events are re-recorded by every execution, and two host
  // threads must not interleave them.
  template <class OnMain, class OnSide>
  void run_beside(cudaStream_t main, OnMain&& on_main, OnSide&& on_side) {
    const std::lock_guard<std::mutex> guard(mutex_);
    fork(main);
    on_main();
    on_side(stream_);
    join(main);
  }

 private:
  void release();
  void fork(cudaStream_t main);
  void join(cudaStream_t main);

  std::mutex mutex_;
  cudaStream_t stream_ = nullptr;
  cudaEvent_t forked_ = nullptr, joined_ = nullptr;
};

}  // namespace fft3d
