// The Stockham shared-memory kernel: each block transforms `rows_per_block`
// rows of length N (contiguous X rows, or strided Y/Z columns, see
// XLayout::columns) in shared memory with the stages of stockham_index.h.
// The kernel is a sequence of per-thread phases separated by barriers
// (XLayout::phase). The same phase function runs on the GPU (compiled by NVRTC
// with the layout as compile-time constants, see x_block_device) and in the
// CPU block executor (layout as run-time data, see XKernelOnHost).
#pragma once
#include "common/device_defs.h"
#include "fft1d/codelets.h"
#include "fft1d/x_layout.h"

namespace fft3d {
namespace kern {

// Row r (a column, for column layouts) starts at element
// (r % inner) + (r / inner) * outer and its elements are `stride` apart.
// Contiguous rows: inner 1, outer n, stride 1. Y columns of an nx*ny*nz
// array: inner nx, outer nx*ny, stride nx. Z columns: inner = outer = nx*ny,
// stride nx*ny.
struct RowGeometry {
  long long inner, outer, stride;
};

template <typename Real>
struct XArgs {
  Complex<Real>* data;            // transformed in place
  long long rows;                 // rows (or columns) in this launch
  const Complex<Real>* twiddles;  // exp(-2 pi i m / n), m in [0, n); table variants only
  RowGeometry geometry;           // where rows live (column layouts only)
  Real scale = Real(1);           // applied as the last stage stores (normalisation)
};

template <typename Real, int Capacity>
struct XRegs {
  Complex<Real> v[Capacity];
};

struct ThreadCoord {
  int tid;          // thread index in the block
  long long block;  // block index in the grid
};

// Twiddle of output k of butterfly j in a stage: exp(Sign 2 pi i (j % P) k / (P r)).
template <int Sign, typename Real>
FFT3D_HD Complex<Real> stage_twiddle(const StageGeom& g, int j, int k, bool use_table,
                                     const Complex<Real>* table) {
  const int span = g.stride * g.radix;
  const int e = (j % g.stride) * k;
  if (use_table) {
    Complex<Real> w = table[e * (g.n / span)];
    if (Sign > 0) w.im = -w.im;
    return w;
  }
  return unit_root<Sign, Real>(e, span);
}

// Multiplies output k of butterfly j by its twiddle, k = 1..R-1. A table
// lookup per twiddle; or, computed, sincospi only for the powers of two
// k = 1, 2, 4, 8 and every other twiddle as the product of those in the
// binary expansion of k: at most three products (a few ulps), 4 instead of
// 15 sincospi for radix 16, and only four values kept live in registers.
template <int Sign, int R, typename Real>
FFT3D_HD void apply_stage_twiddles(const StageGeom& g, int j, bool use_table,
                                   const Complex<Real>* table, Complex<Real>* v) {
  if (use_table) {
    FFT3D_UNROLL
    for (int k = 1; k < R; ++k) v[k] = v[k] * stage_twiddle<Sign>(g, j, k, true, table);
    return;
  }
  Complex<Real> base[4];  // w_1, w_2, w_4, w_8
  FFT3D_UNROLL
  for (int b = 0; b < 4; ++b)
    if ((1 << b) < R) base[b] = stage_twiddle<Sign>(g, j, 1 << b, false, table);
  FFT3D_UNROLL
  for (int k = 1; k < R; ++k) {
    Complex<Real> w = make_complex(Real(1), Real(0));
    bool first = true;
    FFT3D_UNROLL
    for (int b = 3; b >= 0; --b) {
      if (!(k & (1 << b))) continue;
      w = first ? base[b] : w * base[b];
      first = false;
    }
    v[k] = v[k] * w;
  }
}

// One phase of stage g for one thread: read r elements per butterfly (from
// global memory in the first stage, else from the padded exchange buffer),
// transform and twiddle them; and/or write them (to global memory in the last
// stage, else to the next exchange buffer).
template <int Sign, int R, typename Real, int Capacity>
FFT3D_HD void x_stage_phase(const StageGeom& g, const PhaseInfo& ph, int row_stride,
                            int rows_per_block, bool use_table, bool columns, const ThreadCoord& tc,
                            XRegs<Real, Capacity>& regs, Real* smem, const XArgs<Real>& a) {
  const int local_row = columns ? tc.tid % rows_per_block : tc.tid / g.threads;
  const int t = columns ? tc.tid / rows_per_block : tc.tid % g.threads;
  const long long row = tc.block * rows_per_block + local_row;
  const bool live = row < a.rows;  // the last block may be ragged
  const long long element_stride = columns ? a.geometry.stride : 1;
  Complex<Real>* global_row =
      a.data + (columns ? row % a.geometry.inner + row / a.geometry.inner * a.geometry.outer : row * g.n);
  Real* shared_re = smem + local_row * row_stride;
  Real* shared_im = smem + (rows_per_block + local_row) * row_stride;

  if (ph.read) {
    FFT3D_UNROLL
    for (int u = 0; u < g.per_thread; ++u) {
      const int j = t + u * g.threads;
      if (j >= g.butterflies) continue;
      Complex<Real>* v = &regs.v[u * R];
      FFT3D_UNROLL
      for (int k = 0; k < R; ++k) {
        const int idx = stockham_read_index(j, k, g.stride, R);
        if (g.first) {
          v[k] = live ? global_row[idx * element_stride] : make_complex(Real(0), Real(0));
        } else {
          const int p = padded_index(g.in_map, idx);
          v[k] = make_complex(shared_re[p], shared_im[p]);
        }
      }
      dft<R, Sign>(v);
      if (g.stride > 1) apply_stage_twiddles<Sign, R>(g, j, use_table, a.twiddles, v);
    }
  }
  if (ph.write) {
    FFT3D_UNROLL
    for (int u = 0; u < g.per_thread; ++u) {
      const int j = t + u * g.threads;
      if (j >= g.butterflies) continue;
      const Complex<Real>* v = &regs.v[u * R];
      FFT3D_UNROLL
      for (int k = 0; k < R; ++k) {
        const int idx = stockham_write_index(j, k, g.butterflies);
        if (g.last) {
          if (live) global_row[idx * element_stride] = kern::scale(v[k], a.scale);
        } else {
          const int p = padded_index(g.out_map, idx);
          shared_re[p] = v[k].re;
          shared_im[p] = v[k].im;
        }
      }
    }
  }
}

// Run-time dispatch of one phase, for the CPU block executor.
template <int Sign, typename Real, int Capacity>
inline void x_phase_on_host(const XLayout& L, int p, const ThreadCoord& tc,
                            XRegs<Real, Capacity>& regs, Real* smem, const XArgs<Real>& a) {
  const PhaseInfo ph = L.phase(p);
  const StageGeom g = L.stage(ph.stage);
  const int stride = L.row_stride(), rows = L.rows_per_block;
  const bool tab = L.twiddle_table, cols = L.columns;
  switch (g.radix) {
    case 2: x_stage_phase<Sign, 2>(g, ph, stride, rows, tab, cols, tc, regs, smem, a); break;
    case 3: x_stage_phase<Sign, 3>(g, ph, stride, rows, tab, cols, tc, regs, smem, a); break;
    case 4: x_stage_phase<Sign, 4>(g, ph, stride, rows, tab, cols, tc, regs, smem, a); break;
    case 5: x_stage_phase<Sign, 5>(g, ph, stride, rows, tab, cols, tc, regs, smem, a); break;
    case 7: x_stage_phase<Sign, 7>(g, ph, stride, rows, tab, cols, tc, regs, smem, a); break;
    case 8: x_stage_phase<Sign, 8>(g, ph, stride, rows, tab, cols, tc, regs, smem, a); break;
    case 9: x_stage_phase<Sign, 9>(g, ph, stride, rows, tab, cols, tc, regs, smem, a); break;
    default: x_stage_phase<Sign, 16>(g, ph, stride, rows, tab, cols, tc, regs, smem, a); break;
  }
}

#if defined(__CUDACC_RTC__) || defined(__CUDACC__)
extern __shared__ __align__(16) unsigned char fft3d_shared_memory[];

// Compile-time unrolled phase sequence. Cfg provides `Real`, `kSign` and a
// constexpr `layout()`, so every geometry value below folds to a constant.
template <class Cfg, int P, typename Real, int Capacity>
__device__ __forceinline__ void x_run_phases(const ThreadCoord& tc, XRegs<Real, Capacity>& regs,
                                             Real* smem, const XArgs<Real>& a) {
  constexpr XLayout L = Cfg::layout();
  if constexpr (P < L.phases()) {
    constexpr PhaseInfo ph = L.phase(P);
    constexpr StageGeom g = L.stage(ph.stage);
    x_stage_phase<Cfg::kSign, g.radix>(g, ph, L.row_stride(), L.rows_per_block,
                                       L.twiddle_table, L.columns, tc, regs, smem, a);
    if constexpr (P + 1 < L.phases()) __syncthreads();
    x_run_phases<Cfg, P + 1>(tc, regs, smem, a);
  }
}

template <class Cfg>
__device__ __forceinline__ void x_block_device(const XArgs<typename Cfg::Real>& a) {
  using Real = typename Cfg::Real;
  constexpr XLayout L = Cfg::layout();
  XRegs<Real, L.elems_per_thread()> regs;
  const ThreadCoord tc{static_cast<int>(threadIdx.x), static_cast<long long>(blockIdx.x)};
  x_run_phases<Cfg, 0>(tc, regs, reinterpret_cast<Real*>(fft3d_shared_memory), a);
}
#endif

}  // namespace kern
}  // namespace fft3d
