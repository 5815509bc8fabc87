// The MPI transport: one MPI_Alltoallv per reshape, or chunked point-to-point
// messages where counts outgrow MPI's ints; pipelined reshapes go by
// mpi_pipeline.cpp.
#include <algorithm>
#include <climits>

#include "mpi/mpi_check.h"
#include "mpi/mpi_pipeline.h"
#include "mpi/transport.h"

namespace fft3d {
namespace mpi {

namespace {

std::vector<int> to_int(const std::vector<long long>& v) {
  std::vector<int> out(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    if (v[i] > INT_MAX) fail(FFT3D_ERROR_INTERNAL, "an MPI count exceeds INT_MAX on the MPI_Alltoallv path");
    out[i] = static_cast<int>(v[i]);
  }
  return out;
}

class MpiTransport final : public Transport {
 public:
  MpiTransport(MPI_Comm group, int element_bytes, bool device, bool pairwise, long long chunk)
      : group_(group), element_bytes_(element_bytes), device_(device), pairwise_(pairwise),
        chunk_(std::max(1LL, std::min<long long>(chunk, INT_MAX))) {
    FFT3D_MPI_CHECK(MPI_Type_contiguous(element_bytes, MPI_BYTE, &type_));
    FFT3D_MPI_CHECK(MPI_Type_commit(&type_));
  }
  ~MpiTransport() override {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized) MPI_Type_free(&type_);
  }

  std::string name() const override {
    std::string n = pairwise_ ? "MPI_Isend/MPI_Irecv (chunked)" : "MPI_Alltoallv";
    return device_ ? n + " on device memory (GPU-aware MPI)" : n;
  }
  bool needs_idle_buffers() const override { return true; }

  void exchange(const void* send, void* recv, const ExchangeLayout& l, CUstream_st*) override {
    if (!pairwise_) {
      const auto sc = to_int(l.send_counts), sd = to_int(l.send_displs);
      const auto rc = to_int(l.recv_counts), rd = to_int(l.recv_displs);
      FFT3D_MPI_CHECK(MPI_Alltoallv(send, sc.data(), sd.data(), type_, recv, rc.data(), rd.data(), type_, group_));
      return;
    }
    // Messages from one source with one tag arrive in the order sent, so
    // chunks need no numbering.
    std::vector<MPI_Request> requests;
    const char* s = static_cast<const char*>(send);
    char* r = static_cast<char*>(recv);
    auto post = [&](bool is_send, int peer, long long displ, long long count) {
      for (long long done = 0; done < count; done += chunk_) {
        const int n = static_cast<int>(std::min(chunk_, count - done));
        const long long at = (displ + done) * element_bytes_;
        MPI_Request q;
        if (is_send)
          FFT3D_MPI_CHECK(MPI_Isend(s + at, n, type_, peer, kTag, group_, &q));
        else
          FFT3D_MPI_CHECK(MPI_Irecv(r + at, n, type_, peer, kTag, group_, &q));
        requests.push_back(q);
      }
    };
    const int members = static_cast<int>(l.send_counts.size());
    for (int j = 0; j < members; ++j) post(false, j, l.recv_displs[j], l.recv_counts[j]);
    for (int j = 0; j < members; ++j) post(true, j, l.send_displs[j], l.send_counts[j]);
    FFT3D_MPI_CHECK(MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE));
  }

  void exchange_pieces(const std::vector<PieceTraffic>& pieces, const PieceSlots& slots, PieceWork& work,
                       CUstream_st*) override {
    run_mpi_pipeline(group_, type_, element_bytes_, chunk_, pieces, slots, work);
  }

 private:
  static constexpr int kTag = 3;
  MPI_Comm group_;
  int element_bytes_;
  bool device_, pairwise_;
  long long chunk_;
  MPI_Datatype type_ = MPI_DATATYPE_NULL;
};

}  // namespace

std::unique_ptr<Transport> make_mpi_transport(MPI_Comm group, int element_bytes, bool device_memory, bool pairwise,
                                              long long chunk_elements) {
  return std::make_unique<MpiTransport>(group, element_bytes, device_memory, pairwise, chunk_elements);
}

}  // namespace mpi
}  // namespace fft3d
