// Host side of the long-column form (multirow/long_column_kernel.h): the
// split n1 * n2 of a column length, the chunks of columns that share one
// workspace, the NVRTC source of pass B, and a runner for the CPU block
// executor.
#pragma once
#include <string>
#include <vector>

#include "common/precision.h"
#include "fft1d/x_kernel.h"
#include "fft1d/x_variant.h"
#include "multirow/long_column_kernel.h"

namespace fft3d {

struct LongColumnVariant {
  int n1 = 0, n2 = 0;      // 0: none
  XVariant a;              // pass A: the column kernel of n1 points
  int b_threads = 256;     // pass B: threads a block, one (column, k1) each
  // Pass B in shared memory, where n2 is beyond the register codelets:
  // long rows take the row kernel of n2 points with the transposed store
  // (long_row_b_layout), a line per k1; long columns in balance the column
  // kernel of n2 points (b.columns), out of place from the workspace
  // (long_column_b_layout_in_shared_memory). Empty (no radices): pass B in
  // registers.
  XVariant b;
  long long work_bytes = 0;  // the workspace's budget (long_column_chunks)

  bool b_in_shared_memory() const { return !b.radices.empty(); }
  bool rows_in_shared_memory() const { return b_in_shared_memory() && !b.columns; }
  bool columns_in_shared_memory() const { return b_in_shared_memory() && b.columns; }
  // e.g. "long1024x16.r32-32.t32.rows8.pad-none.tw-sincos.mb0.cols.b256.work32M",
  // "long256x256.r16-16.t16.rows32.pad-none.tw-sincos.mb0.cols.b-r16-16.t16.rows16.pad-none.tw-sincos.mb0.work1024M"
  // (long rows), "long128x128.r16-8.t8.rows32...cols.b-r16-8.t8.rows32...cols.work1024M" (columns in balance)
  std::string name() const;
  bool operator==(const LongColumnVariant& o) const;
};

// The ESTIMATE's workspace budget: 1 GiB, or the pass's whole array where
// that is smaller, in one chunk. Fewer, larger chunks were faster than
// chunks that pass through the L2 (H200, 64 x 64 x 16384 f32: 1.007 ms
// with 1 GiB, 1.026 with 256 MiB, 1.256 with 30 MiB (half the L2), 1.514
// with 12 MiB; docs/BENCHMARKS.md, "Long columns").
constexpr long long kLongColumnWorkBytes = 1LL << 30;

// The split of a column of n points: long_column_balanced_split's, else n2
// the largest of 16, 9, 8, 7, 5, 4, 3, 2 that divides n and leaves n1 =
// n / n2 a column kernel that fits the limits (estimate_column_variant),
// pass B in registers; and kLongColumnWorkBytes. n1 = 0 where there is
// none. rows (long rows, one column a row): long_row_balanced_split's,
// else as columns in registers with 32 first, so that pass A's columns
// are half as long and its blocks twice as wide.
LongColumnVariant estimate_long_column_variant(int n, Precision precision, const DeviceLimits& limits,
                                               bool rows = false);

// Long rows of n = n1 * n2 with n2 the largest divisor of n from 33 to
// sqrt(n) (n1 >= n2) for which pass A's column kernel of n1 and pass B's
// row kernel of n2 (the row ESTIMATE's, at least 128 bytes of lines a
// block where they fit) both fit: two shared-memory passes whose blocks
// each move runs of at least 128 bytes. n1 = 0 where there is none.
LongColumnVariant long_row_balanced_split(int n, Precision precision, const DeviceLimits& limits);

// Long columns of n = n1 * n2 with n2 the largest divisor of n from 17 to
// sqrt(n) for which both passes' column kernels (the column ESTIMATE's, 128
// bytes of columns a block in single precision where they fit) fit: pass B
// is the column kernel of n2, out of place from the workspace, so both
// passes are one-pass column kernels of short columns on small blocks.
// n1 = 0 where there is none.
LongColumnVariant long_column_balanced_split(int n, Precision precision, const DeviceLimits& limits);

// Pass B's layout where it runs in shared memory: long rows' row kernel
// with the transposed store (long_row_b_layout), or long columns' column
// kernel out of place (XLayout::long_n2 = 1). Error(INTERNAL) for pass B in
// registers.
kern::XLayout long_column_b_layout_in_shared_memory(const LongColumnVariant& v, Precision precision);

// One chunk of the columns (a run of neighbouring columns, or of whole
// planes of them): where its pass A reads (a_in, from `offset` complex
// values into the array) and writes (a_out, in the workspace), and where
// pass B reads (b_in, the workspace) and writes (b_out, the array from
// `offset`). Pass A transforms a_columns columns of n1, pass B b_lines
// lines of n2; twiddle_width is XArgs::twiddle_width of pass A.
struct LongColumnChunk {
  long long offset;
  long long a_columns, b_lines;
  kern::RowGeometry a_in, a_out, b_in, b_out;
  long long twiddle_width;
};

// The chunks of `count` columns of n1 * n2 points at `geometry` (a Y or Z
// pass: element stride equal to inner, count a multiple of inner), each
// at most work_elements complex values of workspace: whole planes of
// columns (inner columns each) where one fits, else runs of columns within
// a plane, widths a multiple of 32 (at least 32, or the plane's width).
// Throws Error(INTERNAL) on another geometry.
std::vector<LongColumnChunk> long_column_chunks(int n1, int n2, long long count, const kern::RowGeometry& geometry,
                                                long long work_elements);

// long_column_chunks for variant v, its workspace budget in values of
// `precision`. A variant whose pass B runs rows in shared memory (long rows
// in balance) takes rows only (geometry.inner == 1); else Error(INTERNAL).
std::vector<LongColumnChunk> long_column_chunks(const LongColumnVariant& v, Precision precision, long long count,
                                                const kern::RowGeometry& geometry);

// The workspace (complex values) the chunks of long_column_chunks need.
long long long_column_work_elements(int n1, const std::vector<LongColumnChunk>& chunks);

// The arguments of chunk c's pass A (from `data` into `work`, twiddles of
// n1 points and long_twiddle_table's of n1 * n2) and pass B (from `work`
// into `data`), as the GPU pass and the CPU runner launch them.
template <typename Real>
kern::XArgs<Real> long_column_a_args(const LongColumnChunk& c, kern::Complex<Real>* data, kern::Complex<Real>* work,
                                     const kern::Complex<Real>* twiddles_n1,
                                     const kern::Complex<Real>* twiddles_length) {
  kern::XArgs<Real> a{data + c.offset, c.a_columns, twiddles_n1, c.a_in};
  a.out = work;
  a.out_geometry = c.a_out;
  a.long_twiddles = twiddles_length;
  a.twiddle_width = c.twiddle_width;
  return a;
}
// twiddles_n2: the n2-point table of pass B's row kernel where it takes one.
template <typename Real>
kern::XArgs<Real> long_column_b_args(const LongColumnChunk& c, kern::Complex<Real>* data, kern::Complex<Real>* work,
                                     Real scale, const kern::Complex<Real>* twiddles_n2 = nullptr) {
  kern::XArgs<Real> b{work, c.b_lines, twiddles_n2, c.b_in, scale};
  b.out = data + c.offset;
  b.out_geometry = c.b_out;
  return b;
}

// Source with kernels fft3d_long_b_forward and fft3d_long_b_inverse (pass B).
std::string long_column_b_source(const LongColumnVariant& v, Precision precision);

kern::LongColumnBLayout long_column_b_layout(const LongColumnVariant& v);

// Both passes over the columns with the CPU block executor (tests), through
// a workspace of v.work_bytes; in place, outputs times scale.
template <typename Real>
void run_long_column_on_cpu(const LongColumnVariant& v, int sign, kern::Complex<Real>* data, long long count,
                            const kern::RowGeometry& geometry, double scale = 1.0);

}  // namespace fft3d
