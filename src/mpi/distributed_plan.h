// A distributed 3-D FFT on one rank: the decomposition and schedule (data),
// the engine that runs local work, the transports between ranks, and the
// executor that walks the schedule over three buffers (the caller's input,
// the caller's output, and the plan's work buffer).
#pragma once
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "fft3d/plan.h"
#include "fft3d_mpi.h"
#include "mpi/communicator.h"
#include "mpi/decomposition.h"
#include "mpi/local_engine.h"
#include "mpi/pipelined_reshape.h"
#include "mpi/reshape_plan.h"
#include "mpi/schedule.h"
#include "mpi/transport.h"

namespace fft3d {
namespace mpi {

struct DistributedRequest {
  Problem problem;          // the global grid and type
  unsigned backend = FFT3D_BACKEND_CPU;
  TuneMode mode = TuneMode::estimate;
  bool normalize = false;
  fft3d_mpi_options options{};
};

class DistributedPlan {
 public:
  // Made in three steps, so that callers can agree on each outcome:
  // collective over world (the plan's duplicate of the user's
  // communicator): chooses the decomposition, splits the group
  // communicators (fails alike on every rank, or not at all).
  DistributedPlan(Comm world, const DistributedRequest& request);
  // Local: the engine, local FFT plans, copies and buffers (may fail on
  // one rank only).
  void build();
  // Collective: agrees on buffer sizes and creates the transports.
  void connect();

  // sign -1 forward, +1 inverse; in == out is in place. Collective.
  void execute(const void* in, void* out, int sign);
  // Local checks of execute's arguments (throws with the reason).
  void check_arguments(const void* in, const void* out, long long out_elements, int sign) const;

  MPI_Comm comm() const { return world_.get(); }
  unsigned backend() const { return request_.backend; }
  LocalEngine& engine() { return *engine_; }
  // This rank's forward input box (real: x counts reals) and output box.
  Box in_box() const;
  Box out_box() const;
  long long alloc_elements() const { return alloc_elements_; }
  const Decomposition& decomposition() const { return d_; }
  std::string describe() const;
  fft3d_mpi_timings& timings() { return timings_; }

 private:
  struct Reshape {
    ReshapePlan plan;
    std::unique_ptr<BoxCopies> pack, unpack;
    std::unique_ptr<BoxCopies> direct;  // a group of one: the permutation alone
    std::unique_ptr<PipelinedReshape> pipeline;  // instead of pack, exchange, unpack
    Transport* transport = nullptr;
  };
  enum class Where { in, out, work };

  Reshape& reshape(int from, int to) { return reshapes_.at({from, to}); }
  void run_fft(int layout, Where& cur, const void* in, void* out, int sign);
  void run_reshape(Reshape& r, Where& cur, const void* in, void* out);
  int pipeline_chunks_for(const ReshapePlan& plan) const;
  std::string describe_pipeline() const;
  void phase_end(double& counter, double& started);
  long long bytes_of(int layout) const;

  Comm world_, row_, column_;
  DistributedRequest request_;
  Decomposition d_;
  Schedule schedule_;
  int rank_ = 0, r1_ = 0, r2_ = 0;
  std::unique_ptr<LocalEngine> engine_;
  std::vector<std::unique_ptr<LocalFft>> ffts_;  // per layout
  std::map<std::pair<int, int>, Reshape> reshapes_;
  std::unique_ptr<Transport> row_transport_, column_transport_;
  TransportKind transport_kind_ = TransportKind::host;
  long long alloc_elements_ = 1;
  std::unique_ptr<Buffer> work_;
  std::unique_ptr<Buffer> send_slots_, recv_slots_;  // pipelined reshapes' (kPipelineSlots each)
  long long slot_elements_ = 0;
  fft3d_mpi_timings timings_{};
};

}  // namespace mpi
}  // namespace fft3d
