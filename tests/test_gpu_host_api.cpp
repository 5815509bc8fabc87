// GPU plans on host arrays (fft3d_forward_host / fft3d_inverse_host), against
// FFTW in double precision: 3-D grids and batched rows in many staging chunks
// (small chunks, so that small problems take many), pageable and page-locked
// arrays, calls from two threads, and the device memory helpers. Label gpu;
// skips without a device.
#include <gtest/gtest.h>

#include <algorithm>
#include <complex>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "fft3d.h"
#include "fft3d/host_staging.h"
#include "gpu_test_util.h"
#include "oracle.h"

namespace {

using fft3d_test::cplx;

// Staging chunks of `bytes` for the plans a test makes; the default after.
class ChunkBytes {
 public:
  explicit ChunkBytes(size_t bytes) { fft3d::set_host_staging_chunk_bytes(bytes); }
  ~ChunkBytes() { fft3d::set_host_staging_chunk_bytes(0); }
};

template <typename Real>
std::vector<std::complex<Real>> rounded_to(const std::vector<cplx>& v) {
  return std::vector<std::complex<Real>>(v.begin(), v.end());
}

template <typename Real>
fft3d_type c2c() {
  return sizeof(Real) == 4 ? FFT3D_C2C_F32 : FFT3D_C2C_F64;
}

// Forward against FFTW, then the inverse: the input back (normalised) or N
// times it. `data` may be any host memory holding the input.
template <typename Real>
void check_round_trip(fft3d_plan plan, std::complex<Real>* data, const std::vector<cplx>& input,
                      const std::vector<cplx>& want, double n, double bound, bool normalized) {
  ASSERT_EQ(fft3d_forward_host(plan, data), FFT3D_SUCCESS) << fft3d_last_error_message();
  const std::vector<std::complex<Real>> got(data, data + input.size());
  EXPECT_LE(fft3d_test::relative_l2_error(got, want), bound);
  ASSERT_EQ(fft3d_inverse_host(plan, data), FFT3D_SUCCESS) << fft3d_last_error_message();
  std::vector<cplx> back(input);
  if (!normalized)
    for (auto& x : back) x *= n;
  const std::vector<std::complex<Real>> again(data, data + input.size());
  EXPECT_LE(fft3d_test::relative_l2_error(again, back), 2 * bound);
}

template <typename Real>
void check_grid_on_host(int nx, int ny, int nz, unsigned flags) {
  const bool single = sizeof(Real) == 4;
  const size_t n = size_t(nx) * ny * nz;
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_3d(&plan, nx, ny, nz, c2c<Real>(), FFT3D_BACKEND_GPU | flags), FFT3D_SUCCESS)
      << fft3d_last_error_message();
  auto data = rounded_to<Real>(fft3d_test::random_complex(n, nx * 7 + ny * 3 + nz));
  const std::vector<cplx> input(data.begin(), data.end());
  const auto want = fft3d_test::fftw_3d(input, nx, ny, nz, -1);
  const double bound = fft3d_test::fft_error_bound(single, double(n));
  check_round_trip(plan, data.data(), input, want, double(n), bound, flags & FFT3D_NORMALIZE);
  // Again on the same plan: the staging state is reused.
  data.assign(input.begin(), input.end());
  check_round_trip(plan, data.data(), input, want, double(n), bound, flags & FFT3D_NORMALIZE);
  EXPECT_EQ(fft3d_plan_destroy(plan), FFT3D_SUCCESS);
}

template <typename Real>
void check_rows_on_host(int n, long long batch, unsigned flags) {
  const bool single = sizeof(Real) == 4;
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_1d_batched(&plan, n, batch, c2c<Real>(), FFT3D_BACKEND_GPU | flags), FFT3D_SUCCESS)
      << fft3d_last_error_message();
  auto data = rounded_to<Real>(fft3d_test::random_complex(size_t(n) * batch, n + unsigned(batch)));
  const std::vector<cplx> input(data.begin(), data.end());
  const auto want = fft3d_test::fftw_rows(input, n, batch, -1);
  check_round_trip(plan, data.data(), input, want, double(n), fft3d_test::fft_error_bound(single, n),
                   flags & FFT3D_NORMALIZE);
  EXPECT_EQ(fft3d_plan_destroy(plan), FFT3D_SUCCESS);
}

// 64 KiB chunks: a 64x48x40 f32 grid (960 KiB) takes 15, the last one short.
TEST(GpuHostApi, GridInManyChunks) {
  FFT3D_REQUIRE_GPU();
  const ChunkBytes chunks(64 << 10);
  check_grid_on_host<float>(64, 48, 40, 0);
  check_grid_on_host<double>(32, 30, 28, FFT3D_NORMALIZE);
}

// Default 8 MiB chunks: 128x96x96 f64 (18 MiB) takes 3.
TEST(GpuHostApi, GridWithDefaultChunks) {
  FFT3D_REQUIRE_GPU();
  check_grid_on_host<double>(128, 96, 96, 0);
}

// 32 KiB chunks: 32 rows of 256 f32 values per chunk, so 1000 rows take 32
// chunks on two streams, the last of 8 rows (a plan for the remainder).
TEST(GpuHostApi, BatchedRowsPipelined) {
  FFT3D_REQUIRE_GPU();
  const ChunkBytes chunks(32 << 10);
  check_rows_on_host<float>(256, 1000, 0);
  check_rows_on_host<double>(480, 333, FFT3D_NORMALIZE);
  check_rows_on_host<float>(64, 5, 0);  // one chunk: the plan itself
  const ChunkBytes tiny(1000);
  check_rows_on_host<double>(480, 7, 0);  // rows larger than a chunk: one row per chunk
}

// Real plans take the padded in-place layout (rows of 2(nx/2+1) reals in,
// nx/2+1 complex values out): the staged bytes are that layout's, and the
// padding must not leak into the result.
template <typename Real>
void check_real_on_host(int nx, int ny, int nz, long long batch) {
  const bool single = sizeof(Real) == 4;
  const bool rows_only = batch > 0;
  const int half = nx / 2 + 1;
  const size_t rows = rows_only ? size_t(batch) : size_t(ny) * nz;
  fft3d_plan plan = nullptr;
  const fft3d_type type = single ? FFT3D_R2C_F32 : FFT3D_R2C_F64;
  const unsigned flags = FFT3D_BACKEND_GPU | FFT3D_NORMALIZE;
  ASSERT_EQ(rows_only ? fft3d_plan_create_1d_batched(&plan, nx, batch, type, flags)
                      : fft3d_plan_create_3d(&plan, nx, ny, nz, type, flags),
            FFT3D_SUCCESS)
      << fft3d_last_error_message();
  const auto random = fft3d_test::random_complex(rows * nx, nx + unsigned(rows));
  std::vector<cplx> real(rows * nx);  // the real parts, rounded to Real
  for (size_t i = 0; i < real.size(); ++i) real[i] = Real(random[i].real());
  std::vector<Real> padded(rows * 2 * half, Real(1e30));
  for (size_t r = 0; r < rows; ++r)
    for (int x = 0; x < nx; ++x) padded[r * 2 * half + x] = Real(real[r * nx + x].real());

  ASSERT_EQ(fft3d_forward_host(plan, padded.data()), FFT3D_SUCCESS) << fft3d_last_error_message();
  const auto full = rows_only ? fft3d_test::fftw_rows(real, nx, batch, -1) : fft3d_test::fftw_3d(real, nx, ny, nz, -1);
  std::vector<cplx> want(rows * half);
  for (size_t r = 0; r < rows; ++r)
    for (int k = 0; k < half; ++k) want[r * half + k] = full[r * nx + k];
  const auto* spectrum = reinterpret_cast<const std::complex<Real>*>(padded.data());
  const double bound = fft3d_test::fft_error_bound(single, rows_only ? double(nx) : double(rows * nx));
  EXPECT_LE(fft3d_test::relative_l2_error(std::vector<std::complex<Real>>(spectrum, spectrum + rows * half), want),
            bound);
  ASSERT_EQ(fft3d_inverse_host(plan, padded.data()), FFT3D_SUCCESS) << fft3d_last_error_message();
  double err = 0, ref = 0;
  for (size_t r = 0; r < rows; ++r)
    for (int x = 0; x < nx; ++x) {
      const double d = double(padded[r * 2 * half + x]) - real[r * nx + x].real();
      err += d * d;
      ref += std::norm(real[r * nx + x]);
    }
  EXPECT_LE(std::sqrt(err / ref), 2 * bound);
  fft3d_plan_destroy(plan);
}

TEST(GpuHostApi, RealPlansInPaddedLayout) {
  FFT3D_REQUIRE_GPU();
  const ChunkBytes chunks(16 << 10);
  check_real_on_host<double>(30, 20, 12, 0);   // 3-D: 60 KiB padded, 4 chunks
  check_real_on_host<float>(64, 24, 10, 0);
  check_real_on_host<float>(256, 1, 1, 300);   // batched rows: 15 rows a chunk, 20 chunks
  check_real_on_host<double>(100, 1, 1, 77);   // even n that is not a power of two
}

// cudaMallocHost memory is copied directly, without the staging buffers.
TEST(GpuHostApi, PageLockedArrays) {
  FFT3D_REQUIRE_GPU();
  const ChunkBytes chunks(64 << 10);
  const int nx = 48, ny = 40, nz = 36, n1 = 512;
  const long long batch = 300;
  const size_t grid = size_t(nx) * ny * nz, rows = size_t(n1) * batch;
  std::complex<float>* locked = nullptr;
  CUDA_OK(cudaMallocHost(reinterpret_cast<void**>(&locked), std::max(grid, rows) * sizeof(*locked)));

  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_3d(&plan, nx, ny, nz, FFT3D_C2C_F32, FFT3D_BACKEND_GPU), FFT3D_SUCCESS);
  auto input = fft3d_test::random_complex(grid, 5);
  for (size_t i = 0; i < grid; ++i) locked[i] = std::complex<float>(input[i]);
  input.assign(locked, locked + grid);
  check_round_trip(plan, locked, input, fft3d_test::fftw_3d(input, nx, ny, nz, -1), double(grid),
                   fft3d_test::fft_error_bound(true, double(grid)), false);
  fft3d_plan_destroy(plan);

  ASSERT_EQ(fft3d_plan_create_1d_batched(&plan, n1, batch, FFT3D_C2C_F32, FFT3D_BACKEND_GPU), FFT3D_SUCCESS);
  input = fft3d_test::random_complex(rows, 6);
  for (size_t i = 0; i < rows; ++i) locked[i] = std::complex<float>(input[i]);
  input.assign(locked, locked + rows);
  check_round_trip(plan, locked, input, fft3d_test::fftw_rows(input, n1, batch, -1), double(n1),
                   fft3d_test::fft_error_bound(true, n1), false);
  fft3d_plan_destroy(plan);
  CUDA_OK(cudaFreeHost(locked));
}

// Two threads, one plan, each its own array: the calls take turns and both
// results are right.
TEST(GpuHostApi, TwoThreadsOnOnePlan) {
  FFT3D_REQUIRE_GPU();
  const ChunkBytes chunks(128 << 10);
  const int nx = 64, ny = 64, nz = 32;
  const size_t n = size_t(nx) * ny * nz;
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_3d(&plan, nx, ny, nz, FFT3D_C2C_F64, FFT3D_BACKEND_GPU), FFT3D_SUCCESS);
  const auto a_in = fft3d_test::random_complex(n, 31), b_in = fft3d_test::random_complex(n, 32);
  auto a = a_in, b = b_in;
  fft3d_status sa = FFT3D_ERROR_INTERNAL, sb = FFT3D_ERROR_INTERNAL;
  std::thread ta([&] { sa = fft3d_forward_host(plan, a.data()); });
  std::thread tb([&] { sb = fft3d_forward_host(plan, b.data()); });
  ta.join();
  tb.join();
  ASSERT_EQ(sa, FFT3D_SUCCESS);
  ASSERT_EQ(sb, FFT3D_SUCCESS);
  const double bound = fft3d_test::fft_error_bound(false, double(n));
  EXPECT_LE(fft3d_test::relative_l2_error(a, fft3d_test::fftw_3d(a_in, nx, ny, nz, -1)), bound);
  EXPECT_LE(fft3d_test::relative_l2_error(b, fft3d_test::fftw_3d(b_in, nx, ny, nz, -1)), bound);
  fft3d_plan_destroy(plan);
}

// A device pointer is refused by the host entry points and left untouched.
TEST(GpuHostApi, DevicePointerIsRefused) {
  FFT3D_REQUIRE_GPU();
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_3d(&plan, 16, 16, 16, FFT3D_C2C_F32, FFT3D_BACKEND_GPU), FFT3D_SUCCESS);
  const std::vector<std::complex<float>> host(4096, {1.0f, -2.0f});
  void* dev = nullptr;
  ASSERT_EQ(fft3d_device_malloc(&dev, 4096 * 8), FFT3D_SUCCESS);
  ASSERT_EQ(fft3d_memcpy_to_device(dev, host.data(), 4096 * 8), FFT3D_SUCCESS);
  EXPECT_EQ(fft3d_forward_host(plan, dev), FFT3D_ERROR_INVALID_POINTER);
  EXPECT_NE(std::string(fft3d_last_error_message()).find("device memory"), std::string::npos);
  std::vector<std::complex<float>> back(4096);
  ASSERT_EQ(fft3d_memcpy_to_host(back.data(), dev, 4096 * 8), FFT3D_SUCCESS);
  EXPECT_EQ(back, host);
  EXPECT_EQ(fft3d_device_free(dev), FFT3D_SUCCESS);
  fft3d_plan_destroy(plan);
}

// The helpers alone: allocate, copy both ways, transform in between with the
// device entry point, free; and their pointer checks.
TEST(GpuDeviceHelpers, RoundTripAndTransform) {
  FFT3D_REQUIRE_GPU();
  int available = 0;
  ASSERT_EQ(fft3d_device_available(&available), FFT3D_SUCCESS);
  EXPECT_EQ(available, 1);
  char name[256] = "";
  size_t needed = 0;
  ASSERT_EQ(fft3d_device_name(name, sizeof name, &needed), FFT3D_SUCCESS);
  EXPECT_GT(std::strlen(name), 0u);
  EXPECT_EQ(needed, std::strlen(name) + 1);

  const int nx = 32, ny = 24, nz = 20;
  const size_t n = size_t(nx) * ny * nz, bytes = n * sizeof(std::complex<double>);
  const auto input = fft3d_test::random_complex(n, 41);
  void* dev = nullptr;
  ASSERT_EQ(fft3d_device_malloc(&dev, bytes), FFT3D_SUCCESS) << fft3d_last_error_message();
  ASSERT_NE(dev, nullptr);
  ASSERT_EQ(fft3d_memcpy_to_device(dev, input.data(), bytes), FFT3D_SUCCESS);
  std::vector<cplx> copy(n);
  ASSERT_EQ(fft3d_memcpy_to_host(copy.data(), dev, bytes), FFT3D_SUCCESS);
  EXPECT_EQ(copy, input);

  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_3d(&plan, nx, ny, nz, FFT3D_C2C_F64, FFT3D_BACKEND_GPU), FFT3D_SUCCESS);
  ASSERT_EQ(fft3d_forward(plan, dev), FFT3D_SUCCESS);  // enqueued; the copy back waits for it
  ASSERT_EQ(fft3d_memcpy_to_host(copy.data(), dev, bytes), FFT3D_SUCCESS);
  EXPECT_LE(fft3d_test::relative_l2_error(copy, fft3d_test::fftw_3d(input, nx, ny, nz, -1)),
            fft3d_test::fft_error_bound(false, double(n)));
  fft3d_plan_destroy(plan);

  std::vector<cplx> other(n);
  EXPECT_EQ(fft3d_memcpy_to_device(other.data(), input.data(), bytes), FFT3D_ERROR_INVALID_POINTER);
  EXPECT_EQ(fft3d_memcpy_to_device(dev, dev, bytes), FFT3D_ERROR_INVALID_POINTER);
  EXPECT_EQ(fft3d_memcpy_to_host(other.data(), other.data(), bytes), FFT3D_ERROR_INVALID_POINTER);
  EXPECT_EQ(fft3d_device_free(other.data()), FFT3D_ERROR_INVALID_POINTER);
  EXPECT_EQ(fft3d_device_free(dev), FFT3D_SUCCESS);

  void* none = &available;
  EXPECT_EQ(fft3d_device_malloc(&none, 0), FFT3D_SUCCESS);
  EXPECT_EQ(none, nullptr);
}

}  // namespace
