// Errors of the distributed API: every rank returns a status (the same kind
// everywhere when one rank is at fault), nothing aborts or hangs, and data is
// left untouched.
#include <gtest/gtest.h>

#include <string>

#include "mpi_test_util.h"

namespace fft3d_mpi_test {
namespace {

std::string message() { return fft3d_last_error_message(); }

fft3d_mpi_plan make_plan(int nx, int ny, int nz, const fft3d_mpi_options* o = nullptr) {
  fft3d_mpi_plan plan = nullptr;
  EXPECT_EQ(fft3d_mpi_plan_create_3d(&plan, MPI_COMM_WORLD, nx, ny, nz, FFT3D_C2C_F64, FFT3D_BACKEND_CPU, o),
            FFT3D_SUCCESS)
      << message();
  return plan;
}

TEST(MpiErrors, NullCommunicatorIsRejectedLocally) {
  fft3d_mpi_plan plan = reinterpret_cast<fft3d_mpi_plan>(0x1);
  EXPECT_EQ(fft3d_mpi_plan_create_3d(&plan, MPI_COMM_NULL, 4, 4, 4, FFT3D_C2C_F64, FFT3D_BACKEND_CPU, nullptr),
            FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(plan, nullptr);
  EXPECT_NE(message().find("MPI_COMM_NULL"), std::string::npos) << message();
}

TEST(MpiErrors, SizesDifferingBetweenRanksFailOnEveryRank) {
  if (world_size() < 2) GTEST_SKIP() << "needs two ranks";
  fft3d_mpi_plan plan = nullptr;
  const int nz = world_rank() == 1 ? 9 : 8;
  EXPECT_EQ(fft3d_mpi_plan_create_3d(&plan, MPI_COMM_WORLD, 8, 8, nz, FFT3D_C2C_F64, FFT3D_BACKEND_CPU, nullptr),
            FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(plan, nullptr);
  EXPECT_NE(message().find("ranks disagree on nz (from 8 to 9)"), std::string::npos) << message();
  // Options too.
  fft3d_mpi_options o{};
  o.transposed_out = world_rank() == 0;
  EXPECT_EQ(fft3d_mpi_plan_create_3d(&plan, MPI_COMM_WORLD, 8, 8, 8, FFT3D_C2C_F64, FFT3D_BACKEND_CPU, &o),
            FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(message().find("transposed_out"), std::string::npos) << message();
}

TEST(MpiErrors, BadArgumentsOnOneRankFailOnAll) {
  const int last = world_size() - 1;
  const bool mine = world_rank() == last;
  fft3d_mpi_plan plan = nullptr;
  // A NULL plan pointer on the last rank only.
  EXPECT_EQ(fft3d_mpi_plan_create_3d(mine ? nullptr : &plan, MPI_COMM_WORLD, 4, 4, 4, FFT3D_C2C_F64,
                                     FFT3D_BACKEND_CPU, nullptr),
            FFT3D_ERROR_INVALID_ARGUMENT);
  if (mine)
    EXPECT_NE(message().find("plan output pointer is NULL"), std::string::npos) << message();
  else
    EXPECT_NE(message().find("another rank"), std::string::npos) << message();
  // Bad sizes and types, everywhere.
  EXPECT_EQ(fft3d_mpi_plan_create_3d(&plan, MPI_COMM_WORLD, 0, 4, 4, FFT3D_C2C_F64, FFT3D_BACKEND_CPU, nullptr),
            FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(fft3d_mpi_plan_create_3d(&plan, MPI_COMM_WORLD, 4, 4, 4, static_cast<fft3d_type>(9), FFT3D_BACKEND_CPU,
                                     nullptr),
            FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(fft3d_mpi_plan_create_3d(&plan, MPI_COMM_WORLD, 4, 4, 4, FFT3D_C2C_F64, 1u << 20, nullptr),
            FFT3D_ERROR_INVALID_ARGUMENT);
}

TEST(MpiErrors, BadOptionsAreRejected) {
  fft3d_mpi_plan plan = nullptr;
  fft3d_mpi_options o{};
  o.decomposition = static_cast<fft3d_mpi_decomposition>(7);
  EXPECT_EQ(fft3d_mpi_plan_create_3d(&plan, MPI_COMM_WORLD, 4, 4, 4, FFT3D_C2C_F64, FFT3D_BACKEND_CPU, &o),
            FFT3D_ERROR_INVALID_ARGUMENT);
  o = fft3d_mpi_options{};
  o.p1 = world_size() + 1;  // p1 * p2 != ranks
  o.p2 = 1;
  EXPECT_EQ(fft3d_mpi_plan_create_3d(&plan, MPI_COMM_WORLD, 4, 4, 4, FFT3D_C2C_F64, FFT3D_BACKEND_CPU, &o),
            FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(message().find("does not match"), std::string::npos) << message();
  o = fft3d_mpi_options{};
  o.transport = FFT3D_MPI_TRANSPORT_NCCL;  // device transports need a GPU plan
  EXPECT_EQ(fft3d_mpi_plan_create_3d(&plan, MPI_COMM_WORLD, 4, 4, 4, FFT3D_C2C_F64, FFT3D_BACKEND_CPU, &o),
            FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(message().find("GPU plan"), std::string::npos) << message();
  EXPECT_EQ(plan, nullptr);
}

TEST(MpiErrors, BufferSmallerThanTheLocalSizeFailsEverywhereAndLeavesDataAlone) {
  fft3d_mpi_plan plan = make_plan(6, 5, 4);
  ASSERT_NE(plan, nullptr);
  long long alloc = 0;
  ASSERT_EQ(fft3d_mpi_local_size(plan, nullptr, nullptr, &alloc), FFT3D_SUCCESS);
  ASSERT_GE(alloc, 1);
  std::vector<std::complex<double>> a(static_cast<size_t>(alloc), {1.5, -2.5});
  const auto before = a;
  const bool short_rank = world_rank() == world_size() - 1;
  EXPECT_EQ(fft3d_mpi_forward(plan, a.data(), short_rank ? alloc - 1 : alloc), FFT3D_ERROR_INVALID_ARGUMENT);
  if (short_rank) EXPECT_NE(message().find("this rank needs"), std::string::npos) << message();
  EXPECT_TRUE(all_ranks(a == before));
  EXPECT_EQ(fft3d_mpi_inverse(plan, nullptr, alloc), FFT3D_ERROR_INVALID_POINTER);
  // Out of place with overlapping buffers.
  std::vector<std::complex<double>> b(static_cast<size_t>(alloc + 1));
  EXPECT_EQ(fft3d_mpi_forward_out(plan, b.data() + 1, b.data(), alloc), FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(message().find("overlap"), std::string::npos) << message();
  EXPECT_EQ(fft3d_mpi_plan_destroy(plan), FFT3D_SUCCESS);
  // A destroyed plan is reported, not used.
  EXPECT_EQ(fft3d_mpi_forward(plan, a.data(), alloc), FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(fft3d_mpi_plan_destroy(plan), FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(fft3d_mpi_local_size(nullptr, nullptr, nullptr, nullptr), FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(fft3d_mpi_plan_destroy(nullptr), FFT3D_SUCCESS);
}

TEST(MpiErrors, GpuPlanWithoutDeviceReportsNoDevice) {
  int usable = 1;
  {
    fft3d_plan probe = nullptr;
    usable = fft3d_plan_create_1d_batched(&probe, 8, 1, FFT3D_C2C_F32, FFT3D_BACKEND_GPU) == FFT3D_SUCCESS;
    fft3d_plan_destroy(probe);
  }
  if (!all_ranks(!usable)) GTEST_SKIP() << "a GPU is usable here";
  fft3d_mpi_plan plan = nullptr;
  EXPECT_EQ(fft3d_mpi_plan_create_3d(&plan, MPI_COMM_WORLD, 8, 8, 8, FFT3D_C2C_F32, FFT3D_BACKEND_GPU, nullptr),
            FFT3D_ERROR_NO_DEVICE);
  EXPECT_EQ(plan, nullptr);
}

}  // namespace
}  // namespace fft3d_mpi_test
