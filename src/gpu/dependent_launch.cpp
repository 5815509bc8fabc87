#include "gpu/dependent_launch.h"

#include <cstdlib>
#include <cstring>

#include "gpu/cuda_check.h"

namespace fft3d {

bool dependent_launch_supported(const DeviceInfo& device) { return device.cc_major >= 9; }

std::optional<bool> dependent_launch_forced() {
  const char* env = std::getenv("FFT3D_PDL");
  if (env && std::strcmp(env, "0") == 0) return false;
  if (env && std::strcmp(env, "1") == 0) return true;
  return std::nullopt;
}

bool dependent_launch_pays(const DeviceInfo& device, long long bytes, bool beyond_l2) {
  if (!dependent_launch_supported(device)) return false;
  return dependent_launch_forced().value_or(bytes <= device.l2_bytes || beyond_l2);
}

cudaLaunchAttribute dependent_launch_attribute() {
  cudaLaunchAttribute a{};
  a.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  a.val.programmaticStreamSerializationAllowed = 1;
  return a;
}

void launch_kernel(cudaKernel_t kernel, void** params, dim3 grid, dim3 block, size_t shared_bytes, cudaStream_t stream,
                   bool dependent) {
  cudaLaunchAttribute attribute = dependent_launch_attribute();
  cudaLaunchConfig_t config{};
  config.gridDim = grid;
  config.blockDim = block;
  config.dynamicSmemBytes = shared_bytes;
  config.stream = stream;
  config.attrs = dependent ? &attribute : nullptr;
  config.numAttrs = dependent ? 1 : 0;
  FFT3D_CUDA_CHECK(cudaLaunchKernelExC(&config, reinterpret_cast<const void*>(kernel), params));
  FFT3D_CUDA_CHECK(cudaGetLastError());
}

}  // namespace fft3d
