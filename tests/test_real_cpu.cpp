// Real-to-complex and complex-to-real transforms on the CPU backend, in the
// FFTW/cuFFT layout (nx/2+1 complex values along x; padded real rows in
// place), against FFTW in double precision.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <limits>
#include <vector>

#include "fft3d.h"
#include "fft3d/plan.h"
#include "oracle.h"
#include "real_oracle.h"

namespace {

using fft3d_test::cplx;
constexpr unsigned kCpu = FFT3D_ESTIMATE | FFT3D_BACKEND_CPU;


// FFTW's r2c of an unpadded nx*ny*nz real array: (nx/2+1)*ny*nz values.
std::vector<cplx> fftw_r2c(std::vector<double> in, int nx, int ny, int nz) {
  std::vector<cplx> out(size_t(nx / 2 + 1) * ny * nz);
  fftw_plan p = fftw_plan_dft_r2c_3d(nz, ny, nx, in.data(), reinterpret_cast<fftw_complex*>(out.data()),
                                     FFTW_ESTIMATE);
  fftw_execute(p);
  fftw_destroy_plan(p);
  return out;
}

template <typename Real>
void check_grid(int nx, int ny, int nz) {
  const bool single = sizeof(Real) == 4;
  const int half = nx / 2 + 1;
  const size_t n = size_t(nx) * ny * nz, rows = size_t(ny) * nz;
  const double bound = fft3d_test::fft_error_bound(single, double(n));
  const auto real = fft3d_test::random_reals(n, nx * 100 + ny * 10 + nz);
  std::vector<double> rounded(real.begin(), real.end());
  for (auto& x : rounded) x = static_cast<Real>(x);
  const auto want = fftw_r2c(rounded, nx, ny, nz);
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_3d(&plan, nx, ny, nz, single ? FFT3D_R2C_F32 : FFT3D_R2C_F64, kCpu), FFT3D_SUCCESS)
      << fft3d_last_error_message();

  // In place: padded rows of 2*half reals; the padding holds NaN, which must
  // not leak into the result.
  std::vector<Real> padded(rows * 2 * half, std::numeric_limits<Real>::quiet_NaN());
  for (size_t r = 0; r < rows; ++r)
    for (int x = 0; x < nx; ++x) padded[r * 2 * half + x] = static_cast<Real>(real[r * nx + x]);
  ASSERT_EQ(fft3d_forward(plan, padded.data()), FFT3D_SUCCESS);
  const auto* spectrum = reinterpret_cast<std::complex<Real>*>(padded.data());
  std::vector<std::complex<Real>> got(spectrum, spectrum + rows * half);
  EXPECT_LE(fft3d_test::relative_l2_error(got, want), bound) << "in place " << nx << "x" << ny << "x" << nz;
  ASSERT_EQ(fft3d_inverse(plan, padded.data()), FFT3D_SUCCESS);  // C2R back, times N
  double err = 0, ref = 0;
  for (size_t r = 0; r < rows; ++r)
    for (int x = 0; x < nx; ++x) {
      const double d = padded[r * 2 * half + x] - double(n) * rounded[r * nx + x];
      err += d * d;
      ref += double(n) * rounded[r * nx + x] * double(n) * rounded[r * nx + x];
    }
  EXPECT_LE(std::sqrt(err / ref), 2 * bound) << "round trip";

  // Out of place: unpadded real input, left untouched by the forward.
  std::vector<Real> input(rounded.begin(), rounded.end());
  const std::vector<Real> before(input);
  std::vector<std::complex<Real>> out(rows * half);
  ASSERT_EQ(fft3d_forward_out(plan, input.data(), out.data()), FFT3D_SUCCESS);
  EXPECT_EQ(input, before);
  EXPECT_LE(fft3d_test::relative_l2_error(out, want), bound) << "out of place";
  std::vector<Real> back(n);
  ASSERT_EQ(fft3d_inverse_out(plan, out.data(), back.data()), FFT3D_SUCCESS);
  err = ref = 0;
  for (size_t i = 0; i < n; ++i) {
    err += (back[i] - double(n) * rounded[i]) * (back[i] - double(n) * rounded[i]);
    ref += double(n) * rounded[i] * double(n) * rounded[i];
  }
  EXPECT_LE(std::sqrt(err / ref), 2 * bound) << "out-of-place round trip";
  fft3d_plan_destroy(plan);
}

TEST(RealCpu, EvenOddNonCubicAndDegenerate) {
  check_grid<double>(16, 16, 16);
  check_grid<float>(16, 16, 16);
  check_grid<double>(15, 8, 6);   // odd nx
  check_grid<float>(9, 7, 5);
  check_grid<double>(64, 20, 1);  // 2-D
  check_grid<double>(1, 8, 8);    // nx = 1: one complex value per row
  check_grid<float>(2, 1, 1);
}

TEST(RealCpu, NormalizedInverseAndBatchedRows) {
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_3d(&plan, 12, 10, 6, FFT3D_R2C_F64, kCpu | FFT3D_NORMALIZE), FFT3D_SUCCESS);
  const auto real = fft3d_test::random_reals(720, 3);
  std::vector<cplx> spectrum(7 * 10 * 6);
  std::vector<double> back(720);
  ASSERT_EQ(fft3d_forward_out(plan, real.data(), spectrum.data()), FFT3D_SUCCESS);
  ASSERT_EQ(fft3d_inverse_out(plan, spectrum.data(), back.data()), FFT3D_SUCCESS);
  for (size_t i = 0; i < 720; ++i) EXPECT_NEAR(back[i], real[i], 1e-14);
  fft3d_plan_destroy(plan);

  // Batched rows: 5 rows of 9 reals -> 5 x 5 complex values.
  ASSERT_EQ(fft3d_plan_create_1d_batched(&plan, 9, 5, FFT3D_R2C_F64, kCpu), FFT3D_SUCCESS);
  const auto rows = fft3d_test::random_reals(45, 4);
  std::vector<cplx> out(25);
  ASSERT_EQ(fft3d_forward_out(plan, rows.data(), out.data()), FFT3D_SUCCESS);
  for (int r = 0; r < 5; ++r)
    for (int k = 0; k < 5; ++k) {
      cplx s = 0;
      for (int x = 0; x < 9; ++x) s += rows[r * 9 + x] * std::polar(1.0, -6.283185307179586 * k * x / 9);
      EXPECT_NEAR(std::abs(out[r * 5 + k] - s), 0.0, 1e-13);
    }
  // Overlapping buffers of the two sizes are refused.
  std::vector<double> big(200, 1.0);
  EXPECT_EQ(fft3d_forward_out(plan, big.data(), reinterpret_cast<cplx*>(big.data() + 8)),
            FFT3D_ERROR_INVALID_ARGUMENT);
  fft3d_plan_destroy(plan);
}

TEST(RealCpu, MeasuredPlansAndUnalignedData) {
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_3d(&plan, 10, 6, 4, FFT3D_R2C_F32, FFT3D_MEASURE | FFT3D_BACKEND_CPU), FFT3D_SUCCESS);
  const auto real = fft3d_test::random_reals(240, 5);
  std::vector<double> rounded(real);
  for (auto& x : rounded) x = static_cast<float>(x);
  const auto want = fftw_r2c(rounded, 10, 6, 4);
  // One float past a 16-byte boundary on both sides.
  std::vector<float> in_storage(241), out_storage(2 * 6 * 24 + 1);
  for (size_t i = 0; i < 240; ++i) in_storage[i + 1] = static_cast<float>(real[i]);
  ASSERT_EQ(fft3d_forward_out(plan, in_storage.data() + 1, out_storage.data() + 1), FFT3D_SUCCESS);
  const auto* got = reinterpret_cast<const std::complex<float>*>(out_storage.data() + 1);
  EXPECT_LE(fft3d_test::relative_l2_error(std::vector<std::complex<float>>(got, got + 144), want),
            fft3d_test::fft_error_bound(true, 240));
  fft3d_plan_destroy(plan);
}

TEST(RealCpu, NoBackendNamedMeansGpuWhenPresent) {
  fft3d_plan plan = nullptr;
  const fft3d_status s = fft3d_plan_create_3d(&plan, 8, 8, 8, FFT3D_R2C_F32, FFT3D_BACKEND_GPU);
  EXPECT_EQ(s, fft3d::gpu_backend_usable() ? FFT3D_SUCCESS : FFT3D_ERROR_NO_DEVICE) << fft3d_error_string(s);
  fft3d_plan_destroy(plan);
  ASSERT_EQ(fft3d_plan_create_3d(&plan, 8, 8, 8, FFT3D_R2C_F32, FFT3D_ESTIMATE), FFT3D_SUCCESS);
  unsigned backend = 0;
  EXPECT_EQ(fft3d_plan_get_backend(plan, &backend), FFT3D_SUCCESS);
  EXPECT_EQ(backend, fft3d::gpu_backend_usable() ? FFT3D_BACKEND_GPU : FFT3D_BACKEND_CPU);
  fft3d_plan_destroy(plan);
}

}  // namespace
