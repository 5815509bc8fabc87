// The C API on the CPU backend: transforms against FFTW in double precision,
// round trips, and a test for each kind of bad input (status, message, data
// untouched).
#include <gtest/gtest.h>

#include <complex>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "fft3d.h"
#include "oracle.h"

namespace {

using fft3d_test::cplx;

template <typename Real>
std::vector<std::complex<Real>> to_precision(const std::vector<cplx>& v) {
  return std::vector<std::complex<Real>>(v.begin(), v.end());
}

constexpr unsigned kCpu = FFT3D_ESTIMATE | FFT3D_BACKEND_CPU;

template <typename Real>
void check_3d(int nx, int ny, int nz, unsigned flags = kCpu) {
  const bool single = sizeof(Real) == 4;
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_3d(&plan, nx, ny, nz, single ? FFT3D_C2C_F32 : FFT3D_C2C_F64, flags), FFT3D_SUCCESS)
      << fft3d_last_error_message();
  const auto in = fft3d_test::random_complex(static_cast<size_t>(nx) * ny * nz, nx * 131 + ny * 7 + nz);
  auto data = to_precision<Real>(in);
  std::vector<cplx> rounded(data.begin(), data.end());
  ASSERT_EQ(fft3d_forward(plan, data.data()), FFT3D_SUCCESS);
  const double bound = fft3d_test::fft_error_bound(single, double(nx) * ny * nz);
  EXPECT_LE(fft3d_test::relative_l2_error(data, fft3d_test::fftw_3d(rounded, nx, ny, nz, -1)), bound);
  ASSERT_EQ(fft3d_inverse(plan, data.data()), FFT3D_SUCCESS);
  std::vector<cplx> scaled(rounded);
  for (auto& x : scaled) x *= double(nx) * ny * nz;
  EXPECT_LE(fft3d_test::relative_l2_error(data, scaled), 2 * bound);
  EXPECT_EQ(fft3d_plan_destroy(plan), FFT3D_SUCCESS);
}

TEST(CApiCpu, ThreeDimensionalC2C) {
  check_3d<float>(16, 16, 16);
  check_3d<double>(48, 20, 35);
  check_3d<double>(7, 1, 5);
  check_3d<float>(1, 1, 64);
  check_3d<double>(11, 13, 3);  // FFTW takes any size
  check_3d<double>(12, 10, 8, FFT3D_MEASURE | FFT3D_BACKEND_CPU);
}

TEST(CApiCpu, BatchedRowsAndUnalignedData) {
  const int n = 480;
  const long long batch = 37;
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_1d_batched(&plan, n, batch, FFT3D_C2C_F32, kCpu), FFT3D_SUCCESS);
  const auto in = fft3d_test::random_complex(n * batch, 5);
  // One element past a 16-byte boundary: FFTW needs a plan for that alignment.
  std::vector<std::complex<float>> storage(n * batch + 1);
  std::complex<float>* data = storage.data() + 1;
  std::copy(in.begin(), in.end(), data);
  std::vector<cplx> rounded(data, data + n * batch);
  ASSERT_EQ(fft3d_forward(plan, data), FFT3D_SUCCESS);
  std::vector<std::complex<float>> got(data, data + n * batch);
  EXPECT_LE(fft3d_test::relative_l2_error(got, fft3d_test::fftw_rows(rounded, n, batch, -1)),
            fft3d_test::fft_error_bound(true, n));
  unsigned backend = 0;
  EXPECT_EQ(fft3d_plan_get_backend(plan, &backend), FFT3D_SUCCESS);
  EXPECT_EQ(backend, FFT3D_BACKEND_CPU);
  EXPECT_EQ(fft3d_plan_destroy(plan), FFT3D_SUCCESS);
}

TEST(CApiCpu, ExplicitStreamCallsOnTheCpu) {
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_3d(&plan, 6, 5, 4, FFT3D_C2C_F64, kCpu), FFT3D_SUCCESS);
  const auto in = fft3d_test::random_complex(120, 3);
  std::vector<cplx> data(in);
  ASSERT_EQ(fft3d_forward_on_stream(plan, data.data(), nullptr), FFT3D_SUCCESS);
  EXPECT_LE(fft3d_test::relative_l2_error(data, fft3d_test::fftw_3d(in, 6, 5, 4, -1)), 1e-14);
  ASSERT_EQ(fft3d_inverse_on_stream(plan, data.data(), nullptr), FFT3D_SUCCESS);
  EXPECT_EQ(fft3d_inverse_on_stream(plan, nullptr, nullptr), FFT3D_ERROR_INVALID_POINTER);
  fft3d_plan_destroy(plan);
}

TEST(CApiCpu, NormalizedInverseGivesTheInputBack) {
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_3d(&plan, 10, 6, 7, FFT3D_C2C_F64, kCpu | FFT3D_NORMALIZE), FFT3D_SUCCESS);
  const auto in = fft3d_test::random_complex(420, 8);
  std::vector<cplx> data(in);
  ASSERT_EQ(fft3d_forward(plan, data.data()), FFT3D_SUCCESS);  // the forward is not scaled
  EXPECT_LE(fft3d_test::relative_l2_error(data, fft3d_test::fftw_3d(in, 10, 6, 7, -1)), 1e-14);
  ASSERT_EQ(fft3d_inverse(plan, data.data()), FFT3D_SUCCESS);
  EXPECT_LE(fft3d_test::relative_l2_error(data, in), 1e-14);
  fft3d_plan_destroy(plan);
  ASSERT_EQ(fft3d_plan_create_1d_batched(&plan, 12, 5, FFT3D_C2C_F32, kCpu | FFT3D_NORMALIZE), FFT3D_SUCCESS);
  std::vector<std::complex<float>> rows(60, {1.0f, 0.0f});
  ASSERT_EQ(fft3d_forward(plan, rows.data()), FFT3D_SUCCESS);
  ASSERT_EQ(fft3d_inverse(plan, rows.data()), FFT3D_SUCCESS);  // 1/12 per row, not 1/60
  for (const auto& x : rows) EXPECT_NEAR(std::abs(x - std::complex<float>(1.0f, 0.0f)), 0.0, 1e-6);
  fft3d_plan_destroy(plan);
}

TEST(CApiCpu, OutOfPlaceLeavesTheInputAlone) {
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_3d(&plan, 8, 9, 5, FFT3D_C2C_F64, kCpu), FFT3D_SUCCESS);
  const auto in = fft3d_test::random_complex(360, 9);
  std::vector<cplx> input(in), out(360, cplx(7, 7));
  ASSERT_EQ(fft3d_forward_out(plan, input.data(), out.data()), FFT3D_SUCCESS);
  EXPECT_EQ(input, in);
  EXPECT_LE(fft3d_test::relative_l2_error(out, fft3d_test::fftw_3d(in, 8, 9, 5, -1)), 1e-14);
  std::vector<cplx> back(360);
  ASSERT_EQ(fft3d_inverse_out(plan, out.data(), back.data()), FFT3D_SUCCESS);
  std::vector<cplx> scaled(in);
  for (auto& x : scaled) x *= 360.0;
  EXPECT_LE(fft3d_test::relative_l2_error(back, scaled), 1e-14);
  // in == out is the in-place transform.
  std::vector<cplx> same(in);
  ASSERT_EQ(fft3d_forward_out(plan, same.data(), same.data()), FFT3D_SUCCESS);
  EXPECT_LE(fft3d_test::relative_l2_error(same, fft3d_test::fftw_3d(in, 8, 9, 5, -1)), 1e-14);
  // Overlapping, unequal buffers are refused and nothing is written.
  std::vector<cplx> big(720, cplx(1, 2));
  EXPECT_EQ(fft3d_forward_out(plan, big.data(), big.data() + 100), FFT3D_ERROR_INVALID_ARGUMENT);
  for (const auto& x : big) ASSERT_EQ(x, cplx(1, 2));
  EXPECT_EQ(fft3d_forward_out(plan, nullptr, out.data()), FFT3D_ERROR_INVALID_POINTER);
  fft3d_plan_destroy(plan);
}

TEST(CApiCpu, EnvironmentSelectsBackend) {
  setenv("FFT3D_BACKEND", "cpu", 1);
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_1d_batched(&plan, 64, 2, FFT3D_C2C_F64, FFT3D_ESTIMATE), FFT3D_SUCCESS);
  unsigned backend = 0;
  EXPECT_EQ(fft3d_plan_get_backend(plan, &backend), FFT3D_SUCCESS);
  EXPECT_EQ(backend, FFT3D_BACKEND_CPU);
  fft3d_plan_destroy(plan);
  setenv("FFT3D_BACKEND", "tpu", 1);
  EXPECT_EQ(fft3d_plan_create_1d_batched(&plan, 64, 2, FFT3D_C2C_F64, FFT3D_ESTIMATE), FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(plan, nullptr);
  EXPECT_NE(std::strstr(fft3d_last_error_message(), "FFT3D_BACKEND"), nullptr);
  unsetenv("FFT3D_BACKEND");
}

TEST(CApiCpu, DescribeTruncatesAndReportsLength) {
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_3d(&plan, 8, 8, 8, FFT3D_C2C_F32, kCpu), FFT3D_SUCCESS);
  size_t needed = 0;
  ASSERT_EQ(fft3d_plan_describe(plan, nullptr, 0, &needed), FFT3D_SUCCESS);
  EXPECT_GT(needed, 10u);
  std::vector<char> small(5, 'x');
  ASSERT_EQ(fft3d_plan_describe(plan, small.data(), small.size(), nullptr), FFT3D_SUCCESS);
  EXPECT_EQ(std::strlen(small.data()), 4u);
  std::vector<char> full(needed);
  ASSERT_EQ(fft3d_plan_describe(plan, full.data(), full.size(), nullptr), FFT3D_SUCCESS);
  EXPECT_NE(std::strstr(full.data(), "8x8x8"), nullptr);
  fft3d_plan_destroy(plan);
}

// --- bad input: a status, a message, no output handle, data untouched ---

void expect_create_fails(fft3d_status want, int nx, int ny, int nz, fft3d_type type, unsigned flags) {
  fft3d_plan plan = reinterpret_cast<fft3d_plan>(0x1);
  EXPECT_EQ(fft3d_plan_create_3d(&plan, nx, ny, nz, type, flags), want) << nx << "x" << ny << "x" << nz;
  EXPECT_EQ(plan, nullptr);
  EXPECT_STRNE(fft3d_last_error_message(), "");
}

TEST(CApiErrors, NonPositiveSizes) {
  expect_create_fails(FFT3D_ERROR_INVALID_ARGUMENT, 0, 4, 4, FFT3D_C2C_F32, kCpu);
  expect_create_fails(FFT3D_ERROR_INVALID_ARGUMENT, 4, -1, 4, FFT3D_C2C_F32, kCpu);
  fft3d_plan plan = nullptr;
  EXPECT_EQ(fft3d_plan_create_1d_batched(&plan, 0, 4, FFT3D_C2C_F32, kCpu), FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(fft3d_plan_create_1d_batched(&plan, 4, 0, FFT3D_C2C_F32, kCpu), FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(plan, nullptr);
}

TEST(CApiErrors, OverflowingSizes) {
  expect_create_fails(FFT3D_ERROR_INVALID_ARGUMENT, 1 << 30, 1 << 30, 1 << 10, FFT3D_C2C_F64, kCpu);
  fft3d_plan plan = nullptr;
  EXPECT_EQ(fft3d_plan_create_1d_batched(&plan, 1 << 30, 1LL << 40, FFT3D_C2C_F32, kCpu),
            FFT3D_ERROR_INVALID_ARGUMENT);
}

TEST(CApiErrors, UnknownTypeAndFlags) {
  expect_create_fails(FFT3D_ERROR_INVALID_ARGUMENT, 4, 4, 4, static_cast<fft3d_type>(42), kCpu);
  expect_create_fails(FFT3D_ERROR_INVALID_ARGUMENT, 4, 4, 4, FFT3D_C2C_F32, kCpu | (1u << 20));
  expect_create_fails(FFT3D_ERROR_INVALID_ARGUMENT, 4, 4, 4, FFT3D_C2C_F32, 7u | FFT3D_BACKEND_CPU);
  expect_create_fails(FFT3D_ERROR_INVALID_ARGUMENT, 4, 4, 4, FFT3D_C2C_F32, FFT3D_BACKEND_CPU | FFT3D_BACKEND_GPU);
}

TEST(CApiErrors, NullPlanAndData) {
  EXPECT_EQ(fft3d_plan_create_3d(nullptr, 4, 4, 4, FFT3D_C2C_F32, kCpu), FFT3D_ERROR_INVALID_ARGUMENT);
  std::vector<std::complex<float>> data(64, {1.0f, 2.0f});
  EXPECT_EQ(fft3d_forward(nullptr, data.data()), FFT3D_ERROR_INVALID_ARGUMENT);
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_3d(&plan, 4, 4, 4, FFT3D_C2C_F32, kCpu), FFT3D_SUCCESS);
  EXPECT_EQ(fft3d_forward(plan, nullptr), FFT3D_ERROR_INVALID_POINTER);
  EXPECT_EQ(fft3d_inverse(plan, nullptr), FFT3D_ERROR_INVALID_POINTER);
  EXPECT_EQ(fft3d_plan_get_backend(plan, nullptr), FFT3D_ERROR_INVALID_ARGUMENT);
  for (const auto& x : data) EXPECT_EQ(x, std::complex<float>(1.0f, 2.0f));
  EXPECT_EQ(fft3d_plan_destroy(plan), FFT3D_SUCCESS);
  EXPECT_EQ(fft3d_plan_destroy(nullptr), FFT3D_SUCCESS);
}

TEST(CApiErrors, PlanUsedAfterDestroy) {
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_3d(&plan, 4, 4, 4, FFT3D_C2C_F32, kCpu), FFT3D_SUCCESS);
  ASSERT_EQ(fft3d_plan_destroy(plan), FFT3D_SUCCESS);
  std::vector<std::complex<float>> data(64, {3.0f, 4.0f});
  EXPECT_EQ(fft3d_forward(plan, data.data()), FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(fft3d_plan_destroy(plan), FFT3D_ERROR_INVALID_ARGUMENT);
  for (const auto& x : data) EXPECT_EQ(x, std::complex<float>(3.0f, 4.0f));
}

TEST(CApiErrors, GpuBackendWithoutDevice) {
  fft3d_plan plan = reinterpret_cast<fft3d_plan>(0x1);
  const fft3d_status s = fft3d_plan_create_3d(&plan, 8, 8, 8, FFT3D_C2C_F32, FFT3D_BACKEND_GPU);
  if (s == FFT3D_SUCCESS) {  // a GPU is present: covered by the gpu tests
    fft3d_plan_destroy(plan);
    GTEST_SKIP() << "a GPU is present";
  }
  EXPECT_EQ(s, FFT3D_ERROR_NO_DEVICE) << fft3d_error_string(s);
  EXPECT_EQ(plan, nullptr);
}

TEST(CApiErrors, ErrorStringsAreDistinct) {
  std::set<std::string> seen;
  for (int s = FFT3D_SUCCESS; s <= FFT3D_ERROR_INTERNAL; ++s)
    EXPECT_TRUE(seen.insert(fft3d_error_string(static_cast<fft3d_status>(s))).second);
  EXPECT_STREQ(fft3d_error_string(static_cast<fft3d_status>(99)), "unknown status");
}

}  // namespace
