// Host staging for device buffers when MPI cannot read device memory: the
// send buffer goes to pinned host memory, MPI exchanges there, the result
// comes back, all ordered on the plan's stream.
#include <cuda_runtime_api.h>

#include <climits>
#include <numeric>

#include "gpu/cuda_check.h"
#include "mpi/transport.h"

namespace fft3d {
namespace mpi {

namespace {

class PinnedBuffer {
 public:
  explicit PinnedBuffer(size_t bytes) {
    if (bytes) FFT3D_CUDA_CHECK(cudaMallocHost(&ptr_, bytes));
  }
  ~PinnedBuffer() {
    if (ptr_) cudaFreeHost(ptr_);
  }
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
  void* get() const { return ptr_; }

 private:
  void* ptr_ = nullptr;
};

long long total(const std::vector<long long>& v) { return std::accumulate(v.begin(), v.end(), 0LL); }

class StagingTransport final : public Transport {
 public:
  StagingTransport(MPI_Comm group, int element_bytes, long long max_elements)
      : element_bytes_(element_bytes),
        host_send_(static_cast<size_t>(max_elements) * element_bytes),
        host_recv_(static_cast<size_t>(max_elements) * element_bytes),
        mpi_(make_mpi_transport(group, element_bytes, false, max_elements > INT_MAX, 1LL << 30)) {}

  std::string name() const override { return "host staging (pinned) + " + mpi_->name(); }
  bool needs_idle_buffers() const override { return false; }

  void exchange(const void* send, void* recv, const ExchangeLayout& l, CUstream_st* stream) override {
    const cudaStream_t s = reinterpret_cast<cudaStream_t>(stream);
    const size_t out = static_cast<size_t>(total(l.send_counts)) * element_bytes_;
    const size_t in = static_cast<size_t>(total(l.recv_counts)) * element_bytes_;
    if (out) FFT3D_CUDA_CHECK(cudaMemcpyAsync(host_send_.get(), send, out, cudaMemcpyDeviceToHost, s));
    FFT3D_CUDA_CHECK(cudaStreamSynchronize(s));
    mpi_->exchange(host_send_.get(), host_recv_.get(), l, stream);
    if (in) FFT3D_CUDA_CHECK(cudaMemcpyAsync(recv, host_recv_.get(), in, cudaMemcpyHostToDevice, s));
  }

 private:
  int element_bytes_;
  PinnedBuffer host_send_, host_recv_;
  std::unique_ptr<Transport> mpi_;
};

}  // namespace

std::unique_ptr<Transport> make_staging_transport(MPI_Comm group, int element_bytes, long long max_elements) {
  return std::make_unique<StagingTransport>(group, element_bytes, max_elements);
}

}  // namespace mpi
}  // namespace fft3d
