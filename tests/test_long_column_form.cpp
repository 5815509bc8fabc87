// Long columns (multirow/long_column.h): Y and Z columns of n1 * n2 points
// in two passes through a workspace, and X rows in the same form (long
// rows). The chunk plan, the CPU block executor against FFTW, and where the
// ESTIMATE takes the form.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "common/error.h"
#include "fft3d/grid_schedule.h"
#include "fft3d/grid_schedule_host.h"
#include "multirow/long_column.h"
#include "oracle.h"

namespace fft3d {
namespace {

using fft3d_test::cplx;

// Every array element `count` columns of n1 * n2 at `g` touch, as the
// chunks' pass A reads it and pass B writes it; and each chunk's pass B
// reads exactly the workspace slots its pass A wrote, within the workspace.
void check_chunks(int n1, int n2, long long count, const kern::RowGeometry& g, long long work_elements,
                  long long array_elements, size_t want_chunks) {
  const std::vector<LongColumnChunk> chunks = long_column_chunks(n1, n2, count, g, work_elements);
  EXPECT_EQ(chunks.size(), want_chunks);
  const long long work = long_column_work_elements(n1, chunks);
  std::vector<int> read(static_cast<size_t>(array_elements)), written(read);
  auto start = [](const kern::RowGeometry& q, long long r) { return r % q.inner + r / q.inner * q.outer; };
  for (const LongColumnChunk& c : chunks) {
    std::vector<int> work_written(static_cast<size_t>(work)), work_read(work_written);
    for (long long r = 0; r < c.a_columns; ++r)
      for (int j1 = 0; j1 < n1; ++j1) {
        ++read.at(static_cast<size_t>(c.offset + start(c.a_in, r) + j1 * c.a_in.stride));
        ++work_written.at(static_cast<size_t>(start(c.a_out, r) + j1 * c.a_out.stride));
      }
    for (long long r = 0; r < c.b_lines; ++r)
      for (int b = 0; b < n2; ++b) {
        ++work_read.at(static_cast<size_t>(start(c.b_in, r) + b * c.b_in.stride));
        ++written.at(static_cast<size_t>(c.offset + start(c.b_out, r) + b * c.b_out.stride));
      }
    EXPECT_EQ(work_read, work_written);
  }
  for (long long i = 0; i < array_elements; ++i) {
    ASSERT_EQ(read[static_cast<size_t>(i)], 1) << "element " << i << " read";
    ASSERT_EQ(written[static_cast<size_t>(i)], 1) << "element " << i << " written";
  }
}

TEST(LongColumnForm, ChunksCoverEveryColumnOnce) {
  // Z columns of a 12 x 10 x (8 * 4) array: one chunk, then runs of 32 and
  // a ragged run of the plane's 120 columns.
  const long long plane = 120;
  check_chunks(8, 4, plane, {plane, plane, plane}, 1 << 20, plane * 32, 1);
  check_chunks(8, 4, plane, {plane, plane, plane}, 32 * 32, plane * 32, 4);
  // Y columns of a 6 x (5 * 3) x 7 array: all planes, three a chunk, one a chunk.
  const long long y_plane = 6 * 15;
  check_chunks(5, 3, 6 * 7, {6, y_plane, 6}, 1 << 20, y_plane * 7, 1);
  check_chunks(5, 3, 6 * 7, {6, y_plane, 6}, 3 * y_plane, y_plane * 7, 3);
  check_chunks(5, 3, 6 * 7, {6, y_plane, 6}, y_plane, y_plane * 7, 7);
  // Planes wider than the workspace: runs within each plane (6 wide, the plane's width).
  check_chunks(5, 3, 6 * 7, {6, y_plane, 6}, 10, y_plane * 7, 7);
  // Rows of 8 * 4 (long rows: one column a row, geometry {1, 32, 1}): all
  // rows, two a chunk, and a workspace smaller than a row (one a chunk).
  check_chunks(8, 4, 5, {1, 32, 1}, 1 << 20, 32 * 5, 1);
  check_chunks(8, 4, 5, {1, 32, 1}, 2 * 32, 32 * 5, 3);
  check_chunks(8, 4, 5, {1, 32, 1}, 16, 32 * 5, 5);
  // Not a Y or Z pass.
  EXPECT_THROW(long_column_chunks(8, 4, 64, {64, 64 * 32, 1}, 1 << 20), Error);  // element stride not inner
  EXPECT_THROW(long_column_chunks(8, 4, 100, {64, 64, 64}, 1 << 20), Error);
}

// A grid run by the CPU block executor against FFTW's 3-D transform,
// forward and normalised inverse.
template <typename Real>
void check_schedule(const std::vector<GridPass>& passes, int nx, int ny, int nz, const std::string& what) {
  const bool single = sizeof(Real) == 4;
  const size_t count = static_cast<size_t>(nx) * ny * nz;
  const auto in = fft3d_test::random_complex(count, static_cast<unsigned>(nx + 7 * ny + 3 * nz));
  std::vector<kern::Complex<Real>> data(count);
  std::vector<cplx> rounded(count);
  for (size_t i = 0; i < count; ++i) {
    data[i] = kern::make_complex(static_cast<Real>(in[i].real()), static_cast<Real>(in[i].imag()));
    rounded[i] = cplx(data[i].re, data[i].im);
  }
  const auto original = data;
  auto as_complex = [&] {
    std::vector<cplx> v(count);
    for (size_t i = 0; i < count; ++i) v[i] = cplx(data[i].re, data[i].im);
    return v;
  };
  const double bound = fft3d_test::fft_error_bound(single, static_cast<double>(count));
  run_grid_schedule_on_cpu<Real>(passes, data.data(), -1);
  EXPECT_LE(fft3d_test::relative_l2_error(as_complex(), fft3d_test::fftw_3d(rounded, nx, ny, nz, -1)), bound)
      << "forward " << what;
  data = original;
  run_grid_schedule_on_cpu<Real>(passes, data.data(), +1, 1.0 / static_cast<double>(count));
  std::vector<cplx> want = fft3d_test::fftw_3d(rounded, nx, ny, nz, +1);
  for (auto& x : want) x /= static_cast<double>(count);
  EXPECT_LE(fft3d_test::relative_l2_error(as_complex(), want), bound) << "inverse " << what;
}

// A grid whose Y and Z passes are long columns with a workspace of
// work_bytes, run by the CPU block executor against FFTW's 3-D transform.
template <typename Real>
void check_long_grid(int nx, int ny, int nz, long long work_bytes) {
  const Precision precision = sizeof(Real) == 4 ? Precision::f32 : Precision::f64;
  auto passes = make_grid_schedule(nx, ny, nz, precision, DeviceLimits{}, ColumnMethod::long_column);
  ASSERT_EQ(passes.size(), 3u);
  for (size_t i = 1; i < 3; ++i) {
    ASSERT_TRUE(passes[i].is_long_column());
    passes[i].long_column.work_bytes = work_bytes;
  }
  check_schedule<Real>(passes, nx, ny, nz,
                       std::to_string(nx) + "x" + std::to_string(ny) + "x" + std::to_string(nz) + ", work " +
                           std::to_string(work_bytes) + " B");
}

TEST(LongColumnForm, ExecutorMatchesFftw) {
  // Y = 96 = 6 x 16, Z = 64 = 4 x 16: one chunk, whole planes a chunk, and
  // runs of 32 columns (Z's planes of 8 x 96 columns).
  for (long long work : {1LL << 24, 8LL * 96 * 16 * 2, 32LL * 64 * 16})
    check_long_grid<double>(8, 96, 64, work);
  check_long_grid<float>(8, 96, 64, 32LL * 64 * 8);
  // n2 other than 16: 45 = 5 x 9, 27 = 3 x 9, 14 = 2 x 7.
  check_long_grid<float>(6, 45, 27, 1 << 20);
  check_long_grid<double>(5, 14, 45, 24LL * 45 * 16);
}

TEST(LongColumnForm, Splits) {
  const DeviceLimits limits;
  // In balance: both passes column kernels of 128.
  LongColumnVariant v = estimate_long_column_variant(16384, Precision::f64, limits);
  EXPECT_EQ(v.n1, 128);
  EXPECT_EQ(v.n2, 128);
  EXPECT_TRUE(v.a.columns);
  EXPECT_TRUE(v.columns_in_shared_memory());
  EXPECT_FALSE(v.rows_in_shared_memory());
  EXPECT_NE(v.name().find(".cols.b-r"), std::string::npos) << v.name();  // pass B's column variant
  EXPECT_EQ(v.work_bytes, kLongColumnWorkBytes);
  EXPECT_EQ(estimate_long_column_variant(8192, Precision::f32, limits).n2, 64);  // 128 x 64
  // 405 has no divisor from 17 to 20: n2 = 9 in registers.
  v = estimate_long_column_variant(3 * 3 * 3 * 3 * 5, Precision::f32, limits);
  EXPECT_EQ(v.n2, 9);
  EXPECT_EQ(v.n1, 45);
  EXPECT_FALSE(v.columns_in_shared_memory());
  EXPECT_EQ(estimate_long_column_variant(11 * 13, Precision::f32, limits).n1, 0);
  EXPECT_NE(v.name().find("long45x9."), std::string::npos) << v.name();
}

// The ESTIMATE: long columns where the one-pass blocks hold too few columns
// to fill a sector, or none fit; one pass elsewhere.
TEST(LongColumnForm, EstimateTakesLongColumnsWhereOnePassIsNarrow) {
  const DeviceLimits limits;
  // f64 columns of 16384 fit no block: before long columns, no GPU plan.
  auto f64 = make_grid_schedule(64, 64, 16384, Precision::f64, limits, ColumnMethod::automatic, {},
                                PlaneMethod::automatic);
  ASSERT_TRUE(f64.back().is_long_column());
  EXPECT_EQ(f64.back().axis, 'z');
  EXPECT_EQ(f64.back().passes_over_memory(), 2);
  // f32 columns of 16384: one a block in one pass.
  EXPECT_TRUE(make_grid_schedule(64, 64, 16384, Precision::f32, limits).back().is_long_column());
  EXPECT_TRUE(make_grid_schedule(16, 8192, 4, Precision::f32, limits)[1].is_long_column());
  // f32 columns of 4096 hold 4 a block (32 bytes): long from 4096 in single
  // precision; f64 ones hold 2 (also 32 bytes): one pass.
  EXPECT_TRUE(make_grid_schedule(64, 64, 4096, Precision::f32, limits).back().is_long_column());
  EXPECT_FALSE(make_grid_schedule(64, 64, 4096, Precision::f64, limits).back().is_long_column());
  // Columns of 1024 hold 4 (f64) or 8 (f32) a block: one pass.
  EXPECT_FALSE(make_grid_schedule(64, 64, 1024, Precision::f32, limits).back().is_long_column());
  EXPECT_FALSE(make_grid_schedule(64, 64, 1024, Precision::f64, limits).back().is_long_column());
  // Forced one pass keeps the one-pass kernel, or has none.
  EXPECT_FALSE(make_grid_schedule(64, 64, 16384, Precision::f32, limits, ColumnMethod::one_pass)
                   .back()
                   .is_long_column());
  EXPECT_THROW(make_grid_schedule(64, 64, 16384, Precision::f64, limits, ColumnMethod::one_pass), Error);
  // A length with no split: no long columns to force.
  EXPECT_THROW(make_grid_schedule(4, 4, 3, Precision::f32, limits, ColumnMethod::long_column), Error);
  const std::string text = describe_pass(f64.back(), Precision::f64);
  EXPECT_NE(text.find("long columns, A: 128 x 128-point column Stockham"), std::string::npos) << text;
  EXPECT_NE(text.find("long columns, B: 128 x 128-point column Stockham from the workspace"), std::string::npos)
      << text;
}

// Long columns split in balance: pass B is the column kernel of n2, out of
// place from the workspace (XLayout::long_n2 = 1). Y and Z in one grid, odd
// n2 (21 x 21), whole planes a chunk and runs within a plane, both passes'
// last blocks left ragged, and a length whose kernels take two exchange
// buffers (343 = 7^3 in f32).
TEST(LongColumnForm, BalancedSplitMatchesFftw) {
  const DeviceLimits limits;
  auto grid = make_grid_schedule(6, 1024, 441, Precision::f32, limits, ColumnMethod::long_column);
  ASSERT_EQ(grid.size(), 3u);
  for (size_t i = 1; i < 3; ++i) ASSERT_TRUE(grid[i].long_column.columns_in_shared_memory()) << i;
  EXPECT_EQ(grid[1].long_column.n2, 32);  // Y: 1024 = 32 x 32
  EXPECT_EQ(grid[2].long_column.n2, 21);  // Z: 441 = 21 x 21
  check_schedule<float>(grid, 6, 1024, 441, "f32 6 x 1024 x 441, in balance");
  for (size_t i = 1; i < 3; ++i) grid[i].long_column.work_bytes = 32LL * 1024 * 8;  // runs of 32 columns
  check_schedule<float>(grid, 6, 1024, 441, "f32 6 x 1024 x 441, runs within a plane");
  // Z of 5 x 35 x 400 f64 (Y: 5 x 7 in registers): 175 columns a plane, so
  // both passes' last blocks are ragged.
  auto f64 = make_grid_schedule(5, 35, 400, Precision::f64, limits, ColumnMethod::long_column);
  EXPECT_FALSE(f64[1].long_column.columns_in_shared_memory());
  const LongColumnVariant& z = f64[2].long_column;
  ASSERT_TRUE(z.columns_in_shared_memory());
  EXPECT_EQ(z.n2, 20);
  EXPECT_NE((175 * z.n1) % z.b.rows_per_block, 0);
  EXPECT_NE((175 * z.n2) % z.a.rows_per_block, 0);
  check_schedule<double>(f64, 5, 35, 400, "f64 5 x 35 x 400, in balance");
  const auto r343 = estimate_long_column_variant(343 * 343, Precision::f32, limits);
  ASSERT_TRUE(r343.columns_in_shared_memory());
  EXPECT_EQ(r343.n2, 343);
  EXPECT_EQ(r343.b.exchange_buffers, 2);
  auto z343 = make_grid_schedule(4, 2, 343 * 343, Precision::f32, limits);  // no one-pass block fits
  ASSERT_EQ(z343[2].long_column, r343);
  check_schedule<float>(z343, 4, 2, 343 * 343, "f32 4 x 2 x 117649, 343 x 343");
}

// Long rows: X rows that fit no row kernel (here a device of 16 KB of
// shared memory a block) run in the long-column form, one column a row;
// forced through RowMethod::long_row where they would fit.
TEST(LongRowForm, ExecutorMatchesFftw) {
  DeviceLimits small;
  small.shared_bytes_per_block = 16 * 1024;
  small.max_cluster = 0;  // no cluster rows (test_cluster_rows.cpp)
  auto rows = make_grid_schedule(4096, 3, 2, Precision::f32, small);
  ASSERT_TRUE(rows[0].is_long_column());
  EXPECT_EQ(rows[0].axis, 'x');
  EXPECT_EQ(rows[0].long_column.n1, 64);  // split in balance (long_row_balanced_split)
  EXPECT_EQ(rows[0].long_column.n2, 64);
  EXPECT_TRUE(rows[0].long_column.rows_in_shared_memory());
  check_schedule<float>(rows, 4096, 3, 2, "f32 4096 x 3 x 2, 16 KB blocks");
  rows[0].long_column.work_bytes = 2 * 4096 * 8;  // two rows a chunk, the last alone
  check_schedule<float>(rows, 4096, 3, 2, "f32 4096 x 3 x 2, two rows a chunk");
  rows[0].long_column.work_bytes = 1024;  // smaller than a row: a row a chunk
  check_schedule<float>(rows, 4096, 3, 2, "f32 4096 x 3 x 2, a row a chunk");
  // 2048 has no balanced split (no divisor from 33 to 45 leaves n1 >= n2):
  // pass B in registers, 32 first.
  auto f64 = make_grid_schedule(2048, 3, 2, Precision::f64, small);
  ASSERT_TRUE(f64[0].is_long_column());
  EXPECT_EQ(f64[0].long_column.n2, 32);
  EXPECT_FALSE(f64[0].long_column.rows_in_shared_memory());
  check_schedule<double>(f64, 2048, 3, 2, "f64 2048 x 3 x 2, 16 KB blocks");
  // n2 = 9 (405 = 45 x 9), 7 (98 = 14 x 7) and 40 (2000 = 50 x 40, in
  // balance), forced where rows fit.
  const auto forced = [](int nx, int ny, int nz, Precision p) {
    return make_grid_schedule(nx, ny, nz, p, DeviceLimits{}, ColumnMethod::automatic, {}, PlaneMethod::separate,
                              RowMethod::long_row);
  };
  const auto r405 = forced(405, 4, 3, Precision::f64);
  ASSERT_TRUE(r405[0].is_long_column());
  EXPECT_EQ(r405[0].long_column.n2, 9);
  check_schedule<double>(r405, 405, 4, 3, "f64 405 x 4 x 3, forced");
  check_schedule<float>(forced(98, 5, 1, Precision::f32), 98, 5, 1, "f32 98 x 5, forced");
  // Batched 1-D rows are one pass of the same form (ny = nz = 1 here).
  const auto r2000 = forced(2000, 1, 1, Precision::f64);
  EXPECT_EQ(r2000[0].long_column.n2, 40);
  check_schedule<double>(r2000, 2000, 1, 1, "f64 2000, forced");
}

// Long rows split in balance: pass B is the row kernel of n2 whose store
// phase writes the block's lines transposed (XLayout::transposed_store).
// Lengths whose kernels take twiddle tables (81), lines that leave the last
// pass B block ragged (n1 * rows not a multiple of its lines), and a
// workspace of one row a chunk.
TEST(LongRowForm, BalancedSplitMatchesFftw) {
  DeviceLimits small;
  small.shared_bytes_per_block = 16 * 1024;
  small.max_cluster = 0;
  auto r6561 = make_grid_schedule(6561, 3, 1, Precision::f32, small);
  ASSERT_TRUE(r6561[0].is_long_column());
  const LongColumnVariant& v = r6561[0].long_column;
  EXPECT_EQ(v.n1, 81);
  EXPECT_EQ(v.n2, 81);
  EXPECT_TRUE(v.b.twiddle_table);
  EXPECT_GE(v.b.rows_per_block, 16);  // 128 bytes of f32 lines a store
  EXPECT_NE((v.n1 * 3) % v.b.rows_per_block, 0);
  check_schedule<float>(r6561, 6561, 3, 1, "f32 6561 x 3, 81 x 81");
  // Pass B's row kernel takes rows only: columns (inner > 1) are refused.
  EXPECT_THROW(long_column_chunks(v, Precision::f32, 4, kern::RowGeometry{2, 2 * 6561, 2}), Error);
  auto f64 = make_grid_schedule(4096, 5, 1, Precision::f64, small);
  ASSERT_TRUE(f64[0].long_column.rows_in_shared_memory());
  EXPECT_GE(f64[0].long_column.b.rows_per_block, 8);
  check_schedule<double>(f64, 4096, 5, 1, "f64 4096 x 5, 64 x 64");
  f64[0].long_column.work_bytes = 1024;  // a row a chunk
  check_schedule<double>(f64, 4096, 5, 1, "f64 4096 x 5, a row a chunk");
  // The store phase's rows keep an odd stride: their lines sit in other banks.
  EXPECT_EQ(long_row_b_layout(64, Precision::f64, f64[0].long_column.b).row_stride() % 2, 1);
  const std::string text = describe_pass(f64[0], Precision::f64);
  EXPECT_NE(text.find("B: 64 x 64-point row Stockham from the workspace, stored transposed"), std::string::npos)
      << text;
  // 7^6 = 343 x 343 f32: pass A's columns of 343 take two exchange buffers
  // (measured_343_columns); pass B keeps one.
  const auto r343 = make_grid_schedule(117649, 1, 1, Precision::f32, DeviceLimits{}, ColumnMethod::automatic, {},
                                       PlaneMethod::separate, RowMethod::long_row);
  ASSERT_TRUE(r343[0].long_column.rows_in_shared_memory());
  EXPECT_EQ(r343[0].long_column.n2, 343);
  EXPECT_EQ(r343[0].long_column.b.exchange_buffers, 1);
  check_schedule<float>(r343, 117649, 1, 1, "f32 117649, 343 x 343");
  XVariant two = r343[0].long_column.b;
  two.exchange_buffers = 2;
  EXPECT_THROW(long_row_b_layout(343, Precision::f32, two), Error);
}

// Where the ESTIMATE takes long rows: only where no row kernel fits and no
// cluster holds the row (here a device without clusters); not where none is
// forced or the length has no split.
TEST(LongRowForm, EstimateTakesLongRowsWhereNoRowKernelFits) {
  DeviceLimits limits;  // 227 KB a block
  limits.max_cluster = 0;
  // f32 rows of 16384 (128 KB) fit a block; of 32768 (256 KB) none.
  EXPECT_FALSE(row_pass(16384, 8, Precision::f32, limits).is_long_column());
  const GridPass f32 = row_pass(32768, 8, Precision::f32, limits);
  ASSERT_TRUE(f32.is_long_column());
  EXPECT_EQ(f32.long_column.n1 * f32.long_column.n2, 32768);
  EXPECT_EQ(f32.passes_over_memory(), 2);
  EXPECT_EQ(f32.geometry.inner, 1);
  EXPECT_EQ(f32.geometry.outer, 32768);
  // f64 rows of 16384 (256 KB): long, 128 x 128 in balance (as columns,
  // whose pass B is a column kernel).
  const GridPass f64 = row_pass(16384, 4, Precision::f64, limits);
  ASSERT_TRUE(f64.is_long_column());
  EXPECT_EQ(f64.long_column.n1, 128);
  EXPECT_EQ(f64.long_column.n2, 128);
  EXPECT_TRUE(estimate_long_column_variant(16384, Precision::f64, limits).columns_in_shared_memory());
  // f32 rows of 2^18 in balance (512 x 512): both passes on lines of 128
  // bytes (16), not the ESTIMATE's 32.
  const GridPass f32_long = row_pass(1 << 18, 4, Precision::f32, limits);
  ASSERT_TRUE(f32_long.long_column.rows_in_shared_memory());
  EXPECT_EQ(f32_long.long_column.a.rows_per_block, 16);
  EXPECT_EQ(f32_long.long_column.b.rows_per_block, 16);
  const std::string text = describe_pass(f64, Precision::f64);
  EXPECT_NE(text.find("pass x: n=16384 x 4 long rows, A: 128 x 128-point"), std::string::npos) << text;
  EXPECT_NE(text.find("pass x: n=16384 x 4 long rows, B: 128 x 128-point row Stockham"), std::string::npos)
      << text;
  // Forced one pass where no row kernel fits, or long rows where the length
  // has no split (7: n1 would be 1), or no split whose kernels fit (f64
  // 2^30: rows of 2^15 or columns of 2^15 and more). f64 2^20 splits in
  // balance, 1024 x 1024.
  EXPECT_THROW(row_pass(32768, 8, Precision::f32, limits, {}, RowMethod::one_pass), Error);
  EXPECT_THROW(row_pass(7, 8, Precision::f32, limits, {}, RowMethod::long_row), Error);
  EXPECT_THROW(row_pass(1 << 30, 1, Precision::f64, limits), Error);
  EXPECT_EQ(row_pass(1 << 20, 1, Precision::f64, limits).long_column.n2, 1024);
  // The 3-D schedule's X pass is the same.
  EXPECT_TRUE(make_grid_schedule(32768, 4, 4, Precision::f32, limits)[0].is_long_column());
}

}  // namespace
}  // namespace fft3d
