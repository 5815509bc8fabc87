// Cluster rows: X rows of L = C * n points, too long for one block's shared
// memory, transformed in one pass over memory on a thread-block cluster of
// C blocks (distributed shared memory), decimated in time:
//   X[k2 + n k1] = sum_{j1 < C} W_C^{j1 k1} W_L^{j1 k2} Z_{j1}[k2],
// where Z_{j1} is the n-point DFT of the subsequence x[C j2 + j1], j2 < n.
// Block j1 of a row's cluster computes Z_{j1} in its shared memory with the
// row kernel's Stockham stages (x_kernel.h). The phases:
// 1. scatter: block b reads the row's elements C j2 + j1 for j2 in its share
//    [b n / C, (b + 1) n / C) and every j1, one contiguous run of memory,
//    and writes each into block j1's shared memory at j2; cluster barrier;
// 2. the n-point stages, each a read phase and a write phase a block barrier
//    apart, from and to one exchange buffer; the last writes natural order;
//    cluster barrier;
// 3. gather: block b reads Z_{j1}[k2] of every block for k2 in its share,
//    twiddles, takes the C-point DFT over j1, and writes X[k2 + n k1]: C
//    contiguous runs; a last cluster barrier, so that no block leaves while
//    another still reads its shared memory.
// One pass over memory where long rows (multirow/long_column.h) take two.
// The same phases run on the GPU (cluster_row_device) and in the CPU
// cluster executor (common/cluster_executor.h, cluster_row_host.h).
#pragma once
#include "fft1d/cluster_row_layout.h"
#include "fft1d/x_kernel.h"

namespace fft3d {
namespace kern {

// Stage phases touch only shared memory: the scatter brings the row in and
// the gather takes it out.
template <typename Real>
struct SharedOnlyIo {
  bool live = true;
  FFT3D_HD Complex<Real> load(int) const { return make_complex(Real(0), Real(0)); }
  FFT3D_HD void store(int, Complex<Real>) const {}
};

// v[j1] *= W_L^{j1 k2} (Sign), j1 < C: W_L^{2^b k2} from sincospi for each
// power of two below C, the others as their products (at most three).
template <int Sign, int C, typename Real>
FFT3D_HD void apply_cluster_twiddles(int k2, int length, Complex<Real>* v) {
  constexpr int kBits = C > 16 ? 5 : C > 8 ? 4 : C > 4 ? 3 : C > 2 ? 2 : 1;
  Complex<Real> base[kBits];
  FFT3D_UNROLL
  for (int b = 0; b < kBits; ++b) base[b] = unit_root<Sign, Real>(k2 << b, length);
  FFT3D_UNROLL
  for (int j1 = 1; j1 < C; ++j1) {
    Complex<Real> w = make_complex(Real(1), Real(0));
    bool first = true;
    FFT3D_UNROLL
    for (int b = 0; b < kBits; ++b) {
      if (!(j1 & (1 << b))) continue;
      w = first ? base[b] : w * base[b];
      first = false;
    }
    v[j1] = v[j1] * w;
  }
}

// Phase 1: block `rank` of row `row`'s cluster moves its share of the row
// from global memory into the blocks' shared memories. shares(r) is block
// r's shared memory (Real*), re parts at [0, n), im parts a row stride on.
template <int C, typename Real, class Shares>
FFT3D_HD void cluster_row_scatter_phase(ClusterRowShape S, int tid, int rank, long long row, const Shares& shares,
                                        const XArgs<Real>& a) {
  const int stride = S.row_stride;
  const Complex<Real>* in = a.data + row * S.length();
  for (int j2 = S.share_begin(rank) + tid; j2 < S.share_end(rank); j2 += S.threads) {
    Complex<Real> v[C];
    FFT3D_UNROLL
    for (int j1 = 0; j1 < C; ++j1) v[j1] = in[static_cast<long long>(C) * j2 + j1];
    FFT3D_UNROLL
    for (int j1 = 0; j1 < C; ++j1) {
      Real* s = shares(j1);
      s[j2] = v[j1].re;
      s[stride + j2] = v[j1].im;
    }
  }
}

// Phase 2: stage g (ClusterRowLayout::stage) of the block's transform, its
// reads or its writes. g is a constant on the GPU, as in x_run_phases, so
// that the register arrays stay in registers.
template <int Sign, int R, typename Real, int Capacity>
FFT3D_HD void cluster_row_stage_phase(const StageGeom& g, bool reads, int row_stride, bool use_table, int tid,
                                      XRegs<Real, Capacity>& regs, Real* smem, const XArgs<Real>& a) {
  const PhaseInfo ph{0, reads, !reads};
  stockham_stage_phase<Sign, R>(g, ph, tid, smem, smem + row_stride, use_table, a.twiddles, SharedOnlyIo<Real>{},
                                regs);
}

// Phase 3: the C-point DFTs across the cluster for block `rank`'s k2, written
// to the output row (a.out, or over the input) times a.scale.
template <int Sign, int C, typename Real, class Shares>
FFT3D_HD void cluster_row_gather_phase(ClusterRowShape S, int tid, int rank, long long row, const Shares& shares,
                                       const XArgs<Real>& a) {
  const int n = S.n, stride = S.row_stride;
  Complex<Real>* out = (a.out ? a.out : a.data) + row * S.length();
  for (int k2 = S.share_begin(rank) + tid; k2 < S.share_end(rank); k2 += S.threads) {
    Complex<Real> v[C];
    FFT3D_UNROLL
    for (int j1 = 0; j1 < C; ++j1) {
      const Real* s = shares(j1);
      v[j1] = make_complex(s[k2], s[stride + k2]);
    }
    apply_cluster_twiddles<Sign, C>(k2, static_cast<int>(S.length()), v);
    dft<C, Sign>(v);
    FFT3D_UNROLL
    for (int k1 = 0; k1 < C; ++k1) out[k2 + static_cast<long long>(n) * k1] = scale(v[k1], a.scale);
  }
}

// Run-time dispatch of one phase, for the CPU cluster executor.
template <int Sign, typename Real, int Capacity, class Shares>
inline void cluster_row_phase_on_host(const ClusterRowLayout& L, int p, int tid, int rank, long long row,
                                      XRegs<Real, Capacity>& regs, const Shares& shares, const XArgs<Real>& a) {
  if (L.scatters(p))
    return with_radix(L.cluster, [&](auto c) {
      cluster_row_scatter_phase<decltype(c)::value>(L.shape(), tid, rank, row, shares, a);
    });
  if (L.gathers(p))
    return with_radix(L.cluster, [&](auto c) {
      cluster_row_gather_phase<Sign, decltype(c)::value>(L.shape(), tid, rank, row, shares, a);
    });
  const StageGeom g = L.stage(L.stage_of(p));
  with_radix(g.radix, [&](auto r) {
    cluster_row_stage_phase<Sign, decltype(r)::value>(g, L.stage_reads(p), L.local.row_stride(), L.local.twiddle_table,
                                                      tid, regs, shares(rank), a);
  });
}

#if defined(__CUDACC_RTC__) || defined(__CUDACC__)
extern __shared__ __align__(16) unsigned char fft3d_shared_memory[];

// Block r's shared memory, mapped into this block's view of the cluster's.
template <typename Real>
struct RowClusterShares {
  Real* local;
  __device__ __forceinline__ Real* operator()(int r) const {
    return static_cast<Real*>(__cluster_map_shared_rank(local, static_cast<unsigned>(r)));
  }
};

template <class Cfg, int P, typename Real, int Capacity>
__device__ __forceinline__ void cluster_row_run_phases(int tid, int rank, long long row, XRegs<Real, Capacity>& regs,
                                                       const RowClusterShares<Real>& shares, const XArgs<Real>& a) {
  constexpr ClusterRowLayout L = Cfg::layout();
  constexpr ClusterRowShape S = L.shape();
  if constexpr (P < L.phases()) {
    if constexpr (L.scatters(P)) {
      cluster_row_scatter_phase<L.cluster>(S, tid, rank, row, shares, a);
    } else if constexpr (L.gathers(P)) {
      cluster_row_gather_phase<Cfg::kSign, L.cluster>(S, tid, rank, row, shares, a);
    } else {
      constexpr StageGeom g = L.stage(L.stage_of(P));
      constexpr bool reads = L.stage_reads(P), table = L.local.twiddle_table;
      cluster_row_stage_phase<Cfg::kSign, g.radix>(g, reads, S.row_stride, table, tid, regs, shares.local, a);
    }
    if constexpr (L.gathers(P)) {  // only so that no block leaves while others read it
      __cluster_barrier_arrive_relaxed();
      __cluster_barrier_wait();
    } else if constexpr (L.cluster_barrier_after(P)) {  // release the writes, acquire the others'
      __cluster_barrier_arrive();
      __cluster_barrier_wait();
    } else {
      __syncthreads();
    }
    cluster_row_run_phases<Cfg, P + 1>(tid, rank, row, regs, shares, a);
  }
}

// One block of a row's cluster: clusters of C consecutive blocks, one a row.
template <class Cfg>
__device__ __forceinline__ void cluster_row_device(const XArgs<typename Cfg::Real>& a) {
  using Real = typename Cfg::Real;
  constexpr ClusterRowLayout L = Cfg::layout();
  XRegs<Real, L.local.elems_per_thread()> regs;
  const int rank = static_cast<int>(__clusterRelativeBlockRank());
  const long long row = blockIdx.x / L.cluster;
  const RowClusterShares<Real> shares{reinterpret_cast<Real*>(fft3d_shared_memory)};
  cluster_row_run_phases<Cfg, 0>(static_cast<int>(threadIdx.x), rank, row, regs, shares, a);
}
#endif

}  // namespace kern
}  // namespace fft3d
