// The twiddle table of the "table" variants: exp(-2 pi i m / n), m in [0, n),
// computed in long double and rounded once.
#pragma once
#include <cmath>
#include <vector>

#include "common/device_defs.h"

namespace fft3d {

template <typename Real>
std::vector<kern::Complex<Real>> forward_twiddle_table(int n) {
  std::vector<kern::Complex<Real>> t(static_cast<size_t>(n));
  const long double two_pi = 6.283185307179586476925286766559005768L;
  for (int m = 0; m < n; ++m) {
    const long double a = two_pi * m / n;
    t[static_cast<size_t>(m)] = kern::make_complex(static_cast<Real>(std::cos(a)),
                                                   static_cast<Real>(-std::sin(a)));
  }
  return t;
}

// The twiddles of long columns' pass A (multirow/long_column.h), W_L^m for
// m = j2 k1 < L = n1 n2, as two short tables in one: t[lo] = W_L^lo for
// lo < n1 and t[n1 + hi] = W_L^(hi n1) = W_n2^hi for hi < n2, so that
// W_L^m = t[m % n1] t[n1 + m / n1] (one rounding more than a whole table).
// A whole table of L values, read at j2 k1 by neighbouring columns j2,
// scattered each warp's reads over up to a megabyte of L2: pass A of
// 65536-point rows (256 x 256, f32) ran at 50 % of DRAM throughput
// against 75 % for pass B.
template <typename Real>
std::vector<kern::Complex<Real>> long_twiddle_table(int n1, int n2) {
  std::vector<kern::Complex<Real>> t(static_cast<size_t>(n1 + n2));
  const long double two_pi = 6.283185307179586476925286766559005768L;
  auto root = [&](long double a) {
    return kern::make_complex(static_cast<Real>(std::cos(a)), static_cast<Real>(-std::sin(a)));
  };
  for (int lo = 0; lo < n1; ++lo) t[static_cast<size_t>(lo)] = root(two_pi * lo / (static_cast<long double>(n1) * n2));
  for (int hi = 0; hi < n2; ++hi) t[static_cast<size_t>(n1 + hi)] = root(two_pi * hi / n2);
  return t;
}

}  // namespace fft3d
