// A loaded CUBIN (cudaLibrary_t) and its kernels, through the CUDA runtime
// API only, so the library never links the driver library directly and loads
// on machines without a GPU.
#pragma once
#include <cuda_runtime_api.h>

#include <string>
#include <vector>

namespace fft3d {

class GpuLibrary {
 public:
  explicit GpuLibrary(const std::vector<char>& cubin);
  ~GpuLibrary();
  GpuLibrary(const GpuLibrary&) = delete;
  GpuLibrary& operator=(const GpuLibrary&) = delete;

  // The kernel `name`, with its dynamic shared-memory limit raised to
  // shared_bytes (needed above 48 KB).
  cudaKernel_t kernel(const std::string& name, long long shared_bytes) const;

 private:
  cudaLibrary_t library_ = nullptr;
};

}  // namespace fft3d
