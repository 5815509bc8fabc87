// The test oracle for real data: FFTW's r2c and c2r in double precision, on
// dense arrays (nx reals per row; nx/2 + 1 complex values per row), and
// helpers to move between those and the padded in-place layout.
#pragma once
#include <fftw3.h>

#include <complex>
#include <random>
#include <vector>

namespace fft3d_test {

using cplx = std::complex<double>;

// FFTW r2c of an nx*ny*nz real array (x fastest): (nx/2+1)*ny*nz values.
inline std::vector<cplx> fftw_r2c_3d(const std::vector<double>& in, int nx, int ny, int nz) {
  std::vector<double> copy = in;  // FFTW's planner may touch arrays
  std::vector<cplx> out(static_cast<size_t>(nx / 2 + 1) * ny * nz);
  fftw_plan p = fftw_plan_dft_r2c_3d(nz, ny, nx, copy.data(), reinterpret_cast<fftw_complex*>(out.data()),
                                     FFTW_ESTIMATE);
  fftw_execute(p);
  fftw_destroy_plan(p);
  return out;
}

// FFTW c2r (unnormalised) of a half spectrum: nx*ny*nz reals.
inline std::vector<double> fftw_c2r_3d(const std::vector<cplx>& in, int nx, int ny, int nz) {
  std::vector<cplx> copy = in;  // c2r overwrites its input
  std::vector<double> out(static_cast<size_t>(nx) * ny * nz);
  fftw_plan p = fftw_plan_dft_c2r_3d(nz, ny, nx, reinterpret_cast<fftw_complex*>(copy.data()), out.data(),
                                     FFTW_ESTIMATE);
  fftw_execute(p);
  fftw_destroy_plan(p);
  return out;
}

inline std::vector<double> random_reals(size_t count, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<double> v(count);
  for (double& x : v) x = u(rng);
  return v;
}

// Rows of `width` values copied to rows `pitch` apart (pitch >= width),
// the gaps filled with `fill`; and back.
template <typename T, typename U>
std::vector<T> to_pitched(const std::vector<U>& dense, size_t width, size_t pitch, T fill) {
  const size_t rows = dense.size() / width;
  std::vector<T> out(rows * pitch, fill);
  for (size_t r = 0; r < rows; ++r)
    for (size_t x = 0; x < width; ++x) out[r * pitch + x] = static_cast<T>(dense[r * width + x]);
  return out;
}
template <typename T, typename U>
std::vector<T> from_pitched(const std::vector<U>& pitched, size_t width, size_t pitch, size_t rows) {
  std::vector<T> out(rows * width);
  for (size_t r = 0; r < rows; ++r)
    for (size_t x = 0; x < width; ++x) out[r * width + x] = static_cast<T>(pitched[r * pitch + x]);
  return out;
}

}  // namespace fft3d_test
