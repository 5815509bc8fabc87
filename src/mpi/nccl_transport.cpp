// The NCCL transport: a reshape is one group of ncclSend / ncclRecv calls on
// the plan's stream, between device buffers, with no host synchronisation.
// Pipelined, each piece is one group on the transport's own exchange stream,
// ordered against packing and unpacking on the plan's stream by events.
#include <cuda_runtime_api.h>
#include <nccl.h>

#include "gpu/cuda_check.h"
#include "mpi/mpi_check.h"
#include "mpi/transport.h"

namespace fft3d {
namespace mpi {

namespace {

void check_nccl(ncclResult_t r, const char* call) {
  if (r == ncclSuccess) return;
  fail(FFT3D_ERROR_MPI, std::string(call) + " failed: " + ncclGetErrorString(r));
}
#define FFT3D_NCCL_CHECK(call) check_nccl((call), #call)

struct Message {
  bool send;
  void* at;
  long long count;  // elements; 0: none
  int peer;
};

// One ncclGroupStart / End of the messages on stream s. The group is always
// closed, so a failed call leaves NCCL usable.
void run_group(const std::vector<Message>& messages, size_t element_bytes, ncclComm_t comm, cudaStream_t s) {
  FFT3D_NCCL_CHECK(ncclGroupStart());
  ncclResult_t first = ncclSuccess;
  const char* failed = "";
  auto keep = [&](ncclResult_t r, const char* call) {
    if (r != ncclSuccess && first == ncclSuccess) {
      first = r;
      failed = call;
    }
  };
  for (const Message& m : messages) {
    if (!m.count) continue;
    const size_t bytes = static_cast<size_t>(m.count) * element_bytes;
    if (m.send)
      keep(ncclSend(m.at, bytes, ncclUint8, m.peer, comm, s), "ncclSend");
    else
      keep(ncclRecv(m.at, bytes, ncclUint8, m.peer, comm, s), "ncclRecv");
  }
  keep(ncclGroupEnd(), "ncclGroupEnd");
  check_nccl(first, failed);
}

// The pipeline's exchange stream (non-blocking, so that it never waits on
// the legacy default stream implicitly) and its events, one per slot.
class PipelineStream {
 public:
  PipelineStream() {
    FFT3D_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    for (int k = 0; k < kPipelineSlots; ++k) {
      FFT3D_CUDA_CHECK(cudaEventCreateWithFlags(&packed_[k], cudaEventDisableTiming));
      FFT3D_CUDA_CHECK(cudaEventCreateWithFlags(&exchanged_[k], cudaEventDisableTiming));
    }
  }
  ~PipelineStream() {
    for (int k = 0; k < kPipelineSlots; ++k) {
      if (packed_[k]) cudaEventDestroy(packed_[k]);
      if (exchanged_[k]) cudaEventDestroy(exchanged_[k]);
    }
    if (stream_) cudaStreamDestroy(stream_);
  }
  PipelineStream(const PipelineStream&) = delete;
  PipelineStream& operator=(const PipelineStream&) = delete;

  cudaStream_t stream() const { return stream_; }
  cudaEvent_t packed(int piece) const { return packed_[piece % kPipelineSlots]; }
  cudaEvent_t exchanged(int piece) const { return exchanged_[piece % kPipelineSlots]; }

 private:
  cudaStream_t stream_ = nullptr;
  cudaEvent_t packed_[kPipelineSlots] = {}, exchanged_[kPipelineSlots] = {};
};

class NcclTransport final : public Transport {
 public:
  // Collective over group: member 0 makes the unique id and broadcasts it
  // with a flag, so that its failure fails every member instead of hanging.
  NcclTransport(MPI_Comm group, int element_bytes) : element_bytes_(element_bytes) {
    int rank = 0, size = 0;
    FFT3D_MPI_CHECK(MPI_Comm_rank(group, &rank));
    FFT3D_MPI_CHECK(MPI_Comm_size(group, &size));
    struct {
      int ok;
      ncclUniqueId id;
    } root{};
    if (rank == 0) root.ok = ncclGetUniqueId(&root.id) == ncclSuccess;
    FFT3D_MPI_CHECK(MPI_Bcast(&root, sizeof root, MPI_BYTE, 0, group));
    if (!root.ok) fail(FFT3D_ERROR_MPI, "ncclGetUniqueId failed on the group's first rank");
    FFT3D_NCCL_CHECK(ncclCommInitRank(&comm_, size, root.id, rank));
  }
  ~NcclTransport() override {
    if (comm_) ncclCommDestroy(comm_);
  }

  std::string name() const override {
    int v = 0;
    ncclGetVersion(&v);
    return "NCCL " + std::to_string(v) + " send/recv";
  }
  bool needs_idle_buffers() const override { return false; }

  void exchange(const void* send, void* recv, const ExchangeLayout& l, CUstream_st* stream) override {
    const char* src = static_cast<const char*>(send);
    char* dst = static_cast<char*>(recv);
    const long long eb = element_bytes_;
    std::vector<Message> messages;
    for (size_t j = 0; j < l.send_counts.size(); ++j) {
      const int peer = static_cast<int>(j);
      messages.push_back({true, const_cast<char*>(src) + l.send_displs[j] * eb, l.send_counts[j], peer});
      messages.push_back({false, dst + l.recv_displs[j] * eb, l.recv_counts[j], peer});
    }
    run_group(messages, static_cast<size_t>(eb), comm_, reinterpret_cast<cudaStream_t>(stream));
  }

  // Piece i: packed on the plan's stream -> event -> sent and received on the
  // exchange stream -> event -> unpacked on the plan's stream, issued after
  // packing i+1. Slot reuse needs no more events: packing i+2 (and so its
  // exchange, which waits for it) follows unpacking i on the plan's stream,
  // and that waited for exchange i, which freed both of i's slots.
  void exchange_pieces(const std::vector<PieceTraffic>& pieces, const PieceSlots& slots, PieceWork& work,
                       CUstream_st* stream) override {
    static_assert(kPipelineSlots >= 2, "slot reuse relies on unpack i preceding pack i+2");
    const cudaStream_t compute = reinterpret_cast<cudaStream_t>(stream);
    const cudaStream_t exchange = pipeline_.stream();
    const long long slot_bytes = slots.slot_elements * element_bytes_;
    auto slot = [&](void* ring, int i) { return static_cast<char*>(ring) + (i % kPipelineSlots) * slot_bytes; };
    const int n = static_cast<int>(pieces.size());
    for (int i = 0; i <= n; ++i) {
      if (i < n) {
        const PieceTraffic& p = pieces[static_cast<size_t>(i)];
        work.pack(i, slot(slots.send, i));
        FFT3D_CUDA_CHECK(cudaEventRecord(pipeline_.packed(i), compute));
        FFT3D_CUDA_CHECK(cudaStreamWaitEvent(exchange, pipeline_.packed(i), 0));
        run_group({{true, slot(slots.send, i), p.send_count, p.send_to},
                   {false, slot(slots.recv, i), p.recv_count, p.recv_from}},
                  static_cast<size_t>(element_bytes_), comm_, exchange);
        FFT3D_CUDA_CHECK(cudaEventRecord(pipeline_.exchanged(i), exchange));
      }
      if (i == 0) work.copy_own();
      if (i >= 1) {
        FFT3D_CUDA_CHECK(cudaStreamWaitEvent(compute, pipeline_.exchanged(i - 1), 0));
        work.unpack(i - 1, slot(slots.recv, i - 1));
      }
    }
  }

 private:
  int element_bytes_;
  PipelineStream pipeline_;  // made before the communicator, freed after it
  ncclComm_t comm_ = nullptr;
};

}  // namespace

std::unique_ptr<Transport> make_nccl_transport(MPI_Comm group, int element_bytes) {
  return std::make_unique<NcclTransport>(group, element_bytes);
}

}  // namespace mpi
}  // namespace fft3d
