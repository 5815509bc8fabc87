// Swizzled share rows of the strided fused pass (XYVariant::row_swizzle):
// rows without pads, loaded in order, read so by X's first stage and
// through the swizzle (kern::xy_share_slot) after it. Run by the CPU
// cluster executor against FFTW in double precision, both directions and
// both block orders; the variant's name, validity and MEASURE twin.
#include <gtest/gtest.h>

#include <set>
#include <tuple>

#include "common/error.h"
#include "oracle.h"
#include "xy/xy_variant.h"
#include "xy_complex_run.h"
#include "xy_real_run.h"

namespace fft3d {
namespace {

// Every value of a row keeps its own place, in its 32-value piece.
TEST(XYSwizzledRows, SlotsPermuteEachPiece) {
  for (int n : {32, 64, 256, 512, 1024}) {
    std::set<int> slots;
    for (int x = 0; x < n; ++x) {
      const int s = kern::xy_share_slot(x, false, true);
      EXPECT_EQ(s / 32, x / 32) << x;
      slots.insert(s);
    }
    EXPECT_EQ(static_cast<int>(slots.size()), n);
  }
  EXPECT_EQ(kern::xy_share_slot(37, false, true), 37 ^ 1);
  EXPECT_EQ(kern::xy_share_slot(37, true, false), 38);  // the pads' slot is unchanged
}

// The 512^2 f32 planes (one block per SM, 512-point rows as 32 * 16 on 16
// threads) and other powers of two, their share rows exactly the row long,
// in place, out of place and in both precisions.
TEST(XYSwizzledRows, ComplexPlanesBothWays) {
  const XYVariant v512 = swizzled_strided_variant(512, 512, Precision::f32);
  EXPECT_EQ(v512.x.threads_per_row, 16) << v512.name();
  EXPECT_EQ(make_xy_layout(512, 512, Precision::f32, v512).share_pitch(), 512);
  expect_xy_complex_correct<float>(512, 512, v512);
  for (const auto& [nx, ny, cluster] :
       {std::tuple{256, 256, 16}, std::tuple{64, 64, 8}, std::tuple{64, 256, 8}, std::tuple{32, 60, 4},
        std::tuple{96, 48, 8}}) {
    expect_xy_complex_correct<float>(nx, ny, swizzled_strided_variant(nx, ny, Precision::f32, cluster));
    expect_xy_complex_correct<double>(nx, ny, swizzled_strided_variant(nx, ny, Precision::f64, cluster), true);
  }
  // Several X groups a block and both twiddle sources.
  XYVariant grouped = swizzled_strided_variant(64, 128, Precision::f64, 4);
  grouped.x.rows_per_block = 2;
  for (bool table : {false, true}) {
    grouped.x.twiddle_table = grouped.y.twiddle_table = table;
    expect_xy_complex_correct<double>(64, 128, grouped, true);
  }
}

// The name carries ".np.sw"; swizzled rows need strided complex rows of a
// multiple of 32 points without pads, and no Y loads.
TEST(XYSwizzledRows, NameAndValidity) {
  const XYVariant v = swizzled_strided_variant(256, 256, Precision::f32);
  EXPECT_NE(v.name().find(".sr.np.sw|"), std::string::npos) << v.name();
  EXPECT_EQ(parse_xy_variant(v.name()), v);
  const std::string parts = "|" + v.x.name() + "|" + v.y.name();
  const std::string head = "xy.c" + std::to_string(v.cluster) + ".mb0";
  EXPECT_THROW(parse_xy_variant(head + ".sr.sw" + parts), Error);      // pads and a swizzle
  EXPECT_THROW(parse_xy_variant(head + ".np.sw" + parts), Error);      // not strided
  EXPECT_THROW(parse_xy_variant(head + ".sr.np.sw.yl" + parts), Error);  // Y loads
  XYVariant padded = v;
  padded.row_pads = true;
  EXPECT_FALSE(xy_variant_valid(256, 256, Precision::f32, padded, DeviceLimits{}));
  // Rows of 48 points are not whole 32-value pieces.
  const auto v48 = estimate_xy_variant(48, 80, 2, Precision::f32, DeviceLimits{}, false);
  ASSERT_TRUE(v48);
  XYVariant w48 = *strided_rows_variant(48, 80, Precision::f32, *v48, DeviceLimits{}, 8);
  w48.row_pads = false;
  ASSERT_TRUE(xy_variant_valid(48, 80, Precision::f32, w48, DeviceLimits{})) << w48.name();
  w48.row_swizzle = true;
  EXPECT_FALSE(xy_variant_valid(48, 80, Precision::f32, w48, DeviceLimits{})) << w48.name();
  // The R2C forward's real rows and pairs swizzle too, but hold no ring.
  XYVariant pairs = swizzled_strided_variant(512, 512, Precision::f32);
  pairs.x.real = RealRows::pair;
  XYVariant rows = *estimate_real_xy_variant(512, 512, 512, Precision::f32, DeviceLimits{}, false);
  rows.row_pads = false;
  rows.row_swizzle = true;
  for (XYVariant r : {rows, pairs}) {
    EXPECT_TRUE(xy_variant_valid(512, 512, Precision::f32, r, DeviceLimits{})) << r.name();
    EXPECT_EQ(parse_xy_variant(r.name()), r);
    r.ring_rows = make_xy_layout(512, 512, Precision::f32, r).rows_per_cta() + 1;
    r.load_chunks = 1;
    EXPECT_FALSE(xy_variant_valid(512, 512, Precision::f32, r, DeviceLimits{})) << r.name();
  }
}

// The R2C forward's strided real rows (half-length rows, the post-processing
// in place in the share) and real pairs (two planes' rows as one complex
// row, separated in place) with swizzled share rows, against FFTW's r2c of
// every plane: the ESTIMATE's clusters and rows on 8 threads (two rows a
// shared-memory wavefront), several X groups, odd plane counts for pairs.
TEST(XYSwizzledRows, RealRowsAndPairsOfTheForward) {
  const DeviceLimits limits;
  auto swizzled = [](XYVariant v) {
    v.row_pads = false;
    v.row_swizzle = true;
    return v;
  };
  auto expect_correct = [](int nx, int ny, long long planes, const XYVariant& v, Precision p) {
    ASSERT_TRUE(xy_variant_valid(nx, ny, p, v, DeviceLimits{})) << v.name();
    const double bound = fft3d_test::fft_error_bound(p == Precision::f32, static_cast<double>(nx) * ny);
    for (BlockOrder order : kBothBlockOrders) {
      const double error = p == Precision::f32 ? run_real_xy<float>(nx, ny, planes, v, order, 1)
                                               : run_real_xy<double>(nx, ny, planes, v, order, 1);
      EXPECT_LT(error, bound) << nx << "x" << ny << " " << v.name();
    }
  };
  for (const auto& [n, p] : {std::pair{256, Precision::f32}, std::pair{512, Precision::f32},
                             std::pair{384, Precision::f32}, std::pair{256, Precision::f64}}) {
    const auto v = estimate_real_xy_variant(n, n, n, p, limits);
    ASSERT_TRUE(v && v->strided_rows) << n;
    expect_correct(n, n, v->x.real == RealRows::pair ? 3 : 1, swizzled(*v), p);
  }
  for (const auto& [nx, ny, cluster] : {std::tuple{64, 48, 4}, std::tuple{128, 64, 8}}) {
    for (Precision p : {Precision::f32, Precision::f64}) {
      XYVariant rows = *estimate_real_xy_variant(nx, ny, 2, p, limits, false, false, XYBase{{}, {}, cluster, {}, true});
      expect_correct(nx, ny, 2, swizzled(rows), p);
      XYVariant pairs = swizzled_strided_variant(nx, ny, p, cluster);
      pairs.x.real = RealRows::pair;
      expect_correct(nx, ny, 3, pairs, p);
      pairs.x.rows_per_block = 32 / pairs.x.threads_per_row;
      ASSERT_GT(make_xy_layout(nx, ny, p, pairs).x_groups(), 1) << pairs.name();  // several X groups
      expect_correct(nx, ny, 1, pairs, p);
    }
  }
}

// The ESTIMATE swizzles the share rows of complex strided forms whose rows
// split into 32-value pieces, and MEASURE times the padded twin beside it;
// nothing where Y loads the plane (its twin would load into swizzled rows).
// Rows of other lengths keep their pads (or none), and have no twin.
TEST(XYSwizzledRows, EstimateAndMeasureTwin) {
  const DeviceLimits h100;
  for (const auto& [n, p] : {std::pair{512, Precision::f32}, std::pair{256, Precision::f32},
                             std::pair{384, Precision::f32}, std::pair{192, Precision::f64},
                             std::pair{256, Precision::f64}, std::pair{320, Precision::f64}}) {
    const auto estimate = estimate_xy_variant(n, n, n, p, h100);
    ASSERT_TRUE(estimate && estimate->strided_rows) << n;
    EXPECT_TRUE(estimate->row_swizzle && !estimate->row_pads) << estimate->name();
    const auto twin = row_swizzle_switched(n, n, p, *estimate, h100);
    ASSERT_TRUE(twin) << estimate->name();
    EXPECT_TRUE(!twin->row_swizzle && twin->row_pads && twin->ring_rows == 0) << twin->name();
    // 512^2 f32 swizzled has a ring (XYVariant::ring_rows); its padded twin, none.
    const auto plain = estimate->ring_rows > 0 ? ring_switched(n, n, p, *estimate, h100) : estimate;
    ASSERT_TRUE(plain) << estimate->name();
    EXPECT_EQ(row_swizzle_switched(n, n, p, *twin, h100), *plain);
  }
  const auto loads = estimate_xy_variant(300, 300, 300, Precision::f32, h100);  // Y loads (measured faster)
  ASSERT_TRUE(loads && loads->y_loads && !loads->row_swizzle) << loads->name();
  EXPECT_FALSE(row_swizzle_switched(300, 300, Precision::f32, *loads, h100));
  const auto odd = estimate_xy_variant(243, 243, 243, Precision::f32, h100);
  ASSERT_TRUE(odd && odd->strided_rows && !odd->row_swizzle) << odd->name();
  EXPECT_FALSE(row_swizzle_switched(243, 243, Precision::f32, *odd, h100));
  // The R2C forward: f32 real rows keep their pads; f64 real pairs swizzle
  // at 256^2 only (measured), and MEASURE times the pairs' twin everywhere.
  for (const auto& [n, p, swizzled] :
       {std::tuple{256, Precision::f32, false}, std::tuple{512, Precision::f32, false},
        std::tuple{256, Precision::f64, true}, std::tuple{320, Precision::f64, false},
        std::tuple{384, Precision::f64, false}}) {
    const auto real = estimate_real_xy_variant(n, n, n, p, h100);
    ASSERT_TRUE(real && real->strided_rows) << (real ? real->name() : "none");
    EXPECT_EQ(real->x.real == RealRows::pair, p == Precision::f64) << real->name();
    EXPECT_EQ(real->row_swizzle, swizzled) << real->name();
    EXPECT_EQ(real->ring_rows, 0) << real->name();
    const auto pairs = real_pair_xy_variant(n, n, n, p, h100);
    ASSERT_TRUE(pairs) << n;
    const auto twin = row_swizzle_switched(n, n, p, *pairs, h100);
    ASSERT_TRUE(twin) << pairs->name();
    EXPECT_NE(twin->row_swizzle, pairs->row_swizzle) << twin->name();
  }
}

}  // namespace
}  // namespace fft3d
