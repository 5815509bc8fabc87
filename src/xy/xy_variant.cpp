#include "xy/xy_variant.h"

#include <algorithm>
#include <sstream>

#include "common/error.h"
#include "fft1d/codelets.h"
#include "fft1d/radix.h"

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
// Real planes fused by automatic plans (R2C forward): power-of-two planes
// whose complex side is 256 KB to 1 MB, on 128-thread blocks. Measured at
// 256^3 on the H100: f32 0.1432 ms fused on 8 blocks of 128 threads against
// 0.1470 separate (0.1557 on the 256-thread blocks of before), f64 0.2785
// against 0.2867. Other sizes lost or were not timed (384^3 f32: 0.619
// against 0.528; 512^3 was not timed on 128-thread blocks).
constexpr long long kRealPlaneMin = 256 * 1024;
constexpr long long kRealPlaneMax = 1024 * 1024;
constexpr long long kSmallGrid = 2 * 1024 * 1024;
constexpr long long kTwoStagePlane = 256 * 1024;
constexpr int kTwoStageMaxRadix = 16;

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

// The fused pass's own stages for a length that is not a power of two: two
// codelets of at most 16 points, the most balanced pair (192 = 16 * 12,
// 240 = 16 * 15), sorted descending; none for lengths without such a pair
// (243 = 27 * 9, 300 = 20 * 15). Each thread holds at most 16 values
// in both parts, so registers stay low enough for three blocks per SM:
// 192^3 f32 on an H100 ran its fused pass in 0.111 ms this way, against
// 0.132 ms from the separate passes' rows (r3-8-8, 3 values per thread in
// X and 8 in Y) and 0.126 ms for separate passes.
std::optional<std::vector<int>> two_stage_radices(int n) {
  if ((n & (n - 1)) == 0) return std::nullopt;
  return balanced_radix_pair(n, kTwoStageMaxRadix);
}

// Rows apply the larger radix first, columns the smaller; one butterfly of
// the smaller radix per thread, table twiddles (measured on 192^3: 0.111 ms,
// against 0.115 ms the other way round).
XVariant two_stage_variant(int n, const std::vector<int>& pair, bool columns) {
  std::vector<int> radices = pair;
  if (columns) std::reverse(radices.begin(), radices.end());
  const int threads = n / pair[1];
  return XVariant{radices, threads, std::max(1, kTargetThreads / threads), PadMethod::none, true, 0, columns};
}

}  // namespace

std::string XYVariant::name() const {
  std::ostringstream s;
  s << "xy.c" << cluster << ".mb" << min_blocks_per_sm;
  if (load_chunks != 1) s << ".l" << load_chunks;
  if (buffers != 1) s << ".b" << buffers;
  if (warp_columns) s << ".yw";
  s << "|" << x.name() << "|" << y.name();
  return s.str();
}

bool XYVariant::operator==(const XYVariant& o) const {
  return cluster == o.cluster && x == o.x && y == o.y && min_blocks_per_sm == o.min_blocks_per_sm &&
         load_chunks == o.load_chunks && buffers == o.buffers && warp_columns == o.warp_columns;
}

XYVariant parse_xy_variant(const std::string& name) {
  auto bad = [&]() { fail(FFT3D_ERROR_INVALID_ARGUMENT, "malformed XY variant name '" + name + "'"); };
  const size_t bar1 = name.find('|');
  const size_t bar2 = bar1 == std::string::npos ? bar1 : name.find('|', bar1 + 1);
  if (bar2 == std::string::npos || name.find('|', bar2 + 1) != std::string::npos) bad();
  XYVariant v;
  std::istringstream head(name.substr(0, bar1));
  std::string xy, c, mb;
  if (!std::getline(head, xy, '.') || xy != "xy" || !std::getline(head, c, '.') || c.size() < 2 || c[0] != 'c' ||
      !std::getline(head, mb, '.') || mb.size() < 3 || mb.rfind("mb", 0) != 0)
    bad();
  // The number after `prefix` (the whole field but the prefix).
  auto number = [&](const std::string& field, size_t prefix) {
    size_t used = 0;
    const int value = std::stoi(field.substr(prefix), &used);
    if (used != field.size() - prefix) bad();
    return value;
  };
  try {
    v.cluster = number(c, 1);
    v.min_blocks_per_sm = number(mb, 2);
    // Optional fields in order, each written only where it is not 1.
    std::string field;
    if (head.peek() == 'l' && std::getline(head, field, '.') && (v.load_chunks = number(field, 1)) == 1) bad();
    if (head.peek() == 'b' && std::getline(head, field, '.') && (v.buffers = number(field, 1)) == 1) bad();
    if (head.peek() == 'y') {
      if (!std::getline(head, field, '.') || field != "yw") bad();
      v.warp_columns = true;
    }
    if (head.peek() != EOF) bad();
  } catch (const std::logic_error&) {
    bad();
  }
  v.x = parse_x_variant(name.substr(bar1 + 1, bar2 - bar1 - 1));
  v.y = parse_x_variant(name.substr(bar2 + 1));
  if (v.cluster < 1 || v.cluster > kern::kMaxCluster || v.x.columns || !v.y.columns || v.y.real != RealRows::none ||
      v.load_chunks < 1 || v.load_chunks > kern::kMaxLoadChunks || v.buffers < 1 || v.buffers > 2 ||
      v.x.real == RealRows::full)
    bad();
  return v;
}

kern::XYLayout make_xy_layout(int nx, int ny, Precision precision, const XYVariant& v) {
  return kern::XYLayout{make_x_layout(xy_row_points(nx, v), precision, v.x), make_x_layout(ny, precision, v.y),
                        v.cluster, v.load_chunks, v.buffers, v.warp_columns};
}

XYVariantFacts xy_variant_facts(int nx, int ny, Precision precision, const XYVariant& v) {
  const kern::XYLayout L = make_xy_layout(nx, ny, precision, v);
  const XVariantFacts fx = layout_facts(L.x, precision), fy = layout_facts(L.y, precision);
  const int rb = real_bytes(precision);
  return XYVariantFacts{L.threads_per_block(), L.shared_bytes(rb), L.share_bytes(rb),
                        L.elems_per_thread(), std::max(fx.registers_estimate, fy.registers_estimate)};
}

int xy_row_points(int nx, const XYVariant& v) { return v.x.real == RealRows::half ? nx / 2 : nx; }

bool xy_variant_valid(int nx, int ny, Precision precision, const XYVariant& v, const DeviceLimits& limits) {
  if (v.cluster < 1 || v.cluster > std::min(limits.max_cluster, kern::kMaxCluster)) return false;
  if (v.load_chunks < 1 || v.load_chunks > kern::kMaxLoadChunks) return false;
  if (v.buffers < 1 || v.buffers > 2 || (v.buffers == 2 && v.load_chunks != 1)) return false;
  const bool real = v.x.real == RealRows::half;
  if (real && (nx % 2 != 0 || nx < 4)) return false;  // half-length rows need an even nx
  const int row_points = xy_row_points(nx, v);  // also the columns Y transforms (kern::XYLayout::columns)
  if (v.cluster > row_points || v.cluster > ny) return false;  // every block owns rows and columns
  if (v.x.columns || v.x.real == RealRows::full || !v.y.columns || v.y.real != RealRows::none) return false;
  if (!variant_factors(v.x, row_points) || !variant_factors(v.y, ny)) return false;
  // X rows are transformed in place in the share: the first stage's reads
  // and the last stage's writes must be different phases.
  if (v.x.radices.size() < 2) return false;
  if (v.x.threads_per_row < 1 || v.x.rows_per_block < 1 || v.y.threads_per_row < 1 || v.y.rows_per_block < 1)
    return false;
  // Warp columns: whole columns in each warp.
  if (v.warp_columns && !kern::lines_fit_warps(v.y.threads_per_row)) return false;
  if (!x_variant_fits(x_variant_facts(row_points, precision, v.x), limits) ||
      !x_variant_fits(x_variant_facts(ny, precision, v.y), limits))
    return false;
  const XYVariantFacts f = xy_variant_facts(nx, ny, precision, v);
  return f.threads_per_block <= limits.threads_per_block && f.shared_bytes <= limits.shared_bytes_per_block;
}

namespace {

// estimate_xy_variant (real: false) and estimate_real_xy_variant (true).
std::optional<XYVariant> estimate_plane_variant(int nx, int ny, long long planes, Precision precision,
                                                const DeviceLimits& limits, bool only_where_faster,
                                                const XYBase& base, bool real) {
  if (real && (nx % 2 != 0 || nx < 4)) return std::nullopt;
  // The X transform's points, also the columns Y transforms (real rows pack
  // column row_n into 0), and the complex values per row.
  const int row_n = real ? nx / 2 : nx, pitch = real ? row_n + 1 : nx;
  // At least 8 rows and 8 columns per block where the plane allows it:
  // narrower column groups lose coalescing and tiny blocks lose latency hiding.
  const int max_cluster = std::min(
      {limits.max_cluster, kern::kMaxCluster, row_n, ny, std::max(1, std::min(row_n, ny) / kMinLinesPerBlock)});
  if (limits.max_cluster < 1 || row_n < 2 || ny < 2 || planes < 1) return std::nullopt;
  XYVariant v;
  const std::optional<std::vector<int>> x_pair = two_stage_radices(row_n), y_pair = two_stage_radices(ny);
  try {
    v.x = base.x   ? *base.x
          : x_pair ? two_stage_variant(row_n, *x_pair, false)
                   : estimate_x_variant(row_n, precision, limits);
    v.y = base.y ? *base.y : y_pair ? two_stage_variant(ny, *y_pair, true) : estimate_column_variant(ny, precision, limits);
    v.x.min_blocks_per_sm = v.y.min_blocks_per_sm = 0;  // the fused kernel's own hint is v.min_blocks_per_sm
  } catch (const Error&) {
    return std::nullopt;
  }
  // In place in the share, X needs two stages: split a single radix.
  if (v.x.radices.size() == 1) {
    const int r = v.x.radices[0];
    int a = 0;  // the most balanced split into two codelets (25 = 5 * 5, 32 = 4 * 8)
    for (int d = 2; d * d <= r; ++d)
      if (r % d == 0 && kern::is_supported_radix(d) && kern::is_supported_radix(r / d)) a = d;
    if (a == 0) return std::nullopt;  // a prime length: separate passes
    // One butterfly of the smaller radix per thread.
    v.x = XVariant{{a, r / a}, row_n / std::min(a, r / a), v.x.rows_per_block, PadMethod::none, false, 0};
  }
  if (real) v.x.real = RealRows::half;
  const long long plane_bytes = static_cast<long long>(pitch) * ny * complex_bytes(precision);
  const bool pow2 = (row_n & (row_n - 1)) == 0 && (ny & (ny - 1)) == 0;
  const bool large_pow2 = pow2 && plane_bytes >= kLargePlane;
  const long long share_target = large_pow2 ? kLargePlaneShareTarget : kShareTarget;
  if (base.cluster > 0) {
    if (base.cluster > std::min({limits.max_cluster, kern::kMaxCluster, row_n, ny})) return std::nullopt;
    v.cluster = base.cluster;
  } else {
    v.cluster = largest_power_of_two_at_most(max_cluster);
    for (int c = 1; c <= max_cluster; c *= 2) {  // powers of two: even splits of power-of-two planes
      const long long share = static_cast<long long>((ny + c - 1) / c) * pitch * complex_bytes(precision);
      if (share <= share_target && planes * c >= std::min<long long>(kTargetBlocks, planes * max_cluster)) {
        v.cluster = c;
        break;
      }
    }
  }
  const int rows_per_cta = (ny + v.cluster - 1) / v.cluster;
  const int cols_per_cta = (row_n + v.cluster - 1) / v.cluster;
  // A share above the target leaves room for one block per SM: let it have
  // up to 1024 threads, so that it keeps more loads in flight.
  const long long share = static_cast<long long>(rows_per_cta) * pitch * complex_bytes(precision);
  const int target_threads = share > kShareTarget          ? 1024
                             : large_pow2 || (real && pow2) ? kSmallBlockThreads
                                                            : kTargetThreads;
  // Neighbouring columns per group: as wide as the column ESTIMATE (coalesced
  // segments), no wider than the block's columns, in even groups.
  int cols = std::min(v.y.rows_per_block, largest_power_of_two_at_most(cols_per_cta));
  while (cols > 1 && cols * v.y.threads_per_row > std::max(target_threads, v.y.threads_per_row)) cols /= 2;
  v.y.rows_per_block = even_group(cols_per_cta, cols);
  const int threads = v.y.rows_per_block * v.y.threads_per_row;
  v.x.rows_per_block = even_group(rows_per_cta, std::max(1, std::min(rows_per_cta, threads / v.x.threads_per_row)));
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
  // - planes of at least 256 KB from two stages of at most 16 points each
  //   way, one of them 16 (192^3 f32: 0.107 against 0.119 ms; 240^3: 0.221
  //   against 0.229); in f64 only since the X part's warp barriers
  //   (2026-11-25): 192^3 0.2298 against 0.2348 ms, 240^3 0.4340 against
  //   0.4543 (before them 0.252 against 0.242, 0.554 against 0.489);
  // - real power-of-two planes of kRealPlaneMin to kRealPlaneMax.
  // One block per SM serialises its load, transforms and stores with nothing
  // to overlap them (512^3 f32: 2.53 ms fused against 1.84 ms); other mixed
  // radices ran 7-45 % slower fused (243, 343, 384, 400, 480, 500; 300 and
  // 320 tied), 210 = 15 * 14 3 % slower (0.193 against 0.187 ms in
  // alternating pass order); 128^3 sat in L2 and gained nothing.
  auto sixteen_first = [](int n, const std::optional<std::vector<int>>& pair) {
    return (n & (n - 1)) == 0 || (pair && (*pair)[0] == 16);  // pairs are sorted descending
  };
  const bool two_stages = sixteen_first(row_n, x_pair) && sixteen_first(ny, y_pair);
  const bool two_blocks = 2 * xy_variant_facts(nx, ny, precision, v).shared_bytes <= limits.shared_bytes_per_block;
  const bool sized = real   ? pow2 && plane_bytes >= kRealPlaneMin && plane_bytes <= kRealPlaneMax
                     : pow2 ? plane_bytes >= kLargePlane || plane_bytes * planes <= kSmallGrid
                            : two_stages && plane_bytes >= kTwoStagePlane;
  if (only_where_faster && (!two_blocks || !sized)) return std::nullopt;
  return v;
}

}  // namespace

std::optional<XYVariant> estimate_xy_variant(int nx, int ny, long long planes, Precision precision,
                                             const DeviceLimits& limits, bool only_where_faster,
                                             const XYBase& base) {
  return estimate_plane_variant(nx, ny, planes, precision, limits, only_where_faster, base, false);
}

std::optional<XYVariant> estimate_real_xy_variant(int nx, int ny, long long planes, Precision precision,
                                                  const DeviceLimits& limits, bool only_where_faster) {
  return estimate_plane_variant(nx, ny, planes, precision, limits, only_where_faster, {}, true);
}

}  // namespace fft3d
