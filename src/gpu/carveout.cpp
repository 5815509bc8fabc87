#include "gpu/carveout.h"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "common/error.h"
#include "gpu/cuda_check.h"

namespace fft3d {

namespace {

// The percent of the largest carveout that `blocks` blocks need.
int needed_percent(int blocks, long long shared_bytes) {
  int device = 0, per_sm = 0, reserved = 0;
  FFT3D_CUDA_CHECK(cudaGetDevice(&device));
  FFT3D_CUDA_CHECK(cudaDeviceGetAttribute(&per_sm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, device));
  FFT3D_CUDA_CHECK(cudaDeviceGetAttribute(&reserved, cudaDevAttrReservedSharedMemoryPerBlock, device));
  if (per_sm <= 0) return 100;
  const long long need = blocks * (shared_bytes + reserved);
  return static_cast<int>(std::min(100LL, (100 * need + per_sm - 1) / per_sm));
}

}  // namespace

void prefer_carveout_from_environment(cudaKernel_t kernel, int threads, long long shared_bytes) {
  const char* env = std::getenv("FFT3D_CARVEOUT");
  if (!env || !*env || std::string(env) == "driver") return;
  const void* k = reinterpret_cast<const void*>(kernel);
  int percent = 0;
  if (std::string(env) == "occupancy") {
    int blocks = 0;
    FFT3D_CUDA_CHECK(
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, k, threads, static_cast<size_t>(shared_bytes)));
    if (blocks < 1) return;  // the launch will say why
    percent = needed_percent(blocks, shared_bytes);
  } else {
    char* end = nullptr;
    const long v = std::strtol(env, &end, 10);
    if (*end || v < 0 || v > 100)
      fail(FFT3D_ERROR_INVALID_ARGUMENT,
           std::string("FFT3D_CARVEOUT must be 'driver', 'occupancy' or a percent from 0 to 100, not '") + env + "'");
    percent = static_cast<int>(v);
  }
  FFT3D_CUDA_CHECK(cudaFuncSetAttribute(k, cudaFuncAttributePreferredSharedMemoryCarveout, percent));
}

}  // namespace fft3d
