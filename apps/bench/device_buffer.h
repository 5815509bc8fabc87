// Owns one cudaMalloc allocation; move-only so a buffer is freed exactly once.
#pragma once
#include <cstddef>
#include <utility>

#include <cuda_runtime_api.h>

#include "check.h"

namespace fft3d_bench {

class DeviceBuffer {
 public:
  explicit DeviceBuffer(size_t bytes) : bytes_(bytes) { CUDA_CHECK(cudaMalloc(&ptr_, bytes)); }
  ~DeviceBuffer() {
    if (ptr_) cudaFree(ptr_);  // no check: destructors must not throw
  }
  DeviceBuffer(DeviceBuffer&& other) noexcept
      : ptr_(std::exchange(other.ptr_, nullptr)), bytes_(std::exchange(other.bytes_, 0)) {}
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept {
    std::swap(ptr_, other.ptr_);
    std::swap(bytes_, other.bytes_);
    return *this;
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  void* get() const { return ptr_; }
  size_t bytes() const { return bytes_; }

 private:
  void* ptr_ = nullptr;
  size_t bytes_ = 0;
};

}  // namespace fft3d_bench
