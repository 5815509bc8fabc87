#include "bench_memory.h"

#include <mpi.h>

#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

#ifdef FFT3D_BENCH_HAVE_CUDA
#include <cuda_runtime_api.h>
#define BENCH_CUDA(call)                                                                              \
  do {                                                                                                \
    const cudaError_t e = (call);                                                                     \
    if (e != cudaSuccess) throw std::runtime_error(std::string(#call) + ": " + cudaGetErrorString(e)); \
  } while (0)
#endif

bool select_gpu_for_rank() {
#ifdef FFT3D_BENCH_HAVE_CUDA
  MPI_Comm node;
  int rank = 0, local = 0, devices = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
  MPI_Comm_rank(node, &local);
  MPI_Comm_free(&node);
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) return false;
  return cudaSetDevice(local % devices) == cudaSuccess;
#else
  return false;
#endif
}

BenchBuffer::BenchBuffer(size_t bytes, bool device) : bytes_(bytes), device_(device) {
  if (device_) {
#ifdef FFT3D_BENCH_HAVE_CUDA
    BENCH_CUDA(cudaMalloc(&ptr_, bytes_));
#else
    throw std::runtime_error("device buffer in a build without CUDA");
#endif
  } else {
    ptr_ = std::aligned_alloc(64, (bytes_ + 63) / 64 * 64);
    if (!ptr_) throw std::runtime_error("out of host memory");
  }
}

BenchBuffer::~BenchBuffer() {
#ifdef FFT3D_BENCH_HAVE_CUDA
  if (device_) {
    cudaFree(ptr_);
    return;
  }
#endif
  std::free(ptr_);
}

void BenchBuffer::upload(const std::vector<unsigned char>& host) {
#ifdef FFT3D_BENCH_HAVE_CUDA
  if (device_) {
    BENCH_CUDA(cudaMemcpy(ptr_, host.data(), bytes_, cudaMemcpyHostToDevice));
    return;
  }
#endif
  std::memcpy(ptr_, host.data(), bytes_);
}

void BenchBuffer::download(std::vector<unsigned char>* host) const {
  host->resize(bytes_);
#ifdef FFT3D_BENCH_HAVE_CUDA
  if (device_) {
    BENCH_CUDA(cudaMemcpy(host->data(), ptr_, bytes_, cudaMemcpyDeviceToHost));
    return;
  }
#endif
  std::memcpy(host->data(), ptr_, bytes_);
}
