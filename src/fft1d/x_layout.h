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
};

// What one barrier-separated phase does: read (and compute) stage `stage`,
// write it, or both when no barrier is needed between the two.
struct PhaseInfo {
  int stage;
  bool read, write;
};

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

  FFT3D_HD constexpr int stride_after(int s) const {
    int p = 1;
    for (int i = s + 1; i < stages; ++i) p *= radix[i];
    return p;
  }
  // Exchange e sits between stage e and stage e + 1.
  FFT3D_HD constexpr PadMap exchange_map(int e) const { return exchange[e]; }
  FFT3D_HD constexpr StageGeom stage(int s) const {
    const int m = n / radix[s];
    return StageGeom{n, radix[s], stride_after(s), m, threads_per_row,
                     (m + threads_per_row - 1) / threads_per_row, s == 0, s == stages - 1,
                     s > 0 ? exchange_map(s - 1) : PadMap{1, 0},
                     s < stages - 1 ? exchange_map(s) : PadMap{1, 0}};
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
  // Elements of shared memory per row: the largest padded exchange.
  FFT3D_HD constexpr int row_stride() const {
    int w = 0;
    for (int e = 0; e + 1 < stages; ++e) w = max_of(w, padded_extent(exchange_map(e), n));
    return w == 0 ? 0 : w + row_pad;
  }
  // Real and imaginary parts are kept in two arrays (one bank word each).
  FFT3D_HD constexpr long long shared_bytes(int real_bytes) const {
    return 2LL * rows_per_block * row_stride() * real_bytes;
  }
  FFT3D_HD constexpr int phases() const { return stages <= 1 ? stages : 2 * stages - 2; }
  // Phase 0 reads from and writes to the first stage (no barrier needed: the
  // reads come from global memory); then each later stage reads in one phase
  // and writes in the next, except the last, which writes to global memory in
  // the same phase as it reads.
  FFT3D_HD constexpr PhaseInfo phase(int p) const {
    if (p == 0) return PhaseInfo{0, true, true};
    const int s = (p + 1) / 2;
    if (p % 2 == 1) return PhaseInfo{s, true, s == stages - 1};
    return PhaseInfo{s, false, true};
  }
};

}  // namespace kern
}  // namespace fft3d
