// A reshape cut into pieces for a pipelined exchange, as data: pairwise
// rounds (round k: send to member + k, receive from member - k, modulo the
// group size; round 0 is the rank's own part, one local copy), each peer's
// message optionally cut further into chunks along its slowest axis, so that
// packing one piece, exchanging another and unpacking a third can overlap.
// Pure functions of a ReshapePlan, no MPI (unit-tested on their own).
#pragma once
#include <vector>

#include "mpi/box_copy.h"
#include "mpi/reshape_plan.h"

namespace fft3d {
namespace mpi {

// One piece: part `chunk` of the message to send_to and of the message from
// recv_from. Copies address the piece's own message from element 0, so it
// can sit anywhere (a slot of the pipeline's buffers).
struct ReshapePiece {
  int round = 1, chunk = 0;
  int send_to = 0, recv_from = 0;  // group members
  Box send_box, recv_box;          // in the source order; either may be empty
  std::vector<BoxCopy> pack;       // from_box -> the message sent
  std::vector<BoxCopy> unpack;     // the message received -> to_box
  long long send_count() const { return send_box.volume(); }
  long long recv_count() const { return recv_box.volume(); }
};

struct ReshapePieces {
  int chunks = 1;                     // per peer
  std::vector<BoxCopy> own;           // round 0: from_box -> to_box directly
  std::vector<ReshapePiece> pieces;   // rounds 1 .. size-1, chunk by chunk
  long long largest() const;          // the most elements any piece sends or receives
};

// Part `chunk` of `chunks` of a message box held densely in its order: a
// balanced split along the slowest axis of extent > 1, so each part is one
// contiguous run of the message. Sender and receiver compute the same box.
Box message_chunk(const Box& message, int chunks, int chunk);

// The pieces of `plan` with `chunks` (>= 1) per peer. Every member of the
// group lists its pieces in the same (round, chunk) order, so piece i of a
// sender and piece i of its receiver are the same message.
ReshapePieces make_reshape_pieces(const ReshapePlan& plan, int chunks);

// How a transport can run pieces: not at all, by MPI point-to-point messages
// from the host, or ordered on GPU streams (NCCL).
enum class PipelineKind { none, host_mpi, stream };

// Pieces per peer for a reshape in a group of group_size members, each
// message about bytes_per_peer (the same on every member); 0: not pipelined
// (one all-to-all). requested is fft3d_mpi_options.pipeline_chunks: 1 off,
// N >= 2 that many, 0 chosen: on GPU streams enough pieces for overlap
// (at least 4 in all, but no piece under 1 MiB); off for host MPI.
int pipeline_chunks(int requested, PipelineKind kind, int group_size, long long bytes_per_peer);

}  // namespace mpi
}  // namespace fft3d
