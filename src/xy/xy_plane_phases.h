// The fused XY kernel's phases (see xy_kernel.h) for a plane whose block
// rows are whole rows in memory (the contiguous form): its arguments, the
// loads, X and Y stages, and the real rows' pack, pre-, post-processing and
// unpack. Each runs on the GPU and on the CPU cluster executor alike.
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
    share[i] = rows[static_cast<long long>(i / L.pitch()) * L.row_step() + i % L.pitch()];
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
    share[i / cols * L.share_pitch() + i % cols] =
        in[static_cast<long long>(i / cols) * L.row_step() + first + i % cols];
  if (!L.real_rows() || rank != 0) return;
  Complex<Real>* column_n = reinterpret_cast<Complex<Real>*>(smem + L.unpack_offset(sizeof(Real)));
  for (int y = tid; y < L.ny(); y += L.threads_per_block())
    column_n[y] = in[static_cast<long long>(y) * L.row_step() + L.columns()];
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
      Complex<Real>* const out = plane_data + static_cast<long long>(y) * G.row_step;  // rows apart in XZ planes
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
        packed ? 1 : G.row_step,
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
    const long long at = static_cast<long long>(k) * G.row_step;  // rows apart in XZ planes
    out[at] = scale(make_complex(half * (p.re + q.re), half * (p.im - q.im)), a.scale);
    out[at + G.columns] = scale(make_complex(half * (p.im + q.im), half * (q.re - p.re)), a.scale);
  }
}

}  // namespace kern
}  // namespace fft3d
