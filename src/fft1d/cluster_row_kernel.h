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
// Real rows (ClusterRowLayout::real): rows of 2 L reals as L complex
// points z[m] = x[2m] + i x[2m+1] (the real-rows kernels' half-length
// form, x_kernel.h real_pair). The forward's gather takes the positions k2
// and n - k2 together and writes the half spectrum X[0..L] from the pairs
// (k, L - k); the inverse's scatter reads X[k] and X[L - k] (two contiguous
// runs) and scatters Z = the pre-processed spectrum. The other two phases
// are the complex ones, on rows in_pitch and out_pitch reals apart.
// Cluster columns (ClusterRowLayout::columns = W): W neighbouring Y or Z
// columns of a grid a cluster, each in a shared row of every block, so that
// global accesses move W values of a grid row at a time; their scatter is
// local and their gather takes three phases (cluster_row_layout.h).
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

// Row `row` of the input (a.data) and of the output (a.out, or over the
// input): a.in_pitch and a.out_pitch reals apart where set (real rows),
// else dense rows of `length` complex values.
template <typename Real>
FFT3D_HD const Complex<Real>* cluster_row_input(const XArgs<Real>& a, long long row, long long length) {
  return a.data + row * (a.in_pitch ? a.in_pitch / 2 : length);
}
template <typename Real>
FFT3D_HD Complex<Real>* cluster_row_output(const XArgs<Real>& a, long long row, long long length) {
  return (a.out ? a.out : a.data) + row * (a.out_pitch ? a.out_pitch / 2 : length);
}

// Column w of cluster columns' group `group` (in place): where it starts,
// its element stride, and whether it exists (the last group may be ragged).
template <typename Real>
struct ClusterLine {
  Complex<Real>* start;
  long long step;
  bool live;
};
template <typename Real>
FFT3D_HD ClusterLine<Real> cluster_line(ClusterRowShape S, long long group, int w, const XArgs<Real>& a) {
  const long long c = group * S.columns + w;
  return {a.data + (c % a.geometry.inner + c / a.geometry.inner * a.geometry.outer), a.geometry.stride, c < a.rows};
}

// Position j2 of line w's shared row in a block's shared memory: the re
// parts of every line's row, then the im parts (as a row kernel's block).
template <typename Real>
FFT3D_HD void store_shared(Real* s, ClusterRowShape S, int w, int j2, Complex<Real> v) {
  s[w * S.row_stride + j2] = v.re;
  s[(S.lines() + w) * S.row_stride + j2] = v.im;
}

// Phase 1: block `rank` of row `row`'s cluster moves its share of the row
// from global memory into the blocks' shared memories. shares(r) is block
// r's shared memory (Real*), re parts at [0, n), im parts a row stride on.
template <int C, typename Real, class Shares>
FFT3D_HD void cluster_row_scatter_phase(ClusterRowShape S, int tid, int rank, long long row, const Shares& shares,
                                        const XArgs<Real>& a) {
  const Complex<Real>* in = cluster_row_input(a, row, S.length());
  for (int j2 = S.share_begin(rank) + tid; j2 < S.share_end(rank); j2 += S.threads) {
    Complex<Real> v[C];
    FFT3D_UNROLL
    for (int j1 = 0; j1 < C; ++j1) v[j1] = in[static_cast<long long>(C) * j2 + j1];
    FFT3D_UNROLL
    for (int j1 = 0; j1 < C; ++j1) store_shared(shares(j1), S, 0, j2, v[j1]);
  }
}

// Phase 1 of cluster columns: block `rank` loads its own subsequence, rows
// C j2 + rank of the group's columns (W values of a grid row each, one
// column a lane), into its shared rows: no remote writes. Every load is
// issued before the first store (through regs), so that they overlap.
template <int C, typename Real, int Capacity>
FFT3D_HD void cluster_column_scatter_phase(ClusterRowShape S, int tid, int rank, long long group, Real* smem,
                                           XRegs<Real, Capacity>& regs, const XArgs<Real>& a) {
  const int lines = S.columns, w = tid % lines, per_thread = S.n * lines / S.threads, step = S.threads / lines;
  const ClusterLine<Real> line = cluster_line(S, group, w, a);
  if (!line.live) return;
  const Complex<Real>* in = line.start + static_cast<long long>(C * (tid / lines) + rank) * line.step;
  FFT3D_UNROLL
  for (int q = 0; q < per_thread; ++q) regs.v[q] = in[static_cast<long long>(C) * step * q * line.step];
  FFT3D_UNROLL
  for (int q = 0; q < per_thread; ++q) store_shared(smem, S, w, tid / lines + q * step, regs.v[q]);
}

// Phase 1 of real rows, inverse: block `rank` pre-processes the pair
// indices p of its share. X[C p + j1] pairs with X[L - C p - j1] =
// X[C (n - p) - j1] (two contiguous runs; p = 0, j1 = 0: X[0] with X[L],
// their imaginary parts dropped, as FFTW does), giving Z at both
// (real_pair<+1>). Z[k], k = C j2 + j1, goes to block j1 at j2: the firsts
// to positions p <= n / 2, the seconds where they land beyond n / 2, so that
// each position is written once.
template <int C, typename Real, class Shares>
FFT3D_HD void cluster_row_real_scatter_phase(ClusterRowShape S, int tid, int rank, long long row,
                                             const Shares& shares, const XArgs<Real>& a) {
  const int n = S.n, length = static_cast<int>(S.length());
  const Complex<Real>* in = cluster_row_input(a, row, S.length());
  for (int p = S.pair_share_begin(rank) + tid; p < S.pair_share_end(rank); p += S.threads) {
    const long long low = static_cast<long long>(C) * p, high = static_cast<long long>(C) * (n - p);
    Complex<Real> v[C], u[C];
    FFT3D_UNROLL
    for (int j1 = 0; j1 < C; ++j1) v[j1] = in[low + j1];
    FFT3D_UNROLL
    for (int j1 = 0; j1 < C; ++j1) u[j1] = in[high - j1];
    if (p == 0) v[0].im = u[0].im = Real(0);
    const Complex<Real> wp = unit_root<+1, Real>(C * p, 2 * length);  // W^-(C p), W = exp(-pi i / L)
    FFT3D_UNROLL
    for (int j1 = 0; j1 < C; ++j1) {
      Complex<Real> first, second;
      real_pair<+1>(wp * unit_root<+1, Real>(j1, 2 * length), v[j1], u[j1], &first, &second);
      store_shared(shares(j1), S, 0, p, first);
      const int j2 = n - p - (j1 > 0 ? 1 : 0);  // second is Z[C (n - p) - j1]
      if (2 * j2 > n && j2 < n) store_shared(shares((C - j1) % C), S, 0, j2, second);
    }
  }
}

// Phase 2: stage g (ClusterRowLayout::stage) of the block's transform, its
// reads or its writes; thread tid works on line tid / g.threads. g is a
// constant on the GPU, as in x_run_phases, so that the register arrays stay
// in registers.
template <int Sign, int R, typename Real, int Capacity>
FFT3D_HD void cluster_row_stage_phase(const StageGeom& g, bool reads, ClusterRowShape S, bool use_table, int tid,
                                      XRegs<Real, Capacity>& regs, Real* smem, const XArgs<Real>& a) {
  const PhaseInfo ph{0, reads, !reads};
  const int w = tid / g.threads;
  stockham_stage_phase<Sign, R>(g, ph, tid % g.threads, smem + w * S.row_stride,
                                smem + (S.lines() + w) * S.row_stride, use_table, a.twiddles, SharedOnlyIo<Real>{},
                                regs);
}

// v[k1] = X[k2 + n k1], k1 < C: the twiddled C-point DFT of line w's
// position k2 across the blocks.
template <int Sign, int C, typename Real, class Shares>
FFT3D_HD void cluster_dft(ClusterRowShape S, int w, int k2, const Shares& shares, Complex<Real>* v) {
  FFT3D_UNROLL
  for (int j1 = 0; j1 < C; ++j1) {
    const Real* s = shares(j1);
    v[j1] = make_complex(s[w * S.row_stride + k2], s[(S.lines() + w) * S.row_stride + k2]);
  }
  apply_cluster_twiddles<Sign, C>(k2, static_cast<int>(S.length()), v);
  dft<C, Sign>(v);
}

// Phase 3: the C-point DFTs across the cluster for block `rank`'s k2, written
// to the output row (a.out, or over the input) times a.scale.
template <int Sign, int C, typename Real, class Shares>
FFT3D_HD void cluster_row_gather_phase(ClusterRowShape S, int tid, int rank, long long row, const Shares& shares,
                                       const XArgs<Real>& a) {
  const int n = S.n;
  Complex<Real>* out = cluster_row_output(a, row, S.length());
  for (int k2 = S.share_begin(rank) + tid; k2 < S.share_end(rank); k2 += S.threads) {
    Complex<Real> v[C];
    cluster_dft<Sign, C>(S, 0, k2, shares, v);
    FFT3D_UNROLL
    for (int k1 = 0; k1 < C; ++k1) out[k2 + static_cast<long long>(n) * k1] = scale(v[k1], a.scale);
  }
}

// Phase 3 of cluster columns, step 0: the C-point DFTs of block `rank`'s
// positions k2 (n / C of them) of every column, neighbouring threads on
// neighbouring k2 (contiguous remote reads), kept in regs: item q's
// X[k2 + n k1] at regs.v[q C + k1].
template <int Sign, int C, typename Real, int Capacity, class Shares>
FFT3D_HD void cluster_column_dft_phase(ClusterRowShape S, int tid, int rank, const Shares& shares,
                                       XRegs<Real, Capacity>& regs) {
  const int len = S.n / C;
  FFT3D_UNROLL
  for (int q = 0; q < S.gather_items; ++q) {
    const int i = tid + q * S.threads;
    if (i < len * S.columns) cluster_dft<Sign, C>(S, i / len, rank * len + i % len, shares, regs.v + q * C);
  }
}

// Step 1: the DFTs into the block's own shared rows (after the cluster
// barrier: no block reads them any more), column w's X[k2 + n k1] at
// position k1 n / C + (k2 - rank n / C).
template <int C, typename Real, int Capacity>
FFT3D_HD void cluster_column_stash_phase(ClusterRowShape S, int tid, Real* smem, const XRegs<Real, Capacity>& regs) {
  const int len = S.n / C;
  FFT3D_UNROLL
  for (int q = 0; q < S.gather_items; ++q) {
    const int i = tid + q * S.threads;
    if (i >= len * S.columns) continue;
    FFT3D_UNROLL
    for (int k1 = 0; k1 < C; ++k1) store_shared(smem, S, i / len, k1 * len + i % len, regs.v[q * C + k1]);
  }
}

// Step 2: the block's outputs to global memory times a.scale, one column a
// lane, so that each store moves W values of a grid row.
template <typename Real>
FFT3D_HD void cluster_column_store_phase(ClusterRowShape S, int tid, int rank, long long group, const Real* smem,
                                         const XArgs<Real>& a) {
  const int lines = S.columns, w = tid % lines, len = S.n / S.cluster, per_thread = S.n * lines / S.threads;
  const ClusterLine<Real> line = cluster_line(S, group, w, a);
  if (!line.live) return;
  FFT3D_UNROLL
  for (int q = 0; q < per_thread; ++q) {
    const int r = tid / lines + q * (S.threads / lines);
    const Complex<Real> v = make_complex(smem[w * S.row_stride + r], smem[(lines + w) * S.row_stride + r]);
    const long long k = rank * len + r % len + static_cast<long long>(S.n) * (r / len);
    line.start[k * line.step] = scale(v, a.scale);
  }
}

// Phase 3 of real rows, forward: block `rank` takes the pair indices p of
// its share, the positions p and q = n - p (p = 0: q = 0), whose DFTs hold
// Z[p + n k1] and Z[q + n k1]. Z[k], k = p + n k1, pairs with Z[L - k] =
// Z[q + n (C - 1 - k1)] (p = 0: Z[n (C - k1) mod L], and Z[0] gives X[L]);
// real_pair<-1> makes X[k] and X[L - k]. The half spectrum X[0..L] goes
// to the output row, each value written once.
template <int C, typename Real, class Shares>
FFT3D_HD void cluster_row_real_gather_phase(ClusterRowShape S, int tid, int rank, long long row,
                                            const Shares& shares, const XArgs<Real>& a) {
  const int n = S.n, length = static_cast<int>(S.length());
  Complex<Real>* out = cluster_row_output(a, row, S.length());
  for (int p = S.pair_share_begin(rank) + tid; p < S.pair_share_end(rank); p += S.threads) {
    const int q = p == 0 ? 0 : n - p;
    Complex<Real> v[C], u[C];
    cluster_dft<-1, C>(S, 0, p, shares, v);
    Complex<Real> first, second;
    if (p == 0) {  // the pairs (n k1, n (C - k1)) within v, and (0, L)
      FFT3D_UNROLL
      for (int k1 = 0; k1 < C; ++k1) {
        real_pair<-1>(unit_root<-1, Real>(k1, 2 * C), v[k1], v[(C - k1) % C], &first, &second);
        out[static_cast<long long>(n) * k1] = scale(first, a.scale);
        if (k1 == 0) out[length] = scale(second, a.scale);
      }
      continue;
    }
    cluster_dft<-1, C>(S, 0, q, shares, u);  // q = p (p = n / 2) gives u = v
    const Complex<Real> wp = unit_root<-1, Real>(p, 2 * length);  // W^p, W = exp(-pi i / L)
    FFT3D_UNROLL
    for (int k1 = 0; k1 < C; ++k1) {
      real_pair<-1>(wp * unit_root<-1, Real>(k1, 2 * C), v[k1], u[C - 1 - k1], &first, &second);
      out[p + static_cast<long long>(n) * k1] = scale(first, a.scale);
      if (q != p) out[q + static_cast<long long>(n) * (C - 1 - k1)] = scale(second, a.scale);
    }
  }
}

// Run-time dispatch of one phase, for the CPU cluster executor.
template <int Sign, typename Real, int Capacity, class Shares>
inline void cluster_row_phase_on_host(const ClusterRowLayout& L, int p, int tid, int rank, long long row,
                                      XRegs<Real, Capacity>& regs, const Shares& shares, const XArgs<Real>& a) {
  const bool real_scatter = L.real && Sign > 0, real_gather = L.real && Sign < 0;
  const ClusterRowShape S = L.shape();
  if (L.scatters(p))
    return with_radix(L.cluster, [&](auto c) {
      constexpr int kC = decltype(c)::value;
      if (L.columns > 0) return cluster_column_scatter_phase<kC>(S, tid, rank, row, shares(rank), regs, a);
      if (real_scatter) return cluster_row_real_scatter_phase<kC>(S, tid, rank, row, shares, a);
      cluster_row_scatter_phase<kC>(S, tid, rank, row, shares, a);
    });
  if (L.gathers(p))
    return with_radix(L.cluster, [&](auto c) {
      constexpr int kC = decltype(c)::value;
      if (L.columns > 0 && L.gather_step(p) == 0) return cluster_column_dft_phase<Sign, kC>(S, tid, rank, shares, regs);
      if (L.columns > 0 && L.gather_step(p) == 1) return cluster_column_stash_phase<kC>(S, tid, shares(rank), regs);
      if (L.columns > 0) return cluster_column_store_phase(S, tid, rank, row, shares(rank), a);
      if (real_gather) return cluster_row_real_gather_phase<kC>(S, tid, rank, row, shares, a);
      cluster_row_gather_phase<Sign, kC>(S, tid, rank, row, shares, a);
    });
  const StageGeom g = L.stage(L.stage_of(p));
  with_radix(g.radix, [&](auto r) {
    cluster_row_stage_phase<Sign, decltype(r)::value>(g, L.stage_reads(p), L.shape(), L.local.twiddle_table, tid,
                                                      regs, shares(rank), a);
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
    if constexpr (L.scatters(P) && L.columns > 0) {
      cluster_column_scatter_phase<L.cluster>(S, tid, rank, row, shares.local, regs, a);
    } else if constexpr (L.gathers(P) && L.columns > 0 && L.gather_step(P) == 0) {
      cluster_column_dft_phase<Cfg::kSign, L.cluster>(S, tid, rank, shares, regs);
    } else if constexpr (L.gathers(P) && L.columns > 0 && L.gather_step(P) == 1) {
      cluster_column_stash_phase<L.cluster>(S, tid, shares.local, regs);
    } else if constexpr (L.gathers(P) && L.columns > 0) {
      cluster_column_store_phase(S, tid, rank, row, shares.local, a);
    } else if constexpr (L.scatters(P) && L.real && Cfg::kSign > 0) {
      cluster_row_real_scatter_phase<L.cluster>(S, tid, rank, row, shares, a);
    } else if constexpr (L.scatters(P)) {
      cluster_row_scatter_phase<L.cluster>(S, tid, rank, row, shares, a);
    } else if constexpr (L.gathers(P) && L.real && Cfg::kSign < 0) {
      cluster_row_real_gather_phase<L.cluster>(S, tid, rank, row, shares, a);
    } else if constexpr (L.gathers(P)) {
      cluster_row_gather_phase<Cfg::kSign, L.cluster>(S, tid, rank, row, shares, a);
    } else {
      constexpr StageGeom g = L.stage(L.stage_of(P));
      constexpr bool reads = L.stage_reads(P), table = L.local.twiddle_table;
      cluster_row_stage_phase<Cfg::kSign, g.radix>(g, reads, S, table, tid, regs, shares.local, a);
    }
    if constexpr (L.gathers(P) && L.columns == 0) {  // only so that no block leaves while others read it
      __cluster_barrier_arrive_relaxed();
      __cluster_barrier_wait();
    } else if constexpr (L.gathers(P) && L.gather_step(P) == 2) {  // the kernel ends
    } else if constexpr (L.cluster_barrier_after(P)) {  // release the writes (and reads), acquire the others'
      __cluster_barrier_arrive();
      __cluster_barrier_wait();
    } else {
      __syncthreads();
    }
    cluster_row_run_phases<Cfg, P + 1>(tid, rank, row, regs, shares, a);
  }
}

// One block of a cluster: clusters of C consecutive blocks, one a row (or
// a group of ClusterRowLayout::columns columns).
template <class Cfg>
__device__ __forceinline__ void cluster_row_device(const XArgs<typename Cfg::Real>& a) {
  using Real = typename Cfg::Real;
  constexpr ClusterRowLayout L = Cfg::layout();
  XRegs<Real, L.local.elems_per_thread()> regs;
  const int rank = static_cast<int>(__clusterRelativeBlockRank());
  const long long group = blockIdx.x / L.cluster;
  const RowClusterShares<Real> shares{reinterpret_cast<Real*>(fft3d_shared_memory)};
  constexpr bool bounded = cluster_row_bounds_thread_index(L.real, sizeof(Real));
  cluster_row_run_phases<Cfg, 0>(thread_index<L.threads(), bounded>(), rank, group, regs, shares, a);
}
#endif

}  // namespace kern
}  // namespace fft3d
