// The test oracle: FFTW in double precision, and the relative L2 error.
#pragma once
#include <fftw3.h>

#include <cmath>
#include <complex>
#include <random>
#include <vector>

namespace fft3d_test {

using cplx = std::complex<double>;

// Batched 1-D DFTs of `rows` contiguous rows of n points; sign -1 forward.
inline std::vector<cplx> fftw_rows(const std::vector<cplx>& in, int n, long long rows, int sign) {
  std::vector<cplx> out(in.size());
  fftw_iodim64 dim{n, 1, 1};
  fftw_iodim64 batch{rows, n, n};
  auto* i = reinterpret_cast<fftw_complex*>(const_cast<cplx*>(in.data()));
  auto* o = reinterpret_cast<fftw_complex*>(out.data());
  fftw_plan p = fftw_plan_guru64_dft(1, &dim, 1, &batch, i, o, sign, FFTW_ESTIMATE | FFTW_UNALIGNED);
  fftw_execute_dft(p, i, o);
  fftw_destroy_plan(p);
  return out;
}

// 3-D DFT of an nx*ny*nz grid with x contiguous.
inline std::vector<cplx> fftw_3d(const std::vector<cplx>& in, int nx, int ny, int nz, int sign) {
  std::vector<cplx> out(in.size());
  auto* i = reinterpret_cast<fftw_complex*>(const_cast<cplx*>(in.data()));
  auto* o = reinterpret_cast<fftw_complex*>(out.data());
  fftw_plan p = fftw_plan_dft_3d(nz, ny, nx, i, o, sign, FFTW_ESTIMATE | FFTW_UNALIGNED);
  fftw_execute_dft(p, i, o);
  fftw_destroy_plan(p);
  return out;
}

// ||got - want|| / ||want||; NaN anywhere gives NaN (which fails any bound).
template <class Got>
double relative_l2_error(const Got& got, const std::vector<cplx>& want) {
  double num = 0, den = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    const cplx g(static_cast<double>(got[i].real()), static_cast<double>(got[i].imag()));
    num += std::norm(g - want[i]);
    den += std::norm(want[i]);
  }
  return std::sqrt(num / den);
}

inline std::vector<cplx> random_complex(size_t count, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<cplx> v(count);
  for (auto& x : v) x = cplx(u(rng), u(rng));
  return v;
}

// Error bound for an FFT of length n in a precision with unit roundoff eps.
// A Cooley-Tukey FFT with accurate twiddles has a relative L2 error that
// grows at worst like eps * log2(n) (Higham, Accuracy and Stability of
// Numerical Algorithms, 2nd ed., section 24.1); the constant covers the
// twiddles' own rounding (sincospi or a rounded table, ~1 ulp) and the codelet
// constants. Any indexing mistake gives an error of order 1e-2 or more.
inline double fft_error_bound(bool single, double n) {
  const double eps = single ? 5.96e-8 : 1.11e-16;
  return 5.0 * eps * std::max(1.0, std::log2(n));
}

}  // namespace fft3d_test
