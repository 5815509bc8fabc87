#include "device_info.h"

#include <cufft.h>

#include "check.h"
#include "fft3d.h"

namespace fft3d_bench {
namespace {

// CUDA encodes versions as 1000 * major + 10 * minor.
void print_cuda_version(std::ostream& out, int v) { out << v / 1000 << "." << (v % 1000) / 10; }

}  // namespace

void print_device_info(std::ostream& out) {
  int device = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  cudaDeviceProp prop{};
  CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  int driver = 0, runtime = 0, cufft = 0;
  CUDA_CHECK(cudaDriverGetVersion(&driver));
  CUDA_CHECK(cudaRuntimeGetVersion(&runtime));
  CUFFT_CHECK(cufftGetVersion(&cufft));

  out << "device " << device << ": " << prop.name << " (sm_" << prop.major << prop.minor << ", "
      << prop.multiProcessorCount << " SMs, " << (prop.totalGlobalMem >> 20) << " MiB, L2 "
      << (prop.l2CacheSize >> 10) << " KiB)\n";
  out << "driver ";
  print_cuda_version(out, driver);
  out << ", runtime ";
  print_cuda_version(out, runtime);
  out << ", cuFFT " << cufft << ", fft3d " << fft3d_version_string() << "\n";
}

}  // namespace fft3d_bench
