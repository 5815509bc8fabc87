// The MPI layer's plan logic without MPI: boxes, balanced splits,
// decompositions, schedules, and reshapes simulated for every rank of a
// decomposition in one process (pack, deliver, unpack).
#include <gtest/gtest.h>

#include <map>
#include <numeric>
#include <vector>

#include "common/error.h"
#include "mpi/box.h"
#include "mpi/box_copy.h"
#include "mpi/decomposition.h"
#include "mpi/reshape_plan.h"
#include "mpi/schedule.h"
#include "decomposition_cases.h"

namespace fft3d {
namespace mpi {
namespace {

TEST(MpiBox, SplitIsBalancedContiguousAndComplete) {
  for (int n : {0, 1, 2, 5, 7, 16, 31})
    for (int parts = 1; parts <= 9; ++parts) {
      int next = 0;
      for (int k = 0; k < parts; ++k) {
        const Extent e = split(n, parts, k);
        EXPECT_EQ(e.start, next) << n << " over " << parts << " part " << k;
        EXPECT_GE(e.size, n / parts);
        EXPECT_LE(e.size, n / parts + 1);
        next += e.size;
      }
      EXPECT_EQ(next, n);
    }
  EXPECT_EQ(split(2, 4, 3).size, 0);  // ranks beyond the points own nothing
  EXPECT_THROW(split(4, 0, 0), Error);
  EXPECT_THROW(split(4, 2, 2), Error);
}

TEST(MpiBox, StridesAndOffsetsFollowTheOrder) {
  Box b;
  b.lo = {2, 3, 4};
  b.size = {5, 6, 7};
  b.order = {kX, kY, kZ};
  EXPECT_EQ(b.strides(), (Strides3{1, 5, 30}));
  EXPECT_EQ(b.offset({2, 3, 4}), 0);
  EXPECT_EQ(b.offset({3, 4, 5}), 1 + 5 + 30);
  b.order = {kZ, kX, kY};  // a[y][x][z]
  EXPECT_EQ(b.strides(), (Strides3{7, 35, 1}));
  EXPECT_EQ(b.offset({6, 8, 10}), 4 * 7 + 5 * 35 + 6);
  EXPECT_EQ(b.volume(), 210);
  EXPECT_EQ(order_name(b.order), "zxy");
  EXPECT_TRUE(valid_order(b.order));
  EXPECT_FALSE(valid_order({kX, kX, kZ}));
}

TEST(MpiBox, IntersectionKeepsTheFirstOrder) {
  Box a{{0, 0, 0}, {4, 4, 4}, {kY, kX, kZ}};
  Box b{{2, 1, 3}, {5, 2, 5}, {kX, kY, kZ}};
  const Box c = intersect(a, b);
  EXPECT_EQ(c.lo, (Index3{2, 1, 3}));
  EXPECT_EQ(c.size, (Index3{2, 2, 1}));
  EXPECT_EQ(c.order, a.order);
  Box far{{4, 0, 0}, {1, 1, 1}, {kX, kY, kZ}};
  EXPECT_TRUE(intersect(a, far).empty());
}

TEST(MpiBoxCopy, TransposeOfABoxLandsEveryElement) {
  const Box src{{1, 0, 2}, {3, 4, 5}, {kX, kY, kZ}};
  Box dst = src;
  dst.order = {kZ, kX, kY};
  std::vector<long long> a(static_cast<size_t>(src.volume())), b(a.size(), -1);
  std::iota(a.begin(), a.end(), 0);
  run_box_copies_on_host(a.data(), b.data(), {make_box_copy(src, 0, dst, 0, src)}, 8);
  for (int z = 2; z < 7; ++z)
    for (int y = 0; y < 4; ++y)
      for (int x = 1; x < 4; ++x) EXPECT_EQ(b[dst.offset({x, y, z})], a[src.offset({x, y, z})]);
  EXPECT_THROW(make_box_copy(src, 0, dst, 0, Box{{0, 0, 0}, {9, 9, 9}, {kX, kY, kZ}}), Error);
}

std::vector<DecompositionCase> cases() {
  return decomposition_cases({{7, 5, 9, false}, {12, 10, 6, true}, {5, 4, 2, false}, {2, 3, 2, true}, {1, 1, 1, false},
                              {16, 8, 4, true}},
                             12);
}

// Every point of the grid lies in exactly one rank's box of each layout.
TEST(MpiDecomposition, EveryLayoutTilesTheGrid) {
  for (const DecompositionCase& c : cases()) {
    const Decomposition d = make_decomposition(c.grid, c.kind, c.pg);
    const long long total = static_cast<long long>(c.grid.complex_nx()) * c.grid.ny * c.grid.nz;
    for (int k = 0; k < d.num_layouts(); ++k) {
      long long sum = 0;
      for (int r = 0; r < c.pg.ranks(); ++r) {
        const Box b = d.box_of_rank(k, r);
        sum += b.volume();
        for (int q = 0; q < r; ++q) EXPECT_TRUE(intersect(b, d.box_of_rank(k, q)).empty());
      }
      EXPECT_EQ(sum, total) << d.str() << " layout " << k;
    }
    // The axis a layout transforms is whole and fastest.
    for (const Layout& l : d.layouts) {
      EXPECT_EQ(l.spread[static_cast<size_t>(l.fft_axes.back())], Spread::whole);
      if (l.fft_axes.size() == 1) EXPECT_EQ(l.order[0], l.fft_axes[0]);
    }
  }
}

// All ranks of a decomposition in one process: each packs its source box,
// the messages are delivered by the counts and displacements, each unpacks.
// Every destination element must hold the global index of its point.
void simulate_reshape(const Decomposition& d, int from, int to) {
  const int P = d.pg.ranks();
  std::vector<ReshapePlan> plans;
  std::vector<std::vector<long long>> send(P), recv(P), dest(P);
  for (int r = 0; r < P; ++r) {
    plans.push_back(make_reshape_plan(d, from, to, r % d.pg.p1, r / d.pg.p1));
    const ReshapePlan& p = plans.back();
    std::vector<long long> source(static_cast<size_t>(p.from_box.volume()));
    for_each_point(p.from_box,
                   [&](const Index3& g) { source[static_cast<size_t>(p.from_box.offset(g))] = point_id(g); });
    send[r].assign(static_cast<size_t>(p.send_total()), -1);
    run_box_copies_on_host(source.data(), send[r].data(), p.pack, 8);
    recv[r].assign(static_cast<size_t>(p.recv_total()), -1);
  }
  for (int r = 0; r < P; ++r) {
    const ReshapePlan& p = plans[static_cast<size_t>(r)];
    for (size_t j = 0; j < p.send_counts.size(); ++j) {
      const int q = rank_of_member(d, p, r, static_cast<int>(j));
      const ReshapePlan& pq = plans[static_cast<size_t>(q)];
      ASSERT_EQ(pq.recv_counts[static_cast<size_t>(p.member)], p.send_counts[j]);
      std::copy_n(send[r].begin() + p.send_displs[j], p.send_counts[j],
                  recv[q].begin() + pq.recv_displs[static_cast<size_t>(p.member)]);
    }
  }
  for (int r = 0; r < P; ++r) {
    const ReshapePlan& p = plans[static_cast<size_t>(r)];
    dest[r].assign(static_cast<size_t>(p.to_box.volume()), -1);
    run_box_copies_on_host(recv[r].data(), dest[r].data(), p.unpack, 8);
    for_each_point(p.to_box, [&](const Index3& g) {
      ASSERT_EQ(dest[r][static_cast<size_t>(p.to_box.offset(g))], point_id(g))
          << d.str() << " reshape " << from << "->" << to << " rank " << r;
    });
  }
}

TEST(MpiReshape, SimulatedExchangeDeliversEveryPointBothWays) {
  for (const DecompositionCase& c : cases()) {
    const Decomposition d = make_decomposition(c.grid, c.kind, c.pg);
    for (int k = 1; k < d.num_layouts(); ++k) {
      simulate_reshape(d, k - 1, k);
      simulate_reshape(d, k, k - 1);
    }
  }
}

TEST(MpiDecomposition, ChoosesSlabWhileEveryRankHasPlanes) {
  const Grid g{16, 16, 8, false};
  EXPECT_EQ(choose_decomposition(g, 8, {}).kind, DecompositionKind::slab);
  const Decomposition d = choose_decomposition(g, 16, {});
  EXPECT_EQ(d.kind, DecompositionKind::pencil);
  EXPECT_EQ(d.pg.p1 * d.pg.p2, 16);
  EXPECT_EQ(empty_ranks(d), 0);
  EXPECT_EQ(std::max(d.pg.p1, d.pg.p2), 4);  // the squarest grid
  // nz = 2 over 4 ranks: a slab leaves two ranks empty, so auto goes pencil;
  // an explicit slab is honoured.
  const Grid flat{5, 4, 2, false};
  EXPECT_EQ(choose_decomposition(flat, 4, {}).kind, DecompositionKind::pencil);
  DecompositionRequest slab;
  slab.choose_kind = false;
  EXPECT_EQ(empty_ranks(choose_decomposition(flat, 4, slab)), 2);
  // An engine that transforms contiguous rows only gets the slab's boxes as
  // the pencil 1 x P (a local transpose instead of a strided y).
  DecompositionRequest rows;
  rows.rows_only_engine = true;
  const Decomposition r = choose_decomposition(g, 8, rows);
  EXPECT_EQ(r.kind, DecompositionKind::pencil);
  EXPECT_EQ(r.pg.p1, 1);
  const Decomposition s = choose_decomposition(g, 8, {});
  for (int k : {0, 2})
    for (int rank = 0; rank < 8; ++rank)
      EXPECT_EQ(r.box_of_rank(k, rank), s.box_of_rank(k / 2, rank)) << "layout " << k << " rank " << rank;
  DecompositionRequest given;
  given.p1 = 3;
  given.p2 = 2;
  EXPECT_EQ(choose_decomposition(g, 6, given).pg.p1, 3);
  EXPECT_THROW(choose_decomposition(g, 4, given), Error);
  slab.p1 = 2;
  slab.p2 = 2;
  EXPECT_THROW(choose_decomposition(g, 4, slab), Error);
}

TEST(MpiSchedule, InverseUndoesTheForward) {
  const Schedule natural = make_schedule(3, false);
  EXPECT_EQ(describe_steps(natural.forward),
            "fft@0, reshape 0->1, fft@1, reshape 1->2, fft@2, reshape 2->1, reshape 1->0");
  EXPECT_EQ(describe_steps(natural.inverse),
            "reshape 0->1, reshape 1->2, fft@2, reshape 2->1, fft@1, reshape 1->0, fft@0");
  EXPECT_EQ(natural.out_layout, 0);
  const Schedule transposed = make_schedule(2, true);
  EXPECT_EQ(describe_steps(transposed.forward), "fft@0, reshape 0->1, fft@1");
  EXPECT_EQ(describe_steps(transposed.inverse), "fft@1, reshape 1->0, fft@0");
  EXPECT_EQ(transposed.out_layout, 1);
}

}  // namespace
}  // namespace mpi
}  // namespace fft3d
