// Bank-conflict predictor, brute force, pad-map choice and block simulation.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <set>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "fft1d/bank_conflicts.h"
#include "fft1d/padding.h"

namespace fft3d {
namespace {

const kern::PadMap kNoPad{1, 0};

// Radix multisets of N = 2^a 3^b 5^c 7^d over {2,3,4,5,7,8,9,16}. The odd
// part factors two ways (3s, 5s, 7s; or with pairs of 3s as 9s); the 2^a part
// two ways: fewest factors (16s plus one 2/4/8) and all 4s (plus one 2 if a
// is odd). Duplicates merged.
std::vector<std::vector<int>> radix_multisets(int n) {
  std::vector<int> odd, odd9;
  int threes = 0;
  while (n % 3 == 0) ++threes, n /= 3;
  for (int i = 0; i < threes; ++i) odd.push_back(3);
  for (int i = 0; i < threes / 2; ++i) odd9.push_back(9);
  if (threes % 2) odd9.push_back(3);
  for (int p : {5, 7})
    while (n % p == 0) odd.push_back(p), odd9.push_back(p), n /= p;
  int a = 0;
  while (n % 2 == 0) ++a, n /= 2;
  if (n != 1) return {};
  std::set<std::vector<int>> out;
  for (const std::vector<int>& base : {odd, odd9}) {
    std::vector<int> fewest(base), fours(base);
    for (int i = 0; i < a / 4; ++i) fewest.push_back(16);
    if (a % 4) fewest.push_back(1 << (a % 4));
    for (int i = 0; i < a / 2; ++i) fours.push_back(4);
    if (a % 2) fours.push_back(2);
    std::sort(fewest.begin(), fewest.end());
    std::sort(fours.begin(), fours.end());
    out.insert(fewest);
    out.insert(fours);
  }
  return {out.begin(), out.end()};
}

// Every distinct ordering of every multiset of every 7-smooth N in [2, 1024].
std::vector<std::vector<int>> all_radix_orders() {
  std::vector<std::vector<int>> orders;
  for (int n = 2; n <= 1024; ++n)
    for (std::vector<int> m : radix_multisets(n)) do
        orders.push_back(m);
      while (std::next_permutation(m.begin(), m.end()));
  return orders;
}

int product(const std::vector<int>& v, size_t from = 0) {
  int p = 1;
  for (size_t i = from; i < v.size(); ++i) p *= v[i];
  return p;
}

// One exchange read in the single-row model.
struct ReadShape {
  int P, r, threads;
  bool operator<(const ReadShape& o) const {
    return std::tie(P, r, threads) < std::tie(o.P, o.r, o.threads);
  }
};

// The distinct reads of all exchanges of all radix orders.
std::set<ReadShape> all_exchange_reads() {
  std::set<ReadShape> reads;
  for (const auto& order : all_radix_orders()) {
    const int n = product(order);
    for (size_t s = 1; s < order.size(); ++s)
      reads.insert({product(order, s + 1), order[s], n / order[s]});
  }
  return reads;
}

kern::XLayout make_layout(const std::vector<int>& radices, int threads_per_row, int rows,
                          const std::vector<kern::PadMap>& maps = {}) {
  kern::XLayout L{};
  L.n = product(radices);
  L.stages = static_cast<int>(radices.size());
  for (int s = 0; s < L.stages; ++s) L.radix[s] = radices[static_cast<size_t>(s)];
  L.threads_per_row = threads_per_row;
  L.rows_per_block = rows;
  for (int e = 0; e + 1 < L.stages; ++e)
    L.exchange[e] = static_cast<size_t>(e) < maps.size() ? maps[static_cast<size_t>(e)] : kNoPad;
  L.twiddle_table = false;
  return L;
}

bool same(kern::PadMap a, kern::PadMap b) { return a.period == b.period && a.amount == b.amount; }

TEST(BankConflicts, PredictorExactOnEveryRadixOrder) {
  long long checked = 0;
  for (const auto& order : all_radix_orders()) {
    const int n = product(order);
    for (size_t s = 1; s < order.size(); ++s) {
      const int P = product(order, s + 1), r = order[s], threads = n / r;
      for (int banks : {32, 16}) {
        ASSERT_EQ(predict_conflict_free_read(P, r, threads, banks),
                  brute_force_read_degree(P, r, threads, banks, kNoPad) == 1)
            << "N=" << n << " P=" << P << " r=" << r << " banks=" << banks;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 10000);
  std::printf("[ info ] %lld exchange reads checked\n", checked);
}

// Beyond our radices: every P, r and multiple threads = P * R in a range.
TEST(BankConflicts, PredictorExactOnSyntheticShapes) {
  for (int banks : {8, 16, 32})
    for (int P = 1; P <= 64; ++P)
      for (int r = 1; r <= 17; ++r)
        for (int R = 1; R <= 16; ++R)
          ASSERT_EQ(predict_conflict_free_read(P, r, P * R, banks),
                    brute_force_read_degree(P, r, P * R, banks, kNoPad) == 1)
              << "P=" << P << " r=" << r << " threads=" << P * R << " banks=" << banks;
}

TEST(BankConflicts, PaperRuleHoldsWithFullWarps) {
  // N = 8 as {4, 2}: P = 1, r = 2, 4 threads -> addresses 2j + k, conflict-free
  // although the paper's rule (which assumes full warps) says otherwise.
  EXPECT_TRUE(predict_conflict_free_read(1, 2, 4, 32));
  EXPECT_FALSE(predict_conflict_free_read(1, 2, 32, 32));
  // P = 3, r = 3, float, one partial warp: 3 r e mod 32 first comes within 3
  // of 0 at e = 7 (63 = -1), so up to 7 blocks are fine, 8 are not.
  EXPECT_TRUE(predict_conflict_free_read(3, 3, 21, 32));
  EXPECT_FALSE(predict_conflict_free_read(3, 3, 24, 32));
  EXPECT_EQ(brute_force_read_degree(3, 3, 21, 32, kNoPad), 1);
  EXPECT_EQ(brute_force_read_degree(3, 3, 24, 32, kNoPad), 2);
}

TEST(BankConflicts, WriteDegree) {
  // j + M k: consecutive j within a warp -> always conflict-free unpadded.
  EXPECT_EQ(brute_force_write_degree(16, 16, 16, 32, kNoPad), 1);
  // Padding 1 after every 2 elements spreads a warp's 32 writes over 48 words.
  EXPECT_EQ(brute_force_write_degree(64, 2, 64, 32, kern::PadMap{2, 1}), 2);
}

TEST(Padding, Names) {
  EXPECT_STREQ(pad_method_name(PadMethod::none), "none");
  EXPECT_STREQ(pad_method_name(PadMethod::gap), "gap");
  EXPECT_STREQ(pad_method_name(PadMethod::periodic), "periodic");
  EXPECT_TRUE(same(choose_pad_map(PadMethod::none, 3, 4, 96, 32), kNoPad));
}

// Gap padding is conflict-free whenever some amount < banks is, and minimal.
void check_gap(int P, int r, int threads, int banks) {
  const kern::PadMap m = choose_pad_map(PadMethod::gap, P, r, threads, banks);
  const int b = m.amount;
  ASSERT_TRUE(b == 0 ? same(m, kNoPad) : m.period == P * r);
  bool any = false;
  for (int c = 0; c < banks && !any; ++c)
    any = brute_force_read_degree(P, r, threads, banks, kern::PadMap{P * r, c}) == 1;
  ASSERT_TRUE(any);  // the paper's amount -P(r-1) mod banks always works
  ASSERT_EQ(brute_force_read_degree(P, r, threads, banks, m), 1)
      << "P=" << P << " r=" << r << " threads=" << threads << " banks=" << banks;
  for (int c = 0; c < b; ++c)
    ASSERT_GT(brute_force_read_degree(P, r, threads, banks, kern::PadMap{P * r, c}), 1);
}

TEST(Padding, GapMinimalAndConflictFree) {
  int amount_one = 0, cases = 0;
  for (const ReadShape& s : all_exchange_reads())
    for (int banks : {32, 16}) {
      check_gap(s.P, s.r, s.threads, banks);
      amount_one += choose_pad_map(PadMethod::gap, s.P, s.r, s.threads, banks).amount == 1;
      ++cases;
    }
  for (int banks : {16, 32})
    for (int P = 1; P <= 40; ++P)
      for (int r : {2, 3, 4, 5, 7, 8, 16})
        for (int R : {1, 2, 3, 5, 8, 16, 32}) check_gap(P, r, P * R, banks), ++cases;
  std::printf("[ info ] %d gap cases, %d of the exchange reads padded by 1\n", cases, amount_one);
}

TEST(Padding, PeriodicConflictFreeForPowersOfTwo) {
  for (int banks : {16, 32})
    for (int P = 1; P < banks; P *= 2)
      for (int r : {2, 4, 8, 16})
        for (int R = 1; R <= 64; ++R) {
          const kern::PadMap m = choose_pad_map(PadMethod::periodic, P, r, P * R, banks);
          ASSERT_EQ(m.amount, P);
          ASSERT_EQ(m.period, std::max(banks, P * r));
          ASSERT_EQ(brute_force_read_degree(P, r, P * R, banks, m), 1)
              << "P=" << P << " r=" << r << " threads=" << P * R << " banks=" << banks;
        }
  // The paper's period `banks` alone is not enough once P r > banks.
  EXPECT_EQ(brute_force_read_degree(4, 16, 64, 32, kern::PadMap{32, 4}), 2);
  EXPECT_TRUE(same(choose_pad_map(PadMethod::periodic, 3, 4, 96, 32), kNoPad));
  EXPECT_TRUE(same(choose_pad_map(PadMethod::periodic, 4, 3, 96, 32), kNoPad));
  EXPECT_TRUE(same(choose_pad_map(PadMethod::periodic, 32, 2, 128, 32), kNoPad));
}

void expect_conflicts(const std::vector<ExchangeConflicts>& got,
                      const std::vector<ExchangeConflicts>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t e = 0; e < got.size(); ++e) {
    EXPECT_EQ(got[e].write_degree, want[e].write_degree) << "exchange " << e;
    EXPECT_EQ(got[e].read_degree, want[e].read_degree) << "exchange " << e;
  }
}

TEST(LayoutConflicts, N256Radix16x16) {
  // 16 threads per row, per_thread 1. Write j + 16k; read (P = 1, r = 16) 16j + k.
  // Float, 2 rows unpadded: a warp is rows 0 and 1, 256 words apart (same
  // banks): write -> 2; read of row 0 hits banks k, k+16 with 8 j each -> 16.
  const kern::XLayout two_rows = make_layout({16, 16}, 16, 2);
  expect_conflicts(layout_conflicts(two_rows, 4), {{2, 16}});
  // Double: a half-warp is one row; write banks j -> 1, read banks k -> 16.
  expect_conflicts(layout_conflicts(two_rows, 8), {{1, 16}});

  // Gap padding: 1 element per 16, read 17j + k, write j + 17k.
  const kern::PadMap gap = choose_pad_map(PadMethod::gap, 1, 16, 16, 32);
  ASSERT_TRUE(same(gap, kern::PadMap{16, 1}));
  expect_conflicts(layout_conflicts(make_layout({16, 16}, 16, 1, {gap}), 4), {{1, 1}});
  // With 2 rows, row_stride = 271 = 15 (mod 32): row 1's banks overlap row
  // 0's (read: 17*1 + 271 = 288 = 0 mod 32, as row 0's j = 0), degree 2.
  const kern::XLayout padded = make_layout({16, 16}, 16, 2, {gap});
  ASSERT_EQ(padded.row_stride(), 271);
  expect_conflicts(layout_conflicts(padded, 4), {{2, 2}});
  expect_conflicts(layout_conflicts(padded, 8), {{1, 1}});  // half-warp = one row
}

TEST(LayoutConflicts, N64Radix4x4x4PerThread) {
  // 16 threads: the read of stage 1 (P = 4) is s + 16q + 4k for q < 4, q and
  // q + 2 collide mod 32; stage 2 (P = 1) is 4j + k, j and j + 8 collide.
  expect_conflicts(layout_conflicts(make_layout({4, 4, 4}, 16, 1), 4), {{1, 2}, {1, 2}});
  // 8 threads, 2 butterflies each: each access spans only 8 consecutive j
  // (q < 2 or 2 <= q < 4; 4j + k for 8 j) -> conflict-free.
  expect_conflicts(layout_conflicts(make_layout({4, 4, 4}, 8, 1), 4), {{1, 1}, {1, 1}});
}

// With one row and a thread per butterfly of every stage, the block is the
// single-row model (float warps = 32 banks, double half-warps = 16 banks).
TEST(LayoutConflicts, OneRowMatchesSingleRowModel) {
  int layouts = 0;
  for (const auto& order : all_radix_orders()) {
    if (order.size() < 2) continue;
    const int n = product(order);
    const int tpr = n / *std::min_element(order.begin(), order.end());
    for (int banks : {32, 16})
      for (PadMethod method : {PadMethod::none, PadMethod::gap, PadMethod::periodic}) {
        std::vector<kern::PadMap> maps;
        for (size_t s = 1; s < order.size(); ++s)
          maps.push_back(choose_pad_map(method, product(order, s + 1), order[s], n / order[s], banks));
        const kern::XLayout L = make_layout(order, tpr, 1, maps);
        const auto got = layout_conflicts(L, banks == 32 ? 4 : 8);
        ASSERT_EQ(got.size(), order.size() - 1);
        for (size_t e = 0; e + 1 < order.size(); ++e) {
          const int mw = n / order[e], mr = n / order[e + 1];
          ASSERT_EQ(got[e].write_degree, brute_force_write_degree(mw, order[e], mw, banks, maps[e]));
          ASSERT_EQ(got[e].read_degree,
                    brute_force_read_degree(product(order, e + 2), order[e + 1], mr, banks, maps[e]));
        }
        ++layouts;
      }
  }
  std::printf("[ info ] %d layouts compared\n", layouts);
}

TEST(LayoutConflicts, RejectsOtherElementSizes) {
  EXPECT_THROW(layout_conflicts(make_layout({4, 4}, 4, 1), 2), std::invalid_argument);
}

}  // namespace
}  // namespace fft3d
