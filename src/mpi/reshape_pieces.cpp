#include "mpi/reshape_pieces.h"

#include <algorithm>

#include "common/error.h"

namespace fft3d {
namespace mpi {

namespace {

constexpr int kChosenMinPieces = 4;              // in all, for overlap on GPU streams
constexpr long long kChosenMinPieceBytes = 1 << 20;  // below this, latency outweighs overlap

}  // namespace

long long ReshapePieces::largest() const {
  long long most = 0;
  for (const ReshapePiece& p : pieces) most = std::max({most, p.send_count(), p.recv_count()});
  return most;
}

Box message_chunk(const Box& message, int chunks, int chunk) {
  if (chunks < 1 || chunk < 0 || chunk >= chunks)
    fail(FFT3D_ERROR_INTERNAL, "chunk " + std::to_string(chunk) + " of " + std::to_string(chunks));
  if (message.empty()) return message;
  // The slowest axis with more than one point; the slower ones have one, so
  // a slab along it is contiguous in the message.
  int axis = message.order[0];
  for (int k = 2; k >= 0; --k)
    if (message.size[message.order[k]] > 1) {
      axis = message.order[k];
      break;
    }
  const Extent e = split(message.size[axis], chunks, chunk);
  Box part = message;
  part.lo[axis] += e.start;
  part.size[axis] = e.size;
  if (part.empty()) part.size = {0, 0, 0};
  return part;
}

ReshapePieces make_reshape_pieces(const ReshapePlan& plan, int chunks) {
  const int size = static_cast<int>(plan.send_boxes.size());
  if (chunks < 1 || size < 1 || static_cast<int>(plan.recv_boxes.size()) != size)
    fail(FFT3D_ERROR_INTERNAL, "reshape pieces of " + std::to_string(chunks) + " chunks");
  ReshapePieces r;
  r.chunks = chunks;
  const Box& own = plan.send_boxes[static_cast<size_t>(plan.member)];
  if (!own.empty()) r.own.push_back(make_box_copy(plan.from_box, 0, plan.to_box, 0, own));
  for (int round = 1; round < size; ++round)
    for (int chunk = 0; chunk < chunks; ++chunk) {
      ReshapePiece p;
      p.round = round;
      p.chunk = chunk;
      p.send_to = (plan.member + round) % size;
      p.recv_from = (plan.member - round + size) % size;
      p.send_box = message_chunk(plan.send_boxes[static_cast<size_t>(p.send_to)], chunks, chunk);
      p.recv_box = message_chunk(plan.recv_boxes[static_cast<size_t>(p.recv_from)], chunks, chunk);
      if (!p.send_box.empty()) p.pack.push_back(make_box_copy(plan.from_box, 0, p.send_box, 0, p.send_box));
      if (!p.recv_box.empty()) p.unpack.push_back(make_box_copy(p.recv_box, 0, plan.to_box, 0, p.recv_box));
      r.pieces.push_back(std::move(p));
    }
  return r;
}

int pipeline_chunks(int requested, PipelineKind kind, int group_size, long long bytes_per_peer) {
  if (requested < 0) fail(FFT3D_ERROR_INTERNAL, "negative pipeline_chunks");
  if (group_size < 2 || kind == PipelineKind::none || requested == 1) return 0;
  if (requested >= 2) return requested;
  if (kind != PipelineKind::stream) return 0;
  const int peers = group_size - 1;
  const long long wanted = (kChosenMinPieces + peers - 1) / peers;
  return static_cast<int>(std::max(1LL, std::min(wanted, bytes_per_peer / kChosenMinPieceBytes)));
}

}  // namespace mpi
}  // namespace fft3d
