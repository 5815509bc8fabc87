// The fused XY kernel (see xy_layout.h): the X and Y stages of the Stockham
// row and column kernels (stockham_stage_phase), with the X results kept in
// the cluster's shared memory instead of going back to global memory. The
// same phase function runs on the GPU (layout as compile-time constants, the
// cluster's shares reached through distributed shared memory) and in the CPU
// cluster executor (layout as run-time data, shares as plain arrays).
#pragma once
#include "common/device_defs.h"
#include "fft1d/x_kernel.h"
#include "xy/xy_layout.h"

namespace fft3d {
namespace kern {

template <typename Real>
struct XYArgs {
  Complex<Real>* data;            // planes transformed in place (out of place: written)
  long long planes;               // one cluster per plane (real pairs: per two; planes counts memory planes)
  long long plane_stride;         // complex values between planes
  const Complex<Real>* x_twiddles;  // exp(-2 pi i m / nx); table variants only
  const Complex<Real>* y_twiddles;  // exp(-2 pi i m / ny); table variants only
  Real scale = Real(1);           // applied as the Y stage stores (normalisation)
  const Complex<Real>* in = nullptr;  // out of place: the planes are read here (same layout)
};

// Where `plane` of the launch starts: a plane, or (split, XYLayout::split)
// one residue class of rows of plane / split.
FFT3D_HD long long xy_plane_offset(long long plane, long long plane_stride, int split, int pitch) {
  return split > 1 ? plane / split * plane_stride + plane % split * pitch : plane * plane_stride;
}

// X part: row y of the plane, transformed in place in the block's share
// (its first stage reads the row and its last stage writes it, phases apart).
template <typename Real>
struct XYRowIo {
  Complex<Real>* share_row;
  bool live;
  FFT3D_HD Complex<Real> load(int idx) const { return live ? share_row[idx] : make_complex(Real(0), Real(0)); }
  FFT3D_HD void store(int idx, Complex<Real> v) const {
    if (live) share_row[idx] = v;
  }
};

// Y part: column x, its first stage read across the cluster's shares
// (element y lives in block y / rows_per_cta, row y % rows_per_cta), its last
// stage written to global memory: element y at out[y * out_stride], which
// for the packed column 0 of real rows is shared memory (unscaled, for
// xy_unpack_phase). Shares gives the share of a block rank.
template <int Sign, typename Real, class Shares>
struct XYColumnIo {
  const Shares& shares;
  int x, pitch, rows_per_cta;
  Complex<Real>* out;
  int out_stride;
  Real scale;
  bool live;
  int split = 1, y1 = 0, ny = 0, inverse = 0;  // XYLayout::split; y1 = plane % split; ny: the layout's
  FFT3D_HD Complex<Real> load(int y) const {
    if (!live) return make_complex(Real(0), Real(0));
    return shares.at(y / rows_per_cta, (y % rows_per_cta) * pitch + x);
  }
  FFT3D_HD void store(int y, Complex<Real> v) const {
    if (!live) return;
    int row = y;
    if (split > 1) {  // twiddled, into its CRT row (XYLayout::split)
      v = v * unit_root<Sign, Real>(y1 * y, split * ny);
      row = ((y - y1) % ny + ny) % ny * inverse % ny;  // y1 may exceed ny
    }
    out[static_cast<long long>(row) * out_stride] = fft3d::kern::scale(v, scale);
  }
};

// Columns first (XYLayout::columns_first): element k of row y lives in
// block k / cols_per_cta, row y, column k % cols_per_cta of its share.
template <typename Real, class Shares>
FFT3D_HD Complex<Real> xy_row_element(const Shares& shares, int cols_per_cta, int share_pitch, int y, int k) {
  return shares.at(k / cols_per_cta, y * share_pitch + k % cols_per_cta);
}

// Columns first, X part: row y, its first stage read across the cluster's
// shares, its last stage written to global memory at out[k].
template <typename Real, class Shares>
struct XYClusterRowIo {
  const Shares& shares;
  int y, cols_per_cta, share_pitch;
  Complex<Real>* out;
  Real scale;
  bool live;
  FFT3D_HD Complex<Real> load(int k) const {
    if (!live) return make_complex(Real(0), Real(0));
    return xy_row_element<Real>(shares, cols_per_cta, share_pitch, y, k);
  }
  FFT3D_HD void store(int k, Complex<Real> v) const {
    if (live) out[k] = fft3d::kern::scale(v, scale);
  }
};

// Columns first, Y part: one column of the block's share (element y at
// column[y * pitch]), transformed in place (its first stage reads it and
// its last stage writes it, phases apart).
template <typename Real>
struct XYShareColumnIo {
  Complex<Real>* column;
  int pitch;
  bool live;
  FFT3D_HD Complex<Real> load(int y) const { return live ? column[y * pitch] : make_complex(Real(0), Real(0)); }
  FFT3D_HD void store(int y, Complex<Real> v) const {
    if (live) column[y * pitch] = v;
  }
};

// The cluster's shares as the CPU executor holds them: one array per block,
// the share `offset` bytes into it (the second of a double-buffered layout).
template <typename Real>
struct HostShares {
  void* const* blocks;
  long long offset;
  FFT3D_HD const Complex<Real>* of(int rank) const {
    return reinterpret_cast<const Complex<Real>*>(static_cast<const unsigned char*>(blocks[rank]) + offset);
  }
  FFT3D_HD Complex<Real> at(int rank, int index) const { return of(rank)[index]; }
};

// The block's rows of the plane: where they start and how many complex
// values they hold (the last block's may be fewer, or none).
// (The rows are XYLayout::row_step() apart: contiguous unless split.)
template <typename Real>
FFT3D_HD const Complex<Real>* xy_block_rows(const XYLayout& L, int rank, long long plane, const XYArgs<Real>& a,
                                          int* count) {
  const int first_row = rank * L.rows_per_cta();
  const int rows = min_of(L.rows_per_cta(), L.ny() - first_row);
  *count = rows > 0 ? rows * L.pitch() : 0;
  return (a.in ? a.in : a.data) + xy_plane_offset(plane, a.plane_stride, L.split, L.pitch()) +
         static_cast<long long>(first_row) * L.row_step();
}

// The load phase as plain element copies into `share` (the CPU executor's
// form; the GPU issues the same copies asynchronously, see xy_load_device).
template <typename Real>
FFT3D_HD void xy_load_phase(const XYLayout& L, int tid, int rank, long long plane, unsigned char* share_base,
                            const XYArgs<Real>& a) {
  int count = 0;
  const Complex<Real>* rows = xy_block_rows(L, rank, plane, a, &count);
  Complex<Real>* share = reinterpret_cast<Complex<Real>*>(share_base);
  for (int i = tid; i < count; i += L.threads_per_block())
    share[i] = rows[i / L.pitch() * L.row_step() + i % L.pitch()];
}

// The block's columns of the plane (columns first): the first one and how
// many (the last block's may be fewer, or none).
FFT3D_HD int xy_block_columns(const XYLayout& L, int rank, int* count) {
  const int first = rank * L.cols_per_cta();
  *count = max_of(0, min_of(L.cols_per_cta(), L.columns() - first));
  return first;
}

// The columns-first load as plain element copies: the block's columns of
// every row into its share and, real rows, column n into block 0's buffer
// after the exchange (for xy_pack_phase). smem is the block's shared memory.
template <typename Real>
FFT3D_HD void xy_load_columns_phase(const XYLayout& L, int tid, int rank, long long plane, unsigned char* smem,
                                    const XYArgs<Real>& a) {
  int cols = 0;
  const int first = xy_block_columns(L, rank, &cols);
  const Complex<Real>* in = (a.in ? a.in : a.data) + plane * a.plane_stride;
  Complex<Real>* share = reinterpret_cast<Complex<Real>*>(smem);
  for (int i = tid; i < L.ny() * cols; i += L.threads_per_block())
    share[i / cols * L.share_pitch() + i % cols] = in[static_cast<long long>(i / cols) * L.pitch() + first + i % cols];
  if (!L.real_rows() || rank != 0) return;
  Complex<Real>* column_n = reinterpret_cast<Complex<Real>*>(smem + L.unpack_offset(sizeof(Real)));
  for (int y = tid; y < L.ny(); y += L.threads_per_block())
    column_n[y] = in[static_cast<long long>(y) * L.pitch() + L.columns()];
}

// Real rows, columns first, before the Y part: block 0 folds column n (B,
// in its buffer) into column 0 (A) as H(A) + i H(B), H(A)[k] =
// (A[k] + conj A[-k]) / 2 the Hermitian part over y. The Y transform of
// H(A) is the real part of A's, so column 0 then holds the real X[0] and
// X[n] of every row as one complex value (what separate passes take: the
// real parts, as FFTW does). Each thread takes pairs (k, ny - k).
template <typename Real>
FFT3D_HD void xy_pack_phase(const XYPartGeom& G, int tid, int rank, unsigned char* smem) {
  if (rank != 0 || tid >= G.threads) return;
  Complex<Real>* column = reinterpret_cast<Complex<Real>*>(smem);
  const Complex<Real>* column_n = reinterpret_cast<const Complex<Real>*>(smem + G.unpack_offset);
  const Real half = Real(0.5);
  for (int k = tid; 2 * k <= G.ny; k += G.threads) {
    const int m = (G.ny - k) % G.ny;
    const Complex<Real> a = column[k * G.share_pitch], am = column[m * G.share_pitch];
    const Complex<Real> b = column_n[k], bm = column_n[m];
    const Complex<Real> ha = make_complex(half * (a.re + am.re), half * (a.im - am.im));
    const Complex<Real> hb = make_complex(half * (b.re + bm.re), half * (b.im - bm.im));
    column[k * G.share_pitch] = make_complex(ha.re - hb.im, ha.im + hb.re);
    if (m != k) column[m * G.share_pitch] = make_complex(ha.re + hb.im, hb.re - ha.im);
  }
}

// Real rows, columns first: the X part's pre-processing (C2R inverse) of
// row `row` of the block's rows, from the half spectrum X[0..n] across the
// cluster's shares (the real X[0] and X[n] packed in column 0, see
// xy_pack_phase) into Z in the row's exchange, unpadded, for the inverse
// FFT of its stages (see x_real_phase).
template <typename Real, class Shares>
FFT3D_HD void xy_real_pre_phase(const XYPartGeom& G, int group, int tid, int rank, unsigned char* smem,
                                const Shares& shares) {
  if (tid >= G.threads) return;
  const int local = tid / G.threads_per_row, t = tid % G.threads_per_row;
  const int row = group * G.lines_per_group + local;
  const int y = rank * G.rows_per_cta + row;
  if (row >= G.rows_per_cta || y >= G.ny) return;
  const int n = G.columns;
  Real* re = reinterpret_cast<Real*>(smem + G.exchange_offset) + local * G.row_stride;
  Real* im = re + G.lines_per_group * G.row_stride;
  auto at = [&](int k) { return xy_row_element<Real>(shares, G.cols_per_cta, G.share_pitch, y, k); };
  for_real_pairs<+1, Real>(t, G.threads_per_row, n, [&](int k, Complex<Real> w) {
    Complex<Real> x0, xn;
    if (k == 0) {  // column 0 holds X[0] + i X[n] (both real)
      const Complex<Real> c = at(0);
      x0 = make_complex(c.re, Real(0));
      xn = make_complex(c.im, Real(0));
    } else {
      x0 = at(k);
      xn = at(n - k);
    }
    real_pre_pair(w, k, n, x0, xn, re, im);
  });
}

// One phase (stage g, phase ph) of part G for group `group`, for one thread
// of block `rank` of the cluster working on `plane` in share `buffer`; smem
// is the block's shared memory, `shares` the cluster's shares of that
// buffer. R is the stage's radix.
template <int Sign, int R, typename Real, int Capacity, class Shares>
FFT3D_HD void xy_stage_phase(const XYPartGeom& G, int group, const StageGeom& g, const PhaseInfo& ph, int tid,
                             int rank, long long plane, int buffer, XRegs<Real, Capacity>& regs,
                             unsigned char* smem, const Shares& shares, const XYArgs<Real>& a) {
  if (tid >= G.threads) return;
  Real* exchange = reinterpret_cast<Real*>(smem + G.exchange_offset);
  Complex<Real>* const plane_data = a.data + xy_plane_offset(plane, a.plane_stride, G.split, G.pitch);
  if (G.columns_first) {
    Complex<Real>* share = reinterpret_cast<Complex<Real>*>(smem);
    const bool rows = G.part == 0;
    const int local = rows ? tid / G.threads_per_row : tid % G.lines_per_group;
    const int t = rows ? tid % G.threads_per_row : tid / G.lines_per_group;
    const int line = group * G.lines_per_group + local;  // the block's row, or its column
    Real* re = exchange + local * G.row_stride;
    Real* im = re + G.lines_per_group * G.row_stride;
    if (rows) {
      const int y = rank * G.rows_per_cta + line;
      const bool live = line < G.rows_per_cta && y < G.ny;
      Complex<Real>* const out = plane_data + static_cast<long long>(y) * G.pitch;
      const XYClusterRowIo<Real, Shares> io{shares, y, G.cols_per_cta, G.share_pitch, out, a.scale, live};
      stockham_stage_phase<Sign, R>(g, ph, t, re, im, G.twiddle_table, a.x_twiddles, io, regs);
    } else {
      const bool live = line < G.cols_per_cta && rank * G.cols_per_cta + line < G.columns;
      const XYShareColumnIo<Real> io{share + line, G.share_pitch, live};
      stockham_stage_phase<Sign, R>(g, ph, t, re, im, G.twiddle_table, a.y_twiddles, io, regs);
    }
    return;
  }
  if (G.part == 0) {
    const int local = tid / G.threads_per_row, t = tid % G.threads_per_row;
    const int row = group * G.lines_per_group + local;  // in this block's share
    const int y = rank * G.rows_per_cta + row;
    const bool live = row < G.rows_per_cta && y < G.ny;
    Complex<Real>* share = reinterpret_cast<Complex<Real>*>(smem + buffer * G.share_stride);
    const XYRowIo<Real> io{share + row * G.pitch, live};
    Real* re = exchange + local * G.row_stride;
    stockham_stage_phase<Sign, R>(g, ph, t, re, re + G.lines_per_group * G.row_stride, G.twiddle_table,
                                  a.x_twiddles, io, regs);
  } else {
    const int local = tid % G.lines_per_group, t = tid / G.lines_per_group;
    const int col = group * G.lines_per_group + local;
    const int x = rank * G.cols_per_cta + col;
    const bool live = col < G.cols_per_cta && x < G.columns;
    const bool packed = G.unpack_offset > 0 && x == 0;
    const XYColumnIo<Sign, Real, Shares> io{
        shares,
        x,
        G.pitch,
        G.rows_per_cta,
        packed ? reinterpret_cast<Complex<Real>*>(smem + G.unpack_offset) : plane_data + x,
        packed ? 1 : G.split * G.pitch,
        packed ? Real(1) : a.scale,
        live,
        G.split,
        G.split > 1 ? static_cast<int>(plane % G.split) : 0,
        G.ny,
        G.split_inverse};
    Real* re = exchange + local * G.row_stride;
    stockham_stage_phase<Sign, R>(g, ph, t, re, re + G.lines_per_group * G.row_stride, G.twiddle_table,
                                  a.y_twiddles, io, regs);
  }
}

// The forward's post-processing of the pair (k, n - k) of Z = FFT(z) (Z[k]
// and Z[m] from load, m = n - k, or 0 for k = 0) into the half spectrum:
// store(k, X[k]) and store(n - k, X[n - k]), or for k = 0 store(0, X[0] +
// i X[n]), the real X[n] packed as the imaginary part of the real X[0].
template <typename Real, class Load, class Store>
FFT3D_HD void real_post_pair(Complex<Real> w, int k, int n, Load load, Store store) {
  Complex<Real> lo, hi;
  real_pair<-1>(w, load(k), load(k == 0 ? 0 : n - k), &lo, &hi);
  if (k == 0) {
    store(0, make_complex(lo.re, hi.re));
  } else {
    store(k, lo);
    store(n - k, hi);
  }
}

// The real post-processing of the X part (R2C forward, XYLayout::real_rows):
// row `row` of the share receives the half spectrum X[0..n] of its 2n reals
// from Z = FFT(z), which the last stage left unpadded in the row's exchange
// (see x_real_phase), with the real X[n] packed as the imaginary part of
// the real X[0]; each thread takes pairs (k, n - k), so the row's values are
// written by the thread that read them.
template <typename Real>
FFT3D_HD void xy_real_post_phase(const XYPartGeom& G, int group, int tid, int rank, int buffer,
                                 unsigned char* smem) {
  if (tid >= G.threads) return;
  const int local = tid / G.threads_per_row, t = tid % G.threads_per_row;
  const int row = group * G.lines_per_group + local;
  if (row >= G.rows_per_cta || rank * G.rows_per_cta + row >= G.ny) return;
  const int n = G.pitch - 1;
  const Real* re = reinterpret_cast<const Real*>(smem + G.exchange_offset) + local * G.row_stride;
  const Real* im = re + G.lines_per_group * G.row_stride;
  Complex<Real>* out = reinterpret_cast<Complex<Real>*>(smem + buffer * G.share_stride) + row * G.pitch;
  for_real_pairs<-1, Real>(t, G.threads_per_row, n, [&](int k, Complex<Real> w) {
    real_post_pair<Real>(
        w, k, n, [&](int i) { return make_complex(re[i], im[i]); }, [&](int i, Complex<Real> v) { out[i] = v; });
  });
}

// Real rows, after the Y part: column 0 held X[0] + i X[n] of every row,
// both real over y, so its transform Z gives theirs as
// A[k] = (Z[k] + conj Z[-k]) / 2 (column 0) and B[k] = (Z[k] - conj Z[-k]) / 2i
// (column n). Block 0 owns column 0 and kept Z in shared memory. G is the
// Y part's geometry.
template <typename Real>
FFT3D_HD void xy_unpack_phase(const XYPartGeom G, int tid, int rank, long long plane, const unsigned char* smem,
                              const XYArgs<Real>& a) {
  if (rank != 0 || tid >= G.threads) return;
  const Complex<Real>* z = reinterpret_cast<const Complex<Real>*>(smem + G.unpack_offset);
  Complex<Real>* const out = a.data + plane * a.plane_stride;
  const Real half = Real(0.5);
  for (int k = tid; k < G.ny; k += G.threads) {
    const Complex<Real> p = z[k], q = z[k == 0 ? 0 : G.ny - k];
    const long long at = static_cast<long long>(k) * G.pitch;
    out[at] = scale(make_complex(half * (p.re + q.re), half * (p.im - q.im)), a.scale);
    out[at + G.columns] = scale(make_complex(half * (p.im + q.im), half * (q.re - p.re)), a.scale);
  }
}

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
// from the two real rows the load left there (plane a's reals from 0,
// plane b's from pair_offset) and writes it as XYSlotRowIo does.
template <typename Real>
struct XYPairRowIo {
  Complex<Real>* share_row;
  int pair_offset;
  bool live;
  bool pads;
  FFT3D_HD Complex<Real> load(int idx) const {
    const Real* reals = reinterpret_cast<const Real*>(share_row);
    return live ? make_complex(reals[idx], reals[pair_offset + idx]) : make_complex(Real(0), Real(0));
  }
  FFT3D_HD void store(int idx, Complex<Real> v) const {
    if (live) share_row[xy_share_slot(idx, pads)] = v;
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
    const XYPairRowIo<Real> io{share_row, G.pair_offset, row < G.rows_per_cta, G.row_pads};
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
        w, k, n, [&](int i) { return z[xy_share_slot(i, G.row_pads)]; },
        [&](int i, Complex<Real> v) { z[xy_share_slot(i, G.row_pads)] = v; });
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
  auto at = [&](int i) -> Complex<Real>& { return z[xy_share_slot(i, G.row_pads)]; };
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

// Strided rows on the CPU executor: phase p of one plane (a ring's rows
// at ring_offset; its loads are the executor's, see xy_kernel_host.h).
template <int Sign, typename Real, int Capacity>
inline void xy_strided_phase_on_host(const XYLayout& L, int p, int tid, int rank, long long plane,
                                     XRegs<Real, Capacity>& regs, void* const* blocks, const XYArgs<Real>& a,
                                     int ring_offset) {
  const XYPhase q = L.phase(p);
  unsigned char* smem = static_cast<unsigned char*>(blocks[rank]);
  if (q.part == kLoadPart && L.y_loads)
    return with_radix(L.local_points(), [&](auto radix) {
      xy_strided_y_load_phase<Sign, decltype(radix)::value>(L, tid, rank, plane, smem, a);
    });
  if (q.part == kLoadPart) return xy_strided_load_phase(L, tid, rank, plane, smem, a);
  const XYPartGeom G = L.part_geom(q.part, sizeof(Real));
  if (q.part == 0 && q.sub == 2 * L.x.stages)
    return L.real_pairs() ? xy_strided_pair_post_phase<Real>(G, q.group, tid, smem)
                          : xy_strided_post_phase<Real>(G, q.group, tid, smem);
  if (q.part == 0) {
    const StageGeom g = L.x.stage(q.sub / 2);
    return with_radix(g.radix, [&](auto radix) {
      xy_strided_x_phase<Sign, decltype(radix)::value>(G, q.group, g, q.sub, tid, regs, smem, a, ring_offset);
    });
  }
  if (q.sub == 0)
    return with_radix(L.local_points(), [&](auto radix) {
      xy_strided_local_phase<Sign, decltype(radix)::value>(G, L.y.stage(0), tid, rank, L.threads_per_block(), smem,
                                                           a, ring_offset);
    });
  const HostShares<Real> shares{blocks, 0};
  with_radix(L.cross_points(), [&](auto radix) {
    xy_strided_cross_phase<Sign, decltype(radix)::value>(G, tid, rank, L.threads_per_block(), plane, shares, smem,
                                                         a, ring_offset);
  });
}

// Run-time dispatch of phase p of one plane (XYLayout::phase) in share
// `buffer` (or a ring's, early rows at ring_offset), for the CPU cluster
// executor; blocks[r] is block r's shared memory.
template <int Sign, typename Real, int Capacity>
inline void xy_phase_on_host(const XYLayout& L, int p, int tid, int rank, long long plane, int buffer,
                             XRegs<Real, Capacity>& regs, void* const* blocks, const XYArgs<Real>& a,
                             int ring_offset = 0) {
  if (L.strided_rows) return xy_strided_phase_on_host<Sign>(L, p, tid, rank, plane, regs, blocks, a, ring_offset);
  const XYPhase q = L.phase(p);
  unsigned char* smem = static_cast<unsigned char*>(blocks[rank]);
  const long long share_offset = buffer * L.share_stride(sizeof(Real));
  if (q.part == kLoadPart && L.columns_first) return xy_load_columns_phase(L, tid, rank, plane, smem, a);
  if (q.part == kLoadPart) return xy_load_phase(L, tid, rank, plane, smem + share_offset, a);
  if (q.part == kUnpackPart) return xy_unpack_phase(L.part_geom(1, sizeof(Real)), tid, rank, plane, smem, a);
  if (q.part == kPackPart) return xy_pack_phase<Real>(L.part_geom(1, sizeof(Real)), tid, rank, smem);
  const XLayout& part = q.part == 0 ? L.x : L.y;
  const XYPartGeom G = L.part_geom(q.part, sizeof(Real));
  const PhaseInfo ph = part.phase(q.sub);
  const HostShares<Real> shares{blocks, share_offset};
  if (ph.stage == kPostPhase) return xy_real_post_phase<Real>(G, q.group, tid, rank, buffer, smem);
  if (ph.stage == kPrePhase) return xy_real_pre_phase<Real>(G, q.group, tid, rank, smem, shares);
  const StageGeom g = part.stage(ph.stage);
  with_radix(g.radix, [&](auto radix) {
    xy_stage_phase<Sign, decltype(radix)::value>(G, q.group, g, ph, tid, rank, plane, buffer, regs, smem, shares,
                                                 a);
  });
}

#if defined(__CUDACC_RTC__) || defined(__CUDACC__)
// The cluster's shares on the GPU: block rank's share mapped into this
// block's view of distributed shared memory.
template <typename Real, bool kClusterLoads = false>
struct ClusterShares {
  const Complex<Real>* local;
  __device__ __forceinline__ const Complex<Real>* of(int rank) const {
    return static_cast<const Complex<Real>*>(__cluster_map_shared_rank(local, static_cast<unsigned>(rank)));
  }
  // Value `index` of block rank's share. With kClusterLoads, through a 32-bit
  // shared::cluster address (mapa) instead of a 64-bit generic pointer: fewer
  // registers in some kernels (f64 real pairs of 256^2: 168 against 210; the
  // f32 C2R inverse's 256^2: 128 against 165), slower code in others.
  __device__ __forceinline__ Complex<Real> at(int rank, int index) const {
    if constexpr (!kClusterLoads) {
      return of(rank)[index];
    } else {
      unsigned address;
      asm("mapa.shared::cluster.u32 %0, %1, %2;"
          : "=r"(address)
          : "r"(static_cast<unsigned>(__cvta_generic_to_shared(local))), "r"(rank));
      address += static_cast<unsigned>(index * sizeof(Complex<Real>));
      Complex<Real> v;
      if constexpr (sizeof(Real) == 4)
        asm volatile("ld.shared::cluster.v2.f32 {%0, %1}, [%2];" : "=f"(v.re), "=f"(v.im) : "r"(address));
      else
        asm volatile("ld.shared::cluster.v2.f64 {%0, %1}, [%2];" : "=d"(v.re), "=d"(v.im) : "r"(address));
      return v;
    }
  }
};

// Bytes [begin, end) of the block's rows copied into the share with
// cp.async, 16-byte pieces where source and length allow, else 8-byte.
__device__ __forceinline__ void xy_copy_async(const char* src, unsigned dst, unsigned begin, unsigned end,
                                              int threads) {
  if ((reinterpret_cast<unsigned long long>(src) | begin | end) % 16 == 0) {
    for (unsigned i = begin + 16 * threadIdx.x; i < end; i += 16 * threads)
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst + i), "l"(src + i) : "memory");
  } else {
    for (unsigned i = begin + 8 * threadIdx.x; i < end; i += 8 * threads)
      asm volatile("cp.async.ca.shared.global [%0], [%1], 8;\n" ::"r"(dst + i), "l"(src + i) : "memory");
  }
}

// Rows [begin, end) of `row_bytes` each, `step` bytes apart in memory,
// copied into share rows `dst_pitch` bytes apart with cp.async (the split-Y
// pass's residue class of rows, the columns-first pass's columns), 16-byte
// pieces where alignment allows, else 8.
__device__ __forceinline__ void xy_copy_rows_async(const char* src, long long step, unsigned dst, unsigned dst_pitch,
                                                   unsigned row_bytes, int begin, int end, int threads) {
  const bool wide = (reinterpret_cast<unsigned long long>(src) | step | row_bytes | dst | dst_pitch) % 16 == 0;
  const unsigned piece = wide ? 16 : 8, per_row = row_bytes / piece;
  for (unsigned i = begin * per_row + threadIdx.x; i < end * per_row; i += threads) {
    const unsigned row = i / per_row, at = i % per_row * piece;
    const char* from = src + row * step + at;
    const unsigned to = dst + row * dst_pitch + at;
    if (wide)
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(to), "l"(from) : "memory");
    else
      asm volatile("cp.async.ca.shared.global [%0], [%1], 8;\n" ::"r"(to), "l"(from) : "memory");
  }
}

// The load phase on the GPU: the block's rows are contiguous (unless
// split), so they are copied into `share` with cp.async, every copy in
// flight at once, in load_chunks() commit groups of whole X groups;
// xy_await_chunk waits for one.
template <class Cfg, typename Real>
__device__ __forceinline__ void xy_load_device(int rank, long long plane, unsigned char* share,
                                               const XYArgs<Real>& a) {
  constexpr XYLayout L = Cfg::layout();
  int count = 0;
  const Complex<Real>* rows = xy_block_rows(L, rank, plane, a, &count);
  const char* src = reinterpret_cast<const char*>(rows);
  const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(share));
  const long long bytes = static_cast<long long>(count) * sizeof(Complex<Real>);
  constexpr long long kChunkRowBytes =
      static_cast<long long>(L.x.rows_per_block) * L.pitch() * sizeof(Complex<Real>);
  constexpr unsigned kRowBytes = L.pitch() * sizeof(Complex<Real>);
  const int row_count = static_cast<int>(bytes / kRowBytes);
#pragma unroll 1
  for (int c = 0; c < L.load_chunks(); ++c) {
    if constexpr (L.split > 1) {
      const int begin = min_of(L.first_group_of_chunk(c) * L.x.rows_per_block, row_count);
      const int end = min_of(L.first_group_of_chunk(c + 1) * L.x.rows_per_block, row_count);
      xy_copy_rows_async(src, L.row_step() * static_cast<long long>(sizeof(Complex<Real>)), dst, kRowBytes, kRowBytes,
                         begin, end, L.threads_per_block());
    } else {
      const long long begin = min_of(L.first_group_of_chunk(c) * kChunkRowBytes, bytes);
      const long long end = min_of(L.first_group_of_chunk(c + 1) * kChunkRowBytes, bytes);
      xy_copy_async(src, dst, static_cast<unsigned>(begin), static_cast<unsigned>(end), L.threads_per_block());
    }
    asm volatile("cp.async.commit_group;\n" ::: "memory");
  }
}

template <int Pending>
__device__ __forceinline__ void cp_async_wait_group() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(Pending) : "memory");
}

// Waits until load chunk c is in the share (the chunks after it may still
// be in flight), for every thread of the block.
template <class Cfg>
__device__ __forceinline__ void xy_await_chunk(int c) {
  constexpr XYLayout L = Cfg::layout();
  static_assert(kMaxLoadChunks == 4, "one case per chunk still in flight");
  switch (L.load_chunks() - 1 - c) {
    case 0: cp_async_wait_group<0>(); break;
    case 1: cp_async_wait_group<1>(); break;
    case 2: cp_async_wait_group<2>(); break;
    default: cp_async_wait_group<3>(); break;
  }
  __syncthreads();
}

// The columns-first load on the GPU (xy_load_columns_phase's copies, with
// cp.async), awaited by the whole block.
template <class Cfg, typename Real>
__device__ __forceinline__ void xy_load_columns_device(int rank, long long plane, unsigned char* smem,
                                                       const XYArgs<Real>& a) {
  constexpr XYLayout L = Cfg::layout();
  constexpr unsigned kValue = sizeof(Complex<Real>);
  constexpr long long kStep = static_cast<long long>(L.pitch()) * kValue;
  int cols = 0;
  const int first = xy_block_columns(L, rank, &cols);
  const Complex<Real>* in = (a.in ? a.in : a.data) + plane * a.plane_stride;
  const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  if (cols > 0)
    xy_copy_rows_async(reinterpret_cast<const char*>(in + first), kStep, dst, L.share_pitch() * kValue, cols * kValue,
                       0, L.ny(), L.threads_per_block());
  if (L.real_rows() && rank == 0)  // column n, for xy_pack_phase
    xy_copy_rows_async(reinterpret_cast<const char*>(in + L.columns()), kStep,
                       dst + static_cast<unsigned>(L.unpack_offset(sizeof(Real))), kValue, kValue, 0, L.ny(),
                       L.threads_per_block());
  asm volatile("cp.async.commit_group;\n" ::: "memory");
  cp_async_wait_group<0>();
  __syncthreads();
}

// Every block's shared-memory writes before it, visible to every block
// after it. The shares are the only memory the barrier publishes, so each
// thread releases only its writes to its own block's shared memory
// (fence.release.sync_restrict::shared::cta) and then arrives
// relaxed. The default release arrive fenced all memory at cluster scope:
// its membar stalls were 9.6 % of the R2C 256^2 kernel's warp samples, and
// f64 256^3 took 0.425 ms with it against 0.406-0.409 (H100).
__device__ __forceinline__ void xy_cluster_sync() {
  asm volatile("fence.release.sync_restrict::shared::cta.cluster;\n" ::: "memory");
  __cluster_barrier_arrive_relaxed();
  __cluster_barrier_wait();
}

// The barrier between the phases of X rows: a warp barrier where the rows
// are warp-private (XYLayout::x_rows_in_warps), else a block barrier (rows
// of 9, 20 or 27 threads, or of more than a warp), as the layout's phases say.
template <class Cfg>
__device__ __forceinline__ void xy_x_barrier() {
  if constexpr (Cfg::layout().x_rows_in_warps())
    __syncwarp();
  else
    __syncthreads();
}

// The phases of one group of one part, unrolled at compile time. Cfg
// provides `Real`, `kSign` and a constexpr `layout()` (an XYLayout).
template <class Cfg, int Part, int Sub, typename Real, int Capacity, class Shares>
__device__ __forceinline__ void xy_run_part(int group, int rank, long long plane, int buffer,
                                            XRegs<Real, Capacity>& regs, unsigned char* smem, const Shares& shares,
                                            const XYArgs<Real>& a) {
  constexpr XYLayout L = Cfg::layout();
  constexpr XLayout P = Part == 0 ? L.x : L.y;
  if constexpr (Sub < P.phases()) {
    constexpr PhaseInfo ph = P.phase(Sub);
    constexpr XYPartGeom G = L.part_geom(Part, sizeof(Real));
    if constexpr (ph.stage == kPostPhase) {
      xy_real_post_phase<Real>(G, group, static_cast<int>(threadIdx.x), rank, buffer, smem);
    } else if constexpr (ph.stage == kPrePhase) {
      xy_real_pre_phase<Real>(G, group, static_cast<int>(threadIdx.x), rank, smem, shares);
    } else {
      constexpr StageGeom g = P.stage(ph.stage);
      xy_stage_phase<Cfg::kSign, g.radix>(G, group, g, ph, static_cast<int>(threadIdx.x), rank, plane, buffer,
                                          regs, smem, shares, a);
    }
    if constexpr (Part == 0)
      xy_x_barrier<Cfg>();
    else
      __syncthreads();
    xy_run_part<Cfg, Part, Sub + 1>(group, rank, plane, buffer, regs, smem, shares, a);
  }
}

// The X groups (each after its load chunk has arrived), the cluster barrier,
// the Y groups and the closing cluster barrier of one plane in share
// `buffer`.
template <class Cfg, typename Real, int Capacity>
__device__ __forceinline__ void xy_plane_device(int rank, long long plane, int buffer, XRegs<Real, Capacity>& regs,
                                                unsigned char* smem, const XYArgs<Real>& a) {
  constexpr XYLayout L = Cfg::layout();
  const ClusterShares<Real> shares{
      reinterpret_cast<const Complex<Real>*>(smem + buffer * L.share_stride(sizeof(Real)))};
#pragma unroll 1
  for (int group = 0; group < L.x_groups(); ++group) {
    if (L.buffers == 1 && L.starts_chunk(group))
      xy_await_chunk<Cfg>(L.chunk_of_group(group));
    xy_run_part<Cfg, 0, 0>(group, rank, plane, buffer, regs, smem, shares, a);
  }
  xy_cluster_sync();  // every share complete
#pragma unroll 1
  for (int group = 0; group < L.y_groups(); ++group)
    xy_run_part<Cfg, 1, 0>(group, rank, plane, buffer, regs, smem, shares, a);
  // The last Y phase ended in a block barrier: column 0's transform is whole.
  if constexpr (L.real_rows()) {
    constexpr XYPartGeom G = L.part_geom(1, sizeof(Real));
    xy_unpack_phase(G, static_cast<int>(threadIdx.x), rank, plane, smem, a);
  }
  // No block leaves (or reloads its share) while another reads it. Relaxed:
  // every read of another share was consumed before this point, and a
  // release here would wait for the plane's global stores to complete.
  __cluster_barrier_arrive_relaxed();
  __cluster_barrier_wait();
}

// Columns first (one share, one load): the pack phase (real rows), the Y
// groups in the share, the cluster barrier, the X groups across the
// cluster, the closing cluster barrier.
template <class Cfg, typename Real, int Capacity>
__device__ __forceinline__ void xy_columns_first_plane_device(int rank, long long plane, XRegs<Real, Capacity>& regs,
                                                              unsigned char* smem, const XYArgs<Real>& a) {
  constexpr XYLayout L = Cfg::layout();
  // Cluster loads in single precision: the C2R inverse's 256^2 kernel fell
  // from 165 to 128 registers (four blocks per SM instead of three) and
  // 384^3 ran 10 % faster, 256^3 0.6 % (H200); f64 256^3 lost 4.8 %.
  const ClusterShares<Real, sizeof(Real) == 4> shares{reinterpret_cast<const Complex<Real>*>(smem)};
  if constexpr (L.real_rows()) {
    xy_pack_phase<Real>(L.part_geom(1, sizeof(Real)), static_cast<int>(threadIdx.x), rank, smem);
    __syncthreads();
  }
#pragma unroll 1
  for (int group = 0; group < L.y_groups(); ++group)
    xy_run_part<Cfg, 1, 0>(group, rank, plane, 0, regs, smem, shares, a);
  xy_cluster_sync();  // every share's columns transformed
#pragma unroll 1
  for (int group = 0; group < L.x_groups(); ++group)
    xy_run_part<Cfg, 0, 0>(group, rank, plane, 0, regs, smem, shares, a);
  // No block leaves while another reads its share (relaxed, as in xy_plane_device).
  __cluster_barrier_arrive_relaxed();
  __cluster_barrier_wait();
}

// Strided rows, the load on the GPU: xy_strided_load_phase's copies with
// cp.async (one complex value each: the padded share rows leave 8-byte
// values of f32 without 16-byte alignment; real pairs: one pair of reals),
// in load_chunks() commit groups of whole X groups (xy_await_chunk waits
// for one). Swizzled f32 rows (no pads, in order) take two values a copy
// where the block's input is 16-byte aligned.
template <class Cfg, typename Real>
__device__ __forceinline__ void xy_strided_load_device(int rank, long long plane, unsigned char* smem,
                                                       const XYArgs<Real>& a) {
  constexpr XYLayout L = Cfg::layout();
  constexpr int kColumns = L.columns();
  constexpr unsigned kValue = sizeof(Complex<Real>);
  const Complex<Real>* in = xy_strided_block_input(L, rank, plane, a);
  const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  // Unsigned, so that the divisions by constants are plain shifts or
  // multiplications; offsets within a plane fit 32 bits.
  constexpr unsigned kRowStep = L.cluster * L.pitch();
  constexpr unsigned kHalf = kColumns / 2;
  const bool plane_b = L.real_pairs() && xy_has_plane_b(plane, a);
  if constexpr (L.row_swizzle && kValue == 8 && L.share_pitch() % 2 == 0 && kRowStep % 2 == 0) {
    if ((reinterpret_cast<unsigned long long>(in) & 15) == 0) {  // then every row's start is too
#pragma unroll 1
      for (int c = 0; c < L.load_chunks(); ++c) {
        const unsigned begin = L.first_row_of_chunk(c) * kHalf, end = L.first_row_of_chunk(c + 1) * kHalf;
        for (unsigned i = begin + threadIdx.x; i < end; i += L.threads_per_block()) {
          const unsigned j = i / kHalf, x = 2 * (i % kHalf);
          asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst + (j * L.share_pitch() + x) * kValue),
                       "l"(in + (j * kRowStep + x))
                       : "memory");
        }
        asm volatile("cp.async.commit_group;\n" ::: "memory");
      }
      return;
    }
  }
#pragma unroll 1
  for (int c = 0; c < L.load_chunks(); ++c) {
    const unsigned begin = L.first_row_of_chunk(c) * kColumns, end = L.first_row_of_chunk(c + 1) * kColumns;
    for (unsigned i = begin + threadIdx.x; i < end; i += L.threads_per_block()) {
      const unsigned j = i / kColumns, x = i % kColumns;
      const Complex<Real>* from = in + (j * kRowStep + x);
      unsigned to = dst + (j * L.share_pitch() + xy_share_slot(static_cast<int>(x), L.row_pads)) * kValue;
      if constexpr (L.real_pairs()) {  // a pair of reals of plane a's or b's row (xy_strided_load_phase)
        const unsigned b = x / kHalf, m = x % kHalf;
        from = in + (j * kRowStep + m) + (b == 0 ? 0 : a.plane_stride);
        to = dst + j * L.share_pitch() * kValue + (b * L.pair_offset() + 2 * m) * sizeof(Real);
        if (b == 1 && !plane_b) {
          *reinterpret_cast<Complex<Real>*>(smem + (to - dst)) = make_complex(Real(0), Real(0));
          continue;
        }
      }
      if constexpr (kValue == 16)
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(to), "l"(from) : "memory");
      else
        asm volatile("cp.async.ca.shared.global [%0], [%1], 8;\n" ::"r"(to), "l"(from) : "memory");
    }
    asm volatile("cp.async.commit_group;\n" ::: "memory");
  }
}

// Strided rows: the X stages of one group, read and write phases a barrier
// apart (xy_x_barrier), and (real rows) the post-processing.
template <class Cfg, int Sub, typename Real, int Capacity>
__device__ __forceinline__ void xy_strided_x_group(int group, XRegs<Real, Capacity>& regs, unsigned char* smem,
                                                   const XYArgs<Real>& a, int ring_offset = 0) {
  constexpr XYLayout L = Cfg::layout();
  if constexpr (Sub < 2 * L.x.stages) {
    constexpr StageGeom g = L.x.stage(Sub / 2);
    xy_strided_x_phase<Cfg::kSign, g.radix>(L.part_geom(0, sizeof(Real)), group, g, Sub,
                                             static_cast<int>(threadIdx.x), regs, smem, a, ring_offset);
    xy_x_barrier<Cfg>();
    xy_strided_x_group<Cfg, Sub + 1>(group, regs, smem, a, ring_offset);
  } else if constexpr (L.real_rows()) {
    xy_strided_post_phase<Real>(L.part_geom(0, sizeof(Real)), group, static_cast<int>(threadIdx.x), smem);
    xy_x_barrier<Cfg>();
  } else if constexpr (L.real_pairs()) {
    xy_strided_pair_post_phase<Real>(L.part_geom(0, sizeof(Real)), group, static_cast<int>(threadIdx.x), smem);
    xy_x_barrier<Cfg>();
  }
}

// Strided rows: X in place (each group once await_group(group) says its
// rows have arrived: its load chunk, or a ring's rows), Y's first stage in
// place, the cluster barrier, Y's second stage across the cluster into
// global memory, the closing cluster barrier. Y loads: Y's first stage from
// global memory, then X in place, the cluster barrier and the rest as
// before. A ring's early rows lie at ring row ring_offset.
template <class Cfg, typename Real, int Capacity, class AwaitGroup>
__device__ __forceinline__ void xy_strided_plane_device(int rank, long long plane, XRegs<Real, Capacity>& regs,
                                                        unsigned char* smem, const XYArgs<Real>& a,
                                                        AwaitGroup await_group, int ring_offset = 0) {
  constexpr XYLayout L = Cfg::layout();
  constexpr XYPartGeom G = L.part_geom(1, sizeof(Real));
  const int tid = static_cast<int>(threadIdx.x);
  if constexpr (L.y_loads) {
    xy_strided_y_load_phase<Cfg::kSign, L.local_points()>(L, tid, rank, plane, smem, a);
    __syncthreads();
#pragma unroll 1
    for (int group = 0; group < L.x_groups(); ++group) xy_strided_x_group<Cfg, 0>(group, regs, smem, a);
  } else {
#pragma unroll 1
    for (int group = 0; group < L.x_groups(); ++group) {
      await_group(group);
      xy_strided_x_group<Cfg, 0>(group, regs, smem, a, ring_offset);
    }
    __syncthreads();
    xy_strided_local_phase<Cfg::kSign, L.local_points()>(G, L.y.stage(0), tid, rank, L.threads_per_block(), smem,
                                                         a, ring_offset);
  }
  xy_cluster_sync();  // every share's first Y stage (and X) done
  // Cluster loads only for f64 real pairs: the R2C forward's 240^3 and 256^3
  // ran 12 % and 8 % faster with them (H200), complex planes and f32 real
  // rows tied or lost up to 3 % (256^3 f32, 210^3 f64).
  const ClusterShares<Real, L.real_pairs() && sizeof(Real) == 8> shares{reinterpret_cast<const Complex<Real>*>(smem)};
  xy_strided_cross_phase<Cfg::kSign, L.cross_points()>(G, tid, rank, L.threads_per_block(), plane, shares, smem, a,
                                                       ring_offset);
  // No block leaves while another reads its share (relaxed, as in xy_plane_device).
  __cluster_barrier_arrive_relaxed();
  __cluster_barrier_wait();
}

// A ring's mbarrier at `bar` (a shared-memory address): armed for `bytes`
// by one thread, completed by the bulk copies' bytes, awaited by every
// thread for the phase of parity `parity`.
__device__ __forceinline__ void ring_barrier_arm(unsigned bar, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes) : "memory");
}
__device__ __forceinline__ void ring_barrier_wait(unsigned bar, unsigned parity) {
  unsigned done = 0;
  do {
    asm volatile(
        "{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\nselp.u32 %0, 1, 0, p;\n}"
        : "=r"(done)
        : "r"(bar), "r"(parity)
        : "memory");
  } while (!done);
}

// A ring's rows [j0, j1) of `plane` into their ring rows (early rows at
// `offset`): with `bulk`, one bulk copy (TMA) a row issued by warp 0's
// lanes, completing on the mbarrier `bar` (lane 0 arms it; each lane first
// orders the rows' last reads and writes, which came before a barrier,
// before its copies'); else (rows only 8-byte aligned) 8-byte cp.async by
// every thread, in one commit group.
template <class Cfg, typename Real>
__device__ __forceinline__ void xy_ring_load_device(int rank, long long plane, int offset, int j0, int j1,
                                                    unsigned char* smem, const XYArgs<Real>& a, bool bulk,
                                                    unsigned bar) {
  constexpr XYLayout L = Cfg::layout();
  constexpr unsigned kRowBytes = L.columns() * sizeof(Complex<Real>);
  constexpr unsigned kPitchBytes = L.share_pitch() * sizeof(Complex<Real>);
  constexpr long long kRowStep = static_cast<long long>(L.cluster) * L.pitch();
  constexpr int kEarly = L.ring_early_rows();
  const Complex<Real>* in = xy_strided_block_input(L, rank, plane, a);
  const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  if (bulk) {
    if (threadIdx.x >= kWarpSize || j1 <= j0) return;
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");  // every issuing lane
    if (threadIdx.x == 0) ring_barrier_arm(bar, static_cast<unsigned>(j1 - j0) * kRowBytes);
    __syncwarp();
    for (int j = j0 + static_cast<int>(threadIdx.x); j < j1; j += kWarpSize)
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                       dst + xy_ring_row(kEarly, offset, j) * kPitchBytes),
                   "l"(in + j * kRowStep), "n"(kRowBytes), "r"(bar)
                   : "memory");
    return;
  }
  // Its own loop, not xy_copy_rows_async: that one's run-time piece size
  // took the 512^2 f32 ring kernels from 247 to 255 registers.
  constexpr unsigned kPerRow = kRowBytes / 8;
  for (unsigned i = j0 * kPerRow + threadIdx.x; i < j1 * kPerRow; i += L.threads_per_block()) {
    const int j = static_cast<int>(i / kPerRow);
    const unsigned at = i % kPerRow * 8;
    const char* from = reinterpret_cast<const char*>(in + j * kRowStep) + at;
    const unsigned to = dst + xy_ring_row(kEarly, offset, j) * kPitchBytes + at;
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8;\n" ::"r"(to), "l"(from) : "memory");
  }
  asm volatile("cp.async.commit_group;\n" ::: "memory");
}

// A ring (XYLayout::ring_rows): the cluster walks planes plane, plane +
// step, ... (step = the grid's clusters); as iteration i starts, the block
// loads plane i's late rows and plane i + 1's early rows into the ring rows
// plane i - 1 freed at its closing cluster barrier (xy_ring_row: the late
// rows' and the early rows' at the other offset), then transforms plane i
// (xy_strided_plane_device), awaiting its early rows before X's first group
// and its late ones before their first group. Bulk copies need 16-byte
// aligned rows in memory; other arrays load with cp.async, every row of the
// plane awaited before X.
template <class Cfg, typename Real>
__device__ __forceinline__ void xy_ring_device(int rank, long long plane, unsigned char* smem, const XYArgs<Real>& a) {
  constexpr XYLayout L = Cfg::layout();
  constexpr int kRows = L.rows_per_cta(), kEarly = L.ring_early_rows();
  static_assert(kEarly > 0 && kEarly <= kRows && L.load_chunks() == 1 && !L.y_loads && L.row_swizzle &&
                    L.share_pitch() * sizeof(Complex<Real>) % 16 == 0,
                "a ring: swizzled rows of whole 16-byte pieces, rows_per_cta < ring_rows <= 2 rows_per_cta");
  const long long step = static_cast<long long>(gridDim.x) / L.cluster;
  // Bulk copies need 16-byte aligned rows: the array's start and planes (the
  // rows' pitch is whole 16-byte pieces).
  const unsigned long long base_address = reinterpret_cast<unsigned long long>(a.in ? a.in : a.data);
  const bool bulk = (base_address | static_cast<unsigned long long>(a.plane_stride) * sizeof(Complex<Real>)) % 16 == 0;
  // mbarriers: [0], [1] the early rows of even and odd iterations, [2] the late rows.
  const unsigned bars = static_cast<unsigned>(__cvta_generic_to_shared(smem + L.ring_barrier_offset(sizeof(Real))));
  if (bulk && threadIdx.x == 0) {
    for (int b = 0; b < kRingBarriers; ++b)
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(bars + 8 * b) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  if (plane < a.planes) xy_ring_load_device<Cfg>(rank, plane, 0, 0, kEarly, smem, a, bulk, bars);
#pragma unroll 1
  for (unsigned i = 0; plane < a.planes; plane += step, ++i) {
    const int offset = (i % 2) * kEarly, next_offset = kEarly - offset;
    xy_ring_load_device<Cfg>(rank, plane, offset, kEarly, kRows, smem, a, bulk, bars + 16);
    if (plane + step < a.planes)
      xy_ring_load_device<Cfg>(rank, plane + step, next_offset, 0, kEarly, smem, a, bulk, bars + 8 * ((i + 1) % 2));
    else if (!bulk)
      asm volatile("cp.async.commit_group;\n" ::: "memory");  // an empty group: one behind, as every iteration
    // What does not change from plane to plane (the twiddles, the rows' and
    // the cluster's shares' addresses) is computed once and held through the
    // loop: 247 registers at 512^2 f32, against 209 for one plane a cluster,
    // but the SM holds one block anyway (f64 384^2 spills 392 bytes).
    // Laundering the shared memory's address and the thread's index had them
    // computed plane after plane: 224 registers, and 512^3 took 1.721 ms
    // against 1.558-1.560 (H200).
    XRegs<Real, L.elems_per_thread()> regs;
    xy_strided_plane_device<Cfg>(
        rank, plane, regs, smem, a,
        [&](int group) {
          if (!bulk) {
            if (group == 0) {  // this plane's rows: all but the next plane's early ones
              cp_async_wait_group<1>();
              __syncthreads();
            }
            return;
          }
          if (group == 0) ring_barrier_wait(bars + 8 * (i % 2), (i / 2) % 2);
          if (kEarly < kRows && group == L.ring_late_group()) ring_barrier_wait(bars + 16, i % 2);
        },
        offset);
  }
}

template <class Cfg>
__device__ __forceinline__ void xy_block_device(const XYArgs<typename Cfg::Real>& a) {
  using Real = typename Cfg::Real;
  constexpr XYLayout L = Cfg::layout();
  XRegs<Real, L.elems_per_thread()> regs;
  const int rank = static_cast<int>(__clusterRelativeBlockRank());
  long long plane = static_cast<long long>(blockIdx.x) / L.cluster;
  unsigned char* smem = fft3d_shared_memory;
  if constexpr (L.strided_rows) {
    static_assert(L.buffers == 1 && L.split == 1 && !L.columns_first,
                  "strided rows: one share, whole planes, X first");
    static_assert(!L.row_swizzle || (!L.real_rows() && !L.real_pairs() && !L.y_loads && !L.row_pads &&
                                     L.columns() % 32 == 0),
                  "swizzled share rows: complex rows of a multiple of 32 values, no pads, loaded in order");
    if constexpr (L.ring_rows > 0) return xy_ring_device<Cfg>(rank, plane, smem, a);
    if constexpr (!L.y_loads) xy_strided_load_device<Cfg>(rank, plane, smem, a);
    xy_strided_plane_device<Cfg>(rank, plane, regs, smem, a, [](int group) {
      constexpr XYLayout M = Cfg::layout();
      if (M.starts_chunk(group)) xy_await_chunk<Cfg>(M.chunk_of_group(group));
    });
  } else if constexpr (L.columns_first) {
    static_assert(L.buffers == 1 && L.split == 1, "columns first: one share, whole planes");
    xy_load_columns_device<Cfg>(rank, plane, smem, a);
    xy_columns_first_plane_device<Cfg>(rank, plane, regs, smem, a);
  } else if constexpr (L.buffers == 1) {  // one cluster per plane
    xy_load_device<Cfg>(rank, plane, smem, a);
    xy_plane_device<Cfg>(rank, plane, 0, regs, smem, a);
  } else {  // persistent: every block of a cluster walks the same planes
    static_assert(L.buffers == 2 && L.load_chunks() == 1, "double buffers load each plane in one chunk");
    constexpr long long kStride = L.share_stride(sizeof(Real));
    const long long step = static_cast<long long>(gridDim.x) / L.cluster;
    if (plane < a.planes) xy_load_device<Cfg>(rank, plane, smem, a);
#pragma unroll 1
    for (int buffer = 0; plane < a.planes; plane += step, buffer ^= 1) {
      // The other share's last readers passed the previous plane's closing
      // cluster barrier: load the next plane into it while this one computes.
      const bool next = plane + step < a.planes;
      if (next) xy_load_device<Cfg>(rank, plane + step, smem + (buffer ^ 1) * kStride, a);
      if (next) cp_async_wait_group<1>();
      else cp_async_wait_group<0>();
      __syncthreads();
      xy_plane_device<Cfg>(rank, plane, buffer, regs, smem, a);
    }
  }
}
#endif

}  // namespace kern
}  // namespace fft3d
