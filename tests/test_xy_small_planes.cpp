// Planes below the fused pass's large sizes in grids beyond L2 (long
// columns: 128x128x4096, 96x96x1536): the ESTIMATE fuses them, keeps
// separate passes where the grid sits in L2 or the form lost, and the forms
// it picks run correctly in the CPU cluster executor against FFTW.
#include <gtest/gtest.h>

#include <tuple>
#include <vector>

#include "fft3d/grid_schedule.h"
#include "oracle.h"
#include "xy/xy_variant.h"
#include "xy_complex_run.h"
#include "xy_real_run.h"

namespace fft3d {
namespace {

constexpr long long kMiB = 1024 * 1024;

TEST(XYVariants, SmallPlanesFuseInGridsBeyondL2) {
  const DeviceLimits h100;  // 50 MB of L2
  for (Precision p : {Precision::f32, Precision::f64}) {
    EXPECT_TRUE(estimate_xy_variant(128, 128, 4096, p, h100)) << precision_name(p);
    EXPECT_TRUE(estimate_xy_variant(96, 96, 1536, p, h100)) << precision_name(p);
    EXPECT_TRUE(estimate_real_xy_variant(128, 128, 4096, p, h100)) << precision_name(p);
    EXPECT_TRUE(estimate_real_xy_variant(128, 128, 4096, p, h100, true, true)) << precision_name(p);
    // The cubes of these planes sit in L2.
    EXPECT_FALSE(estimate_xy_variant(128, 128, 128, p, h100)) << precision_name(p);
    EXPECT_FALSE(estimate_xy_variant(96, 96, 96, p, h100)) << precision_name(p);
    EXPECT_FALSE(estimate_real_xy_variant(128, 128, 128, p, h100)) << precision_name(p);
  }
  EXPECT_TRUE(estimate_xy_variant(256, 128, 2048, Precision::f32, h100));
  EXPECT_TRUE(estimate_xy_variant(128, 256, 2048, Precision::f32, h100));
  // An L2 that holds the grid: separate passes again.
  DeviceLimits large_l2 = h100;
  large_l2.l2_bytes = 1024 * kMiB;
  EXPECT_FALSE(estimate_xy_variant(128, 128, 4096, Precision::f32, large_l2));
  EXPECT_FALSE(estimate_real_xy_variant(128, 128, 4096, Precision::f32, large_l2));
  // Where the fused form lost: 16-led pairs (160 = 16 * 10) and real planes
  // below 64 KB (64x64 reals).
  EXPECT_FALSE(estimate_xy_variant(160, 160, 2048, Precision::f32, h100));
  EXPECT_FALSE(estimate_real_xy_variant(64, 64, 16384, Precision::f32, h100));
  // The grid schedule: the fused pass and the Z columns.
  const std::vector<GridPass> passes = make_grid_schedule(128, 128, 4096, Precision::f32, h100,
                                                          ColumnMethod::automatic, {}, PlaneMethod::automatic);
  ASSERT_EQ(passes.size(), 2u);
  EXPECT_TRUE(passes[0].is_fused_xy());
}

// The ESTIMATE's forms of those grids on two planes, forward and inverse.
TEST(XYExecutor, SmallStreamedPlanes) {
  const DeviceLimits h100;
  for (const auto& [nx, ny, nz] : std::vector<std::tuple<int, int, int>>{{128, 128, 4096}, {96, 96, 1536}}) {
    const auto f32 = estimate_xy_variant(nx, ny, nz, Precision::f32, h100);
    const auto f64 = estimate_xy_variant(nx, ny, nz, Precision::f64, h100);
    ASSERT_TRUE(f32 && f64) << nx << "x" << ny;
    expect_xy_complex_correct<float>(nx, ny, *f32);
    expect_xy_complex_correct<double>(nx, ny, *f64);
  }
  for (Precision p : {Precision::f32, Precision::f64}) {
    const auto forward = estimate_real_xy_variant(128, 128, 4096, p, h100);
    const auto inverse = estimate_real_xy_variant(128, 128, 4096, p, h100, true, true);
    ASSERT_TRUE(forward && inverse) << precision_name(p);
    const double bound = fft3d_test::fft_error_bound(p == Precision::f32, 128.0 * 128);
    for (BlockOrder order : kBothBlockOrders) {
      const double fwd = p == Precision::f32 ? run_real_xy<float>(128, 128, 2, *forward, order, 1)
                                             : run_real_xy<double>(128, 128, 2, *forward, order, 1);
      const double inv = p == Precision::f32 ? run_real_inverse<float>(128, 128, 2, *inverse, order, true)
                                             : run_real_inverse<double>(128, 128, 2, *inverse, order, true);
      EXPECT_LT(fwd, bound) << forward->name();
      EXPECT_LT(inv, bound) << inverse->name();
    }
  }
}

}  // namespace
}  // namespace fft3d
