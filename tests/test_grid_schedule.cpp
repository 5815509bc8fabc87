// 3-D grid schedules (X rows, then one-pass Y and Z columns) run by the CPU
// block executor, against FFTW's 3-D transform in double precision.
#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "common/error.h"
#include "common/factor.h"
#include "fft3d/forced_variants.h"
#include "fft3d/grid_schedule.h"
#include "fft3d/grid_schedule_host.h"
#include "oracle.h"
#include "xy/xy_variant.h"

namespace fft3d {
namespace {

using fft3d_test::cplx;

template <typename Real>
void check_grid(int nx, int ny, int nz, ColumnMethod method = ColumnMethod::automatic,
                PlaneMethod planes = PlaneMethod::separate, int side_planes = 0,
                const VariantPreference& preferred = {}) {
  const bool single = sizeof(Real) == 4;
  const Precision precision = single ? Precision::f32 : Precision::f64;
  auto passes = make_grid_schedule(nx, ny, nz, precision, DeviceLimits{}, method, preferred, planes);
  if (side_planes > 0) set_side_planes(passes, nx, ny, side_planes, precision, DeviceLimits{});
  const size_t count = static_cast<size_t>(nx) * ny * nz;
  const auto in = fft3d_test::random_complex(count, nx * 7 + ny * 5 + nz);
  std::vector<kern::Complex<Real>> data(count);
  std::vector<cplx> rounded(count);
  for (size_t i = 0; i < count; ++i) {
    data[i] = kern::make_complex(static_cast<Real>(in[i].real()), static_cast<Real>(in[i].imag()));
    rounded[i] = cplx(data[i].re, data[i].im);
  }
  auto as_complex = [&] {
    std::vector<cplx> v(count);
    for (size_t i = 0; i < count; ++i) v[i] = cplx(data[i].re, data[i].im);
    return v;
  };
  const double bound = fft3d_test::fft_error_bound(single, static_cast<double>(count));
  const std::string grid = std::to_string(nx) + "x" + std::to_string(ny) + "x" + std::to_string(nz);

  run_grid_schedule_on_cpu<Real>(passes, data.data(), -1);
  EXPECT_LE(fft3d_test::relative_l2_error(as_complex(), fft3d_test::fftw_3d(rounded, nx, ny, nz, -1)), bound)
      << "forward " << grid;
  run_grid_schedule_on_cpu<Real>(passes, data.data(), +1);
  std::vector<cplx> scaled(rounded);
  for (auto& x : scaled) x *= static_cast<double>(count);
  EXPECT_LE(fft3d_test::relative_l2_error(as_complex(), scaled), 2 * bound) << "round trip " << grid;

  // The inverse alone, against FFTW's backward transform.
  for (size_t i = 0; i < count; ++i)
    data[i] = kern::make_complex(static_cast<Real>(rounded[i].real()), static_cast<Real>(rounded[i].imag()));
  run_grid_schedule_on_cpu<Real>(passes, data.data(), +1);
  EXPECT_LE(fft3d_test::relative_l2_error(as_complex(), fft3d_test::fftw_3d(rounded, nx, ny, nz, +1)), bound)
      << "inverse " << grid;
}

// A column form forced on every pass of columns of n, as Y columns (y_nx
// of them a plane) and as ragged Z columns (15 lines), against FFTW.
template <typename Real>
void check_column_form(const XVariant& form, int n, int y_nx = 8) {
  const VariantPreference preferred = [&](const std::string& kind, int length,
                                          long long) -> std::optional<PreferredVariant> {
    if (kind == "columns" && length == n) return form;
    return std::nullopt;
  };
  check_grid<Real>(y_nx, n, 2, ColumnMethod::automatic, PlaneMethod::separate, 0, preferred);
  check_grid<Real>(5, 3, n, ColumnMethod::automatic, PlaneMethod::separate, 0, preferred);
}

TEST(GridSchedule, CubesAndOddGrids) {
  check_grid<float>(16, 16, 16);
  check_grid<double>(16, 16, 16);
  check_grid<float>(48, 20, 35);
  check_grid<double>(48, 20, 35);
  check_grid<float>(256, 16, 16);
  check_grid<double>(27, 9, 25);
}

TEST(GridSchedule, DegenerateAxes) {
  check_grid<float>(7, 1, 5);
  check_grid<double>(1, 1, 64);
  check_grid<float>(1, 64, 1);
  check_grid<double>(12, 10, 1);  // 2-D
  check_grid<float>(1, 1, 1);
}

TEST(GridSchedule, LongColumns) {
  check_grid<float>(4, 512, 3);
  check_grid<double>(2, 3, 1024);
  check_grid<float>(8, 1024, 2);  // 32 * 32 on 8 columns (long_column_radices)
  check_grid<float>(3, 5, 1024);  // and as ragged Z columns
}

// The two-pass five-step register form for the Y and Z columns.
TEST(GridSchedule, FiveStepColumns) {
  const ColumnMethod five = ColumnMethod::five_step;
  check_grid<float>(16, 256, 16, five);   // 256 = 16 x 16, the paper's case
  check_grid<double>(16, 16, 256, five);
  check_grid<float>(12, 64, 80, five);    // 8 x 8 and 5 x 16
  check_grid<double>(7, 6, 144, five);    // 2 x 3 and 9 x 16
  check_grid<float>(35, 49, 1, five);     // 7 x 7, a ragged last block
  const auto passes = make_grid_schedule(16, 256, 16, Precision::f32, DeviceLimits{}, five);
  ASSERT_EQ(passes.size(), 3u);
  EXPECT_TRUE(passes[1].is_five_step());
  EXPECT_EQ(passes[1].five_step.n1, 16);
  EXPECT_EQ(passes[1].passes_over_memory(), 2);
  EXPECT_NE(describe_pass(passes[1], Precision::f32).find("five-step B"), std::string::npos);
  // 512 has no split into two radices of at most 16.
  EXPECT_THROW(make_grid_schedule(4, 512, 4, Precision::f32, DeviceLimits{}, five), Error);
  EXPECT_FALSE(make_grid_schedule(4, 512, 4, Precision::f32, DeviceLimits{})[1].is_five_step());
}

// The last pass streams through L2 where it is a one-pass Stockham, and
// no other pass does; a five-step or fused last pass does not, nor any
// pass when streaming is off. Plans describe it.
TEST(GridSchedule, LastPassStreaming) {
  const Precision f32 = Precision::f32;
  auto passes = make_grid_schedule(64, 48, 40, f32, DeviceLimits{});
  ASSERT_EQ(passes.size(), 3u);
  passes[0].streams = true;  // cleared: only the last pass streams
  set_last_pass_streaming(passes, true);
  EXPECT_FALSE(passes[0].streams);
  EXPECT_FALSE(passes[1].streams);
  EXPECT_TRUE(passes[2].streams);
  EXPECT_NE(describe_pass(passes[2], f32).find("streaming through L2"), std::string::npos);
  EXPECT_EQ(describe_pass(passes[1], f32).find("streaming through L2"), std::string::npos);
  set_last_pass_streaming(passes, false);
  for (const GridPass& p : passes) EXPECT_FALSE(p.streams);
  auto five = make_grid_schedule(16, 16, 256, Precision::f64, DeviceLimits{}, ColumnMethod::five_step);
  set_last_pass_streaming(five, true);
  for (const GridPass& p : five) EXPECT_FALSE(p.streams) << describe_pass(p, Precision::f64);
  auto plane = make_grid_schedule(64, 64, 1, f32, DeviceLimits{}, ColumnMethod::automatic, {}, PlaneMethod::fused);
  ASSERT_TRUE(plane.back().is_fused_xy());
  set_last_pass_streaming(plane, true);
  EXPECT_FALSE(plane.back().streams);
  std::vector<GridPass> none;
  set_last_pass_streaming(none, true);  // nothing to mark
  // The rule: after a fused pass, on data of at most six L2s.
  const long long l2 = 50LL << 20;
  EXPECT_TRUE(streams_last_pass(true, 256LL * 256 * 256 * 16, l2));   // f64 256^3, 268 MB
  EXPECT_FALSE(streams_last_pass(true, 384LL * 384 * 384 * 8, l2));   // f32 384^3, 453 MB
  EXPECT_FALSE(streams_last_pass(false, 343LL * 343 * 343 * 8, l2));  // three passes
  EXPECT_FALSE(streams_last_pass(true, 1 << 20, 0));                  // no L2 size known
}

TEST(GridSchedule, FiveStepWhereOnePassDoesNotFit) {
  DeviceLimits small;
  small.shared_bytes_per_block = 16 * 1024;  // 256 doubles * 16 B = 4 KiB per column: fits 1..4 columns
  EXPECT_FALSE(make_grid_schedule(8, 256, 8, Precision::f64, small)[1].is_five_step());
  small.shared_bytes_per_block = 2 * 1024;   // now no column fits: five-step
  EXPECT_TRUE(make_grid_schedule(8, 256, 8, Precision::f64, small)[1].is_five_step());
}

TEST(GridSchedule, PassesAndGeometry) {
  const auto passes = make_grid_schedule(32, 20, 7, Precision::f32, DeviceLimits{});
  ASSERT_EQ(passes.size(), 3u);
  EXPECT_EQ(passes[0].axis, 'x');
  EXPECT_EQ(passes[0].count, 20 * 7);
  EXPECT_FALSE(passes[0].variant.columns);
  EXPECT_EQ(passes[1].axis, 'y');
  EXPECT_EQ(passes[1].count, 32 * 7);
  EXPECT_EQ(passes[1].geometry.stride, 32);
  EXPECT_TRUE(passes[1].variant.columns);
  EXPECT_EQ(passes[2].geometry.stride, 32 * 20);
  EXPECT_EQ(make_grid_schedule(1, 1, 9, Precision::f64, DeviceLimits{}).size(), 1u);
  EXPECT_NE(describe_pass(passes[1], Precision::f32).find("one-pass column"), std::string::npos);
}

// The fused XY pass then Z: two passes over memory, including planes where
// Z is the five-step form, and 2-D grids (no Z pass).
TEST(GridSchedule, FusedXYPass) {
  const PlaneMethod fused = PlaneMethod::fused;
  check_grid<float>(16, 16, 16, ColumnMethod::automatic, fused);
  check_grid<double>(48, 20, 35, ColumnMethod::automatic, fused);
  check_grid<float>(27, 9, 25, ColumnMethod::automatic, fused);
  check_grid<double>(12, 10, 1, ColumnMethod::automatic, fused);
  check_grid<float>(12, 64, 80, ColumnMethod::five_step, fused);
  check_grid<float>(1, 64, 3, ColumnMethod::automatic, fused);  // no X axis: separate passes
  const auto passes = make_grid_schedule(64, 48, 20, Precision::f32, DeviceLimits{}, ColumnMethod::automatic, {},
                                         fused);
  ASSERT_EQ(passes.size(), 2u);
  EXPECT_TRUE(passes[0].is_fused_xy());
  EXPECT_EQ(passes[0].count, 20);
  EXPECT_EQ(passes[0].ny, 48);
  EXPECT_EQ(passes[1].axis, 'z');
  EXPECT_NE(describe_pass(passes[0], Precision::f32).find("fused XY"), std::string::npos);
  // Without clusters: automatic falls back to separate passes, fused is an error.
  DeviceLimits old_gpu;
  old_gpu.max_cluster = 0;
  EXPECT_EQ(make_grid_schedule(64, 48, 20, Precision::f32, old_gpu, ColumnMethod::automatic, {},
                               PlaneMethod::automatic).size(), 3u);
  EXPECT_THROW(make_grid_schedule(64, 48, 20, Precision::f32, old_gpu, ColumnMethod::automatic, {}, fused), Error);
}

// Side planes: the fused pass leaves its last planes to separate X and Y
// passes (run beside it on the GPU); the result is the same transform.
TEST(GridSchedule, SidePlanes) {
  const PlaneMethod fused = PlaneMethod::fused;
  check_grid<float>(48, 20, 12, ColumnMethod::automatic, fused, 5);
  check_grid<double>(27, 9, 25, ColumnMethod::automatic, fused, 1);
  check_grid<float>(12, 64, 10, ColumnMethod::five_step, fused, 3);  // five-step Y and Z columns

  auto passes = make_grid_schedule(64, 48, 20, Precision::f32, DeviceLimits{}, ColumnMethod::automatic, {}, fused);
  set_side_planes(passes, 64, 48, 4, Precision::f32, DeviceLimits{});
  ASSERT_EQ(passes.size(), 2u);
  EXPECT_EQ(passes[0].count, 16);
  ASSERT_EQ(passes[0].side.size(), 2u);
  EXPECT_EQ(passes[0].side[0].axis, 'x');
  EXPECT_EQ(passes[0].side[0].count, 48 * 4);
  EXPECT_EQ(passes[0].side[1].axis, 'y');
  EXPECT_EQ(passes[0].side[1].count, 64 * 4);
  EXPECT_EQ(passes[0].side_offset, 16LL * 64 * 48);
  EXPECT_NE(describe_pass(passes[0], Precision::f32).find("the last 4 planes in separate passes"), std::string::npos);
  set_side_planes(passes, 64, 48, 6, Precision::f32, DeviceLimits{});  // counted from all 20 planes again
  EXPECT_EQ(passes[0].count, 14);
  set_side_planes(passes, 64, 48, 0, Precision::f32, DeviceLimits{});
  EXPECT_EQ(passes[0].count, 20);
  EXPECT_TRUE(passes[0].side.empty());
  EXPECT_THROW(set_side_planes(passes, 64, 48, 20, Precision::f32, DeviceLimits{}), Error);
  EXPECT_THROW(set_side_planes(passes, 64, 48, -1, Precision::f32, DeviceLimits{}), Error);
  auto separate = make_grid_schedule(64, 48, 20, Precision::f32, DeviceLimits{});
  EXPECT_THROW(set_side_planes(separate, 64, 48, 2, Precision::f32, DeviceLimits{}), Error);
}

// The ESTIMATE's side planes: the measured fraction of nz beyond the L2,
// none within it or for 256^2 planes.
TEST(GridSchedule, EstimateSidePlanes) {
  EXPECT_EQ(estimate_side_planes(512, 512, 512, Precision::f32), 512 / 6);  // its fused pass a ring
  EXPECT_EQ(estimate_side_planes(512, 512, 512, Precision::f64), 512 / 12);
  EXPECT_EQ(estimate_side_planes(400, 400, 400, Precision::f32), 400 / 8);
  EXPECT_EQ(estimate_side_planes(384, 384, 384, Precision::f32), 384 / 16);
  EXPECT_EQ(estimate_side_planes(300, 300, 300, Precision::f64), 300 / 8);
  EXPECT_EQ(estimate_side_planes(256, 256, 256, Precision::f32), 0);
  EXPECT_EQ(estimate_side_planes(256, 256, 256, Precision::f64), 0);
  // f32 192^3 and 210^3: none, their passes launched as dependents instead.
  EXPECT_EQ(estimate_side_planes(192, 192, 192, Precision::f32), 0);
  EXPECT_EQ(estimate_side_planes(210, 210, 210, Precision::f32), 0);
  EXPECT_EQ(estimate_side_planes(192, 192, 192, Precision::f64), 192 / 16);
  EXPECT_EQ(estimate_side_planes(320, 320, 320, Precision::f32), 320 / 12);
  EXPECT_EQ(estimate_side_planes(128, 128, 128, Precision::f64), 0);  // 33.5 MB: within the L2
  EXPECT_EQ(estimate_side_planes(320, 320, 64, Precision::f32), 64 / 12);  // not a cube: the default fraction
  const auto passes = make_grid_schedule(320, 320, 320, Precision::f32, DeviceLimits{}, ColumnMethod::automatic, {},
                                         PlaneMethod::automatic);
  ASSERT_TRUE(passes[0].is_fused_xy());
  EXPECT_EQ(passes[0].count, 320 - 320 / 12);
  ASSERT_EQ(passes[0].side.size(), 2u);
  EXPECT_EQ(passes[0].side[1].count, 320LL * (320 / 12));
  // f64 384^2 and 400^2 planes fuse only with side planes, beyond the L2.
  const auto f64_384 = make_grid_schedule(384, 384, 384, Precision::f64, DeviceLimits{}, ColumnMethod::automatic, {},
                                          PlaneMethod::automatic);
  ASSERT_EQ(f64_384.size(), 2u);
  EXPECT_TRUE(f64_384[0].is_fused_xy());
  EXPECT_EQ(f64_384[0].count, 384 - 384 / 8);
  EXPECT_TRUE(fuses_with_side_planes(400, 400, 400, Precision::f64));
  // Its share rows unpadded (unpadded_rows_faster: H200, 1.7589 against 1.8311 ms).
  const auto f64_400 = make_grid_schedule(400, 400, 400, Precision::f64, DeviceLimits{}, ColumnMethod::automatic, {},
                                          PlaneMethod::automatic);
  ASSERT_TRUE(f64_400[0].is_fused_xy());
  EXPECT_TRUE(f64_400[0].xy.strided_rows && !f64_400[0].xy.row_pads) << f64_400[0].xy.name();
  EXPECT_FALSE(fuses_with_side_planes(400, 400, 400, Precision::f32));  // it fuses anyway
  EXPECT_FALSE(fuses_with_side_planes(384, 384, 8, Precision::f64));    // within the L2
  EXPECT_EQ(make_grid_schedule(384, 384, 8, Precision::f64, DeviceLimits{}, ColumnMethod::automatic, {},
                               PlaneMethod::automatic).size(), 3u);
  // The R2C forward's: nz/16 at the measured f32 planes, else nz/12, none
  // within the L2 (by the complex side's bytes).
  EXPECT_EQ(estimate_real_side_planes(256, 256, 256, Precision::f32, false), 256 / 16);
  EXPECT_EQ(estimate_real_side_planes(512, 512, 512, Precision::f32, false), 512 / 16);
  EXPECT_EQ(estimate_real_side_planes(320, 320, 320, Precision::f32, false), 320 / 12);
  EXPECT_EQ(estimate_real_side_planes(256, 256, 256, Precision::f64, false), 256 / 12);
  EXPECT_EQ(estimate_real_side_planes(256, 256, 180, Precision::f32, false), 0);  // 48 MB complex side
  // The C2R inverse's.
  EXPECT_EQ(estimate_real_side_planes(256, 256, 256, Precision::f32, true), 256 / 8);
  EXPECT_EQ(estimate_real_side_planes(256, 256, 256, Precision::f64, true), 256 / 12);
  EXPECT_EQ(estimate_real_side_planes(256, 256, 180, Precision::f32, true), 0);
}

// The split-Y schedule: two passes, ny = split * y2 in the CRT layout, for
// every split factor the cross phase takes (2, 3, 4, 5, 7, 8), both
// precisions, forward, inverse and round trip against FFTW.
TEST(GridSchedule, SplitYPass) {
  const PlaneMethod split = PlaneMethod::split;
  check_grid<float>(16, 12, 40, ColumnMethod::automatic, split);   // 4 x 3
  check_grid<double>(20, 15, 24, ColumnMethod::automatic, split);  // 5 x 3
  check_grid<float>(12, 20, 36, ColumnMethod::automatic, split);   // 4 x 5
  check_grid<double>(30, 21, 40, ColumnMethod::automatic, split);  // 7 x 3
  check_grid<float>(24, 18, 32, ColumnMethod::automatic, split);   // 2 x 9
  check_grid<double>(8, 24, 48, ColumnMethod::automatic, split);   // 8 x 3
  check_grid<float>(40, 45, 30, ColumnMethod::automatic, split);   // 5 x 9

  const auto passes = make_grid_schedule(300, 300, 300, Precision::f32, DeviceLimits{}, ColumnMethod::automatic, {},
                                         split);
  ASSERT_EQ(passes.size(), 2u);
  EXPECT_TRUE(passes[0].is_fused_xy());
  EXPECT_EQ(passes[0].split, 4);
  EXPECT_EQ(passes[0].ny, 75);
  EXPECT_EQ(passes[0].count, 300 * 4);
  EXPECT_EQ(passes[1].axis, 'z');
  EXPECT_EQ(passes[1].split, 4);
  EXPECT_EQ(passes[1].geometry.split, 4);
  EXPECT_EQ(passes[1].variant.rows_per_block, 4 * passes[1].geometry.width);
  EXPECT_EQ(300 % passes[1].geometry.width, 0);
  EXPECT_EQ(passes[1].geometry.y2 * passes[1].geometry.inverse % 4, 1);
  EXPECT_NE(describe_pass(passes[0], Precision::f32).find("split Y = 4 x 75"), std::string::npos);
  EXPECT_NE(describe_pass(passes[1], Precision::f32).find("4-point stage of Y"), std::string::npos);
  // No split where ny is a power of two from 16 up, or has no small prime power.
  EXPECT_THROW(make_grid_schedule(256, 256, 256, Precision::f32, DeviceLimits{}, ColumnMethod::automatic, {}, split),
               Error);
  EXPECT_FALSE(make_split_y_schedule(400, 400, 400, Precision::f32, DeviceLimits{}).has_value());
  EXPECT_FALSE(make_split_y_schedule(300, 300, 1, Precision::f32, DeviceLimits{}).has_value());
}

TEST(GridSchedule, SplitFactors) {
  EXPECT_EQ(split_y_factor(300), 4);
  EXPECT_EQ(split_y_factor(384), 3);
  EXPECT_EQ(split_y_factor(320), 5);
  EXPECT_EQ(split_y_factor(480), 5);
  EXPECT_EQ(split_y_factor(500), 4);
  EXPECT_EQ(split_y_factor(210), 7);
  EXPECT_EQ(split_y_factor(18), 2);
  EXPECT_EQ(split_y_factor(256), 0);
  EXPECT_EQ(split_y_factor(400), 0);
  EXPECT_EQ(split_y_factor(243), 0);
  EXPECT_EQ(split_y_factor(8), 0);  // no second factor
  EXPECT_EQ(inverse_modulo(3, 128), 43);
  EXPECT_EQ(inverse_modulo(128, 3), 2);
  EXPECT_EQ(inverse_modulo(4, 75), 19);
  EXPECT_EQ(inverse_modulo(6, 9), -1);
  EXPECT_EQ(inverse_modulo(5, 1), 0);
}

TEST(GridSchedule, UnsupportedFactorNamesAxis) {
  try {
    make_grid_schedule(16, 22, 16, Precision::f32, DeviceLimits{});
    FAIL() << "expected UNSUPPORTED_SIZE";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), FFT3D_ERROR_UNSUPPORTED_SIZE);
    EXPECT_NE(std::string(e.what()).find("ny=22"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("11"), std::string::npos) << e.what();
  }
}

TEST(ColumnVariant, EstimateIsCoalescedAndFits) {
  for (int n : {2, 16, 48, 256, 343, 512, 1024, 1536, 2048, 4096}) {
    for (Precision p : {Precision::f32, Precision::f64}) {
      const XVariant v = estimate_column_variant(n, p, DeviceLimits{});
      EXPECT_TRUE(v.columns);
      EXPECT_TRUE(x_variant_fits(x_variant_facts(n, p, v), DeviceLimits{})) << v.name();
      EXPECT_GE(v.rows_per_block * complex_bytes(p), n <= 2048 ? 64 : 32) << n << " " << v.name();
      EXPECT_EQ(parse_x_variant(v.name()), v);
    }
  }
}

// Columns too long for 64-byte segments in 96 KB and 512 threads
// (long_columns_widened): the block grows past 96 KB, each column takes
// fewer threads (a divisor of every stage's butterflies), 64 bytes wide
// where that fits, else one 32-byte sector (f32 4096). f32 2048's block
// takes 1024 threads (128 a column), the others at most 512. A device with
// 96 KB a block keeps the narrow block. As Y and as ragged Z columns
// against FFTW.
TEST(ColumnVariant, LongColumnsTakeWideBlocks) {
  for (const auto& [n, p, columns, threads] :
       {std::tuple{1536, Precision::f32, 8, 64}, std::tuple{2048, Precision::f32, 8, 128},
        std::tuple{4096, Precision::f32, 4, 128}, std::tuple{1536, Precision::f64, 4, 64},
        std::tuple{2048, Precision::f64, 4, 128}, std::tuple{4096, Precision::f64, 2, 256}}) {
    const XVariant c = estimate_column_variant(n, p, DeviceLimits{});
    EXPECT_EQ(c.rows_per_block, columns) << c.name();
    EXPECT_EQ(c.threads_per_row, threads) << c.name();
    for (int r : c.radices) EXPECT_EQ(n / r % c.threads_per_row, 0) << c.name();
    EXPECT_GT(x_variant_facts(n, p, c).shared_bytes, 96 * 1024) << c.name();
    DeviceLimits small;
    small.shared_bytes_per_block = 96 * 1024;
    const XVariant narrow = estimate_column_variant(n, p, small);
    EXPECT_LT(narrow.rows_per_block, columns) << narrow.name();
    EXPECT_TRUE(x_variant_fits(x_variant_facts(n, p, narrow), small)) << narrow.name();
  }
  // 1024 keeps 8 columns (64 bytes) in 96 KB: 16 lost on an H200.
  EXPECT_EQ(estimate_column_variant(1024, Precision::f32, DeviceLimits{}).rows_per_block, 8);
  check_grid<float>(8, 2048, 2);
  check_grid<float>(5, 3, 4096);
  check_grid<double>(4, 2, 4096);
  check_grid<double>(3, 1536, 2);
  check_grid<float>(6, 3, 1536);
}

// Z columns of 1024 in f32 take 16 a block where the plane holds at least
// 32768 of them (estimate_z_column_variant); Y columns, fewer Z columns
// and f64 keep the heuristic's. The wide block against FFTW as Z columns
// (forced: a grid of 32768 columns is too large for the CPU executor).
TEST(GridSchedule, ManyZColumnsOf1024TakeWideBlocks) {
  const DeviceLimits limits;
  const std::vector<GridPass> many = make_column_schedule(64, 1024, 1024, Precision::f32, limits);
  ASSERT_EQ(many.size(), 2u);
  EXPECT_EQ(many[0].variant.rows_per_block, 8) << many[0].variant.name();  // Y
  EXPECT_EQ(many[1].variant.name(), "r32-32.t32.rows16.pad-none.tw-sincos.mb0.cols");
  EXPECT_EQ(make_column_schedule(33, 1024, 1024, Precision::f32, limits, ColumnMethod::automatic, {}, true)[1]
                .variant.rows_per_block,
            16);  // a real grid's complex side: 33 x 1024 columns
  EXPECT_EQ(make_column_schedule(16, 1024, 1024, Precision::f32, limits)[1].variant.rows_per_block, 8);
  EXPECT_EQ(make_column_schedule(64, 1024, 1024, Precision::f64, limits)[1].variant,
            estimate_column_variant(1024, Precision::f64, limits));
  DeviceLimits small;
  small.shared_bytes_per_block = 96 * 1024;
  EXPECT_EQ(estimate_z_column_variant(1024, 65536, Precision::f32, small).rows_per_block, 8);

  const std::string wide = many[1].variant.name();
  const VariantPreference preferred = [&](const std::string& kind, int n, long long) -> std::optional<PreferredVariant> {
    if (kind == "z-columns" && n == 1024) return parse_x_variant(wide);
    return std::nullopt;
  };
  check_grid<float>(3, 5, 1024, ColumnMethod::automatic, PlaneMethod::separate, 0, preferred);
}

// Planes where the fused pass lost to separate passes on an H200
// (xy_estimate.cpp): large power-of-two planes in whole rows on fewer than
// 256 threads a block (64 x 1024 f32 and its kin; not the thin planes of
// ThinPlanesFuseOnSixteenBlocks), and f64 strided planes
// with one block per SM (512 x 256, 256 x 512). f64 rings lost too: a
// fused f64 plane forced there takes none. The f32 forms that won stay.
TEST(GridSchedule, PlanesWhereTheFusedPassLost) {
  const DeviceLimits h100;
  for (const auto& [nx, ny] : {std::pair{64, 1024}, std::pair{2048, 64}, std::pair{128, 1024}, std::pair{1024, 128}}) {
    EXPECT_FALSE(estimate_xy_variant(nx, ny, 1024, Precision::f32, h100)) << nx << "x" << ny;
    EXPECT_TRUE(estimate_xy_variant(nx, ny, 1024, Precision::f32, h100, false)) << nx << "x" << ny;
  }
  for (const auto& [nx, ny] : {std::pair{512, 256}, std::pair{256, 512}}) {
    EXPECT_FALSE(estimate_xy_variant(nx, ny, 512, Precision::f64, h100)) << nx << "x" << ny;
    const auto forced = estimate_xy_variant(nx, ny, 512, Precision::f64, h100, false);
    ASSERT_TRUE(forced) << nx << "x" << ny;
    EXPECT_EQ(forced->ring_rows, 0) << forced->name();
    const auto f32 = estimate_xy_variant(nx, ny, 512, Precision::f32, h100);
    ASSERT_TRUE(f32) << nx << "x" << ny;
    EXPECT_TRUE(f32->strided_rows) << f32->name();
  }
  const auto ring = estimate_xy_variant(512, 512, 512, Precision::f32, h100);
  ASSERT_TRUE(ring);
  EXPECT_GT(ring->ring_rows, 0) << ring->name();
  for (int n : {256, 320}) EXPECT_TRUE(estimate_xy_variant(n, n, n, Precision::f64, h100)) << n;
}

// Thin planes (rows of 1024 or 2048, f64 1024, 16 to 64 rows, at most 512
// KB) fuse in grids beyond L2 on clusters of 16, their X rows one at a time
// on 128 threads (thin_long_rows in xy_estimate.cpp); planes of 1 MB, f64
// rows of 2048 and grids in L2 keep separate passes. The forms run on the
// executor against FFTW.
TEST(GridSchedule, ThinPlanesFuseOnSixteenBlocks) {
  const DeviceLimits h100;
  for (const auto& [nx, ny] : {std::pair{2048, 32}, std::pair{1024, 64}, std::pair{1024, 32}, std::pair{2048, 16},
                               std::pair{1024, 16}}) {
    const long long planes = 4096 * 64 / ny;  // 1 GiB or 512 MiB: far beyond L2
    const auto v = estimate_xy_variant(nx, ny, planes, Precision::f32, h100);
    ASSERT_TRUE(v) << nx << "x" << ny;
    EXPECT_EQ(v->cluster, 16) << v->name();
    EXPECT_EQ(v->x.threads_per_row, 128) << v->name();
    EXPECT_EQ(v->x.rows_per_block, 1) << v->name();
    EXPECT_FALSE(v->strided_rows) << v->name();
    // 8-32 MB: within L2, and beyond the small grids every plane fuses in.
    EXPECT_FALSE(estimate_xy_variant(nx, ny, 64, Precision::f32, h100)) << nx << "x" << ny << " in L2";
  }
  // f64: rows of 1024 in planes of up to 512 KB, X first, rows unpadded, Y in groups of 128 threads.
  const auto f64 = estimate_xy_variant(1024, 32, 2048, Precision::f64, h100);
  ASSERT_TRUE(f64);
  EXPECT_EQ(f64->name(),
            "xy.c16.mb0|r16-8-8.t128.rows1.pad-none.tw-sincos.mb0|r8-4.t4.rows32.pad-none.tw-sincos.mb0.cols");
  EXPECT_TRUE(estimate_xy_variant(1024, 16, 4096, Precision::f64, h100));
  EXPECT_FALSE(estimate_xy_variant(1024, 64, 512, Precision::f64, h100));
  EXPECT_FALSE(estimate_xy_variant(2048, 16, 2048, Precision::f64, h100));
  EXPECT_FALSE(estimate_xy_variant(2048, 64, 1024, Precision::f32, h100));
  const std::vector<GridPass> passes = make_grid_schedule(2048, 32, 2048, Precision::f32, h100,
                                                          ColumnMethod::automatic, {}, PlaneMethod::automatic);
  ASSERT_EQ(passes.size(), 2u);
  EXPECT_TRUE(passes[0].is_fused_xy());
  check_grid<float>(2048, 32, 2, ColumnMethod::automatic, PlaneMethod::fused);
  check_grid<float>(1024, 16, 3, ColumnMethod::automatic, PlaneMethod::fused);
  check_grid<double>(1024, 32, 2, ColumnMethod::automatic, PlaneMethod::fused);
}

// The fused XZ schedule (FFT3D_XY_PASS=fused-xz): X and Z fused over the
// XZ planes (rows nx * ny apart, planes nx apart), then Y; against FFTW on
// the executor, the thin form of 1024 x 32 f32 planes among them, ragged
// clusters and both precisions. No side planes; nothing where nz is 1.
TEST(GridSchedule, FusedXZPass) {
  const DeviceLimits h100;
  const std::vector<GridPass> slab =
      make_grid_schedule(2048, 2048, 32, Precision::f32, h100, ColumnMethod::automatic, {}, PlaneMethod::fused_xz);
  ASSERT_EQ(slab.size(), 2u);
  EXPECT_TRUE(slab[0].is_fused_xy());
  EXPECT_EQ(slab[0].row_stride, 2048 * 2048);
  EXPECT_EQ(slab[0].geometry.outer, 2048);
  EXPECT_EQ(slab[0].count, 2048);
  EXPECT_EQ(slab[0].ny, 32);
  EXPECT_EQ(slab[0].xy.cluster, 16) << slab[0].xy.name();  // the thin form (thin_long_rows)
  EXPECT_EQ(slab[1].axis, 'y');
  EXPECT_EQ(slab[1].count, 2048LL * 32);
  std::vector<GridPass> copy = slab;
  EXPECT_THROW(set_side_planes(copy, 2048, 2048, 8, Precision::f32, h100), Error);
  EXPECT_THROW(make_xz_schedule(64, 64, 1, Precision::f32, h100), Error);
  EXPECT_NE(describe_pass(slab[0], Precision::f32).find("pass xz"), std::string::npos);
  check_grid<float>(1024, 3, 32, ColumnMethod::automatic, PlaneMethod::fused_xz);
  check_grid<float>(64, 6, 16, ColumnMethod::automatic, PlaneMethod::fused_xz);
  check_grid<double>(48, 5, 20, ColumnMethod::automatic, PlaneMethod::fused_xz);
  check_grid<float>(30, 4, 27, ColumnMethod::automatic, PlaneMethod::fused_xz);
}

// Automatic schedules take the fused XZ pass where the XY planes do not
// fuse, the XZ planes are thin (thin_long_rows) of at least 32768 points
// and the grid lies beyond L2 (fused_xz_pays); planes that fuse keep the
// fused XY pass, and 1 MB f64 XZ planes and 1024 x 16 ones (which lost or
// tied) and grids in L2 keep separate passes.
TEST(GridSchedule, AutomaticSchedulesFuseThinXZPlanes) {
  const DeviceLimits h100;
  auto automatic = [&](int nx, int ny, int nz, Precision precision) {
    return make_grid_schedule(nx, ny, nz, precision, h100, ColumnMethod::automatic, {}, PlaneMethod::automatic);
  };
  for (const auto& [nx, ny, nz, precision] :
       {std::tuple{2048, 2048, 32, Precision::f32}, std::tuple{1024, 1024, 64, Precision::f32},
        std::tuple{1024, 1024, 32, Precision::f64}, std::tuple{2048, 1024, 16, Precision::f32}}) {
    EXPECT_TRUE(fused_xz_pays(nx, ny, nz, precision, h100)) << nx << "x" << ny << "x" << nz;
    const std::vector<GridPass> passes = automatic(nx, ny, nz, precision);
    ASSERT_EQ(passes.size(), 2u) << nx << "x" << ny << "x" << nz;
    EXPECT_EQ(passes[0].row_stride, nx * ny);
    EXPECT_EQ(passes[0].xy.cluster, 16) << passes[0].xy.name();
    EXPECT_EQ(passes[1].axis, 'y');
  }
  EXPECT_FALSE(fused_xz_pays(1024, 1024, 64, Precision::f64, h100));  // 1 MB planes
  EXPECT_FALSE(fused_xz_pays(1024, 128, 32, Precision::f32, h100));   // 32 MB: in L2
  EXPECT_FALSE(fused_xz_pays(1024, 1024, 128, Precision::f32, h100));  // 128 rows: not thin
  for (Precision precision : {Precision::f32, Precision::f64})  // 1024 x 16 planes tied or lost
    EXPECT_FALSE(fused_xz_pays(1024, 2048, 16, precision, h100));
  EXPECT_EQ(automatic(1024, 1024, 64, Precision::f64).size(), 3u);
  EXPECT_EQ(automatic(1024, 1024, 128, Precision::f32).size(), 3u);
  const std::vector<GridPass> cube = automatic(256, 256, 256, Precision::f32);  // its XY planes fuse
  ASSERT_FALSE(cube.empty());
  EXPECT_TRUE(cube[0].is_fused_xy());
  EXPECT_EQ(cube[0].row_stride, 0);
}

// The columns of measured_column_form as Y and as Z columns, against FFTW:
// wide blocks (256-byte segments past 96 KB: f32 384 in two stages, 24 * 16;
// f64 480) and f64 384 in two stages on 8 columns; 400 and 500 as the
// heuristic's.
TEST(GridSchedule, WideColumnBlocks) {
  const std::vector<GridPass> passes = make_grid_schedule(32, 384, 2, Precision::f32, DeviceLimits{});
  ASSERT_EQ(passes.size(), 3u);
  EXPECT_EQ(passes[1].variant.rows_per_block, 32);
  EXPECT_EQ(passes[1].variant.radices, (std::vector<int>{24, 16}));
  check_grid<float>(32, 384, 2);
  check_grid<float>(8, 5, 384);
  check_grid<double>(16, 384, 2);
  check_grid<float>(32, 500, 2);
  check_grid<double>(16, 480, 2);
  check_grid<double>(4, 4, 500);
  check_grid<double>(16, 400, 2);
  check_grid<double>(16, 2, 480);
  // 15 columns of 500 in a block of 16: the last lines of the ragged block
  // load nothing (grouped loads, kGroupedLoadRadix).
  check_grid<float>(5, 3, 500);
  check_grid<double>(5, 3, 500);
}

// Columns of 243 (power_of_three_columns), 16 a block in f32, as Y and as
// Z columns (the Z of 40 lines leaves a ragged block), against FFTW; real
// sides' f64 columns eight a block.
TEST(GridSchedule, PowerOfThreeColumns) {
  const std::vector<GridPass> passes = make_grid_schedule(32, 243, 2, Precision::f32, DeviceLimits{});
  ASSERT_EQ(passes.size(), 3u);
  EXPECT_EQ(passes[1].variant.rows_per_block, 16);
  check_grid<float>(32, 243, 2);
  check_grid<float>(8, 5, 243);
  check_grid<double>(16, 243, 2);
  // A real transform's complex side takes f64 columns of 243 eight a block
  // (measured_real_side_columns); complex grids keep 16. Those eight run
  // here against FFTW as Y and as ragged Z columns.
  const auto real_side = make_column_schedule(122, 243, 243, Precision::f64, DeviceLimits{},
                                              ColumnMethod::automatic, {}, true);
  ASSERT_EQ(real_side.size(), 2u);
  for (const GridPass& p : real_side) EXPECT_EQ(p.variant.rows_per_block, 8) << p.axis;
  EXPECT_EQ(make_column_schedule(122, 243, 243, Precision::f64, DeviceLimits{})[0].variant.rows_per_block, 16);
  check_column_form<double>(real_side[0].variant, 243, 16);
}

// A real transform's columns of 128 in a pass of many columns take 32 * 4
// on 4 threads a column, asking three blocks an SM
// (measured_real_side_columns): the Y and Z passes of 4096x128x128's
// complex side, in both precisions. 128^3's side (8320 columns a pass)
// and complex grids keep 16 * 8. The form runs here against FFTW as Y and
// as ragged Z columns.
TEST(GridSchedule, RealSideColumnsOf128) {
  auto check_precision = [](auto real) {
    using Real = decltype(real);
    const Precision p = sizeof(Real) == 4 ? Precision::f32 : Precision::f64;
    const auto wide = make_column_schedule(2049, 128, 128, p, DeviceLimits{}, ColumnMethod::automatic, {}, true);
    ASSERT_EQ(wide.size(), 2u);
    for (const GridPass& pass : wide) {
      EXPECT_EQ(pass.variant.radices, (std::vector<int>{32, 4})) << pass.variant.name();
      EXPECT_EQ(pass.variant.threads_per_row, 4) << pass.variant.name();
      EXPECT_EQ(pass.variant.min_blocks_per_sm, 3) << pass.variant.name();
      EXPECT_EQ(pass.variant.rows_per_block, p == Precision::f32 ? 32 : 16) << pass.variant.name();
    }
    const auto few = make_column_schedule(65, 128, 128, p, DeviceLimits{}, ColumnMethod::automatic, {}, true);
    const auto complex = make_column_schedule(2049, 128, 128, p, DeviceLimits{});
    for (const GridPass& pass : {few[0], few[1], complex[0], complex[1]})
      EXPECT_EQ(pass.variant.radices, (std::vector<int>{16, 8})) << pass.axis << " " << pass.variant.name();
    check_column_form<Real>(wide[0].variant, 128);
  };
  check_precision(float{});
  check_precision(double{});
}

// A real transform's Y columns of 64 in a pass of many columns take 32 * 2
// on 2 threads a column (estimate_y_column_variant): 4096x64x64's complex
// side in both precisions. Its Z columns, 64x64x64's side (2112 columns a
// pass) and complex grids keep 8 * 8. The form runs here against FFTW as
// Y and as ragged Z columns.
TEST(GridSchedule, RealSideYColumnsOf64) {
  auto check_precision = [](auto real) {
    using Real = decltype(real);
    const Precision p = sizeof(Real) == 4 ? Precision::f32 : Precision::f64;
    const auto wide = make_column_schedule(2049, 64, 64, p, DeviceLimits{}, ColumnMethod::automatic, {}, true);
    ASSERT_EQ(wide.size(), 2u);
    const XVariant& y = wide[0].variant;
    EXPECT_EQ(wide[0].axis, 'y');
    EXPECT_EQ(y.radices, (std::vector<int>{32, 2})) << y.name();
    EXPECT_EQ(y.threads_per_row, 2) << y.name();
    EXPECT_EQ(y.rows_per_block, p == Precision::f32 ? 32 : 16) << y.name();
    const auto few = make_column_schedule(33, 64, 64, p, DeviceLimits{}, ColumnMethod::automatic, {}, true);
    const auto complex = make_column_schedule(2049, 64, 64, p, DeviceLimits{});
    for (const GridPass& pass : {wide[1], few[0], few[1], complex[0], complex[1]})
      EXPECT_EQ(pass.variant.radices, (std::vector<int>{8, 8})) << pass.axis << " " << pass.variant.name();
    check_column_form<Real>(y, 64);
  };
  check_precision(float{});
  check_precision(double{});
}

// Rows and columns with two exchange buffers (XLayout::exchange_buffers)
// in a 3-D schedule, and in the split-Y schedule's Z columns, whose cross
// phase works on the first exchange in place.
TEST(GridSchedule, TwoExchangeBuffers) {
  const VariantPreference preferred = [](const std::string& kind, int n, long long) -> std::optional<PreferredVariant> {
    if (kind == "rows" && n == 48) return parse_x_variant("r4-4-3.t12.rows2.pad-gap.tw-sincos.mb0.xb2");
    if (kind == "columns" && n == 48) return parse_x_variant("r2-4-3-2.t12.rows4.pad-none.tw-table.mb0.cols.xb2");
    if (kind == "columns" && n == 40) return parse_x_variant("r2-2-2-5.t10.rows2.pad-gap.tw-sincos.mb0.cols.xb2");
    return std::nullopt;
  };
  const std::vector<GridPass> passes =
      make_grid_schedule(48, 40, 48, Precision::f32, DeviceLimits{}, ColumnMethod::automatic, preferred);
  ASSERT_EQ(passes.size(), 3u);
  for (const GridPass& p : passes) EXPECT_EQ(p.variant.exchange_buffers, 2) << p.variant.name();
  check_grid<float>(48, 40, 48, ColumnMethod::automatic, PlaneMethod::separate, 0, preferred);
  check_grid<double>(48, 40, 48, ColumnMethod::automatic, PlaneMethod::separate, 0, preferred);

  const auto split = make_grid_schedule(16, 12, 48, Precision::f32, DeviceLimits{}, ColumnMethod::automatic,
                                        preferred, PlaneMethod::split);
  ASSERT_EQ(split.size(), 2u);
  EXPECT_EQ(split[1].variant.exchange_buffers, 2) << split[1].variant.name();
  check_grid<float>(16, 12, 48, ColumnMethod::automatic, PlaneMethod::split, 0, preferred);
}

// Sets an environment variable for one scope.
class ScopedEnvironment {
 public:
  ScopedEnvironment(const char* name, const char* value) : name_(name) { setenv(name, value, 1); }
  ~ScopedEnvironment() { unsetenv(name_); }

 private:
  const char* name_;
};

void expect_invalid_argument(const std::function<void()>& f, const std::string& mentions) {
  try {
    f();
    ADD_FAILURE() << "expected INVALID_ARGUMENT mentioning " << mentions;
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), FFT3D_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(std::string(e.what()).find(mentions), std::string::npos) << e.what();
  }
}

// FFT3D_X_VARIANT and FFT3D_COLUMN_VARIANT reach the passes of a 3-D
// schedule whose length they factor, and nothing else; the forced schedule
// still matches FFTW.
TEST(ForcedVariants, RowsAndColumnsFromTheEnvironment) {
  const char* rows = "r7-7.t7.rows2.pad-gap.tw-sincos.mb0";
  const char* columns = "r7-7.t7.rows4.pad-none.tw-table.mb0.cols";
  const ScopedEnvironment forced_rows("FFT3D_X_VARIANT", rows);
  const ScopedEnvironment forced_columns("FFT3D_COLUMN_VARIANT", columns);
  const VariantPreference preferred = with_forced_variants({}, Precision::f32, DeviceLimits{});
  const std::vector<GridPass> passes =
      make_grid_schedule(49, 16, 49, Precision::f32, DeviceLimits{}, ColumnMethod::automatic, preferred);
  ASSERT_EQ(passes.size(), 3u);
  EXPECT_EQ(passes[0].variant.name(), rows);
  EXPECT_EQ(passes[1].variant, estimate_column_variant(16, Precision::f32, DeviceLimits{}));  // Y: 16 points
  EXPECT_EQ(passes[2].variant.name(), columns);
  check_grid<float>(49, 16, 49, ColumnMethod::automatic, PlaneMethod::separate, 0, preferred);
  // Rows are not columns, and a length the variant does not factor falls
  // through to the fallback (wisdom).
  const VariantPreference fallback = [](const std::string&, int, long long) -> std::optional<PreferredVariant> {
    return parse_x_variant("r16.t1.rows1.pad-none.tw-sincos.mb0.cols");
  };
  EXPECT_EQ(with_forced_variants(fallback, Precision::f32, DeviceLimits{})("columns", 16, 0)->x.name(),
            "r16.t1.rows1.pad-none.tw-sincos.mb0.cols");
  EXPECT_FALSE(forced_variant("rows", 49, Precision::f32, DeviceLimits{}, "", columns));
  EXPECT_FALSE(forced_variant("real-rows", 49, Precision::f32, DeviceLimits{}, rows, columns));
}

// FFT3D_Z_COLUMN_VARIANT reaches the Z pass alone: Y, of the same length,
// keeps FFT3D_COLUMN_VARIANT's. Both still match FFTW.
TEST(ForcedVariants, ZColumnsApartFromY) {
  const char* columns = "r7-7.t7.rows4.pad-none.tw-table.mb0.cols";
  const char* z_columns = "r7-7.t7.rows8.pad-gap.tw-sincos.mb0.cols";
  const ScopedEnvironment forced_columns("FFT3D_COLUMN_VARIANT", columns);
  const ScopedEnvironment forced_z("FFT3D_Z_COLUMN_VARIANT", z_columns);
  const VariantPreference preferred = with_forced_variants({}, Precision::f64, DeviceLimits{});
  const std::vector<GridPass> passes =
      make_grid_schedule(16, 49, 49, Precision::f64, DeviceLimits{}, ColumnMethod::automatic, preferred);
  ASSERT_EQ(passes.size(), 3u);
  EXPECT_EQ(passes[1].variant.name(), columns);
  EXPECT_EQ(passes[2].variant.name(), z_columns);
  check_grid<double>(16, 49, 49, ColumnMethod::automatic, PlaneMethod::separate, 0, preferred);
  // Only the Z pass asks for "z-columns", and a row variant there is refused.
  EXPECT_FALSE(forced_variant("columns", 49, Precision::f64, DeviceLimits{}, "", "", z_columns));
  const char* rows = "r7-7.t7.rows2.pad-none.tw-sincos.mb0";
  expect_invalid_argument([&] { forced_variant("z-columns", 49, Precision::f64, DeviceLimits{}, "", "", rows); },
                          "FFT3D_Z_COLUMN_VARIANT");
}

TEST(ForcedVariants, ForcedVariantThatCannotRunIsAnError) {
  DeviceLimits small;
  small.shared_bytes_per_block = 1024;
  expect_invalid_argument(
      [&] { forced_variant("columns", 49, Precision::f32, small, "", "r7-7.t7.rows8.pad-none.tw-sincos.mb0.cols"); },
      "FFT3D_COLUMN_VARIANT");
  expect_invalid_argument(
      [&] { forced_variant("rows", 49, Precision::f32, small, "r7-7.t7.rows8.pad-none.tw-sincos.mb0", ""); },
      "FFT3D_X_VARIANT");
  expect_invalid_argument(
      [&] { forced_variant("columns", 49, Precision::f32, DeviceLimits{}, "", "r7-7.t7.rows2.pad-none.tw-sincos.mb0"); },
      "not a column variant");
  expect_invalid_argument([&] { forced_variant("columns", 49, Precision::f32, DeviceLimits{}, "", "r7-x"); },
                          "malformed");
}

}  // namespace
}  // namespace fft3d

// The split-Y pass reads whole rows of a residue class per block, so its
// fused variant never takes strided rows, even on power-of-two planes of
// 512 KB or more, where the ESTIMATE otherwise would.
TEST(GridSchedule, SplitYPassHasNoStridedRows) {
  int checked = 0;
  for (const auto& [nx, ny] : {std::pair{256, 768}, std::pair{256, 1280}, std::pair{512, 1536}, std::pair{256, 2048}}) {
    const auto schedule = fft3d::make_split_y_schedule(nx, ny, 64, fft3d::Precision::f32, fft3d::DeviceLimits{});
    if (!schedule) continue;
    const int y2 = schedule->front().split > 1 ? ny / schedule->front().split : ny;
    const auto plain = fft3d::estimate_xy_variant(nx, y2, 64, fft3d::Precision::f32, fft3d::DeviceLimits{}, false);
    if (!plain || !plain->strided_rows) continue;
    EXPECT_FALSE(schedule->front().xy.strided_rows) << nx << "x" << ny << " " << schedule->front().xy.name();
    ++checked;
  }
  EXPECT_GT(checked, 0) << "no split schedule over a plane the ESTIMATE would stride";
}
