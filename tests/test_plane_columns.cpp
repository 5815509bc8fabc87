// Plane columns (XVariant::plane_nx with columns): the small YZ planes of a
// grid with long X rows transformed as columns of ny * nz points, nx apart,
// a 2-D DFT each, so that Y and Z take one pass. The CPU block executor
// runs the same phases as the GPU kernel, against FFTW.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/error.h"
#include "fft1d/x_variant.h"
#include "fft3d/grid_schedule.h"
#include "fft3d/problem.h"
#include "fft3d/real_xy_form.h"
#include "grid_schedule_check.h"

namespace fft3d {
namespace {

TEST(PlaneColumns, EstimateFillsSegments) {
  const DeviceLimits limits;
  const std::optional<XVariant> f32 = estimate_plane_column_variant(16, 16, Precision::f32, limits);
  ASSERT_TRUE(f32);
  EXPECT_EQ(f32->name(), "r16-16.t16.rows32.pad-none.tw-sincos.mb0.cols.plane16");  // 512 threads
  EXPECT_EQ(parse_x_variant(f32->name()), *f32);
  // z first, then y (the column's y + ny z order); f64 16 columns a block.
  const std::optional<XVariant> f64 = estimate_plane_column_variant(8, 32, Precision::f64, limits);
  ASSERT_TRUE(f64);
  EXPECT_EQ(f64->radices, (std::vector<int>{32, 8}));
  EXPECT_EQ(f64->plane_nx, 8);
  EXPECT_EQ(f64->threads_per_row, 32);
  EXPECT_EQ(f64->rows_per_block, 16);
  EXPECT_FALSE(estimate_plane_column_variant(16, 64, Precision::f32, limits));  // no 64-point codelet
  EXPECT_FALSE(estimate_plane_column_variant(1, 16, Precision::f32, limits));
  // Fewer columns where a block's shared memory is short.
  DeviceLimits small = limits;
  small.shared_bytes_per_block = 48 * 1024;
  const std::optional<XVariant> narrow = estimate_plane_column_variant(16, 16, Precision::f32, small);
  ASSERT_TRUE(narrow);
  EXPECT_EQ(narrow->rows_per_block, 16);
}

TEST(PlaneColumns, EstimateTakesThemForSmallYZPlanes) {
  const DeviceLimits limits;
  for (Precision p : {Precision::f32, Precision::f64}) {
    const auto passes = make_grid_schedule(65536, 16, 16, p, limits, ColumnMethod::automatic, {},
                                           PlaneMethod::automatic);
    ASSERT_FALSE(passes.empty());
    const GridPass& yz = passes.back();
    EXPECT_TRUE(yz.is_plane_columns()) << describe_pass(yz, p);
    EXPECT_EQ(passes.size(), 2u);
    EXPECT_EQ(yz.n, 256);
    EXPECT_EQ(yz.count, 65536);
    EXPECT_EQ(yz.geometry.stride, 65536);
    EXPECT_NE(describe_pass(yz, p).find("pass yz: 16 x 16 x 65536 planes as columns of 256 points"),
              std::string::npos);
    auto automatic = [&](int nx, int ny, int nz) {
      return make_grid_schedule(nx, ny, nz, p, limits, ColumnMethod::automatic, {}, PlaneMethod::automatic);
    };
    // YZ planes of up to 1024 points too (f64 rows of 32768 take two passes).
    for (const auto& larger : {automatic(32768, 16, 32), automatic(4096, 32, 32)}) {
      EXPECT_EQ(larger.back().n, larger.back().count == 4096 ? 1024 : 512);
      EXPECT_TRUE(larger.back().is_plane_columns()) << describe_pass(larger.back(), p);
    }
    // Short X rows, YZ planes beyond 1024 points, or planes that fuse X and
    // Y keep their passes.
    for (const auto& other : {automatic(8, 16, 16), automatic(4096, 32, 64), automatic(128, 32, 32)})
      for (const GridPass& pass : other) EXPECT_FALSE(pass.is_plane_columns()) << describe_pass(pass, p);
    EXPECT_TRUE(automatic(128, 32, 32).front().is_fused_xy());
  }
  EXPECT_THROW(make_grid_schedule(64, 64, 64, Precision::f32, limits, ColumnMethod::automatic, {},
                                  PlaneMethod::plane_columns),
               Error);
}

// Real grids: planes of up to 256 points, or of up to 1024 where the
// complex side outgrows L2 (in L2 the f32 R2C 512x32x32 lost 31 %).
TEST(PlaneColumns, RealGridsTakeLargerPlanesBeyondL2) {
  const DeviceLimits limits;  // 50 MB of L2
  auto pay = [&](int nx, int ny, int nz, fft3d_type type) {
    return real_plane_columns_pay(make_3d_problem(nx, ny, nz, type), limits);
  };
  EXPECT_TRUE(pay(32, 16, 16, FFT3D_R2C_F32));
  EXPECT_FALSE(pay(14, 16, 16, FFT3D_R2C_F32));  // 8 complex columns, fewer than 16
  EXPECT_FALSE(pay(512, 32, 32, FFT3D_R2C_F32));  // a complex side of 2 MB
  EXPECT_TRUE(pay(16384, 32, 32, FFT3D_R2C_F32));  // 67 MB
  EXPECT_FALSE(pay(8192, 32, 32, FFT3D_R2C_F32));  // 34 MB
  EXPECT_TRUE(pay(8192, 32, 32, FFT3D_R2C_F64));  // 67 MB
  EXPECT_FALSE(pay(131072, 32, 64, FFT3D_R2C_F64));  // planes of 2048 points
}

// A preference for plane columns ("z-columns", FFT3D_Z_COLUMN_VARIANT)
// reaches the plane-column pass only; 1-D column passes of the same length
// never take it, and the plane-column pass takes no 1-D column variant.
TEST(PlaneColumns, PreferencesKeepTheirKind) {
  const DeviceLimits limits;
  const XVariant plane = *estimate_plane_column_variant(16, 16, Precision::f32, limits);
  XVariant forced = plane;
  forced.rows_per_block = 8;
  const VariantPreference prefer_plane = [&](const std::string& kind, int n,
                                             long long) -> std::optional<PreferredVariant> {
    if (kind == "z-columns" && n == 256) return forced;
    return std::nullopt;
  };
  const auto yz = make_plane_columns_schedule(4096, 16, 16, Precision::f32, limits, prefer_plane);
  ASSERT_TRUE(yz);
  EXPECT_EQ(yz->back().variant, forced);
  const auto separate = make_grid_schedule(4096, 64, 256, Precision::f32, limits, ColumnMethod::automatic,
                                           prefer_plane, PlaneMethod::separate);
  ASSERT_EQ(separate.back().axis, 'z');
  EXPECT_EQ(separate.back().variant.plane_nx, 0) << describe_pass(separate.back(), Precision::f32);
  XVariant one_d = plane;
  one_d.plane_nx = 0;
  const VariantPreference prefer_1d = [&](const std::string& kind, int n,
                                          long long) -> std::optional<PreferredVariant> {
    if (kind == "z-columns" && n == 256) return one_d;
    return std::nullopt;
  };
  EXPECT_EQ(make_plane_columns_schedule(4096, 16, 16, Precision::f32, limits, prefer_1d)->back().variant, plane);
}

template <typename Real>
void check_plane_columns(int nx, int ny, int nz) {
  const Precision p = sizeof(Real) == 4 ? Precision::f32 : Precision::f64;
  const auto passes = make_grid_schedule(nx, ny, nz, p, DeviceLimits{}, ColumnMethod::automatic, {},
                                         PlaneMethod::plane_columns);
  ASSERT_TRUE(passes.back().is_plane_columns());
  fft3d_test::expect_grid_matches_fftw<Real>(passes, nx, ny, nz, passes.back().variant.name());
}

TEST(PlaneColumns, MatchFftw) {
  check_plane_columns<float>(64, 16, 16);  // square, two blocks of 32 columns
  check_plane_columns<double>(40, 16, 16);  // a ragged last block
  check_plane_columns<float>(35, 4, 8);    // odd nx, nz > ny
  check_plane_columns<double>(24, 12, 5);  // composite ny, ny > nz: idle threads in the second stage
  check_plane_columns<float>(9, 3, 27);
  check_plane_columns<double>(1, 8, 16);   // no X pass
  check_plane_columns<float>(35, 32, 32);   // 1024 points, 16 columns a block
  check_plane_columns<double>(18, 16, 32);  // 512 points, a ragged last block
}

}  // namespace
}  // namespace fft3d
