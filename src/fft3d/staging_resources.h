// The CUDA resources host staging owns: page-locked host buffers, streams and
// events, each released exactly once; and the test for memory that is
// already page-locked (which needs no staging).
#pragma once
#include <cuda_runtime_api.h>

#include <cstddef>
#include <utility>

#include "gpu/cuda_check.h"

namespace fft3d {

class PinnedBuffer {
 public:
  PinnedBuffer() = default;
  explicit PinnedBuffer(size_t bytes) : bytes_(bytes) {
    if (bytes) FFT3D_CUDA_CHECK(cudaHostAlloc(&ptr_, bytes, cudaHostAllocDefault));
  }
  ~PinnedBuffer() {
    if (ptr_) cudaFreeHost(ptr_);
  }
  PinnedBuffer(PinnedBuffer&& o) noexcept : ptr_(std::exchange(o.ptr_, nullptr)), bytes_(o.bytes_) {}
  PinnedBuffer& operator=(PinnedBuffer&& o) noexcept {
    std::swap(ptr_, o.ptr_);
    std::swap(bytes_, o.bytes_);
    return *this;
  }
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;

  char* get() const { return static_cast<char*>(ptr_); }
  size_t bytes() const { return bytes_; }

 private:
  void* ptr_ = nullptr;
  size_t bytes_ = 0;
};

// A non-blocking stream: it does not wait for the legacy default stream, on
// which the caller may have unrelated work.
class StagingStream {
 public:
  StagingStream() { FFT3D_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking)); }
  ~StagingStream() {
    if (stream_) cudaStreamDestroy(stream_);
  }
  StagingStream(const StagingStream&) = delete;
  StagingStream& operator=(const StagingStream&) = delete;

  cudaStream_t get() const { return stream_; }
  void synchronize() const { FFT3D_CUDA_CHECK(cudaStreamSynchronize(stream_)); }

 private:
  cudaStream_t stream_ = nullptr;
};

// Marks a point in a stream that the host waits for (no timing).
class StagingEvent {
 public:
  StagingEvent() { FFT3D_CUDA_CHECK(cudaEventCreateWithFlags(&event_, cudaEventDisableTiming)); }
  ~StagingEvent() {
    if (event_) cudaEventDestroy(event_);
  }
  StagingEvent(const StagingEvent&) = delete;
  StagingEvent& operator=(const StagingEvent&) = delete;

  void record(cudaStream_t stream) { FFT3D_CUDA_CHECK(cudaEventRecord(event_, stream)); }
  // Recorded work done; a never-recorded event counts as done.
  void wait() const { FFT3D_CUDA_CHECK(cudaEventSynchronize(event_)); }

 private:
  cudaEvent_t event_ = nullptr;
};

// Host memory the GPU can reach by DMA as it is (cudaMallocHost or
// cudaHostRegister), so copies need no staging buffer.
inline bool is_page_locked(const void* ptr) {
  cudaPointerAttributes attr{};
  if (cudaPointerGetAttributes(&attr, ptr) != cudaSuccess) {
    cudaGetLastError();  // plain pageable memory may report an error: not sticky
    return false;
  }
  return attr.type == cudaMemoryTypeHost;
}

// Waits for the streams on every exit, errors included, so that no copy is
// still reading or writing a staging buffer or the caller's array after the
// call returns.
class StreamsDrained {
 public:
  StreamsDrained(cudaStream_t a, cudaStream_t b = nullptr) : a_(a), b_(b) {}
  ~StreamsDrained() {
    cudaStreamSynchronize(a_);
    if (b_) cudaStreamSynchronize(b_);
  }
  StreamsDrained(const StreamsDrained&) = delete;
  StreamsDrained& operator=(const StreamsDrained&) = delete;

 private:
  cudaStream_t a_, b_;
};

}  // namespace fft3d
