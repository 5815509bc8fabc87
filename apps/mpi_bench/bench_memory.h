// Buffers of the benchmark on the plan's side: host memory for CPU plans,
// device memory (on the GPU of this rank's node-local index) for GPU plans.
#pragma once
#include <cstddef>
#include <vector>

// Selects this rank's GPU (node-local rank modulo the device count); false
// without CUDA or devices.
bool select_gpu_for_rank();

class BenchBuffer {
 public:
  BenchBuffer(size_t bytes, bool device);
  ~BenchBuffer();
  BenchBuffer(const BenchBuffer&) = delete;
  BenchBuffer& operator=(const BenchBuffer&) = delete;
  void* get() const { return ptr_; }
  void upload(const std::vector<unsigned char>& host);
  void download(std::vector<unsigned char>* host) const;

 private:
  void* ptr_ = nullptr;
  size_t bytes_;
  bool device_;
};
