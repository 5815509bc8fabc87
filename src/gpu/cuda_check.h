// Checks every CUDA runtime and NVRTC call: a failure becomes an fft3d::Error
// naming the call, its location and the CUDA error string.
#pragma once
#include <cuda_runtime_api.h>
#include <nvrtc.h>

#include <string>

#include "common/error.h"

namespace fft3d {

inline fft3d_status status_of(cudaError_t e) {
  switch (e) {
    case cudaErrorMemoryAllocation: return FFT3D_ERROR_OUT_OF_MEMORY;
    case cudaErrorNoDevice:
    case cudaErrorInsufficientDriver: return FFT3D_ERROR_NO_DEVICE;
    default: return FFT3D_ERROR_CUDA;
  }
}

inline void check_cuda(cudaError_t e, const char* call, const char* file, int line) {
  if (e == cudaSuccess) return;
  fail(status_of(e), std::string(call) + " failed at " + file + ":" + std::to_string(line) +
                         ": " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")");
}

inline void check_nvrtc(nvrtcResult e, const char* call, const char* file, int line) {
  if (e == NVRTC_SUCCESS) return;
  fail(FFT3D_ERROR_NVRTC, std::string(call) + " failed at " + file + ":" + std::to_string(line) +
                              ": " + nvrtcGetErrorString(e));
}

}  // namespace fft3d

#define FFT3D_CUDA_CHECK(call) ::fft3d::check_cuda((call), #call, __FILE__, __LINE__)
#define FFT3D_NVRTC_CHECK(call) ::fft3d::check_nvrtc((call), #call, __FILE__, __LINE__)
