// The fused XY kernel's phases (see xy_kernel.h) for strided rows
// (XYLayout::strided_rows): a block holds rows rank + cluster * j of the
// plane, X runs on them in place, and Y's last stage reads across the
// cluster (the cross stage). Each runs on the GPU and on the CPU cluster
// executor alike.
#pragma once
#include "xy/xy_plane_phases.h"

namespace fft3d {
namespace kern {

// Strided rows (XYLayout::strided_rows): a share row, element idx at
// xy_share_slot(idx, pads, swizzle), read and written by every X stage in
// place; swizzled rows (XYLayout::row_swizzle) are read in order by the
// first stage (load_swizzle false), as the load left them.
template <typename Real>
struct XYSlotRowIo {
  Complex<Real>* share_row;
  bool live;
  bool pads;
  bool load_swizzle, store_swizzle;
  FFT3D_HD Complex<Real> load(int idx) const {
    return live ? share_row[xy_share_slot(idx, pads, load_swizzle)] : make_complex(Real(0), Real(0));
  }
  FFT3D_HD void store(int idx, Complex<Real> v) const {
    if (live) share_row[xy_share_slot(idx, pads, store_swizzle)] = v;
  }
};

// Real pairs, X's first stage: it reads share row element idx as a + i b
// from the two real rows the load left there in order (plane a's reals
// from 0, plane b's from pair_offset) and writes it as XYSlotRowIo does.
template <typename Real>
struct XYPairRowIo {
  Complex<Real>* share_row;
  int pair_offset;
  bool live;
  bool pads, swizzle;
  FFT3D_HD Complex<Real> load(int idx) const {
    const Real* reals = reinterpret_cast<const Real*>(share_row);
    return live ? make_complex(reals[idx], reals[pair_offset + idx]) : make_complex(Real(0), Real(0));
  }
  FFT3D_HD void store(int idx, Complex<Real> v) const {
    if (live) share_row[xy_share_slot(idx, pads, swizzle)] = v;
  }
};

// The first memory plane of launch plane (cluster) `plane`: the plane
// itself, or (real pairs) plane a of the pair; and whether the pair's plane
// b exists (a.planes counts memory planes there).
FFT3D_HD long long xy_first_memory_plane(bool real_pairs, long long plane) { return real_pairs ? 2 * plane : plane; }
template <typename Real>
FFT3D_HD bool xy_has_plane_b(long long plane, const XYArgs<Real>& a) {
  return 2 * plane + 1 < a.planes;
}

// Strided rows: where the block's first row (rank) of launch plane `plane`
// starts in the input (its rows lie cluster * pitch() apart).
template <typename Real>
FFT3D_HD const Complex<Real>* xy_strided_block_input(const XYLayout& L, int rank, long long plane,
                                                     const XYArgs<Real>& a) {
  return (a.in ? a.in : a.data) + xy_first_memory_plane(L.real_pairs(), plane) * a.plane_stride +
         static_cast<long long>(rank) * L.pitch();
}

// Strided rows of complex planes: the block's rows j in [j0, j1) of
// `plane` into share rows j (xy_share_slot), or a ring's rows
// (XYLayout::ring_rows) into their ring rows (xy_ring_row, early rows at
// `offset`), as plain element copies (the GPU issues cp.async, or one bulk
// copy a ring row).
template <typename Real>
FFT3D_HD void xy_strided_rows_load(const XYLayout& L, int tid, int rank, long long plane, int offset, int j0, int j1,
                                   unsigned char* smem, const XYArgs<Real>& a) {
  const Complex<Real>* in = xy_strided_block_input(L, rank, plane, a);
  Complex<Real>* share = reinterpret_cast<Complex<Real>*>(smem);
  const int n = L.columns();
  for (int i = j0 * n + tid; i < j1 * n; i += L.threads_per_block()) {
    const int j = i / n, x = i % n;  // swizzled rows (no pads) in order: xy_share_slot gives x
    share[xy_ring_row(L.ring_early_rows(), offset, j) * L.share_pitch() + xy_share_slot(x, L.row_pads)] =
        in[static_cast<long long>(j) * L.cluster * L.pitch() + x];
  }
}

// Strided rows, the load: rows rank + cluster * j of the plane into share
// rows j, as plain element copies (the GPU issues them with cp.async). Real
// pairs: each share row takes the row of plane a, then that of plane b
// (zeros where b is missing), as pairs of reals (XYLayout::pair_offset).
template <typename Real>
FFT3D_HD void xy_strided_load_phase(const XYLayout& L, int tid, int rank, long long plane, unsigned char* smem,
                                    const XYArgs<Real>& a) {
  if (!L.real_pairs()) return xy_strided_rows_load(L, tid, rank, plane, 0, 0, L.rows_per_cta(), smem, a);
  const Complex<Real>* in = xy_strided_block_input(L, rank, plane, a);
  Complex<Real>* share = reinterpret_cast<Complex<Real>*>(smem);
  const int n = L.columns(), half = n / 2;
  for (int i = tid; i < L.rows_per_cta() * n; i += L.threads_per_block()) {
    const int j = i / n, x = i % n;
    const Complex<Real>* row = in + static_cast<long long>(j) * L.cluster * L.pitch();
    const int b = x / half, m = x % half;  // plane b's half of the row, and the pair of reals in it
    const bool zero = b == 1 && !xy_has_plane_b(plane, a);
    Real* to = reinterpret_cast<Real*>(share + j * L.share_pitch()) + b * L.pair_offset() + 2 * m;
    const Complex<Real> v = zero ? make_complex(Real(0), Real(0)) : row[b * a.plane_stride + m];
    to[0] = v.re;
    to[1] = v.im;
  }
}

// Strided rows, X: phase `sub` of group `group` (stage sub / 2; its reads
// for even sub, its writes for odd), every stage reading and writing the
// row's share row in place, a warp barrier apart. A ring's early rows lie
// at ring row ring_offset (xy_ring_row), as in every strided phase below.
template <int Sign, int R, typename Real, int Capacity>
FFT3D_HD void xy_strided_x_phase(const XYPartGeom& G, int group, StageGeom g, int sub, int tid,
                                 XRegs<Real, Capacity>& regs, unsigned char* smem, const XYArgs<Real>& a,
                                 int ring_offset = 0) {
  if (tid >= G.threads) return;
  const int row = group * G.lines_per_group + tid / G.threads_per_row;
  Complex<Real>* const share_row =
      reinterpret_cast<Complex<Real>*>(smem) + xy_ring_row(G.ring_early, ring_offset, row) * G.share_pitch;
  g.first = g.last = true;  // no exchange: the share row on both sides
  const PhaseInfo ph{sub / 2, sub % 2 == 0, sub % 2 == 1};
  const int t = tid % G.threads_per_row;
  if (G.real_pairs && sub < 2) {  // stage 0 of real pairs reads a + i b
    const XYPairRowIo<Real> io{share_row, G.pair_offset, row < G.rows_per_cta, G.row_pads, G.row_swizzle};
    return stockham_stage_phase<Sign, R>(g, ph, t, static_cast<Real*>(nullptr), static_cast<Real*>(nullptr),
                                         G.twiddle_table, a.x_twiddles, io, regs);
  }
  const XYSlotRowIo<Real> io{share_row, row < G.rows_per_cta, G.row_pads, G.row_swizzle && sub >= 2, G.row_swizzle};
  stockham_stage_phase<Sign, R>(g, ph, t, static_cast<Real*>(nullptr), static_cast<Real*>(nullptr), G.twiddle_table,
                                a.x_twiddles, io, regs);
}

// Strided rows, real rows (R2C forward): the X part's post-processing of
// the group's share rows in place, Z = FFT(z) into the half spectrum X[0..n]
// with the real X[n] packed as the imaginary part of the real X[0] (as
// xy_real_post_phase); each thread rewrites the pairs (k, n - k) it read.
template <typename Real>
FFT3D_HD void xy_strided_post_phase(const XYPartGeom& G, int group, int tid, unsigned char* smem) {
  if (tid >= G.threads) return;
  const int row = group * G.lines_per_group + tid / G.threads_per_row;
  if (row >= G.rows_per_cta) return;
  const int n = G.columns;
  Complex<Real>* z = reinterpret_cast<Complex<Real>*>(smem) + row * G.share_pitch;
  for_real_pairs<-1, Real>(tid % G.threads_per_row, G.threads_per_row, n, [&](int k, Complex<Real> w) {
    real_post_pair<Real>(
        w, k, n, [&](int i) { return z[xy_share_slot(i, G.row_pads, G.row_swizzle)]; },
        [&](int i, Complex<Real> v) { z[xy_share_slot(i, G.row_pads, G.row_swizzle)] = v; });
  });
}

// Real pairs, after the X stages: share row Z = FFT(a + i b) separated in
// place into A = FFT(a) at columns 0..n/2 - 1 and B = FFT(b) at n/2..n - 1,
// A[k] = (Z[k] + conj Z[n - k]) / 2 and B[k] = (Z[k] - conj Z[n - k]) / 2i,
// with the real A[n/2] and B[n/2] packed as the imaginary parts of the real
// A[0] and B[0]. A thread takes k and m = n/2 - k together: A[k], B[k],
// A[m] and B[m] go to columns k, n/2 + k, m and n/2 + m, which are the
// values Z[k], Z[n - m], Z[m] and Z[n - k] it read, so no barrier is needed.
template <typename Real>
FFT3D_HD void xy_strided_pair_post_phase(const XYPartGeom& G, int group, int tid, unsigned char* smem) {
  if (tid >= G.threads) return;
  const int row = group * G.lines_per_group + tid / G.threads_per_row;
  if (row >= G.rows_per_cta) return;
  const int n = G.columns, h = n / 2;
  Complex<Real>* z = reinterpret_cast<Complex<Real>*>(smem) + row * G.share_pitch;
  auto at = [&](int i) -> Complex<Real>& { return z[xy_share_slot(i, G.row_pads, G.row_swizzle)]; };
  const Real half = Real(0.5);
  auto spectrum_a = [&](Complex<Real> p, Complex<Real> q) {
    return make_complex(half * (p.re + q.re), half * (p.im - q.im));
  };
  auto spectrum_b = [&](Complex<Real> p, Complex<Real> q) {
    return make_complex(half * (p.im + q.im), half * (q.re - p.re));
  };
  for (int k = tid % G.threads_per_row; 2 * k <= h; k += G.threads_per_row) {
    if (k == 0) {  // Z[0] = A[0] + i B[0] and Z[n/2] = A[n/2] + i B[n/2], all four real
      const Complex<Real> z0 = at(0), zh = at(h);
      at(0) = make_complex(z0.re, zh.re);
      at(h) = make_complex(z0.im, zh.im);
      continue;
    }
    const int m = h - k;
    const Complex<Real> zk = at(k), znk = at(n - k), zm = at(m), znm = at(n - m);
    at(k) = spectrum_a(zk, znk);
    at(h + k) = spectrum_b(zk, znk);
    if (m == k) continue;
    at(m) = spectrum_a(zm, znm);
    at(h + m) = spectrum_b(zm, znm);
  }
}

// Strided rows, Y's first stage (g0, Q points over the block's rows
// rank + cluster * j, butterfly `rank`), in place in the share, each column
// by one thread.
template <int Sign, int Q, typename Real>
FFT3D_HD void xy_strided_local_phase(const XYPartGeom& G, const StageGeom& g0, int tid, int rank, int threads,
                                     unsigned char* smem, const XYArgs<Real>& a, int ring_offset = 0) {
  Complex<Real>* share = reinterpret_cast<Complex<Real>*>(smem);
  auto at = [&](int k, int x) -> Complex<Real>& {
    const int row = xy_ring_row(G.ring_early, ring_offset, k);
    return share[row * G.share_pitch + xy_share_slot(x, G.row_pads, G.row_swizzle)];
  };
  for (int x = tid; x < G.columns; x += threads) {
    Complex<Real> v[Q];
    FFT3D_UNROLL
    for (int k = 0; k < Q; ++k) v[k] = at(k, x);
    dft<Q, Sign>(v);
    apply_stage_twiddles<Sign, Q>(g0, rank, G.twiddle_table, a.y_twiddles, v);
    FFT3D_UNROLL
    for (int k = 0; k < Q; ++k) at(k, x) = v[k];
  }
}

// Strided rows, Y loads (XYLayout::y_loads): Y's first stage (Q points,
// butterfly `rank`) read straight from the block's rows rank + cluster * j
// of the plane in global memory, each column by one thread, and written
// twiddled to share rows j, where X then runs in place. Offsets within a
// plane fit 32 bits (unsigned: the products by constants stay cheap).
template <int Sign, int Q, typename Real>
FFT3D_HD void xy_strided_y_load_phase(const XYLayout& L, int tid, int rank, long long plane, unsigned char* smem,
                                      const XYArgs<Real>& a) {
  const XYPartGeom G = L.part_geom(1, sizeof(Real));
  const Complex<Real>* in = xy_strided_block_input(L, rank, plane, a);
  const unsigned row_step = static_cast<unsigned>(L.cluster * L.pitch());
  Complex<Real>* share = reinterpret_cast<Complex<Real>*>(smem);
  for (int x = tid; x < G.columns; x += L.threads_per_block()) {
    Complex<Real> v[Q];
    FFT3D_UNROLL
    for (int k = 0; k < Q; ++k) v[k] = in[k * row_step + static_cast<unsigned>(x)];
    dft<Q, Sign>(v);
    apply_stage_twiddles<Sign, Q>(L.y.stage(0), rank, G.twiddle_table, a.y_twiddles, v);
    FFT3D_UNROLL
    for (int k = 0; k < Q; ++k) share[k * G.share_pitch + xy_share_slot(x, G.row_pads)] = v[k];
  }
}

// Strided rows: Y's second stage of butterfly (k1, x), value x of share
// row k1 of every block, into v.
template <int Sign, int C, typename Real, class Shares>
FFT3D_HD void xy_strided_cross_dft(const XYPartGeom& G, const Shares& shares, int k1, int x, Complex<Real> (&v)[C],
                                   int ring_offset = 0) {
  const int row = xy_ring_row(G.ring_early, ring_offset, k1);
  const int at = row * G.share_pitch + xy_share_slot(x, G.row_pads, G.row_swizzle);
  FFT3D_UNROLL
  for (int r = 0; r < C; ++r) v[r] = shares.at(r, at);
  dft<C, Sign>(v);
}

// Strided rows, real rows: butterfly (k1, x) of a packed column x (0, or
// n/2 of real pairs) gave z = Z[k1 + Q k2], the column holding X[0] + i X[n]
// of every row (n the real plane's Nyquist column, pitch - 1), both real
// over y; with Z[-k] from the partner butterfly (-k1 mod Q, x) this gives
// their transforms A[k] = (Z[k] + conj Z[-k]) / 2 (column 0 of `out`) and
// B[k] = (Z[k] - conj Z[-k]) / 2i (column n), as xy_unpack_phase does.
// z: registers (Complex<Real>[C]), or the block's unpack scratch where it
// has one (XYLayout::unpack_scratch_bytes), so that only the partner's DFT
// lives in registers meanwhile.
template <int Sign, int C, typename Real, class Shares, class Values>
FFT3D_HD void xy_strided_unpack(const XYPartGeom& G, const Shares& shares, int k1, int x, const Values& z,
                                Complex<Real>* out, Real s, int ring_offset) {
  const int q = G.rows_per_cta, partner = (q - k1) % q;
  Complex<Real> w[C];
  if (partner == k1) {
    FFT3D_UNROLL
    for (int k2 = 0; k2 < C; ++k2) w[k2] = z[k2];
  } else {
    xy_strided_cross_dft<Sign, C>(G, shares, partner, x, w, ring_offset);
  }
  const Real half = Real(0.5);
  FFT3D_UNROLL
  for (int k2 = 0; k2 < C; ++k2) {
    // -(k1 + Q k2) mod QC: (Q - k1) + Q (C - 1 - k2), or Q (C - k2) mod QC for k1 = 0.
    const Complex<Real> p = z[k2], m = k1 == 0 ? w[(C - k2) % C] : w[C - 1 - k2];  // constant indices: registers
    Complex<Real>* row = out + static_cast<long long>(k1 + q * k2) * G.pitch;
    row[0] = scale(make_complex(half * (p.re + m.re), half * (p.im - m.im)), s);
    row[G.pitch - 1] = scale(make_complex(half * (p.im + m.im), half * (m.re - p.re)), s);
  }
}

// Strided rows, Y's second stage (C = cluster points): butterfly (k1, x)
// reads value x of share row k1 of every block and writes rows k1 + Q k2
// of the plane (Q = G.rows_per_cta); block rank takes butterflies
// [rank, rank + 1) * Q * columns / C, x fastest. Real rows: column 0's
// butterflies also unpack it into columns 0 and n (xy_strided_unpack).
// Real pairs: columns from n/2 on are plane b's (none where b is missing),
// and columns 0 and n/2 unpack into their planes' columns 0 and n/2.
template <int Sign, int C, typename Real, class Shares>
FFT3D_HD void xy_strided_cross_phase(const XYPartGeom& G, int tid, int rank, int threads, long long plane,
                                     const Shares& shares, unsigned char* smem, const XYArgs<Real>& a,
                                     int ring_offset = 0) {
  const int n = G.columns, q = G.rows_per_cta, per_block = q * n / C, half = n / 2;
  // Packed columns (0 and n/2 of real pairs, the only rows with a scratch)
  // lie every half items; the block's k-th one parks in scratch slot k.
  const int first_slot = rank * per_block / half;
  Complex<Real>* const scratch = reinterpret_cast<Complex<Real>*>(smem + G.unpack_offset);
  Complex<Real>* const out = a.data + xy_first_memory_plane(G.real_pairs, plane) * a.plane_stride;
  const bool plane_b = G.real_pairs && xy_has_plane_b(plane, a);
  for (int i = tid; i < per_block; i += threads) {
    const int item = rank * per_block + i, k1 = item / n, x = item % n;
    const bool in_b = G.real_pairs && x >= half;
    if (in_b && !plane_b) continue;
    const int column = in_b ? x - half : x;
    Complex<Real>* const to = in_b ? out + a.plane_stride : out;
    Complex<Real> v[C];
    xy_strided_cross_dft<Sign, C>(G, shares, k1, x, v, ring_offset);
    if ((G.real_rows || G.real_pairs) && column == 0) {
      if (G.unpack_offset == 0) {
        xy_strided_unpack<Sign, C, Real>(G, shares, k1, x, v, to, a.scale, ring_offset);
        continue;
      }
      Complex<Real>* const z = scratch + (item / half - first_slot) * C;
      FFT3D_UNROLL
      for (int k2 = 0; k2 < C; ++k2) z[k2] = v[k2];
      compiler_memory_fence();  // z is read back from shared memory: v's registers are free
      xy_strided_unpack<Sign, C, Real>(G, shares, k1, x, static_cast<const Complex<Real>*>(z), to, a.scale,
                                       ring_offset);
      continue;
    }
    FFT3D_UNROLL
    for (int k2 = 0; k2 < C; ++k2)
      to[static_cast<long long>(k1 + q * k2) * G.pitch + column] = fft3d::kern::scale(v[k2], a.scale);
  }
}

}  // namespace kern
}  // namespace fft3d
