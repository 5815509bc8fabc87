// The fused pass with strided rows (block r holds rows r + cluster * j, X
// and Y's first stage in place in the share, Y's second stage across the
// cluster; no exchange buffers) run by the CPU cluster executor against
// FFTW in double precision, both directions and both block orders, so that
// a missing cluster or warp barrier shows.
#include <gtest/gtest.h>

#include <cmath>
#include <tuple>

#include "common/error.h"
#include "fft1d/twiddle_table.h"
#include "oracle.h"
#include "xy/xy_kernel_host.h"
#include "xy/xy_variant.h"
#include "xy_complex_run.h"

namespace fft3d {
namespace {

using fft3d_test::cplx;

// The ESTIMATE's complex variant for nx * ny planes in its strided-rows form on `cluster` blocks.
XYVariant strided(int nx, int ny, Precision p, int cluster) {
  const auto v = estimate_xy_variant(nx, ny, 2, p, DeviceLimits{}, false);
  EXPECT_TRUE(v) << nx << "x" << ny;
  const auto w = v ? strided_rows_variant(nx, ny, p, *v, DeviceLimits{}, cluster) : std::nullopt;
  EXPECT_TRUE(w) << nx << "x" << ny << " on " << cluster;
  return w.value_or(XYVariant{});
}

template <typename Real>
void expect_correct(int nx, int ny, const XYVariant& v, bool out_of_place = false) {
  ASSERT_TRUE(v.strided_rows) << v.name();
  expect_xy_complex_correct<Real>(nx, ny, v, out_of_place);
}

// Planes whose Y splits into ny / cluster points over a block's rows and
// cluster points across the blocks, including odd radices, the H100's
// 16-block clusters of 256^2 and first stages of composite codelets (32,
// 20, 27, 25, 30 points).
TEST(XYStridedRows, ComplexPlanesBothWays) {
  for (const auto& [nx, ny, cluster] :
       {std::tuple{256, 256, 16}, std::tuple{64, 64, 8}, std::tuple{48, 80, 8}, std::tuple{32, 60, 4},
        std::tuple{40, 27, 3}, std::tuple{16, 32, 2}, std::tuple{64, 256, 8}, std::tuple{40, 100, 5},
        std::tuple{32, 54, 2}, std::tuple{48, 75, 3}, std::tuple{40, 90, 3}}) {
    expect_correct<float>(nx, ny, strided(nx, ny, Precision::f32, cluster));
    expect_correct<double>(nx, ny, strided(nx, ny, Precision::f64, cluster));
  }
}

// Out of place (the input left as it was), several X groups per block and
// both twiddle sources, Y's first stage of 16 and 32 points.
TEST(XYStridedRows, OutOfPlaceGroupsAndTwiddles) {
  for (int cluster : {8, 4}) {
    XYVariant v = strided(64, 128, Precision::f64, cluster);
    v.x.rows_per_block = 2;  // 16 or 32 rows per block in groups of 2
    for (bool table : {false, true}) {
      v.x.twiddle_table = v.y.twiddle_table = table;
      expect_correct<double>(64, 128, v, true);
    }
  }
}

// Where the ESTIMATE takes strided rows beyond the powers of two: planes of
// wide two-stage pairs on the largest cluster that fits the form (210 =
// 14 * 15 on 15 blocks, 320 = 20 * 16 on 16, 384 = 24 * 16 on 16, three
// blocks to an SM, its rows still 12 * 32), and
// 512^2 f32 planes (one block per SM), whose 512-point rows run as
// 32 * 16 on 16 threads (8 * 8 * 8 on 64 threads elsewhere); the
// sixteen-led pairs' planes (192^2, 240^2) in their measured forms.
// Not 384^2 f64, whose shares leave one block per SM. (480^2 f32 fits two
// only without row pads: its measured form, YLoadsWhereMeasuredFaster.)
TEST(XYStridedRows, EstimateTakesTheLargestClusterThatFits) {
  const DeviceLimits h100;
  for (const auto& [n, cluster] : {std::pair{210, 15}, std::pair{320, 16}, std::pair{384, 16}, std::pair{512, 16}}) {
    const auto v = estimate_xy_variant(n, n, n, Precision::f32, h100);
    ASSERT_TRUE(v && v->strided_rows) << n;
    EXPECT_EQ(v->cluster, cluster) << v->name();
    if (n == 384) {  // three blocks of 1 KB reserved plus their shares in an SM's 228 KB
      EXPECT_EQ(v->x.radices, (std::vector<int>{12, 32})) << v->name();
      EXPECT_LE(3 * (xy_variant_facts(n, n, Precision::f32, *v).shared_bytes + 1024), 228 * 1024) << v->name();
    }
    EXPECT_EQ(v->x.threads_per_row, 16) << v->name();
    EXPECT_TRUE(v->y.twiddle_table) << v->name();  // complex rows: Y's first-stage twiddles from a table
    const double bound = fft3d_test::fft_error_bound(true, static_cast<double>(n) * n);
    EXPECT_LT(run_xy_complex<float>(n, n, 1, *v, -1, BlockOrder::descending), bound) << v->name();
    if (n == 512) EXPECT_EQ(v->x.radices, (std::vector<int>{32, 16})) << v->name();
    // Four blocks per SM asked for where the share fits exactly four (320^2,
    // whose measured form also takes 2 groups of 10 rows in one load chunk).
    EXPECT_EQ(v->min_blocks_per_sm, n == 320 ? 4 : 0) << v->name();
    if (n == 320) EXPECT_EQ(v->x.rows_per_block, 10) << v->name();
    if (n == 320) EXPECT_EQ(v->load_chunks, 1) << v->name();
  }
  for (int n : {210, 320}) {
    const auto v = estimate_xy_variant(n, n, n, Precision::f64, h100);
    ASSERT_TRUE(v && v->strided_rows) << n;
    EXPECT_TRUE(v->y.twiddle_table) << v->name();
  }
  // Real rows keep the twiddles of the variant they come from (sincos for
  // 512^2, a 32-point first stage) unless the first stage is not a power of
  // two (320^2: 20 points), and ask for no occupancy.
  const auto real = estimate_real_xy_variant(512, 512, 512, Precision::f32, h100);
  ASSERT_TRUE(real && real->strided_rows);
  EXPECT_FALSE(real->y.twiddle_table) << real->name();
  const auto real320 = estimate_real_xy_variant(320, 320, 320, Precision::f32, h100);
  ASSERT_TRUE(real320 && real320->strided_rows);
  EXPECT_TRUE(real320->y.twiddle_table) << real320->name();
  EXPECT_FALSE(real320->x.twiddle_table) << real320->name();  // X twiddles computed (measured faster)
  EXPECT_EQ(real320->min_blocks_per_sm, 0) << real320->name();
  for (int n : {210, 256, 320}) {
    const auto v = estimate_xy_variant(n, n, n, Precision::f64, h100);
    ASSERT_TRUE(v && v->strided_rows) << n;
    EXPECT_EQ(v->min_blocks_per_sm, 0) << v->name();
  }
  EXPECT_FALSE(estimate_xy_variant(384, 384, 384, Precision::f64, h100));
  // The sixteen-led pairs' planes: strided rows on 16 blocks in groups of
  // at most 6 rows loaded in one chunk, X twiddles computed, no occupancy
  // hint (the forms measured best).
  for (const auto& [n, p, rows] : {std::tuple{192, Precision::f32, 6}, std::tuple{192, Precision::f64, 6},
                                   std::tuple{240, Precision::f32, 5}, std::tuple{240, Precision::f64, 5}}) {
    const auto v = estimate_xy_variant(n, n, n, p, h100);
    ASSERT_TRUE(v && v->strided_rows) << n;
    EXPECT_EQ(v->cluster, 16) << v->name();
    EXPECT_EQ(v->x.rows_per_block, rows) << v->name();
    EXPECT_EQ(v->min_blocks_per_sm, 0) << v->name();
    EXPECT_EQ(v->load_chunks, 1) << v->name();
    EXPECT_FALSE(v->x.twiddle_table) << v->name();
    if (p == Precision::f32) {
      EXPECT_LT(run_xy_complex<float>(n, n, 1, *v, -1, BlockOrder::descending),
                fft3d_test::fft_error_bound(true, static_cast<double>(n) * n));
    } else {
      EXPECT_LT(run_xy_complex<double>(n, n, 1, *v, +1, BlockOrder::ascending),
                fft3d_test::fft_error_bound(false, static_cast<double>(n) * n));
    }
    // MEASURE's own form is left alone.
    XYBase whole;
    whole.strided_rows = false;
    const auto w = estimate_xy_variant(n, n, n, p, h100, true, whole);
    EXPECT_TRUE(w && !w->strided_rows) << (w ? w->name() : "none");
  }
}

// Lengths with no pair of the fused pass's own but a pair of codelets of
// at most 32 points run their X rows as that pair on 16 threads, the stage
// with more butterflies than threads first (243 = 9 * 27, 300 = 15 * 20;
// 400 as 16 * 25, since 20 * 20 holds too many values a thread), in the
// forms measured fastest on cubes, else in groups of 8 rows loaded in two
// chunks with X twiddles computed; not where one block per SM is left
// (400^2 f64).
// The cluster the ESTIMATE splits Y over: the largest c with ny / c and c
// both codelets, no more blocks than columns, and the cross stage's
// (ny / c) * columns butterflies even over the c blocks.
TEST(XYStridedRows, LargestStridedCluster) {
  EXPECT_EQ(largest_strided_cluster(210, 210, 16), 15);  // 14 * 15
  EXPECT_EQ(largest_strided_cluster(320, 320, 16), 16);  // 20 * 16
  EXPECT_EQ(largest_strided_cluster(240, 240, 16), 16);  // 15 * 16
  EXPECT_EQ(largest_strided_cluster(343, 343, 16), 0);   // 49 * 7: no 49-point codelet
  EXPECT_EQ(largest_strided_cluster(512, 512, 8), 0);    // 64 * 8, 128 * 4, 256 * 2: none a codelet
  EXPECT_EQ(largest_strided_cluster(4, 64, 16), 4);      // no more blocks than the 4 columns
  // R2C 300^2: 151 columns; 20 * 151 and 25 * 151 do not split over 15 and
  // 12 blocks, 30 * 151 does over 10.
  EXPECT_EQ(largest_strided_cluster(151, 300, 16), 10);
}

TEST(XYStridedRows, PairedRowsTakeTheirMeasuredForms) {
  const DeviceLimits h100;
  struct Expected {
    int nx, ny;
    Precision p;
    int cluster;
    std::vector<int> radices;
    int threads, rows, chunks, min_blocks;
    bool x_table;
  };
  // (300^2 runs X's stages in the other order: XStagesInTheMeasuredOrder.)
  // 243^2 rows on 9 threads, across warps: both stages keep every thread busy.
  for (const Expected& e : {Expected{243, 243, Precision::f32, 9, {9, 27}, 9, 14, 1, 0, false},
                            Expected{300, 300, Precision::f32, 15, {20, 15}, 16, 10, 1, 4, false},
                            Expected{400, 400, Precision::f32, 16, {16, 25}, 16, 13, 1, 2, false},
                            Expected{243, 243, Precision::f64, 9, {9, 27}, 9, 14, 2, 0, false},
                            Expected{300, 300, Precision::f64, 15, {20, 15}, 16, 8, 2, 0, false},
                            Expected{300, 240, Precision::f32, 15, {15, 20}, 16, 8, 2, 0, false}}) {
    const auto v = estimate_xy_variant(e.nx, e.ny, e.nx, e.p, h100);
    ASSERT_TRUE(v && v->strided_rows) << e.nx << "x" << e.ny;
    EXPECT_EQ(v->cluster, e.cluster) << v->name();
    EXPECT_EQ(v->x.threads_per_row, e.threads) << v->name();
    EXPECT_EQ(v->x.radices, e.radices) << v->name();
    EXPECT_EQ(v->x.rows_per_block, e.rows) << v->name();
    EXPECT_EQ(v->load_chunks, e.chunks) << v->name();
    EXPECT_EQ(v->min_blocks_per_sm, e.min_blocks) << v->name();
    EXPECT_EQ(v->x.twiddle_table, e.x_table) << v->name();
    const bool f32 = e.p == Precision::f32;
    const double bound = fft3d_test::fft_error_bound(f32, static_cast<double>(e.nx) * e.ny);
    const double error = f32 ? run_xy_complex<float>(e.nx, e.ny, 1, *v, -1, BlockOrder::descending)
                             : run_xy_complex<double>(e.nx, e.ny, 1, *v, +1, BlockOrder::ascending);
    EXPECT_LT(error, bound) << v->name();
  }
  EXPECT_FALSE(estimate_xy_variant(400, 400, 400, Precision::f64, h100));
}

// Share rows without pads (XYVariant::row_pads): where the ESTIMATE takes
// them (cube planes measured faster so, not power-of-two ones; rows of whole
// 32-value pieces swizzled instead, XYVariant::row_swizzle), their share
// pitch (the row plus two values), the name, and hand-made ones, all against
// FFTW on the executor.
TEST(XYStridedRows, RowsWithoutPadsWhereMeasuredFaster) {
  const DeviceLimits h100;
  enum Rows { kPadded, kUnpadded, kSwizzled };
  for (const auto& [n, p, rows] :
       {std::tuple{210, Precision::f32, kUnpadded}, std::tuple{240, Precision::f32, kUnpadded},
        std::tuple{300, Precision::f32, kUnpadded}, std::tuple{320, Precision::f32, kUnpadded},
        std::tuple{243, Precision::f32, kUnpadded}, std::tuple{400, Precision::f32, kUnpadded},
        std::tuple{192, Precision::f64, kSwizzled}, std::tuple{243, Precision::f64, kUnpadded},
        std::tuple{256, Precision::f32, kSwizzled}, std::tuple{384, Precision::f32, kSwizzled},
        std::tuple{512, Precision::f32, kSwizzled}, std::tuple{192, Precision::f32, kSwizzled},
        std::tuple{256, Precision::f64, kSwizzled}, std::tuple{300, Precision::f64, kPadded},
        std::tuple{320, Precision::f64, kSwizzled}}) {
    const auto v = estimate_xy_variant(n, n, n, p, h100);
    ASSERT_TRUE(v && v->strided_rows) << n;
    EXPECT_EQ(v->row_pads, rows == kPadded) << v->name();
    EXPECT_EQ(v->row_swizzle, rows == kSwizzled) << v->name();
    EXPECT_EQ(v->name().find(".sr.np") == std::string::npos, rows == kPadded) << v->name();
    EXPECT_EQ(parse_xy_variant(v->name()), *v);
    if (rows != kUnpadded) continue;
    const kern::XYLayout L = make_xy_layout(n, n, p, *v);
    if (v->x.threads_per_row >= 16) {
      EXPECT_EQ(L.share_pitch(), n + 2) << v->name();
    } else {  // rows on fewer threads start on other banks (strided_share_pitch)
      EXPECT_GE(L.share_pitch(), n) << v->name();
      EXPECT_EQ((L.share_pitch() - v->x.threads_per_row) % 16, 0) << v->name();
    }
    const double bound = fft3d_test::fft_error_bound(p == Precision::f32, static_cast<double>(n) * n);
    const double error = p == Precision::f32 ? run_xy_complex<float>(n, n, 1, *v, -1, BlockOrder::descending)
                                             : run_xy_complex<double>(n, n, 1, *v, +1, BlockOrder::ascending);
    EXPECT_LT(error, bound) << v->name();
  }
  // f64 400^2 planes fuse only with side planes (fuses_with_side_planes), unpadded too.
  const auto f64_400 = estimate_xy_variant(400, 400, 400, Precision::f64, h100, false);
  ASSERT_TRUE(f64_400 && f64_400->strided_rows && !f64_400->row_pads) << (f64_400 ? f64_400->name() : "none");
  EXPECT_LT(run_xy_complex<double>(400, 400, 1, *f64_400, -1, BlockOrder::descending),
            fft3d_test::fft_error_bound(false, 400.0 * 400))
      << f64_400->name();
  for (const auto& [nx, ny, cluster] : {std::tuple{64, 64, 8}, std::tuple{48, 80, 8}, std::tuple{40, 27, 3}}) {
    XYVariant v = strided(nx, ny, Precision::f32, cluster);
    v.row_pads = v.row_swizzle = false;
    expect_correct<float>(nx, ny, v);
    v = strided(nx, ny, Precision::f64, cluster);
    v.row_pads = v.row_swizzle = false;
    expect_correct<double>(nx, ny, v, true);
  }
  // Only strided rows have row pads to drop.
  const XYVariant whole = *estimate_xy_variant(64, 64, 2, Precision::f32, h100, false, XYBase{{}, {}, 0, {}, false});
  ASSERT_FALSE(whole.strided_rows) << whole.name();
  EXPECT_FALSE(row_pads_switched(64, 64, Precision::f32, whole, h100));
  const XYVariant padded = strided(64, 64, Precision::f32, 8);  // small planes: the ESTIMATE's rows unstrided, padded
  ASSERT_TRUE(padded.row_pads && !padded.row_swizzle) << padded.name();
  const auto twin = row_pads_switched(64, 64, Precision::f32, padded, h100);
  ASSERT_TRUE(twin);
  EXPECT_NE(twin->row_pads, padded.row_pads);
  EXPECT_EQ(row_pads_switched(64, 64, Precision::f32, *twin, h100), padded);
  EXPECT_THROW(parse_xy_variant("xy.c8.mb0.np|" + whole.x.name() + "|" + whole.y.name()), Error);
}

// Y loads the plane (XYVariant::y_loads): Y's first stage reads the
// block's rows from global memory, X follows in the share. The ESTIMATE
// takes it where it was measured faster (300^2, 320^2, 400^2 and 480^2 f32
// planes, which load in one chunk; 480^2 on 16 blocks of 15-row groups
// asking two blocks per SM, unpadded, fused only so), and MEASURE times its
// twin where the load is one chunk. Hand-made forms, with groups, both
// twiddle sources and out of place, against FFTW on the executor in both
// block orders.
TEST(XYStridedRows, YLoadsWhereMeasuredFaster) {
  const DeviceLimits h100;
  for (const auto& [n, p, loads] :
       {std::tuple{300, Precision::f32, true}, std::tuple{320, Precision::f32, true},
        std::tuple{400, Precision::f32, true}, std::tuple{480, Precision::f32, true},
        std::tuple{256, Precision::f32, false},
        std::tuple{512, Precision::f32, false}, std::tuple{243, Precision::f32, false},
        std::tuple{300, Precision::f64, false}, std::tuple{256, Precision::f64, false}}) {
    const auto v = estimate_xy_variant(n, n, n, p, h100);
    ASSERT_TRUE(v && v->strided_rows) << n;
    EXPECT_EQ(v->y_loads, loads) << v->name();
    EXPECT_EQ(v->name().find(".yl|") != std::string::npos, loads) << v->name();
    EXPECT_EQ(parse_xy_variant(v->name()), *v);
    if (!loads) continue;
    EXPECT_EQ(v->load_chunks, 1) << v->name();
    if (n == 480) {
      EXPECT_EQ(v->cluster, 16) << v->name();
      EXPECT_EQ(v->x.rows_per_block, 15) << v->name();
      EXPECT_EQ(v->min_blocks_per_sm, 2) << v->name();
      EXPECT_FALSE(v->row_pads) << v->name();
    }
    const kern::XYLayout L = make_xy_layout(n, n, p, *v);
    // The load is Y's first stage; a cluster barrier follows the X stages, then the cross stage.
    EXPECT_EQ(L.phases(), 1 + L.x_groups() * L.strided_group_phases() + 1) << v->name();
    EXPECT_EQ(L.phase(L.phases() - 2).barrier_after, kern::kClusterBarrier) << v->name();
    EXPECT_EQ(L.phase(L.phases() - 1).sub, 1) << v->name();
    const auto twin = y_loads_switched(n, n, p, *v, h100);
    ASSERT_TRUE(twin) << v->name();
    EXPECT_FALSE(twin->y_loads);
    const double bound = fft3d_test::fft_error_bound(true, static_cast<double>(n) * n);
    EXPECT_LT(run_xy_complex<float>(n, n, 1, *v, -1, BlockOrder::descending), bound) << v->name();
  }
  for (const auto& [nx, ny, cluster] : {std::tuple{64, 64, 8}, std::tuple{48, 80, 8}, std::tuple{40, 27, 3},
                                        std::tuple{32, 60, 4}, std::tuple{40, 100, 5}}) {
    for (Precision p : {Precision::f32, Precision::f64}) {
      XYVariant v = strided(nx, ny, p, cluster);
      v.load_chunks = 1;
      const auto twin = y_loads_switched(nx, ny, p, v, h100);
      ASSERT_TRUE(twin) << v.name();
      v = *twin;
      v.x.rows_per_block = 2;  // several X groups after the load
      for (bool table : {false, true}) {
        v.x.twiddle_table = v.y.twiddle_table = table;
        p == Precision::f32 ? expect_correct<float>(nx, ny, v, table) : expect_correct<double>(nx, ny, v, !table);
      }
    }
  }
  // Complex strided rows loaded in one chunk only.
  XYVariant chunked = strided(256, 256, Precision::f32, 16);
  ASSERT_EQ(chunked.load_chunks, 2);
  EXPECT_FALSE(y_loads_switched(256, 256, Precision::f32, chunked, h100));
  chunked.y_loads = true;
  EXPECT_FALSE(xy_variant_valid(256, 256, Precision::f32, chunked, h100));
  EXPECT_THROW(parse_xy_variant(chunked.name()), Error);
  const XYVariant whole = *estimate_xy_variant(64, 64, 2, Precision::f32, h100, false, XYBase{{}, {}, 0, {}, false});
  EXPECT_THROW(parse_xy_variant("xy.c8.mb0.yl|" + whole.x.name() + "|" + whole.y.name()), Error);
  const auto real = estimate_real_xy_variant(256, 256, 256, Precision::f32, h100);
  ASSERT_TRUE(real && real->strided_rows) << (real ? real->name() : "none");
  XYVariant real_loads = *real;
  real_loads.load_chunks = 1;
  EXPECT_FALSE(y_loads_switched(256, 256, Precision::f32, real_loads, h100)) << real->name();
}

// X's two stages in the order measured faster (measured_strided_form): the
// larger radix first at 300^2 and 480^2 f32 and at 300^2 and 320^2 f64,
// the smaller at 192^2 f32, where two_stage_variant's rule gives the other
// order; the rule's order elsewhere. The reordered forms match FFTW both
// ways (480^2 runs in YLoadsWhereMeasuredFaster, 300^2 f64 in
// PairedRowsTakeTheirMeasuredForms), and so do MEASURE's twins in the
// other order.
TEST(XYStridedRows, XStagesInTheMeasuredOrder) {
  const DeviceLimits h100;
  using Radices = std::vector<int>;
  for (const auto& [n, p, radices] :
       {std::tuple{192, Precision::f32, Radices{12, 16}}, std::tuple{300, Precision::f32, Radices{20, 15}},
        std::tuple{480, Precision::f32, Radices{32, 15}}, std::tuple{192, Precision::f64, Radices{16, 12}},
        std::tuple{300, Precision::f64, Radices{20, 15}}, std::tuple{320, Precision::f64, Radices{20, 16}},
        std::tuple{210, Precision::f32, Radices{15, 14}},
        std::tuple{240, Precision::f32, Radices{16, 15}}, std::tuple{320, Precision::f32, Radices{16, 20}},
        std::tuple{384, Precision::f32, Radices{12, 32}}, std::tuple{512, Precision::f32, Radices{32, 16}}}) {
    const auto v = estimate_xy_variant(n, n, n, p, h100);
    ASSERT_TRUE(v && v->strided_rows) << n;
    EXPECT_EQ(v->x.radices, radices) << v->name();
    EXPECT_EQ(parse_xy_variant(v->name()), *v);
    // MEASURE's twin runs the other order.
    const auto twin = x_order_switched(n, n, p, *v, h100);
    ASSERT_TRUE(twin) << v->name();
    EXPECT_EQ(twin->x.radices, (Radices{radices[1], radices[0]})) << twin->name();
    const bool f32 = p == Precision::f32;
    if (f32 ? n != 192 && n != 300 : n != 320) continue;
    const double bound = fft3d_test::fft_error_bound(f32, static_cast<double>(n) * n);
    for (int sign : {-1, +1}) {
      const BlockOrder order = sign < 0 ? BlockOrder::descending : BlockOrder::ascending;
      const double error = f32 ? run_xy_complex<float>(n, n, 1, *v, sign, order)
                               : run_xy_complex<double>(n, n, 1, *v, sign, order);
      EXPECT_LT(error, bound) << v->name() << " sign " << sign;
    }
  }
  // No twin for one radix repeated (256 = 16 * 16) or for real rows.
  EXPECT_FALSE(x_order_switched(256, 256, Precision::f32, *estimate_xy_variant(256, 256, 256, Precision::f32, h100),
                                h100));
  const auto real = estimate_real_xy_variant(480, 480, 480, Precision::f32, h100);
  ASSERT_TRUE(real && real->strided_rows && real->x.radices.size() == 2);
  EXPECT_FALSE(x_order_switched(480, 480, Precision::f32, *real, h100)) << real->name();
  // Twins of small planes against FFTW, both precisions.
  for (const auto& [nx, ny, cluster] : {std::tuple{48, 80, 8}, std::tuple{40, 100, 5}, std::tuple{60, 32, 4}}) {
    for (Precision p : {Precision::f32, Precision::f64}) {
      const XYVariant v = strided(nx, ny, p, cluster);
      const auto twin = x_order_switched(nx, ny, p, v, h100);
      ASSERT_TRUE(twin) << v.name();
      p == Precision::f32 ? expect_correct<float>(nx, ny, *twin) : expect_correct<double>(nx, ny, *twin);
    }
  }
}

// A maker of MEASURE's X twins (x_pairs_other, x_threads_other) gives none
// at 256^2 (one radix repeated) or for real rows (480^2), and some at
// 240 x 32 planes on 4 blocks (240 = 16 * 15), each matching FFTW in both
// precisions.
using XTwinMaker = std::vector<XYVariant> (*)(int, int, Precision, const XYVariant&, const DeviceLimits&);
void expect_twins_where_x_has_two_radices(XTwinMaker make_twins) {
  const DeviceLimits h100;
  EXPECT_TRUE(make_twins(256, 256, Precision::f32, *estimate_xy_variant(256, 256, 256, Precision::f32, h100), h100)
                  .empty());
  const auto real = estimate_real_xy_variant(480, 480, 480, Precision::f32, h100);
  ASSERT_TRUE(real && real->strided_rows && real->x.radices.size() == 2);
  EXPECT_TRUE(make_twins(480, 480, Precision::f32, *real, h100).empty()) << real->name();
  for (Precision p : {Precision::f32, Precision::f64}) {
    const XYVariant small = strided(240, 32, p, 4);
    const std::vector<XYVariant> twins = make_twins(240, 32, p, small, h100);
    EXPECT_FALSE(twins.empty()) << small.name();
    for (const XYVariant& twin : twins)
      p == Precision::f32 ? expect_correct<float>(240, 32, twin) : expect_correct<double>(240, 32, twin);
  }
}

// MEASURE's other X pairs (x_pairs_other): at 320^2 f32 the pairs 32 * 10
// and 10 * 32, the ESTIMATE's other settings kept; none at 256^2 (its
// other pairs have a stage under 10 points) or for real rows. The 320^2
// pairs, and those of a small plane in both precisions, match FFTW.
TEST(XYStridedRows, OtherXPairsForMeasure) {
  const DeviceLimits h100;
  using Radices = std::vector<int>;
  const auto v = estimate_xy_variant(320, 320, 320, Precision::f32, h100);
  ASSERT_TRUE(v && v->strided_rows) << (v ? v->name() : "none");
  const std::vector<XYVariant> pairs = x_pairs_other(320, 320, Precision::f32, *v, h100);
  std::vector<Radices> radices;
  for (const XYVariant& pair : pairs) radices.push_back(pair.x.radices);
  EXPECT_EQ(radices, (std::vector<Radices>{{32, 10}, {10, 32}}));
  const double bound = fft3d_test::fft_error_bound(true, 320.0 * 320);
  for (const XYVariant& pair : pairs) {
    XYVariant same = pair;
    same.x.radices = v->x.radices;
    EXPECT_EQ(same, *v) << pair.name();
    EXPECT_EQ(parse_xy_variant(pair.name()), pair);
    EXPECT_LT(run_xy_complex<float>(320, 320, 1, pair, -1, BlockOrder::descending), bound) << pair.name();
    EXPECT_LT(run_xy_complex<float>(320, 320, 1, pair, +1, BlockOrder::ascending), bound) << pair.name();
  }
  // 240 = 16 * 15 on 4 blocks: 24 * 10, 20 * 12, 12 * 20, 10 * 24 where they fit.
  expect_twins_where_x_has_two_radices(x_pairs_other);
}

// MEASURE's rows on the other thread counts (x_threads_other): each twin
// is the ESTIMATE's but for threads a row, rows a group (about as many
// threads a block) and load chunks; 243^2 f32 (9 threads in the ESTIMATE)
// gets 27, 210^2 (16) gets 14 and 15, in one chunk and in the ESTIMATE's
// two; none at 256^2 (16 * 16 on 16) or for real rows. Twins against FFTW.
TEST(XYStridedRows, OtherThreadCountsForMeasure) {
  const DeviceLimits h100;
  const auto v243 = estimate_xy_variant(243, 243, 243, Precision::f32, h100);
  ASSERT_TRUE(v243 && v243->strided_rows && v243->x.threads_per_row == 9) << (v243 ? v243->name() : "none");
  const std::vector<XYVariant> twins243 = x_threads_other(243, 243, Precision::f32, *v243, h100);
  ASSERT_EQ(twins243.size(), 1u);
  EXPECT_EQ(twins243[0].x.threads_per_row, 27) << twins243[0].name();
  EXPECT_EQ(twins243[0].load_chunks, 1) << twins243[0].name();

  const auto v = estimate_xy_variant(210, 210, 210, Precision::f32, h100);
  ASSERT_TRUE(v && v->strided_rows && v->x.threads_per_row == 16 && v->load_chunks == 2)
      << (v ? v->name() : "none");
  const std::vector<XYVariant> twins = x_threads_other(210, 210, Precision::f32, *v, h100);
  std::vector<std::pair<int, int>> threads_and_chunks;
  for (const XYVariant& twin : twins) {
    threads_and_chunks.emplace_back(twin.x.threads_per_row, twin.load_chunks);
    EXPECT_LE(twin.x.threads_per_row * twin.x.rows_per_block, v->x.threads_per_row * v->x.rows_per_block);
    XYVariant same = twin;
    same.x.threads_per_row = v->x.threads_per_row;
    same.x.rows_per_block = v->x.rows_per_block;
    same.load_chunks = v->load_chunks;
    EXPECT_EQ(same, *v) << twin.name();
    EXPECT_EQ(parse_xy_variant(twin.name()), twin);
  }
  ASSERT_EQ(threads_and_chunks, (std::vector<std::pair<int, int>>{{14, 1}, {14, 2}, {15, 1}, {15, 2}}));
  const double bound = fft3d_test::fft_error_bound(true, 210.0 * 210);
  for (const XYVariant& twin : {twins[0], twins[3]}) {
    EXPECT_LT(run_xy_complex<float>(210, 210, 1, twin, -1, BlockOrder::descending), bound) << twin.name();
    EXPECT_LT(run_xy_complex<float>(210, 210, 1, twin, +1, BlockOrder::ascending), bound) << twin.name();
  }

  // 240 = 16 * 15 on 4 blocks: rows on 15 threads.
  expect_twins_where_x_has_two_radices(x_threads_other);
}

// 480^2 f32 planes split 30 * 16 on 16 blocks: without row pads a block's
// share (30 rows of 482 values) leaves room for two blocks on an SM (228 KB,
// 1 KB reserved per block); with them it does not. Loading through Y's
// first stage, the form beat separate passes on an H100 (the ESTIMATE's,
// YLoadsWhereMeasuredFaster).
TEST(XYStridedRows, ThirtyPointSplitOfFourEighty) {
  const DeviceLimits h100;
  XYVariant v = strided(480, 480, Precision::f32, 16);
  EXPECT_EQ(v.y.radices, (std::vector<int>{30, 16})) << v.name();
  v.row_pads = true;
  EXPECT_GT(2 * (xy_variant_facts(480, 480, Precision::f32, v).shared_bytes + 1024), 228 * 1024) << v.name();
  v.row_pads = false;
  ASSERT_TRUE(xy_variant_valid(480, 480, Precision::f32, v, h100)) << v.name();
  EXPECT_LE(2 * (xy_variant_facts(480, 480, Precision::f32, v).shared_bytes + 1024), 228 * 1024) << v.name();
  const double bound = fft3d_test::fft_error_bound(true, 480.0 * 480);
  EXPECT_LT(run_xy_complex<float>(480, 480, 1, v, -1, BlockOrder::descending), bound) << v.name();
  EXPECT_LT(run_xy_complex<float>(480, 480, 1, v, +1, BlockOrder::ascending), bound) << v.name();
}

TEST(XYStridedRows, NameRoundTripsAndLimitsHold) {
  const XYVariant v = strided(256, 256, Precision::f32, 16);
  EXPECT_NE(v.name().find(".sr.np.sw|"), std::string::npos) << v.name();  // swizzled share rows
  EXPECT_EQ(parse_xy_variant(v.name()), v);
  // The load in two chunks (two X groups of 8 rows), or in one.
  EXPECT_EQ(v.load_chunks, 2) << v.name();
  XYVariant whole = v;
  whole.load_chunks = 1;
  EXPECT_TRUE(xy_variant_valid(256, 256, Precision::f32, whole, DeviceLimits{}));
  EXPECT_EQ(parse_xy_variant(whole.name()), whole);
  // No exchange buffers: the share alone, rows swizzled, or padded by one value in 32.
  EXPECT_EQ(xy_variant_facts(256, 256, Precision::f32, v).shared_bytes, 16LL * 256 * 8);
  const auto padded = row_swizzle_switched(256, 256, Precision::f32, v, DeviceLimits{});
  ASSERT_TRUE(padded && padded->row_pads);
  EXPECT_EQ(xy_variant_facts(256, 256, Precision::f32, *padded).shared_bytes, 16LL * (256 + 7) * 8);
  // Y must split as ny / cluster then cluster points; real rows and columns first have no strided form.
  XYVariant bad = v;
  bad.y.radices = {16, 16};
  bad.cluster = 8;
  EXPECT_FALSE(xy_variant_valid(256, 256, Precision::f32, bad, DeviceLimits{}));
  EXPECT_FALSE(strided_rows_variant(256, 256, Precision::f32, v, DeviceLimits{}, 3));
  EXPECT_THROW(parse_xy_variant("xy.c16.mb0.yx.sr|" + v.x.name() + "|" + v.y.name()), Error);
}

// X rows on threads that do not divide a warp (9, 20 or 27) take block
// barriers between their in-place stages: with warp barriers a row's reads
// and writes in other warps interleave (243^2 on 9 threads a row was off by
// 0.9 relative L2 that way on the executor).
TEST(XYStridedRows, RowsAcrossWarpsTakeBlockBarriers) {
  const char* y243 = "r27-9.t1.rows1.pad-none.tw-table.mb0.cols";
  const char* y300 = "r20-15.t1.rows1.pad-none.tw-table.mb0.cols";
  for (const auto& [n, name] :
       {std::tuple{243, "xy.c9.mb0.sr|r9-27.t9.rows27.pad-none.tw-table.mb0|" + std::string(y243)},
        std::tuple{243, "xy.c9.mb0.l3.sr|r9-27.t27.rows9.pad-none.tw-table.mb0|" + std::string(y243)},
        std::tuple{300, "xy.c15.mb0.l2.sr.np|r15-20.t20.rows10.pad-none.tw-sincos.mb0|" + std::string(y300)}}) {
    const XYVariant v = parse_xy_variant(name);
    const kern::XYLayout L = make_xy_layout(n, n, Precision::f32, v);
    EXPECT_FALSE(L.x_rows_in_warps()) << name;
    for (int p = 0; p < L.phases(); ++p)
      EXPECT_NE(L.phase(p).barrier_after, kern::kWarpBarrier) << name << " phase " << p;
    expect_correct<float>(n, n, v);
  }
  expect_correct<double>(243, 243, parse_xy_variant("xy.c9.mb0.sr.np|r9-27.t9.rows27.pad-none.tw-sincos.mb0|" +
                                                    std::string(y243)));
}

}  // namespace
}  // namespace fft3d
