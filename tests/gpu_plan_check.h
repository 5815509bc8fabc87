// A 3-D GPU plan, complex or R2C, checked against FFTW on random data
// (tests that need a GPU; callers skip without one).
#pragma once
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <complex>
#include <limits>
#include <vector>

#include "fft3d.h"
#include "gpu_test_util.h"
#include "oracle.h"
#include "real_oracle.h"

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

// An in-place R2C forward of random reals by a single-precision `plan`,
// against FFTW in double precision (twice the bound: the reals are rounded
// to float before both transforms, the bound is for complex data).
inline void expect_r2c_plan_matches_fftw(fft3d_plan plan, int nx, int ny, int nz) {
  const size_t rows = static_cast<size_t>(ny) * nz, half = nx / 2 + 1;
  const std::vector<double> reals = random_reals(rows * nx, 5);
  std::vector<float> host = to_pitched<float>(reals, nx, 2 * half, std::numeric_limits<float>::quiet_NaN());
  std::vector<double> rounded(reals.size());
  for (size_t i = 0; i < reals.size(); ++i) rounded[i] = static_cast<float>(reals[i]);
  void* dev = nullptr;
  CUDA_OK(cudaMalloc(&dev, host.size() * sizeof(float)));
  EXPECT_EQ(cudaMemcpy(dev, host.data(), host.size() * sizeof(float), cudaMemcpyHostToDevice), cudaSuccess);
  EXPECT_EQ(fft3d_forward(plan, dev), FFT3D_SUCCESS) << fft3d_last_error_message();
  EXPECT_EQ(cudaMemcpy(host.data(), dev, host.size() * sizeof(float), cudaMemcpyDeviceToHost), cudaSuccess);
  cudaFree(dev);
  std::vector<cplx> got(rows * half);
  for (size_t i = 0; i < got.size(); ++i) got[i] = cplx(host[2 * i], host[2 * i + 1]);
  EXPECT_LE(relative_l2_error(got, fftw_r2c_3d(rounded, nx, ny, nz)),
            2 * fft_error_bound(true, static_cast<double>(nx) * ny * nz));
}

}  // namespace fft3d_test
