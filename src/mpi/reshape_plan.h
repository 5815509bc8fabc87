// One rank's part of a reshape (a global transpose between two layouts
// within a group of ranks), as data: what it sends to and receives from each
// group member, where each message sits in the send and receive buffers,
// and the copies that pack and unpack them. Messages hold their points in
// the source layout's memory order, so packing copies contiguous runs and
// unpacking does the permutation.
#pragma once
#include <vector>

#include "mpi/box_copy.h"
#include "mpi/decomposition.h"

namespace fft3d {
namespace mpi {

struct ReshapePlan {
  Group group = Group::row;
  int from = 0, to = 0;            // layout indices
  int member = 0;                  // this rank's index in the group
  Box from_box, to_box;            // this rank's boxes
  // Per group member, in elements.
  std::vector<long long> send_counts, send_displs, recv_counts, recv_displs;
  // Per group member, the message's points (a box in the source order, the
  // order the message holds them in): sent to j, and received from j.
  std::vector<Box> send_boxes, recv_boxes;
  std::vector<BoxCopy> pack;       // from_box -> send buffer
  std::vector<BoxCopy> unpack;     // receive buffer -> to_box
  long long send_total() const;
  long long recv_total() const;
};

// The reshape from layout `from` to layout `to` (consecutive) for the rank
// at (r1, r2).
ReshapePlan make_reshape_plan(const Decomposition& d, int from, int to, int r1, int r2);

}  // namespace mpi
}  // namespace fft3d
