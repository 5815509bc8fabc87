// Index maps of the Stockham autosort FFT used by the X-axis kernels
// (Nukada & Matsuoka). A row of N = r_0 * r_1 * ... * r_{S-1} points is
// transformed in S stages; stage s has N / r_s butterflies j, each reading r_s
// elements, doing a radix-r_s DFT, multiplying by twiddles and writing r_s
// elements. With P_s = r_{s+1} * ... * r_{S-1} (the product of the later
// radices):
//   read   j % P_s + (j / P_s) * P_s * r_s + k * P_s
//   write  j + (N / r_s) * k
//   twiddle exp(sign 2 pi i (j % P_s) k / (P_s r_s))
// so the output lands in natural order and no bit reversal is needed. The
// write of stage s and the read of stage s+1 form "exchange s" through shared
// memory; its layout may be padded against bank conflicts.
#pragma once
#include "common/device_defs.h"

namespace fft3d {
namespace kern {

FFT3D_HD constexpr int stockham_read_index(int j, int k, int P, int r) {
  return j % P + (j / P) * P * r + k * P;
}
FFT3D_HD constexpr int stockham_write_index(int j, int k, int butterflies) {
  return j + butterflies * k;
}

// Padding of an exchange buffer: `amount` unused elements are inserted after
// every `period` elements, so element a lives at a + amount * (a / period).
struct PadMap {
  int period;
  int amount;
};

FFT3D_HD constexpr int padded_index(PadMap m, int a) {
  return m.amount == 0 ? a : a + m.amount * (a / m.period);
}
// Elements needed to hold a padded buffer of n elements.
FFT3D_HD constexpr int padded_extent(PadMap m, int n) {
  return n == 0 ? 0 : padded_index(m, n - 1) + 1;
}

// Which pad map an exchange gets is chosen on the host (fft1d/padding.h) and
// written into the kernel's layout as data.

}  // namespace kern
}  // namespace fft3d
