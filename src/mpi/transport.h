// How a reshape's messages cross ranks: an all-to-all(v) within one group
// communicator, or a pipeline of pieces (reshape_pieces.h) in which the
// transport interleaves packing, exchange and unpacking. Counts and
// displacements are in elements of the transport's element size. Host MPI,
// GPU-aware MPI, host staging and NCCL implement the all-to-all; all but
// host staging the pipeline.
#pragma once
#include <mpi.h>

#include <memory>
#include <string>
#include <vector>

#include "fft3d_mpi.h"
#include "mpi/local_engine.h"
#include "mpi/reshape_pieces.h"

namespace fft3d {
namespace mpi {

struct ExchangeLayout {
  const std::vector<long long>& send_counts;
  const std::vector<long long>& send_displs;
  const std::vector<long long>& recv_counts;
  const std::vector<long long>& recv_displs;
};

// One piece of a pipeline: its peers and element counts (0: no message).
struct PieceTraffic {
  int send_to = 0, recv_from = 0;
  long long send_count = 0, recv_count = 0;
};

// Piece i is sent from and received into slot i % kPipelineSlots of two
// rings of slot_elements each, owned by the plan (memory the engine works
// on). Two slots let packing i+1 and unpacking i-1 overlap exchanging i.
constexpr int kPipelineSlots = 2;
struct PieceSlots {
  void* send = nullptr;
  void* recv = nullptr;
  long long slot_elements = 0;
};

// What a pipeline asks of the plan, in the order the transport chooses. On
// the GPU the calls queue work on the plan's stream; on the CPU they run it.
class PieceWork {
 public:
  virtual ~PieceWork() = default;
  virtual void pack(int piece, void* slot) = 0;
  virtual void unpack(int piece, const void* slot) = 0;
  virtual void copy_own() = 0;  // round 0: the rank's own part, source to destination
  virtual void wait() = 0;      // until the work queued so far is done (host MPI on device memory)
};

class Transport {
 public:
  virtual ~Transport() = default;
  virtual std::string name() const = 0;
  // True when the buffers must be complete in memory before exchange() (MPI
  // reads them directly); false when the exchange is ordered on the stream.
  virtual bool needs_idle_buffers() const = 0;
  // Sends send[send_displs[j] ...] to group member j and receives from j at
  // recv[recv_displs[j] ...]. Returns when recv may be used on the stream.
  virtual void exchange(const void* send, void* recv, const ExchangeLayout& layout, CUstream_st* stream) = 0;
  // The pipeline: for each piece in order, work.pack into a send slot, send
  // it and receive into a receive slot, work.unpack; and work.copy_own once.
  // Every member lists the same pieces (piece i of a sender is piece i of
  // its receiver). Returns when the destination may be used on the stream.
  // The default refuses (transports whose pipeline_kind is none).
  virtual void exchange_pieces(const std::vector<PieceTraffic>& pieces, const PieceSlots& slots, PieceWork& work,
                               CUstream_st* stream);
};

enum class TransportKind { host, nccl, gpu_aware };
const char* transport_name(TransportKind kind);

// Whether this build has the NCCL transport, and whether the MPI library
// says it handles CUDA device pointers (MPIX_Query_cuda_support).
bool nccl_transport_built();
bool mpi_reports_cuda_support();

// Whether the transport of `kind` on `memory` can pipeline, and how (host
// staging cannot: its exchanges run whole).
PipelineKind pipeline_kind(TransportKind kind, MemoryKind memory);

// The transport for a request and the engine's memory: throws
// INVALID_ARGUMENT / UNSUPPORTED_SIZE with the reason when unavailable.
TransportKind choose_transport(fft3d_mpi_transport requested, MemoryKind memory);

// A transport on `group` (not owned; outlives the transport). Collective
// over the group for NCCL (which builds its own communicator).
// max_elements bounds every member's send and receive totals (the same
// value on all members: it picks the MPI path, which must agree).
std::unique_ptr<Transport> make_transport(TransportKind kind, MemoryKind memory, MPI_Comm group, int element_bytes,
                                          long long max_elements);

// MPI_Alltoallv on memory MPI can read (host, or device with GPU-aware MPI).
// MPI-3 counts and displacements are ints, so where they may not fit
// (pairwise, the same on every member) the messages go by MPI_Isend /
// MPI_Irecv in chunks of at most chunk_elements instead.
std::unique_ptr<Transport> make_mpi_transport(MPI_Comm group, int element_bytes, bool device_memory, bool pairwise,
                                              long long chunk_elements);

// Host staging of device buffers around the MPI transport (CUDA builds).
std::unique_ptr<Transport> make_staging_transport(MPI_Comm group, int element_bytes, long long max_elements);
// ncclSend / ncclRecv in one group (builds with NCCL).
std::unique_ptr<Transport> make_nccl_transport(MPI_Comm group, int element_bytes);

}  // namespace mpi
}  // namespace fft3d
