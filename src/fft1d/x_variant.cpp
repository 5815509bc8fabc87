#include "fft1d/x_variant.h"

#include <algorithm>
#include <cstdlib>
#include <set>
#include <sstream>

#include "common/error.h"
#include "fft1d/bank_conflicts.h"
#include "fft1d/codelets.h"
#include "fft1d/radix.h"

namespace fft3d {

namespace {

constexpr int kMaxElemsPerThread = 32;  // beyond this registers spill
constexpr int kBlockSizes[] = {64, 128, 256, 512, 1024};

int product(const std::vector<int>& v) {
  int p = 1;
  for (int r : v) p *= r;
  return p;
}

bool same_pad_maps(const kern::XLayout& a, const kern::XLayout& b) {
  for (int e = 0; e + 1 < a.stages; ++e)
    if (a.exchange[e].period != b.exchange[e].period || a.exchange[e].amount != b.exchange[e].amount)
      return false;
  return true;
}

// The nx of a ".plane<nx>" name field, else 0.
int plane_field(const std::string& field) {
  const size_t digits = std::string("plane").size();
  if (field.rfind("plane", 0) != 0 || field.size() == digits || field.size() > digits + 4 ||
      field.find_first_not_of("0123456789", digits) != std::string::npos)
    return 0;
  return std::atoi(field.c_str() + digits);
}

// The layout with its exchange pad maps, before the row stride is chosen.
kern::XLayout layout_without_row_pad(int n, Precision precision, const XVariant& v) {
  if (!variant_factors(v, n) || v.radices.size() > static_cast<size_t>(kern::kMaxStages))
    fail(FFT3D_ERROR_INTERNAL, "X variant " + v.name() + " does not factor n=" + std::to_string(n));
  kern::XLayout L{};
  L.n = n;
  L.stages = static_cast<int>(v.radices.size());
  for (int s = 0; s < L.stages; ++s) L.radix[s] = v.radices[static_cast<size_t>(s)];
  L.threads_per_row = v.threads_per_row;
  L.rows_per_block = v.rows_per_block;
  L.twiddle_table = v.twiddle_table;
  L.columns = v.columns;
  L.real_io = v.real == RealRows::half   ? kern::kRealHalfForward
              : v.real == RealRows::full ? kern::kRealFullForward
              : v.real == RealRows::pair ? kern::kRealPairForward
                                         : kern::kComplexIo;
  if (v.columns && v.real != RealRows::none)
    fail(FFT3D_ERROR_INTERNAL, "X variant " + v.name() + ": real data is read and written by rows only");
  L.exchange_buffers = v.exchange_buffers;
  if (v.exchange_buffers != 1 && (v.exchange_buffers != 2 || v.real != RealRows::none))
    fail(FFT3D_ERROR_INTERNAL, "X variant " + v.name() + ": two exchange buffers are for complex data only");
  if (v.plane_nx > 0) {
    if (L.stages != 2 || L.radix[1] != v.plane_nx ||
        (v.real != RealRows::none && v.real != RealRows::pair) || v.exchange_buffers != 1)
      fail(FFT3D_ERROR_INTERNAL, "X variant " + v.name() +
                                     ": plane rows take two stages (ny, then nx points) of complex rows or real "
                                     "pairs and one exchange buffer");
    L.plane_nx = v.plane_nx;
  }
  for (int e = 0; e + 1 < L.stages; ++e) {
    const int r = L.radix[e + 1];
    L.exchange[e] = choose_pad_map(v.pad, L.stride_after(e + 1), r, n / r, shared_banks(precision));
  }
  return L;
}

int worst_degree(const kern::XLayout& L, Precision precision) {
  int worst = 1;
  for (const ExchangeConflicts& c : layout_conflicts(L, real_bytes(precision)))
    worst = std::max({worst, c.read_degree, c.write_degree});
  return worst;
}

// Padding makes one row's accesses conflict-free; when several rows share a
// warp their banks must not overlap either. Try a few row strides (mod the
// bank count): as they are, interleaved by the threads per row, or half,
// quarter or one bank apart; keep the first with the lowest worst degree.
int best_row_pad(kern::XLayout L, Precision precision) {
  const int banks = shared_banks(precision);
  if (L.stages < 2 || L.rows_per_block == 1 || (!L.columns && L.threads_per_row >= banks)) return 0;
  L.row_pad = 0;
  const int extent = L.row_stride();
  int best_pad = 0, best = worst_degree(L, precision);
  // Column layouts put one row per lane: an odd stride spreads them.
  for (int target : {L.columns ? 1 : L.threads_per_row % banks, banks / 2, banks / 4, 1, 3}) {
    if (best == 1) break;
    L.row_pad = ((target - extent) % banks + banks) % banks;
    const int d = worst_degree(L, precision);
    if (d < best) {
      best = d;
      best_pad = L.row_pad;
    }
  }
  return best_pad;
}

}  // namespace

std::vector<int> threads_per_row_options(int n, const std::vector<int>& radices) {
  std::set<int> options;
  const int r_max = *std::max_element(radices.begin(), radices.end());
  for (int r : radices) options.insert(n / r);
  for (int d : {2, 4})
    if ((n / r_max) % d == 0) options.insert(n / r_max / d);
  return {options.begin(), options.end()};
}

bool variant_factors(const XVariant& v, int n) { return !v.radices.empty() && product(v.radices) == n; }

std::string XVariant::name() const {
  std::ostringstream s;
  s << "r";
  for (size_t i = 0; i < radices.size(); ++i) s << (i ? "-" : "") << radices[i];
  s << ".t" << threads_per_row << ".rows" << rows_per_block << ".pad-" << pad_method_name(pad)
    << ".tw-" << (twiddle_table ? "table" : "sincos") << ".mb" << min_blocks_per_sm;
  if (columns) s << ".cols";
  if (real == RealRows::half) s << ".real-half";
  if (real == RealRows::full) s << ".real-full";
  if (real == RealRows::pair) s << ".real-pair";
  if (exchange_buffers > 1) s << ".xb" << exchange_buffers;
  if (plane_nx > 0) s << ".plane" << plane_nx;
  s << thread_index_suffix(thread_index);
  return s.str();
}

std::string thread_index_suffix(ThreadIndex form) {
  return form == ThreadIndex::bounded ? ".idx-bound" : form == ThreadIndex::plain ? ".idx-plain" : "";
}

std::optional<ThreadIndex> parse_thread_index_field(const std::string& field) {
  if (field == "idx-bound") return ThreadIndex::bounded;
  if (field == "idx-plain") return ThreadIndex::plain;
  return std::nullopt;
}

int thread_index_constant(ThreadIndex form) {
  return form == ThreadIndex::bounded ? kern::kIndexBounded
         : form == ThreadIndex::plain ? kern::kIndexPlain
                                      : kern::kIndexByRule;
}

std::optional<ThreadIndex> other_thread_index(ThreadIndex form, bool rule, Precision precision) {
  if (precision != Precision::f32) return std::nullopt;
  return kern::index_form_bounds(thread_index_constant(form), rule) ? ThreadIndex::plain : ThreadIndex::bounded;
}

bool x_bounds_thread_index(const XVariant& v, Precision precision) {
  return kern::index_form_bounds(thread_index_constant(v.thread_index),
                                 kern::x_bounds_thread_index_by_rule(v.columns, real_bytes(precision)));
}

std::optional<XVariant> thread_index_switched(const XVariant& v, Precision precision) {
  const std::optional<ThreadIndex> other = other_thread_index(
      v.thread_index, kern::x_bounds_thread_index_by_rule(v.columns, real_bytes(precision)), precision);
  if (!other) return std::nullopt;
  XVariant twin = v;
  twin.thread_index = *other;
  return twin;
}

bool XVariant::operator==(const XVariant& o) const {
  return radices == o.radices && threads_per_row == o.threads_per_row &&
         rows_per_block == o.rows_per_block && pad == o.pad && twiddle_table == o.twiddle_table &&
         min_blocks_per_sm == o.min_blocks_per_sm && columns == o.columns && real == o.real &&
         exchange_buffers == o.exchange_buffers && plane_nx == o.plane_nx && thread_index == o.thread_index;
}

XVariant parse_x_variant(const std::string& name) {
  XVariant v;
  std::istringstream in(name);
  std::string radices, pad, tw;
  char c = 0;
  auto bad = [&]() { fail(FFT3D_ERROR_INVALID_ARGUMENT, "malformed X variant name '" + name + "'"); };
  if (!std::getline(in, radices, '.') || radices.size() < 2 || radices[0] != 'r') bad();
  std::istringstream rs(radices.substr(1));
  for (int r; rs >> r;) {
    v.radices.push_back(r);
    if (!(rs >> c)) break;
    if (c != '-') bad();
  }
  std::string field;
  auto next = [&](const char* prefix) {
    if (!std::getline(in, field, '.') || field.rfind(prefix, 0) != 0) bad();
    return field.substr(std::string(prefix).size());
  };
  try {
    v.threads_per_row = std::stoi(next("t"));
    v.rows_per_block = std::stoi(next("rows"));
    pad = next("pad-");
    tw = next("tw-");
    v.min_blocks_per_sm = std::stoi(next("mb"));
  } catch (const std::logic_error&) {
    bad();
  }
  while (std::getline(in, field, '.')) {
    if (v.thread_index != ThreadIndex::by_rule) bad();  // the index form comes last
    if (field == "cols" && !v.columns && v.real == RealRows::none) v.columns = true;
    else if (field == "real-half" && v.real == RealRows::none && !v.columns) v.real = RealRows::half;
    else if (field == "real-full" && v.real == RealRows::none && !v.columns) v.real = RealRows::full;
    else if (field == "real-pair" && v.real == RealRows::none && !v.columns) v.real = RealRows::pair;
    else if (field == "xb2" && v.real == RealRows::none && v.exchange_buffers == 1) v.exchange_buffers = 2;
    else if (const int nx = plane_field(field); nx > 0 && v.plane_nx == 0) v.plane_nx = nx;
    else if (const std::optional<ThreadIndex> form = parse_thread_index_field(field)) v.thread_index = *form;
    else bad();
  }
  if (pad == "none") v.pad = PadMethod::none;
  else if (pad == "gap") v.pad = PadMethod::gap;
  else if (pad == "periodic") v.pad = PadMethod::periodic;
  else bad();
  if (tw != "table" && tw != "sincos") bad();
  v.twiddle_table = tw == "table";
  if (v.radices.empty() || v.threads_per_row < 1 || v.rows_per_block < 1) bad();
  for (int r : v.radices)
    if (!kern::is_supported_radix(r)) bad();
  return v;
}

kern::XLayout make_x_layout(int n, Precision precision, const XVariant& v) {
  kern::XLayout L = layout_without_row_pad(n, precision, v);
  if (v.pad != PadMethod::none || v.columns) L.row_pad = best_row_pad(L, precision);
  return L;
}

kern::XLayout long_row_b_layout(int n, Precision precision, const XVariant& v) {
  if (v.exchange_buffers > 1)
    fail(FFT3D_ERROR_INTERNAL, "long rows' pass B keeps one exchange buffer: " + v.name());
  kern::XLayout L = make_x_layout(n, precision, v);
  L.transposed_store = true;
  if (L.row_stride() % 2 == 0) ++L.row_pad;
  return L;
}

XVariantFacts x_variant_facts(int n, Precision precision, const XVariant& v) {
  return layout_facts(make_x_layout(n, precision, v), precision);
}

XVariantFacts layout_facts(const kern::XLayout& L, Precision precision) {
  XVariantFacts f{};
  f.threads_per_block = L.threads_per_block();
  f.shared_bytes = L.shared_bytes(real_bytes(precision));
  f.elems_per_thread = L.elems_per_thread();
  // Two reals per value (two registers each in double), plus indices and
  // twiddle temporaries.
  f.registers_estimate = f.elems_per_thread * 2 * (real_bytes(precision) / 4) + 32;
  f.stages = L.stages;
  f.worst_conflict_degree = worst_degree(L, precision);
  return f;
}

bool x_variant_fits(const XVariantFacts& f, const DeviceLimits& limits) {
  return f.threads_per_block <= limits.threads_per_block &&
         f.shared_bytes <= limits.shared_bytes_per_block &&
         f.registers_estimate <= limits.registers_per_thread &&
         f.elems_per_thread <= kMaxElemsPerThread;
}

std::vector<XVariant> enumerate_x_variants(int n, Precision precision, const DeviceLimits& limits,
                                           bool columns) {
  std::vector<XVariant> out;
  const std::vector<int> preferred = preferred_radices(n);
  if (preferred.empty()) return out;
  for (const std::vector<int>& order : distinct_orderings(preferred)) {
    for (int t : threads_per_row_options(n, order)) {
      std::set<int> rows_options;
      if (columns) {  // neighbouring columns per block: the coalesced width
        for (int c : {1, 2, 4, 8, 16, 32})
          if (c * t <= limits.threads_per_block) rows_options.insert(c);
      } else {
        for (int block : kBlockSizes)
          if (t <= block) rows_options.insert(block / t);
        if (rows_options.empty() && t <= limits.threads_per_block) rows_options.insert(1);
      }
      for (int rows : rows_options) {
        XVariant base{order, t, rows, PadMethod::none, false, 0, columns};
        const kern::XLayout unpadded = layout_without_row_pad(n, precision, base);
        for (PadMethod pad : {PadMethod::none, PadMethod::gap, PadMethod::periodic}) {
          XVariant v = base;
          v.pad = pad;
          if (pad != PadMethod::none && same_pad_maps(layout_without_row_pad(n, precision, v), unpadded))
            continue;  // this padding changes nothing for these radices
          if (!x_variant_fits(layout_facts(make_x_layout(n, precision, v), precision), limits)) continue;
          for (bool table : {false, true}) {
            v.twiddle_table = table;
            out.push_back(v);
          }
        }
      }
    }
  }
  return out;
}

}  // namespace fft3d
