// The tuner's search space: radix multisets and orderings, padding rules,
// limits, register (Dotsenko) and merge pruning, the MEASURE subset and the
// occupancy climb steps. No GPU needed.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "common/error.h"
#include "fft1d/radix.h"
#include "tune/candidates.h"

namespace fft3d {
namespace {

using Multisets = std::vector<std::vector<int>>;

std::set<std::string> names(const std::vector<XVariant>& vs) {
  std::set<std::string> out;
  for (const XVariant& v : vs) out.insert(v.name());
  return out;
}

std::set<std::string> names(const std::vector<Candidate>& cs) {
  std::set<std::string> out;
  for (const Candidate& c : cs) out.insert(c.name());
  return out;
}

Candidate estimate(int n, Precision p, bool columns) {
  const DeviceLimits limits;
  return Candidate{columns ? estimate_column_variant(n, p, limits) : estimate_x_variant(n, p, limits), {}};
}

TEST(TuneCandidates, MergeablePairs) {
  EXPECT_TRUE(has_mergeable_radices({2, 2}));
  EXPECT_TRUE(has_mergeable_radices({4, 4}));
  EXPECT_TRUE(has_mergeable_radices({8, 3, 2}));   // 8 * 2 = 16, not adjacent
  EXPECT_TRUE(has_mergeable_radices({3, 5, 3}));   // 3 * 3 = 9
  EXPECT_TRUE(has_mergeable_radices({4, 2}));
  EXPECT_TRUE(has_mergeable_radices({8, 4}));      // composite 32
  EXPECT_TRUE(has_mergeable_radices({5, 4, 5}));   // composite 20 and 25
  EXPECT_TRUE(has_mergeable_radices({9, 3}));      // composite 27
  EXPECT_FALSE(has_mergeable_radices({16, 16}));
  EXPECT_FALSE(has_mergeable_radices({32, 4}));    // 128 is no codelet
  EXPECT_FALSE(has_mergeable_radices({25, 20}));
  EXPECT_FALSE(has_mergeable_radices({9, 4}));     // nor 36
  EXPECT_TRUE(has_mergeable_radices({7, 5, 3}));   // composite 15
  EXPECT_FALSE(has_mergeable_radices({7, 7, 5}));  // 49 and 35 are no codelets
  EXPECT_FALSE(has_mergeable_radices({16}));
}

TEST(TuneCandidates, RadixMultisets) {
  EXPECT_EQ(radix_multisets(256, 0), (Multisets{{32, 8}, {16, 16}}));
  EXPECT_EQ(radix_multisets(256, 1), (Multisets{{32, 8}, {16, 16}}));  // every 3-stage one merges
  EXPECT_EQ(radix_multisets(512, 0), (Multisets{{32, 16}}));
  EXPECT_EQ(radix_multisets(512, 1), (Multisets{{32, 16}, {8, 8, 8}}));
  EXPECT_EQ(radix_multisets(16, 1), (Multisets{{16}}));  // 8*2 and 4*4 merge
  EXPECT_EQ(radix_multisets(500, 0), (Multisets{{25, 20}}));
  EXPECT_EQ(radix_multisets(500, 1), (Multisets{{25, 20}, {10, 10, 5}}));
  EXPECT_EQ(radix_multisets(480, 0), (Multisets{{32, 15}, {30, 16}, {24, 20}}));
  EXPECT_EQ(radix_multisets(27, 0), (Multisets{{27}}));
  EXPECT_TRUE(radix_multisets(11, 0).empty());
  EXPECT_TRUE(radix_multisets(1, 0).empty());
  for (int n : {12, 48, 64, 210, 256, 480, 512, 1024, 4096})
    for (int extra : {0, 1})
      for (const std::vector<int>& m : radix_multisets(n, extra)) {
        int product = 1;
        for (int r : m) product *= r;
        EXPECT_EQ(product, n);
        EXPECT_FALSE(has_mergeable_radices(m));
        EXPECT_TRUE(std::is_sorted(m.rbegin(), m.rend()));
      }
}

// The tuner's enumerator of other multisets makes exactly the variants
// enumerate_x_variants makes for its own: the same space, the same rules.
TEST(TuneCandidates, MultisetVariantsMatchTheEnumerator) {
  for (bool columns : {false, true})
    for (Precision p : {Precision::f32, Precision::f64})
      for (int n : {16, 48, 64, 105, 256})
        EXPECT_EQ(names(variants_of_multiset(n, p, DeviceLimits{}, columns, preferred_radices(n))),
                  names(enumerate_x_variants(n, p, DeviceLimits{}, columns)))
            << n << (columns ? " columns" : " rows");
}

TEST(TuneCandidates, EveryOrderingOfAMultiset) {
  std::set<std::vector<int>> orders;
  for (const XVariant& v : variants_of_multiset(210, Precision::f32, DeviceLimits{}, false, {7, 5, 3, 2}))
    orders.insert(v.radices);
  EXPECT_EQ(orders.size(), 24u);  // 4! orderings of distinct radices
  orders.clear();
  for (const XVariant& v : variants_of_multiset(256, Precision::f32, DeviceLimits{}, false, {8, 8, 4}))
    orders.insert(v.radices);
  EXPECT_EQ(orders, (std::set<std::vector<int>>{{8, 8, 4}, {8, 4, 8}, {4, 8, 8}}));
}

// Padding (the paper's methods 1 and 2) only where it changes an exchange,
// and periodic padding only where strides and radices are powers of two.
TEST(TuneCandidates, PaddingRules) {
  auto maps = [](int n, Precision p, const XVariant& v) {
    const kern::XLayout L = make_x_layout(n, p, v);
    std::vector<std::pair<int, int>> out;
    for (int e = 0; e + 1 < L.stages; ++e) out.push_back({L.exchange[e].period, L.exchange[e].amount});
    return out;
  };
  std::set<PadMethod> pads_256;
  for (int n : {256, 105})
    for (const XVariant& v : variants_of_multiset(n, Precision::f32, DeviceLimits{}, false, preferred_radices(n))) {
      if (n == 256) pads_256.insert(v.pad);
      if (v.pad == PadMethod::none) continue;
      XVariant plain = v;
      plain.pad = PadMethod::none;
      EXPECT_NE(maps(n, Precision::f32, v), maps(n, Precision::f32, plain)) << v.name();
    }
  EXPECT_EQ(pads_256, (std::set<PadMethod>{PadMethod::none, PadMethod::gap, PadMethod::periodic}));
}

TEST(TuneCandidates, LimitsAreRespected) {
  DeviceLimits small;
  small.shared_bytes_per_block = 16 * 1024;
  small.threads_per_block = 256;
  for (bool columns : {false, true})
    for (int n : {64, 256, 60}) {
      const CandidateSet set =
          pass_candidates(n, Precision::f32, small, columns, TuneMode::exhaustive, Candidate{XVariant{}, {}});
      for (size_t i = 1; i < set.list.size(); ++i) {
        const Candidate& c = set.list[i];
        if (c.is_five_step()) {
          EXPECT_LE(c.five_step.columns_per_block * std::max(c.five_step.n1, c.five_step.n2), 256) << c.name();
          continue;
        }
        const XVariantFacts f = x_variant_facts(n, Precision::f32, c.x);
        EXPECT_LE(f.threads_per_block, 256) << c.name();
        EXPECT_LE(f.shared_bytes, 16 * 1024) << c.name();
      }
    }
}

TEST(TuneCandidates, RegisterEstimateAndCap) {
  EXPECT_EQ(dotsenko_registers(Precision::f32, 16), 45);  // 1 * 2.8 * 16
  EXPECT_EQ(dotsenko_registers(Precision::f64, 16), 90);
  const DeviceLimits limits;
  EXPECT_EQ(register_cap(1024, 0, limits), 64);
  EXPECT_EQ(register_cap(128, 0, limits), 255);
  EXPECT_EQ(register_cap(256, 2, limits), 128);
  EXPECT_EQ(register_cap(128, 3, limits), 168);  // 170, in units of 8
  // 16 values per thread at 1024 threads: fine in f32 (45 of 64), a clear
  // overflow in f64 (90 > 1.25 * 64); at 512 threads f64 fits (90 of 128).
  const XVariant wide = parse_x_variant("r16-16.t16.rows64.pad-none.tw-sincos.mb0");
  EXPECT_FALSE(register_overflow(256, Precision::f32, wide, limits));
  EXPECT_TRUE(register_overflow(256, Precision::f64, wide, limits));
  EXPECT_FALSE(register_overflow(256, Precision::f64, parse_x_variant("r16-16.t16.rows32.pad-none.tw-sincos.mb0"),
                                 limits));
  // An occupancy hint lowers the cap: 4 blocks of 256 threads leave 64.
  EXPECT_TRUE(register_overflow(256, Precision::f64, parse_x_variant("r16-16.t16.rows16.pad-none.tw-sincos.mb4"),
                                limits));
}

// With 227 KB of shared memory the shared limit and the register estimate
// bind at about the same data per block, so register pruning shows where no
// shared memory is used (five-step columns of 64 x 16 threads in f64) and
// under occupancy hints (OccupancyClimbSteps).
TEST(TuneCandidates, PruningRemovesOverflowsAndMergeableDecompositions) {
  const DeviceLimits limits;
  for (int n : {256, 512}) {
    const CandidateSet set =
        pass_candidates(n, Precision::f64, limits, true, TuneMode::exhaustive, estimate(n, Precision::f64, true));
    EXPECT_GT(set.pruned_registers, 0) << n;
    // 256: no 3-stage multiset survives ({8,8,4}: 8*4 = 32), so none counts;
    // 512: {32,8,2}, {32,4,4}, {16,16,2} and {16,8,4} merge, {8,8,8} is kept.
    EXPECT_EQ(set.pruned_merge, n == 256 ? 0 : 4) << n;
    bool has_three_stage = false, has_five_step = false;
    for (size_t i = 1; i < set.list.size(); ++i) {
      const Candidate& c = set.list[i];
      if (c.is_five_step()) {
        has_five_step = true;
        EXPECT_LT(c.five_step.columns_per_block * 16, 1024) << c.name();  // 90 registers do not fit 64
        continue;
      }
      EXPECT_FALSE(register_overflow(n, Precision::f64, c.x, limits)) << c.name();
      EXPECT_FALSE(has_mergeable_radices(c.x.radices)) << c.name();
      has_three_stage = has_three_stage || c.x.radices.size() == 3;
    }
    EXPECT_EQ(has_three_stage, n == 512) << n;
    EXPECT_EQ(has_five_step, n == 256) << n;  // 512 is no product of two five-step radices
    EXPECT_EQ(set.not_selected, 0);
    EXPECT_EQ(set.orderings_skipped, 0);
  }
}

// Rows of one codelet (16, 32) keep their pairs of codelets, on several
// threads a row, though one codelet merges them; columns of one codelet
// (lanes on neighbouring columns) and longer rows do not.
TEST(TuneCandidates, RowsOfOneCodeletKeepTheirPairs) {
  const DeviceLimits limits;
  auto shapes = [&](int n, bool columns, TuneMode mode, const Candidate& est) {
    std::set<std::vector<int>> radices;
    std::set<int> threads;
    for (const Candidate& c : pass_candidates(n, Precision::f32, limits, columns, mode, est).list)
      if (!c.is_five_step() && !(c == est)) {
        radices.insert(c.x.radices);
        threads.insert(c.x.threads_per_row);
      }
    return std::make_pair(radices, threads);
  };
  const Candidate rows16{parse_x_variant("r16.t1.rows256.pad-none.tw-sincos.mb0"), {}};
  for (TuneMode mode : {TuneMode::measure, TuneMode::exhaustive}) {
    const auto [radices, threads] = shapes(16, false, mode, rows16);
    EXPECT_TRUE(radices.count({16})) << static_cast<int>(mode);
    EXPECT_TRUE(radices.count({4, 4}) || radices.count({8, 2}) || radices.count({2, 8})) << static_cast<int>(mode);
    EXPECT_GT(*threads.rbegin(), 1);
  }
  // Real half rows of 8 (rows of 16 points): one thread a row, and 2 * 4 on several.
  const Candidate half8{parse_x_variant("r8.t1.rows256.pad-none.tw-sincos.mb0.real-half"), {}};
  for (TuneMode mode : {TuneMode::measure, TuneMode::exhaustive}) {
    const auto [radices, threads] = shapes(8, false, mode, half8);
    EXPECT_TRUE(radices.count({8}) || mode == TuneMode::measure) << static_cast<int>(mode);
    EXPECT_TRUE(radices.count({2, 4}) || radices.count({4, 2})) << static_cast<int>(mode);
    EXPECT_GT(*threads.rbegin(), 1);
  }
  const std::set<std::vector<int>> all16 = shapes(16, false, TuneMode::exhaustive, rows16).first;
  EXPECT_TRUE(all16.count({4, 4}) && all16.count({8, 2}) && all16.count({2, 8}));
  EXPECT_EQ(pass_candidates(16, Precision::f32, limits, false, TuneMode::exhaustive, rows16).pruned_merge, 0);
  // The real half rows of 64 points (32-point kernels) too, in their real form.
  const Candidate half32{estimate_x_variant(32, Precision::f32, limits, RealRows::half), {}};
  for (const Candidate& c : pass_candidates(32, Precision::f32, limits, false, TuneMode::exhaustive, half32).list)
    EXPECT_EQ(c.x.real, RealRows::half) << c.name();
  EXPECT_TRUE(shapes(32, false, TuneMode::exhaustive, half32).first.count({8, 4}));
  const Candidate cols16 = estimate(16, Precision::f32, true);
  for (const std::vector<int>& m : shapes(16, true, TuneMode::exhaustive, cols16).first)
    EXPECT_FALSE(has_mergeable_radices(m)) << m.size();
  for (const std::vector<int>& m : shapes(64, false, TuneMode::exhaustive, estimate(64, Precision::f32, false)).first)
    EXPECT_FALSE(has_mergeable_radices(m)) << m.size();
}

// MEASURE: the ESTIMATE choice first, a handful of candidates (few kernels
// to compile), all drawn from the EXHAUSTIVE space, few orderings.
TEST(TuneCandidates, MeasureKeepsASmallRankedSubset) {
  const DeviceLimits limits;
  for (Precision p : {Precision::f32, Precision::f64})
    for (bool columns : {false, true})
      for (int n : {64, 256, 60, 512}) {
        const Candidate est = estimate(n, p, columns);
        const CandidateSet measure = pass_candidates(n, p, limits, columns, TuneMode::measure, est);
        const CandidateSet all = pass_candidates(n, p, limits, columns, TuneMode::exhaustive, est);
        ASSERT_FALSE(measure.list.empty());
        EXPECT_EQ(measure.list.front(), est);
        EXPECT_LE(measure.list.size(), 20u) << n;
        EXPECT_GT(all.list.size(), measure.list.size()) << n;
        EXPECT_GT(measure.not_selected + measure.orderings_skipped, 0) << n;
        const std::set<std::string> everything = names(all.list);
        std::set<std::vector<int>> orders;
        int five_steps = 0;
        for (const Candidate& c : measure.list) {
          EXPECT_TRUE(everything.count(c.name())) << c.name();
          if (c.is_five_step()) {
            ++five_steps;
            continue;
          }
          EXPECT_TRUE(variant_factors(c.x, n));
          EXPECT_EQ(c.x.columns, columns);
          EXPECT_TRUE(x_variant_fits(x_variant_facts(n, p, c.x), limits)) << c.name();
          orders.insert(c.x.radices);
        }
        EXPECT_LE(orders.size(), 4u) << n;  // three by the model, and the estimate's
        EXPECT_EQ(five_steps, columns && (n == 64 || n == 256) ? 1 : 0) << n;  // 60, 512: no two-radix split
      }
}

// Both searches time the estimate with the other count of exchange buffers
// where it has a middle stage (three stages or more) and complex data.
TEST(TuneCandidates, ExchangeBufferTwin) {
  const DeviceLimits limits;
  auto buffers = [&](int n, bool columns, const Candidate& est, TuneMode mode) {
    std::multiset<int> counts;
    for (const Candidate& c : pass_candidates(n, Precision::f32, limits, columns, mode, est).list) {
      XVariant same_buffers = c.x;  // the estimate but for its exchange buffers
      same_buffers.exchange_buffers = est.x.exchange_buffers;
      if (same_buffers == est.x) counts.insert(c.x.exchange_buffers);
    }
    return counts;
  };
  for (TuneMode mode : {TuneMode::measure, TuneMode::exhaustive}) {
    EXPECT_EQ(buffers(343, true, estimate(343, Precision::f32, true), mode), (std::multiset<int>{1, 2}));
    EXPECT_EQ(buffers(512, false, estimate(512, Precision::f32, false), mode), (std::multiset<int>{1, 2}));
    EXPECT_EQ(buffers(256, false, estimate(256, Precision::f32, false), mode), (std::multiset<int>{1}));
    const Candidate real{estimate_x_variant(343, Precision::f32, limits, RealRows::pair), {}};
    EXPECT_EQ(buffers(343, false, real, mode), (std::multiset<int>{1}));
  }
}

TEST(TuneCandidates, ModelPrefersCoalescedColumnsAndFewerStages) {
  const DeviceLimits limits;
  const XVariant narrow = parse_x_variant("r16-16.t16.rows1.pad-none.tw-sincos.mb0.cols");
  const XVariant wide = parse_x_variant("r16-16.t16.rows16.pad-none.tw-sincos.mb0.cols");
  EXPECT_LT(model_cost(256, Precision::f32, limits, wide), model_cost(256, Precision::f32, limits, narrow));
  const XVariant two = parse_x_variant("r16-16.t16.rows8.pad-none.tw-sincos.mb0");
  const XVariant three = parse_x_variant("r8-8-4.t32.rows4.pad-none.tw-sincos.mb0");
  EXPECT_LT(model_cost(256, Precision::f32, limits, two), model_cost(256, Precision::f32, limits, three));
  // Rows whose lanes fill whole 32-byte sectors: 4 f32 threads a 16-point row, not one.
  const XVariant one_thread = parse_x_variant("r16.t1.rows256.pad-none.tw-sincos.mb0");
  const XVariant four_threads = parse_x_variant("r4-4.t4.rows64.pad-none.tw-sincos.mb0");
  EXPECT_LT(model_cost(16, Precision::f32, limits, four_threads), model_cost(16, Precision::f32, limits, one_thread));
}

TEST(TuneCandidates, OccupancyClimbSteps) {
  const DeviceLimits limits;
  const Candidate base{parse_x_variant("r16-8.t16.rows8.pad-gap.tw-sincos.mb0"), {}};  // 128 threads
  const std::vector<Candidate> steps = occupancy_climb(128, Precision::f32, limits, base, 10);
  ASSERT_FALSE(steps.empty());
  EXPECT_EQ(steps.front().x.min_blocks_per_sm, 3);  // 1 and 2 leave the cap at 255: the same code
  int previous_cap = register_cap(128, 0, limits);
  for (const Candidate& s : steps) {
    XVariant plain = s.x;
    plain.min_blocks_per_sm = 0;
    EXPECT_EQ(plain, base.x);
    const int cap = register_cap(128, s.x.min_blocks_per_sm, limits);
    EXPECT_LT(cap, previous_cap);
    previous_cap = cap;
    EXPECT_FALSE(register_overflow(128, Precision::f32, s.x, limits));
    EXPECT_LE(s.x.min_blocks_per_sm, 16);  // 2048 threads per SM / 128
  }
  EXPECT_EQ(occupancy_climb(128, Precision::f32, limits, base, 2).size(), 2u);
  const Candidate five{XVariant{}, estimate_five_step_variant(256, Precision::f32)};
  EXPECT_TRUE(occupancy_climb(256, Precision::f32, limits, five, 4).empty());
}

TEST(TuneCandidates, CandidateNamesRoundTrip) {
  for (const std::string& name : {std::string("r16-16.t16.rows32.pad-none.tw-sincos.mb0.cols"),
                                  std::string("r8-5-4-3.t60.rows4.pad-gap.tw-table.mb2"),
                                  std::string("fivestep16x16.cols32.tw-sincos"), std::string("fivestep4x8.cols8.tw-table")})
    EXPECT_EQ(parse_candidate(name).name(), name);
  EXPECT_TRUE(parse_candidate("fivestep4x8.cols8.tw-table").is_five_step());
  for (const char* bad : {"fivestep4x8", "fivestep4x11.cols8.tw-table", "fivestep4x8.cols8.tw-tablex", "r16-16"})
    EXPECT_THROW(parse_candidate(bad), Error) << bad;
}

}  // namespace
}  // namespace fft3d
