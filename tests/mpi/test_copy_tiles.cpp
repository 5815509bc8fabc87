// The GPU box copy's tasks and tiles, run on the CPU with the kernel's own
// phase functions (box_copy_kernel.h) for every thread of every block: for
// every copy the decompositions make, random boxes and random strided
// layouts, the tiles must write exactly what the reference box copy writes,
// each destination element once and nothing else. Also checks which copies
// become which kind of task (the fast paths the plans rely on).
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

#include "common/error.h"
#include "copy_patterns.h"
#include "mpi/copy_tiles.h"

namespace fft3d {
namespace mpi {
namespace {

using copy_test::CopyList;

// Where the emulated kernel stores: counts per destination element.
struct StoreTally {
  const unsigned char* begin = nullptr;
  const unsigned char* end = nullptr;
  int element_bytes = 8;
  std::vector<int> counts;
};
StoreTally* g_tally = nullptr;

// An element (or 16-byte pair) whose stores into the tallied buffer count.
template <int Bytes>
struct alignas(Bytes) Counted {
  unsigned char b[Bytes];
  Counted& operator=(const Counted& o) {
    std::memcpy(b, o.b, Bytes);
    const auto* p = reinterpret_cast<const unsigned char*>(this);
    if (g_tally && p >= g_tally->begin && p < g_tally->end) {
      const long long first = (p - g_tally->begin) / g_tally->element_bytes;
      for (int k = 0; k < Bytes / g_tally->element_bytes; ++k) ++g_tally->counts[static_cast<size_t>(first + k)];
    }
    return *this;
  }
};
static_assert(sizeof(Counted<8>) == 8 && sizeof(Counted<16>) == 16, "counted element sizes");

// Buffers of `elements` plus margins, 16-byte aligned at the first element
// (or 8 bytes past it when misaligned), filled with a byte pattern.
struct TestBuffer {
  static constexpr long long kMargin = 4;  // elements each side
  std::vector<kern::Word16> storage;
  unsigned char* base = nullptr;  // the first margin element
  long long bytes = 0;
  int element_bytes;

  TestBuffer(long long elements, int eb, bool misaligned) : element_bytes(eb) {
    bytes = (elements + 2 * kMargin) * eb;
    storage.resize(static_cast<size_t>(bytes / 16 + 2));
    base = reinterpret_cast<unsigned char*>(storage.data()) + (misaligned ? 8 : 0);
  }
  void* data() const { return base + kMargin * element_bytes; }
  void fill_random(unsigned seed) {
    std::mt19937 rng(seed);
    for (long long i = 0; i < bytes; ++i) base[i] = static_cast<unsigned char>(rng());
  }
  void poison() { std::memset(base, 0x5A, static_cast<size_t>(bytes)); }
};

// How often the reference writes each destination element (the spec of
// BoxCopy): dst[offset + sum i_k stride_k] for every index.
std::vector<int> reference_counts(const std::vector<BoxCopy>& copies, long long elements) {
  std::vector<int> counts(static_cast<size_t>(elements + 2 * TestBuffer::kMargin), 0);
  for (const BoxCopy& c : copies)
    for (long long k = 0; k < c.extent[2]; ++k)
      for (long long j = 0; j < c.extent[1]; ++j)
        for (long long i = 0; i < c.extent[0]; ++i)
          ++counts[static_cast<size_t>(TestBuffer::kMargin + c.dst_offset + i * c.dst_stride[0] +
                                       j * c.dst_stride[1] + k * c.dst_stride[2])];
  return counts;
}

template <int Bytes>
void expect_like_reference(const std::vector<BoxCopy>& copies, const std::string& what, bool misaligned) {
  const long long src_n = copy_test::reach(copies, true), dst_n = copy_test::reach(copies, false);
  TestBuffer src(src_n, Bytes, misaligned), want(dst_n, Bytes, misaligned), got(dst_n, Bytes, misaligned);
  src.fill_random(static_cast<unsigned>(src_n * 31 + dst_n));
  want.poison();
  got.poison();
  run_box_copies_on_host(src.data(), want.data(), copies, Bytes);

  const CopyTiles tiles = make_copy_tiles(copies, Bytes);
  StoreTally tally;
  tally.begin = got.base;
  tally.end = got.base + got.bytes;
  tally.element_bytes = Bytes;
  tally.counts.assign(static_cast<size_t>(dst_n + 2 * TestBuffer::kMargin), 0);
  g_tally = &tally;
  emulate_copy_tiles<Counted<Bytes>, Counted<16>>(tiles, src.data(), got.data(), !misaligned);
  g_tally = nullptr;

  const std::string where = what + " (" + std::to_string(Bytes) + "-byte, " +
                            (misaligned ? "misaligned" : "aligned") + ")";
  ASSERT_EQ(std::memcmp(want.base, got.base, static_cast<size_t>(want.bytes)), 0) << where;
  const std::vector<int> expected = reference_counts(copies, dst_n);
  for (size_t i = 0; i < expected.size(); ++i)
    ASSERT_EQ(tally.counts[i], expected[i]) << where << ": element " << i << " (margin " << TestBuffer::kMargin << ")";
}

void expect_like_reference_all_ways(const std::vector<BoxCopy>& copies, const std::string& what) {
  for (bool misaligned : {false, true}) {
    expect_like_reference<8>(copies, what, misaligned);
    expect_like_reference<16>(copies, what, misaligned);
  }
}

long long region_extent(const BoxCopy& c, bool src) {
  for (int k = 0; k < 3; ++k)
    if ((src ? c.src_stride[k] : c.dst_stride[k]) == 1) return c.extent[k];
  return 0;
}

TEST(MpiCopyTiles, DecompositionCopiesMatchTheReference) {
  const std::vector<CopyList> lists = copy_test::decomposition_copies();
  ASSERT_GT(lists.size(), 500u);
  for (const CopyList& l : lists) expect_like_reference_all_ways(l.copies, l.name);
}

TEST(MpiCopyTiles, DecompositionCopiesTakeTheFastPaths) {
  int transposes = 0, runs = 0;
  for (const CopyList& l : copy_test::decomposition_copies())
    for (const BoxCopy& c : l.copies) {
      if (c.volume() == 0) continue;
      const kern::CopyTask t = make_copy_task(c, 8);
      if (l.role == CopyList::pack) {
        // Contiguous on both sides: runs, moved in pairs when all is even
        // (a run of one element, from a part of one plane, has no unit stride).
        if (c.extent[0] == 1) continue;
        EXPECT_EQ(t.kind, kern::kCopyRows) << l.name;
        EXPECT_EQ(t.src_stride[0], 1) << l.name;
        EXPECT_EQ(t.dst_stride[0], 1) << l.name;
        ++runs;
      } else if (region_extent(c, true) > 1 && region_extent(c, false) > 1) {
        EXPECT_EQ(t.kind, kern::kCopyTranspose) << l.name;
        EXPECT_EQ(t.src_stride[0], 1) << l.name;
        EXPECT_EQ(t.dst_stride[1], 1) << l.name;
        ++transposes;
      }
    }
  EXPECT_GT(runs, 100);
  EXPECT_GT(transposes, 100);
}

// The shapes of the benchmark case, 512^3 complex, without running them.
TEST(MpiCopyTiles, LargeGridTasks) {
  const Grid g{512, 512, 512, false};
  // One GPU: pencil 1 x 1, every reshape a whole-volume transpose of 32 x 32 tiles.
  const Decomposition one = make_decomposition(g, DecompositionKind::pencil, {1, 1});
  for (const CopyList& l : copy_test::rank_copies(one, 0, 0)) {
    ASSERT_EQ(l.copies.size(), 1u) << l.name;
    const CopyTiles tiles = make_copy_tiles(l.copies, 8);
    ASSERT_EQ(tiles.tasks.size(), 1u);
    const kern::CopyTask& t = tiles.tasks[0];
    EXPECT_EQ(t.kind, kern::kCopyTranspose) << l.name;
    EXPECT_EQ(t.log_w, 5);
    EXPECT_EQ(t.log_h, 5);
    EXPECT_EQ(tiles.blocks, 512LL * 512 * 512 / 1024) << l.name;
  }
  // Two GPUs as the pencil 1 x 2: runs of 256 y values in pairs, and
  // transposes that unpack.
  const Decomposition two = make_decomposition(g, DecompositionKind::pencil, {1, 2});
  for (const CopyList& l : copy_test::rank_copies(two, 0, 1)) {
    if (l.role != CopyList::pack) continue;
    ASSERT_EQ(l.copies.size(), 2u) << l.name;
    for (const BoxCopy& c : l.copies) {
      const kern::CopyTask t = make_copy_task(c, 8);
      EXPECT_EQ(t.kind, kern::kCopyRows);
      EXPECT_EQ(t.n[0], 256);
      EXPECT_EQ(t.paired, 1);
      EXPECT_EQ(t.log_w, 8);  // a whole run per tile row, 8 rows per tile
      EXPECT_EQ(t.log_h, 3);
    }
  }
  // A slab over two ranks packs whole x rows of its y half: one run per z plane.
  const Decomposition slab = make_decomposition(g, DecompositionKind::slab, {1, 2});
  const ReshapePlan p = make_reshape_plan(slab, 0, 1, 0, 0);
  const kern::CopyTask t = make_copy_task(p.pack[1], 16);
  EXPECT_EQ(t.kind, kern::kCopyRows);
  EXPECT_EQ(t.n[0], 512LL * 256);
  EXPECT_EQ(t.n[1], 256);  // the z planes
  EXPECT_EQ(t.paired, 0);  // only 8-byte elements pair
}

TEST(MpiCopyTiles, RandomBoxCopiesMatchTheReference) {
  std::mt19937 rng(20240607);
  for (int trial = 0; trial < 60; ++trial) {
    const int count = std::uniform_int_distribution<int>(1, 6)(rng);
    const int max_n = trial % 4 == 0 ? 70 : 14;  // some span several tiles each way
    expect_like_reference_all_ways(copy_test::random_box_copies(rng, count, max_n),
                                   "random box copies, trial " + std::to_string(trial));
  }
}

TEST(MpiCopyTiles, RandomStridedCopiesMatchTheReference) {
  std::mt19937 rng(77);
  int general = 0;
  for (int trial = 0; trial < 80; ++trial) {
    const BoxCopy c = copy_test::random_strided_copy(rng, trial % 5 == 0 ? 48 : 12);
    const kern::CopyTask t = make_copy_task(c, 8);
    if (t.kind == kern::kCopyRows && (t.src_stride[0] != 1 || t.dst_stride[0] != 1)) ++general;
    expect_like_reference_all_ways({c}, "random strided copy, trial " + std::to_string(trial));
  }
  EXPECT_GT(general, 5);  // the fallback was exercised
}

TEST(MpiCopyTiles, OddAndEmptyCopies) {
  const Box src{{0, 0, 0}, {7, 13, 5}, {kX, kY, kZ}};
  Box dst = src;
  std::vector<BoxCopy> copies{BoxCopy{}};  // empty copies are skipped
  for (const Index3& order : {Index3{kY, kX, kZ}, Index3{kZ, kX, kY}, Index3{kZ, kY, kX}, Index3{kX, kY, kZ}}) {
    dst.order = order;
    copies.push_back(make_box_copy(src, 0, dst, copy_test::reach(copies, false), src));
  }
  copies.push_back(BoxCopy{});
  expect_like_reference_all_ways(copies, "7x13x5 in four orders");
  const CopyTiles tiles = make_copy_tiles(copies, 16);
  EXPECT_EQ(tiles.tasks.size(), 4u);
  // A single element and a list of nothing.
  BoxCopy one;
  one.extent = {1, 1, 1};
  one.src_offset = 3;
  one.dst_offset = 1;
  expect_like_reference_all_ways({one}, "one element");
  const CopyTiles none = make_copy_tiles({BoxCopy{}}, 8);
  EXPECT_EQ(none.blocks, 0);
  EXPECT_TRUE(none.tasks.empty());
}

TEST(MpiCopyTiles, LargerTransposesMatchTheReference) {
  // Several tiles each way with ragged edges, and the narrow tile shapes.
  const Box a{{0, 0, 0}, {70, 45, 3}, {kX, kY, kZ}};
  for (const Index3& order : {Index3{kY, kX, kZ}, Index3{kZ, kX, kY}}) {
    Box b = a;
    b.order = order;
    expect_like_reference_all_ways({make_box_copy(a, 0, b, 0, a)}, "70x45x3 to " + order_name(order));
  }
  const Box narrow{{0, 0, 0}, {3, 200, 4}, {kX, kY, kZ}};
  Box yx = narrow;
  yx.order = {kY, kX, kZ};
  const BoxCopy c = make_box_copy(narrow, 0, yx, 0, narrow);
  const kern::CopyTask t = make_copy_task(c, 8);
  EXPECT_EQ(t.kind, kern::kCopyTranspose);
  EXPECT_EQ(t.log_w, 3);  // 8 x 128 tiles for a 3-long contiguous side
  EXPECT_EQ(t.log_h, 7);
  expect_like_reference_all_ways({c}, "3x200x4 to yxz");
  expect_like_reference_all_ways({make_box_copy(yx, 0, narrow, 0, narrow)}, "3x200x4 from yxz");
}

TEST(MpiCopyTiles, TileShapesFitTheKernel) {
  // Every transpose tile the tiler can pick fits the kernel's shared memory
  // and has as many elements as the block moves.
  std::mt19937 rng(5);
  for (int trial = 0; trial < 400; ++trial) {
    const BoxCopy c = copy_test::random_strided_copy(rng, 300);
    const kern::CopyTask t = make_copy_task(c, 16);
    if (t.kind == kern::kCopyTranspose) {
      EXPECT_EQ(t.log_w + t.log_h, 10);
      EXPECT_LE((1LL << t.log_h) * ((1LL << t.log_w) + 1), kern::kTransposeSharedElements);
    } else {
      EXPECT_EQ((1LL << (t.log_w + t.log_h)) * 16, kern::kRowTileBytes);
      EXPECT_GE(t.log_w, 5);
    }
  }
  EXPECT_THROW(make_copy_tiles({copy_test::random_strided_copy(rng, 4)}, 4), Error);
}

}  // namespace
}  // namespace mpi
}  // namespace fft3d
