// The pieces of a pipelined reshape without MPI: message chunks tile each
// message as contiguous runs, every peer's pieces tile its message exactly,
// pieces pair up between sender and receiver (piece i of one is piece i of
// the other), and a reshape simulated piece by piece for every rank of a
// decomposition in one process delivers every point. Also the choice of
// pieces per peer.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "common/error.h"
#include "mpi/box_copy.h"
#include "mpi/decomposition.h"
#include "mpi/reshape_pieces.h"
#include "decomposition_cases.h"

namespace fft3d {
namespace mpi {
namespace {


// The parts of `whole` tile it: each point in exactly one part, and (when
// contiguous is set) each part is the run of whole's memory that starts
// where the previous part ended, in the same order.
void expect_parts_tile(const Box& whole, const std::vector<Box>& parts, bool contiguous, const std::string& what) {
  std::map<long long, int> hits;
  long long next = 0;
  for (const Box& part : parts) {
    if (part.empty()) continue;
    EXPECT_EQ(part.order, whole.order) << what;
    const long long start = whole.offset(part.lo);
    if (contiguous) EXPECT_EQ(start, next) << what << " part " << part.str();
    for_each_point(part, [&](const Index3& p) {
      ASSERT_TRUE(whole.contains(p)) << what << " part " << part.str() << " outside " << whole.str();
      ++hits[point_id(p)];
      if (contiguous) EXPECT_EQ(whole.offset(p), start + part.offset(p)) << what;
    });
    next = start + part.volume();
  }
  for_each_point(whole, [&](const Index3& p) { EXPECT_EQ(hits[point_id(p)], 1) << what << " point " << point_id(p); });
  EXPECT_EQ(static_cast<long long>(hits.size()), whole.volume()) << what;
}

TEST(MpiReshapePieces, MessageChunksAreContiguousRunsThatTileTheMessage) {
  const std::vector<Box> messages = {
      {{0, 0, 0}, {7, 5, 9}, {kX, kY, kZ}},
      {{2, 1, 3}, {3, 4, 2}, {kZ, kX, kY}},
      {{0, 3, 4}, {6, 2, 1}, {kX, kY, kZ}},  // slowest extent 1: cut along y
      {{0, 0, 0}, {5, 1, 1}, {kY, kX, kZ}},  // only x has more than one point
      {{1, 1, 1}, {1, 1, 1}, {kX, kY, kZ}},  // one point
      {{0, 0, 0}, {0, 0, 0}, {kX, kY, kZ}},  // empty
  };
  for (const Box& m : messages)
    for (int chunks = 1; chunks <= 6; ++chunks) {
      std::vector<Box> parts;
      for (int c = 0; c < chunks; ++c) parts.push_back(message_chunk(m, chunks, c));
      expect_parts_tile(m, parts, true, m.str() + " in " + std::to_string(chunks));
    }
  const Box b{{0, 0, 0}, {4, 4, 4}, {kX, kY, kZ}};
  EXPECT_EQ(message_chunk(b, 3, 0).size, (Index3{4, 4, 2}));  // balanced, the larger parts first
  EXPECT_EQ(message_chunk(b, 3, 2).lo, (Index3{0, 0, 3}));
  EXPECT_THROW(message_chunk(b, 2, 2), Error);
  EXPECT_THROW(message_chunk(b, 0, 0), Error);
}

std::vector<DecompositionCase> cases() {
  return decomposition_cases({{7, 5, 9, false}, {12, 10, 6, true}, {5, 4, 2, false}, {2, 3, 1, true}}, 6);
}

// Each rank's pieces: pairwise rounds in order, every peer's chunks tile its
// message, the own part is the message to itself.
void check_pieces(const ReshapePlan& plan, const ReshapePieces& r, int chunks, const std::string& what) {
  const int size = static_cast<int>(plan.send_boxes.size());
  ASSERT_EQ(static_cast<int>(r.pieces.size()), (size - 1) * chunks) << what;
  std::vector<std::vector<Box>> sent(static_cast<size_t>(size)), received(static_cast<size_t>(size));
  long long largest = 0;
  for (size_t i = 0; i < r.pieces.size(); ++i) {
    const ReshapePiece& p = r.pieces[i];
    EXPECT_EQ(p.round, 1 + static_cast<int>(i) / chunks) << what;
    EXPECT_EQ(p.chunk, static_cast<int>(i) % chunks) << what;
    EXPECT_EQ(p.send_to, (plan.member + p.round) % size) << what;
    EXPECT_EQ(p.recv_from, (plan.member - p.round + size) % size) << what;
    EXPECT_EQ(p.pack.size(), p.send_box.empty() ? 0u : 1u) << what;
    EXPECT_EQ(p.unpack.size(), p.recv_box.empty() ? 0u : 1u) << what;
    sent[static_cast<size_t>(p.send_to)].push_back(p.send_box);
    received[static_cast<size_t>(p.recv_from)].push_back(p.recv_box);
    largest = std::max({largest, p.send_count(), p.recv_count()});
  }
  EXPECT_EQ(r.largest(), largest) << what;
  for (int j = 0; j < size; ++j) {
    if (j == plan.member) continue;
    const auto m = static_cast<size_t>(j);
    expect_parts_tile(plan.send_boxes[m], sent[m], true, what + " to " + std::to_string(j));
    expect_parts_tile(plan.recv_boxes[m], received[m], true, what + " from " + std::to_string(j));
  }
  EXPECT_EQ(r.own.size(), plan.send_boxes[static_cast<size_t>(plan.member)].empty() ? 0u : 1u) << what;
}

// Every rank of d in one process: the own part is copied, piece i of each
// sender is packed, handed to its receiver's piece i and unpacked there.
// Every destination element must then hold the global index of its point.
void simulate_pipelined_reshape(const Decomposition& d, int from, int to, int chunks) {
  const int P = d.pg.ranks();
  const std::string what = d.str() + " reshape " + std::to_string(from) + "->" + std::to_string(to) + " in " +
                           std::to_string(chunks) + " chunks";
  std::vector<ReshapePlan> plans;
  std::vector<ReshapePieces> pieces;
  std::vector<std::vector<long long>> source(static_cast<size_t>(P)), dest(static_cast<size_t>(P));
  for (int r = 0; r < P; ++r) {
    plans.push_back(make_reshape_plan(d, from, to, r % d.pg.p1, r / d.pg.p1));
    pieces.push_back(make_reshape_pieces(plans.back(), chunks));
    check_pieces(plans.back(), pieces.back(), chunks, what + " rank " + std::to_string(r));
    const ReshapePlan& p = plans.back();
    std::vector<long long>& src = source[static_cast<size_t>(r)];
    src.assign(static_cast<size_t>(p.from_box.volume()), -1);
    for_each_point(p.from_box, [&](const Index3& g) { src[static_cast<size_t>(p.from_box.offset(g))] = point_id(g); });
    dest[static_cast<size_t>(r)].assign(static_cast<size_t>(p.to_box.volume()), -1);
    run_box_copies_on_host(src.data(), dest[static_cast<size_t>(r)].data(), pieces.back().own, 8);
  }
  for (int r = 0; r < P; ++r) {
    const ReshapePieces& mine = pieces[static_cast<size_t>(r)];
    for (size_t i = 0; i < mine.pieces.size(); ++i) {
      const ReshapePiece& s = mine.pieces[i];
      const int q = rank_of_member(d, plans[static_cast<size_t>(r)], r, s.send_to);
      const ReshapePiece& t = pieces[static_cast<size_t>(q)].pieces[i];
      ASSERT_EQ(t.recv_from, plans[static_cast<size_t>(r)].member) << what;
      ASSERT_EQ(t.recv_count(), s.send_count()) << what;
      std::vector<long long> message(static_cast<size_t>(s.send_count()) + 1, -2);
      run_box_copies_on_host(source[static_cast<size_t>(r)].data(), message.data(), s.pack, 8);
      EXPECT_EQ(message.back(), -2) << what << ": a pack wrote past its piece";
      run_box_copies_on_host(message.data(), dest[static_cast<size_t>(q)].data(), t.unpack, 8);
    }
  }
  for (int r = 0; r < P; ++r) {
    const Box& b = plans[static_cast<size_t>(r)].to_box;
    for_each_point(b, [&](const Index3& g) {
      ASSERT_EQ(dest[static_cast<size_t>(r)][static_cast<size_t>(b.offset(g))], point_id(g)) << what << " rank " << r;
    });
  }
}

TEST(MpiReshapePieces, PipelinedReshapeSimulatedPieceByPieceDeliversEveryPoint) {
  for (const DecompositionCase& c : cases()) {
    const Decomposition d = make_decomposition(c.grid, c.kind, c.pg);
    for (int chunks : {1, 2, 3, 7})
      for (int k = 1; k < d.num_layouts(); ++k) {
        simulate_pipelined_reshape(d, k - 1, k, chunks);
        simulate_pipelined_reshape(d, k, k - 1, chunks);
      }
  }
}

TEST(MpiReshapePieces, PiecesPerPeerFollowTheOptionAndTheTransport) {
  const long long MiB = 1 << 20;
  // 1: off; N >= 2: N wherever a transport pipelines; no exchange: off.
  EXPECT_EQ(pipeline_chunks(1, PipelineKind::stream, 4, 100 * MiB), 0);
  EXPECT_EQ(pipeline_chunks(3, PipelineKind::host_mpi, 2, 10), 3);
  EXPECT_EQ(pipeline_chunks(3, PipelineKind::stream, 2, 10), 3);
  EXPECT_EQ(pipeline_chunks(3, PipelineKind::none, 2, 100 * MiB), 0);
  EXPECT_EQ(pipeline_chunks(3, PipelineKind::stream, 1, 100 * MiB), 0);
  // Chosen: off on host MPI; on GPU streams at least 4 pieces in all...
  EXPECT_EQ(pipeline_chunks(0, PipelineKind::host_mpi, 4, 100 * MiB), 0);
  EXPECT_EQ(pipeline_chunks(0, PipelineKind::stream, 2, 100 * MiB), 4);
  EXPECT_EQ(pipeline_chunks(0, PipelineKind::stream, 3, 100 * MiB), 2);
  EXPECT_EQ(pipeline_chunks(0, PipelineKind::stream, 8, 100 * MiB), 1);
  // ... but none under 1 MiB (yet always one per peer).
  EXPECT_EQ(pipeline_chunks(0, PipelineKind::stream, 2, 3 * MiB), 3);
  EXPECT_EQ(pipeline_chunks(0, PipelineKind::stream, 2, MiB / 2), 1);
  EXPECT_THROW(pipeline_chunks(-1, PipelineKind::stream, 2, MiB), Error);
}

}  // namespace
}  // namespace mpi
}  // namespace fft3d
