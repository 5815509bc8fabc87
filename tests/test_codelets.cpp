// The radix codelets on their own: every supported radix, both signs, both
// precisions, against FFTW in double precision; the compile-time roots of
// unity of the composite codelets against the C library's cos and sin; and
// the tuner's radix list against is_supported_radix.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "fft1d/codelets.h"
#include "multirow/five_step_kernel.h"
#include "oracle.h"

namespace fft3d {
namespace {

using fft3d_test::cplx;

template <int R, typename Real>
double codelet_error(int sign, unsigned seed) {
  const std::vector<cplx> in = fft3d_test::random_complex(R, seed);
  kern::Complex<Real> v[R];
  std::vector<cplx> rounded(R);
  for (int i = 0; i < R; ++i) {
    v[i] = kern::make_complex(static_cast<Real>(in[i].real()), static_cast<Real>(in[i].imag()));
    rounded[i] = cplx(v[i].re, v[i].im);
  }
  if (sign < 0) kern::dft<R, -1>(v);
  else kern::dft<R, +1>(v);
  std::vector<cplx> got(R);
  for (int i = 0; i < R; ++i) got[i] = cplx(v[i].re, v[i].im);
  return fft3d_test::relative_l2_error(got, fft3d_test::fftw_rows(rounded, R, 1, sign));
}

TEST(Codelets, EveryRadixAgainstFftw) {
  int checked = 0;
  for (int r : kern::kSupportedRadices)
    kern::with_radix(r, [&](auto radix) {
      constexpr int R = decltype(radix)::value;
      ASSERT_EQ(R, r);
      for (int sign : {-1, +1}) {
        const double err64 = codelet_error<R, double>(sign, 100 + R);
        const double err32 = codelet_error<R, float>(sign, 200 + R);
        EXPECT_LE(err64, fft3d_test::fft_error_bound(false, R)) << R << " " << sign;
        EXPECT_LE(err32, fft3d_test::fft_error_bound(true, R)) << R << " " << sign;
        ++checked;
      }
    });
  EXPECT_EQ(checked, 2 * static_cast<int>(std::size(kern::kSupportedRadices)));
}

TEST(Codelets, RootsOfUnityToDoublePrecision) {
  const long double two_pi = 6.283185307179586476925286766559L;
  for (int r = 1; r <= 64; ++r)
    for (int m = -r; m < 2 * r; ++m) {
      const kern::RootOfUnity w = kern::root_of_unity(m, r);
      const long double angle = two_pi * static_cast<long double>(m) / r;
      EXPECT_NEAR(w.c, static_cast<double>(std::cos(angle)), 2.5e-16) << m << "/" << r;
      EXPECT_NEAR(w.s, static_cast<double>(std::sin(angle)), 2.5e-16) << m << "/" << r;
    }
}

TEST(Codelets, RadixListMatchesSupport) {
  int listed = 0;
  for (int r = 0; r <= 128; ++r) {
    const bool in_list = std::find(std::begin(kern::kSupportedRadices), std::end(kern::kSupportedRadices), r) !=
                         std::end(kern::kSupportedRadices);
    EXPECT_EQ(in_list, kern::is_supported_radix(r)) << r;
    EXPECT_LE(r * in_list, kern::kMaxRadix);
    listed += in_list;
  }
  EXPECT_EQ(listed, static_cast<int>(std::size(kern::kSupportedRadices)));
  EXPECT_TRUE(std::is_sorted(std::begin(kern::kSupportedRadices), std::end(kern::kSupportedRadices),
                             [](int a, int b) { return a > b; }));
  // Every five-step factor is a codelet too.
  for (int r = 0; r <= 32; ++r)
    if (kern::is_five_step_radix(r)) EXPECT_TRUE(kern::is_supported_radix(r)) << r;
}

}  // namespace
}  // namespace fft3d
