// The MPI transport's two paths (one MPI_Alltoallv, or chunked point-to-
// point messages for counts beyond MPI's ints) deliver the same bytes.
#include <gtest/gtest.h>

#include <random>

#include "common/error.h"
#include "mpi/transport.h"
#include "mpi_test_util.h"

namespace fft3d_mpi_test {
namespace {

using namespace fft3d::mpi;

TEST(MpiTransport, AlltoallvAndChunkedPairwiseAgree) {
  const int P = world_size(), me = world_rank();
  // Counts from rank r to rank j: (r + 2 j) % 5, some zero; every rank
  // computes all of them so that receives match sends.
  auto count = [](int from, int to) { return static_cast<long long>((from + 2 * to) % 5); };
  std::vector<long long> sc, sd, rc, rd;
  long long s_at = 0, r_at = 0;
  for (int j = 0; j < P; ++j) {
    sc.push_back(count(me, j));
    sd.push_back(s_at);
    s_at += sc.back();
    rc.push_back(count(j, me));
    rd.push_back(r_at);
    r_at += rc.back();
  }
  // 16-byte elements: element k to rank j holds (me, j, k, 0).
  std::vector<long long> send(static_cast<size_t>(2 * s_at + 2));
  for (int j = 0; j < P; ++j)
    for (long long k = 0; k < sc[j]; ++k) {
      send[static_cast<size_t>(2 * (sd[j] + k))] = me * 1000 + j;
      send[static_cast<size_t>(2 * (sd[j] + k) + 1)] = k;
    }
  const ExchangeLayout layout{sc, sd, rc, rd};
  for (bool pairwise : {false, true}) {
    auto t = make_mpi_transport(MPI_COMM_WORLD, 16, false, pairwise, 2);  // chunks of 2 elements
    std::vector<long long> recv(static_cast<size_t>(2 * r_at + 2), -1);
    t->exchange(send.data(), recv.data(), layout, nullptr);
    bool ok = true;
    for (int j = 0; j < P; ++j)
      for (long long k = 0; k < rc[j]; ++k)
        ok = ok && recv[static_cast<size_t>(2 * (rd[j] + k))] == j * 1000 + me &&
             recv[static_cast<size_t>(2 * (rd[j] + k) + 1)] == k;
    EXPECT_TRUE(all_ranks(ok)) << t->name();
  }
}

TEST(MpiTransport, ChoiceFollowsMemoryAndBuild) {
  EXPECT_EQ(choose_transport(FFT3D_MPI_TRANSPORT_AUTO, MemoryKind::host), TransportKind::host);
  EXPECT_EQ(choose_transport(FFT3D_MPI_TRANSPORT_AUTO, MemoryKind::device),
            nccl_transport_built() ? TransportKind::nccl
            : mpi_reports_cuda_support() ? TransportKind::gpu_aware
                                         : TransportKind::host);
  EXPECT_THROW(choose_transport(FFT3D_MPI_TRANSPORT_GPU_AWARE, MemoryKind::host), fft3d::Error);
}

}  // namespace
}  // namespace fft3d_mpi_test
