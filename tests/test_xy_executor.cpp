// The fused XY kernel run by the CPU cluster executor against FFTW in double
// precision: 2-D transforms of every plane, forward and inverse, both
// precisions, with the ESTIMATE variants and hand-made ones (cluster sizes
// that split rows and columns unevenly, several groups per block, twiddle
// tables), each in both block orders so that a missing cluster barrier shows.
#include <gtest/gtest.h>

#include <cmath>
#include <tuple>

#include "common/error.h"
#include "fft1d/twiddle_table.h"
#include "oracle.h"
#include "xy/xy_kernel_host.h"
#include "xy/xy_variant.h"

namespace fft3d {
namespace {

using fft3d_test::cplx;

std::vector<cplx> fftw_planes(const std::vector<cplx>& in, int nx, int ny, long long planes, int sign) {
  std::vector<cplx> out(in.size());
  const size_t plane = static_cast<size_t>(nx) * ny;
  for (long long p = 0; p < planes; ++p) {
    const std::vector<cplx> one(in.begin() + static_cast<long>(p * plane),
                                in.begin() + static_cast<long>((p + 1) * plane));
    const std::vector<cplx> t = fft3d_test::fftw_3d(one, nx, ny, 1, sign);
    std::copy(t.begin(), t.end(), out.begin() + static_cast<long>(p * plane));
  }
  return out;
}

template <typename Real>
double run_xy(int nx, int ny, long long planes, const XYVariant& v, int sign, BlockOrder order, unsigned seed,
              long long grid_clusters) {
  const Precision precision = precision_of<Real>();
  const kern::XYLayout layout = make_xy_layout(nx, ny, precision, v);
  const std::vector<cplx> in = fft3d_test::random_complex(static_cast<size_t>(planes) * nx * ny, seed);
  std::vector<kern::Complex<Real>> data(in.size());
  std::vector<cplx> rounded(in.size());
  for (size_t i = 0; i < in.size(); ++i) {
    data[i] = kern::make_complex(static_cast<Real>(in[i].real()), static_cast<Real>(in[i].imag()));
    rounded[i] = cplx(data[i].re, data[i].im);
  }
  const auto x_table = forward_twiddle_table<Real>(nx);
  const auto y_table = forward_twiddle_table<Real>(ny);
  kern::XYArgs<Real> args{data.data(), planes, static_cast<long long>(nx) * ny, x_table.data(), y_table.data()};
  run_xy_kernel_on_cpu<Real>(layout, sign, args, order, grid_clusters);
  std::vector<cplx> got(data.size());
  for (size_t i = 0; i < data.size(); ++i) got[i] = cplx(data[i].re, data[i].im);
  return fft3d_test::relative_l2_error(got, fftw_planes(rounded, nx, ny, planes, sign));
}

// grid_clusters: the persistent grid of a double-buffered variant.
template <typename Real>
void expect_correct(int nx, int ny, long long planes, const XYVariant& v, long long grid_clusters = 1) {
  const double bound = fft3d_test::fft_error_bound(sizeof(Real) == 4, static_cast<double>(nx) * ny);
  for (int sign : {-1, +1})
    for (BlockOrder order : kBothBlockOrders) {
      const double err = run_xy<Real>(nx, ny, planes, v, sign, order, static_cast<unsigned>(nx * 131 + ny + sign),
                                      grid_clusters);
      EXPECT_LT(err, bound) << nx << "x" << ny << " " << v.name() << " sign " << sign
                            << (order == BlockOrder::ascending ? " ascending" : " descending") << ", grid of "
                            << grid_clusters;
    }
}

const std::vector<std::tuple<int, int, long long>> kPlanes = {
    {8, 8, 3}, {16, 4, 2}, {4, 16, 2}, {30, 12, 2}, {64, 64, 2}, {48, 80, 1}, {27, 25, 2}, {128, 32, 1}, {49, 7, 3}};

TEST(XYExecutor, EstimateVariantsF32) {
  for (const auto& [nx, ny, planes] : kPlanes) {
    const auto v = estimate_xy_variant(nx, ny, planes, Precision::f32, DeviceLimits{}, false);
    ASSERT_TRUE(v) << nx << "x" << ny;
    expect_correct<float>(nx, ny, planes, *v);
  }
}

TEST(XYExecutor, EstimateVariantsF64) {
  for (const auto& [nx, ny, planes] : kPlanes) {
    const auto v = estimate_xy_variant(nx, ny, planes, Precision::f64, DeviceLimits{}, false);
    ASSERT_TRUE(v) << nx << "x" << ny;
    expect_correct<double>(nx, ny, planes, *v);
  }
}

// Built from tuned rows and columns (a plan's wisdom): their stages (here
// composite codelets with padding and table twiddles) are kept, regrouped
// for the cluster.
TEST(XYExecutor, BuiltFromTunedRowsAndColumns) {
  const DeviceLimits limits;
  const XYBase base{XVariant{{16, 15}, 16, 4, PadMethod::gap, true, 3},
                    XVariant{{20, 12}, 12, 32, PadMethod::none, true, 2, true}};
  for (Precision p : {Precision::f32, Precision::f64}) {
    const auto v = estimate_xy_variant(240, 240, 2, p, limits, false, base);
    ASSERT_TRUE(v);
    EXPECT_EQ(v->x.radices, base.x->radices);
    EXPECT_EQ(v->x.threads_per_row, 16);
    EXPECT_EQ(v->x.pad, PadMethod::gap);
    EXPECT_EQ(v->y.radices, base.y->radices);
    EXPECT_EQ(v->y.threads_per_row, 12);
    EXPECT_EQ(v->x.min_blocks_per_sm + v->y.min_blocks_per_sm, 0);  // the passes' own hints do not apply
    EXPECT_TRUE(xy_variant_valid(240, 240, p, *v, limits)) << v->name();
  }
  // Small enough for the executor: 60 x 60 planes from composite stages.
  const XYBase small{XVariant{{12, 5}, 12, 2, PadMethod::none, true, 0},
                     XVariant{{6, 10}, 10, 4, PadMethod::none, false, 0, true}};
  const auto v = estimate_xy_variant(60, 60, 2, Precision::f64, limits, false, small);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->x.radices, small.x->radices);
  expect_correct<double>(60, 60, 2, *v);
  expect_correct<float>(60, 60, 2, *v);
}

// The GPU's load chunks: whole X groups, in order, every group in exactly
// one chunk, at most kMaxLoadChunks of them.
TEST(XYLayout, LoadChunksCoverTheGroupsInOrder) {
  for (int rows_per_cta = 1; rows_per_cta <= 40; ++rows_per_cta)
    for (int rows_per_group : {1, 2, 3, 5, 8, 16}) {
      kern::XYLayout L{};
      L.x.n = 16;
      L.y.n = rows_per_cta;  // one block: rows_per_cta rows
      L.cluster = 1;
      L.x.rows_per_block = rows_per_group;
      EXPECT_EQ(L.load_chunks(), 1);  // one chunk unless the variant asks for more
      L.load_depth = kern::kMaxLoadChunks;
      const int G = L.x_groups(), K = L.load_chunks();
      ASSERT_GE(K, 1);
      ASSERT_LE(K, kern::kMaxLoadChunks);
      EXPECT_EQ(L.first_group_of_chunk(0), 0);
      EXPECT_EQ(L.first_group_of_chunk(K), G);
      for (int g = 0; g < G; ++g) {
        const int c = L.chunk_of_group(g);
        ASSERT_TRUE(c >= 0 && c < K) << rows_per_cta << " " << rows_per_group;
        EXPECT_LE(L.first_group_of_chunk(c), g);
        EXPECT_LT(g, L.first_group_of_chunk(c + 1));
        if (g > 0) EXPECT_LE(L.chunk_of_group(g - 1), c);
      }
      for (int c = 0; c < K; ++c) EXPECT_LT(L.first_group_of_chunk(c), L.first_group_of_chunk(c + 1));
    }
}

// The X part ends its phases in warp barriers exactly where a row's threads
// sit in one warp (t16 rows of 256); rows of 20 threads (300 = 20 * 15,
// from the separate passes' ESTIMATE) straddle warps and keep block
// barriers. The Y part always has block barriers, and the X part a cluster
// barrier after its last phase.
TEST(XYLayout, XPhasesEndInWarpBarriersWhereRowsSitInOneWarp) {
  for (int n : {256, 300}) {
    const auto v = estimate_xy_variant(n, n, n, Precision::f32, DeviceLimits{}, false, XYBase{{}, {}, 0, {}, false});
    ASSERT_TRUE(v) << n;
    const kern::XYLayout L = make_xy_layout(n, n, Precision::f32, *v);
    const bool in_warps = kern::kWarpSize % L.x.threads_per_row == 0;
    EXPECT_EQ(L.x_rows_in_warps(), in_warps) << n;
    EXPECT_EQ(in_warps, n == 256) << v->name();
    int last_x = -1;
    for (int p = 1; p < L.phases(); ++p) {
      const kern::XYPhase q = L.phase(p);
      if (q.part == 0) last_x = p;
      if (q.part == 0 && p + 1 < L.phases() && L.phase(p + 1).part == 0)
        EXPECT_EQ(q.barrier_after, in_warps ? kern::kWarpBarrier : kern::kBlockBarrier) << n << " phase " << p;
      if (q.part == 1 && p + 1 < L.phases()) EXPECT_EQ(q.barrier_after, kern::kBlockBarrier) << n << " phase " << p;
    }
    ASSERT_GT(last_x, 0);
    EXPECT_EQ(L.phase(last_x).barrier_after, kern::kClusterBarrier) << n;
  }
}

// The executor runs phases joined by warp barriers one warp at a time, so a
// warp that reads another warp's shared memory across a warp barrier reads
// it before it is written in one of the two orders.
struct CrossWarpRead {
  using Regs = int;
  std::vector<int>* seen;  // what each thread read in phase 1
  int cluster() const { return 1; }
  int threads() const { return 2 * kern::kWarpSize; }
  long long shared_bytes() const { return threads() * static_cast<long long>(sizeof(int)); }
  int phases() const { return 2; }
  int barrier_after(int p) const { return p == 0 ? kern::kWarpBarrier : kern::kClusterBarrier; }
  void phase(int p, int tid, int, long long, Regs&, void* const* shared) const {
    int* s = static_cast<int*>(shared[0]);
    if (p == 0) s[tid] = tid + 1;
    else (*seen)[static_cast<size_t>(tid)] = s[(tid + kern::kWarpSize) % threads()];  // the other warp's slot
  }
};

TEST(ClusterExecutor, WarpBarriersOrderOnlyTheirOwnWarp) {
  for (BlockOrder order : kBothBlockOrders) {
    std::vector<int> seen(2 * kern::kWarpSize, 0);
    run_clusters_on_cpu(CrossWarpRead{&seen}, 1, order);
    const int threads = 2 * kern::kWarpSize;
    int stale = 0;
    for (int t = 0; t < threads; ++t) stale += seen[static_cast<size_t>(t)] != (t + kern::kWarpSize) % threads + 1;
    // The warp that runs first reads the other's slots unwritten (poison).
    EXPECT_EQ(stale, kern::kWarpSize) << (order == BlockOrder::ascending ? "ascending" : "descending");
  }
}

// A cluster size given with the base (MEASURE times half and twice the
// ESTIMATE's) is kept, and refused where the device has no such clusters.
TEST(XYExecutor, ClusterFromTheBase) {
  const DeviceLimits limits;
  const auto v = estimate_xy_variant(48, 40, 2, Precision::f64, limits, false, XYBase{{}, {}, 3, {}, {}});
  ASSERT_TRUE(v);
  EXPECT_EQ(v->cluster, 3);
  expect_correct<double>(48, 40, 2, *v);
  EXPECT_FALSE(estimate_xy_variant(48, 40, 2, Precision::f64, limits, false, XYBase{{}, {}, 17, {}, {}}));
  DeviceLimits portable = limits;
  portable.max_cluster = 8;
  EXPECT_FALSE(estimate_xy_variant(256, 256, 2, Precision::f32, portable, false, XYBase{{}, {}, 16, {}, {}}));
  EXPECT_TRUE(estimate_xy_variant(256, 256, 2, Precision::f32, portable, false, XYBase{{}, {}, 4, {}, {}}));
}

// Cluster sizes that leave the last block fewer rows and columns (or none
// of one), groups smaller than a block's rows, tables and computed twiddles.
TEST(XYExecutor, UnevenClustersAndGroups) {
  const DeviceLimits limits;
  for (int cluster : {1, 3, 5, 7, 16})
    for (const auto& [nx, ny] : {std::pair{48, 40}, std::pair{20, 36}}) {
      XYVariant v = *estimate_xy_variant(nx, ny, 1, Precision::f64, limits, false);
      v.cluster = cluster;
      v.x.rows_per_block = 2;
      v.y.rows_per_block = 2;
      v.x.twiddle_table = !v.x.twiddle_table;
      ASSERT_TRUE(xy_variant_valid(nx, ny, Precision::f64, v, limits)) << v.name();
      expect_correct<double>(nx, ny, 2, v);
    }
}

// Out of place: the planes are read from args.in, written to args.data
// (poisoned), and the input is left as it was.
TEST(XYExecutor, OutOfPlace) {
  const int nx = 48, ny = 40;
  const long long planes = 3;
  const auto v = estimate_xy_variant(nx, ny, planes, Precision::f64, DeviceLimits{}, false);
  ASSERT_TRUE(v);
  const std::vector<cplx> in = fft3d_test::random_complex(static_cast<size_t>(planes) * nx * ny, 9);
  std::vector<kern::Complex<double>> src(in.size()), dst(in.size(), kern::make_complex<double>(NAN, NAN));
  for (size_t i = 0; i < in.size(); ++i) src[i] = kern::make_complex(in[i].real(), in[i].imag());
  const auto src_before = src;
  const auto x_table = forward_twiddle_table<double>(nx), y_table = forward_twiddle_table<double>(ny);
  kern::XYArgs<double> args{dst.data(), planes, static_cast<long long>(nx) * ny, x_table.data(), y_table.data()};
  args.in = src.data();
  run_xy_kernel_on_cpu<double>(make_xy_layout(nx, ny, Precision::f64, *v), -1, args);
  std::vector<cplx> got(dst.size());
  for (size_t i = 0; i < dst.size(); ++i) got[i] = cplx(dst[i].re, dst[i].im);
  EXPECT_LT(fft3d_test::relative_l2_error(got, fftw_planes(in, nx, ny, planes, -1)),
            fft3d_test::fft_error_bound(false, nx * ny));
  for (size_t i = 0; i < src.size(); ++i)
    ASSERT_TRUE(src[i].re == src_before[i].re && src[i].im == src_before[i].im) << "input changed at " << i;
}

// Double-buffered variants run persistently: grids of fewer clusters than
// planes (several iterations each, the last one short), of one cluster (every
// plane through both shares in turn) and of more clusters than planes.
TEST(XYExecutor, DoubleBufferedPersistentGrids) {
  const DeviceLimits limits;
  for (const auto& [nx, ny, cluster] : {std::tuple{48, 40, 3}, std::tuple{30, 12, 2}, std::tuple{64, 64, 4}}) {
    XYVariant v = *estimate_xy_variant(nx, ny, 5, Precision::f64, limits, false, XYBase{{}, {}, cluster, {}, {}});
    v.buffers = 2;
    ASSERT_TRUE(xy_variant_valid(nx, ny, Precision::f64, v, limits)) << v.name();
    for (long long grid : {1, 2, 3, 7}) expect_correct<double>(nx, ny, 5, v, grid);
    expect_correct<float>(nx, ny, 5, v, 2);
  }
}

// Two shares: the shared memory grows by one share (16-byte aligned), and
// the load comes in one chunk.
TEST(XYVariants, DoubleBufferingHoldsTwoSharesAndLoadsInOneChunk) {
  const DeviceLimits limits;
  XYVariant v = *estimate_xy_variant(192, 192, 192, Precision::f32, limits, false, XYBase{{}, {}, 0, {}, false});
  const XYVariantFacts one = xy_variant_facts(192, 192, Precision::f32, v);
  v.buffers = 2;
  const XYVariantFacts two = xy_variant_facts(192, 192, Precision::f32, v);
  EXPECT_EQ(two.share_bytes, one.share_bytes);
  EXPECT_EQ(two.shared_bytes, one.shared_bytes + (one.share_bytes + 15) / 16 * 16);
  EXPECT_TRUE(xy_variant_valid(192, 192, Precision::f32, v, limits)) << v.name();
  v.load_chunks = 4;
  EXPECT_FALSE(xy_variant_valid(192, 192, Precision::f32, v, limits)) << v.name();
  v.load_chunks = 1;
  v.buffers = 3;
  EXPECT_FALSE(xy_variant_valid(192, 192, Precision::f32, v, limits)) << v.name();
  // 512 x 512 singles on 16 blocks: 128 KB shares, two do not fit.
  XYVariant big = *estimate_xy_variant(512, 512, 512, Precision::f32, limits, false);
  big.buffers = 2;
  EXPECT_FALSE(xy_variant_valid(512, 512, Precision::f32, big, limits)) << big.name();
}

// Wider two-stage pairs: 16 threads do the first stage's butterflies in two
// rounds (320 = 16 * 20: 20 butterflies of 16 points; 384 = 12 * 32: 32 of
// 12), and a block's last group of rows or columns is shorter than 8.
TEST(XYExecutor, TwoStagePairsInTwoRoundsPerThread) {
  for (const auto& [nx, ny] : {std::pair{320, 40}, std::pair{384, 24}, std::pair{40, 320}}) {
    const auto v = estimate_xy_variant(nx, ny, 1, Precision::f64, DeviceLimits{}, false);
    ASSERT_TRUE(v) << nx << "x" << ny;
    const int n = std::max(nx, ny);
    const XVariant& wide = nx > ny ? v->x : v->y;
    ASSERT_EQ(wide.threads_per_row, 16) << v->name();
    // Two rounds in one stage: the rows' first, the columns' last.
    EXPECT_GT(n / wide.radices[nx > ny ? 0 : 1], 16) << v->name();
    expect_correct<double>(nx, ny, 1, *v);
    expect_correct<float>(nx, ny, 1, *v);
  }
}

TEST(XYExecutor, LargePlaneF32) {
  const auto v = estimate_xy_variant(256, 256, 1, Precision::f32, DeviceLimits{});
  ASSERT_TRUE(v);
  EXPECT_GE(v->cluster, 2);  // 512 KB of plane does not fit one block
  expect_correct<float>(256, 256, 1, *v);
}

TEST(XYVariants, NameRoundTripsAndRejectsMalformed) {
  XYBase whole_rows;  // (240^2 f32 planes run as strided rows unless the base asks for whole ones)
  whole_rows.strided_rows = false;
  const auto v = estimate_xy_variant(240, 240, 240, Precision::f32, DeviceLimits{}, false, whole_rows);
  ASSERT_TRUE(v);
  EXPECT_EQ(parse_xy_variant(v->name()), *v);
  XYVariant chunked = *v;
  chunked.load_chunks = 4;
  EXPECT_NE(chunked.name().find("xy.c8.mb0.l4|"), std::string::npos) << chunked.name();
  EXPECT_EQ(parse_xy_variant(chunked.name()), chunked);
  XYVariant doubled = *v;
  doubled.buffers = 2;
  EXPECT_NE(doubled.name().find("xy.c8.mb0.b2|"), std::string::npos) << doubled.name();
  EXPECT_EQ(parse_xy_variant(doubled.name()), doubled);
  chunked.buffers = 2;  // parses; xy_variant_valid refuses it
  EXPECT_EQ(parse_xy_variant(chunked.name()), chunked);
  for (const char* depth : {".l1|", ".l0|", ".l5|", ".lx|", ".l4.l4|", ".b1|", ".b3|", ".b2.l4|", ".b2.b2|"}) {
    std::string bad = v->name();
    bad.replace(bad.find('|'), 1, depth);
    EXPECT_THROW(parse_xy_variant(bad), Error) << bad;
  }
  // The thread-index form: the fused kernel's own field, last; its parts name none.
  XYVariant plain = *v;
  plain.thread_index = ThreadIndex::plain;
  EXPECT_NE(plain.name().find("xy.c8.mb0.idx-plain|"), std::string::npos) << plain.name();
  EXPECT_EQ(parse_xy_variant(plain.name()), plain);
  for (const char* form : {".idx-none|", ".idx-plain.idx-bound|", ".idx-plain.l4|"}) {
    std::string bad = v->name();
    bad.replace(bad.find('|'), 1, form);
    EXPECT_THROW(parse_xy_variant(bad), Error) << bad;
  }
  EXPECT_THROW(parse_xy_variant("xy.c8.mb0|" + v->x.name() + ".idx-plain|" + v->y.name()), Error);
  XYBase tuned_rows = whole_rows;  // rows tuned with a named form lose it in the fused kernel
  tuned_rows.x = v->x;
  tuned_rows.x->thread_index = ThreadIndex::plain;
  const auto from_tuned = estimate_xy_variant(240, 240, 240, Precision::f32, DeviceLimits{}, false, tuned_rows);
  ASSERT_TRUE(from_tuned);
  EXPECT_EQ(from_tuned->x.thread_index, ThreadIndex::by_rule);
  EXPECT_EQ(parse_xy_variant(from_tuned->name()), *from_tuned);
  for (const char* bad : {"", "xy.c8.mb0", "xy.c8.mb0|r16-16.t16.rows16.pad-none.tw-sincos.mb0",
                          "xy.c0.mb0|r4-4.t4.rows4.pad-none.tw-sincos.mb0|r4-4.t4.rows4.pad-none.tw-sincos.mb0.cols",
                          "xy.c2.mb0|r4-4.t4.rows4.pad-none.tw-sincos.mb0|r4-4.t4.rows4.pad-none.tw-sincos.mb0",
                          "xz.c2.mb0|r4-4.t4.rows4.pad-none.tw-sincos.mb0|r4-4.t4.rows4.pad-none.tw-sincos.mb0.cols"})
    EXPECT_THROW(parse_xy_variant(bad), Error) << bad;
}

// The two-stage pairs run on 16-thread rows and columns: the stage with
// more butterflies than threads first in the rows (else the larger radix),
// the columns in the reverse order; groups of 8 lines (128 threads) on
// clusters of 16 for the pairs not led by 16 points.
TEST(XYVariants, TwoStagePairsRunOnSixteenThreadRows) {
  const DeviceLimits h100;
  const struct {
    int n;
    std::vector<int> rows, columns;
    int cluster;
  } cases[] = {{192, {16, 12}, {12, 16}, 8}, {240, {16, 15}, {15, 16}, 8}, {210, {15, 14}, {14, 15}, 16},
               {320, {16, 20}, {20, 16}, 16}, {384, {12, 32}, {32, 12}, 16}};
  for (const auto& c : cases) {  // whole rows (210, 320 and 384 take strided rows otherwise)
    const auto v = estimate_xy_variant(c.n, c.n, c.n, Precision::f32, h100, true, XYBase{{}, {}, 0, {}, false});
    ASSERT_TRUE(v) << c.n;
    EXPECT_EQ(v->x.radices, c.rows) << v->name();
    EXPECT_EQ(v->y.radices, c.columns) << v->name();
    EXPECT_EQ(v->x.threads_per_row, 16) << v->name();
    EXPECT_EQ(v->y.threads_per_row, 16) << v->name();
    EXPECT_EQ(v->cluster, c.cluster) << v->name();
    if (c.cluster == 16) {  // groups of 8 lines, the last one shorter
      EXPECT_EQ(v->x.rows_per_block, 8) << v->name();
      EXPECT_EQ(v->y.rows_per_block, 8) << v->name();
    }
  }
}

TEST(XYVariants, EstimateRespectsTheDevice) {
  DeviceLimits no_clusters;
  no_clusters.max_cluster = 0;
  EXPECT_FALSE(estimate_xy_variant(256, 256, 256, Precision::f32, no_clusters));
  // 512 x 512 doubles (4 MB) exceed 16 blocks of 227 KB.
  EXPECT_FALSE(estimate_xy_variant(512, 512, 512, Precision::f64, DeviceLimits{}));
  const DeviceLimits h100;
  for (int n : {192, 210, 240, 243, 256, 300, 320, 343, 384, 400, 480, 500, 512}) {
    const auto any = estimate_xy_variant(n, n, n, Precision::f32, h100, false);
    ASSERT_TRUE(any) << n;
    EXPECT_TRUE(xy_variant_valid(n, n, Precision::f32, *any, h100)) << any->name();
    EXPECT_LE(xy_variant_facts(n, n, Precision::f32, *any).shared_bytes, h100.shared_bytes_per_block);
    // Where automatic plans fuse: two blocks per SM (but strided rows of
    // 512^2), powers of two, the two-stage pairs (two_stage_radices) and the
    // lengths paired on 16-thread strided rows (243, 300, 400), and 480 in
    // its measured form (30 * 16 on 16 blocks, Y loading the plane).
    const bool fused = (n & (n - 1)) == 0 || n == 192 || n == 210 || n == 240 || n == 243 || n == 300 ||
                       n == 320 || n == 384 || n == 400 || n == 480;
    const auto two = estimate_xy_variant(n, n, n, Precision::f32, h100);
    EXPECT_EQ(bool(two), fused) << n;
    if (two && n != 512)
      EXPECT_LE(2 * xy_variant_facts(n, n, Precision::f32, *two).shared_bytes, h100.shared_bytes_per_block) << n;
  }
  for (Precision p : {Precision::f32, Precision::f64})
    for (int n : {192, 240, 256}) EXPECT_TRUE(estimate_xy_variant(n, n, n, p, h100)) << n;
  // Pairs of more than 16 points are fused in double precision only with
  // strided rows on two blocks per SM (210, 243, 300, 320; not 384 or 400).
  for (int n : {210, 243, 300, 320}) EXPECT_TRUE(estimate_xy_variant(n, n, n, Precision::f64, h100)) << n;
  for (int n : {384, 400}) EXPECT_FALSE(estimate_xy_variant(n, n, n, Precision::f64, h100)) << n;
  EXPECT_FALSE(estimate_xy_variant(96, 96, 96, Precision::f32, h100));     // 72 KB planes: L2 holds the grid
}

// Large power-of-two planes take 128-thread blocks, in clusters of 16 with
// two groups per share: in f32 four blocks per SM, and in f64 two (fused by
// the ESTIMATE now, where 256-thread blocks fit only one).
TEST(XYVariants, LargePowerOfTwoPlanesTakeStridedRowsOnBlocksOf128Threads) {
  const DeviceLimits h100;
  for (Precision p : {Precision::f32, Precision::f64}) {
    const auto v = estimate_xy_variant(256, 256, 256, p, h100);
    ASSERT_TRUE(v) << precision_name(p);
    const XYVariantFacts f = xy_variant_facts(256, 256, p, *v);
    EXPECT_EQ(v->cluster, 16) << v->name();
    EXPECT_EQ(f.threads_per_block, 128) << v->name();
    const kern::XYLayout L = make_xy_layout(256, 256, p, *v);
    EXPECT_EQ(L.x_groups(), 2) << v->name();
    // Strided rows, no exchange buffers: six blocks per SM in f32, three in f64.
    EXPECT_TRUE(v->strided_rows) << v->name();
    EXPECT_LE((p == Precision::f32 ? 6 : 3) * f.shared_bytes, h100.shared_bytes_per_block) << v->name();
    if (p == Precision::f32) expect_correct<float>(256, 256, 1, *v);
    else expect_correct<double>(256, 256, 1, *v);
  }
}

// Lengths that are not powers of two but two codelets of at most 16 points
// take their own stages in the fused pass (rows larger radix first, columns
// smaller first, one butterfly of the smaller radix per thread), in groups
// that split a block's rows and columns evenly.
TEST(XYVariants, TwoStageLengthsTakeTheirOwnStagesInEvenGroups) {
  // (192^2 planes run as strided rows unless the base asks for whole ones.)
  const auto v =
      estimate_xy_variant(192, 192, 192, Precision::f32, DeviceLimits{}, true, XYBase{{}, {}, 0, {}, false});
  ASSERT_TRUE(v);
  EXPECT_EQ(v->name(),
            "xy.c8.mb0|r16-12.t16.rows12.pad-none.tw-table.mb0|r12-16.t16.rows12.pad-none.tw-table.mb0.cols");
  // (24 rows and columns per block: two groups of 12, not 16 and a half-empty 16.)
  const auto w = estimate_xy_variant(240, 192, 4, Precision::f64, DeviceLimits{}, false);
  ASSERT_TRUE(w);
  EXPECT_EQ(w->x.radices, (std::vector<int>{16, 15}));
  EXPECT_EQ(w->y.radices, (std::vector<int>{12, 16}));
  // Even groups: fewer than one idle line per group.
  const kern::XYLayout L = make_xy_layout(240, 192, Precision::f64, *w);
  EXPECT_LT(L.x_groups() * w->x.rows_per_block - L.rows_per_cta(), L.x_groups()) << w->name();
  EXPECT_LT(L.y_groups() * w->y.rows_per_block - L.cols_per_cta(), L.y_groups()) << w->name();
  // Small two-stage planes run on the executor: 48 = 8 * 6, 80 = 10 * 8.
  const auto small = estimate_xy_variant(48, 80, 2, Precision::f64, DeviceLimits{}, false);
  ASSERT_TRUE(small);
  EXPECT_EQ(small->x.radices, (std::vector<int>{8, 6}));
  EXPECT_EQ(small->y.radices, (std::vector<int>{8, 10}));
  expect_correct<double>(48, 80, 2, *small);
  expect_correct<float>(48, 80, 2, *small);
}

}  // namespace
}  // namespace fft3d
