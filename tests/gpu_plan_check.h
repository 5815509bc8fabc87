// A 3-D GPU plan, complex or R2C, checked against FFTW on random data
// (tests that need a GPU; callers skip without one).
#pragma once
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <complex>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "fft3d.h"
#include "gpu_test_util.h"
#include "oracle.h"
#include "real_oracle.h"
#include "tune/device_signature.h"
#include "tune/wisdom.h"

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

// A whole-plan choice that MEASURE times and later plans take from wisdom:
// from empty wisdom, a MEASURE plan of `type` whose description has
// `timed_note`; the verdict wisdom then holds under `key`, which `valid`
// accepts; an ESTIMATE plan whose description has later_note(verdict).
// `check` runs each plan against FFTW.
inline void expect_measured_verdict_taken(int nx, int ny, int nz, fft3d_type type, const std::string& timed_note,
                                          const fft3d::PassKey& key,
                                          const std::function<bool(const std::string&)>& valid,
                                          const std::function<std::string(const std::string&)>& later_note,
                                          const std::function<void(fft3d_plan)>& check) {
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
  for (unsigned mode : {FFT3D_MEASURE, FFT3D_ESTIMATE}) {
    fft3d_plan plan = nullptr;
    ASSERT_EQ(fft3d_plan_create_3d(&plan, nx, ny, nz, type, FFT3D_BACKEND_GPU | mode), FFT3D_SUCCESS)
        << fft3d_last_error_message();
    const std::optional<std::string> verdict =
        fft3d::process_wisdom().lookup(fft3d::device_signature(fft3d::current_device_info()), key);
    const std::string text = describe(plan);
    if (!verdict || !valid(*verdict)) {
      ADD_FAILURE() << "no valid " << key.kind << " verdict in wisdom after " << text;
    } else {
      const std::string note = mode == FFT3D_MEASURE ? timed_note : later_note(*verdict);
      EXPECT_NE(text.find(note), std::string::npos) << "no '" << note << "' in " << text;
    }
    check(plan);
    fft3d_plan_destroy(plan);
  }
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
}

}  // namespace fft3d_test
