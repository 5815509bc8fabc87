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

// 1 where x_kernel_source compiles the last pass of a transform: its
// global loads and stores of rows and columns then ask L2 to evict their
// lines first (load_evict_first, store_evict_first), so the pass keeps what
// the pass before it wrote last in L2 until it reads it. 0 elsewhere, and
// for the CPU executors.
#ifndef FFT3D_L2_STREAMING
#define FFT3D_L2_STREAMING 0
#endif

namespace fft3d {
namespace kern {

// Row r (a column, for column layouts) starts at element
// (r % inner) + (r / inner) * outer and its elements are `stride` apart.
// Contiguous rows: inner 1, outer n, stride 1. Y columns of an nx*ny*nz
// array: inner nx, outer nx*ny, stride nx. Z columns: inner = outer = nx*ny,
// stride nx*ny.
struct RowGeometry {
  long long inner, outer, stride;
  // Split-Y columns (split > 0, the Z pass of the split-Y schedule,
  // fft3d/grid_schedule.h): the columns of an nx * (split * y2) plane in
  // blocks of split * width, block b holding x in [c * width, (c + 1) * width)
  // of rows y0 + i * y2, i < split, with c = b % (nx / width), y0 = b / (nx / width):
  // column r is x = (r / (width * split) % chunks) * width + r % width,
  // y = y0 + (r / width % split) * y2; `inverse` is y2's inverse modulo split.
  int split = 0, width = 0, nx = 0, y2 = 0, inverse = 0;
};

// The first element of column r of split-Y columns (RowGeometry::split).
FFT3D_HD long long split_column_start(const RowGeometry& g, long long r) {
  const long long chunks = g.nx / g.width, block = r / (static_cast<long long>(g.width) * g.split);
  const long long i = r / g.width % g.split;
  return (block % chunks) * g.width + r % g.width + (block / chunks + i * g.y2) * g.nx;
}

// The arguments of the X-family kernels (rows, columns, five-step, cluster
// rows, long columns), as the device code and the CPU executors read them:
// XArgs. A kernel takes them as two parameters, XMainArgs and XLongArgs,
// each at most 128 bytes (x_kernel_parameters): NVRTC reads a by-value
// parameter of more than 128 bytes through its address, and then stops
// reusing in one phase what it computed from it in another (each column
// kernel's store phase divided for its column's start again, 343^3 f32
// took 1.5 % longer on an H200, 243^3 and 320^3 2-3 %; docs/BENCHMARKS.md).
template <typename Real>
struct XMainArgs {
  Complex<Real>* data;            // transformed in place (rows: the input, see out)
  long long rows;                 // rows (or columns) in this launch
  const Complex<Real>* twiddles;  // exp(-2 pi i m / n), m in [0, n); table variants only
  RowGeometry geometry;           // where rows live (column layouts only)
  Real scale = Real(1);           // applied as the last stage stores (normalisation)
  // Rows only: where the output goes (nullptr: over the input, in place) and
  // the distance between consecutive rows of input and output in reals (0:
  // dense complex rows of n values). Real-data rows need them: padded in
  // place, nx reals out of place.
  Complex<Real>* out = nullptr;
  long long in_pitch = 0, out_pitch = 0;
  // Walk the blocks from the last (walked_block): same work, other order,
  // so a pass can start on what the previous pass wrote last (still in L2).
  // The CPU executors read it; GPU kernels are compiled one way or the other.
  bool reversed = false;
};

// Pass A of a long column (XLayout::long_n2): where the columns go, the
// twiddles of long_twiddle_table (fft1d/twiddle_table.h), and the column
// width that gives each column its j2. Pass B of a long row
// (XLayout::transposed_store): where its lines go.
template <typename Real>
struct XLongArgs {
  RowGeometry out_geometry{};
  const Complex<Real>* long_twiddles = nullptr;
  long long twiddle_width = 1;
};

template <typename Real>
struct XArgs : XMainArgs<Real>, XLongArgs<Real> {
  XArgs() = default;
  FFT3D_HD XArgs(Complex<Real>* data, long long rows, const Complex<Real>* twiddles, RowGeometry geometry = {},
                 Real scale = Real(1))
      : XMainArgs<Real>{data, rows, twiddles, geometry, scale} {}
  FFT3D_HD XArgs(const XMainArgs<Real>& main_args, const XLongArgs<Real>& long_args)
      : XMainArgs<Real>(main_args), XLongArgs<Real>(long_args) {}
};

static_assert(sizeof(XMainArgs<double>) <= 128 && sizeof(XLongArgs<double>) <= 128,
              "a kernel parameter of more than 128 bytes is read through its address (see XArgs)");

// The kernel parameters of `a`, as cudaLaunchKernelExC takes them.
template <typename Real>
struct XKernelParams {
  void* params[2];
  explicit XKernelParams(XArgs<Real>& a)
      : params{static_cast<XMainArgs<Real>*>(&a), static_cast<XLongArgs<Real>*>(&a)} {}
};

template <typename Real, int Capacity>
struct XRegs {
  Complex<Real> v[Capacity];
};

struct ThreadCoord {
  int tid;          // thread index in the block
  long long block;  // the block in the grid whose rows it transforms (walked_block)
};

// The block whose rows (or columns) grid block `block` transforms: itself,
// or counted from the last of the ceil(rows / per_block) blocks when reversed.
// Mapped where a block starts on the GPU (from gridDim, in kernels compiled
// with Cfg::kReversed; XArgs::reversed says which the launcher chose) and
// in the CPU executors' per-phase dispatch (x_phase_on_host,
// five_step_phase_on_host), so that the phases see the walked block in
// ThreadCoord::block.
FFT3D_HD long long walked_block(long long block, long long rows, int per_block, bool reversed) {
  return reversed ? (rows + per_block - 1) / per_block - 1 - block : block;
}

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

// In single precision the computed twiddles' powers of two up to this one
// are squares of the one below (w_2 = w_1^2, w_4 = w_2^2); sincospi gives
// w_1 and the higher ones. A sincospi costs about 35 instructions, and the
// kernels of 343^3 are limited by instructions on an H200: 0.626 ms against
// 0.669 with a sincospi per power (docs/BENCHMARKS.md, "Twiddles as
// squares"). Each square doubles the error of its base, so the chain stops
// at 4, and double precision keeps a sincospi per power: with squares its
// 3-D errors rose above cuFFT's at 10 of the 11 cubes up to 256^3. The f32
// errors stay below cuFFT's but at 100^3 (2.2e-7 against 2.0e-7).
template <typename Real>
FFT3D_HD constexpr int squared_twiddles_up_to() {
  return sizeof(Real) == 4 ? 4 : 1;
}

// Multiplies output k of butterfly j by its twiddle, k = 1..R-1. A table
// lookup per twiddle; or, computed, only the powers of two k = 1, 2, 4, ...
// (sincospi, or squares in single precision, above) and every other
// twiddle as the product of those in the binary expansion of k: at most
// four products, 2 (f64: 4) instead of 15 sincospi for radix 16, and only
// the powers kept live in registers.
template <int Sign, int R, typename Real>
FFT3D_HD void apply_stage_twiddles(const StageGeom& g, int j, bool use_table,
                                   const Complex<Real>* table, Complex<Real>* v) {
  if (use_table) {
    FFT3D_UNROLL
    for (int k = 1; k < R; ++k) v[k] = v[k] * stage_twiddle<Sign>(g, j, k, true, table);
    return;
  }
  constexpr int kBits = R > 16 ? 5 : 4;  // powers of two below R (kMaxRadix = 32)
  Complex<Real> base[kBits];  // w_1, w_2, w_4, ...
  FFT3D_UNROLL
  for (int b = 0; b < kBits; ++b)
    if ((1 << b) < R)
      base[b] = b == 0 || (1 << b) > squared_twiddles_up_to<Real>() ? stage_twiddle<Sign>(g, j, 1 << b, false, table)
                                                                    : base[b - 1] * base[b - 1];
  FFT3D_UNROLL
  for (int k = 1; k < R; ++k) {
    Complex<Real> w = make_complex(Real(1), Real(0));
    bool first = true;
    FFT3D_UNROLL
    for (int b = kBits - 1; b >= 0; --b) {
      if (!(k & (1 << b))) continue;
      w = first ? base[b] : w * base[b];
      first = false;
    }
    v[k] = v[k] * w;
  }
}

// Where one thread's row lives: its row in the block, its index within the
// row, and the row's input, output and shared-memory homes.
template <typename Real>
struct RowAccess {
  int local_row, t;
  bool live;  // the last block may be ragged
  long long element_stride;
  long long out_stride;  // element_stride but for long columns' pass A (out of place)
  long long row;         // the row (column) this thread's line starts with
  Complex<Real>* in;   // the row's input (complex view)
  Complex<Real>* out;  // the row's output (complex view)
  Real* shared_re;
  Real* shared_im;
  // Paired real rows (paired_io): the line's second row, absent (live2
  // false) after an odd row count's last row.
  bool live2 = false;
  Complex<Real>* in2 = nullptr;
  Complex<Real>* out2 = nullptr;
  // Paired real planes (XLayout::plane_nx): the plane's nx and the reals
  // between its x rows, where the first stage reads (plane_real_offset).
  int plane_nx = 0;
  long long x_pitch = 0;
};

// Where element idx = x + nx y of a real plane lies, its x rows x_pitch
// reals apart (padded to 2 (nx / 2 + 1) in place).
FFT3D_HD long long plane_real_offset(int idx, int nx, long long x_pitch) { return idx / nx * x_pitch + idx % nx; }

// split: split-Y columns (XLayout::cross; a compile-time constant on the
// GPU, so that other column kernels carry no trace of RowGeometry::split).
// paired: each line of the block is the pair of rows 2 line, 2 line + 1.
// out_of_place: columns written to a.out at a.out_geometry (long columns'
// pass A, XLayout::long_n2; a constant on the GPU too).
template <typename Real>
FFT3D_HD RowAccess<Real> row_access(int n, int threads, int row_stride, int rows_per_block, bool columns,
                                    bool split, const ThreadCoord& tc, Real* smem, const XArgs<Real>& a,
                                    bool paired = false, bool out_of_place = false) {
  RowAccess<Real> r;
  r.local_row = columns ? tc.tid % rows_per_block : tc.tid / threads;
  r.t = columns ? tc.tid / rows_per_block : tc.tid % threads;
  const long long line = tc.block * rows_per_block + r.local_row;
  const long long row = paired ? 2 * line : line;
  r.live = row < a.rows;
  r.row = row;
  r.element_stride = columns ? a.geometry.stride : 1;
  r.out_stride = r.element_stride;
  if (columns && split) {
    r.in = a.data + split_column_start(a.geometry, row);
    r.out = r.in;
  } else if (columns && out_of_place) {
    const RowGeometry& og = a.out_geometry;
    r.in = a.data + (row % a.geometry.inner + row / a.geometry.inner * a.geometry.outer);
    r.out = a.out + (row % og.inner + row / og.inner * og.outer);
    r.out_stride = og.stride;
  } else if (columns) {
    r.in = a.data + (row % a.geometry.inner + row / a.geometry.inner * a.geometry.outer);
    r.out = r.in;
  } else {
    const long long in_pitch = a.in_pitch ? a.in_pitch : 2LL * n;
    const long long out_pitch = a.out_pitch ? a.out_pitch : 2LL * n;
    r.in = reinterpret_cast<Complex<Real>*>(reinterpret_cast<Real*>(a.data) + row * in_pitch);
    r.out = reinterpret_cast<Complex<Real>*>(reinterpret_cast<Real*>(a.out ? a.out : a.data) + row * out_pitch);
    if (paired) {
      r.live2 = row + 1 < a.rows;
      r.in2 = reinterpret_cast<Complex<Real>*>(reinterpret_cast<Real*>(r.in) + in_pitch);
      r.out2 = reinterpret_cast<Complex<Real>*>(reinterpret_cast<Real*>(r.out) + out_pitch);
    }
  }
  r.shared_re = smem + r.local_row * row_stride;
  r.shared_im = smem + (rows_per_block + r.local_row) * row_stride;
  return r;
}

// Element idx of a stage-0 read from global memory. Real rows of odd length
// read a real and promote it (full), or two, one per part (pair). (Their
// inverses read half spectra in a phase of their own, x_odd_pre_phase.)
template <typename Real>
FFT3D_HD Complex<Real> load_first(int real_io, int idx, const RowAccess<Real>& r) {
  if (!r.live) return make_complex(Real(0), Real(0));
  if (real_io == kRealFullForward) return make_complex(reinterpret_cast<const Real*>(r.in)[idx], Real(0));
  if (real_io == kRealPairForward) {
    const long long at = r.plane_nx > 0 ? plane_real_offset(idx, r.plane_nx, r.x_pitch) : idx;
    return make_complex(reinterpret_cast<const Real*>(r.in)[at],
                        r.live2 ? reinterpret_cast<const Real*>(r.in2)[at] : Real(0));
  }
#if FFT3D_L2_STREAMING
  return load_evict_first(r.in + idx * r.element_stride);
#else
  return r.in[idx * r.element_stride];
#endif
}

// Element idx of a last-stage write to global memory: real rows of odd
// length keep the half spectrum (full forward) or the real part (full
// inverse), or the real and imaginary parts as two rows (pair inverse; the
// pair forward stores in x_pair_post_phase).
template <typename Real>
FFT3D_HD void store_last(int real_io, int n, int idx, Complex<Real> v, Real s, const RowAccess<Real>& r) {
  if (!r.live) return;
  if (real_io == kRealFullForward) {
    if (2 * idx <= n) r.out[idx] = scale(v, s);
  } else if (real_io == kRealFullInverse) {
    reinterpret_cast<Real*>(r.out)[idx] = v.re * s;
  } else if (real_io == kRealPairInverse) {
    reinterpret_cast<Real*>(r.out)[idx] = v.re * s;
    if (r.live2) reinterpret_cast<Real*>(r.out2)[idx] = v.im * s;
  } else {
#if FFT3D_L2_STREAMING
    store_evict_first(r.out + idx * r.out_stride, scale(v, s));
#else
    r.out[idx * r.out_stride] = scale(v, s);
#endif
  }
}

// Where a row's first-stage reads come from and its last-stage writes go:
// global memory through RowAccess, with the real-data forms of load_first
// and store_last. Other kernels (the fused XY pass) bring their own.
template <typename Real>
struct RowIo {
  const RowAccess<Real>& r;
  int real_io, n;
  Real scale;
  bool live;  // r.live (stockham_stage_phase's group_loads asks an Io)
  FFT3D_HD Complex<Real> load(int idx) const { return load_first(real_io, idx, r); }
  FFT3D_HD void store(int idx, Complex<Real> v) const { store_last(real_io, n, idx, v, scale, r); }
};

// RowIo for pass A of a long column (XLayout::long_n2): output k is
// multiplied by W_L^{j2 k} (L = n n2) as it is stored, from the two short
// tables of long_twiddle_table (fft1d/twiddle_table.h).
template <int Sign, typename Real>
struct TwiddledColumnIo {
  RowIo<Real> io;
  const Complex<Real>* table;  // W_L^lo (lo < n), then W_n2^hi (hi < n2)
  int j2;  // j2 * k < L: no reduction
  int n;   // the column's points (a constant on the GPU)
  bool live;
  FFT3D_HD Complex<Real> load(int idx) const { return io.load(idx); }
  FFT3D_HD void store(int idx, Complex<Real> v) const {
    const int m = j2 * idx, hi = m / n;
    Complex<Real> w = table[m - hi * n] * table[n + hi];
    if (Sign > 0) w.im = -w.im;
    io.store(idx, v * w);
  }
};

// First stages of at least this radix in a row or column kernel load a
// butterfly under one test of its line (group_loads), not one test each:
// the compiler then issues the loads together, first, and steps their
// addresses (a column kernel of 500 in f32: 1464 instructions against
// 1640). H200, columns: 500^3 f32 1.728 ms against 1.797, f64 3.301
// against 3.448; 512^3 f32 1.723 against 1.766, f64 3.440 against 3.614.
// Rows of 500 (r25-20) then took 500^3 f32 to 1.659 from 1.719; rows of
// 300, 320 and 400 tied. In every kernel (the fused XY pass, radices
// below 20) that form lost at some cubes (343^3 f32 0.640 against 0.618,
// f64 256^3 1.3 %, 300^3 f32 1.7 %), and so did loads with no test at all
// (the last line repeated past the end): the compiler then scheduled the
// twiddles' sincos among or ahead of them (docs/BENCHMARKS.md, "Two
// exchange buffers; one test per butterfly's loads").
constexpr int kGroupedLoadRadix = 20;

// One phase of stage g for one thread (thread t of its row, whose exchange
// buffers are shared_re / shared_im): read r elements per butterfly (through
// io.load in the first stage, else from the padded exchange buffer),
// transform and twiddle them; and/or write them (through io.store in the
// last stage, else to the next exchange buffer). group_loads: the first
// stage's loads as kGroupedLoadRadix says, zeros where io.live is false.
template <int Sign, int R, typename Real, int Capacity, class Io>
FFT3D_HD void stockham_stage_phase(const StageGeom& g, const PhaseInfo& ph, int t, Real* shared_re,
                                   Real* shared_im, bool use_table, const Complex<Real>* twiddles, const Io& io,
                                   XRegs<Real, Capacity>& regs, bool group_loads = false) {
  if (ph.read) {
    FFT3D_UNROLL
    for (int u = 0; u < g.per_thread; ++u) {
      const int j = t + u * g.threads;
      if (j >= g.butterflies) continue;
      Complex<Real>* v = &regs.v[u * R];
      if (g.first) {
        // Grouped, the loads run only under io.live, so the compiler drops
        // their own tests and issues them together.
        if (group_loads && R >= kGroupedLoadRadix && !io.live) {
          FFT3D_UNROLL
          for (int k = 0; k < R; ++k) v[k] = make_complex(Real(0), Real(0));
        } else {
          FFT3D_UNROLL
          for (int k = 0; k < R; ++k) v[k] = io.load(stockham_read_index(j, k, g.stride, R));
        }
      } else {
        FFT3D_UNROLL
        for (int k = 0; k < R; ++k) {
          const int p = padded_index(g.in_map, stockham_read_index(j, k, g.stride, R)) + g.in_offset;
          v[k] = make_complex(shared_re[p], shared_im[p]);
        }
      }
      dft<R, Sign>(v);
      if (g.stride > 1 && g.twiddled) apply_stage_twiddles<Sign, R>(g, j, use_table, twiddles, v);
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
          io.store(idx, v[k]);
        } else {
          const int p = padded_index(g.out_map, idx) + g.out_offset;
          shared_re[p] = v[k].re;
          shared_im[p] = v[k].im;
        }
      }
    }
  }
}

// One phase of stage g of a row (or column) kernel for one thread;
// long_n2 > 0: out of place, pass A of a long column (XLayout::long_n2).
template <int Sign, int R, typename Real, int Capacity>
FFT3D_HD void x_stage_phase(const StageGeom& g, const PhaseInfo& ph, int row_stride,
                            int rows_per_block, bool use_table, bool columns, bool split, int real_io,
                            const ThreadCoord& tc, XRegs<Real, Capacity>& regs, Real* smem,
                            const XArgs<Real>& a, int long_n2 = 0) {
  RowAccess<Real> r = row_access(g.n, g.threads, row_stride, rows_per_block, columns, split, tc, smem, a,
                                 paired_io(real_io), long_n2 > 0);
  if (g.plane_nx > 0 && g.first && paired_io(real_io)) {
    r.plane_nx = g.plane_nx;
    r.x_pitch = a.in_pitch / (g.n / g.plane_nx);
  }
  const RowIo<Real> io{r, real_io, g.n, a.scale, r.live};
  if (long_n2 > 1 && g.last) {  // long_n2 == 1: W_n^{0 k} = 1, no twiddles
    const int j2 = static_cast<int>(r.row / a.twiddle_width % long_n2);
    stockham_stage_phase<Sign, R>(g, ph, r.t, r.shared_re, r.shared_im, use_table, a.twiddles,
                                  TwiddledColumnIo<Sign, Real>{io, a.long_twiddles, j2, g.n, r.live}, regs, true);
    return;
  }
  stockham_stage_phase<Sign, R>(g, ph, r.t, r.shared_re, r.shared_im, use_table, a.twiddles, io, regs,
                                /*group_loads=*/true);
}

// The cross phase of split-Y columns (XLayout::cross, C groups of `width`
// lines): block b holds rows y0 + i * y2 (i < C) of its x range, and row
// y0 + i * y2 holds the value of Y's first stage for y1 = (y0 + i * y2) % C
// (the CRT layout, fft3d/grid_schedule.h). Each position of each line of a
// group takes the C-point DFT over y1, whose output k1 belongs in row
// y0 + k1 * y2: group k1. Reads and writes the exchange after stage 0 in
// place; every thread writes only what it read.
// (Scalars, not the XLayout, as x_transposed_store_phase.)
template <int Sign, int C, typename Real>
FFT3D_HD void x_cross_phase(int n, int rows, int stride, int block_threads, PadMap map, const ThreadCoord& tc,
                            Real* smem, const XArgs<Real>& a) {
  const RowGeometry& g = a.geometry;
  const int width = rows / C;
  const long long y0 = tc.block / (g.nx / g.width);
  const int y0_mod = static_cast<int>(y0 % C);
  int line_of_slot[C];  // the group holding y1 = s: (s - y0) * inverse mod C
  FFT3D_UNROLL
  for (int s = 0; s < C; ++s) line_of_slot[s] = ((s - y0_mod + C) * g.inverse) % C * width;
  for (int item = tc.tid; item < n * width; item += block_threads) {
    const int x = item % width, p = padded_index(map, item / width);
    Complex<Real> v[C];
    FFT3D_UNROLL
    for (int s = 0; s < C; ++s) {
      const int line = line_of_slot[s] + x;
      v[s] = make_complex(smem[line * stride + p], smem[(rows + line) * stride + p]);
    }
    dft<C, Sign>(v);
    FFT3D_UNROLL
    for (int k = 0; k < C; ++k) {
      const int line = k * width + x;
      smem[line * stride + p] = v[k].re;
      smem[(rows + line) * stride + p] = v[k].im;
    }
  }
}

// The pair (k, n - k) of a real row's half-length transform, n complex
// points z[m] = x[2m] + i x[2m+1] with W = exp(Sign pi i / n):
// forward, from Z = FFT(z):   X[k] = (A + B) / 2 - i W^k (A - B) / 2,
//                             X[n-k] = conj((A + B) / 2 + i W^k (A - B) / 2),
//   with A = Z[k], B = conj(Z[n-k]);
// inverse, from the half spectrum X:  Z[k] = (A + B) + i W^-k (A - B),
//                             Z[n-k] = conj((A + B) - i W^-k (A - B)),
//   with A = X[k], B = conj(X[n-k]); IFFT(Z) is then z.
// So both directions are S + T and conj(S - T) with S = h (A + B),
// T = Sign i W^k h (A - B), h = 1/2 forward and 1 inverse.
// w = W^k = unit_root<Sign>(k, 2n) comes from the caller (for_real_pairs).
template <int Sign, typename Real>
FFT3D_HD void real_pair(Complex<Real> w, Complex<Real> a, Complex<Real> b_raw, Complex<Real>* first,
                        Complex<Real>* second) {
  const Real h = Sign < 0 ? Real(0.5) : Real(1);
  const Complex<Real> b = make_complex(b_raw.re, -b_raw.im);
  const Complex<Real> sum = scale(a + b, h);
  const Complex<Real> t = times_i<Sign>(w * scale(a - b, h));
  *first = sum + t;
  const Complex<Real> d = sum - t;
  *second = make_complex(d.re, -d.im);
}

// The inverse's pre-processing of the pair (k, n - k): the half spectrum's
// x0 = X[k] and xn = X[n-k] (k = 0: X[0] and X[n], imaginary parts dropped
// by the caller) into Z[k] and Z[n-k], stored in a row's split re / im
// shared buffers. The separate C2R rows and the fused C2R pass share it.
// w = W^-k = unit_root<+1>(k, 2n) comes from the caller (for_real_pairs).
template <typename Real>
FFT3D_HD void real_pre_pair(Complex<Real> w, int k, int n, Complex<Real> x0, Complex<Real> xn, Real* re, Real* im) {
  Complex<Real> lo, hi;
  real_pair<+1>(w, x0, xn, &lo, &hi);
  re[k] = lo.re;
  im[k] = lo.im;
  if (k > 0) {
    re[n - k] = hi.re;
    im[n - k] = hi.im;
  }
}

// w = unit_root<Sign>(k, 2n) for the pair k = t + threads i of thread t
// (for_real_pairs): in single precision W^t times W^(threads i), wt = W^t
// from the caller, which the GPU compiler folds to a constant (threads and
// n are constants there): one sincospi a row per thread instead of one a
// pair. Double-precision sincospi of a constant is not folded, so f64 keeps
// one a pair (H100: C2R f32 512^3 1.152 ms against 1.249, 384^3 0.526
// against 0.535; f64 with the products, 256^3 C2R 0.303-0.308 against
// 0.263, R2C 0.287-0.289 against 0.279).
template <int Sign, typename Real>
FFT3D_HD Complex<Real> real_pair_root(Complex<Real> wt, int t, int threads, int i, int n) {
  if constexpr (sizeof(Real) == 4) return wt * unit_root<Sign, Real>(threads * i, 2 * n);
  return unit_root<Sign, Real>(t + threads * i, 2 * n);
}

// W^t of real_pair_root: single precision only (f64 does not use it).
template <int Sign, typename Real>
FFT3D_HD Complex<Real> real_pair_base_root(int t, int n) {
  if constexpr (sizeof(Real) == 4) return unit_root<Sign, Real>(t, 2 * n);
  return make_complex(Real(1), Real(0));
}

// Calls f(k, w) for the pairs (k, n - k) that thread t of `threads` takes,
// k = t + threads i up to n / 2, with w = unit_root<Sign>(k, 2n)
// (real_pair_root). Unrolled in single precision, where w is folded.
template <int Sign, typename Real, class F>
FFT3D_HD void for_real_pairs(int t, int threads, int n, F&& f) {
  const Complex<Real> wt = real_pair_base_root<Sign, Real>(t, n);
  if constexpr (sizeof(Real) == 4) {
    FFT3D_UNROLL
    for (int i = 0; i <= n / 2 / threads; ++i) {
      const int k = t + threads * i;
      if (2 * k > n) break;
      f(k, real_pair_root<Sign, Real>(wt, t, threads, i, n));
    }
  } else {
    for (int i = 0; 2 * (t + threads * i) <= n; ++i) {
      f(t + threads * i, real_pair_root<Sign, Real>(wt, t, threads, i, n));
    }
  }
}

// Pairs loaded together: the inverse's pre-processing phases read this many
// pairs' global values before they use any, so that their latencies
// overlap. With one pair loaded, waited on and pre-processed at a time, the
// f64 C2R rows of 512 took 23 % longer than the R2C rows (H200).
constexpr int kPairLoadBatch = 4;

// Calls f(k, i, v) for the pairs k = t + threads i, 2 k <= n, that thread t
// takes (as for_real_pairs), with v = load(k) read kPairLoadBatch pairs at a
// time. Unrolled on the GPU in both precisions, so that single precision's
// real_pair_root folds.
template <class Load, class F>
FFT3D_HD void for_loaded_pairs(int t, int threads, int n, Load&& load, F&& f) {
  using Value = decltype(load(0));
  FFT3D_UNROLL
  for (int i0 = 0; i0 <= n / 2 / threads; i0 += kPairLoadBatch) {
    Value v[kPairLoadBatch];
    FFT3D_UNROLL
    for (int b = 0; b < kPairLoadBatch; ++b) {
      const int k = t + threads * (i0 + b);
      if (2 * k <= n) v[b] = load(k);
    }
    FFT3D_UNROLL
    for (int b = 0; b < kPairLoadBatch; ++b) {
      const int k = t + threads * (i0 + b);
      if (2 * k <= n) f(k, i0 + b, v[b]);
    }
  }
}

// Two complex values a pre-processing phase loads for one pair.
template <typename Real>
struct LoadedPair {
  Complex<Real> a, b;
};

// The fused real-data phase of a half-length row kernel (n complex points):
// the inverse's pre-processing reads the half spectrum X[0..n] from global
// memory into the row's shared buffer as Z; the forward's post-processing
// reads Z = FFT(z) from shared memory and writes X[0..n]. Each thread takes
// pairs (k, n - k), k = 0..n/2. X[0] and X[n] are real: the inverse ignores
// their imaginary parts, as FFTW does.
template <int Sign, typename Real>
FFT3D_HD void x_real_phase(int n, int threads, int row_stride, int rows_per_block, const ThreadCoord& tc,
                           Real* smem, const XArgs<Real>& a) {
  const RowAccess<Real> r = row_access(n, threads, row_stride, rows_per_block, false, false, tc, smem, a);
  if (!r.live) return;
  if (Sign > 0) {
    const Complex<Real> wt = real_pair_base_root<+1, Real>(r.t, n);
    for_loaded_pairs(
        r.t, threads, n, [&](int k) { return LoadedPair<Real>{r.in[k], r.in[n - k]}; },
        [&](int k, int i, LoadedPair<Real> x) {
          if (k == 0) x.a.im = x.b.im = Real(0);
          real_pre_pair(real_pair_root<+1, Real>(wt, r.t, threads, i, n), k, n, x.a, x.b, r.shared_re, r.shared_im);
        });
    return;
  }
  for_real_pairs<Sign, Real>(r.t, threads, n, [&](int k, Complex<Real> w) {
    Complex<Real> lo, hi;
    const int m = k == 0 ? 0 : n - k;
    real_pair<Sign>(w, make_complex(r.shared_re[k], r.shared_im[k]), make_complex(r.shared_re[m], r.shared_im[m]),
                    &lo, &hi);
    r.out[k] = scale(lo, a.scale);
    r.out[n - k] = scale(hi, a.scale);
  });
}

// The pre-processing of odd-length inverse rows (full, pair): each row's
// half spectrum X[0..n/2] read once, coalesced, into the line's shared row
// as Z = Xa + i Xb over all n points, by Hermitian symmetry:
// Z[k] = Xa[k] + i Xb[k], Z[n-k] = conj Xa[k] + i conj Xb[k] (Xb = 0 for a
// full row, or a pair's missing second row). X[0]'s imaginary part is
// ignored, as FFTW does. Read at every index of the first stage instead,
// the half spectrum was read twice, and the C2R rows of 243 and 343 in f64
// ran 14-25 % slower than the R2C rows. (The forward's reals staged this
// way lost 1-15 % at R2C 125^3-375^3 on an H200: it reads in its first stage.)
template <typename Real>
FFT3D_HD void x_odd_pre_phase(int real_io, int n, int threads, int row_stride, int rows_per_block,
                              const ThreadCoord& tc, Real* smem, const XArgs<Real>& a) {
  const bool paired = paired_io(real_io);
  const RowAccess<Real> r = row_access(n, threads, row_stride, rows_per_block, false, false, tc, smem, a, paired);
  if (!r.live) return;
  const bool second = paired && r.live2;
  Real* re = r.shared_re;
  Real* im = r.shared_im;
  for_loaded_pairs(
      r.t, threads, n,
      [&](int k) { return LoadedPair<Real>{r.in[k], second ? r.in2[k] : make_complex(Real(0), Real(0))}; },
      [&](int k, int, LoadedPair<Real> x) {
        if (k == 0) {
          re[0] = x.a.re;
          im[0] = x.b.re;
          return;
        }
        re[k] = x.a.re - x.b.im;
        im[k] = x.a.im + x.b.re;
        re[n - k] = x.a.re + x.b.im;
        im[n - k] = x.b.re - x.a.im;
      });
}

// The paired forward's last phase: the line's shared row holds Z = FFT(a + i b)
// of its rows a and b, whose half spectra are A[k] = (Z[k] + conj Z[n-k]) / 2
// and B[k] = -i (Z[k] - conj Z[n-k]) / 2, k = 0..n/2 (Z[n] is Z[0]).
template <typename Real>
FFT3D_HD void x_pair_post_phase(int n, int threads, int row_stride, int rows_per_block, const ThreadCoord& tc,
                                Real* smem, const XArgs<Real>& a) {
  const RowAccess<Real> r = row_access(n, threads, row_stride, rows_per_block, false, false, tc, smem, a, true);
  if (!r.live) return;
  const Real h = Real(0.5) * a.scale;
  for (int k = r.t; 2 * k <= n; k += threads) {
    const int m = k == 0 ? 0 : n - k;
    const Complex<Real> z = make_complex(r.shared_re[k], r.shared_im[k]);
    const Complex<Real> w = make_complex(r.shared_re[m], -r.shared_im[m]);  // conj Z[n-k]
    r.out[k] = scale(z + w, h);
    if (r.live2) {
      const Complex<Real> d = z - w;
      r.out2[k] = make_complex(d.im * h, -d.re * h);
    }
  }
}

// The store phase of a long row's pass B (XLayout::transposed_store): line
// r of the block, left in shared memory by the last stage, goes to a.out at
// a.out_geometry, output k at r % inner + r / inner * outer + k * stride.
// Thread tid takes line tid % rows_per_block (the same line at every k) and
// outputs k = tid / rows_per_block + threads_per_row * i.
// (Scalars, not the XLayout: a layout passed by reference ends up in local
// memory on the GPU.)
template <typename Real>
FFT3D_HD void x_transposed_store_phase(int n, int threads, int stride, int rows, const ThreadCoord& tc,
                                       const Real* smem, const XArgs<Real>& a) {
  const int line = tc.tid % rows;
  const long long r = tc.block * rows + line;
  if (r >= a.rows) return;
  const RowGeometry& og = a.out_geometry;
  Complex<Real>* out = a.out + (r % og.inner + r / og.inner * og.outer);
  for (int k = tc.tid / rows; k < n; k += threads)
    out[k * og.stride] = scale(make_complex(smem[line * stride + k], smem[(rows + line) * stride + k]), a.scale);
}

// The store phase of plane rows (XLayout::plane_nx): the last stage left
// value (x, y) of the line's transformed plane at y + ny x, padded
// (plane_store_map); neighbouring threads of the line store neighbouring
// values x + nx y, so that the stores coalesce. Paired real planes (the
// C2R inverse) store the real part as the first plane and the imaginary
// part as the second, their x rows out_pitch / ny reals apart. Plane
// columns (columns: YZ planes, one a column) store the same order down
// their columns; neighbouring threads take neighbouring columns there.
template <typename Real>
FFT3D_HD void x_plane_store_phase(int n, int nx, int threads, int stride, int rows, bool paired, bool columns,
                                  const ThreadCoord& tc, Real* smem, const XArgs<Real>& a) {
  const int ny = n / nx;
  const RowAccess<Real> r = row_access(n, threads, stride, rows, columns, false, tc, smem, a, paired);
  if (!r.live) return;
  for (int e = r.t; e < n; e += threads) {
    const int p = padded_index(plane_rows_store_map(n, nx), e / nx + ny * (e % nx));
    const Complex<Real> v = make_complex(r.shared_re[p], r.shared_im[p]);
    if (!paired) {
      store_last(kComplexIo, n, e, v, a.scale, r);
      continue;
    }
    const long long at = plane_real_offset(e, nx, a.out_pitch / ny);
    reinterpret_cast<Real*>(r.out)[at] = v.re * a.scale;
    if (r.live2) reinterpret_cast<Real*>(r.out2)[at] = v.im * a.scale;
  }
}

// The paired real planes' forward, last phase: the line's shared plane holds
// Z = DFT(a + i b) of its planes a and b (Z[kx, ky] at ky + ny kx, padded),
// whose half spectra, kx <= nx / 2, are A[k] = (Z[k] + conj Z[-k]) / 2 and
// B[k] = -i (Z[k] - conj Z[-k]) / 2, stored at kx + (nx / 2 + 1) ky.
template <typename Real>
FFT3D_HD void x_plane_pair_post_phase(int n, int nx, int threads, int stride, int rows, const ThreadCoord& tc,
                                      Real* smem, const XArgs<Real>& a) {
  const int ny = n / nx, half = nx / 2 + 1;
  const RowAccess<Real> r = row_access(n, threads, stride, rows, false, false, tc, smem, a, true);
  if (!r.live) return;
  const PadMap map = plane_rows_store_map(n, nx);
  const Real h = Real(0.5) * a.scale;
  for (int e = r.t; e < half * ny; e += threads) {
    const int kx = e % half, ky = e / half;
    const int mx = kx == 0 ? 0 : nx - kx, my = ky == 0 ? 0 : ny - ky;
    const int p = padded_index(map, ky + ny * kx), q = padded_index(map, my + ny * mx);
    const Complex<Real> z = make_complex(r.shared_re[p], r.shared_im[p]);
    const Complex<Real> w = make_complex(r.shared_re[q], -r.shared_im[q]);  // conj Z[-k]
    r.out[e] = scale(z + w, h);
    if (r.live2) {
      const Complex<Real> d = z - w;
      r.out2[e] = make_complex(d.im * h, -d.re * h);
    }
  }
}

// The paired real planes' inverse, first phase: the half spectra A and B
// of the line's two planes (kx <= nx / 2, at kx + (nx / 2 + 1) ky) into
// Z = A + i B over the whole plane, in natural order (kx + nx ky) in the
// line's shared row, by Hermitian symmetry: Z[-k] = conj A[k] + i conj B[k]
// (B = 0 for an odd count's last plane). The columns kx = 0 and nx / 2
// (even nx), their own mirrors, take their Hermitian parts
// (A[k] + conj A[-k]) / 2, as FFTW's C2R does when it keeps the real part of
// the transform along x (and drops X[0]'s imaginary part in 1-D).
template <typename Real>
FFT3D_HD void x_plane_pair_pre_phase(int n, int nx, int threads, int stride, int rows, const ThreadCoord& tc,
                                     Real* smem, const XArgs<Real>& a) {
  const int ny = n / nx, half = nx / 2 + 1;
  const RowAccess<Real> r = row_access(n, threads, stride, rows, false, false, tc, smem, a, true);
  if (!r.live) return;
  const Complex<Real> zero = make_complex(Real(0), Real(0));
  for (int e = r.t; e < half * ny; e += threads) {
    const int kx = e % half, ky = e / half;
    const int my = ky == 0 ? 0 : ny - ky;
    Complex<Real> x = r.in[e], y = r.live2 ? r.in2[e] : zero;
    const bool own_mirror = kx == 0 || 2 * kx == nx;
    if (own_mirror) {
      const int m = kx + half * my;
      const Complex<Real> xm = r.in[m], ym = r.live2 ? r.in2[m] : zero;
      x = make_complex(Real(0.5) * (x.re + xm.re), Real(0.5) * (x.im - xm.im));
      y = make_complex(Real(0.5) * (y.re + ym.re), Real(0.5) * (y.im - ym.im));
    }
    const int k = kx + nx * ky;
    r.shared_re[k] = x.re - y.im;
    r.shared_im[k] = x.im + y.re;
    if (!own_mirror) {
      const int m = nx - kx + nx * my;
      r.shared_re[m] = x.re + y.im;
      r.shared_im[m] = y.re - x.im;
    }
  }
}

// Run-time dispatch of one phase, for the CPU block executor.
template <int Sign, typename Real, int Capacity>
inline void x_phase_on_host(const XLayout& L, int p, const ThreadCoord& grid_tc,
                            XRegs<Real, Capacity>& regs, Real* smem, const XArgs<Real>& a) {
  const ThreadCoord tc{grid_tc.tid, walked_block(grid_tc.block, L.lines(a.rows), L.rows_per_block, a.reversed)};
  const PhaseInfo ph = L.phase(p);
  const int stride = L.row_stride(), rows = L.rows_per_block;
  if (ph.stage == kCrossPhase)
    return with_radix(L.cross, [&](auto c) {
      x_cross_phase<Sign, decltype(c)::value>(L.n, rows, stride, L.threads_per_block(), L.exchange_map(0), tc, smem,
                                              a);
    });
  if (ph.stage == kPostPhase && L.transposed_store)
    return x_transposed_store_phase(L.n, L.threads_per_row, stride, rows, tc, smem, a);
  if (ph.stage == kPostPhase && L.plane_nx > 0 && L.real_io == kRealPairForward)
    return x_plane_pair_post_phase(L.n, L.plane_nx, L.threads_per_row, stride, rows, tc, smem, a);
  if (ph.stage == kPostPhase && L.plane_nx > 0)
    return x_plane_store_phase(L.n, L.plane_nx, L.threads_per_row, stride, rows, L.paired(), L.columns, tc, smem,
                               a);
  if (ph.stage == kPrePhase && L.plane_nx > 0)
    return x_plane_pair_pre_phase(L.n, L.plane_nx, L.threads_per_row, stride, rows, tc, smem, a);
  if (ph.stage == kPostPhase && L.paired())
    return x_pair_post_phase(L.n, L.threads_per_row, stride, rows, tc, smem, a);
  if (ph.stage == kPrePhase && L.odd_inverse())
    return x_odd_pre_phase(L.real_io, L.n, L.threads_per_row, stride, rows, tc, smem, a);
  if (ph.stage == kPrePhase || ph.stage == kPostPhase)
    return x_real_phase<Sign>(L.n, L.threads_per_row, stride, rows, tc, smem, a);
  const StageGeom g = L.stage(ph.stage);
  const bool tab = L.twiddle_table, cols = L.columns;
  const int io = L.real_io;
  with_radix(g.radix, [&](auto radix) {
    x_stage_phase<Sign, decltype(radix)::value>(g, ph, stride, rows, tab, cols, L.cross > 0, io, tc, regs, smem, a,
                                                L.long_n2);
  });
}

#if defined(__CUDACC_RTC__) || defined(__CUDACC__)
extern __shared__ __align__(16) unsigned char fft3d_shared_memory[];

// Compile-time unrolled phase sequence. Cfg provides `Real`, `kSign`,
// `kReversed` and a constexpr `layout()`, so every geometry value below folds
// to a constant.
template <class Cfg, int P, typename Real, int Capacity>
__device__ __forceinline__ void x_run_phases(const ThreadCoord& tc, XRegs<Real, Capacity>& regs,
                                             Real* smem, const XArgs<Real>& a) {
  constexpr XLayout L = Cfg::layout();
  if constexpr (P < L.phases()) {
    constexpr PhaseInfo ph = L.phase(P);
    if constexpr (ph.stage == kCrossPhase) {
      x_cross_phase<Cfg::kSign, L.cross>(L.n, L.rows_per_block, L.row_stride(), L.threads_per_block(),
                                         L.exchange_map(0), tc, smem, a);
    } else if constexpr (ph.stage == kPostPhase && L.transposed_store) {
      x_transposed_store_phase(L.n, L.threads_per_row, L.row_stride(), L.rows_per_block, tc, smem, a);
    } else if constexpr (ph.stage == kPostPhase && L.plane_nx > 0 && L.real_io == kRealPairForward) {
      x_plane_pair_post_phase(L.n, L.plane_nx, L.threads_per_row, L.row_stride(), L.rows_per_block, tc, smem, a);
    } else if constexpr (ph.stage == kPostPhase && L.plane_nx > 0) {
      x_plane_store_phase(L.n, L.plane_nx, L.threads_per_row, L.row_stride(), L.rows_per_block, L.paired(),
                          L.columns, tc, smem, a);
    } else if constexpr (ph.stage == kPrePhase && L.plane_nx > 0) {
      x_plane_pair_pre_phase(L.n, L.plane_nx, L.threads_per_row, L.row_stride(), L.rows_per_block, tc, smem, a);
    } else if constexpr (ph.stage == kPostPhase && L.paired()) {
      x_pair_post_phase(L.n, L.threads_per_row, L.row_stride(), L.rows_per_block, tc, smem, a);
    } else if constexpr (ph.stage == kPrePhase && L.odd_inverse()) {
      x_odd_pre_phase(L.real_io, L.n, L.threads_per_row, L.row_stride(), L.rows_per_block, tc, smem, a);
    } else if constexpr (ph.stage == kPrePhase || ph.stage == kPostPhase) {
      x_real_phase<Cfg::kSign>(L.n, L.threads_per_row, L.row_stride(), L.rows_per_block, tc, smem, a);
    } else {
      constexpr StageGeom g = L.stage(ph.stage);
      x_stage_phase<Cfg::kSign, g.radix>(g, ph, L.row_stride(), L.rows_per_block, L.twiddle_table,
                                         L.columns, L.cross > 0, L.real_io, tc, regs, smem, a, L.long_n2);
    }
    if constexpr (P + 1 < L.phases()) __syncthreads();
    x_run_phases<Cfg, P + 1>(tc, regs, smem, a);
  }
}

template <class Cfg>
__device__ __forceinline__ void x_block_device(const XArgs<typename Cfg::Real>& a) {
  using Real = typename Cfg::Real;
  constexpr XLayout L = Cfg::layout();
  XRegs<Real, L.elems_per_thread()> regs;
  const unsigned block = Cfg::kReversed ? gridDim.x - 1 - blockIdx.x : blockIdx.x;  // walked_block
  constexpr bool bounded = bounds_thread_index<Cfg>(x_bounds_thread_index_by_rule(L.columns, sizeof(Real)));
  const ThreadCoord tc{thread_index<L.threads_per_block(), bounded>(), static_cast<long long>(block)};
  x_run_phases<Cfg, 0>(tc, regs, reinterpret_cast<Real*>(fft3d_shared_memory), a);
}
#endif

}  // namespace kern
}  // namespace fft3d
