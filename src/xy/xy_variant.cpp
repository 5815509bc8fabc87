#include "xy/xy_variant.h"

#include <algorithm>
#include <sstream>

#include "common/error.h"
#include "common/factor.h"
#include "fft1d/codelets.h"

namespace fft3d {

std::string XYVariant::name() const {
  std::ostringstream s;
  s << "xy.c" << cluster << ".mb" << min_blocks_per_sm;
  if (load_chunks != 1) s << ".l" << load_chunks;
  if (buffers != 1) s << ".b" << buffers;
  if (columns_first) s << ".yx";
  if (strided_rows) s << ".sr";
  if (!row_pads) s << ".np";
  if (row_swizzle) s << ".sw";
  if (ring_rows > 0) s << ".rg" << ring_rows;
  if (y_loads) s << ".yl";
  s << thread_index_suffix(thread_index) << "|" << x.name() << "|" << y.name();
  return s.str();
}

bool XYVariant::operator==(const XYVariant& o) const {
  return cluster == o.cluster && x == o.x && y == o.y && min_blocks_per_sm == o.min_blocks_per_sm &&
         load_chunks == o.load_chunks && buffers == o.buffers && columns_first == o.columns_first &&
         strided_rows == o.strided_rows && row_pads == o.row_pads && y_loads == o.y_loads &&
         row_swizzle == o.row_swizzle && ring_rows == o.ring_rows && thread_index == o.thread_index;
}

std::optional<XYVariant> xy_thread_index_switched(const XYVariant& v, Precision precision) {
  const std::optional<ThreadIndex> other =
      other_thread_index(v.thread_index, kern::xy_bounds_thread_index_by_rule(real_bytes(precision)), precision);
  if (!other) return std::nullopt;
  XYVariant twin = v;
  twin.thread_index = *other;
  return twin;
}

namespace {

// Y loads only on complex strided rows loaded in one chunk (XYVariant::y_loads).
bool y_loads_consistent(const XYVariant& v) {
  return !v.y_loads || (v.strided_rows && v.x.real == RealRows::none && v.load_chunks == 1);
}

// Swizzled rows only on strided rows (complex, or the R2C forward's real
// rows or pairs) without pads, not with Y loads (XYVariant::row_swizzle;
// the row length is xy_variant_valid's).
bool row_swizzle_consistent(const XYVariant& v) {
  return !v.row_swizzle || (v.strided_rows && !v.row_pads && !v.y_loads);
}

// A ring only of complex swizzled rows loaded in one chunk
// (XYVariant::ring_rows; its size against the rows is xy_variant_valid's).
bool ring_consistent(const XYVariant& v) {
  return v.ring_rows == 0 ||
         (v.ring_rows > 0 && v.row_swizzle && v.x.real == RealRows::none && v.load_chunks == 1 && v.buffers == 1);
}

}  // namespace

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
      if (!std::getline(head, field, '.') || field != "yx") bad();
      v.columns_first = true;
    }
    if (head.peek() == 's') {
      if (!std::getline(head, field, '.') || field != "sr") bad();
      v.strided_rows = true;
    }
    if (head.peek() == 'n') {
      if (!std::getline(head, field, '.') || field != "np") bad();
      v.row_pads = false;
    }
    if (head.peek() == 's') {
      if (!std::getline(head, field, '.') || field != "sw") bad();
      v.row_swizzle = true;
    }
    if (head.peek() == 'r') {
      if (!std::getline(head, field, '.') || field.rfind("rg", 0) != 0 || (v.ring_rows = number(field, 2)) < 1) bad();
    }
    if (head.peek() == 'y') {
      if (!std::getline(head, field, '.') || field != "yl") bad();
      v.y_loads = true;
    }
    if (head.peek() == 'i') {
      if (!std::getline(head, field, '.')) bad();
      const std::optional<ThreadIndex> form = parse_thread_index_field(field);
      if (!form) bad();
      v.thread_index = *form;
    }
    if (head.peek() != EOF) bad();
  } catch (const std::logic_error&) {
    bad();
  }
  v.x = parse_x_variant(name.substr(bar1 + 1, bar2 - bar1 - 1));
  v.y = parse_x_variant(name.substr(bar2 + 1));
  // The fused kernel keeps its parts' exchanges in one buffer each (XYLayout::buffers is another thing).
  if (v.x.exchange_buffers != 1 || v.y.exchange_buffers != 1) bad();
  // The fused kernel has one thread index, named in its own fields.
  if (v.x.thread_index != ThreadIndex::by_rule || v.y.thread_index != ThreadIndex::by_rule) bad();
  if (v.cluster < 1 || v.cluster > kern::kMaxCluster || v.x.columns || !v.y.columns || v.y.real != RealRows::none ||
      v.load_chunks < 1 || v.load_chunks > kern::kMaxLoadChunks || v.buffers < 1 || v.buffers > 2 ||
      (v.x.real != RealRows::none && v.x.real != RealRows::half && v.x.real != RealRows::pair) ||
      (v.x.real == RealRows::pair && !v.strided_rows) || (v.columns_first && (v.buffers != 1 || v.load_chunks != 1)) ||
      (v.strided_rows && (v.columns_first || v.buffers != 1)) || (!v.row_pads && !v.strided_rows) ||
      !y_loads_consistent(v) || !row_swizzle_consistent(v) || !ring_consistent(v))
    bad();
  return v;
}

kern::XYLayout make_xy_layout(int nx, int ny, Precision precision, const XYVariant& v, int split, int row_stride) {
  kern::XYLayout L{make_x_layout(xy_row_points(nx, v), precision, v.x), make_x_layout(ny, precision, v.y),
                   v.cluster, v.load_chunks, v.buffers};
  L.columns_first = v.columns_first;
  L.strided_rows = v.strided_rows;
  L.row_pads = v.row_pads;
  L.y_loads = v.y_loads;
  L.row_swizzle = v.row_swizzle;
  L.ring_rows = v.ring_rows;
  if (split > 1) {
    L.split = split;
    L.split_inverse = inverse_modulo(split, ny);
  }
  L.row_stride = row_stride;
  return L;
}

bool xy_rows_may_stride(int nx, int ny, Precision precision, const XYVariant& v) {
  return make_xy_layout(nx, ny, precision, v).rows_may_lie_apart();
}

XYVariantFacts xy_variant_facts(int nx, int ny, Precision precision, const XYVariant& v) {
  const kern::XYLayout L = make_xy_layout(nx, ny, precision, v);
  const XVariantFacts fx = layout_facts(L.x, precision), fy = layout_facts(L.y, precision);
  const int rb = real_bytes(precision);
  return XYVariantFacts{L.threads_per_block(), L.shared_bytes(rb), L.share_bytes(rb),
                        L.elems_per_thread(), std::max(fx.registers_estimate, fy.registers_estimate),
                        L.persistent()};
}

namespace {

// Y of ny splits over a cluster of c as strided rows: ny / c then c points,
// both supported codelets, the second stage's butterflies over `columns`
// columns an even split over the blocks.
bool strided_split_fits(int columns, int ny, int c) {
  return c >= 1 && ny % c == 0 && kern::is_supported_radix(ny / c) && kern::is_supported_radix(c) &&
         (ny / c) * static_cast<long long>(columns) % c == 0;
}

// Strided rows (kern::XYLayout::strided_rows): X first (complex rows, or
// the R2C forward's half-length ones) in one share; Y in two
// stages, ny / cluster points over a block's rows, then cluster points
// across the blocks, whose (k1, x) butterflies over the `columns` columns
// split evenly over the cluster. X rows warp-private (threads per row
// dividing 32) need only warp barriers between their in-place stages;
// others (9, 20 or 27 threads) take block barriers.
bool strided_rows_fit(int columns, int ny, const XYVariant& v) {
  const int c = v.cluster;
  return !v.columns_first && v.buffers == 1 && strided_split_fits(columns, ny, c) &&
         v.y.radices == std::vector<int>{ny / c, c};
}

}  // namespace

// From the largest cluster down, the first whose split fits (xy_variant.h).
int largest_strided_cluster(int columns, int ny, int max_cluster) {
  for (int c = std::min(max_cluster, kern::kMaxCluster); c >= 2; --c)
    if (c <= columns && strided_split_fits(columns, ny, c)) return c;
  return 0;
}

int xy_row_points(int nx, const XYVariant& v) { return v.x.real == RealRows::half ? nx / 2 : nx; }

bool xy_variant_valid(int nx, int ny, Precision precision, const XYVariant& v, const DeviceLimits& limits) {
  if (v.cluster < 1 || v.cluster > std::min(limits.max_cluster, kern::kMaxCluster)) return false;
  if (v.load_chunks < 1 || v.load_chunks > kern::kMaxLoadChunks) return false;
  if (v.buffers < 1 || v.buffers > 2 || (v.buffers == 2 && v.load_chunks != 1)) return false;
  // Columns first: one share loaded at once; Y in place in it (two stages).
  if (v.columns_first && (v.buffers != 1 || v.load_chunks != 1 || v.y.radices.size() < 2)) return false;
  const bool real = v.x.real == RealRows::half || v.x.real == RealRows::pair;
  if (real && (nx % 2 != 0 || nx < 4)) return false;  // half-length rows and pairs need an even nx
  const int row_points = xy_row_points(nx, v);  // also the columns Y transforms (kern::XYLayout::columns)
  if (v.cluster > row_points || v.cluster > ny) return false;  // every block owns rows and columns
  // X rows complex, half-length real or (strided rows) real pairs; odd
  // rows have no fused form.
  if (v.x.columns || v.x.real == RealRows::full || (v.x.real == RealRows::pair && !v.strided_rows) ||
      !v.y.columns || v.y.real != RealRows::none)
    return false;
  if (!variant_factors(v.x, row_points) || !variant_factors(v.y, ny)) return false;
  if (v.strided_rows && !strided_rows_fit(row_points, ny, v)) return false;
  if (!y_loads_consistent(v)) return false;
  if (!row_swizzle_consistent(v) || (v.row_swizzle && row_points % 32 != 0)) return false;
  if (!ring_consistent(v)) return false;
  if (v.ring_rows > 0) {  // more rows than a plane's, at most two planes', of whole 16-byte pieces
    const kern::XYLayout L = make_xy_layout(nx, ny, precision, v);
    if (L.ring_early_rows() < 1 || L.ring_early_rows() > L.rows_per_cta() ||
        L.share_pitch() * 2LL * real_bytes(precision) % 16 != 0)
      return false;
  }
  // X rows are transformed in place in the share: the first stage's reads
  // and the last stage's writes must be different phases.
  if (!v.strided_rows && v.x.radices.size() < 2) return false;
  if (v.x.threads_per_row < 1 || v.x.rows_per_block < 1 || v.y.threads_per_row < 1 || v.y.rows_per_block < 1)
    return false;
  // (Strided rows run Y on the block's threads, one butterfly at a time: its
  // variant's threads and lines are not the kernel's.)
  if (!x_variant_fits(x_variant_facts(row_points, precision, v.x), limits) ||
      (!v.strided_rows && !x_variant_fits(x_variant_facts(ny, precision, v.y), limits)))
    return false;
  const XYVariantFacts f = xy_variant_facts(nx, ny, precision, v);
  return f.threads_per_block <= limits.threads_per_block && f.shared_bytes <= limits.shared_bytes_per_block;
}

}  // namespace fft3d
