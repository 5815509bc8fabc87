#include "gpu/gpu_library.h"

#include "gpu/cuda_check.h"

namespace fft3d {

GpuLibrary::GpuLibrary(const std::vector<char>& cubin) {
  FFT3D_CUDA_CHECK(cudaLibraryLoadData(&library_, cubin.data(), nullptr, nullptr, 0, nullptr,
                                       nullptr, 0));
}

GpuLibrary::~GpuLibrary() {
  if (library_) cudaLibraryUnload(library_);
}

cudaKernel_t GpuLibrary::kernel(const std::string& name, long long shared_bytes) const {
  cudaKernel_t k = nullptr;
  FFT3D_CUDA_CHECK(cudaLibraryGetKernel(&k, library_, name.c_str()));
  if (shared_bytes > 48 * 1024)
    FFT3D_CUDA_CHECK(cudaFuncSetAttribute(reinterpret_cast<const void*>(k),
                                          cudaFuncAttributeMaxDynamicSharedMemorySize,
                                          static_cast<int>(shared_bytes)));
  return k;
}

}  // namespace fft3d
