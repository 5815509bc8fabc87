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

}  // namespace fft3d
