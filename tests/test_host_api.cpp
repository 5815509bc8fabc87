// The host-array entry points (fft3d_forward_host / fft3d_inverse_host) on CPU
// plans, against FFTW in double precision, and the device memory helpers'
// answers where there is no device. GPU plans on host arrays: test_gpu_host_api.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "fft3d.h"
#include "oracle.h"

namespace {

using fft3d_test::cplx;
constexpr unsigned kCpu = FFT3D_ESTIMATE | FFT3D_BACKEND_CPU;

template <typename Real>
std::vector<std::complex<Real>> rounded_to(const std::vector<cplx>& v) {
  return std::vector<std::complex<Real>>(v.begin(), v.end());
}

template <typename Real>
void check_3d_host(int nx, int ny, int nz, unsigned seed) {
  const bool single = sizeof(Real) == 4;
  const size_t n = size_t(nx) * ny * nz;
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_3d(&plan, nx, ny, nz, single ? FFT3D_C2C_F32 : FFT3D_C2C_F64, kCpu),
            FFT3D_SUCCESS)
      << fft3d_last_error_message();
  auto data = rounded_to<Real>(fft3d_test::random_complex(n, seed));
  const std::vector<cplx> input(data.begin(), data.end());
  ASSERT_EQ(fft3d_forward_host(plan, data.data()), FFT3D_SUCCESS) << fft3d_last_error_message();
  const double bound = fft3d_test::fft_error_bound(single, double(n));
  EXPECT_LE(fft3d_test::relative_l2_error(data, fft3d_test::fftw_3d(input, nx, ny, nz, -1)), bound);
  ASSERT_EQ(fft3d_inverse_host(plan, data.data()), FFT3D_SUCCESS);
  std::vector<cplx> scaled(input);
  for (auto& x : scaled) x *= double(n);
  EXPECT_LE(fft3d_test::relative_l2_error(data, scaled), 2 * bound);
  EXPECT_EQ(fft3d_plan_destroy(plan), FFT3D_SUCCESS);
}

TEST(HostApiCpu, ThreeDimensionalC2C) {
  check_3d_host<float>(16, 12, 10, 1);
  check_3d_host<double>(24, 7, 9, 2);
  check_3d_host<double>(1, 1, 33, 3);
}

TEST(HostApiCpu, BatchedRowsNormalized) {
  const int n = 60;
  const long long batch = 41;
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_1d_batched(&plan, n, batch, FFT3D_C2C_F64, kCpu | FFT3D_NORMALIZE), FFT3D_SUCCESS);
  const auto input = fft3d_test::random_complex(n * batch, 11);
  auto data = input;
  ASSERT_EQ(fft3d_forward_host(plan, data.data()), FFT3D_SUCCESS);
  EXPECT_LE(fft3d_test::relative_l2_error(data, fft3d_test::fftw_rows(input, n, batch, -1)),
            fft3d_test::fft_error_bound(false, n));
  ASSERT_EQ(fft3d_inverse_host(plan, data.data()), FFT3D_SUCCESS);  // 1/n: the input back
  EXPECT_LE(fft3d_test::relative_l2_error(data, input), 2 * fft3d_test::fft_error_bound(false, n));
  fft3d_plan_destroy(plan);
}

// Real plans take the padded in-place layout of fft3d.h: rows of 2(nx/2+1)
// reals in, nx/2+1 complex values out, in the same array.
TEST(HostApiCpu, RealToComplexInPaddedLayout) {
  const int nx = 14, ny = 6, nz = 5, half = nx / 2 + 1;
  const size_t rows = size_t(ny) * nz;
  std::mt19937_64 rng(21);
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<double> real(rows * nx);
  for (auto& x : real) x = u(rng);
  std::vector<double> padded(rows * 2 * half, std::numeric_limits<double>::quiet_NaN());
  for (size_t r = 0; r < rows; ++r)
    for (int x = 0; x < nx; ++x) padded[r * 2 * half + x] = real[r * nx + x];

  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_3d(&plan, nx, ny, nz, FFT3D_R2C_F64, kCpu | FFT3D_NORMALIZE), FFT3D_SUCCESS);
  ASSERT_EQ(fft3d_forward_host(plan, padded.data()), FFT3D_SUCCESS);
  // The r2c spectrum is the first nx/2+1 values of each row of the complex DFT.
  std::vector<cplx> full(real.begin(), real.end());
  const auto want_full = fft3d_test::fftw_3d(full, nx, ny, nz, -1);
  std::vector<cplx> want(rows * half);
  for (size_t r = 0; r < rows; ++r)
    for (int k = 0; k < half; ++k) want[r * half + k] = want_full[r * nx + k];
  const auto* spectrum = reinterpret_cast<const cplx*>(padded.data());
  EXPECT_LE(fft3d_test::relative_l2_error(std::vector<cplx>(spectrum, spectrum + rows * half), want),
            fft3d_test::fft_error_bound(false, double(rows * nx)));
  ASSERT_EQ(fft3d_inverse_host(plan, padded.data()), FFT3D_SUCCESS);
  for (size_t r = 0; r < rows; ++r)
    for (int x = 0; x < nx; ++x) EXPECT_NEAR(padded[r * 2 * half + x], real[r * nx + x], 1e-14);
  fft3d_plan_destroy(plan);
}

// Same answer as fft3d_forward, bit for bit: on a CPU plan it is that call.
TEST(HostApiCpu, SameAsTheDeviceEntryPointOnCpuPlans) {
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_3d(&plan, 10, 8, 6, FFT3D_C2C_F32, kCpu), FFT3D_SUCCESS);
  auto a = rounded_to<float>(fft3d_test::random_complex(480, 7));
  auto b = a;
  ASSERT_EQ(fft3d_forward_host(plan, a.data()), FFT3D_SUCCESS);
  ASSERT_EQ(fft3d_forward(plan, b.data()), FFT3D_SUCCESS);
  EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(a[0])), 0);
  fft3d_plan_destroy(plan);
}

TEST(HostApiErrors, NullAndDestroyedPlansLeaveTheDataAlone) {
  std::vector<cplx> data(64, cplx(1, 2));
  const auto before = data;
  EXPECT_EQ(fft3d_forward_host(nullptr, data.data()), FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(fft3d_last_error_message()).find("NULL"), std::string::npos);
  EXPECT_EQ(fft3d_inverse_host(nullptr, data.data()), FFT3D_ERROR_INVALID_ARGUMENT);

  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_3d(&plan, 4, 4, 4, FFT3D_C2C_F64, kCpu), FFT3D_SUCCESS);
  EXPECT_EQ(fft3d_forward_host(plan, nullptr), FFT3D_ERROR_INVALID_POINTER);
  EXPECT_NE(std::string(fft3d_last_error_message()).find("host array is NULL"), std::string::npos);
  EXPECT_EQ(fft3d_inverse_host(plan, nullptr), FFT3D_ERROR_INVALID_POINTER);
  ASSERT_EQ(fft3d_plan_destroy(plan), FFT3D_SUCCESS);
  EXPECT_EQ(fft3d_forward_host(plan, data.data()), FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(data, before);
}

// Without a device every helper says so, with a message; the argument checks
// and free(NULL) answer the same everywhere.
TEST(DeviceHelpers, ArgumentChecksEverywhere) {
  EXPECT_EQ(fft3d_device_available(nullptr), FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(fft3d_device_malloc(nullptr, 16), FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(fft3d_device_free(nullptr), FFT3D_SUCCESS);
  int x = 0;
  EXPECT_EQ(fft3d_memcpy_to_device(nullptr, &x, sizeof x), FFT3D_ERROR_INVALID_POINTER);
  EXPECT_EQ(fft3d_memcpy_to_host(&x, nullptr, sizeof x), FFT3D_ERROR_INVALID_POINTER);
  char name[8];
  EXPECT_EQ(fft3d_device_name(nullptr, sizeof name, nullptr), FFT3D_ERROR_INVALID_ARGUMENT);
}

TEST(DeviceHelpers, NoDeviceIsReportedWithAMessage) {
  int available = -1;
  ASSERT_EQ(fft3d_device_available(&available), FFT3D_SUCCESS);
  ASSERT_TRUE(available == 0 || available == 1);
  if (available) GTEST_SKIP() << "a CUDA device is present (test_gpu_host_api.cpp covers it)";

  void* p = &available;  // must be overwritten with NULL
  EXPECT_EQ(fft3d_device_malloc(&p, 1024), FFT3D_ERROR_NO_DEVICE);
  EXPECT_EQ(p, nullptr);
  EXPECT_GT(std::strlen(fft3d_last_error_message()), 0u);
  int host[4] = {1, 2, 3, 4}, other[4] = {0, 0, 0, 0};
  EXPECT_EQ(fft3d_device_free(host), FFT3D_ERROR_NO_DEVICE);
  EXPECT_EQ(fft3d_memcpy_to_device(other, host, sizeof host), FFT3D_ERROR_NO_DEVICE);
  EXPECT_EQ(fft3d_memcpy_to_host(other, host, sizeof host), FFT3D_ERROR_NO_DEVICE);
  EXPECT_EQ(other[0], 0);  // nothing was copied
  char name[64] = "unchanged";
  size_t needed = 0;
  EXPECT_EQ(fft3d_device_name(name, sizeof name, &needed), FFT3D_ERROR_NO_DEVICE);
  EXPECT_STREQ(name, "unchanged");
  const std::string message = fft3d_last_error_message();
  EXPECT_TRUE(message.find("device") != std::string::npos || message.find("CUDA") != std::string::npos)
      << message;
}

}  // namespace
