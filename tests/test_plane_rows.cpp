// Plane rows (XVariant::plane_nx): small XY planes transformed as rows of
// nx * ny points, a 2-D DFT each, so that X and Y take one pass. The CPU
// block executor runs the same phases as the GPU kernel, against FFTW.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/error.h"
#include "fft1d/x_variant.h"
#include "fft3d/grid_schedule.h"
#include "grid_schedule_check.h"

namespace fft3d {
namespace {

TEST(PlaneRows, EstimateTakesOneButterflyAThread) {
  const DeviceLimits limits;
  const std::optional<XVariant> v = estimate_plane_variant(16, 16, Precision::f32, limits);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->radices, (std::vector<int>{16, 16}));
  EXPECT_EQ(v->plane_nx, 16);
  EXPECT_EQ(v->threads_per_row, 16);
  EXPECT_EQ(v->rows_per_block, 16);  // 256 threads
  EXPECT_EQ(v->name(), "r16-16.t16.rows16.pad-none.tw-sincos.mb0.plane16");
  EXPECT_EQ(parse_x_variant(v->name()), *v);
  // y first, then x; threads for the stage with more butterflies.
  const std::optional<XVariant> wide = estimate_plane_variant(32, 8, Precision::f64, limits);
  ASSERT_TRUE(wide);
  EXPECT_EQ(wide->radices, (std::vector<int>{8, 32}));
  EXPECT_EQ(wide->threads_per_row, 32);
  EXPECT_LE(x_variant_facts(256, Precision::f64, *wide).shared_bytes, 64 * 1024);
  // No codelet for 11 or 64 points.
  EXPECT_FALSE(estimate_plane_variant(11, 16, Precision::f32, limits));
  EXPECT_FALSE(estimate_plane_variant(16, 64, Precision::f32, limits));
  EXPECT_THROW(parse_x_variant("r16-16.t16.rows16.pad-none.tw-sincos.mb0.plane"), Error);
  EXPECT_THROW(parse_x_variant("r16-16.t16.rows16.pad-none.tw-sincos.mb0.plane0"), Error);
  EXPECT_THROW(parse_x_variant("r16-16.t16.rows16.pad-none.tw-sincos.mb0.plane16.plane16"), Error);
}

TEST(PlaneRows, EstimateTakesThemForSmallPlanes) {
  const DeviceLimits limits;
  for (Precision p : {Precision::f32, Precision::f64}) {
    const auto small = make_grid_schedule(16, 16, 65536, p, limits, ColumnMethod::automatic, {},
                                          PlaneMethod::automatic);
    ASSERT_FALSE(small.empty());
    EXPECT_TRUE(small[0].is_plane_rows()) << describe_pass(small[0], p);
    EXPECT_EQ(small[0].n, 256);
    EXPECT_EQ(small[0].count, 65536);
    EXPECT_EQ(small.back().axis, 'z');
    EXPECT_NE(describe_pass(small[0], p).find("16 x 16 x 65536 planes as rows of 256 points"), std::string::npos);
    // Larger planes keep their fused pass or separate passes.
    const auto large = make_grid_schedule(64, 64, 4096, p, limits, ColumnMethod::automatic, {},
                                          PlaneMethod::automatic);
    EXPECT_FALSE(large[0].is_plane_rows());
  }
  EXPECT_THROW(make_grid_schedule(64, 64, 64, Precision::f32, limits, ColumnMethod::automatic, {},
                                  PlaneMethod::plane_rows),
               Error);
}

// Real planes (R2C / C2R) two a row: where complex ones would be plane rows,
// or forced wherever nx and ny are codelet radices; the grid's columns are
// then Z alone. (test_real_grid_executor.cpp runs them against FFTW.)
TEST(PlaneRows, RealPlanesTwoARow) {
  const DeviceLimits limits;
  const std::optional<RealRowsPass> x = make_real_plane_rows_pass(16, 16, 65536, Precision::f32, limits);
  ASSERT_TRUE(x);
  EXPECT_TRUE(x->is_plane_rows());
  EXPECT_EQ(x->kernel_n, 256);
  EXPECT_EQ(x->rows, 65536);
  EXPECT_EQ(x->x_rows_per_row(), 16);
  EXPECT_EQ(x->variant.name(), "r16-16.t16.rows16.pad-none.tw-sincos.mb0.real-pair.plane16");
  EXPECT_EQ(parse_x_variant(x->variant.name()), x->variant);
  EXPECT_NE(describe_real_rows_pass(*x, Precision::f32).find("pass xy: 16 x 16 x 65536 real planes, two a row"),
            std::string::npos);
  EXPECT_FALSE(make_real_plane_rows_pass(32, 32, 4096, Precision::f32, limits));  // 1024 points
  EXPECT_TRUE(make_real_plane_rows_pass(32, 32, 4096, Precision::f32, limits, true));
  EXPECT_FALSE(make_real_plane_rows_pass(64, 4, 4096, Precision::f32, limits, true));  // no 64-point codelet
  EXPECT_FALSE(make_real_plane_rows_pass(16, 1, 4096, Precision::f64, limits, true));
  const auto columns = without_y_columns(make_column_schedule(9, 16, 4096, Precision::f64, limits));
  ASSERT_EQ(columns.size(), 1u);
  EXPECT_EQ(columns[0].axis, 'z');
}

template <typename Real>
void check_plane_rows(int nx, int ny, int nz) {
  const Precision p = sizeof(Real) == 4 ? Precision::f32 : Precision::f64;
  const auto passes = make_grid_schedule(nx, ny, nz, p, DeviceLimits{}, ColumnMethod::automatic, {},
                                         PlaneMethod::plane_rows);
  ASSERT_TRUE(passes[0].is_plane_rows());
  fft3d_test::expect_grid_matches_fftw<Real>(passes, nx, ny, nz, passes[0].variant.name());
}

TEST(PlaneRows, MatchFftw) {
  check_plane_rows<float>(16, 16, 24);  // square, planes a block more than the grid has
  check_plane_rows<double>(16, 16, 40);
  check_plane_rows<float>(8, 4, 35);    // a ragged last block
  check_plane_rows<double>(5, 12, 20);  // odd nx, composite ny
  check_plane_rows<float>(32, 6, 18);   // nx > ny: idle threads in the second stage
  check_plane_rows<double>(3, 27, 9);   // ny > nx
  check_plane_rows<float>(32, 32, 12);
  check_plane_rows<float>(16, 8, 1);    // a 2-D transform: no Z pass
}

}  // namespace
}  // namespace fft3d
