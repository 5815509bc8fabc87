// A ring of share rows (XYVariant::ring_rows): the persistent strided pass
// whose next plane loads into the ring rows the current one leaves free.
// The CPU cluster executor runs the GPU's schedule (the late rows of a
// plane and the early rows of the next as each iteration starts), so a row
// loaded while some block still reads it gives a wrong result here. Against
// FFTW in double precision, both directions and block orders, several
// iterations a cluster; the variant's name, validity and MEASURE twin.
#include <gtest/gtest.h>

#include <stdexcept>
#include <tuple>

#include "common/error.h"
#include "fft3d/grid_schedule.h"
#include "oracle.h"
#include "xy/xy_variant.h"
#include "xy_complex_run.h"

namespace fft3d {
namespace {

// The ESTIMATE's swizzled strided form of nx * ny planes on `cluster`
// blocks (0: the ESTIMATE's) in groups of `rows_per_group` rows (0: its
// own), with a ring of `ring_rows` rows, loaded in one chunk.
XYVariant with_ring(int nx, int ny, Precision p, int ring_rows, int cluster = 0, int rows_per_group = 0) {
  XYVariant out = swizzled_strided_variant(nx, ny, p, cluster);
  out.load_chunks = 1;
  out.ring_rows = ring_rows;
  if (rows_per_group > 0) out.x.rows_per_block = rows_per_group;
  return out;
}

// `planes` planes on `grid` clusters (so each walks several and the ring
// wraps), both directions and block orders, against FFTW.
template <typename Real>
void expect_ring_correct(int nx, int ny, const XYVariant& v, long long planes, long long grid,
                         bool out_of_place = false) {
  ASSERT_TRUE(xy_variant_valid(nx, ny, precision_of<Real>(), v, DeviceLimits{})) << v.name();
  const double bound = fft3d_test::fft_error_bound(sizeof(Real) == 4, static_cast<double>(nx) * ny);
  for (int sign : {-1, +1})
    for (BlockOrder order : kBothBlockOrders)
      EXPECT_LT(run_xy_complex<Real>(nx, ny, planes, v, sign, order, out_of_place, grid), bound)
          << nx << "x" << ny << " " << v.name() << " sign " << sign << ", " << planes << " planes on " << grid;
}

// The 512^2 f32 planes the ring is for (one block per SM), the ESTIMATE's
// form: 56 rows of 4 KB for the block's 32 (24 early, 8 late), three planes
// a cluster. MEASURE's twin is the form without it, loaded in two chunks.
TEST(XYRing, Planes512) {
  const auto ring = estimate_xy_variant(512, 512, 512, Precision::f32, DeviceLimits{});
  ASSERT_TRUE(ring && ring->row_swizzle) << (ring ? ring->name() : "none");
  EXPECT_EQ(ring->ring_rows, 56) << ring->name();
  EXPECT_EQ(make_xy_layout(512, 512, Precision::f32, *ring).ring_early_rows(), 24);
  expect_ring_correct<float>(512, 512, *ring, 5, 2);
  const auto plain = ring_switched(512, 512, Precision::f32, *ring, DeviceLimits{});
  ASSERT_TRUE(plain) << ring->name();
  EXPECT_EQ(plain->ring_rows, 0);
  EXPECT_EQ(plain->load_chunks, 2) << plain->name();
  EXPECT_EQ(ring_switched(512, 512, Precision::f32, *plain, DeviceLimits{}), *ring);
  // The 512^3 plan's fused pass is that ring, and its description says so.
  const auto passes = make_grid_schedule(512, 512, 512, Precision::f32, DeviceLimits{}, ColumnMethod::automatic, {},
                                         PlaneMethod::automatic);
  ASSERT_EQ(passes.size(), 2u);
  ASSERT_TRUE(passes[0].is_fused_xy());
  EXPECT_EQ(passes[0].xy, *ring) << passes[0].xy.name();
  EXPECT_NE(describe_pass(passes[0], Precision::f32).find("a ring of 56 share rows"), std::string::npos)
      << describe_pass(passes[0], Precision::f32);
}

// Rings from one early row to two planes' rows (no late rows), early rows
// ending inside a group or on its edge, one group or several, in place and
// out of place, on grids that leave a cluster fewer planes than another.
TEST(XYRing, RingSizesAndGroups) {
  // 64 x 128 on 4 blocks: 32 rows a block.
  for (const auto& [ring, groups] : {std::tuple{33, 0}, std::tuple{40, 0}, std::tuple{48, 8}, std::tuple{45, 4},
                                     std::tuple{64, 0}, std::tuple{63, 16}}) {
    const XYVariant v = with_ring(64, 128, Precision::f64, ring, 4, groups);
    expect_ring_correct<double>(64, 128, v, 7, 3, ring % 2 == 1);
  }
  // f32, 16 rows a block on 8 blocks, and a grid larger than the planes.
  const XYVariant v = with_ring(128, 128, Precision::f32, 20, 8);
  expect_ring_correct<float>(128, 128, v, 5, 2);
  expect_ring_correct<float>(128, 128, v, 2, 4);
}

// ".rg<rows>" after ".sw"; a ring needs swizzled rows in one load chunk,
// more rows than a plane's and at most two planes'. The executor refuses
// one that does not.
TEST(XYRing, NameAndValidity) {
  const XYVariant v = with_ring(64, 128, Precision::f64, 40, 4);
  EXPECT_NE(v.name().find(".sr.np.sw.rg40|"), std::string::npos) << v.name();
  EXPECT_EQ(parse_xy_variant(v.name()), v);
  const std::string parts = "|" + v.x.name() + "|" + v.y.name();
  const std::string head = "xy.c4.mb0";
  EXPECT_THROW(parse_xy_variant(head + ".sr.np.rg40" + parts), Error);     // not swizzled
  EXPECT_THROW(parse_xy_variant(head + ".l2.sr.np.sw.rg40" + parts), Error);  // two load chunks
  EXPECT_THROW(parse_xy_variant(head + ".sr.np.sw.rg0" + parts), Error);
  EXPECT_THROW(parse_xy_variant(head + ".sr.np.sw.rgx" + parts), Error);
  for (int rows : {32, 65}) {
    XYVariant bad = v;
    bad.ring_rows = rows;
    EXPECT_FALSE(xy_variant_valid(64, 128, Precision::f64, bad, DeviceLimits{})) << bad.name();
    kern::XYArgs<double> args{};
    args.planes = 1;
    EXPECT_THROW(run_xy_kernel_on_cpu<double>(make_xy_layout(64, 128, Precision::f64, bad), -1, args),
                 std::invalid_argument);
  }
}

// MEASURE times the ring beside the ESTIMATE where one block fills an SM
// (384^2 f64, whose ring of 37 rows holds only 13 of the next plane's 24:
// not the ESTIMATE's), as large as the block's shared memory allows, and
// the ring's own twin is the form without it; nothing where two blocks fit
// (256^2 f32, 480^2 f32 unpadded) or the rows are not swizzled.
TEST(XYRing, MeasureTwin) {
  const DeviceLimits h100;
  const auto f64 = estimate_xy_variant(384, 384, 384, Precision::f64, h100, false);  // MEASURE's candidate
  ASSERT_TRUE(f64 && f64->row_swizzle) << (f64 ? f64->name() : "none");
  const auto ring = ring_switched(384, 384, Precision::f64, *f64, h100);
  ASSERT_TRUE(ring) << f64->name();
  EXPECT_EQ(ring->ring_rows, 37) << ring->name();  // 227 KB in rows of 6 KB, for 24 a block
  const auto back = ring_switched(384, 384, Precision::f64, *ring, h100);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->ring_rows, 0);
  EXPECT_EQ(back->load_chunks, make_xy_layout(384, 384, Precision::f64, *back).x_groups() >= 2 ? 2 : 1);
  for (const auto& [n, p] : {std::pair{256, Precision::f32}, std::pair{480, Precision::f32},
                             std::pair{243, Precision::f32}}) {
    const auto e = estimate_xy_variant(n, n, n, p, h100, false);
    ASSERT_TRUE(e) << n;
    EXPECT_FALSE(ring_switched(n, n, p, *e, h100)) << e->name();
  }
}

}  // namespace
}  // namespace fft3d
