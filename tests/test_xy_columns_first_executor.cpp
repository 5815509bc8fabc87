// The fused pass with its columns first (Y, then X across the cluster; the
// C2R inverse's form) run by the CPU cluster executor against FFTW in double
// precision: complex planes both ways, and the C2R inverse of real rows
// (nx/2 + 1 columns, column n folded into column 0), each in both block
// orders so that a missing cluster barrier shows.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <tuple>

#include "common/error.h"
#include "fft1d/twiddle_table.h"
#include "oracle.h"
#include "real_oracle.h"
#include "xy/xy_kernel_host.h"
#include "xy/xy_variant.h"
#include "xy_complex_run.h"
#include "xy_real_run.h"

namespace fft3d {
namespace {

using fft3d_test::cplx;

// The ESTIMATE's complex variant for nx * ny planes, its columns first
// (a single Y radix split in two: Y runs in place in the share).
XYVariant columns_first(int nx, int ny, Precision p) {
  const auto v = estimate_xy_variant(nx, ny, 2, p, DeviceLimits{}, false, XYBase{{}, {}, 0, true, {}});
  EXPECT_TRUE(v && v->columns_first) << nx << "x" << ny;
  return v.value_or(XYVariant{});
}

template <typename Real>
void expect_complex_correct(int nx, int ny, const XYVariant& v) {
  ASSERT_TRUE(xy_variant_valid(nx, ny, precision_of<Real>(), v, DeviceLimits{})) << v.name();
  const double bound = fft3d_test::fft_error_bound(sizeof(Real) == 4, static_cast<double>(nx) * ny);
  for (int sign : {-1, +1})
    for (BlockOrder order : kBothBlockOrders)
      EXPECT_LT(run_xy_complex<Real>(nx, ny, 2, v, sign, order), bound)
          << nx << "x" << ny << " " << v.name() << " sign " << sign;
}

TEST(XYColumnsFirst, ComplexPlanesBothWays) {
  for (const auto& [nx, ny] : {std::pair{8, 8}, std::pair{30, 12}, std::pair{64, 64}, std::pair{48, 80},
                               std::pair{27, 25}, std::pair{16, 60}}) {
    expect_complex_correct<float>(nx, ny, columns_first(nx, ny, Precision::f32));
    expect_complex_correct<double>(nx, ny, columns_first(nx, ny, Precision::f64));
  }
}

// Clusters that split the rows and columns unevenly (or leave a block
// none), small groups, and both twiddle sources.
TEST(XYColumnsFirst, UnevenClustersAndGroups) {
  for (int cluster : {1, 3, 5, 7, 16})
    for (const auto& [nx, ny] : {std::pair{48, 40}, std::pair{20, 36}}) {
      XYVariant v = columns_first(nx, ny, Precision::f64);
      v.cluster = cluster;
      v.x.rows_per_block = 2;
      v.y.rows_per_block = 3;
      v.y.twiddle_table = !v.y.twiddle_table;
      expect_complex_correct<double>(nx, ny, v);
    }
}

template <typename Real>
void expect_real_inverse_correct(int nx, int ny, long long planes, const XYVariant& v) {
  ASSERT_TRUE(xy_variant_valid(nx, ny, precision_of<Real>(), v, DeviceLimits{})) << v.name();
  const double bound = fft3d_test::fft_error_bound(sizeof(Real) == 4, static_cast<double>(nx) * ny);
  for (bool skew : {false, true})
    for (BlockOrder order : kBothBlockOrders)
      EXPECT_LT(run_real_inverse<Real>(nx, ny, planes, v, order, skew), bound)
          << nx << "x" << ny << " " << v.name() << (skew ? " with anti-Hermitian columns 0 and n" : "");
}

TEST(XYColumnsFirst, RealInverseEstimateVariants) {
  for (const auto& [nx, ny, planes] : std::vector<std::tuple<int, int, long long>>{
           {16, 12, 3}, {30, 20, 2}, {64, 48, 2}, {12, 40, 2}, {96, 8, 1}, {50, 27, 2}}) {
    for (Precision p : {Precision::f32, Precision::f64}) {
      const auto v = estimate_real_xy_variant(nx, ny, planes, p, DeviceLimits{}, false, true);
      ASSERT_TRUE(v) << nx << "x" << ny;
      EXPECT_TRUE(v->columns_first);
      EXPECT_EQ(v->x.real, RealRows::half);
      EXPECT_EQ(parse_xy_variant(v->name()), *v);
      if (p == Precision::f32) expect_real_inverse_correct<float>(nx, ny, planes, *v);
      else expect_real_inverse_correct<double>(nx, ny, planes, *v);
    }
  }
}

// The C2R inverse of real thin planes on clusters of 16
// (XYRealExecutor.ThinPlanesFuseOnSixteenBlocks) against FFTW.
TEST(XYColumnsFirst, RealThinPlanesInverse) {
  const DeviceLimits h100;
  const auto f32 = estimate_real_xy_variant(2048, 16, 4096, Precision::f32, h100, true, true);
  const auto f64 = estimate_real_xy_variant(2048, 32, 4096, Precision::f64, h100, true, true);
  ASSERT_TRUE(f32 && f64);
  EXPECT_EQ(f32->cluster, 16) << f32->name();
  expect_real_inverse_correct<float>(2048, 16, 1, *f32);
  expect_real_inverse_correct<double>(2048, 32, 1, *f64);
}

// The C2R inverse of real rows of 1024 reals on 8 blocks of 4 rows
// (XYRealExecutor.WideRealRowsOnFourRowsABlock) against FFTW, both precisions.
TEST(XYColumnsFirst, RealWideRowsInverse) {
  const auto f64 = estimate_real_xy_variant(1024, 32, 1024, Precision::f64, DeviceLimits{}, false, true);
  const auto f32 = estimate_real_xy_variant(1024, 32, 1024, Precision::f32, DeviceLimits{}, false, true);
  ASSERT_TRUE(f64 && f32 && f64->columns_first && f32->columns_first);
  EXPECT_EQ(f64->cluster, 8) << f64->name();
  EXPECT_EQ(f32->cluster, 8) << f32->name();
  expect_real_inverse_correct<double>(1024, 32, 2, *f64);
  expect_real_inverse_correct<float>(1024, 32, 2, *f32);
}

TEST(XYColumnsFirst, RealInverseUnevenClusters) {
  for (int cluster : {1, 3, 5})
    for (const auto& [nx, ny] : {std::pair{48, 40}, std::pair{20, 36}}) {
      XYVariant v = *estimate_real_xy_variant(nx, ny, 3, Precision::f64, DeviceLimits{}, false, true);
      v.cluster = cluster;
      v.x.rows_per_block = 2;
      v.y.rows_per_block = 2;
      expect_real_inverse_correct<double>(nx, ny, 3, v);
    }
}

// Real rows run one way: X first forward, columns first inverse. Columns
// first takes one share (no double buffers, one load chunk) and needs two
// Y stages (Y runs in place in the share).
TEST(XYColumnsFirst, RefusedForms) {
  const DeviceLimits limits;
  const XYVariant inverse = *estimate_real_xy_variant(48, 40, 2, Precision::f64, limits, false, true);
  EXPECT_NE(inverse.name().find(".yx|"), std::string::npos) << inverse.name();
  std::vector<kern::Complex<double>> data(25 * 40);
  const kern::XYArgs<double> args{data.data(), 1, 25 * 40, nullptr, nullptr};
  EXPECT_THROW(run_xy_kernel_on_cpu<double>(make_xy_layout(48, 40, Precision::f64, inverse), -1, args),
               std::invalid_argument);
  const XYVariant eight = columns_first(8, 8, Precision::f64);  // r8 columns in two stages
  EXPECT_EQ(eight.y.radices.size(), 2u) << eight.name();
  XYVariant doubled = columns_first(48, 40, Precision::f64);
  doubled.buffers = 2;
  EXPECT_FALSE(xy_variant_valid(48, 40, Precision::f64, doubled, limits));
  XYVariant one_stage = *estimate_xy_variant(48, 16, 2, Precision::f64, limits, false);
  ASSERT_EQ(one_stage.y.radices.size(), 1u) << one_stage.name();
  EXPECT_TRUE(xy_variant_valid(48, 16, Precision::f64, one_stage, limits));
  one_stage.columns_first = true;
  EXPECT_FALSE(xy_variant_valid(48, 16, Precision::f64, one_stage, limits));
  for (const char* bad : {".yx.yx|", ".yy|", ".yx.b2|", ".b2.yx|"}) {
    std::string name = columns_first(48, 40, Precision::f64).name();
    name.replace(name.find(".yx|"), 4, bad);
    EXPECT_THROW(parse_xy_variant(name), Error) << name;
  }
}

// The ESTIMATE takes columns first for complex f64 power-of-two planes of
// at least 512 KB (measured faster at 256^3 on the H100) where rows are
// not strided (strided rows, X first, beat both there), X first elsewhere,
// and a base that names the order overrides it.
TEST(XYColumnsFirst, EstimateOrder) {
  const DeviceLimits h100;
  const XYBase unstrided{{}, {}, 0, {}, false};
  auto order = [&](int n, Precision p, XYBase base = XYBase{{}, {}, 0, {}, false}) {
    return estimate_xy_variant(n, n, n, p, h100, false, base)->columns_first;
  };
  EXPECT_TRUE(order(256, Precision::f64));
  EXPECT_FALSE(order(256, Precision::f64, XYBase{}));  // strided rows
  EXPECT_TRUE(estimate_xy_variant(256, 256, 256, Precision::f64, h100, false)->strided_rows);
  EXPECT_FALSE(estimate_xy_variant(256, 256, 256, Precision::f64, h100, false, unstrided)->strided_rows);
  EXPECT_FALSE(order(256, Precision::f32));
  EXPECT_FALSE(order(128, Precision::f64));  // 256 KB planes
  EXPECT_FALSE(order(240, Precision::f64));
  EXPECT_FALSE(order(256, Precision::f64, XYBase{{}, {}, 0, false, {}}));
  EXPECT_TRUE(order(256, Precision::f32, XYBase{{}, {}, 0, true, {}}));
  EXPECT_TRUE(estimate_xy_variant(256, 256, 256, Precision::f64, h100)) << "fused by automatic plans";
}

// Automatic plans fuse the C2R inverse where they fuse the R2C forward
// (power-of-two real planes of 256 KB to 1 MB, complex side): 256^3 in both
// precisions, columns first, not 128^3, 384^3 or 512^3.
TEST(XYColumnsFirst, AutomaticPlansFuseTheInverseOfMeasuredPlanesOnly) {
  const DeviceLimits h100;
  for (Precision p : {Precision::f32, Precision::f64}) {
    const auto v = estimate_real_xy_variant(256, 256, 256, p, h100, true, true);
    ASSERT_TRUE(v) << precision_name(p);
    EXPECT_TRUE(v->columns_first) << v->name();
    for (int n : {128, 384, 512}) EXPECT_FALSE(estimate_real_xy_variant(n, n, n, p, h100, true, true)) << n;
  }
}

}  // namespace
}  // namespace fft3d
