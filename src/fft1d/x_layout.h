// The shape of one Stockham kernel variant as plain constexpr data: radix
// order, threads per row, rows (or columns) per block, padding maps, twiddle
// source, row or column access. Everything the
// kernel, the host launcher and the tuner need to know (shared memory, phases,
// registers per thread) is derived here from one struct, so that they agree.
#pragma once
#include "common/device_defs.h"
#include "fft1d/stockham_index.h"

namespace fft3d {
namespace kern {

constexpr int kMaxStages = 16;

// One stage of the Stockham FFT as a kernel phase sees it.
struct StageGeom {
  int n;            // row length
  int radix;        // r_s
  int stride;       // P_s, the product of the later radices
  int butterflies;  // N / r_s per row
  int threads;      // threads per row
  int per_thread;   // butterflies per thread: ceil(butterflies / threads)
  bool first, last;
  PadMap in_map;    // layout of the exchange read from (unless first)
  PadMap out_map;   // layout of the exchange written to (unless last)
  // Elements from a row's exchange in buffer 0 to the buffer this stage
  // reads from (unless first) and writes to (unless last); 0 but with
  // XLayout::exchange_buffers 2.
  int in_offset = 0, out_offset = 0;
  // False for the first stage of a plane row (XLayout::plane_nx): the 2-D
  // DFT's two stages meet without the 1-D transform's twiddles.
  bool twiddled = true;
  // XLayout::plane_nx (0 but for plane rows): where paired real planes'
  // first stage reads its reals (plane_real_offset).
  int plane_nx = 0;
};

// What one barrier-separated phase does: read (and compute) stage `stage`,
// write it, or both when no barrier is needed between the two. Real-data
// kernels add a phase before the stages (kPrePhase) or after them
// (kPostPhase), see RealIo.
struct PhaseInfo {
  int stage;
  bool read, write;
};
constexpr int kPrePhase = -1;
constexpr int kPostPhase = 1000;
constexpr int kCrossPhase = -2;  // XLayout::cross: the DFT across a block's line groups

// How a row kernel meets real data (R2C forward, C2R inverse), with n the
// length of the complex FFT it computes:
// - half: rows of 2n reals transformed as n complex values, with the
//   real/complex post-processing (forward) or pre-processing (inverse) fused
//   as an extra phase through shared memory; n + 1 complex outputs.
// - full: rows of n reals (odd n) promoted to complex on the first read; the
//   forward writes only the n/2 + 1 outputs of the half spectrum; the inverse
//   reads them in an extra phase, extends them by Hermitian symmetry into
//   shared memory, and keeps the real part.
// - pair: two rows of n reals (odd n) in one complex transform, row 2j as the
//   real part and row 2j + 1 as the imaginary part, so no butterfly works on
//   zeros. The forward separates the two half spectra in an extra phase
//   through shared memory (Z[k] and Z[n-k] meet there); the inverse builds
//   Z = Xa + i Xb in an extra phase through shared memory and keeps Z's
//   real and imaginary parts. A block line is a pair of rows (rows_per_line).
// A layout is made for one direction: the forward and inverse kernels differ.
enum RealIo : int {
  kComplexIo = 0,
  kRealHalfForward,
  kRealHalfInverse,
  kRealFullForward,
  kRealFullInverse,
  kRealPairForward,
  kRealPairInverse
};
FFT3D_HD constexpr bool paired_io(int real_io) { return real_io == kRealPairForward || real_io == kRealPairInverse; }

// Where a plane row of n = nx * ny points (XLayout::plane_nx) leaves
// spectrum value ky + ny kx in shared memory: one pad every ny values, so
// that the store phase's reads down a column of the transposed plane fall
// in different banks.
FFT3D_HD constexpr PadMap plane_rows_store_map(int n, int nx) { return PadMap{n / nx, 1}; }

struct XLayout {
  int n;
  int stages;
  int radix[kMaxStages];
  int threads_per_row;
  int rows_per_block;
  PadMap exchange[kMaxStages];  // padding of exchange e (between stages e, e+1)
  int row_pad;                  // extra elements per row, so rows sharing a warp use other banks
  bool twiddle_table;           // twiddles from a precomputed table, not sincospi
  // Rows (false): contiguous rows, thread tid works on row tid / threads_per_row.
  // Columns (true): strided columns of a 3-D array (Y or Z axis); consecutive
  // threads take consecutive columns (neighbouring x) so that every global
  // access is coalesced, and the block's columns are transposed into
  // shared-memory rows: the one-pass column variant.
  bool columns;
  int real_io = kComplexIo;  // RealIo (rows only)
  // Columns only, 0 or a codelet radix C: the block's lines are C groups of
  // rows_per_block / C (group i: row y0 + i * Y2 of the split-Y schedule,
  // fft3d/grid_schedule.h), and a phase after stage 0 replaces each group
  // position's C values by their C-point DFT (the second stage of Y, which
  // commutes with the column's own transform along Z; x_cross_phase).
  int cross = 0;
  // 1: every exchange in one buffer, so a middle stage reads in one phase
  // and writes in the next, a barrier apart (no thread may overwrite what
  // another has still to read). 2: exchanges alternate between two buffers,
  // so a stage reads one and writes the other in one phase: one barrier per
  // stage instead of two, for twice the shared memory. Complex data only
  // (a cross phase works on exchange 0, in buffer 0, in place).
  int exchange_buffers = 1;
  // Columns only, 0 or n2 >= 1: pass A of a long column of n * n2 points
  // (multirow/long_column.h). Column r is written out of place, to
  // XArgs::out at XArgs::out_geometry, its output k multiplied as it is
  // stored by W_{n n2}^{j2 k}, j2 = (r / XArgs::twiddle_width) % n2, from
  // XArgs::long_twiddles (long_twiddle_table). 1: out of place with no
  // twiddles, pass B of long columns in balance (whose pass A applied them).
  int long_n2 = 0;
  // Rows only: pass B of a long row split n1 * n (multirow/long_column.h).
  // The last stage leaves the block's rows in shared memory, and a store
  // phase (x_transposed_store_phase) writes output k of line r to XArgs::out
  // at XArgs::out_geometry, neighbouring threads taking neighbouring lines:
  // a line is one k1 of X[k1 + n1 k], so the stores coalesce across lines
  // as the loads did along them.
  bool transposed_store = false;
  // 0 or nx: each row is a plane of nx * (n / nx) points, x fastest,
  // transformed as a 2-D DFT (small XY planes in one pass, a block holding
  // rows_per_block planes). With columns, complex only, each column is one:
  // the YZ planes of a grid whose ny * nz points are a column nx apart
  // (plane columns, nx here the grid's ny). Two stages: radix[0] = n / nx along y,
  // radix[1] = nx along x, with no twiddles between them. The last stage
  // leaves the spectrum in shared memory in the 1-D transform's order,
  // ky + ny kx, padded one value every ny (plane_store_map), and a store
  // phase (x_plane_store_phase) writes kx + nx ky, coalesced.
  // With real_io pair (R2C / C2R), a line is two real planes, whose x rows
  // are in_pitch / ny (forward) or out_pitch / ny (inverse) reals apart:
  // the forward separates their half spectra, kx <= nx / 2, in its last
  // phase (x_plane_pair_post_phase); the inverse builds the complex plane
  // from them first (x_plane_pair_pre_phase) and stores its real and
  // imaginary parts as the two planes.
  int plane_nx = 0;

  // The same layout with real_io for the direction sign (-1 forward, +1 inverse).
  FFT3D_HD constexpr XLayout for_direction(int sign) const {
    XLayout L = *this;
    if (real_io == kRealHalfForward || real_io == kRealHalfInverse)
      L.real_io = sign < 0 ? kRealHalfForward : kRealHalfInverse;
    if (real_io == kRealFullForward || real_io == kRealFullInverse)
      L.real_io = sign < 0 ? kRealFullForward : kRealFullInverse;
    if (paired()) L.real_io = sign < 0 ? kRealPairForward : kRealPairInverse;
    return L;
  }
  // Odd-length inverse rows (full, pair) read their half spectra in a
  // pre-processing phase too (x_odd_pre_phase), not in the first stage.
  FFT3D_HD constexpr bool odd_inverse() const { return real_io == kRealFullInverse || real_io == kRealPairInverse; }
  FFT3D_HD constexpr bool pre_processes() const { return real_io == kRealHalfInverse || odd_inverse(); }
  FFT3D_HD constexpr bool post_processes() const {
    return real_io == kRealHalfForward || real_io == kRealPairForward || transposed_store || plane_nx > 0;
  }
  FFT3D_HD constexpr PadMap plane_store_map() const { return plane_rows_store_map(n, plane_nx); }
  FFT3D_HD constexpr bool paired() const { return paired_io(real_io); }
  // Rows of data per block line, and the lines that `rows` rows fill.
  FFT3D_HD constexpr int rows_per_line() const { return paired() ? 2 : 1; }
  FFT3D_HD constexpr long long lines(long long rows) const { return paired() ? (rows + 1) / 2 : rows; }
  // Whether stage s reads its input from global memory (else from shared
  // memory) and writes its output to global memory.
  FFT3D_HD constexpr bool reads_global(int s) const { return s == 0 && !pre_processes(); }
  FFT3D_HD constexpr bool writes_global(int s) const { return s == stages - 1 && !post_processes(); }

  FFT3D_HD constexpr int stride_after(int s) const {
    int p = 1;
    for (int i = s + 1; i < stages; ++i) p *= radix[i];
    return p;
  }
  // Exchange e sits between stage e and stage e + 1.
  FFT3D_HD constexpr PadMap exchange_map(int e) const { return exchange[e]; }
  // Elements from buffer 0 to the buffer that holds exchange e.
  FFT3D_HD constexpr int exchange_offset(int e) const {
    return e % exchange_buffers * 2 * rows_per_block * row_stride();
  }
  FFT3D_HD constexpr StageGeom stage(int s) const {
    const int m = n / radix[s];
    StageGeom g{n,
                radix[s],
                stride_after(s),
                m,
                threads_per_row,
                (m + threads_per_row - 1) / threads_per_row,
                reads_global(s),
                writes_global(s),
                s > 0 ? exchange_map(s - 1) : PadMap{1, 0},
                s < stages - 1 ? exchange_map(s) : PadMap{1, 0},
                s > 0 ? exchange_offset(s - 1) : 0,
                s < stages - 1 ? exchange_offset(s) : 0};
    if (plane_nx > 0) {
      g.twiddled = s > 0;
      g.plane_nx = plane_nx;
      if (s == stages - 1) g.out_map = plane_store_map();
    }
    return g;
  }
  FFT3D_HD constexpr int threads_per_block() const { return threads_per_row * rows_per_block; }
  // Which row of the block and which thread within the row a thread is.
  FFT3D_HD constexpr int local_row(int tid) const {
    return columns ? tid % rows_per_block : tid / threads_per_row;
  }
  FFT3D_HD constexpr int thread_in_row(int tid) const {
    return columns ? tid / rows_per_block : tid % threads_per_row;
  }
  // Registers (complex values) each thread holds between a read and a write.
  FFT3D_HD constexpr int elems_per_thread() const {
    int e = 1;
    for (int s = 0; s < stages; ++s) {
      const StageGeom g = stage(s);
      e = max_of(e, g.per_thread * g.radix);
    }
    return e;
  }
  // Elements of shared memory per row: the largest padded exchange (and the
  // unpadded row that real-data pre- or post-processing or the transposed
  // store goes through, in either direction: the launcher gives both
  // kernels of a layout the forward's shared memory, and a full row of one
  // stage has none forward; a plane row's padded spectrum).
  FFT3D_HD constexpr int row_stride() const {
    int w = real_io != kComplexIo || transposed_store ? n : 0;
    if (plane_nx > 0) w = max_of(w, padded_extent(plane_store_map(), n));
    for (int e = 0; e + 1 < stages; ++e) w = max_of(w, padded_extent(exchange_map(e), n));
    return w == 0 ? 0 : w + row_pad;
  }
  // Real and imaginary parts are kept in two arrays (one bank word each),
  // in each exchange buffer.
  FFT3D_HD constexpr long long shared_bytes(int real_bytes) const {
    return 2LL * exchange_buffers * rows_per_block * row_stride() * real_bytes;
  }
  // A stage reads and writes in one phase when either side is global memory
  // or they are different buffers (no other thread can be reading what it
  // overwrites); otherwise it reads in one phase and writes in the next,
  // after a barrier. For complex rows: phase 0 is stage 0, then two phases
  // per middle stage (one with two buffers), then one for the last. Real
  // pre-processing comes first, post-processing last.
  FFT3D_HD constexpr bool single_phase(int s) const {
    return reads_global(s) || writes_global(s) || exchange_buffers > 1;
  }
  FFT3D_HD constexpr int phases() const {
    int count = (pre_processes() ? 1 : 0) + (cross > 0 ? 1 : 0);
    for (int s = 0; s < stages; ++s) count += single_phase(s) ? 1 : 2;
    return count + (post_processes() ? 1 : 0);
  }
  FFT3D_HD constexpr PhaseInfo phase(int p) const {
    int q = 0;
    if (pre_processes()) {
      if (p == 0) return PhaseInfo{kPrePhase, true, true};
      q = 1;
    }
    for (int s = 0; s < stages; ++s) {
      if (single_phase(s)) {
        if (p == q) return PhaseInfo{s, true, true};
        q += 1;
        if (s == 0 && cross > 0) {
          if (p == q) return PhaseInfo{kCrossPhase, true, true};
          q += 1;
        }
      } else {
        if (p == q) return PhaseInfo{s, true, false};
        if (p == q + 1) return PhaseInfo{s, false, true};
        q += 2;
      }
    }
    return PhaseInfo{kPostPhase, true, true};
  }
};

// The X kernels' default thread-index form (kern::thread_index): bounded for
// single-precision rows. Bounded, the column kernels of 343^3 f64 ran 14 %
// slower and of 480^3 f64 up to 25 %, f64 real rows up to 8 % (300^3 R2C);
// f32 rows bounded took the C2R of 16384x64x64 from 0.96x cuFFT to 1.01x
// (H200). A tuned variant may name the other form (Cfg::kThreadIndex).
FFT3D_HD constexpr bool x_bounds_thread_index_by_rule(bool columns, int real_bytes) {
  return !columns && real_bytes == 4;
}

}  // namespace kern
}  // namespace fft3d
