// fft3d-bench's FFTW oracles (apps/bench/reference.h) against a direct DFT:
// the errors the benchmark reports are only as good as its reference.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <random>
#include <vector>

#include "reference.h"

namespace {

using cd = std::complex<double>;
constexpr double kPi = 3.14159265358979323846;

// The forward DFT of an nx*ny*nz grid (x contiguous) by its definition.
std::vector<cd> direct_dft(const std::vector<cd>& in, int nx, int ny, int nz) {
  std::vector<cd> out(in.size());
  for (int kz = 0; kz < nz; ++kz)
    for (int ky = 0; ky < ny; ++ky)
      for (int kx = 0; kx < nx; ++kx) {
        cd sum = 0;
        for (int z = 0; z < nz; ++z)
          for (int y = 0; y < ny; ++y)
            for (int x = 0; x < nx; ++x) {
              const double turns = double(kx * x) / nx + double(ky * y) / ny + double(kz * z) / nz;
              sum += in[(size_t(z) * ny + y) * nx + x] * std::polar(1.0, -2 * kPi * turns);
            }
        out[(size_t(kz) * ny + ky) * nx + kx] = sum;
      }
  return out;
}

std::vector<cd> random_grid(size_t count, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<cd> v(count);
  for (cd& c : v) c = cd(u(gen), u(gen));
  return v;
}

double norm2(const std::vector<cd>& v) {
  double s = 0;
  for (const cd& c : v) s += std::norm(c);
  return std::sqrt(s);
}

TEST(BenchReference, ComplexGridMatchesTheDirectDft) {
  const int nx = 6, ny = 5, nz = 4;
  const std::vector<cd> input = random_grid(size_t(nx) * ny * nz, 1);
  std::vector<cd> want = direct_dft(input, nx, ny, nz);
  const fft3d_bench::FftwGridReference reference(nx, ny, nz, input.data());
  EXPECT_LT(reference.relative_l2(want.data()), 1e-14);

  // One value off by delta: the error is delta over the spectrum's norm.
  const double delta = 1e-3;
  want[37] += delta;
  EXPECT_NEAR(reference.relative_l2(want.data()), delta / norm2(direct_dft(input, nx, ny, nz)), 1e-12);

  // x contiguous, not z: the transposed grid is far off.
  const std::vector<cd> swapped = direct_dft(input, nz, ny, nx);
  EXPECT_GT(reference.relative_l2(swapped.data()), 0.5);

  want[0] = cd(std::nan(""), 0);
  EXPECT_TRUE(std::isnan(reference.relative_l2(want.data())));
}

TEST(BenchReference, SinglePrecisionInputsAndOutputsAreWidened) {
  const int nx = 4, ny = 3, nz = 5;
  const std::vector<cd> noise = random_grid(size_t(nx) * ny * nz, 2);
  std::vector<std::complex<float>> input(noise.size());
  std::vector<cd> rounded(noise.size());
  for (size_t i = 0; i < noise.size(); ++i) {
    input[i] = std::complex<float>(noise[i]);
    rounded[i] = cd(input[i]);
  }
  const std::vector<cd> want = direct_dft(rounded, nx, ny, nz);
  std::vector<std::complex<float>> got(want.size());
  for (size_t i = 0; i < want.size(); ++i) got[i] = std::complex<float>(want[i]);
  const double error = fft3d_bench::FftwGridReference(nx, ny, nz, input.data()).relative_l2(got.data());
  EXPECT_GT(error, 0.0);   // the output's rounding to float
  EXPECT_LT(error, 1e-7);  // and no more
}

// R2C: reals in rows padded to 2 (nx/2 + 1) values (even and odd nx), the
// reference is the half spectrum; the padding must not be read.
TEST(BenchReference, RealGridMatchesTheDirectDftsHalfSpectrum) {
  for (int nx : {6, 5}) {
    const int ny = 3, nz = 4, half = nx / 2 + 1;
    const std::vector<cd> noise = random_grid(size_t(half) * ny * nz, 3);
    std::vector<double> padded(2 * noise.size());
    std::vector<cd> reals(size_t(nx) * ny * nz);
    for (int r = 0; r < ny * nz; ++r)
      for (int x = 0; x < 2 * half; ++x) {
        const size_t i = size_t(r) * 2 * half + x;
        padded[i] = x < nx ? (x % 2 ? noise[i / 2].imag() : noise[i / 2].real()) : 1e30;
        if (x < nx) reals[size_t(r) * nx + x] = padded[i];
      }
    const std::vector<cd> full = direct_dft(reals, nx, ny, nz);
    std::vector<cd> want(size_t(half) * ny * nz);
    for (int r = 0; r < ny * nz; ++r)
      for (int k = 0; k < half; ++k) want[size_t(r) * half + k] = full[size_t(r) * nx + k];
    const fft3d_bench::FftwGridReference reference(nx, ny, nz, padded.data());
    EXPECT_LT(reference.relative_l2(want.data()), 1e-14) << "nx " << nx;
    std::vector<float> padded_f(padded.begin(), padded.end());
    EXPECT_LT(fft3d_bench::FftwGridReference(nx, ny, nz, padded_f.data()).relative_l2(want.data()), 1e-6)
        << "nx " << nx << " from floats";
  }
}

}  // namespace
