// The NCCL transport: a reshape is one group of ncclSend / ncclRecv calls on
// the plan's stream, between device buffers, with no host synchronisation.
#include <nccl.h>

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
    const auto s = reinterpret_cast<cudaStream_t>(stream);
    const char* src = static_cast<const char*>(send);
    char* dst = static_cast<char*>(recv);
    const size_t eb = static_cast<size_t>(element_bytes_);
    // The group is always closed, so a failed call leaves NCCL usable.
    FFT3D_NCCL_CHECK(ncclGroupStart());
    ncclResult_t first = ncclSuccess;
    const char* failed = "";
    auto keep = [&](ncclResult_t r, const char* call) {
      if (r != ncclSuccess && first == ncclSuccess) {
        first = r;
        failed = call;
      }
    };
    for (size_t j = 0; j < l.send_counts.size(); ++j) {
      const int peer = static_cast<int>(j);
      if (l.send_counts[j])
        keep(ncclSend(src + l.send_displs[j] * eb, static_cast<size_t>(l.send_counts[j]) * eb, ncclUint8, peer,
                      comm_, s),
             "ncclSend");
      if (l.recv_counts[j])
        keep(ncclRecv(dst + l.recv_displs[j] * eb, static_cast<size_t>(l.recv_counts[j]) * eb, ncclUint8, peer,
                      comm_, s),
             "ncclRecv");
    }
    keep(ncclGroupEnd(), "ncclGroupEnd");
    check_nccl(first, failed);
  }

 private:
  int element_bytes_;
  ncclComm_t comm_ = nullptr;
};

}  // namespace

std::unique_ptr<Transport> make_nccl_transport(MPI_Comm group, int element_bytes) {
  return std::make_unique<NcclTransport>(group, element_bytes);
}

}  // namespace mpi
}  // namespace fft3d
