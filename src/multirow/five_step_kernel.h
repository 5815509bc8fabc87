// The five-step column FFT (Nukada et al., "Bandwidth intensive 3-D FFT
// kernel for GPUs using CUDA"): a column of L = n1 * n2 points (Y or Z axis)
// is transformed in two passes over memory with registers only. With column
// position p = a*n2 + b and frequency k = c + n1*d:
//   X[c + n1 d] = sum_b W_n2^{bd} [ W_L^{bc} sum_a x[a n2 + b] W_n1^{ac} ]
// Pass A: thread (column, b) loads x[a n2 + b] (a < n1), does the n1-point
//   DFT, multiplies output c by W_L^{bc} and stores it at c n2 + b: the
//   slots it loaded, so in place.
// Pass B: thread (column, c) loads y[c n2 + b] (b < n2), does the n2-point
//   DFT and, after a barrier that guarantees the whole column is in the
//   block's registers, stores X[c + n1 d] at its natural position.
// Neighbouring threads take neighbouring columns (x), so every load and
// store is coalesced, as in the multirow kernels of the paper.
#pragma once
#include "common/device_defs.h"
#include "fft1d/codelets.h"
#include "fft1d/x_kernel.h"

namespace fft3d {
namespace kern {

struct FiveStepLayout {
  int n1, n2;               // column length n1 * n2; both codelet radices
  int columns_per_block;    // neighbouring columns (x) per block
  bool pass_b;              // false: pass A, true: pass B
  bool twiddle_table;       // W_L from a table of L entries instead of sincospi

  FFT3D_HD constexpr int length() const { return n1 * n2; }
  // Threads per column: one per b in pass A, one per c in pass B.
  FFT3D_HD constexpr int threads_per_column() const { return pass_b ? n1 : n2; }
  FFT3D_HD constexpr int threads_per_block() const { return columns_per_block * threads_per_column(); }
  FFT3D_HD constexpr int phases() const { return pass_b ? 2 : 1; }
};

// The radices a five-step factor may be: the non-composite codelets, up to
// 16 values per thread (one factor's column in registers). The first is the
// dispatch default (see with_radix_in).
using FiveStepRadices = RadixList<16, 2, 3, 4, 5, 7, 8, 9>;
FFT3D_HD constexpr bool is_five_step_radix(int r) {
  return r == 2 || r == 3 || r == 4 || r == 5 || r == 7 || r == 8 || r == 9 || r == 16;
}

template <typename Real>
struct FiveStepRegs {
  Complex<Real> v[16];
};

// One phase of either pass for one thread.
template <int Sign, int N1, int N2, typename Real>
FFT3D_HD void five_step_phase(const FiveStepLayout& L, int phase, const ThreadCoord& tc,
                              FiveStepRegs<Real>& regs, const XArgs<Real>& a) {
  const int local_col = tc.tid % L.columns_per_block;
  const int t = tc.tid / L.columns_per_block;  // b in pass A, c in pass B
  const long long col = tc.block * L.columns_per_block + local_col;  // tc.block: the walked block
  if (col >= a.rows) return;  // ragged last block: no work, and no barrier is skipped
                              // (a returning thread counts as arrived at __syncthreads)
  const RowGeometry& g = a.geometry;
  Complex<Real>* base = a.data + (col % g.inner + col / g.inner * g.outer);
  const long long s = g.stride;
  Complex<Real>* v = regs.v;
  if (!L.pass_b) {
    FFT3D_UNROLL
    for (int i = 0; i < N1; ++i) v[i] = base[(static_cast<long long>(i) * N2 + t) * s];
    dft<N1, Sign>(v);
    FFT3D_UNROLL
    for (int c = 1; c < N1; ++c) {
      const int e = t * c;  // < L
      Complex<Real> w;
      if (L.twiddle_table) {
        w = a.twiddles[e];
        if (Sign > 0) w.im = -w.im;
      } else {
        w = unit_root<Sign, Real>(e, N1 * N2);
      }
      v[c] = v[c] * w;
    }
    FFT3D_UNROLL
    for (int c = 0; c < N1; ++c) base[(static_cast<long long>(c) * N2 + t) * s] = v[c];
  } else if (phase == 0) {
    FFT3D_UNROLL
    for (int b = 0; b < N2; ++b) v[b] = base[(static_cast<long long>(t) * N2 + b) * s];
    dft<N2, Sign>(v);
  } else {
    FFT3D_UNROLL
    for (int d = 0; d < N2; ++d) base[(static_cast<long long>(t) + N1 * d) * s] = scale(v[d], a.scale);
  }
}

// Run-time dispatch on (n1, n2) for the CPU block executor.
template <int Sign, typename Real>
inline void five_step_phase_on_host(const FiveStepLayout& L, int phase, const ThreadCoord& grid_tc,
                                    FiveStepRegs<Real>& regs, const XArgs<Real>& a) {
  const ThreadCoord tc{grid_tc.tid, walked_block(grid_tc.block, a.rows, L.columns_per_block, a.reversed)};
  with_radix_in(FiveStepRadices{}, L.n1, [&](auto n1) {
    with_radix_in(FiveStepRadices{}, L.n2, [&](auto n2) {
      five_step_phase<Sign, decltype(n1)::value, decltype(n2)::value>(L, phase, tc, regs, a);
    });
  });
}

#if defined(__CUDACC_RTC__) || defined(__CUDACC__)
// Cfg provides Real, kSign, kN1, kN2, kReversed and a constexpr layout().
template <class Cfg>
__device__ __forceinline__ void five_step_block_device(const XArgs<typename Cfg::Real>& a) {
  constexpr FiveStepLayout L = Cfg::layout();
  FiveStepRegs<typename Cfg::Real> regs;
  const unsigned block = Cfg::kReversed ? gridDim.x - 1 - blockIdx.x : blockIdx.x;  // walked_block
  const ThreadCoord tc{static_cast<int>(threadIdx.x), static_cast<long long>(block)};
  five_step_phase<Cfg::kSign, Cfg::kN1, Cfg::kN2>(L, 0, tc, regs, a);
  if constexpr (L.pass_b) {
    __syncthreads();
    five_step_phase<Cfg::kSign, Cfg::kN1, Cfg::kN2>(L, 1, tc, regs, a);
  }
}
#endif

}  // namespace kern
}  // namespace fft3d
