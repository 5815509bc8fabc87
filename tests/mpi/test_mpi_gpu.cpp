// Distributed transforms on the GPU backend, one rank per GPU where there
// are enough: every transport this build and MPI offer, slab and pencil,
// natural and transposed, in and out of place, against serial FFTW. Skips
// cleanly on machines without a GPU.
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <string>

#include "mpi_test_util.h"

namespace fft3d_mpi_test {
namespace {

bool gpu_usable_everywhere() {
  int devices = 0;
  bool usable = cudaGetDeviceCount(&devices) == cudaSuccess && devices > 0;
  if (usable) {
    fft3d_plan probe = nullptr;
    usable = fft3d_plan_create_1d_batched(&probe, 8, 1, FFT3D_C2C_F32, FFT3D_BACKEND_GPU) == FFT3D_SUCCESS;
    fft3d_plan_destroy(probe);
  }
  return all_ranks(usable);
}

int devices_on_node() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess) devices = 0;
  return devices;
}

#define CUDA_OK(call) ASSERT_EQ((call), cudaSuccess) << #call

struct DeviceArray {
  void* p = nullptr;
  explicit DeviceArray(size_t bytes) { cudaMalloc(&p, bytes); }
  ~DeviceArray() { cudaFree(p); }
};

// One configuration; skips when the transport or the type is not available
// in this build or with this MPI.
template <typename Real>
void run_gpu_case(int nx, int ny, int nz, fft3d_type type, const fft3d_mpi_options& o, bool in_place) {
  const bool real = type == FFT3D_R2C_F32 || type == FFT3D_R2C_F64;
  const double n = static_cast<double>(nx) * ny * nz;
  const double tol = fft3d_test::fft_error_bound(sizeof(Real) == 4, n);
  fft3d_mpi_plan plan = nullptr;
  const fft3d_status made = fft3d_mpi_plan_create_3d(&plan, MPI_COMM_WORLD, nx, ny, nz, type, FFT3D_BACKEND_GPU, &o);
  if (made == FFT3D_ERROR_UNSUPPORTED_SIZE) GTEST_SKIP() << fft3d_last_error_message();
  ASSERT_EQ(made, FFT3D_SUCCESS) << fft3d_last_error_message();
  fft3d_mpi_box in{}, out{};
  long long alloc = 0;
  ASSERT_EQ(fft3d_mpi_local_size(plan, &in, &out, &alloc), FFT3D_SUCCESS);
  const size_t bytes = static_cast<size_t>(alloc) * 2 * sizeof(Real);
  const int half = nx / 2 + 1, pitch = in_place ? 2 * half : nx;
  const Global g = random_global(nx, ny, nz, real, 99);
  std::vector<std::complex<Real>> host(static_cast<size_t>(alloc));
  fill_box<Real>(host.data(), in, g, real, pitch);
  DeviceArray a(bytes), b(bytes);
  ASSERT_TRUE(a.p && b.p);
  CUDA_OK(cudaMemcpy(a.p, host.data(), bytes, cudaMemcpyHostToDevice));
  void* spectrum = in_place ? a.p : b.p;
  if (in_place)
    ASSERT_EQ(fft3d_mpi_forward(plan, a.p, alloc), FFT3D_SUCCESS) << fft3d_last_error_message();
  else
    ASSERT_EQ(fft3d_mpi_forward_out(plan, a.p, b.p, alloc), FFT3D_SUCCESS) << fft3d_last_error_message();
  CUDA_OK(cudaMemcpy(host.data(), spectrum, bytes, cudaMemcpyDeviceToHost));
  EXPECT_LT(global_error<Real>(host.data(), out, serial_forward(g, real), 1.0, false, 0), tol);
  void* back = a.p;  // out of place the spectrum in b comes back into a
  if (in_place)
    ASSERT_EQ(fft3d_mpi_inverse(plan, a.p, alloc), FFT3D_SUCCESS) << fft3d_last_error_message();
  else
    ASSERT_EQ(fft3d_mpi_inverse_out(plan, b.p, a.p, alloc), FFT3D_SUCCESS) << fft3d_last_error_message();
  CUDA_OK(cudaMemcpy(host.data(), back, bytes, cudaMemcpyDeviceToHost));
  EXPECT_LT(global_error<Real>(host.data(), in, g, n, real, pitch), 2 * tol);
  // A host pointer is refused on every rank.
  EXPECT_EQ(fft3d_mpi_forward(plan, host.data(), alloc), FFT3D_ERROR_INVALID_POINTER);
  EXPECT_EQ(fft3d_mpi_plan_destroy(plan), FFT3D_SUCCESS);
}

// Every test of a transport needs a usable GPU on every rank, and NCCL one
// GPU per rank of a communicator.
class MpiGpu : public testing::TestWithParam<fft3d_mpi_transport> {
 protected:
  void SetUp() override {
    if (!gpu_usable_everywhere()) GTEST_SKIP() << "no usable GPU on every rank";
    if (GetParam() == FFT3D_MPI_TRANSPORT_NCCL && !all_ranks(world_size() <= devices_on_node()))
      GTEST_SKIP() << "NCCL needs a GPU per rank";
  }
};

TEST_P(MpiGpu, MatchesSerialFftw) {
  const fft3d_mpi_transport transport = GetParam();
  for (auto decomposition : {FFT3D_MPI_SLAB, FFT3D_MPI_PENCIL})
    for (int transposed : {0, 1})
      for (bool in_place : {true, false}) {
        fft3d_mpi_options o{};
        o.decomposition = decomposition;
        o.transposed_out = transposed;
        o.transport = transport;
        SCOPED_TRACE(std::string(decomposition == FFT3D_MPI_SLAB ? "slab" : "pencil") +
                     (transposed ? " transposed" : " natural") + (in_place ? " in place" : " out of place"));
        run_gpu_case<float>(32, 24, 20, FFT3D_C2C_F32, o, in_place);
        run_gpu_case<double>(7, 5, 9, FFT3D_C2C_F64, o, in_place);
        if (testing::Test::IsSkipped()) return;
      }
}

TEST_P(MpiGpu, RealToComplexWhereTheGpuBackendHasIt) {
  const fft3d_mpi_transport transport = GetParam();
  fft3d_mpi_options o{};
  o.decomposition = FFT3D_MPI_PENCIL;
  o.transport = transport;
  run_gpu_case<float>(30, 16, 12, FFT3D_R2C_F32, o, true);
  run_gpu_case<double>(30, 16, 12, FFT3D_R2C_F64, o, false);
}

// Reshapes unpipelined (1) and pipelined in pieces per peer (2, 5: more than
// some messages have planes) on every transport; NCCL orders them on two
// streams with events, MPI on device memory sends each piece from the host,
// host staging runs exchanges whole whatever the option says.
TEST_P(MpiGpu, PipelinedReshapesMatchSerialFftw) {
  const fft3d_mpi_transport transport = GetParam();
  for (auto decomposition : {FFT3D_MPI_SLAB, FFT3D_MPI_PENCIL})
    for (int transposed : {0, 1})
      for (int chunks : {1, 2, 5}) {
        fft3d_mpi_options o{};
        o.decomposition = decomposition;
        o.transposed_out = transposed;
        o.transport = transport;
        o.pipeline_chunks = chunks;
        SCOPED_TRACE(std::string(decomposition == FFT3D_MPI_SLAB ? "slab" : "pencil") +
                     (transposed ? " transposed" : " natural") + ", pipeline_chunks " + std::to_string(chunks));
        run_gpu_case<float>(32, 24, 20, FFT3D_C2C_F32, o, chunks != 5);
        run_gpu_case<double>(7, 5, 9, FFT3D_C2C_F64, o, chunks == 5);
        if (testing::Test::IsSkipped()) return;
      }
  fft3d_mpi_options o{};
  o.decomposition = FFT3D_MPI_PENCIL;
  o.transport = transport;
  o.pipeline_chunks = 3;
  run_gpu_case<float>(30, 16, 12, FFT3D_R2C_F32, o, true);
}

std::string transport_name(const testing::TestParamInfo<fft3d_mpi_transport>& i) {
  const char* names[] = {"auto", "host_staging", "nccl", "gpu_aware"};
  return names[i.param];
}

INSTANTIATE_TEST_SUITE_P(Transports, MpiGpu,
                         testing::Values(FFT3D_MPI_TRANSPORT_HOST, FFT3D_MPI_TRANSPORT_NCCL,
                                         FFT3D_MPI_TRANSPORT_GPU_AWARE),
                         transport_name);

}  // namespace
}  // namespace fft3d_mpi_test
