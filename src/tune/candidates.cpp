#include "tune/candidates.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "common/error.h"
#include "fft1d/codelets.h"
#include "fft1d/radix.h"
#include "tune/thread_pool.h"

namespace fft3d {

namespace {

// Per-SM resources of the GPUs we tune for (sm_80 .. sm_90 alike).
constexpr int kRegistersPerSm = 65536;
constexpr int kMaxThreadsPerSm = 2048;
constexpr int kMaxBlocksPerSm = 32;
constexpr long long kSharedReservePerBlock = 1024;  // the runtime's per-block reserve
constexpr double kClearOverflow = 1.25;             // estimate over cap by more than this: spills
constexpr double kInFlightTarget = 32 * 1024;       // bytes per SM to hide DRAM latency

// MEASURE: orderings kept (by model cost) and thread/block shapes per ordering.
constexpr int kMeasureOrderings = 3;
constexpr int kMeasureShapes = 3;
constexpr int kFiveStepColumns[] = {4, 8, 16, 32, 64};

// A variant with the facts of its layout (computing them simulates bank
// conflicts: done once per variant) and its model cost.
struct Scored {
  XVariant v;
  XVariantFacts f;
  double cost;
};

int product(const std::vector<int>& v) {
  int p = 1;
  for (int r : v) p *= r;
  return p;
}

bool is_power_of_two(int n) { return n > 0 && (n & (n - 1)) == 0; }

// As enumerate_x_variants: neighbouring columns per block (the coalesced
// width), or rows filling blocks of 64..1024 threads.
std::vector<int> rows_per_block_options(int t, bool columns, const DeviceLimits& limits) {
  std::set<int> options;
  if (columns) {
    for (int c : {1, 2, 4, 8, 16, 32})
      if (c * t <= limits.threads_per_block) options.insert(c);
  } else {
    for (int block : {64, 128, 256, 512, 1024})
      if (t <= block) options.insert(block / t);
    if (options.empty() && t <= limits.threads_per_block) options.insert(1);
  }
  return {options.begin(), options.end()};
}

bool same_exchange_maps(const kern::XLayout& a, const kern::XLayout& b) {
  for (int e = 0; e + 1 < a.stages; ++e)
    if (a.exchange[e].period != b.exchange[e].period || a.exchange[e].amount != b.exchange[e].amount) return false;
  return true;
}

// Resident blocks per SM the threads and shared memory allow.
int occupancy_limit(const XVariantFacts& f, const DeviceLimits& limits) {
  const long long by_shared =
      (limits.shared_bytes_per_block + kSharedReservePerBlock) / (f.shared_bytes + kSharedReservePerBlock);
  return static_cast<int>(
      std::max<long long>(1, std::min<long long>({kMaxThreadsPerSm / f.threads_per_block, kMaxBlocksPerSm, by_shared})));
}

bool overflows(Precision precision, const XVariantFacts& f, int min_blocks, const DeviceLimits& limits) {
  return dotsenko_registers(precision, f.elems_per_thread) >
         kClearOverflow * register_cap(f.threads_per_block, min_blocks, limits);
}

double cost_of(int n, Precision precision, const DeviceLimits& limits, const XVariant& v, const XVariantFacts& f) {
  const int regs = (std::max(dotsenko_registers(precision, f.elems_per_thread), 24) + 7) / 8 * 8;
  const int blocks = std::max(1, std::min(occupancy_limit(f, limits), kRegistersPerSm / (regs * f.threads_per_block)));
  const double in_flight = static_cast<double>(blocks) * v.rows_per_block * n * complex_bytes(precision);
  double cost = 1 + std::max(0.0, kInFlightTarget - in_flight) / kInFlightTarget;
  cost *= 1 + 0.04 * (f.stages - 1) * (1 + 0.25 * (f.worst_conflict_degree - 1));
  // Threads idle in the stage of the largest radix (one butterfly each at most).
  const int r_max = *std::max_element(v.radices.begin(), v.radices.end());
  cost *= 1 + 0.05 * std::max(0.0, static_cast<double>(v.threads_per_row) / (n / r_max) - 1);
  if (v.columns) {  // 256-byte segments per column row read were the fastest
    const double segment = static_cast<double>(v.rows_per_block) * complex_bytes(precision);
    cost *= 1 + 0.5 * std::max(0.0, 256 - segment) / 256;
  } else {  // a row's lanes read neighbouring points: a whole 32-byte sector from 4 f32 (2 f64) threads
    const int first_butterflies = n / v.radices.front();
    const double run = static_cast<double>(std::min(v.threads_per_row, first_butterflies)) * complex_bytes(precision);
    cost *= 1 + 0.5 * std::max(0.0, 32 - run) / 32;  // one thread a 16-point row: 0.56x cuFFT, four 1.05x
  }
  if (v.twiddle_table == is_power_of_two(n)) cost *= 1.01;  // sincospi is cheap for dyadic angles only
  if (v.pad != PadMethod::none) cost *= 1.01;                // padded index arithmetic
  return cost;
}

// Every variant of one radix ordering within the limits, scored (twiddle
// siblings share their facts), for complex or real rows.
std::vector<Scored> scored_ordering(int n, Precision precision, const DeviceLimits& limits, bool columns,
                                    const std::vector<int>& order, RealRows real) {
  std::vector<Scored> out;
  for (int t : threads_per_row_options(n, order))
    for (int rows : rows_per_block_options(t, columns, limits)) {
      XVariant base{order, t, rows, PadMethod::none, false, 0, columns};
      base.real = real;
      const kern::XLayout unpadded = make_x_layout(n, precision, base);
      for (PadMethod pad : {PadMethod::none, PadMethod::gap, PadMethod::periodic}) {
        XVariant v = base;
        v.pad = pad;
        const kern::XLayout L = pad == PadMethod::none ? unpadded : make_x_layout(n, precision, v);
        if (pad != PadMethod::none && same_exchange_maps(L, unpadded)) continue;  // changes nothing
        const XVariantFacts f = layout_facts(L, precision);
        if (!x_variant_fits(f, limits)) continue;
        for (bool table : {false, true}) {
          v.twiddle_table = table;
          out.push_back({v, f, cost_of(n, precision, limits, v, f)});
        }
      }
    }
  return out;
}

// scored_ordering for many orderings at once, in parallel (the conflict
// simulation of long columns costs about a millisecond per variant).
std::vector<Scored> scored_orderings(int n, Precision precision, const DeviceLimits& limits, bool columns,
                                     const std::vector<std::vector<int>>& orders, RealRows real = RealRows::none) {
  std::vector<std::vector<Scored>> parts(orders.size());
  parallel_for(orders.size(), 0,
               [&](size_t i) { parts[i] = scored_ordering(n, precision, limits, columns, orders[i], real); });
  std::vector<Scored> out;
  for (auto& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

// One variant that stands for an ordering when orderings are ranked: the
// shape the ESTIMATE heuristics favour (one butterfly of the largest radix
// per thread; about 128 threads per row block, or 256-byte column segments
// within 512 threads), the better of unpadded and gap-padded.
double ordering_cost(int n, Precision precision, const DeviceLimits& limits, bool columns,
                     const std::vector<int>& order, RealRows real) {
  const int t = n / *std::max_element(order.begin(), order.end());
  int rows = columns ? std::max(1, std::min(256 / complex_bytes(precision), 512 / t)) : std::max(1, 128 / t);
  for (; rows >= 1; rows /= 2) {
    double best = INFINITY;
    for (PadMethod pad : {PadMethod::none, PadMethod::gap}) {
      XVariant v{order, t, rows, pad, !is_power_of_two(n), 0, columns};
      v.real = real;
      const XVariantFacts f = x_variant_facts(n, precision, v);
      if (x_variant_fits(f, limits)) best = std::min(best, cost_of(n, precision, limits, v, f));
    }
    if (best < INFINITY) return best;
  }
  return INFINITY;
}

int five_step_threads(const FiveStepVariant& v) {
  return std::max(five_step_layout(v, false).threads_per_block(), five_step_layout(v, true).threads_per_block());
}

bool five_step_overflows(const FiveStepVariant& v, Precision precision, const DeviceLimits& limits) {
  const int threads = five_step_threads(v);
  return threads > limits.threads_per_block ||
         dotsenko_registers(precision, std::max(v.n1, v.n2)) > kClearOverflow * register_cap(threads, 0, limits);
}

std::vector<FiveStepVariant> five_step_variants(int n, Precision precision, TuneMode mode) {
  std::vector<FiveStepVariant> out;
  if (mode != TuneMode::exhaustive) {
    const FiveStepVariant v = estimate_five_step_variant(n, precision);
    if (v.n1 > 0) out.push_back(v);
    return out;
  }
  for (int a : kern::kSupportedRadices)
    for (int b : kern::kSupportedRadices)
      if (a * b == n && kern::is_five_step_radix(a) && kern::is_five_step_radix(b))
        for (int cols : kFiveStepColumns)
          for (bool table : {false, true}) out.push_back(FiveStepVariant{a, b, cols, table});
  return out;
}

std::vector<std::vector<int>> orderings_of(const std::vector<std::vector<int>>& multisets) {
  std::vector<std::vector<int>> out;
  for (const std::vector<int>& m : multisets)
    for (std::vector<int>& o : distinct_orderings(m)) out.push_back(std::move(o));
  return out;
}

void sort_by_cost(std::vector<Scored>& v) {
  std::stable_sort(v.begin(), v.end(), [](const Scored& a, const Scored& b) { return a.cost < b.cost; });
}

}  // namespace

Candidate parse_candidate(const std::string& name) {
  if (name.rfind("fivestep", 0) != 0) return Candidate{parse_x_variant(name), {}};
  Candidate c;
  FiveStepVariant& v = c.five_step;
  char tw[16] = {};
  int used = 0;
  if (std::sscanf(name.c_str(), "fivestep%dx%d.cols%d.tw-%15[a-z]%n", &v.n1, &v.n2, &v.columns_per_block, tw,
                  &used) != 4 ||
      used != static_cast<int>(name.size()) || !kern::is_five_step_radix(v.n1) || !kern::is_five_step_radix(v.n2) ||
      v.columns_per_block < 1 || (std::string(tw) != "table" && std::string(tw) != "sincos"))
    fail(FFT3D_ERROR_INVALID_ARGUMENT, "malformed five-step variant name '" + name + "'");
  v.twiddle_table = std::string(tw) == "table";
  return c;
}

int dotsenko_registers(Precision precision, int elems_per_thread) {
  const int p = precision == Precision::f32 ? 1 : 2;
  return static_cast<int>(std::ceil(p * (2 + 0.8) * elems_per_thread));
}

int register_cap(int threads_per_block, int min_blocks_per_sm, const DeviceLimits& limits) {
  const int blocks = std::max(1, min_blocks_per_sm);
  const int per_thread = kRegistersPerSm / (std::max(1, threads_per_block) * blocks) / 8 * 8;
  return std::min(limits.registers_per_thread, per_thread);
}

bool register_overflow(int n, Precision precision, const XVariant& v, const DeviceLimits& limits) {
  return overflows(precision, x_variant_facts(n, precision, v), v.min_blocks_per_sm, limits);
}

bool has_mergeable_radices(const std::vector<int>& radices) {
  for (size_t i = 0; i < radices.size(); ++i)
    for (size_t j = i + 1; j < radices.size(); ++j)
      if (kern::is_supported_radix(radices[i] * radices[j])) return true;
  return false;
}

std::vector<std::vector<int>> radix_multisets(int n, int extra_stages) {
  std::vector<std::vector<int>> all = all_radix_multisets(n);
  all.erase(std::remove_if(all.begin(), all.end(), has_mergeable_radices), all.end());
  if (all.empty()) return all;
  size_t fewest = all.front().size();
  for (const auto& m : all) fewest = std::min(fewest, m.size());
  all.erase(std::remove_if(all.begin(), all.end(),
                           [&](const std::vector<int>& m) {
                             return m.size() > fewest + static_cast<size_t>(std::max(0, extra_stages));
                           }),
            all.end());
  return all;
}

std::vector<XVariant> variants_of_multiset(int n, Precision precision, const DeviceLimits& limits, bool columns,
                                           const std::vector<int>& radices) {
  std::vector<XVariant> out;
  if (radices.empty() || product(radices) != n) return out;
  for (const Scored& s : scored_orderings(n, precision, limits, columns, distinct_orderings(radices)))
    out.push_back(s.v);
  return out;
}

double model_cost(int n, Precision precision, const DeviceLimits& limits, const XVariant& v) {
  return cost_of(n, precision, limits, v, x_variant_facts(n, precision, v));
}

CandidateSet pass_candidates(int n, Precision precision, const DeviceLimits& limits, bool columns, TuneMode mode,
                             const Candidate& estimate) {
  CandidateSet out;
  const bool exhaustive = mode == TuneMode::exhaustive;
  // Real rows (R2C) stay real: the candidates differ from the estimate in shape only.
  const RealRows real = columns || estimate.is_five_step() ? RealRows::none : estimate.x.real;
  const std::vector<std::vector<int>> all_sets = all_radix_multisets(n);
  std::vector<std::vector<int>> kept = radix_multisets(n, exhaustive ? 1 : 0);
  auto is_kept = [&](const std::vector<int>& m) { return std::find(kept.begin(), kept.end(), m) != kept.end(); };
  // Rows of one codelet run one thread a row, whose loads do not coalesce
  // (R2C 32x8192x32 f32 at 0.65x cuFFT in 16-point half rows, 1.05x as
  // 4 * 4 on 4 threads; BENCHMARKS.md, "Short rows"): their pairs of
  // codelets stay candidates though one codelet does the same work.
  if (!columns && kern::is_supported_radix(n))
    for (const std::vector<int>& m : all_sets)
      if (m.size() == 2 && !is_kept(m)) kept.push_back(m);
  size_t most_stages = 0;
  for (const auto& m : kept) most_stages = std::max(most_stages, m.size());
  for (const std::vector<int>& m : all_sets)  // never enumerated: one stage fewer does the same
    if (m.size() <= most_stages && has_mergeable_radices(m) && !is_kept(m)) ++out.pruned_merge;

  std::vector<Candidate>& list = out.list;
  std::set<std::string> seen;
  auto add = [&](const Candidate& c) {
    if (seen.insert(c.name()).second) list.push_back(c);
  };
  add(estimate);
  // The estimate with the other count of exchange buffers (XLayout::
  // exchange_buffers): its middle stages a barrier shorter, or its shared
  // memory halved. Complex data of three stages or more only.
  if (!estimate.is_five_step() && real == RealRows::none && estimate.x.radices.size() >= 3) {
    Candidate other = estimate;
    other.x.exchange_buffers = 3 - estimate.x.exchange_buffers;
    if (x_variant_fits(x_variant_facts(n, precision, other.x), limits)) add(other);
  }
  if (n % 2 == 1 && (real == RealRows::full || real == RealRows::pair)) {  // odd real rows: one or two a transform
    Candidate other = estimate;
    other.x.real = real == RealRows::full ? RealRows::pair : RealRows::full;
    add(other);
  }
  std::vector<std::string> survivors;  // names of what pruning left
  auto prune = [&](std::vector<Scored>& scored) {
    out.enumerated += static_cast<int>(scored.size());
    const auto end = std::remove_if(scored.begin(), scored.end(), [&](const Scored& s) {
      return overflows(precision, s.f, s.v.min_blocks_per_sm, limits);
    });
    out.pruned_registers += static_cast<int>(scored.end() - end);
    scored.erase(end, scored.end());
    sort_by_cost(scored);
    for (const Scored& s : scored) survivors.push_back(s.v.name());
  };
  const std::vector<std::vector<int>> orders = orderings_of(kept);
  if (exhaustive) {
    std::vector<Scored> all = scored_orderings(n, precision, limits, columns, orders, real);
    prune(all);
    for (const Scored& s : all) add(Candidate{s.v, {}});
  } else {
    // Rank the orderings by one representative each; enumerate the best few
    // (and the estimate's) in full; keep the cheapest variant of each of
    // their best few shapes, and the estimate's padding/twiddle siblings.
    std::vector<double> order_cost(orders.size());
    parallel_for(orders.size(), 0,
                 [&](size_t i) { order_cost[i] = ordering_cost(n, precision, limits, columns, orders[i], real); });
    std::vector<size_t> rank(orders.size());
    for (size_t i = 0; i < rank.size(); ++i) rank[i] = i;
    std::stable_sort(rank.begin(), rank.end(), [&](size_t a, size_t b) { return order_cost[a] < order_cost[b]; });
    std::vector<std::vector<int>> chosen;
    for (size_t k = 0; k < rank.size(); ++k)
      if (static_cast<int>(k) < kMeasureOrderings || orders[rank[k]] == estimate.x.radices)
        chosen.push_back(orders[rank[k]]);
    out.orderings_skipped = static_cast<int>(orders.size() - chosen.size());
    std::vector<Scored> scored = scored_orderings(n, precision, limits, columns, chosen, real);
    prune(scored);
    if (!estimate.is_five_step())
      for (const Scored& s : scored)
        if (s.v.radices == estimate.x.radices && s.v.threads_per_row == estimate.x.threads_per_row &&
            s.v.rows_per_block == estimate.x.rows_per_block)
          add(Candidate{s.v, {}});
    for (const std::vector<int>& order : chosen) {
      std::set<std::pair<int, int>> shapes;
      for (const Scored& s : scored) {
        if (s.v.radices != order) continue;
        if (static_cast<int>(shapes.size()) >= kMeasureShapes) break;
        if (shapes.insert({s.v.threads_per_row, s.v.rows_per_block}).second) add(Candidate{s.v, {}});
      }
    }
  }
  if (columns)
    for (const FiveStepVariant& v : five_step_variants(n, precision, mode)) {
      ++out.enumerated;
      if (five_step_overflows(v, precision, limits)) {
        ++out.pruned_registers;
      } else {
        survivors.push_back(v.name());
        add(Candidate{XVariant{}, v});
      }
    }
  for (const std::string& name : survivors) out.not_selected += seen.count(name) ? 0 : 1;
  return out;
}

std::vector<Candidate> occupancy_climb(int n, Precision precision, const DeviceLimits& limits, const Candidate& c,
                                       int max_steps) {
  std::vector<Candidate> steps;
  if (c.is_five_step()) return steps;
  const XVariantFacts f = x_variant_facts(n, precision, c.x);
  const int most = occupancy_limit(f, limits);
  int previous_cap = register_cap(f.threads_per_block, c.x.min_blocks_per_sm, limits);
  for (int mb = c.x.min_blocks_per_sm + 1; mb <= most && static_cast<int>(steps.size()) < max_steps; ++mb) {
    const int cap = register_cap(f.threads_per_block, mb, limits);
    if (cap >= previous_cap) continue;  // the same register budget: the same code
    Candidate next = c;
    next.x.min_blocks_per_sm = mb;
    if (overflows(precision, f, mb, limits)) break;
    steps.push_back(next);
    previous_cap = cap;
  }
  return steps;
}

}  // namespace fft3d
