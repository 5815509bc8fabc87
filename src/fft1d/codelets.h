// Radix-r DFT codelets on values held in registers:
//   v[k] <- sum_n v[n] * exp(Sign * 2*pi*i * n*k / R),  Sign = -1 forward.
// Every index is a compile-time constant after unrolling, so the arrays stay
// in registers on the GPU. Constants are written to full double precision.
#pragma once
#include "common/device_defs.h"

namespace fft3d {
namespace kern {

// cos and sin of 2*pi*m/16, m in [0, 16): the twiddles of the 4x4 radix-16.
FFT3D_HD double cos_2pi_16(int m) {
  switch (m & 15) {
    case 0: return 1.0;
    case 1: case 15: return 0.92387953251128675613;
    case 2: case 14: return 0.70710678118654752440;
    case 3: case 13: return 0.38268343236508977173;
    case 4: case 12: return 0.0;
    case 5: case 11: return -0.38268343236508977173;
    case 6: case 10: return -0.70710678118654752440;
    case 7: case 9: return -0.92387953251128675613;
    default: return -1.0;
  }
}
FFT3D_HD double sin_2pi_16(int m) { return cos_2pi_16(m - 4); }

// cos and sin of 2*pi*m/7.
FFT3D_HD double cos_2pi_7(int m) {
  switch (((m % 7) + 7) % 7) {
    case 0: return 1.0;
    case 1: case 6: return 0.62348980185873353053;
    case 2: case 5: return -0.22252093395631440429;
    default: return -0.90096886790241912624;
  }
}
FFT3D_HD double sin_2pi_7(int m) {
  switch (((m % 7) + 7) % 7) {
    case 0: return 0.0;
    case 1: return 0.78183148246802980871;
    case 2: return 0.97492791218182360702;
    case 3: return 0.43388373911755812048;
    case 4: return -0.43388373911755812048;
    case 5: return -0.97492791218182360702;
    default: return -0.78183148246802980871;
  }
}

template <int Sign, typename Real>
FFT3D_HD void dft2(Complex<Real>* v) {
  const Complex<Real> a = v[0], b = v[1];
  v[0] = a + b;
  v[1] = a - b;
}

template <int Sign, typename Real>
FFT3D_HD void dft3(Complex<Real>* v) {
  const Real s = static_cast<Real>(0.86602540378443864676);  // sin(2pi/3)
  const Complex<Real> t1 = v[1] + v[2];
  const Complex<Real> t2 = v[0] - scale(t1, static_cast<Real>(0.5));
  const Complex<Real> t3 = times_i<Sign>(scale(v[1] - v[2], s));
  v[0] = v[0] + t1;
  v[1] = t2 + t3;
  v[2] = t2 - t3;
}

template <int Sign, typename Real>
FFT3D_HD void dft4(Complex<Real>* v) {
  const Complex<Real> a = v[0] + v[2], b = v[0] - v[2];
  const Complex<Real> c = v[1] + v[3], d = times_i<Sign>(v[1] - v[3]);
  v[0] = a + c;
  v[2] = a - c;
  v[1] = b + d;
  v[3] = b - d;
}

template <int Sign, typename Real>
FFT3D_HD void dft5(Complex<Real>* v) {
  const Real c1 = static_cast<Real>(0.30901699437494742410);   // cos(2pi/5)
  const Real c2 = static_cast<Real>(-0.80901699437494742410);  // cos(4pi/5)
  const Real s1 = static_cast<Real>(0.95105651629515357212);   // sin(2pi/5)
  const Real s2 = static_cast<Real>(0.58778525229247312917);   // sin(4pi/5)
  const Complex<Real> a1 = v[1] + v[4], b1 = v[1] - v[4];
  const Complex<Real> a2 = v[2] + v[3], b2 = v[2] - v[3];
  const Complex<Real> r1 = v[0] + scale(a1, c1) + scale(a2, c2);
  const Complex<Real> r2 = v[0] + scale(a1, c2) + scale(a2, c1);
  const Complex<Real> i1 = times_i<Sign>(scale(b1, s1) + scale(b2, s2));
  const Complex<Real> i2 = times_i<Sign>(scale(b1, s2) - scale(b2, s1));
  v[0] = v[0] + a1 + a2;
  v[1] = r1 + i1;
  v[4] = r1 - i1;
  v[2] = r2 + i2;
  v[3] = r2 - i2;
}

// Radix 7 in the symmetric form: pairs (m, 7-m) share cosines and sines.
template <int Sign, typename Real>
FFT3D_HD void dft7(Complex<Real>* v) {
  Complex<Real> a[3], b[3];
  FFT3D_UNROLL
  for (int m = 1; m <= 3; ++m) {
    a[m - 1] = v[m] + v[7 - m];
    b[m - 1] = v[m] - v[7 - m];
  }
  const Complex<Real> x0 = v[0];
  v[0] = x0 + a[0] + a[1] + a[2];
  FFT3D_UNROLL
  for (int k = 1; k <= 3; ++k) {
    Complex<Real> re = x0, im = make_complex(Real(0), Real(0));
    FFT3D_UNROLL
    for (int m = 1; m <= 3; ++m) {
      re = re + scale(a[m - 1], static_cast<Real>(cos_2pi_7(m * k)));
      im = im + scale(b[m - 1], static_cast<Real>(sin_2pi_7(m * k)));
    }
    im = times_i<Sign>(im);
    v[k] = re + im;
    v[7 - k] = re - im;
  }
}

// Radix 8: two radix-4 halves (even and odd inputs) joined by W8 twiddles.
template <int Sign, typename Real>
FFT3D_HD void dft8(Complex<Real>* v) {
  const Real h = static_cast<Real>(0.70710678118654752440);
  Complex<Real> e[4] = {v[0], v[2], v[4], v[6]};
  Complex<Real> o[4] = {v[1], v[3], v[5], v[7]};
  dft4<Sign>(e);
  dft4<Sign>(o);
  // W8^1 = h(1 + i*Sign), W8^2 = i*Sign, W8^3 = h(-1 + i*Sign).
  const Complex<Real> o1 = scale(o[1] + times_i<Sign>(o[1]), h);
  const Complex<Real> o2 = times_i<Sign>(o[2]);
  const Complex<Real> o3 = scale(times_i<Sign>(o[3]) - o[3], h);
  v[0] = e[0] + o[0];
  v[4] = e[0] - o[0];
  v[1] = e[1] + o1;
  v[5] = e[1] - o1;
  v[2] = e[2] + o2;
  v[6] = e[2] - o2;
  v[3] = e[3] + o3;
  v[7] = e[3] - o3;
}

// Radix 16 as 4 x 4: radix-4 columns, W16 twiddles, radix-4 rows.
template <int Sign, typename Real>
FFT3D_HD void dft16(Complex<Real>* v) {
  Complex<Real> y[4][4];
  FFT3D_UNROLL
  for (int n2 = 0; n2 < 4; ++n2) {
    FFT3D_UNROLL
    for (int n1 = 0; n1 < 4; ++n1) y[n2][n1] = v[4 * n1 + n2];
    dft4<Sign>(y[n2]);
    FFT3D_UNROLL
    for (int k1 = 1; k1 < 4; ++k1) {
      if (n2 == 0) continue;
      const Complex<Real> w = make_complex(static_cast<Real>(cos_2pi_16(n2 * k1)),
                                           static_cast<Real>(Sign * sin_2pi_16(n2 * k1)));
      y[n2][k1] = y[n2][k1] * w;
    }
  }
  FFT3D_UNROLL
  for (int k1 = 0; k1 < 4; ++k1) {
    Complex<Real> z[4] = {y[0][k1], y[1][k1], y[2][k1], y[3][k1]};
    dft4<Sign>(z);
    FFT3D_UNROLL
    for (int k2 = 0; k2 < 4; ++k2) v[k1 + 4 * k2] = z[k2];
  }
}

// cos and sin of 2*pi*m/9 for m in {1, 2, 4}: the twiddles of the 3 x 3 radix-9.
FFT3D_HD double cos_2pi_9(int m) {
  return m == 1 ? 0.76604444311897803520 : m == 2 ? 0.17364817766693034885 : -0.93969262078590838405;
}
FFT3D_HD double sin_2pi_9(int m) {
  return m == 1 ? 0.64278760968653932632 : m == 2 ? 0.98480775301220805936 : 0.34202014332566873304;
}

// Radix 9 as 3 x 3: radix-3 columns, W9 twiddles, radix-3 rows. One stage of
// 9 instead of two of 3 saves a pass through shared memory.
template <int Sign, typename Real>
FFT3D_HD void dft9(Complex<Real>* v) {
  Complex<Real> y[3][3];
  FFT3D_UNROLL
  for (int n2 = 0; n2 < 3; ++n2) {
    FFT3D_UNROLL
    for (int n1 = 0; n1 < 3; ++n1) y[n2][n1] = v[3 * n1 + n2];
    dft3<Sign>(y[n2]);
    FFT3D_UNROLL
    for (int k1 = 1; k1 < 3; ++k1) {
      if (n2 == 0) continue;
      const int m = n2 * k1;
      y[n2][k1] = y[n2][k1] * make_complex(static_cast<Real>(cos_2pi_9(m)),
                                           static_cast<Real>(Sign * sin_2pi_9(m)));
    }
  }
  FFT3D_UNROLL
  for (int k1 = 0; k1 < 3; ++k1) {
    Complex<Real> z[3] = {y[0][k1], y[1][k1], y[2][k1]};
    dft3<Sign>(z);
    FFT3D_UNROLL
    for (int k2 = 0; k2 < 3; ++k2) v[k1 + 3 * k2] = z[k2];
  }
}

// cos and sin of 2*pi*m/r as constant expressions, for the twiddles inside
// the composite codelets: the angle is reduced exactly (in integers) to the
// nearest quarter turn plus at most an eighth of a turn, whose Taylor series
// to the x^23 term is exact to double precision.
struct RootOfUnity {
  double c, s;
};
FFT3D_HD constexpr RootOfUnity root_of_unity(int m, int r) {
  m %= r;
  if (m < 0) m += r;
  const int q = (4 * m + r / 2) / r;  // nearest quarter turn
  const double x = 3.14159265358979323846 * (4 * m - q * r) / (2.0 * r);
  // Horner form, smallest terms first: within an ulp or two.
  const double x2 = x * x;
  double c = 1, s = 1;
  for (int k = 11; k >= 1; --k) {
    c = 1 - c * x2 / ((2 * k - 1) * (2 * k));
    s = 1 - s * x2 / ((2 * k) * (2 * k + 1));
  }
  s *= x;
  switch (q & 3) {
    case 0: return RootOfUnity{c, s};
    case 1: return RootOfUnity{-s, c};
    case 2: return RootOfUnity{-c, -s};
    default: return RootOfUnity{s, -c};
  }
}

// The R roots of unity, computed by the compiler (a constexpr object), so
// that after unrolling every twiddle below is a literal.
template <int R>
struct RootTable {
  double c[R], s[R];
  FFT3D_HD constexpr RootTable() : c(), s() {
    for (int m = 0; m < R; ++m) {
      const RootOfUnity w = root_of_unity(m, R);
      c[m] = w.c;
      s[m] = w.s;
    }
  }
};

template <int R, int Sign, typename Real>
FFT3D_HD void dft(Complex<Real>* v);

// Radix R1 * R2 in one stage (Cooley-Tukey inside the registers): radix-R1
// DFTs over inputs R2 apart, twiddles W_R^(n2 k1), radix-R2 DFTs. One stage
// of 25 instead of two of 5 saves a pass through shared memory and its
// barrier, and the twiddles are constants instead of computed or loaded.
template <int R1, int R2, int Sign, typename Real>
FFT3D_HD void dft_composite(Complex<Real>* v) {
  constexpr RootTable<R1 * R2> w{};
  Complex<Real> y[R2][R1];
  FFT3D_UNROLL
  for (int n2 = 0; n2 < R2; ++n2) {
    FFT3D_UNROLL
    for (int n1 = 0; n1 < R1; ++n1) y[n2][n1] = v[R2 * n1 + n2];
    dft<R1, Sign>(y[n2]);
    FFT3D_UNROLL
    for (int k1 = 1; k1 < R1; ++k1) {
      if (n2 == 0) continue;
      const int m = n2 * k1;
      y[n2][k1] = y[n2][k1] * make_complex(static_cast<Real>(w.c[m]), static_cast<Real>(Sign * w.s[m]));
    }
  }
  FFT3D_UNROLL
  for (int k1 = 0; k1 < R1; ++k1) {
    Complex<Real> z[R2];
    FFT3D_UNROLL
    for (int n2 = 0; n2 < R2; ++n2) z[n2] = y[n2][k1];
    dft<R2, Sign>(z);
    FFT3D_UNROLL
    for (int k2 = 0; k2 < R2; ++k2) v[k1 + R1 * k2] = z[k2];
  }
}

// The radices the kernels support; dft<R> picks the codelet. Radices 6 to
// 32 other than 7, 8, 9 and 16 are composite codelets. The tuner's list,
// largest first (a test checks it against is_supported_radix).
FFT3D_HD constexpr bool is_supported_radix(int r) {
  return r == 2 || r == 3 || r == 4 || r == 5 || r == 6 || r == 7 || r == 8 || r == 9 || r == 10 || r == 12 ||
         r == 14 || r == 15 || r == 16 || r == 20 || r == 24 || r == 25 || r == 27 || r == 30 || r == 32;
}
constexpr int kSupportedRadices[] = {32, 30, 27, 25, 24, 20, 16, 15, 14, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2};
// The largest supported radix: the register arrays of one butterfly.
constexpr int kMaxRadix = 32;

// Run-time dispatch on a radix, for the CPU executors: calls
// f(RadixConstant<R>{}) with R == r (the first of the list for any other
// value: layouts hold supported radices only), so f can use
// decltype(arg)::value as a template argument. The five-step executor uses a
// shorter list of its own (five_step_kernel.h), which keeps its nested
// dispatch small.
template <int R>
struct RadixConstant {
  static constexpr int value = R;
};
template <int... Rs>
struct RadixList {};
using CodeletRadices = RadixList<32, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 16, 20, 24, 25, 27, 30>;

template <class F, int First, int... Rs>
inline void with_radix_in(RadixList<First, Rs...>, int r, F&& f) {
  const bool found = ((r == Rs ? (f(RadixConstant<Rs>{}), true) : false) || ...);
  if (!found) f(RadixConstant<First>{});
}
template <class F>
inline void with_radix(int r, F&& f) {
  with_radix_in(CodeletRadices{}, r, static_cast<F&&>(f));
}

template <int R, int Sign, typename Real>
FFT3D_HD void dft(Complex<Real>* v) {
  static_assert(is_supported_radix(R), "unsupported radix");
  if constexpr (R == 2) dft2<Sign>(v);
  else if constexpr (R == 3) dft3<Sign>(v);
  else if constexpr (R == 4) dft4<Sign>(v);
  else if constexpr (R == 5) dft5<Sign>(v);
  else if constexpr (R == 6) dft_composite<2, 3, Sign>(v);
  else if constexpr (R == 7) dft7<Sign>(v);
  else if constexpr (R == 8) dft8<Sign>(v);
  else if constexpr (R == 9) dft9<Sign>(v);
  else if constexpr (R == 10) dft_composite<2, 5, Sign>(v);
  else if constexpr (R == 12) dft_composite<4, 3, Sign>(v);
  else if constexpr (R == 14) dft_composite<2, 7, Sign>(v);
  else if constexpr (R == 15) dft_composite<3, 5, Sign>(v);
  else if constexpr (R == 16) dft16<Sign>(v);
  else if constexpr (R == 20) dft_composite<4, 5, Sign>(v);
  else if constexpr (R == 24) dft_composite<8, 3, Sign>(v);
  else if constexpr (R == 25) dft_composite<5, 5, Sign>(v);
  else if constexpr (R == 27) dft_composite<3, 9, Sign>(v);
  else if constexpr (R == 30) dft_composite<10, 3, Sign>(v);
  else dft_composite<4, 8, Sign>(v);
}

}  // namespace kern
}  // namespace fft3d
