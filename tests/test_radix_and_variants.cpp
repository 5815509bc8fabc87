// Radix choice, the variant enumerator, variant names and layout facts.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <tuple>

#include "common/error.h"
#include "common/factor.h"
#include "fft1d/codelets.h"
#include "fft1d/radix.h"
#include "fft1d/x_variant.h"

namespace fft3d {
namespace {

TEST(Radix, PreferredRadices) {
  EXPECT_EQ(preferred_radices(480), (std::vector<int>{8, 5, 4, 3}));
  EXPECT_EQ(preferred_radices(512), (std::vector<int>{8, 8, 8}));
  EXPECT_EQ(preferred_radices(4096), (std::vector<int>{16, 16, 16}));
  EXPECT_EQ(preferred_radices(1024), (std::vector<int>{16, 8, 8}));
  EXPECT_EQ(preferred_radices(2), (std::vector<int>{2}));
  EXPECT_EQ(preferred_radices(343), (std::vector<int>{7, 7, 7}));
  EXPECT_EQ(preferred_radices(432), (std::vector<int>{16, 9, 3}));
  EXPECT_EQ(preferred_radices(243), (std::vector<int>{9, 9, 3}));
  EXPECT_TRUE(preferred_radices(22).empty());
  EXPECT_TRUE(preferred_radices(1).empty());
}

TEST(Radix, ProductIsNForEverySmoothN) {
  for (int n = 2; n <= 8192; ++n) {
    if (first_unsupported_factor(n)) continue;
    int p = 1;
    for (int r : preferred_radices(n)) {
      EXPECT_TRUE(kern::is_supported_radix(r));
      p *= r;
    }
    EXPECT_EQ(p, n);
  }
}

TEST(Radix, DistinctOrderings) {
  EXPECT_EQ(distinct_orderings({3, 4, 5, 8}).size(), 24u);
  EXPECT_EQ(distinct_orderings({8, 8, 8}).size(), 1u);
  EXPECT_EQ(distinct_orderings({16, 8, 8}).size(), 3u);
}

TEST(Factor, UnsupportedFactor) {
  EXPECT_EQ(first_unsupported_factor(480), 0);
  EXPECT_EQ(first_unsupported_factor(22), 11);
  EXPECT_EQ(first_unsupported_factor(13 * 17), 13);
  EXPECT_EQ(first_unsupported_factor(1), 0);
}

TEST(XVariant, EnumeratorCoversEveryOrderingOf480) {
  const auto variants = enumerate_x_variants(480, Precision::f32, DeviceLimits{});
  std::set<std::vector<int>> orderings;
  std::set<PadMethod> pads;
  std::set<int> blocks;
  for (const XVariant& v : variants) {
    orderings.insert(v.radices);
    pads.insert(v.pad);
    blocks.insert(v.threads_per_row * v.rows_per_block);
    EXPECT_TRUE(x_variant_fits(x_variant_facts(480, Precision::f32, v), DeviceLimits{})) << v.name();
  }
  EXPECT_EQ(orderings.size(), 24u);
  EXPECT_EQ(pads.size(), 3u);
  EXPECT_GE(blocks.size(), 4u);
}

TEST(XVariant, ColumnEnumeration) {
  const auto variants = enumerate_x_variants(256, Precision::f32, DeviceLimits{}, /*columns=*/true);
  std::set<int> widths;
  for (const XVariant& v : variants) {
    EXPECT_TRUE(v.columns);
    EXPECT_LE(v.rows_per_block * v.threads_per_row, 1024);
    widths.insert(v.rows_per_block);
  }
  EXPECT_TRUE(widths.count(16) && widths.count(1));
}

TEST(XVariant, PruningRespectsLimits) {
  DeviceLimits tight;
  tight.shared_bytes_per_block = 16 * 1024;
  tight.threads_per_block = 256;
  for (const XVariant& v : enumerate_x_variants(1024, Precision::f64, tight)) {
    const XVariantFacts f = x_variant_facts(1024, Precision::f64, v);
    EXPECT_LE(f.shared_bytes, tight.shared_bytes_per_block);
    EXPECT_LE(f.threads_per_block, 256);
  }
  // 4096 doubles need 64 KiB of shared memory: none fits in 16 KiB.
  EXPECT_TRUE(enumerate_x_variants(4096, Precision::f64, tight).empty());
  EXPECT_THROW(estimate_x_variant(4096, Precision::f64, tight), Error);
}

TEST(XVariant, NameRoundTrip) {
  for (const XVariant& v : enumerate_x_variants(240, Precision::f32, DeviceLimits{}))
    EXPECT_EQ(parse_x_variant(v.name()), v) << v.name();
  EXPECT_THROW(parse_x_variant("r8-5.t60"), Error);
  EXPECT_THROW(parse_x_variant("r11.t1.rows1.pad-none.tw-sincos.mb0"), Error);
  EXPECT_THROW(parse_x_variant("r8.t1.rows1.pad-odd.tw-sincos.mb0"), Error);
  // A named thread-index form comes last, once.
  for (const char* name : {"r16-16.t16.rows32.pad-none.tw-sincos.mb2.cols.idx-bound",
                           "r16-16.t16.rows16.pad-gap.tw-sincos.mb0.real-half.idx-plain"}) {
    const XVariant v = parse_x_variant(name);
    EXPECT_NE(v.thread_index, ThreadIndex::by_rule) << name;
    EXPECT_EQ(v.name(), name);
  }
  EXPECT_THROW(parse_x_variant("r16-16.t16.rows32.pad-none.tw-sincos.mb2.idx-bound.cols"), Error);
  EXPECT_THROW(parse_x_variant("r16-16.t16.rows32.pad-none.tw-sincos.mb2.idx-bound.idx-plain"), Error);
  EXPECT_THROW(parse_x_variant("r16-16.t16.rows32.pad-none.tw-sincos.mb2.idx-none"), Error);
}

// The other form than a variant's kernel has: f32 rows bound their index
// by rule (kern::x_bounds_thread_index_by_rule), columns do not; f64 has no
// twin (thread_index_switched).
TEST(XVariant, ThreadIndexTwins) {
  const XVariant rows = parse_x_variant("r16-16.t16.rows16.pad-gap.tw-sincos.mb0");
  const XVariant columns = parse_x_variant("r16-16.t16.rows32.pad-none.tw-sincos.mb2.cols");
  EXPECT_TRUE(x_bounds_thread_index(rows, Precision::f32));
  EXPECT_FALSE(x_bounds_thread_index(rows, Precision::f64));
  EXPECT_FALSE(x_bounds_thread_index(columns, Precision::f32));
  EXPECT_EQ(thread_index_switched(rows, Precision::f32)->thread_index, ThreadIndex::plain);
  EXPECT_EQ(thread_index_switched(columns, Precision::f32)->thread_index, ThreadIndex::bounded);
  const XVariant plain = *thread_index_switched(rows, Precision::f32);
  EXPECT_FALSE(x_bounds_thread_index(plain, Precision::f32));
  EXPECT_EQ(thread_index_switched(plain, Precision::f32)->thread_index, ThreadIndex::bounded);
  EXPECT_FALSE(thread_index_switched(rows, Precision::f64));
  // The form changes the kernel, not its layout.
  EXPECT_EQ(x_variant_facts(256, Precision::f32, plain).shared_bytes,
            x_variant_facts(256, Precision::f32, rows).shared_bytes);
}

TEST(XVariant, LayoutFacts) {
  const XVariant v{{16, 16}, 16, 4, PadMethod::none, false, 0};
  const kern::XLayout L = make_x_layout(256, Precision::f32, v);
  EXPECT_EQ(L.threads_per_block(), 64);
  EXPECT_EQ(L.elems_per_thread(), 16);
  EXPECT_EQ(L.row_stride(), 256);
  EXPECT_EQ(L.shared_bytes(4), 2 * 4 * 256 * 4);
  EXPECT_EQ(L.phases(), 2);
  // Unpadded, the second stage reads 16 j + k: a 16-way conflict.
  EXPECT_EQ(x_variant_facts(256, Precision::f32, v).worst_conflict_degree, 16);
  // Gap padding (17 j) fixes one row; the row stride then keeps the rows that
  // share a warp on other banks.
  XVariant padded = v;
  padded.pad = PadMethod::gap;
  EXPECT_EQ(x_variant_facts(256, Precision::f32, padded).worst_conflict_degree, 1);
  EXPECT_GT(make_x_layout(256, Precision::f32, padded).row_pad, 0);
  EXPECT_THROW(make_x_layout(255, Precision::f32, v), Error);
}

// The ESTIMATE rules documented in x_variant.cpp.
TEST(XVariant, EstimateHeuristic) {
  for (int n : {64, 128, 256, 512, 1024, 2048}) {
    const XVariant d = estimate_x_variant(n, Precision::f64, DeviceLimits{});
    EXPECT_LE(x_variant_facts(n, Precision::f64, d).worst_conflict_degree, 4) << n << " " << d.name();
    const XVariant f = estimate_x_variant(n, Precision::f32, DeviceLimits{});
    if (n <= 256)
      EXPECT_LE(x_variant_facts(n, Precision::f32, f).worst_conflict_degree, 4) << n << " " << f.name();
    else
      EXPECT_EQ(f.pad, PadMethod::none) << f.name();
    EXPECT_FALSE(f.twiddle_table);
    EXPECT_EQ(f.radices.front(), *std::max_element(f.radices.begin(), f.radices.end()));
  }
  EXPECT_EQ(estimate_x_variant(128, Precision::f32, DeviceLimits{}).threads_per_row, 16);
  EXPECT_EQ(estimate_x_variant(4096, Precision::f32, DeviceLimits{}).threads_per_row, 256);
  EXPECT_EQ(estimate_x_variant(432, Precision::f32, DeviceLimits{}).threads_per_row, 48);
  // Two composite stages from 210 up where two radices <= 25 at most 2:1
  // apart make n, with computed twiddles (a table with the 14-point codelet).
  for (const auto& [n, radices, threads] :
       {std::tuple{500, std::vector<int>{25, 20}, 25}, std::tuple{240, std::vector<int>{16, 15}, 16},
        std::tuple{400, std::vector<int>{20, 20}, 20}, std::tuple{300, std::vector<int>{20, 15}, 20},
        std::tuple{210, std::vector<int>{15, 14}, 15}}) {
    for (Precision p : {Precision::f32, Precision::f64}) {
      const XVariant c = estimate_x_variant(n, p, DeviceLimits{});
      EXPECT_EQ(c.radices, radices) << n;
      EXPECT_EQ(c.threads_per_row, threads) << n;
      EXPECT_EQ(c.twiddle_table, n == 210) << n;
    }
  }
  const XVariant c500 = estimate_column_variant(500, Precision::f32, DeviceLimits{});
  EXPECT_EQ(c500.radices, (std::vector<int>{20, 25}));  // columns: the smaller radix first
  EXPECT_EQ(c500.threads_per_row, 25);
  EXPECT_FALSE(c500.twiddle_table);
  EXPECT_EQ(estimate_column_variant(343, Precision::f32, DeviceLimits{}).radices, (std::vector<int>{7, 7, 7}));
  EXPECT_FALSE(estimate_column_variant(343, Precision::f32, DeviceLimits{}).twiddle_table);
  // f32 columns of 343 take two exchange buffers and ask for two blocks per
  // SM; f64 (88 KB blocks then) one buffer and no hint.
  EXPECT_EQ(estimate_column_variant(343, Precision::f32, DeviceLimits{}).exchange_buffers, 2);
  EXPECT_EQ(estimate_column_variant(343, Precision::f32, DeviceLimits{}).min_blocks_per_sm, 2);
  EXPECT_EQ(estimate_column_variant(343, Precision::f64, DeviceLimits{}).exchange_buffers, 1);
  EXPECT_EQ(estimate_column_variant(343, Precision::f64, DeviceLimits{}).min_blocks_per_sm, 0);
  // Real sides' f64 columns of 243 eight a block, complex ones 16.
  EXPECT_EQ(estimate_column_variant(243, Precision::f64, DeviceLimits{}, true).rows_per_block, 8);
  EXPECT_EQ(estimate_column_variant(243, Precision::f64, DeviceLimits{}).rows_per_block, 16);
  EXPECT_EQ(estimate_column_variant(243, Precision::f32, DeviceLimits{}, true).rows_per_block, 16);
  // Short radix-5 columns take a table in f32 only, 100 = 5 * 5 * 4 none.
  EXPECT_TRUE(estimate_column_variant(125, Precision::f32, DeviceLimits{}).twiddle_table);
  EXPECT_FALSE(estimate_column_variant(125, Precision::f64, DeviceLimits{}).twiddle_table);
  EXPECT_FALSE(estimate_column_variant(100, Precision::f32, DeviceLimits{}).twiddle_table);
  EXPECT_EQ(estimate_x_variant(243, Precision::f32, DeviceLimits{}).radices, (std::vector<int>{3, 9, 9}));  // 27*9
  EXPECT_EQ(estimate_x_variant(100, Precision::f32, DeviceLimits{}).radices.size(), 3u);  // below 240
  EXPECT_EQ(estimate_x_variant(192, Precision::f32, DeviceLimits{}).radices, (std::vector<int>{3, 8, 8}));
  // Two prime stages keep the smallest radix first, as before the composite rule.
  EXPECT_EQ(estimate_x_variant(48, Precision::f32, DeviceLimits{}).radices, (std::vector<int>{3, 16}));
  EXPECT_EQ(estimate_column_variant(192, Precision::f32, DeviceLimits{}).radices, (std::vector<int>{8, 8, 3}));
  // Columns of 210 (15 * 14, 15 first, 14 threads) and 243 (9 * 27, 27
  // threads): table twiddles, as many columns as 256-byte segments hold in
  // 512 threads (243 in f32: 16, not 32 columns of 864 threads).
  for (const auto& [n, radices, threads, f32_columns] :
       {std::tuple{210, std::vector<int>{15, 14}, 14, 32}, std::tuple{243, std::vector<int>{9, 27}, 27, 16}}) {
    for (Precision p : {Precision::f32, Precision::f64}) {
      const XVariant c = estimate_column_variant(n, p, DeviceLimits{});
      EXPECT_EQ(c.radices, radices) << n;
      EXPECT_EQ(c.threads_per_row, threads) << n;
      EXPECT_EQ(c.rows_per_block, p == Precision::f32 ? f32_columns : 16) << n;
      EXPECT_TRUE(c.twiddle_table) << n;
    }
  }
  // Columns of 420: 3 and 5 merged into a last 15-point stage, one 15-point
  // butterfly per thread.
  const XVariant c420 = estimate_column_variant(420, Precision::f32, DeviceLimits{});
  EXPECT_EQ(c420.radices.back(), 15);
  EXPECT_EQ(c420.threads_per_row, 28);
  EXPECT_TRUE(c420.twiddle_table);
  // Columns of 480 in f32: 15 * 32 (rows keep four prime stages); 640 is untimed.
  const XVariant c480 = estimate_column_variant(480, Precision::f32, DeviceLimits{});
  EXPECT_EQ(c480.radices, (std::vector<int>{15, 32}));
  EXPECT_EQ(c480.threads_per_row, 32);
  EXPECT_EQ(c480.rows_per_block, 16);
  EXPECT_TRUE(c480.twiddle_table);
  EXPECT_EQ(estimate_column_variant(640, Precision::f32, DeviceLimits{}).radices.size(), 3u);
  // Wide column blocks where measured faster (measured_column_form): 256-byte
  // segments past the 96 KB budget, one block per SM.
  for (const auto& [n, p, name] :
       {std::tuple{480, Precision::f64, "r16-30.t30.rows16.pad-none.tw-table.mb0.cols"},
        std::tuple{384, Precision::f32, "r24-16.t16.rows32.pad-none.tw-sincos.mb0.cols"}}) {
    const XVariant c = estimate_column_variant(n, p, DeviceLimits{});
    EXPECT_EQ(c.name(), name);
    const long long wide = x_variant_facts(n, p, c).shared_bytes;
    EXPECT_GT(wide, 96 * 1024) << name;
    DeviceLimits small;  // a device with less shared memory falls back to the heuristic
    small.shared_bytes_per_block = wide - 1;
    EXPECT_LE(x_variant_facts(n, p, estimate_column_variant(n, p, small)).shared_bytes, 96 * 1024) << name;
  }
  // Not where a real transform lost that way: f32 400 and f64 384 keep 96
  // KB (384 in f64 as 24 * 16 on 8 columns, as in f32 on 32); nor 500 and
  // f64 400, which lost that way on an H200 once column loads were grouped.
  EXPECT_EQ(estimate_column_variant(400, Precision::f32, DeviceLimits{}).rows_per_block, 16);
  EXPECT_EQ(estimate_column_variant(400, Precision::f64, DeviceLimits{}).name(),
            "r20-20.t20.rows8.pad-none.tw-sincos.mb0.cols");
  for (Precision p : {Precision::f32, Precision::f64})
    EXPECT_EQ(estimate_column_variant(500, p, DeviceLimits{}).name(),
              p == Precision::f32 ? "r20-25.t25.rows16.pad-none.tw-sincos.mb0.cols"
                                  : "r20-25.t25.rows8.pad-none.tw-sincos.mb0.cols");
  EXPECT_EQ(estimate_column_variant(384, Precision::f64, DeviceLimits{}).name(),
            "r24-16.t16.rows8.pad-none.tw-sincos.mb0.cols");
  // Columns of 512: 32 * 16, one radix-32 butterfly per thread, unpadded,
  // 32 columns in f32 (up to 132 KB), 8 in f64 (96 KB, two blocks per SM,
  // kLongColumnSharedBudget); 1024 in f32 32 * 32 on 8 columns (64 KB),
  // in f64 3 stages.
  for (Precision p : {Precision::f32, Precision::f64}) {
    const XVariant c512 = estimate_column_variant(512, p, DeviceLimits{});
    EXPECT_EQ(c512.radices, (std::vector<int>{32, 16}));
    EXPECT_EQ(c512.threads_per_row, 16);
    EXPECT_EQ(c512.rows_per_block, p == Precision::f32 ? 32 : 8);
    EXPECT_EQ(c512.pad, PadMethod::none);
    EXPECT_LE(x_variant_facts(512, p, c512).shared_bytes, (p == Precision::f32 ? 132 : 96) * 1024);
    const XVariant c1024 = estimate_column_variant(1024, p, DeviceLimits{});
    if (p == Precision::f32) {
      EXPECT_EQ(c1024.name(), "r32-32.t32.rows8.pad-none.tw-sincos.mb0.cols");
    } else {
      EXPECT_EQ(c1024.radices.size(), 3u) << c1024.name();
    }
  }
  EXPECT_EQ(estimate_x_variant(256, Precision::f32, DeviceLimits{}).radices, (std::vector<int>{16, 16}));
  // Rows of 343 and 500 in the forms measured faster (measured_row_form):
  // 500 gap padding and three blocks per SM; 343 computes its twiddles,
  // unpadded, in f64 one row a block with three blocks per SM.
  for (Precision p : {Precision::f32, Precision::f64}) {
    const XVariant r343 = estimate_x_variant(343, p, DeviceLimits{}), r500 = estimate_x_variant(500, p, DeviceLimits{});
    EXPECT_EQ(r343.name(), p == Precision::f32 ? "r7-7-7.t49.rows2.pad-none.tw-sincos.mb0"
                                               : "r7-7-7.t49.rows1.pad-none.tw-sincos.mb3");
    EXPECT_EQ(r500.name(), "r25-20.t25.rows5.pad-gap.tw-sincos.mb3");
    EXPECT_EQ(estimate_x_variant(480, p, DeviceLimits{}).min_blocks_per_sm, 0);  // not measured so
  }
  const XVariant v = estimate_x_variant(480, Precision::f32, DeviceLimits{});
  EXPECT_EQ(v.radices, (std::vector<int>{3, 4, 5, 8}));
  EXPECT_EQ(v.threads_per_row, 160);
  EXPECT_TRUE(v.twiddle_table);
}

}  // namespace
}  // namespace fft3d
