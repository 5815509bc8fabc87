// Long columns (multirow/long_column.h): Y and Z columns of n1 * n2 points
// in two passes through a workspace. The chunk plan, the CPU block
// executor against FFTW, and where the ESTIMATE takes the form.
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
  // Not a Y or Z pass.
  EXPECT_THROW(long_column_chunks(8, 4, 64, {64, 64 * 32, 1}, 1 << 20), Error);  // element stride not inner
  EXPECT_THROW(long_column_chunks(8, 4, 100, {64, 64, 64}, 1 << 20), Error);
}

// A grid whose Y and Z passes are long columns with a workspace of
// work_bytes, run by the CPU block executor against FFTW's 3-D transform:
// forward, and the inverse alone, normalised by the plan's scale.
template <typename Real>
void check_long_grid(int nx, int ny, int nz, long long work_bytes) {
  const bool single = sizeof(Real) == 4;
  const Precision precision = single ? Precision::f32 : Precision::f64;
  auto passes = make_grid_schedule(nx, ny, nz, precision, DeviceLimits{}, ColumnMethod::long_column);
  ASSERT_EQ(passes.size(), 3u);
  for (size_t i = 1; i < 3; ++i) {
    ASSERT_TRUE(passes[i].is_long_column());
    passes[i].long_column.work_bytes = work_bytes;
  }
  const size_t count = static_cast<size_t>(nx) * ny * nz;
  const auto in = fft3d_test::random_complex(count, static_cast<unsigned>(nx * 3 + ny * 5 + nz));
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
  const std::string what = std::to_string(nx) + "x" + std::to_string(ny) + "x" + std::to_string(nz) + ", work " +
                           std::to_string(work_bytes) + " B";
  run_grid_schedule_on_cpu<Real>(passes, data.data(), -1);
  EXPECT_LE(fft3d_test::relative_l2_error(as_complex(), fft3d_test::fftw_3d(rounded, nx, ny, nz, -1)), bound)
      << "forward " << what;
  data = original;
  run_grid_schedule_on_cpu<Real>(passes, data.data(), +1, 1.0 / static_cast<double>(count));
  std::vector<cplx> want = fft3d_test::fftw_3d(rounded, nx, ny, nz, +1);
  for (auto& x : want) x /= static_cast<double>(count);
  EXPECT_LE(fft3d_test::relative_l2_error(as_complex(), want), bound) << "inverse " << what;
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
  LongColumnVariant v = estimate_long_column_variant(16384, Precision::f64, limits);
  EXPECT_EQ(v.n1, 1024);
  EXPECT_EQ(v.n2, 16);
  EXPECT_TRUE(v.a.columns);
  EXPECT_EQ(v.work_bytes, kLongColumnWorkBytes);
  v = estimate_long_column_variant(3 * 3 * 3 * 3 * 5, Precision::f32, limits);
  EXPECT_EQ(v.n2, 9);
  EXPECT_EQ(v.n1, 45);
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
  EXPECT_NE(text.find("long columns, A: 16 x 1024-point"), std::string::npos) << text;
  EXPECT_NE(text.find("long columns, B: 1024 x 16-point"), std::string::npos) << text;
}

}  // namespace
}  // namespace fft3d
