#include "gpu/device.h"

#include <mutex>

#include "gpu/cuda_check.h"

namespace fft3d {

DeviceLimits DeviceInfo::limits() const {
  DeviceLimits l;
  l.shared_bytes_per_block = shared_bytes_per_block_optin;
  l.max_cluster = cc_major >= 9 ? 16 : 0;  // clusters and distributed shared memory came with sm_90
  l.l2_bytes = l2_bytes;
  return l;
}

bool gpu_present() {
  static std::once_flag once;
  static bool present = false;
  std::call_once(once, [] {
    int count = 0;
    present = cudaGetDeviceCount(&count) == cudaSuccess && count > 0;
    cudaGetLastError();  // a failed query must not leak into later checks
  });
  return present;
}

DeviceInfo current_device_info() {
  if (!gpu_present()) fail(FFT3D_ERROR_NO_DEVICE, "no usable CUDA device");
  DeviceInfo d;
  FFT3D_CUDA_CHECK(cudaGetDevice(&d.ordinal));
  cudaDeviceProp prop{};
  FFT3D_CUDA_CHECK(cudaGetDeviceProperties(&prop, d.ordinal));
  d.name = prop.name;
  d.cc_major = prop.major;
  d.cc_minor = prop.minor;
  d.sm_count = prop.multiProcessorCount;
  d.shared_bytes_per_block_optin = static_cast<long long>(prop.sharedMemPerBlockOptin);
  d.l2_bytes = prop.l2CacheSize;
  FFT3D_CUDA_CHECK(cudaDriverGetVersion(&d.driver_version));
  FFT3D_CUDA_CHECK(cudaRuntimeGetVersion(&d.runtime_version));
  return d;
}

bool is_device_pointer(const void* ptr) {
  if (!gpu_present()) return false;
  cudaPointerAttributes attr{};
  if (cudaPointerGetAttributes(&attr, ptr) != cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  return attr.type == cudaMemoryTypeDevice || attr.type == cudaMemoryTypeManaged;
}

}  // namespace fft3d
