// The fused XY pass of real rows (R2C forward) run by the CPU cluster
// executor against FFTW's r2c of every plane in double precision: in place,
// rows of nx reals padded to nx/2 + 1 complex values (the padding poisoned
// with NaN), ESTIMATE and hand-made clusters, double-buffered grids, both
// block orders.
#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>

#include "common/error.h"
#include "fft1d/twiddle_table.h"
#include "oracle.h"
#include "real_oracle.h"
#include "xy/xy_kernel_host.h"
#include "xy/xy_variant.h"
#include "xy_real_run.h"

namespace fft3d {
namespace {

using fft3d_test::cplx;

template <typename Real>
void expect_correct(int nx, int ny, long long planes, const XYVariant& v, long long grid_clusters = 1) {
  const double bound = fft3d_test::fft_error_bound(sizeof(Real) == 4, static_cast<double>(nx) * ny);
  for (BlockOrder order : kBothBlockOrders)
    EXPECT_LT(run_real_xy<Real>(nx, ny, planes, v, order, grid_clusters), bound)
        << nx << "x" << ny << " " << v.name() << (order == BlockOrder::ascending ? " ascending" : " descending")
        << ", grid of " << grid_clusters;
}

const std::vector<std::tuple<int, int, long long>> kPlanes = {
    {16, 12, 3}, {30, 20, 2}, {64, 48, 2}, {12, 40, 2}, {96, 8, 1}, {50, 27, 2}};

TEST(XYRealExecutor, EstimateVariantsBothPrecisions) {
  for (const auto& [nx, ny, planes] : kPlanes) {
    for (Precision p : {Precision::f32, Precision::f64}) {
      const auto v = estimate_real_xy_variant(nx, ny, planes, p, DeviceLimits{}, false);
      ASSERT_TRUE(v) << nx << "x" << ny;
      EXPECT_EQ(v->x.real, RealRows::half);
      EXPECT_TRUE(xy_variant_valid(nx, ny, p, *v, DeviceLimits{})) << v->name();
      EXPECT_EQ(parse_xy_variant(v->name()), *v);
      if (p == Precision::f32) expect_correct<float>(nx, ny, planes, *v);
      else expect_correct<double>(nx, ny, planes, *v);
    }
  }
}

// Clusters that split the nx/2 columns (column nx/2 packed into column 0)
// and the rows unevenly (or leave a block none), small groups, and
// double-buffered persistent grids.
TEST(XYRealExecutor, UnevenClustersAndDoubleBuffers) {
  const DeviceLimits limits;
  for (int cluster : {1, 3, 5})
    for (const auto& [nx, ny] : {std::pair{48, 40}, std::pair{20, 36}}) {
      XYVariant v = *estimate_real_xy_variant(nx, ny, 3, Precision::f64, limits, false);
      v.cluster = cluster;
      v.x.rows_per_block = 2;
      v.y.rows_per_block = 2;
      ASSERT_TRUE(xy_variant_valid(nx, ny, Precision::f64, v, limits)) << v.name();
      expect_correct<double>(nx, ny, 3, v);
      v.buffers = 2;
      expect_correct<double>(nx, ny, 5, v, 2);
    }
}

// Strided rows (XYVariant::strided_rows): the real post-processing in place
// in the share rows, and column 0 unpacked by the butterflies (k1, 0) and
// their partners (-k1 mod ny / cluster), self-partnered where that is even;
// the H100's 256^2 clusters of 8 and 16, odd radices, several X groups,
// table twiddles.
TEST(XYRealExecutor, StridedRows) {
  const DeviceLimits limits;
  for (const auto& [nx, ny, cluster] : {std::tuple{256, 256, 16}, std::tuple{256, 256, 8}, std::tuple{64, 48, 4},
                                        std::tuple{40, 27, 3}, std::tuple{60, 30, 5}}) {
    for (Precision p : {Precision::f32, Precision::f64}) {
      const auto v = estimate_real_xy_variant(nx, ny, 2, p, limits, false, false, XYBase{{}, {}, cluster, {}, true});
      ASSERT_TRUE(v && v->strided_rows && v->cluster == cluster) << nx << "x" << ny << " on " << cluster;
      EXPECT_EQ(parse_xy_variant(v->name()), *v);
      if (p == Precision::f32) expect_correct<float>(nx, ny, 2, *v);
      else expect_correct<double>(nx, ny, 2, *v);
    }
  }
  // Without row pads (XYVariant::row_pads): the ESTIMATE's form of 300^2
  // f32 planes, and hand-made ones.
  const XYVariant unpadded = *estimate_real_xy_variant(300, 300, 300, Precision::f32, limits);
  ASSERT_TRUE(unpadded.strided_rows && !unpadded.row_pads) << unpadded.name();
  expect_correct<float>(300, 300, 1, unpadded);
  for (const auto& [nx, ny, cluster] : {std::tuple{256, 256, 8}, std::tuple{60, 30, 5}}) {
    XYVariant w = *estimate_real_xy_variant(nx, ny, 2, Precision::f64, limits, false, false,
                                            XYBase{{}, {}, cluster, {}, true});
    w.row_pads = false;
    ASSERT_TRUE(xy_variant_valid(nx, ny, Precision::f64, w, limits)) << w.name();
    expect_correct<double>(nx, ny, 2, w);
  }
  XYVariant v = *estimate_real_xy_variant(64, 128, 2, Precision::f64, limits, false, false,
                                          XYBase{{}, {}, 8, {}, true});
  v.x.rows_per_block = 32 / v.x.threads_per_row;  // 16 rows per block in groups
  ASSERT_GT(make_xy_layout(64, 128, Precision::f64, v).x_groups(), 1) << v.name();
  for (bool table : {false, true}) {
    v.x.twiddle_table = v.y.twiddle_table = table;
    ASSERT_TRUE(xy_variant_valid(64, 128, Precision::f64, v, limits)) << v.name();
    expect_correct<double>(64, 128, 3, v);
  }
  // The C2R inverse (columns first) has no strided form.
  EXPECT_FALSE(estimate_real_xy_variant(256, 256, 2, Precision::f32, limits, false, true,
                                        XYBase{{}, {}, 16, {}, true})->strided_rows);
  // Rows on fewer than 16 threads (the ESTIMATE's 128-value rows on 8): a
  // share pitch of threads_per_row modulo 16 values, so that the two rows
  // of a shared-memory wavefront start 16 banks apart.
  const XYVariant r2c = *estimate_real_xy_variant(256, 256, 256, Precision::f32, limits, true, false);
  ASSERT_TRUE(r2c.strided_rows && r2c.x.threads_per_row == 8) << r2c.name();
  const kern::XYLayout L = make_xy_layout(256, 256, Precision::f32, r2c);
  EXPECT_EQ(L.share_pitch(), 136) << r2c.name();  // the padded 135, plus one
  // Complex rows on 16 threads: the row alone where swizzled (the
  // ESTIMATE's), padded only otherwise.
  const XYVariant swizzled = *estimate_xy_variant(256, 256, 256, Precision::f32, limits);
  ASSERT_TRUE(swizzled.row_swizzle) << swizzled.name();
  EXPECT_EQ(make_xy_layout(256, 256, Precision::f32, swizzled).share_pitch(), 256);
  EXPECT_EQ(make_xy_layout(256, 256, Precision::f32, *row_swizzle_switched(256, 256, Precision::f32, swizzled, limits))
                .share_pitch(),
            kern::xy_share_slot(255, true) + 1);
}

// Real pairs (XYLayout::real_pairs): planes 2p and 2p + 1 as one complex
// plane in the complex planes' strided form, the spectra separated in the
// share rows and columns 0 and nx/2 unpacked into both planes; odd plane
// counts leave the last pair without plane b (whose memory, past the
// array, is never touched). The H100's 256^2 cluster of 16, odd radices,
// uneven quads (nx/2 odd), without row pads, several X groups.
TEST(XYRealExecutor, StridedRealPairs) {
  const DeviceLimits limits;
  for (const auto& [nx, ny, cluster] : {std::tuple{256, 256, 16}, std::tuple{64, 48, 4}, std::tuple{40, 27, 3},
                                        std::tuple{60, 30, 5}, std::tuple{30, 20, 5}}) {
    for (Precision p : {Precision::f32, Precision::f64}) {
      std::optional<XYVariant> v = estimate_xy_variant(nx, ny, 2, p, limits, false, XYBase{{}, {}, cluster, {}, true});
      ASSERT_TRUE(v && v->strided_rows && v->cluster == cluster) << nx << "x" << ny << " on " << cluster;
      if (v->row_swizzle) v = row_swizzle_switched(nx, ny, p, *v, limits);  // pairs keep padded rows
      v->x.real = RealRows::pair;
      ASSERT_TRUE(xy_variant_valid(nx, ny, p, *v, limits)) << v->name();
      EXPECT_EQ(parse_xy_variant(v->name()), *v);
      EXPECT_TRUE(make_xy_layout(nx, ny, p, *v).real_pairs());
      for (long long planes : {1, 2, 3}) {
        if (p == Precision::f32) expect_correct<float>(nx, ny, planes, *v);
        else expect_correct<double>(nx, ny, planes, *v);
      }
      v->row_pads = !v->row_pads;
      ASSERT_TRUE(xy_variant_valid(nx, ny, p, *v, limits)) << v->name();
      if (p == Precision::f32) expect_correct<float>(nx, ny, 3, *v);
      else expect_correct<double>(nx, ny, 3, *v);
    }
  }
  XYVariant v = *estimate_xy_variant(64, 128, 2, Precision::f64, limits, false, XYBase{{}, {}, 8, {}, true});
  if (v.row_swizzle) v = *row_swizzle_switched(64, 128, Precision::f64, v, limits);
  v.x.real = RealRows::pair;
  v.x.rows_per_block = 32 / v.x.threads_per_row;
  ASSERT_GT(make_xy_layout(64, 128, Precision::f64, v).x_groups(), 1) << v.name();
  ASSERT_TRUE(xy_variant_valid(64, 128, Precision::f64, v, limits)) << v.name();
  expect_correct<double>(64, 128, 5, v);
  // Pairs need strided rows and an even nx, and run forward only.
  XYVariant whole = v;
  whole.strided_rows = false;
  EXPECT_FALSE(xy_variant_valid(64, 128, Precision::f64, whole, limits));
  EXPECT_FALSE(xy_variant_valid(63, 128, Precision::f64, v, limits));
  std::vector<kern::Complex<double>> data(33 * 128 * 2);
  const kern::XYArgs<double> args{data.data(), 2, 33 * 128, nullptr, nullptr};
  EXPECT_THROW(run_xy_kernel_on_cpu<double>(make_xy_layout(64, 128, Precision::f64, v), +1, args),
               std::invalid_argument);
}

// Real thin planes (rows of 2048 reals, 16 to 64 of them, thin_long_rows)
// beyond L2 fuse on clusters of 16, forward and inverse in both precisions,
// but for the f32 forward of 16 rows (1 % slower so), which keeps its
// smaller cluster; the forward forms run against FFTW (the inverse ones in
// XYColumnsFirst.RealThinPlanesInverse).
TEST(XYRealExecutor, ThinPlanesFuseOnSixteenBlocks) {
  const DeviceLimits h100;
  for (Precision p : {Precision::f32, Precision::f64})
    for (int ny : {16, 32})
      for (bool inverse : {false, true}) {
        const auto v = estimate_real_xy_variant(2048, ny, 4096, p, h100, true, inverse);
        const bool kept = p == Precision::f32 && ny == 16 && !inverse;
        const std::string what = "2048x" + std::to_string(ny) + " " + precision_name(p) + (inverse ? " C2R" : " R2C");
        if (kept) {
          EXPECT_TRUE(!v || v->cluster < 16) << what << " " << v->name();
          continue;
        }
        ASSERT_TRUE(v) << what;
        EXPECT_EQ(v->cluster, 16) << what << " " << v->name();
        EXPECT_EQ(v->columns_first, inverse) << v->name();
      }
  const auto long_rows = estimate_real_xy_variant(4096, 16, 4096, Precision::f32, h100, true, true);  // untimed
  EXPECT_TRUE(!long_rows || long_rows->cluster < 16) << long_rows->name();
  expect_correct<float>(2048, 32, 1, *estimate_real_xy_variant(2048, 32, 4096, Precision::f32, h100));
  expect_correct<double>(2048, 16, 1, *estimate_real_xy_variant(2048, 16, 4096, Precision::f64, h100));
}

// Real rows of 1024 reals (wide_real_rows) fuse on clusters large enough
// for 4 rows a block: f64 planes of 16 rows or more both ways, the f32 C2R
// inverse's of 16 or 32 rows; the f32 forward, the f32 inverse of 64 rows
// and f64 rows of 512 reals keep 8 rows a block. The forward forms run
// against FFTW here, the inverse ones in XYColumnsFirst.RealWideRowsInverse.
TEST(XYRealExecutor, WideRealRowsOnFourRowsABlock) {
  const DeviceLimits h100;
  auto cluster = [&](int nx, int ny, Precision p, bool inverse) {
    const auto v = estimate_real_xy_variant(nx, ny, 1024, p, h100, false, inverse);
    EXPECT_TRUE(v && v->columns_first == inverse) << nx << "x" << ny;
    return v ? v->cluster : 0;
  };
  for (bool inverse : {false, true}) {
    EXPECT_EQ(cluster(1024, 64, Precision::f64, inverse), 16);
    EXPECT_EQ(cluster(1024, 32, Precision::f64, inverse), 8);
    EXPECT_EQ(cluster(1024, 16, Precision::f64, inverse), 4);
    EXPECT_EQ(cluster(512, 64, Precision::f64, inverse), 8);
    EXPECT_EQ(cluster(1024, 64, Precision::f32, inverse), 8);
  }
  EXPECT_EQ(cluster(1024, 32, Precision::f32, true), 8);
  EXPECT_EQ(cluster(1024, 16, Precision::f32, true), 4);
  EXPECT_EQ(cluster(1024, 32, Precision::f32, false), 4);
  expect_correct<double>(1024, 32, 2, *estimate_real_xy_variant(1024, 32, 1024, Precision::f64, h100, false));
}

// The R2C forward (C2R inverse, columns first) over the XZ planes of an
// nx x ny x nz grid, rows (nx/2 + 1) * ny apart: relative error against
// FFTW plane by plane (run_real_xz, run_real_xz_inverse).
template <typename Real>
double run_real_xz_direction(bool inverse, int nx, int ny, int nz, const XYVariant& v, BlockOrder order) {
  return inverse ? run_real_xz_inverse<Real>(nx, ny, nz, v, order) : run_real_xz<Real>(nx, ny, nz, v, order);
}

// XZ planes with their rows apart (XYLayout::row_stride, the fused XZ pass
// of real grids), each direction: the ESTIMATE's whole-row forms in both
// precisions and block orders, and a ragged cluster, against FFTW.
TEST(XYRealExecutor, RowsApartXZPlanes) {
  const DeviceLimits limits;
  const XYBase whole_rows{{}, {}, 0, false, false};
  for (bool inverse : {false, true}) {
    for (const auto& [nx, ny, nz] : std::vector<std::tuple<int, int, int>>{{16, 3, 12}, {30, 4, 20}, {64, 2, 48}})
      for (Precision p : {Precision::f32, Precision::f64}) {
        const auto v = estimate_real_xy_variant(nx, nz, ny, p, limits, false, inverse, whole_rows);
        ASSERT_TRUE(v && v->columns_first == inverse && xy_rows_may_stride(nx, nz, p, *v)) << nx << "x" << nz;
        for (BlockOrder order : kBothBlockOrders) {
          const double error = p == Precision::f32 ? run_real_xz_direction<float>(inverse, nx, ny, nz, *v, order)
                                                   : run_real_xz_direction<double>(inverse, nx, ny, nz, *v, order);
          EXPECT_LT(error, fft3d_test::fft_error_bound(p == Precision::f32, static_cast<double>(nx) * nz))
              << nx << "x" << ny << "x" << nz << " " << v->name();
        }
      }
    XYVariant ragged = *estimate_real_xy_variant(48, 40, 3, Precision::f64, limits, false, inverse, whole_rows);
    ragged.cluster = 3;
    ASSERT_TRUE(xy_variant_valid(48, 40, Precision::f64, ragged, limits)) << ragged.name();
    EXPECT_LT(run_real_xz_direction<double>(inverse, 48, 3, 40, ragged, BlockOrder::descending),
              fft3d_test::fft_error_bound(false, 1920.0))
        << ragged.name();
  }
}

// The forward's thin form of 2048 reals by 32 with its rows apart; not
// strided rows, nor complex rows columns first (columns first with rows
// apart serves real rows, the C2R inverse, and is tested only so), nor a
// split plane or rows closer than a row.
TEST(XYRealExecutor, RowsApartThinPlanesAndWhatMayNot) {
  const auto thin = estimate_real_xy_variant(2048, 32, 4096, Precision::f32, DeviceLimits{}, true);
  ASSERT_TRUE(thin && xy_rows_may_stride(2048, 32, Precision::f32, *thin));
  EXPECT_LT(run_real_xz<float>(2048, 2, 32, *thin, BlockOrder::ascending),
            fft3d_test::fft_error_bound(true, 2048.0 * 32));
  XYVariant strided = *thin;
  strided.strided_rows = true;
  EXPECT_FALSE(xy_rows_may_stride(2048, 32, Precision::f32, strided));
  const auto complex_yx =
      estimate_xy_variant(64, 16, 6, Precision::f32, DeviceLimits{}, false, XYBase{{}, {}, 0, true, {}});
  ASSERT_TRUE(complex_yx && complex_yx->columns_first);
  EXPECT_FALSE(xy_rows_may_stride(64, 16, Precision::f32, *complex_yx));
  EXPECT_TRUE(make_xy_layout(2048, 32, Precision::f32, *thin, 1, 1025 * 2).row_stride_fits());
  EXPECT_FALSE(make_xy_layout(2048, 32, Precision::f32, *thin, 1, 1024).row_stride_fits());  // closer than a row
  const auto complex_xy = estimate_xy_variant(64, 16, 6, Precision::f32, DeviceLimits{}, false);
  ASSERT_TRUE(complex_xy && !complex_xy->columns_first);
  EXPECT_TRUE(make_xy_layout(64, 16, Precision::f32, *complex_xy, 1, 64 * 6).row_stride_fits());
  EXPECT_FALSE(make_xy_layout(64, 16, Precision::f32, *complex_xy, 3, 64 * 6).row_stride_fits());  // split
}

TEST(XYRealExecutor, ForwardOnlyAndEvenRowsOnly) {
  const DeviceLimits limits;
  EXPECT_FALSE(estimate_real_xy_variant(45, 40, 2, Precision::f64, limits, false));
  EXPECT_FALSE(estimate_real_xy_variant(2, 40, 2, Precision::f64, limits, false));
  const XYVariant v = *estimate_real_xy_variant(48, 40, 2, Precision::f64, limits, false);
  EXPECT_FALSE(xy_variant_valid(47, 40, Precision::f64, v, limits));
  // The inverse would need Y before X: the executor refuses it.
  std::vector<kern::Complex<double>> data(25 * 40);
  const kern::XYArgs<double> args{data.data(), 1, 25 * 40, nullptr, nullptr};
  EXPECT_THROW(run_xy_kernel_on_cpu<double>(make_xy_layout(48, 40, Precision::f64, v), +1, args),
               std::invalid_argument);
}

// Automatic plans fuse real planes only where that was measured faster:
// power-of-two planes of 256 KB to 1 MB (complex side), on blocks of 128
// threads, the f32 forward's strided rows on even clusters (320^3, 384^3,
// 480^3 and 512^3 on 16 blocks, 420^3 on 14) and the measured forms of
// 240^3 (12 blocks, rows of 120 = 15 * 8 on 8 threads) and 300^3 (15
// blocks); not 128^3 (in L2). The f64 forward's planes of 240^2 to 384^2
// as real pairs (two planes as one complex plane), none beyond.
TEST(XYRealExecutor, AutomaticPlansFuseMeasuredPlanesOnly) {
  const DeviceLimits h100;
  for (Precision p : {Precision::f32, Precision::f64}) {
    const auto v = estimate_real_xy_variant(256, 256, 256, p, h100);
    ASSERT_TRUE(v) << precision_name(p);
    EXPECT_EQ(xy_variant_facts(256, 256, p, *v).threads_per_block, 128) << v->name();
    EXPECT_LE(2 * xy_variant_facts(256, 256, p, *v).shared_bytes, h100.shared_bytes_per_block) << v->name();
  }
  EXPECT_EQ(estimate_real_xy_variant(256, 256, 256, Precision::f32, h100)->cluster, 8);
  // The f32 forward asks for five blocks per SM (measured faster); f64 and the inverse ask for none.
  EXPECT_EQ(estimate_real_xy_variant(256, 256, 256, Precision::f32, h100)->min_blocks_per_sm, 5);
  EXPECT_EQ(estimate_real_xy_variant(256, 256, 256, Precision::f64, h100)->min_blocks_per_sm, 0);
  EXPECT_EQ(estimate_real_xy_variant(256, 256, 256, Precision::f32, h100, true, true)->min_blocks_per_sm, 0);
  // f32 forward rows of 128 = 16 * 8 points: one 16-point butterfly per
  // thread (8 threads a row); the inverse keeps one 8-point one, and the
  // f64 forward's pairs transform rows of 256 = 16 * 16 on 16 threads.
  EXPECT_EQ(estimate_real_xy_variant(256, 256, 256, Precision::f32, h100)->x.threads_per_row, 8);
  EXPECT_EQ(estimate_real_xy_variant(256, 256, 256, Precision::f64, h100)->x.threads_per_row, 16);
  EXPECT_EQ(estimate_real_xy_variant(256, 256, 256, Precision::f32, h100, true, true)->x.threads_per_row, 16);
  // Strided rows: the forward only (f64 as real pairs).
  EXPECT_TRUE(estimate_real_xy_variant(256, 256, 256, Precision::f32, h100)->strided_rows);
  EXPECT_EQ(estimate_real_xy_variant(256, 256, 256, Precision::f32, h100)->x.real, RealRows::half);
  EXPECT_FALSE(estimate_real_xy_variant(256, 256, 256, Precision::f32, h100, true, true)->strided_rows);
  for (int n : {240, 256, 300, 320, 384}) {
    const auto v = estimate_real_xy_variant(n, n, n, Precision::f64, h100);
    ASSERT_TRUE(v && v->strided_rows && v->x.real == RealRows::pair) << n << (v ? " " + v->name() : "");
    EXPECT_EQ(*v, *real_pair_xy_variant(n, n, n, Precision::f64, h100)) << v->name();
    // MEASURE's own forms (a named cluster) keep real rows.
    const auto w = estimate_real_xy_variant(n, n, n, Precision::f64, h100, false, false, XYBase{{}, {}, 8, {}, {}});
    EXPECT_TRUE(w && w->x.real == RealRows::half) << n;
  }
  EXPECT_NE(estimate_real_xy_variant(192, 192, 192, Precision::f64, h100, false)->x.real, RealRows::pair);
  EXPECT_FALSE(real_pair_xy_variant(255, 256, 256, Precision::f64, h100));
  for (const auto& [n, cluster] : {std::pair{320, 16}, std::pair{384, 16}, std::pair{512, 16}, std::pair{420, 14},
                                   std::pair{480, 16}}) {
    const auto v = estimate_real_xy_variant(n, n, n, Precision::f32, h100);
    ASSERT_TRUE(v && v->strided_rows) << n;
    EXPECT_EQ(v->cluster, cluster) << v->name();
    // 420 and 480 split Y as 30 points on each block, then 14 or 16 across them, without row pads.
    if (n == 420 || n == 480) EXPECT_EQ(v->y.radices, (std::vector<int>{30, cluster})) << v->name();
    EXPECT_EQ(v->row_pads, n != 420 && n != 480 && n != 320) << v->name();
    expect_correct<float>(n, n, 1, *v);
  }
  for (const auto& [n, cluster, threads, rows] : {std::tuple{240, 12, 8, 20}, std::tuple{300, 15, 16, 5}}) {
    const auto v = estimate_real_xy_variant(n, n, n, Precision::f32, h100);
    ASSERT_TRUE(v && v->strided_rows) << n;
    EXPECT_EQ(v->cluster, cluster) << v->name();
    EXPECT_EQ(v->x.radices[0], 15) << v->name();
    EXPECT_EQ(v->x.threads_per_row, threads) << v->name();
    EXPECT_EQ(v->x.rows_per_block, rows) << v->name();
    EXPECT_TRUE(v->y.twiddle_table) << v->name();
    expect_correct<float>(n, n, 1, *v);
    // MEASURE's own forms are left alone.
    const auto w = estimate_real_xy_variant(n, n, n, Precision::f32, h100, true, false, XYBase{{}, {}, 0, {}, false});
    EXPECT_FALSE(w && w->strided_rows) << w->name();
  }
  EXPECT_FALSE(estimate_real_xy_variant(128, 128, 128, Precision::f32, h100));
  for (int n : {128, 400, 512}) EXPECT_FALSE(estimate_real_xy_variant(n, n, n, Precision::f64, h100)) << n;
}

}  // namespace
}  // namespace fft3d
