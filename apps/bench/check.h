// Checks for every CUDA, cuFFT and fft3d call: a failure becomes a BenchError
// naming the call, so main() can print it and exit non-zero after the RAII
// owners have released the device.
#pragma once
#include <stdexcept>
#include <string>

#include <cuda_runtime_api.h>
#include <cufft.h>

#include "fft3d.h"

namespace fft3d_bench {

class BenchError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

const char* cufft_result_name(cufftResult result);

void check_cuda(cudaError_t err, const char* call, const char* file, int line);
void check_cufft(cufftResult result, const char* call, const char* file, int line);
void check_fft3d(fft3d_status status, const char* call, const char* file, int line);

}  // namespace fft3d_bench

#define CUDA_CHECK(call) ::fft3d_bench::check_cuda((call), #call, __FILE__, __LINE__)
#define CUFFT_CHECK(call) ::fft3d_bench::check_cufft((call), #call, __FILE__, __LINE__)
#define FFT3D_CHECK(call) ::fft3d_bench::check_fft3d((call), #call, __FILE__, __LINE__)
