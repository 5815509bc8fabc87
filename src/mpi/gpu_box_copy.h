// Box copies on the GPU: one kernel, compiled by NVRTC, runs every copy of a
// pack or unpack in one launch (grid y = copy, grid x strides its elements).
#pragma once
#include <cuda_runtime_api.h>

#include <memory>
#include <string>
#include <vector>

#include "gpu/device_buffer.h"
#include "gpu/gpu_library.h"
#include "mpi/local_engine.h"

namespace fft3d {
namespace mpi {

// The kernel source (self-contained, no headers) and kernel names.
const std::string& box_copy_kernel_source();
const char* box_copy_kernel_name(int element_bytes);

// The compiled kernel for the current device, for 8- or 16-byte elements.
class BoxCopyKernel {
 public:
  BoxCopyKernel(const std::string& arch, int element_bytes);
  cudaKernel_t get() const { return kernel_; }

 private:
  std::unique_ptr<GpuLibrary> library_;
  cudaKernel_t kernel_ = nullptr;
};

// A pack or unpack: its descriptors uploaded once, launched on *stream.
class GpuBoxCopies final : public BoxCopies {
 public:
  GpuBoxCopies(cudaKernel_t kernel, const std::vector<BoxCopy>& copies, CUstream_st* const* stream);
  void run(const void* src, void* dst) override;

 private:
  cudaKernel_t kernel_;
  CUstream_st* const* stream_;
  long long count_ = 0, max_volume_ = 0;
  DeviceBuffer descriptors_;
};

}  // namespace mpi
}  // namespace fft3d
