// Long columns: a Y or Z column of L = n1 * n2 points too long to transform
// well in one block (one column a block reads 8 or 16 bytes a sector), in
// two passes through a workspace, the four-step form. With column position
// p = j1 n2 + j2 and frequency k = k1 + n1 k2:
//   X[k1 + n1 k2] = sum_j2 W_n2^{j2 k2} [ W_L^{j2 k1} sum_j1 x[j1 n2 + j2] W_n1^{j1 k1} ]
// Pass A: the n1-point columns over j1 (stride n2 of the column's own)
//   with the shared-memory Stockham column kernel, each output k1 times
//   W_L^{j2 k1} as it is stored, into the workspace at the slot it read
//   from (XLayout::long_n2).
// Pass B in registers (this file), for n2 of at most 16 (32 for rows):
//   thread (column, k1) loads the n2 values of j2 from the workspace, does
//   the n2-point DFT in registers and stores X[k1 + n1 k2] at its natural
//   place in the array. Out of place, so no barrier: pass B of the
//   five-step form needs the whole column in one block to store in place.
//   Lengths split in balance (long_column_balanced_split) run pass B as the
//   column kernel of n2 instead (XLayout::long_n2 = 1).
// Neighbouring threads take neighbouring columns in both passes, so every
// load and store is coalesced.
#pragma once
#include "common/device_defs.h"
#include "fft1d/codelets.h"
#include "fft1d/x_kernel.h"

namespace fft3d {
namespace kern {

struct LongColumnBLayout {
  int n1, n2;
  int threads;  // per block, one (column, k1) each
};

// The radices n2 may be: one codelet's values in registers (32: long rows only).
using LongColumnRadices = RadixList<16, 2, 3, 4, 5, 7, 8, 9, 32>;

template <typename Real>
struct LongColumnRegs {
  Complex<Real> v[32];
};

// Pass B for one thread: line r = tc.block * threads + tc.tid of the
// launch, read from a.data at a.geometry (its n2 values) and written to
// a.out at a.out_geometry (its n2 outputs k2, a.out_geometry.stride apart).
template <int Sign, int N2, typename Real>
FFT3D_HD void long_column_b_thread(const LongColumnBLayout& L, const ThreadCoord& tc, LongColumnRegs<Real>& regs,
                                   const XArgs<Real>& a) {
  const long long r = tc.block * L.threads + tc.tid;
  if (r >= a.rows) return;
  const RowGeometry& g = a.geometry;
  const RowGeometry& og = a.out_geometry;
  const Complex<Real>* in = a.data + (r % g.inner + r / g.inner * g.outer);
  Complex<Real>* out = a.out + (r % og.inner + r / og.inner * og.outer);
  Complex<Real>* v = regs.v;
  FFT3D_UNROLL
  for (int b = 0; b < N2; ++b) v[b] = in[b * g.stride];
  dft<N2, Sign>(v);
  FFT3D_UNROLL
  for (int d = 0; d < N2; ++d) out[d * og.stride] = scale(v[d], a.scale);
}

// Run-time dispatch on n2 for the CPU block executor.
template <int Sign, typename Real>
inline void long_column_b_on_host(const LongColumnBLayout& L, const ThreadCoord& tc, LongColumnRegs<Real>& regs,
                                  const XArgs<Real>& a) {
  with_radix_in(LongColumnRadices{}, L.n2,
                [&](auto n2) { long_column_b_thread<Sign, decltype(n2)::value>(L, tc, regs, a); });
}

#if defined(__CUDACC_RTC__) || defined(__CUDACC__)
// Cfg provides Real, kSign, kN2 and a constexpr layout().
template <class Cfg>
__device__ __forceinline__ void long_column_b_device(const XArgs<typename Cfg::Real>& a) {
  LongColumnRegs<typename Cfg::Real> regs;
  const ThreadCoord tc{static_cast<int>(threadIdx.x), static_cast<long long>(blockIdx.x)};
  long_column_b_thread<Cfg::kSign, Cfg::kN2>(Cfg::layout(), tc, regs, a);
}
#endif

}  // namespace kern
}  // namespace fft3d
