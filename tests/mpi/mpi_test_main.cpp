// GoogleTest under MPI: every rank runs every test; only rank 0 prints.
// Tests reduce their checks over ranks, so all ranks agree on each outcome,
// and the exit status is nonzero if any rank saw a failure.
#include <gtest/gtest.h>
#include <mpi.h>

#ifdef FFT3D_TEST_HAVE_CUDA
#include <cuda_runtime_api.h>
#endif

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#ifdef FFT3D_TEST_HAVE_CUDA
  // One GPU per rank of a node, where there are GPUs.
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
  int local = 0, devices = 0;
  MPI_Comm_rank(node, &local);
  MPI_Comm_free(&node);
  if (cudaGetDeviceCount(&devices) == cudaSuccess && devices > 0) cudaSetDevice(local % devices);
#endif
  testing::InitGoogleTest(&argc, argv);
  if (rank != 0) {
    auto& listeners = testing::UnitTest::GetInstance()->listeners();
    delete listeners.Release(listeners.default_result_printer());
  }
  int failed = RUN_ALL_TESTS() != 0;
  MPI_Allreduce(MPI_IN_PLACE, &failed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return failed;
}
