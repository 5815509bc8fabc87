// Memory of one rank of --mpi on the plan's side: host memory for CPU plans,
// device memory for GPU plans, on the GPU this rank selected.
#pragma once
#include <cstddef>

namespace fft3d_bench {

// Selects this rank's GPU: its rank among the ranks of its node, modulo the
// device count, so the ranks of a node share its GPUs evenly. False without
// a device (then the library's automatic choice is the CPU backend).
bool select_gpu_for_rank();

class RankBuffer {
 public:
  RankBuffer(size_t bytes, bool device);
  ~RankBuffer();
  RankBuffer(const RankBuffer&) = delete;
  RankBuffer& operator=(const RankBuffer&) = delete;

  void* get() const { return ptr_; }
  void upload(const void* host);  // bytes() from host memory
  void download(void* host) const;
  size_t bytes() const { return bytes_; }

 private:
  void* ptr_ = nullptr;
  size_t bytes_;
  bool device_;
};

}  // namespace fft3d_bench
