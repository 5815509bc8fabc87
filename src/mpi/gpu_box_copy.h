// Box copies on the GPU: one kernel (box_copy_kernel.h), compiled by NVRTC,
// runs every copy of a pack or unpack in one launch over the tasks that
// copy_tiles.h makes of them (rows copies and tiled transposes).
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

// The kernel source (self-contained, no #include) and kernel names.
const std::string& box_copy_kernel_source();
const char* box_copy_kernel_name(int element_bytes);

// The compiled kernel for the current device, for 8- or 16-byte elements.
class BoxCopyKernel {
 public:
  BoxCopyKernel(const std::string& arch, int element_bytes);
  cudaKernel_t get() const { return kernel_; }
  int element_bytes() const { return element_bytes_; }

 private:
  std::unique_ptr<GpuLibrary> library_;
  cudaKernel_t kernel_ = nullptr;
  int element_bytes_ = 8;
};

// A pack or unpack: its tasks uploaded once, launched on *stream. The kernel
// must outlive it.
class GpuBoxCopies final : public BoxCopies {
 public:
  GpuBoxCopies(const BoxCopyKernel& kernel, const std::vector<BoxCopy>& copies, CUstream_st* const* stream);
  void run(const void* src, void* dst) override;

 private:
  cudaKernel_t kernel_;
  CUstream_st* const* stream_;
  int count_ = 0;
  long long blocks_ = 0;
  DeviceBuffer tasks_;
};

}  // namespace mpi
}  // namespace fft3d
