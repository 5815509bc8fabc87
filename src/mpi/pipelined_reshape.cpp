#include "mpi/pipelined_reshape.h"

#include <mpi.h>

namespace fft3d {
namespace mpi {

// The plan's side of one run: copies between the caller's buffers and the
// transport's slots, with the host time they take.
class PipelinedReshape::Work final : public PieceWork {
 public:
  Work(PipelinedReshape& r, const void* src, void* dst) : r_(r), src_(src), dst_(dst) {}

  void pack(int piece, void* slot) override { timed([&] { r_.pack_[static_cast<size_t>(piece)]->run(src_, slot); }); }
  void unpack(int piece, const void* slot) override {
    timed([&] { r_.unpack_[static_cast<size_t>(piece)]->run(slot, dst_); });
  }
  void copy_own() override { timed([&] { r_.own_->run(src_, dst_); }); }
  void wait() override { timed([&] { r_.engine_.synchronize(); }); }

  double seconds = 0;

 private:
  template <class F>
  void timed(F f) {
    const double t = MPI_Wtime();
    f();
    seconds += MPI_Wtime() - t;
  }

  PipelinedReshape& r_;
  const void* src_;
  void* dst_;
};

PipelinedReshape::PipelinedReshape(LocalEngine& engine, const ReshapePlan& plan, int chunks)
    : engine_(engine), chunks_(chunks) {
  const ReshapePieces pieces = make_reshape_pieces(plan, chunks);
  largest_ = pieces.largest();
  own_ = engine.make_copies(pieces.own);
  for (const ReshapePiece& p : pieces.pieces) {
    traffic_.push_back({p.send_to, p.recv_from, p.send_count(), p.recv_count()});
    pack_.push_back(engine.make_copies(p.pack));
    unpack_.push_back(engine.make_copies(p.unpack));
  }
}

double PipelinedReshape::run(Transport& transport, const PieceSlots& slots, const void* src, void* dst) {
  Work work(*this, src, dst);
  transport.exchange_pieces(traffic_, slots, work, engine_.stream());
  return work.seconds;
}

std::string PipelinedReshape::describe() const {
  return "pipelined: " + std::to_string(pieces()) + " pieces (" + std::to_string(chunks_) + " per peer) through " +
         std::to_string(kPipelineSlots) + " slots of " + std::to_string(largest_) + " elements";
}

}  // namespace mpi
}  // namespace fft3d
