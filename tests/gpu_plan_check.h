// A complex 3-D GPU plan checked against FFTW on random data (tests that
// need a GPU; callers skip without one).
#pragma once
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <complex>
#include <vector>

#include "fft3d.h"
#include "gpu_test_util.h"
#include "oracle.h"

namespace fft3d_test {

// One transform (sign -1 forward, +1 unnormalised inverse) of random data
// by `plan`, in place, against FFTW in double precision.
template <typename Real>
void expect_plan_matches_fftw(fft3d_plan plan, int nx, int ny, int nz, int sign) {
  const size_t count = static_cast<size_t>(nx) * ny * nz;
  const auto in = random_complex(count, 77);
  std::vector<std::complex<Real>> host(in.begin(), in.end());
  const std::vector<cplx> rounded(host.begin(), host.end());
  void* dev = nullptr;
  CUDA_OK(cudaMalloc(&dev, count * sizeof host[0]));
  EXPECT_EQ(cudaMemcpy(dev, host.data(), count * sizeof host[0], cudaMemcpyHostToDevice), cudaSuccess);
  EXPECT_EQ(sign < 0 ? fft3d_forward(plan, dev) : fft3d_inverse(plan, dev), FFT3D_SUCCESS)
      << fft3d_last_error_message();
  EXPECT_EQ(cudaMemcpy(host.data(), dev, count * sizeof host[0], cudaMemcpyDeviceToHost), cudaSuccess);
  cudaFree(dev);
  EXPECT_LE(relative_l2_error(host, fftw_3d(rounded, nx, ny, nz, sign)),
            fft_error_bound(sizeof(Real) == 4, static_cast<double>(count)))
      << "sign " << sign;
}

}  // namespace fft3d_test
