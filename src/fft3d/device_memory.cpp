// Device memory helpers on the CUDA runtime, for callers without its headers.
#include "fft3d/device_memory.h"

#include <cuda_runtime_api.h>

#include "common/error.h"
#include "gpu/cuda_check.h"
#include "gpu/device.h"

namespace fft3d {

namespace {

void require_device() {
  if (!gpu_present()) fail(FFT3D_ERROR_NO_DEVICE, "no usable CUDA device (the CUDA runtime found none)");
}

}  // namespace

bool device_memory_available() { return gpu_present(); }

void* device_allocate(size_t bytes) {
  require_device();
  if (!bytes) return nullptr;
  void* p = nullptr;
  FFT3D_CUDA_CHECK(cudaMalloc(&p, bytes));
  return p;
}

void device_release(void* ptr) {
  require_device();
  if (!is_device_pointer(ptr))
    fail(FFT3D_ERROR_INVALID_POINTER, "fft3d_device_free was given a pointer that is not device memory");
  FFT3D_CUDA_CHECK(cudaFree(ptr));
}

void copy_host_to_device(void* dst, const void* src, size_t bytes) {
  require_device();
  if (!bytes) return;
  if (!is_device_pointer(dst)) fail(FFT3D_ERROR_INVALID_POINTER, "fft3d_memcpy_to_device: dst is not device memory");
  if (is_device_pointer(src)) fail(FFT3D_ERROR_INVALID_POINTER, "fft3d_memcpy_to_device: src is device memory, not host memory");
  FFT3D_CUDA_CHECK(cudaDeviceSynchronize());  // dst may still be in use by earlier work
  FFT3D_CUDA_CHECK(cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice));
}

void copy_device_to_host(void* dst, const void* src, size_t bytes) {
  require_device();
  if (!bytes) return;
  if (!is_device_pointer(src)) fail(FFT3D_ERROR_INVALID_POINTER, "fft3d_memcpy_to_host: src is not device memory");
  if (is_device_pointer(dst)) fail(FFT3D_ERROR_INVALID_POINTER, "fft3d_memcpy_to_host: dst is device memory, not host memory");
  FFT3D_CUDA_CHECK(cudaDeviceSynchronize());  // src may still be being written on another stream
  FFT3D_CUDA_CHECK(cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToHost));
}

std::string current_device_name() {
  require_device();
  int device = 0;
  FFT3D_CUDA_CHECK(cudaGetDevice(&device));
  cudaDeviceProp prop{};
  FFT3D_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  return prop.name;
}

}  // namespace fft3d
