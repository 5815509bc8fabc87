#include "mpi_rank_buffer.h"

#include <cstdlib>
#include <cstring>

#include <cuda_runtime_api.h>
#include <mpi.h>

#include "check.h"

namespace fft3d_bench {

bool select_gpu_for_rank() {
  // Collective first, on every rank, whatever its node holds.
  MPI_Comm node;
  int rank = 0, local = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
  MPI_Comm_rank(node, &local);
  MPI_Comm_free(&node);
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) return false;
  CUDA_CHECK(cudaSetDevice(local % devices));
  return true;
}

RankBuffer::RankBuffer(size_t bytes, bool device) : bytes_(bytes), device_(device) {
  if (device_) {
    CUDA_CHECK(cudaMalloc(&ptr_, bytes_));
    return;
  }
  ptr_ = std::aligned_alloc(64, (bytes_ + 63) / 64 * 64);  // the size must be a multiple
  if (!ptr_) throw BenchError("out of host memory for " + std::to_string(bytes_) + " bytes");
}

RankBuffer::~RankBuffer() {
  if (device_) cudaFree(ptr_);  // no check: destructors must not throw
  else std::free(ptr_);
}

void RankBuffer::upload(const void* host) {
  if (device_) CUDA_CHECK(cudaMemcpy(ptr_, host, bytes_, cudaMemcpyHostToDevice));
  else std::memcpy(ptr_, host, bytes_);
}

void RankBuffer::download(void* host) const {
  if (device_) CUDA_CHECK(cudaMemcpy(host, ptr_, bytes_, cudaMemcpyDeviceToHost));
  else std::memcpy(host, ptr_, bytes_);
}

}  // namespace fft3d_bench
