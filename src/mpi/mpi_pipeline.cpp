#include "mpi/mpi_pipeline.h"

#include <algorithm>

#include "mpi/mpi_check.h"

namespace fft3d {
namespace mpi {

namespace {

constexpr int kTag = 5;  // apart from the all-to-all path's chunks

class MpiPipeline {
 public:
  MpiPipeline(MPI_Comm group, MPI_Datatype element, int element_bytes, long long max_count,
              const std::vector<PieceTraffic>& pieces, const PieceSlots& slots, PieceWork& work)
      : group_(group), element_(element), element_bytes_(element_bytes), max_count_(max_count), pieces_(pieces),
        slots_(slots), work_(work), n_(static_cast<int>(pieces.size())), sends_(pieces.size()),
        recvs_(pieces.size()) {}

  // Piece i packs while i-1 travels and i-2's send slot is reused only once
  // that send is done; i-1 is unpacked after i is on its way.
  void run() {
    for (int i = 0; i < std::min(n_, kPipelineSlots); ++i) post_recv(i);
    for (int i = 0; i < n_; ++i) {
      if (i >= kPipelineSlots) wait(sends_[static_cast<size_t>(i - kPipelineSlots)]);
      const PieceTraffic& p = pieces_[static_cast<size_t>(i)];
      work_.pack(i, slot(slots_.send, i));
      work_.wait();  // MPI reads the slot directly
      post(true, p.send_to, slot(slots_.send, i), p.send_count, sends_[static_cast<size_t>(i)]);
      if (i == 0)
        work_.copy_own();
      else
        finish(i - 1);
    }
    if (n_ == 0)
      work_.copy_own();
    else
      finish(n_ - 1);
    for (auto& s : sends_) wait(s);
  }

 private:
  char* slot(void* ring, int i) const {
    return static_cast<char*>(ring) + (i % kPipelineSlots) * slots_.slot_elements * element_bytes_;
  }

  void post(bool is_send, int peer, char* at, long long count, std::vector<MPI_Request>& into) {
    for (long long done = 0; done < count; done += max_count_) {
      const int m = static_cast<int>(std::min(max_count_, count - done));
      char* part = at + done * element_bytes_;
      MPI_Request q;
      if (is_send)
        FFT3D_MPI_CHECK(MPI_Isend(part, m, element_, peer, kTag, group_, &q));
      else
        FFT3D_MPI_CHECK(MPI_Irecv(part, m, element_, peer, kTag, group_, &q));
      into.push_back(q);
    }
  }

  void post_recv(int i) {
    const PieceTraffic& p = pieces_[static_cast<size_t>(i)];
    post(false, p.recv_from, slot(slots_.recv, i), p.recv_count, recvs_[static_cast<size_t>(i)]);
  }

  void wait(std::vector<MPI_Request>& requests) {
    if (requests.empty()) return;
    FFT3D_MPI_CHECK(MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE));
    requests.clear();
  }

  // Unpacks piece i once it has arrived and gives its slot to piece i + slots.
  void finish(int i) {
    wait(recvs_[static_cast<size_t>(i)]);
    work_.unpack(i, slot(slots_.recv, i));
    if (i + kPipelineSlots < n_) {
      work_.wait();  // the slot is read before it is received into again
      post_recv(i + kPipelineSlots);
    }
  }

  MPI_Comm group_;
  MPI_Datatype element_;
  long long element_bytes_, max_count_;
  const std::vector<PieceTraffic>& pieces_;
  PieceSlots slots_;
  PieceWork& work_;
  int n_;
  std::vector<std::vector<MPI_Request>> sends_, recvs_;
};

}  // namespace

void run_mpi_pipeline(MPI_Comm group, MPI_Datatype element, int element_bytes, long long max_count,
                      const std::vector<PieceTraffic>& pieces, const PieceSlots& slots, PieceWork& work) {
  MpiPipeline(group, element, element_bytes, max_count, pieces, slots, work).run();
}

}  // namespace mpi
}  // namespace fft3d
