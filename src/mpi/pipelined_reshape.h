// A reshape run as a pipeline of pieces (reshape_pieces.h): each piece's
// pack and unpack copies made once by the engine, and the run through a
// transport that interleaves them with the exchange of other pieces.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "mpi/local_engine.h"
#include "mpi/reshape_pieces.h"
#include "mpi/transport.h"

namespace fft3d {
namespace mpi {

class PipelinedReshape {
 public:
  // chunks >= 1 per peer; the engine must outlive this.
  PipelinedReshape(LocalEngine& engine, const ReshapePlan& plan, int chunks);

  // Moves the reshape's points from src (only read) to dst (another buffer)
  // through the slots (kPipelineSlots of at least slot_elements() each).
  // Returns the host seconds spent in packing and unpacking calls (on the
  // CPU the copies themselves, on the GPU their launches).
  double run(Transport& transport, const PieceSlots& slots, const void* src, void* dst);

  int chunks() const { return chunks_; }
  int pieces() const { return static_cast<int>(traffic_.size()); }
  long long slot_elements() const { return largest_; }
  std::string describe() const;  // "pipelined: 3 pieces (1 per peer) through 2 slots of 96 elements"

 private:
  class Work;

  LocalEngine& engine_;
  int chunks_;
  long long largest_;
  std::vector<PieceTraffic> traffic_;
  std::unique_ptr<BoxCopies> own_;
  std::vector<std::unique_ptr<BoxCopies>> pack_, unpack_;
};

}  // namespace mpi
}  // namespace fft3d
