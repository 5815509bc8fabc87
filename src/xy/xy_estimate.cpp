// The ESTIMATE's fused XY variants (estimate_xy_variant,
// estimate_real_xy_variant, strided_rows_variant) and the twins MEASURE
// times beside them (row_pads_switched, ring_switched, ...).
#include <algorithm>

#include "common/error.h"
#include "fft1d/codelets.h"
#include "fft1d/radix.h"
#include "xy/xy_measured_forms.h"
#include "xy/xy_variant.h"

namespace fft3d {

namespace {


// The ESTIMATE aims at shares of at most 64 KB (two or three blocks per SM
// with their exchange buffers), at least two blocks per SM of an H100 over
// the whole grid, and 256 threads per block.
constexpr long long kShareTarget = 64 * 1024;
constexpr long long kTargetBlocks = 2 * 132;
constexpr int kTargetThreads = 256;
constexpr int kMinLinesPerBlock = 8;
constexpr long long kLargePlane = 512 * 1024;
// Power-of-two planes of at least kLargePlane: blocks of 128 threads, shares
// of at most 32 KB where the cluster allows (16-point stages hold about 128
// registers a thread in f32, so 256-thread blocks fit two per SM, 128-thread
// ones four; f64 blocks of 256 threads fit one). On the H100: 256^3 f32
// 0.2222 ms on 16 blocks of 128 threads against 0.2288 on 8 of 256; f64
// 0.4772 against 0.6222 fused on 256 threads and 0.5472 in separate passes.
constexpr long long kLargePlaneShareTarget = 32 * 1024;
constexpr int kSmallBlockThreads = 128;
// Real planes fused by automatic plans (R2C forward, and C2R inverse with
// its columns first): power-of-two planes whose complex side is 256 KB to
// 1 MB, on 128-thread blocks. Measured at 256^3 on the H100: forward f32
// 0.1432 ms fused on 8 blocks of 128 threads against 0.1470 separate
// (0.1557 on the 256-thread blocks of before), f64 0.2785 against 0.2867;
// inverse f32 0.1437 against 0.1549, f64 0.2633 against 0.3013. Other sizes
// lost, tied or were not timed (forward 384^3 f32: 0.619 against 0.528;
// inverse f32 192^3 0.0666 against 0.0602, 240^3 and 384^3 level, 320^3
// 0.331 against 0.310, 512^3 1.557 against 1.251).
constexpr long long kRealPlaneMin = 256 * 1024;
constexpr long long kRealPlaneMax = 1024 * 1024;
constexpr long long kRealSmallPlane = 64 * 1024;  // in grids beyond L2 (estimate_plane_variant)
constexpr long long kSmallGrid = 2 * 1024 * 1024;
constexpr long long kTwoStagePlane = 256 * 1024;
// Thin planes: power-of-two planes of rows of 1024 or 2048 points (f64 and
// real half rows: 1024) and 16 to 64 rows, at most kLargePlane
// (thin_long_rows).
constexpr int kThinRowsMin = 16, kThinRowsMax = 64;
constexpr int kTwoStageMaxRadix = 32;
constexpr int kTwoStageThreads = 16;  // threads per row and column: two rows per warp
constexpr long long kBlockReserve = 1024;  // shared memory the system keeps per resident block (Hopper)

int largest_power_of_two_at_most(int n) {
  int p = 1;
  while (2 * p <= n) p *= 2;
  return p;
}

// Splits `lines` into the fewest groups of at most max_per_group, as even
// as possible: 24 rows in groups of at most 16 become 2 groups of 12, not
// 16 and a half-empty 16 whose idle threads still pass every barrier.
int even_group(int lines, int max_per_group) {
  const int groups = (lines + max_per_group - 1) / max_per_group;
  return (lines + groups - 1) / groups;
}

// Blocks of `shared_bytes` shared memory that fit an SM by their shares
// (each also costs the system's kBlockReserve).
long long blocks_by_share(long long shared_bytes, const DeviceLimits& limits) {
  return (limits.shared_bytes_per_block + kBlockReserve) / (shared_bytes + kBlockReserve);
}

// The strided-rows load of w in two chunks where it has two X groups or
// more (the first transformed while the second arrives), else one.
int strided_load_chunks(int nx, int ny, Precision precision, const XYVariant& w) {
  return make_xy_layout(nx, ny, precision, w).x_groups() >= 2 ? 2 : 1;
}

// Pairs led by 16 points (192, 240) keep the blocks they were measured on
// (up to 256 threads, shares of up to 64 KB); the others run on 16 blocks
// of 128 threads.
bool sixteen_led(const std::vector<int>& pair) { return pair[0] == 16; }

// Pairs of at most 16 points were measured fused in both precisions (f64
// 210^3: 0.291 against 0.329 ms separate); wider ones lost in f64 (320^3:
// 1.331 against 1.175 ms).
bool up_to_sixteen(const std::vector<int>& pair) { return pair[0] <= 16; }


// The fused pass's own two stages for a length that is not a power of two,
// on rows and columns of 16 threads (two rows per warp, so the X part needs
// only warp barriers): the most balanced pair of codelets of at most 32
// points, where
// - both are at most 16 points (192 = 16 * 12, 210 = 15 * 14, 240 = 16 * 15),
// - or one is 16 or 32 points and the other at most 20 (320 = 20 * 16,
//   384 = 32 * 12);
// none otherwise (243 = 27 * 9, 300 = 20 * 15, 400 = 20 * 20, 500 = 25 * 20).
// Measured fused against separate passes on an H100, f32, 16 blocks of 128
// threads (docs/data/xy-two-stage-warp-rows-f32-h100-2026-11-25.txt):
// 210^3 0.158 against 0.168 ms, 320^3 0.525 against 0.554, 384^3 0.944
// against 0.972; the pairs left out lost or tied (300^3 0.495 / 0.470 at
// best 0.470 on 8 blocks, 400^3 1.263 / 1.086, 243^3 0.306 / 0.258). The
// first pairs ran fastest on 16 threads too: 192^3 0.111 ms against 0.132
// from the separate passes' rows (r3-8-8, 3 values per thread in X).
std::optional<std::vector<int>> two_stage_radices(int n) {
  if ((n & (n - 1)) == 0) return std::nullopt;
  const std::optional<std::vector<int>> pair = balanced_radix_pair(n, kTwoStageMaxRadix);
  if (!pair) return std::nullopt;
  const int a = (*pair)[0], b = (*pair)[1];  // sorted descending
  auto sixteen_or_32 = [](int r) { return r == 16 || r == 32; };
  const bool with_power_of_two = (sixteen_or_32(a) && b <= 20) || (sixteen_or_32(b) && a <= 20);
  if (!up_to_sixteen(*pair) && !with_power_of_two) return std::nullopt;
  return pair;
}

// 16 threads a row. The stage with more butterflies than threads (two
// rounds: 320 = 16 * 20 has 20 butterflies of 16 points) comes first in the
// rows; without one, the larger radix (192: r16-12, 0.111 ms against 0.115
// the other way round). Columns take the reverse order (320: rows r16-20,
// columns r20-16: 0.525 ms; r20-16 rows 0.623; columns r16-20 0.595).
// measured_strided_form reorders the X stages of the forms that measured
// faster the other way (192^2, 300^2 and 480^2 f32; 300^2 and 320^2 f64).
// Table twiddles for pairs led by 16 points (as measured at 192 and 240),
// computed ones for the others (as the composite codelets, x_estimate.cpp).
XVariant two_stage_variant(int n, const std::vector<int>& pair, bool columns) {
  std::vector<int> radices = pair;  // descending
  if (n / pair[1] > kTwoStageThreads) std::reverse(radices.begin(), radices.end());
  if (columns) std::reverse(radices.begin(), radices.end());
  return XVariant{radices, kTwoStageThreads, std::max(1, kTargetThreads / kTwoStageThreads), PadMethod::none,
                  sixteen_led(pair), 0, columns};
}


}  // namespace

// Thin planes fuse on clusters of 16 (fewer than kMinLinesPerBlock rows a
// block), their X rows one at a time on 128 threads, in grids beyond L2.
// H200, ms, fused in that form against separate passes
// (docs/data/thin-planes-h200-2026-12-01.txt): 2048x32x2048 1.685 against
// 1.910, 2048x32x1024 0.731 against 0.840, 1024x64x1024 0.742 against
// 0.827 (0.775 on clusters of 8), 1024x32x2048 0.813 against 0.952 (0.824
// on 8), 2048x16x4096 1.902 against 2.154, 1024x16x4096 1.047 against
// 1.067, 1024x64x256 0.184 against 0.198; f64 1024x32x1024 0.757 against
// 0.862 (X first, rows unpadded, Y on 128 threads; the f64 ESTIMATE's
// clusters of 4, columns first and padded rows 1.108). X on 256 threads,
// two rows a group or clusters of 4-8 ran 5-40 % slower. Left out: planes
// of 1 MB (2048 x 64 f32 1.695 fused against 1.662, f64 1024 x 64 0.832
// against 0.815), rows of 4096 (no fused form fits), f64 rows of 2048
// (untimed), and short rows with long columns (64 x 1024, which lost fused).
// Real planes of 2048 reals a row (half rows of 1024) in that form against
// the real ESTIMATE's clusters of 2-8, R2C forward / C2R inverse, H200
// (docs/data/real-thin-planes-h200-2026-12-02.txt): f32 2048x32x2048
// 0.94 / 0.98 ms against 0.98 / 1.03, 2048x32x1024 0.42 / 0.44 against 0.46
// / 0.47, 2048x64x1024 0.86 / 0.87 against 0.95 / 0.97 (0.96x / 0.95x
// cuFFT before, 1.07x / 1.06x now), 2048x16x4096 inverse 1.09 against 1.16;
// f64 2048x32x1024 0.86 / 0.88 against 0.93 / 0.96, 2048x16x2048 1.04 /
// 0.99 against 1.06 / 1.08. The f32 forward of 16 rows ran 1 % slower
// (2048x16x4096 1.113 against 1.099, 2048x16x2048 0.513 against 0.507):
// it keeps its form (estimate_plane_variant). Real half rows of 2048 are
// untimed.
bool thin_long_rows(int row_n, int ny, Precision precision, bool real) {
  const long long plane_bytes = static_cast<long long>(row_n) * ny * complex_bytes(precision);
  const bool rows = row_n == 1024 || (row_n == 2048 && precision == Precision::f32 && !real);
  return rows && (ny & (ny - 1)) == 0 && ny >= kThinRowsMin && ny <= kThinRowsMax && plane_bytes <= kLargePlane;
}

namespace {

// Real rows of 1024 reals, whose kMinLinesPerBlock rows a block share
// 65.6 KB in f64 (8 x 513 values, just over kShareTarget: two blocks per
// SM), run half as many rows a block on clusters twice as large: f64 planes
// of 16 rows or more both ways, and the f32 C2R inverse's (columns first)
// of 16 or 32 rows. H200, ms, fused, 4 rows a block against 8
// (docs/data/real-wide-rows-h200-2026-12-02.txt): R2C forward / C2R
// inverse f64 1024x64x512 0.399 / 0.397 against 0.441 / 0.458 (16 blocks
// against 8), 1024x64x1024 0.831 / 0.825 against 0.909 / 0.936,
// 1024x32x1024 0.423 / 0.414 against 0.484 / 0.478 (8 against 4),
// 1024x16x2048 0.484 / 0.469 against 0.534 / 0.525 (4 against 2); f32
// inverse 1024x32x1024 0.206 against 0.214, 1024x32x2048 0.462 against
// 0.471, 1024x32x512 0.108 against 0.114, 1024x16x2048 0.235 against
// 0.245, but 1024x64x1024 0.424 against 0.417 (16 blocks against 8).
// Longer rows, fewer rows and the f32 forward are untimed so.
bool wide_real_rows(int row_n, int ny, Precision precision, bool real, bool columns_first) {
  const bool f64 = precision == Precision::f64;
  return real && row_n == 512 && ny >= kThinRowsMin && (f64 || (columns_first && ny <= 2 * kThinRowsMin));
}

// estimate_xy_variant (real: false) and estimate_real_xy_variant (true).
std::optional<XYVariant> estimate_plane_variant(int nx, int ny, long long planes, Precision precision,
                                                const DeviceLimits& limits, bool only_where_faster,
                                                const XYBase& base, bool real, bool columns_first = false) {
  if (real && (nx % 2 != 0 || nx < 4)) return std::nullopt;
  // The X transform's points, also the columns Y transforms (real rows pack
  // column row_n into 0), and the complex values per row.
  const int row_n = real ? nx / 2 : nx, pitch = real ? row_n + 1 : nx;
  // At least 8 rows and 8 columns per block where the plane allows it:
  // narrower column groups lose coalescing and tiny blocks lose latency
  // hiding. Thin planes run faster on fewer rows a block (thin_long_rows),
  // but for the f32 R2C forward of 16 rows, which ran 1 % slower so; some
  // real rows of 1024 reals on 4 (wide_real_rows).
  const bool thin = thin_long_rows(row_n, ny, precision, real) &&
                    !(real && !columns_first && precision == Precision::f32 && ny < 2 * kThinRowsMin);
  const bool wide = wide_real_rows(row_n, ny, precision, real, columns_first);
  const int min_lines = wide ? kMinLinesPerBlock / 2 : kMinLinesPerBlock;
  const int max_cluster = std::min({limits.max_cluster, kern::kMaxCluster, row_n, ny,
                                    thin ? ny : std::max(1, std::min(row_n, ny) / min_lines)});
  if (limits.max_cluster < 1 || row_n < 2 || ny < 2 || planes < 1) return std::nullopt;
  XYVariant v;
  const std::optional<std::vector<int>> x_pair = two_stage_radices(row_n), y_pair = two_stage_radices(ny);
  try {
    v.x = base.x   ? *base.x
          : x_pair ? two_stage_variant(row_n, *x_pair, false)
                   : estimate_x_variant(row_n, precision, limits);
    v.y = base.y   ? *base.y
          : y_pair ? two_stage_variant(ny, *y_pair, true)
                   : estimate_column_variant(ny, precision, limits);
    v.x.min_blocks_per_sm = v.y.min_blocks_per_sm = 0;  // the fused kernel's own hint is v.min_blocks_per_sm
    v.x.thread_index = v.y.thread_index = ThreadIndex::by_rule;  // and its own thread-index form
  } catch (const Error&) {
    return std::nullopt;
  }
  const long long plane_bytes = static_cast<long long>(pitch) * ny * complex_bytes(precision);
  const bool pow2_rows = (row_n & (row_n - 1)) == 0;
  const bool pow2 = pow2_rows && (ny & (ny - 1)) == 0;
  const bool large_pow2 = pow2 && plane_bytes >= kLargePlane;
  // Columns first where measured faster (complex; H100, ESTIMATE variant,
  // docs/data/xy-columns-first-h100-2026-11-25.txt): f64 256^3 0.4594 ms
  // against 0.4758 X first. f32 lost at every size but 384 (256^3 0.2399
  // against 0.2221, 320^3 0.648 against 0.524; 384^3 0.932 against 0.942).
  if (!real) columns_first = columns_first || (large_pow2 && precision == Precision::f64 && !thin);
  columns_first = base.columns_first.value_or(columns_first);
  // Transformed in place in the share, X (or, columns first, Y) needs two
  // stages: split a single radix into the most balanced pair of codelets
  // (25 = 5 * 5, 32 = 4 * 8), one butterfly of the smaller per thread.
  auto in_two_stages = [](XVariant& part, int n) {
    if (part.radices.size() != 1) return true;
    const int r = part.radices[0];
    int a = 0;
    for (int d = 2; d * d <= r; ++d)
      if (r % d == 0 && kern::is_supported_radix(d) && kern::is_supported_radix(r / d)) a = d;
    if (a == 0) return false;  // a prime length: separate passes
    part = XVariant{{a, r / a}, n / std::min(a, r / a), part.rows_per_block, PadMethod::none, false, 0, part.columns};
    return true;
  };
  if (!in_two_stages(v.x, row_n) || (columns_first && !in_two_stages(v.y, ny))) return std::nullopt;
  if (real) v.x.real = RealRows::half;
  v.columns_first = columns_first;
  // The R2C forward's f32 power-of-two rows: one butterfly of the larger
  // radix per thread, so that no stage leaves threads idle (128 = 16 * 8 on
  // 8 threads, not 16 that idle half in the 16-point stage; 256^3 on the
  // H200: 0.1236 ms against 0.1309). f64 and the inverse lost or tied.
  if (real && !columns_first && pow2_rows && precision == Precision::f32 && !base.x && v.x.radices.size() == 2)
    v.x.threads_per_row = row_n / *std::max_element(v.x.radices.begin(), v.x.radices.end());
  // Two-stage pairs not led by 16 points were measured on 16 blocks of 128
  // threads (210^3 f32: 0.158 ms, against 0.169 on 8 blocks) in groups of
  // 8 lines, not even ones: 7 + 7 + 6 rows of 320 left half a warp idle
  // and ran 9 % slower (0.572 against 0.526 ms), 7 + 7 of 210 6 %.
  const bool wide_pairs = (x_pair && !sixteen_led(*x_pair)) || (y_pair && !sixteen_led(*y_pair));
  const bool small_blocks = large_pow2 || wide_pairs;
  const long long share_target = small_blocks ? kLargePlaneShareTarget : kShareTarget;
  if (base.cluster > 0) {
    if (base.cluster > std::min({limits.max_cluster, kern::kMaxCluster, row_n, ny})) return std::nullopt;
    v.cluster = base.cluster;
  } else {
    v.cluster = largest_power_of_two_at_most(max_cluster);
    // Powers of two: even splits of power-of-two planes. Thin planes keep
    // the largest cluster, a row to four a block (thin_long_rows), and wide
    // real rows four rows a block (wide_real_rows).
    for (int c = 1; c <= max_cluster && !thin && !wide; c *= 2) {
      const long long share = static_cast<long long>((ny + c - 1) / c) * pitch * complex_bytes(precision);
      if (share <= share_target && planes * c >= std::min<long long>(kTargetBlocks, planes * max_cluster)) {
        v.cluster = c;
        break;
      }
    }
  }
  // Thin planes' rows unpadded on 128 threads (2048 = 16 * 16 * 8: 16
  // values a thread), their columns of 4 threads or more in groups of 128.
  if (thin && !base.x) {
    v.x.pad = PadMethod::none;
    bool divides = true;  // every stage's butterflies split evenly over the threads
    for (int r : v.x.radices) divides = divides && (row_n / r) % kSmallBlockThreads == 0;
    if (divides && v.x.threads_per_row > kSmallBlockThreads) v.x.threads_per_row = kSmallBlockThreads;
  }
  if (thin && !base.y && v.y.threads_per_row >= 4) v.y.rows_per_block = kSmallBlockThreads / v.y.threads_per_row;
  const int rows_per_cta = (ny + v.cluster - 1) / v.cluster;
  const int cols_per_cta = (row_n + v.cluster - 1) / v.cluster;
  // A share above the target leaves room for one block per SM: let it have
  // up to 1024 threads, so that it keeps more loads in flight.
  const long long share = static_cast<long long>(rows_per_cta) * pitch * complex_bytes(precision);
  const int target_threads = share > kShareTarget && !wide_pairs ? 1024
                             : small_blocks || (real && pow2)      ? kSmallBlockThreads
                                                                   : kTargetThreads;
  // Neighbouring columns per group: as wide as the column ESTIMATE (coalesced
  // segments), no wider than the block's columns, in even groups (wide
  // pairs: in groups of 8, as measured).
  int cols = std::min(v.y.rows_per_block, largest_power_of_two_at_most(cols_per_cta));
  while (cols > 1 && cols * v.y.threads_per_row > std::max(target_threads, v.y.threads_per_row)) cols /= 2;
  auto group = [&](int lines, int max_per_group) {
    return wide_pairs ? std::min(lines, max_per_group) : even_group(lines, max_per_group);
  };
  v.y.rows_per_block = group(cols_per_cta, cols);
  const int threads = v.y.rows_per_block * v.y.threads_per_row;
  v.x.rows_per_block = group(rows_per_cta, std::max(1, std::min(rows_per_cta, threads / v.x.threads_per_row)));
  // Shrink the groups until the share and the exchange buffers fit.
  while (!xy_variant_valid(nx, ny, precision, v, limits)) {
    if (v.x.rows_per_block > 1) v.x.rows_per_block /= 2;
    else if (v.y.rows_per_block > 1) v.y.rows_per_block /= 2;
    else return std::nullopt;
  }
  // Where the fused pass was measured faster than separate passes (H200 and
  // H100, cubes 32-512, docs/BENCHMARKS.md), with two blocks per SM:
  // - power-of-two planes of at least 512 KB, the grid far beyond L2, where
  //   one pass less saves DRAM traffic (256^3 f32: 0.222 against 0.274 ms
  //   on the H100; f64 0.477 against 0.547), or grids of at most 2 MB,
  //   launch-bound (64^3 f32: 0.010 against 0.013 ms; 64^3 f64, 4 MB, was
  //   slower fused: 0.018 against 0.014 ms);
  // - planes of at least 256 KB from two stages (two_stage_radices): pairs
  //   of at most 16 points in both precisions (192^3 f32: 0.107 against
  //   0.119 ms; 240^3: 0.221 against 0.229; 210^3 0.158 against 0.168; f64
  //   since the X part's warp barriers, 2026-11-25: 192^3 0.2298 against
  //   0.2348 ms, 240^3 0.4340 against 0.4543, 210^3 0.291 against 0.329),
  //   the wider pairs in single precision (320^3 0.525 against 0.554 ms,
  //   384^3 0.944 against 0.972);
  // - real power-of-two planes of kRealPlaneMin to kRealPlaneMax.
  // One block per SM serialises its load, transforms and stores with nothing
  // to overlap them (512^3 f32: 2.53 ms fused against 1.84 ms; 480^3 2.53
  // against 1.88); the lengths without a two-stage pair ran 4-45 % slower
  // fused (243, 300, 343, 400, 500); 128^3 sat in L2 and gained nothing.
  auto two_stage_axis = [&](int n, const std::optional<std::vector<int>>& pair) {
    return (n & (n - 1)) == 0 || (pair && (up_to_sixteen(*pair) || precision == Precision::f32));
  };
  const bool two_stages = two_stage_axis(row_n, x_pair) && two_stage_axis(ny, y_pair);
  const XYVariantFacts whole_rows = xy_variant_facts(nx, ny, precision, v);
  const bool two_blocks = 2 * whole_rows.shared_bytes <= limits.shared_bytes_per_block;
  // Large power-of-two planes in whole rows with fewer than kTargetThreads a
  // block (non-square planes, whose exchange buffers shrink the groups;
  // every cube plane from 192^2 up takes strided rows) run latency-bound: 64 x
  // 1024 f32 on clusters of 8, 128 threads, two blocks per SM, took 1.312
  // ms for 64x1024x1024 against 0.952 in separate passes (H200,
  // docs/data/grid-shapes-h200-2026-11-30.txt; the fused kernel 953 us at
  // 21 % of DRAM throughput).
  const bool busy_whole_rows = whole_rows.threads_per_block >= kTargetThreads;
  // Planes below those sizes in grids beyond L2 (long columns), where one
  // pass less saves DRAM traffic as on large planes: power-of-two planes,
  // real ones from kRealSmallPlane, and the pairs not led by 16 points (on
  // blocks of 128 threads). On an H200 (fused against separate passes, one
  // of them forced through FFT3D_XY_PASS,
  // docs/data/small-planes-h200-2026-11-30.txt; no H100 lent), ms:
  // - f32 128x128x4096 1.005 against 1.166 separate, 128x128x1024 0.1966
  //   against 0.2201, 256x128x2048 0.785 against 0.964, 96x96x1536 0.2369
  //   against 0.2655; f64 128x128x4096 1.815 against 2.089;
  // - R2C f32 128x128x4096 forward 0.573 against 0.643, inverse 0.583
  //   against 0.643; f64 forward 0.991 against 1.118;
  // - lost: 160x160x2048 f32 (16 * 10, 256-thread blocks) 0.802 against
  //   0.788; the R2C forward of 64x64x16384 f32 (17 KB planes) 1.206
  //   against 1.138.
  // The cubes of such planes (96^3, 128^3) sit in L2: 128^3 gained nothing.
  const bool beyond_l2 = plane_bytes * planes > limits.l2_bytes;
  const bool small_streamed =
      beyond_l2 && (real   ? pow2 && plane_bytes >= kRealSmallPlane && plane_bytes < kRealPlaneMin
                    : pow2 ? plane_bytes < kLargePlane
                           : two_stages && wide_pairs && plane_bytes < kTwoStagePlane);
  const bool sized = small_streamed || (thin && beyond_l2) ||
                     (real   ? pow2 && plane_bytes >= kRealPlaneMin && plane_bytes <= kRealPlaneMax
                      : pow2 ? (plane_bytes >= kLargePlane && busy_whole_rows) || plane_bytes * planes <= kSmallGrid
                             : two_stages && plane_bytes >= kTwoStagePlane);
  // Strided rows hold no exchange buffers, so more blocks fit on an SM and
  // keep more loads in flight (H100, ms):
  // - complex power-of-two planes of at least 512 KB: 256^3 on clusters of
  //   16, f32 0.2086 against 0.2226 X first (the fused kernel 111.8 us
  //   against 124.8), f64 0.4467 against 0.4560 columns first; 512^3 f32,
  //   one block per SM, 2.078 against 2.210 in separate passes;
  // - complex planes of wide two-stage pairs, on the largest cluster that
  //   fits the form (docs/data/xy-strided-clusters-h100-2026-11-26.txt):
  //   f32 210^3 0.1396 (c15) against 0.1577 whole rows, 320^3 0.5123 (c16)
  //   against 0.5251, 384^3 0.8669 (c12) against 0.9450; f64 210^3 0.2665
  //   against 0.2740, 320^3 1.005 against 1.167 separate. 480^3 f32 (c15,
  //   one block per SM) lost: 1.925 against 1.884 separate; on 16 blocks
  //   (Y 30 * 16, rows without pads, two to an SM) it tied: 1.864-1.890
  //   against 1.884, and lost on more threads. With the
  //   24-point codelet 384 splits on 16 blocks, three to an SM: 384^3 f32
  //   0.7445-0.7467 against 0.8563 on 12
  //   (docs/data/xy-radix-24-h100-2026-11-26.txt);
  // - the R2C forward's f32 power-of-two planes, X rows on 8 threads as
  //   above (256^3, clusters of 8: 0.1270-0.1288 against 0.1365, the fused
  //   kernel 77-78 us against 89.9; 512^3, 16: 1.030 against 1.149
  //   separate), and its other planes of at least kRealPlaneMin on the
  //   largest cluster that fits, where that is even (320^3, 16: 0.2948
  //   against 0.2995; 384^3, 12: 0.4458 against 0.5154, now 16: 0.4204
  //   against 0.4368 on 12; with the 30-point codelet 480^3, 16: 0.8276
  //   against 0.9979, 420^3, 14: 0.6725 against 0.7560); those on 15
  //   blocks lost (240^3 0.1243 against 0.1233, 300^3 0.2847 against 0.2822,
  //   480^3 1.0091 against 0.9990). f64 lost (256^3: 0.342-0.354 against
  //   0.278, 170 to 212 registers a thread, two blocks per SM).
  // - complex planes of lengths with no pair of the fused pass's own but a
  //   pair of codelets of at most 32 points (243 = 9 * 27, 300 = 15 * 20,
  //   400 = 16 * 25), their X rows as that pair on 16 threads
  //   (strided_rows_variant), where two blocks fit an SM, in the forms of
  //   measured_strided_form: 243^3, 300^3 and 400^3 f32 4-9 % faster than
  //   separate passes, 243^3 and 300^3 f64 6-8 %. On the separate passes'
  //   rows (243 on 81 threads, 300 and 400 on 20) they had lost (243^3
  //   0.3905 against 0.2568, 300^3 0.5437 against 0.4689, 400^3 1.240
  //   against 1.087). The R2C forward on 15 blocks with such rows tied at
  //   300^3 (0.2827 against 0.2839) and lost at 240^3 and 480^3; other
  //   forms of 240^3 and 300^3 won (measured_real_strided_form).
  // Sixteen-led pairs lost on their whole-row groups (192^3 f32 0.1091 on
  // c16 against 0.1068; 240^3 0.2415 on c16, 0.2826 on c12 against 0.2220),
  // but won in the measured forms.
  const int strided_cluster =
      base.cluster > 0 || (real && pow2) ? v.cluster : largest_strided_cluster(row_n, ny, max_cluster);
  const bool real_strided = real && !columns_first && precision == Precision::f32 && strided_cluster > 0 &&
                            strided_cluster % 2 == 0 && (pow2 || plane_bytes >= kRealPlaneMin);
  const bool paired_rows = !real && !pow2_rows && !x_pair && balanced_radix_pair(row_n, kTwoStageMaxRadix);
  const bool complex_strided =
      !real && !thin && (large_pow2 || ((wide_pairs || paired_rows) && plane_bytes >= kTwoStagePlane)) &&
      !base.columns_first.value_or(false);
  const bool strided = base.strided_rows.value_or(real ? real_strided : complex_strided);
  std::optional<XYVariant> strided_form;
  if (strided && strided_cluster > 0 && (!real || !columns_first))  // real rows: the R2C forward only
    strided_form = strided_rows_variant(nx, ny, precision, v, limits, strided_cluster);
  // The measured forms only where the base names nothing: MEASURE's tuned stages and forms stay.
  const bool base_names_nothing =
      !base.x && !base.y && !base.strided_rows && !base.columns_first && base.cluster == 0;
  if (!real && !thin && base_names_nothing)
    if (std::optional<XYVariant> w =
            measured_strided_form(nx, ny, precision, v, limits, paired_rows && complex_strided, strided_cluster))
      strided_form = w;
  // The R2C forward's strided rows compute their X twiddles (the sixteen-led
  // pairs' own variant reads them from a table: 320^3 f32 0.2842 ms against
  // 0.2899, 384^3 0.4376 against 0.4422).
  if (real && strided_form && !base.x) strided_form->x.twiddle_table = false;
  // The R2C forward's measured forms win by measurement.
  bool measured = false;
  if (real && !columns_first && base_names_nothing)
    if (std::optional<XYVariant> w = measured_real_strided_form(nx, ny, precision, v, limits)) {
      strided_form = w;
      measured = true;
    }
  if (strided_form && strided_form->row_pads && base_names_nothing && unpadded_rows_faster(nx, ny, precision, real))
    if (const std::optional<XYVariant> w = row_pads_switched(nx, ny, precision, *strided_form, limits))
      strided_form = w;
  // The R2C forward's f32 256^2 planes ask for five blocks per SM (123
  // registers a thread allowed four): 256^3 0.1167-0.1173 ms against
  // 0.1181-0.1184; six lost (0.1270-0.1272, spills), five with the load in
  // one chunk tied (0.1196-0.1199 against 0.1200-0.1202)
  // (docs/data/r2c-256-occupancy-h100-2026-11-27.txt).
  if (strided_form && base_names_nothing && real && !columns_first && precision == Precision::f32 && nx == 256 &&
      ny == 256)
    strided_form->min_blocks_per_sm = 5;
  // Strided rows where measured faster than separate passes: real planes of
  // at least kRealPlaneMin; complex ones with two blocks per SM, or one for
  // f32 power-of-two planes (512^2). f64 lost with one block per SM on the
  // H200 (docs/data/grid-shapes-h200-2026-11-30.txt, ms): 512x256x256 0.837
  // fused (0.886 with the ring) against 0.791 separate, 256x512x512 1.809
  // (1.818) against 1.628; 384^3's wisdom holds three passes.
  const bool one_block_wins = large_pow2 && precision == Precision::f32;
  const bool strided_wins =
      strided_form &&
      (measured || (real ? plane_bytes >= kRealPlaneMin
                         : one_block_wins || 2 * xy_variant_facts(nx, ny, precision, *strided_form).shared_bytes <=
                                                 limits.shared_bytes_per_block));
  // Real planes of those sizes that lost fused on an H200 (ms, fused against
  // separate passes, docs/BENCHMARKS.md "Rows of 8 and 4; real pairs on
  // square planes only"): rows shorter than 256 reals (128x512x1024 f32
  // forward 0.5576 against 0.4987, inverse 0.5365 against 0.5200), and
  // the inverse of columns longer than 256 (256x512x512 f32 0.5517 against
  // 0.4802). MEASURE still times their fused forms.
  const bool real_lost = real && plane_bytes >= kRealPlaneMin && (row_n < 128 || (columns_first && ny > 256));
  if (only_where_faster && (real_lost || (!strided_wins && (!two_blocks || !sized)))) return std::nullopt;
  if (strided_form) return strided_form;
  return v;
}

// A twin MEASURE times beside the ESTIMATE's, where it fits.
std::optional<XYVariant> valid_twin(int nx, int ny, Precision precision, const XYVariant& twin,
                                    const DeviceLimits& limits) {
  if (!xy_variant_valid(nx, ny, precision, twin, limits)) return std::nullopt;
  return twin;
}

}  // namespace

std::optional<XYVariant> row_pads_switched(int nx, int ny, Precision precision, const XYVariant& v,
                                           const DeviceLimits& limits) {
  if (!v.strided_rows) return std::nullopt;
  XYVariant twin = v;
  twin.row_pads = !v.row_pads;
  return valid_twin(nx, ny, precision, twin, limits);
}

std::optional<XYVariant> row_swizzle_switched(int nx, int ny, Precision precision, const XYVariant& v,
                                              const DeviceLimits& limits) {
  if (!v.strided_rows || v.y_loads) return std::nullopt;
  if (v.ring_rows > 0) {  // padded rows have no ring: the twin of the form without it
    const std::optional<XYVariant> plain = ring_switched(nx, ny, precision, v, limits);
    return plain ? row_swizzle_switched(nx, ny, precision, *plain, limits) : std::nullopt;
  }
  XYVariant twin = v;
  twin.row_pads = v.row_swizzle;  // swizzled rows come back padded
  twin.row_swizzle = !v.row_swizzle;
  return valid_twin(nx, ny, precision, twin, limits);
}

std::optional<XYVariant> ring_switched(int nx, int ny, Precision precision, const XYVariant& v,
                                       const DeviceLimits& limits) {
  if (!v.strided_rows || !v.row_swizzle) return std::nullopt;
  XYVariant twin = v;
  if (v.ring_rows > 0) {
    twin.ring_rows = 0;
    twin.load_chunks = strided_load_chunks(nx, ny, precision, twin);
    return valid_twin(nx, ny, precision, twin, limits);
  }
  if (blocks_by_share(xy_variant_facts(nx, ny, precision, v).shared_bytes, limits) >= 2)
    return std::nullopt;  // two blocks fit an SM
  twin.load_chunks = 1;
  const kern::XYLayout L = make_xy_layout(nx, ny, precision, twin);
  const long long row_bytes = L.share_pitch() * 2LL * real_bytes(precision);
  const long long room = limits.shared_bytes_per_block - 8LL * kern::kRingBarriers;
  twin.ring_rows = static_cast<int>(std::min<long long>(2LL * L.rows_per_cta(), room / row_bytes));
  return valid_twin(nx, ny, precision, twin, limits);
}

std::optional<XYVariant> y_loads_switched(int nx, int ny, Precision precision, const XYVariant& v,
                                          const DeviceLimits& limits) {
  if (!v.strided_rows || v.load_chunks != 1) return std::nullopt;
  XYVariant twin = v;
  twin.y_loads = !v.y_loads;
  return valid_twin(nx, ny, precision, twin, limits);
}

std::optional<XYVariant> x_order_switched(int nx, int ny, Precision precision, const XYVariant& v,
                                          const DeviceLimits& limits) {
  const std::vector<int>& r = v.x.radices;
  if (!v.strided_rows || v.x.real != RealRows::none || r.size() != 2 || r[0] == r[1]) return std::nullopt;
  XYVariant twin = v;
  std::swap(twin.x.radices[0], twin.x.radices[1]);
  return valid_twin(nx, ny, precision, twin, limits);
}

std::vector<XYVariant> x_pairs_other(int nx, int ny, Precision precision, const XYVariant& v,
                                     const DeviceLimits& limits) {
  std::vector<XYVariant> out;
  const std::vector<int>& own = v.x.radices;
  if (!v.strided_rows || v.x.real != RealRows::none || own.size() != 2) return out;
  constexpr int kSmallestStage = 10;
  const std::vector<int> own_pair = {std::max(own[0], own[1]), std::min(own[0], own[1])};
  for (const std::vector<int>& pair : all_radix_multisets(own[0] * own[1])) {  // each sorted descending
    if (pair.size() != 2 || pair[1] < kSmallestStage || pair == own_pair) continue;
    XYVariant twin = v;
    twin.x.radices = pair;
    if (const auto valid = valid_twin(nx, ny, precision, twin, limits)) out.push_back(*valid);
    if (const auto other = x_order_switched(nx, ny, precision, twin, limits)) out.push_back(*other);
  }
  return out;
}

std::vector<XYVariant> x_threads_other(int nx, int ny, Precision precision, const XYVariant& v,
                                       const DeviceLimits& limits) {
  std::vector<XYVariant> out;
  const std::vector<int>& r = v.x.radices;
  if (!v.strided_rows || v.x.real != RealRows::none || r.size() != 2) return out;
  const int block_threads = v.x.threads_per_row * v.x.rows_per_block;
  const int rows_per_cta = make_xy_layout(nx, ny, precision, v).rows_per_cta();
  // A stage of radix r[0] has r[1] butterflies and one of r[1] has r[0]:
  // on either count of threads one stage keeps every thread busy.
  for (const int threads : {std::min(r[0], r[1]), std::max(r[0], r[1])}) {
    if (threads == v.x.threads_per_row || threads > kern::kWarpSize) continue;
    XYVariant twin = v;
    twin.x.threads_per_row = threads;
    twin.x.rows_per_block = even_group(rows_per_cta, std::max(1, block_threads / threads));
    // The load in one chunk (243^2 f32 on an H200: 0.1795 ms against
    // 0.1825 in two), and in v's chunks where the twin has two groups.
    twin.load_chunks = 1;
    if (const auto one_chunk = valid_twin(nx, ny, precision, twin, limits)) out.push_back(*one_chunk);
    if (v.load_chunks == 1 || make_xy_layout(nx, ny, precision, twin).x_groups() < 2) continue;
    twin.load_chunks = v.load_chunks;
    if (const auto chunked = valid_twin(nx, ny, precision, twin, limits)) out.push_back(*chunked);
  }
  return out;
}

std::optional<XYVariant> estimate_xy_variant(int nx, int ny, long long planes, Precision precision,
                                             const DeviceLimits& limits, bool only_where_faster,
                                             const XYBase& base) {
  std::optional<XYVariant> v = estimate_plane_variant(nx, ny, planes, precision, limits, only_where_faster, base, false);
  // Complex rows of whole 32-value pieces swizzle their share rows
  // (XYVariant::row_swizzle): the load copies two f32 values at a time
  // and the rows need no pads. On an H200 (fused forms forced, two rounds,
  // docs/data/swizzled-rows-h200-2026-11-29.txt; no H100 lent) f32 256^3
  // ran 0.1541-0.1547 ms against 0.1647-0.1652 padded, 384^3 0.5642-0.5650
  // against 0.6070-0.6096, 512^3 1.665 against 1.716-1.721, 192^3
  // 0.0738-0.0748 against 0.0771-0.0774; f64 256^3 0.3135-0.3146 against
  // 0.3408, 192^3 0.1421-0.1437 against 0.1462-0.1465 (unpadded before).
  // Real pairs start from the unswizzled form (real_pair_xy_variant).
  if (v && v->strided_rows && !v->row_swizzle)
    if (const std::optional<XYVariant> w = row_swizzle_switched(nx, ny, precision, *v, limits)) v = w;
  // A ring of share rows (XYVariant::ring_rows) where one block fills an SM
  // and the ring holds at least three quarters of the next plane's rows
  // while one computes. On an H200 (forced, docs/data/ring-h200-2026-11-29.txt;
  // no H100 lent) 512^3 f32 (56 rows for 32, 24 early) ran 1.5581-1.5596 ms
  // against 1.6627-1.6740 without and 1.6548-1.6633 in three passes; 384^3
  // f64 (37 rows for 24, 13 early) lost 8.7 %, 1.6087 against 1.4798-1.4852:
  // its late rows arrive as its second X group needs them, and its kernel
  // spills; 512x256 f64 planes lost 5.5 % (0.886 ms against 0.837 for
  // 512x256x256, docs/data/grid-shapes-h200-2026-11-30.txt). f32 only.
  if (v && v->row_swizzle && v->ring_rows == 0 && precision == Precision::f32)
    if (const std::optional<XYVariant> w = ring_switched(nx, ny, precision, *v, limits)) {
      const kern::XYLayout L = make_xy_layout(nx, ny, precision, *w);
      if (4 * L.ring_early_rows() >= 3 * L.rows_per_cta()) v = w;
    }
  return v;
}

std::optional<XYVariant> strided_rows_variant(int nx, int ny, Precision precision, const XYVariant& v,
                                              const DeviceLimits& limits, int cluster) {
  XYVariant w = v;
  w.cluster = cluster > 0 ? cluster : v.cluster;
  if (w.cluster < 1 || ny % w.cluster != 0) return std::nullopt;
  w.strided_rows = true;
  w.columns_first = false;
  w.buffers = 1;
  w.y_loads = false;  // the measured forms' setting (measured_strided_form)
  // A block's rows, also the points of Y's first stage (the cluster divides ny, above).
  const int local_points = ny / w.cluster;
  // X rows in warps: a row on more threads than a warp (512 = 8 * 8 * 8 on
  // 64) or on threads that do not divide one (300 = 20 * 15 on 20) runs as
  // the most balanced pair that fits on 16 threads (512^3 f32 on the H100:
  // r32-16 on 16 threads 2.078 ms, r8-8-8 on 32 threads 2.322).
  // Power-of-two rows take the larger radix first, as measured; the others,
  // as the fused pass's own pairs (two_stage_variant), the stage with more
  // butterflies than threads (300^3 f32: r15-20 0.4557 ms, r20-15 0.4837;
  // with Y loads the other order won, measured_strided_form).
  const int row_points = xy_row_points(nx, v);
  if (w.x.threads_per_row > kern::kWarpSize || kern::kWarpSize % w.x.threads_per_row != 0) {
    const bool pow2_row = (row_points & (row_points - 1)) == 0;
    // Groups of at most 16 rows for power-of-two rows (512^2: 2 groups of
    // 16), else 8 (243^3 f32 in 2 groups of 14: 0.2823-0.3898 ms, 4 of 8:
    // 0.2466; measured_strided_form).
    const int rows_per_group = even_group(local_points, pow2_row ? kTargetThreads / kTwoStageThreads : 8);
    bool fits = false;
    for (std::vector<int> pair : radix_pairs(row_points, kTwoStageMaxRadix)) {  // 400: 20 * 20 holds too many values
      if (!pow2_row && row_points / pair[1] > kTwoStageThreads) std::reverse(pair.begin(), pair.end());
      w.x = XVariant{pair, kTwoStageThreads, rows_per_group, PadMethod::none, false, 0, false};
      w.x.real = v.x.real;
      if ((fits = x_variant_fits(x_variant_facts(row_points, precision, w.x), limits))) break;
    }
    if (!fits) return std::nullopt;
  }
  // One thread per column in the first stage and per butterfly in the
  // second: the Y variant's threads and lines say nothing here. Complex
  // rows read the first stage's twiddles from a table: they depend on the
  // block and the stage's index only, and sincos costs more instructions
  // than the load (H100, f32 and f64, 210-384: 0.9-2.2 % faster, 512^3 a
  // tie). Real rows keep v's on a power-of-two first stage (with a table,
  // R2C 256^3, 384^3 and 512^3 f32 lost 7-32 %, docs/BENCHMARKS.md) and take
  // the table on another, whose sincos angles are not dyadic (320^2: 20
  // points on 16 blocks; R2C 320^3 f32 0.2882-0.2892 ms against
  // 0.2940-0.2957).
  const bool dyadic = (local_points & (local_points - 1)) == 0;
  const bool table = v.x.real == RealRows::half ? v.y.twiddle_table || !dyadic : true;
  w.y = XVariant{{local_points, w.cluster}, 1, 1, PadMethod::none, table, 0, true};
  // The load in two chunks where there are two X groups, the first
  // transformed while the second arrives (256^3 on the H100: R2C f32
  // 0.1225 ms against 0.1243-0.1253, C2C f32 0.2081-0.2086 against
  // 0.2083-0.2097).
  w.load_chunks = strided_load_chunks(nx, ny, precision, w);
  if (!xy_variant_valid(nx, ny, precision, w, limits)) return std::nullopt;
  // Complex f32 rows whose share fits exactly four blocks per SM (320^2 on
  // 16: 167 registers a thread allowed three) ask for four: 320^3 f32
  // 0.4918-0.4938 ms against 0.5012-0.5038. Other counts lost or tied:
  // 256^2 (six by the share) 0.2148 against 0.2086, 210^2 asking four 5 %
  // slower, six 0.4-1.4 % faster; f64 210^2 and 256^2 tied
  // (docs/data/xy-occupancy-320-h100-2026-11-26.txt).
  const long long blocks = blocks_by_share(xy_variant_facts(nx, ny, precision, w).shared_bytes, limits);
  if (precision == Precision::f32 && v.x.real == RealRows::none && blocks == 4) w.min_blocks_per_sm = 4;
  return w;
}

std::optional<XYVariant> real_pair_xy_variant(int nx, int ny, long long planes, Precision precision,
                                              const DeviceLimits& limits) {
  if (nx % 2 != 0 || nx < 4) return std::nullopt;
  std::optional<XYVariant> v =
      estimate_plane_variant(nx, ny, (planes + 1) / 2, precision, limits, false, XYBase{}, false);
  if (!v || !v->strided_rows) return std::nullopt;
  v->x.real = RealRows::pair;
  if (!xy_variant_valid(nx, ny, precision, *v, limits)) return std::nullopt;
  if (swizzled_pairs_faster(nx, ny, precision))
    if (const std::optional<XYVariant> w = row_swizzle_switched(nx, ny, precision, *v, limits)) return w;
  return v;
}

namespace {

// The R2C forward's f64 planes whose pairs (nx * ny complex values) take
// kPairPlaneMin to kPairPlaneMax bytes run as real pairs. Against the
// ESTIMATE's forms (H100, ms; docs/data/real-pairs-h100-2026-11-27.txt):
// 240^3 0.2320 against 0.2400 (three passes), 256^3 0.2464 against 0.2671
// (whole real rows), 300^3 0.4552-0.4577 against 0.4750, 320^3
// 0.5103-0.5119 against 0.5911-0.5961, 384^3 0.9604-0.9620 against
// 0.9776-0.9778. 192^3 lost (0.1321-0.1338 against 0.1254-0.1258), and so
// did 400^3 (1.2208-1.2238 against 1.1340-1.1377).
// f32 pairs lost or tied at every size (256^3 0.1180-0.1192 against
// 0.1161-0.1172 in real rows). Non-square planes of those bytes lost on an
// H200 (docs/BENCHMARKS.md, "Rows of 8 and 4; real pairs on square planes
// only"): 512x256x256 0.4916 against 0.4135-0.4147 in separate passes,
// 256x512x512 1.0482 against 0.8778-0.8790; there 256^3 kept its pairs'
// gain, 0.1896 against 0.2147 separate, and 240^3 0.1744 against 0.1876.
constexpr long long kPairPlaneMin = 768 * 1024;
constexpr long long kPairPlaneMax = 2400 * 1024;

}  // namespace

std::optional<XYVariant> estimate_real_xy_variant(int nx, int ny, long long planes, Precision precision,
                                                  const DeviceLimits& limits, bool only_where_faster, bool inverse,
                                                  XYBase base) {
  base.columns_first.reset();  // real rows: columns first exactly in the inverse
  const bool base_names_nothing = !base.x && !base.y && base.cluster == 0 && !base.strided_rows;
  const long long pair_bytes = static_cast<long long>(nx) * ny * complex_bytes(precision);
  if (!inverse && base_names_nothing && precision == Precision::f64 && nx == ny && pair_bytes >= kPairPlaneMin &&
      pair_bytes <= kPairPlaneMax)
    if (std::optional<XYVariant> v = real_pair_xy_variant(nx, ny, planes, precision, limits)) return v;
  return estimate_plane_variant(nx, ny, planes, precision, limits, only_where_faster, base, true, inverse);
}

}  // namespace fft3d
