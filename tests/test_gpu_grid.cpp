// 3-D complex transforms on the GPU (label gpu) through the C API, against
// FFTW in double precision; plan reuse; two plans on two streams at once.
// Skips without a device.
#include <gtest/gtest.h>

#include <complex>
#include <initializer_list>
#include <memory>
#include <thread>
#include <tuple>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "fft3d.h"
#include "fft3d/gpu_plan_common.h"
#include "gpu/device.h"
#include "tune/plan_source_choice.h"
#include "xy/xy_variant.h"
#include "gpu_test_util.h"
#include "oracle.h"
#include "shipped_cube.h"

namespace {

using fft3d_test::cplx;

template <typename Real>
struct DeviceGrid {
  int nx, ny, nz;
  size_t count;
  std::vector<std::complex<Real>> host;
  std::vector<cplx> rounded;
  void* dev = nullptr;
  DeviceGrid(int x, int y, int z, unsigned seed) : nx(x), ny(y), nz(z), count(size_t(x) * y * z) {
    const auto in = fft3d_test::random_complex(count, seed);
    host.assign(in.begin(), in.end());
    rounded.assign(host.begin(), host.end());
    EXPECT_EQ(cudaMalloc(&dev, count * sizeof(host[0])), cudaSuccess);
    upload();
  }
  ~DeviceGrid() { cudaFree(dev); }
  void upload() {
    EXPECT_EQ(cudaMemcpy(dev, host.data(), count * sizeof(host[0]), cudaMemcpyHostToDevice), cudaSuccess);
  }
  std::vector<std::complex<Real>> download() {
    std::vector<std::complex<Real>> out(count);
    EXPECT_EQ(cudaMemcpy(out.data(), dev, count * sizeof(out[0]), cudaMemcpyDeviceToHost), cudaSuccess);
    return out;
  }
  std::string name() const { return std::to_string(nx) + "x" + std::to_string(ny) + "x" + std::to_string(nz); }
};

fft3d_plan make_plan(int nx, int ny, int nz, bool single) {
  fft3d_plan plan = nullptr;
  EXPECT_EQ(fft3d_plan_create_3d(&plan, nx, ny, nz, single ? FFT3D_C2C_F32 : FFT3D_C2C_F64, FFT3D_BACKEND_GPU),
            FFT3D_SUCCESS)
      << fft3d_last_error_message();
  return plan;
}

// What the plan make_plan gives the grid says of itself ("" where it gives
// none, which make_plan has reported).
std::string plan_text(int nx, int ny, int nz, bool single) {
  fft3d_plan plan = make_plan(nx, ny, nz, single);
  if (plan == nullptr) return "";
  std::string text = fft3d_test::describe(plan);
  fft3d_plan_destroy(plan);
  return text;
}

// Expects that description to hold each phrase.
void expect_plan_says(int nx, int ny, int nz, bool single, std::initializer_list<std::string> phrases) {
  const std::string text = plan_text(nx, ny, nz, single);
  for (const std::string& phrase : phrases)
    EXPECT_NE(text.find(phrase), std::string::npos) << nx << "x" << ny << "x" << nz << ": " << phrase << "\n" << text;
}

template <typename Real>
void check_grid(int nx, int ny, int nz, bool with_oracle = true) {
  const bool single = sizeof(Real) == 4;
  fft3d_plan plan = make_plan(nx, ny, nz, single);
  ASSERT_NE(plan, nullptr);
  DeviceGrid<Real> g(nx, ny, nz, nx + 3 * ny + 7 * nz);
  const double bound = fft3d_test::fft_error_bound(single, double(g.count));
  ASSERT_EQ(fft3d_forward(plan, g.dev), FFT3D_SUCCESS) << fft3d_last_error_message();
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  if (with_oracle)
    EXPECT_LE(fft3d_test::relative_l2_error(g.download(), fft3d_test::fftw_3d(g.rounded, nx, ny, nz, -1)), bound)
        << "forward " << g.name();
  ASSERT_EQ(fft3d_inverse(plan, g.dev), FFT3D_SUCCESS);
  std::vector<cplx> scaled(g.rounded);
  for (auto& x : scaled) x *= double(g.count);
  EXPECT_LE(fft3d_test::relative_l2_error(g.download(), scaled), 2 * bound) << "round trip " << g.name();
  EXPECT_EQ(fft3d_plan_destroy(plan), FFT3D_SUCCESS);
}

void check_grid_in(bool single, int nx, int ny, int nz) {
  single ? check_grid<float>(nx, ny, nz) : check_grid<double>(nx, ny, nz);
}

TEST(GpuGrid, SmallAndOddGrids) {
  FFT3D_REQUIRE_GPU();
  for (bool single : {true, false}) {
    auto run = [&](int x, int y, int z) { check_grid_in(single, x, y, z); };
    run(16, 16, 16);
    run(48, 20, 35);
    run(256, 16, 16);
    run(7, 1, 5);
    run(1, 1, 64);
    run(12, 10, 1);
    run(27, 9, 25);
    run(128, 128, 128);
  }
}

TEST(GpuGrid, LargeCubes) {
  FFT3D_REQUIRE_GPU();
  check_grid<float>(256, 256, 256);
  check_grid<double>(256, 256, 256);
  check_grid<float>(512, 512, 512, /*with_oracle=*/false);  // FFTW at 512^3 is too slow here
}

// The last pass streams through L2 (FFT3D_L2_STREAMING): a cache hint
// only, so the output is bitwise that of the plan without it, and the plan
// says which pass streams.
TEST(GpuGrid, LastPassStreamsThroughL2) {
  FFT3D_REQUIRE_GPU();
  for (bool single : {true, false}) {
    std::vector<std::vector<char>> outputs;
    for (const char* streaming : {"0", "1"}) {
      setenv("FFT3D_L2_STREAMING", streaming, 1);
      fft3d_plan plan = make_plan(96, 80, 72, single);
      ASSERT_NE(plan, nullptr);
      const std::string text = fft3d_test::describe(plan);
      const size_t at = text.find("streaming through L2");
      if (streaming[0] == '1') {
        ASSERT_NE(at, std::string::npos) << text;
        EXPECT_NE(text.rfind("pass z", at), std::string::npos) << text;  // the Z pass, the last
      } else {
        EXPECT_EQ(at, std::string::npos) << text;
      }
      const size_t count = size_t(96) * 80 * 72, bytes = count * (single ? 8 : 16);
      const auto input = fft3d_test::random_complex(count, 91);
      std::vector<char> host(bytes);
      for (size_t i = 0; i < count; ++i) {
        if (single) {
          const std::complex<float> v(input[i]);
          std::memcpy(host.data() + 8 * i, &v, 8);
        } else {
          std::memcpy(host.data() + 16 * i, &input[i], 16);
        }
      }
      void* dev = nullptr;
      ASSERT_EQ(cudaMalloc(&dev, bytes), cudaSuccess);
      ASSERT_EQ(cudaMemcpy(dev, host.data(), bytes, cudaMemcpyHostToDevice), cudaSuccess);
      EXPECT_EQ(fft3d_forward(plan, dev), FFT3D_SUCCESS) << fft3d_last_error_message();
      EXPECT_EQ(cudaMemcpy(host.data(), dev, bytes, cudaMemcpyDeviceToHost), cudaSuccess);
      cudaFree(dev);
      outputs.push_back(host);
      fft3d_plan_destroy(plan);
    }
    EXPECT_TRUE(outputs[0] == outputs[1]) << (single ? "f32" : "f64");
    unsetenv("FFT3D_L2_STREAMING");
    check_grid_in(single, 96, 80, 72);  // the default streams, against FFTW
  }
}

// Planes of 128 x 128 in grids beyond the device's L2 (long Z columns)
// take the fused XY pass, in both precisions, against FFTW.
TEST(GpuGrid, SmallPlanesBeyondL2) {
  FFT3D_REQUIRE_GPU();
  const long long l2 = fft3d::current_device_info().l2_bytes;
  for (bool single : {true, false}) {
    const long long plane_bytes = 128LL * 128 * (single ? 8 : 16);
    int nz = 64;
    while (nz * plane_bytes <= l2) nz *= 2;
    const std::string text = plan_text(128, 128, nz, single);
    ASSERT_FALSE(text.empty());
    EXPECT_NE(text.find("2 passes over memory"), std::string::npos) << text;
    EXPECT_NE(text.find("pass xy"), std::string::npos) << text;
    check_grid_in(single, 128, 128, nz);
  }
}

// Long columns (two passes through a workspace): f64 Z columns of 16384
// fit no block (no GPU plan before them), f32 ones ran one a block; they
// split in balance (128 x 128, pass B the column kernel of n2). Forced on Y
// and Z columns of other splits through FFT3D_COLUMN_METHOD=long: pass B in
// registers (96 = 6 x 16, 80, 45, 14) and in balance (1250 = 50 x 25).
TEST(GpuGrid, LongColumns) {
  FFT3D_REQUIRE_GPU();
  for (bool single : {true, false}) {
    const std::string text = plan_text(16, 8, 16384, single);
    ASSERT_FALSE(text.empty());
    EXPECT_NE(text.find("pass z: n=16384 x 128 long columns, A: 128 x 128-point"), std::string::npos) << text;
    EXPECT_NE(text.find("long columns, B: 128 x 128-point column Stockham"), std::string::npos) << text;
    check_grid_in(single, 16, 8, 16384);
  }
  setenv("FFT3D_COLUMN_METHOD", "long", 1);
  setenv("FFT3D_XY_PASS", "separate", 1);  // long Y columns too
  check_grid<float>(24, 96, 80);
  check_grid<double>(40, 45, 64);
  check_grid<float>(7, 14, 1250);
  unsetenv("FFT3D_COLUMN_METHOD");
  unsetenv("FFT3D_XY_PASS");
}

// Plane rows: small XY planes as rows of nx * ny points, a 2-D DFT each
// (the ESTIMATE's at 16 x 16, forced elsewhere), against FFTW.
TEST(GpuGrid, PlaneRows) {
  FFT3D_REQUIRE_GPU();
  for (bool single : {true, false}) {
    const std::string text = plan_text(16, 16, 4096, single);
    ASSERT_FALSE(text.empty());
    EXPECT_NE(text.find("pass xy: 16 x 16 x 4096 planes as rows of 256 points"), std::string::npos) << text;
    check_grid_in(single, 16, 16, 4096);
  }
  setenv("FFT3D_XY_PASS", "plane-rows", 1);
  check_grid<float>(32, 32, 300);
  check_grid<double>(8, 4, 1029);  // a ragged last block
  check_grid<float>(5, 12, 640);
  check_grid<double>(32, 6, 96);
  unsetenv("FFT3D_XY_PASS");
}

// Plane columns: small YZ planes as columns of ny * nz points, nx apart, a
// 2-D DFT each (the ESTIMATE's at 4096 x 16 x 16, forced elsewhere), against
// FFTW.
TEST(GpuGrid, PlaneColumns) {
  FFT3D_REQUIRE_GPU();
  for (bool single : {true, false}) {
    const std::string text = plan_text(4096, 16, 16, single);
    ASSERT_FALSE(text.empty());
    EXPECT_NE(text.find("pass yz: 16 x 16 x 4096 planes as columns of 256 points"), std::string::npos) << text;
    check_grid_in(single, 4096, 16, 16);
  }
  setenv("FFT3D_XY_PASS", "plane-columns", 1);
  check_grid<float>(1000, 8, 32);
  check_grid<double>(200, 4, 8);  // a ragged last block
  check_grid<float>(96, 12, 5);
  check_grid<double>(64, 16, 16);
  unsetenv("FFT3D_XY_PASS");
}

// Cluster columns (FFT3D_COLUMN_METHOD=cluster, FFT3D_COLUMN_CLUSTER=CxW):
// Y and Z columns of a grid, W neighbouring columns on a cluster of C
// blocks, against FFTW; ragged groups (nx = 20 with W = 16) and both
// precisions; the plan names them.
TEST(GpuGrid, ClusterColumns) {
  FFT3D_REQUIRE_GPU();
  setenv("FFT3D_COLUMN_METHOD", "cluster", 1);
  setenv("FFT3D_XY_PASS", "separate", 1);  // Y columns too
  for (const char* shape : {"2x16", "4x16", "4x32", "8x8"}) {
    setenv("FFT3D_COLUMN_CLUSTER", shape, 1);
    const std::string text = plan_text(32, 256, 128, true);
    ASSERT_FALSE(text.empty()) << shape;
    EXPECT_NE(text.find("pass y: n=256 x 4096 cluster columns"), std::string::npos) << text;
    EXPECT_NE(text.find("pass z: n=128 x 8192 cluster columns"), std::string::npos) << text;
    check_grid<float>(32, 256, 128);
    check_grid<double>(16, 128, 256);
    check_grid<float>(20, 64, 256);
  }
  unsetenv("FFT3D_COLUMN_CLUSTER");
  unsetenv("FFT3D_COLUMN_METHOD");
  unsetenv("FFT3D_XY_PASS");
}

// A 32768 x 3 x 2 f32 grid out of place against FFTW, its input left as it was.
void check_wide_rows_out_of_place(unsigned seed) {
  fft3d_plan plan = make_plan(32768, 3, 2, true);
  ASSERT_NE(plan, nullptr);
  DeviceGrid<float> g(32768, 3, 2, seed);
  void* out = nullptr;
  CUDA_OK(cudaMalloc(&out, g.count * 8));
  ASSERT_EQ(fft3d_forward_out(plan, g.dev, out), FFT3D_SUCCESS) << fft3d_last_error_message();
  EXPECT_EQ(g.download(), g.host) << "input changed";
  std::vector<std::complex<float>> got(g.count);
  CUDA_OK(cudaMemcpy(got.data(), out, g.count * 8, cudaMemcpyDeviceToHost));
  EXPECT_LE(fft3d_test::relative_l2_error(got, fft3d_test::fftw_3d(g.rounded, 32768, 3, 2, -1)),
            fft3d_test::fft_error_bound(true, double(g.count)));
  cudaFree(out);
  fft3d_plan_destroy(plan);
}

// X rows too long for shared memory (f32 32768, f64 16384) run as cluster
// rows in one pass; forced where rows fit (FFT3D_ROW_METHOD=cluster). Out
// of place, the input stays as it was.
TEST(GpuGrid, ClusterRows) {
  FFT3D_REQUIRE_GPU();
  for (bool single : {true, false}) {
    const int nx = single ? 32768 : 16384;
    const std::string text = plan_text(nx, 4, 3, single);
    ASSERT_FALSE(text.empty());
    EXPECT_NE(text.find("pass x: n=" + std::to_string(nx) + " x 12 cluster rows, each on a cluster of " +
                        (single ? "8" : "4") + " blocks"),
              std::string::npos)
        << text;
    check_grid_in(single, nx, 4, 3);
  }
  check_wide_rows_out_of_place(78);  // the cluster rows read the input and write the output
  setenv("FFT3D_ROW_METHOD", "cluster", 1);
  setenv("FFT3D_XY_PASS", "separate", 1);  // an X pass to run on clusters
  check_grid<float>(1200, 10, 6);
  check_grid<double>(405, 8, 9);
  unsetenv("FFT3D_ROW_METHOD");
  unsetenv("FFT3D_XY_PASS");
}

// With no backend flag (and no FFT3D_BACKEND), a plan goes to the GPU where
// it has a schedule and to the CPU where it has none: a prime factor of 11,
// odd real rows beyond one block.
TEST(GpuGrid, AutomaticBackendGivesTheCpuWhatTheGpuLacks) {
  FFT3D_REQUIRE_GPU();
  unsetenv("FFT3D_BACKEND");
  // The backend of the plan `create` makes (created in order: a plan's
  // handle is read only after its creation).
  auto backend_of = [](auto create) {
    fft3d_plan plan = nullptr;
    EXPECT_EQ(create(&plan), FFT3D_SUCCESS) << fft3d_last_error_message();
    unsigned backend = 0;
    EXPECT_EQ(fft3d_plan_get_backend(plan, &backend), FFT3D_SUCCESS);
    fft3d_plan_destroy(plan);
    return backend;
  };
  EXPECT_EQ(backend_of([](fft3d_plan* p) { return fft3d_plan_create_3d(p, 64, 64, 64, FFT3D_C2C_F32, 0); }),
            FFT3D_BACKEND_GPU);
  EXPECT_EQ(backend_of([](fft3d_plan* p) { return fft3d_plan_create_3d(p, 11, 11, 11, FFT3D_C2C_F32, 0); }),
            FFT3D_BACKEND_CPU);
  EXPECT_EQ(backend_of([](fft3d_plan* p) { return fft3d_plan_create_1d_batched(p, 59049, 2, FFT3D_R2C_F32, 0); }),
            FFT3D_BACKEND_CPU);
  fft3d_plan plan = nullptr;
  // Asked for, the GPU refuses them with a message.
  EXPECT_EQ(fft3d_plan_create_3d(&plan, 11, 11, 11, FFT3D_C2C_F32, FFT3D_BACKEND_GPU), FFT3D_ERROR_UNSUPPORTED_SIZE);
  EXPECT_NE(std::string(fft3d_last_error_message()).find("11"), std::string::npos) << fft3d_last_error_message();
}

// Long rows, forced (FFT3D_ROW_METHOD=long): X rows too long for shared
// memory (f32 32768, f64 16384), which the ESTIMATE gives to clusters, and
// rows that fit, in two passes through a workspace, in place and out of place.
TEST(GpuGrid, LongRows) {
  FFT3D_REQUIRE_GPU();
  setenv("FFT3D_ROW_METHOD", "long", 1);
  for (bool single : {true, false}) {
    const int nx = single ? 32768 : 16384;
    const std::string text = plan_text(nx, 4, 3, single);
    ASSERT_FALSE(text.empty());
    EXPECT_NE(text.find("pass x: n=" + std::to_string(nx) + " x 12 long rows, A: 128 x"), std::string::npos) << text;
    check_grid_in(single, nx, 4, 3);
  }
  check_wide_rows_out_of_place(77);  // pass A reads the input, pass B writes the output
  setenv("FFT3D_XY_PASS", "separate", 1);  // an X pass to make long
  check_grid<float>(1200, 10, 6);
  check_grid<double>(405, 8, 9);
  unsetenv("FFT3D_ROW_METHOD");
  unsetenv("FFT3D_XY_PASS");
}

// The five-step register form, forced through FFT3D_COLUMN_METHOD, and the
// plan's description of it.
TEST(GpuGrid, FiveStepColumns) {
  FFT3D_REQUIRE_GPU();
  setenv("FFT3D_COLUMN_METHOD", "five-step", 1);
  setenv("FFT3D_XY_PASS", "separate", 1);  // five-step Y too
  check_grid<float>(16, 256, 16);
  check_grid<double>(12, 64, 80);
  check_grid<float>(35, 49, 144);
  check_grid<float>(256, 256, 256);
  check_grid<double>(256, 256, 256);
  expect_plan_says(64, 256, 256, true, {"5 passes over memory"});
  unsetenv("FFT3D_COLUMN_METHOD");
  unsetenv("FFT3D_XY_PASS");
}

// FFT3D_NORMALIZE (scale fused into the last pass, one-pass and five-step)
// and out-of-place execution on device buffers.
TEST(GpuGrid, NormalizedAndOutOfPlace) {
  FFT3D_REQUIRE_GPU();
  for (const char* method : {"one-pass", "five-step"}) {
    setenv("FFT3D_COLUMN_METHOD", method, 1);
    fft3d_plan plan = nullptr;
    ASSERT_EQ(fft3d_plan_create_3d(&plan, 32, 64, 48, FFT3D_C2C_F64, FFT3D_BACKEND_GPU | FFT3D_NORMALIZE),
              FFT3D_SUCCESS)
        << fft3d_last_error_message();
    DeviceGrid<double> g(32, 64, 48, 21);
    void* out = nullptr;
    CUDA_OK(cudaMalloc(&out, g.count * 16));
    ASSERT_EQ(fft3d_forward_out(plan, g.dev, out), FFT3D_SUCCESS);
    EXPECT_EQ(g.download(), g.host) << "input changed";
    ASSERT_EQ(fft3d_inverse(plan, out), FFT3D_SUCCESS);
    std::vector<std::complex<double>> back(g.count);
    CUDA_OK(cudaMemcpy(back.data(), out, g.count * 16, cudaMemcpyDeviceToHost));
    EXPECT_LE(fft3d_test::relative_l2_error(back, g.rounded), 1e-14) << method;
    EXPECT_EQ(fft3d_forward_out(plan, g.dev, static_cast<char*>(g.dev) + 16), FFT3D_ERROR_INVALID_ARGUMENT);
    cudaFree(out);
    fft3d_plan_destroy(plan);
  }
  unsetenv("FFT3D_COLUMN_METHOD");
  fft3d_plan rows = nullptr;
  ASSERT_EQ(fft3d_plan_create_1d_batched(&rows, 480, 100, FFT3D_C2C_F32, FFT3D_BACKEND_GPU | FFT3D_NORMALIZE),
            FFT3D_SUCCESS);
  DeviceGrid<float> r(480, 100, 1, 4);
  ASSERT_EQ(fft3d_forward(rows, r.dev), FFT3D_SUCCESS);
  ASSERT_EQ(fft3d_inverse(rows, r.dev), FFT3D_SUCCESS);
  EXPECT_LE(fft3d_test::relative_l2_error(r.download(), r.rounded), 2 * fft3d_test::fft_error_bound(true, 480));
  fft3d_plan_destroy(rows);
}

// A single-precision forward transform out of place, into a buffer poisoned
// with NaN: it matches FFTW and leaves the input as it was.
void check_forward_out_of_place(int nx, int ny, int nz, unsigned seed) {
  fft3d_plan oop = make_plan(nx, ny, nz, true);
  DeviceGrid<float> g(nx, ny, nz, seed);
  void* out = nullptr;
  CUDA_OK(cudaMalloc(&out, g.count * 8));
  CUDA_OK(cudaMemset(out, 0xFF, g.count * 8));  // NaN where nothing is written
  ASSERT_EQ(fft3d_forward_out(oop, g.dev, out), FFT3D_SUCCESS) << fft3d_last_error_message();
  std::vector<std::complex<float>> got(g.count);
  CUDA_OK(cudaMemcpy(got.data(), out, g.count * 8, cudaMemcpyDeviceToHost));
  EXPECT_LE(fft3d_test::relative_l2_error(got, fft3d_test::fftw_3d(g.rounded, nx, ny, nz, -1)),
            fft3d_test::fft_error_bound(true, double(g.count)))
      << g.name();
  EXPECT_EQ(g.download(), g.host) << "input changed";
  cudaFree(out);
  fft3d_plan_destroy(oop);
}

using fft3d_test::describe;

// Side planes (FFT3D_SIDE_PLANES): the fused pass's last planes in separate
// X and Y passes on a second stream beside it, in place and out of place,
// with odd plane counts, five-step columns and normalisation; and the
// ESTIMATE's own count beyond the L2, as the plan describes it.
TEST(GpuGrid, SidePlanes) {
  FFT3D_REQUIRE_GPU();
  setenv("FFT3D_XY_PASS", "fused", 1);
  setenv("FFT3D_SIDE_PLANES", "3", 1);
  for (bool single : {true, false}) {
    check_grid_in(single, 240, 240, 12);
    check_grid_in(single, 48, 20, 35);
    check_grid_in(single, 300, 300, 7);
  }
  check_forward_out_of_place(240, 96, 10, 37);
  expect_plan_says(64, 48, 20, true, {"the last 3 planes in separate passes", "for side planes"});
  setenv("FFT3D_COLUMN_METHOD", "five-step", 1);
  check_grid<float>(12, 64, 80);
  unsetenv("FFT3D_COLUMN_METHOD");
  unsetenv("FFT3D_SIDE_PLANES");
  // MEASURE times the counts and remembers the fastest, which a later
  // ESTIMATE plan takes from wisdom.
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
  fft3d_plan measured = nullptr;
  ASSERT_EQ(fft3d_plan_create_3d(&measured, 48, 20, 35, FFT3D_C2C_F32, FFT3D_BACKEND_GPU | FFT3D_MEASURE),
            FFT3D_SUCCESS)
      << fft3d_last_error_message();
  EXPECT_NE(describe(measured).find("side planes chosen by timing: 0 "), std::string::npos) << describe(measured);
  fft3d_plan_destroy(measured);
  check_grid<float>(48, 20, 35);  // ESTIMATE, with the verdict
  expect_plan_says(48, 20, 35, true, {"side planes from wisdom: "});
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
  unsetenv("FFT3D_XY_PASS");
  setenv("FFT3D_BUILTIN_WISDOM", "0", 1);  // the heuristic's count, not the one shipped for an H200
  // 262 MB: the ESTIMATE gives 320 / 12 planes to the side.
  expect_plan_says(320, 320, 320, true, {"the last 26 planes in separate passes"});
  unsetenv("FFT3D_BUILTIN_WISDOM");
  // f64 384^2 planes beyond the L2 fuse only with side planes (nz / 8).
  expect_plan_says(384, 384, 24, false, {"2 passes over memory", "the last 3 planes in separate passes"});
  check_grid<double>(384, 384, 24);
}

// On a GPU model the shipped wisdom knows (wisdom/*.json), an ESTIMATE plan
// of its smallest tuned cube is built from it and transforms like FFTW;
// FFT3D_BUILTIN_WISDOM=0, or a verdict of the process's own, gives the
// heuristics' plan. Elsewhere (no wisdom shipped for this GPU) it skips.
TEST(GpuGrid, ShippedWisdomBuildsItsCubesOnItsGpu) {
  FFT3D_REQUIRE_GPU();
  const fft3d::DeviceSignature device = fft3d::signature_of(fft3d::current_device_info());
  const int cube = fft3d_test::smallest_shipped_f32_cube(false);
  if (cube == 0) GTEST_SKIP() << "no wisdom shipped for " << device.name;
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);  // no verdict of the process's own
  const std::string shipped = "built from the wisdom shipped for the " + device.name;
  expect_plan_says(cube, cube, cube, true, {shipped});
  check_grid<float>(cube, cube, cube);
  setenv("FFT3D_BUILTIN_WISDOM", "0", 1);
  EXPECT_EQ(plan_text(cube, cube, cube, true).find(shipped), std::string::npos);
  unsetenv("FFT3D_BUILTIN_WISDOM");
  fft3d::process_wisdom().remember(
      {device, fft3d::plan_source_key(cube, cube, cube, fft3d::Precision::f32, false), "estimate", 0});
  EXPECT_EQ(plan_text(cube, cube, cube, true).find(shipped), std::string::npos);
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
}

// The fused XY pass (thread-block clusters, distributed shared memory),
// forced through FFT3D_XY_PASS: uneven splits of rows and columns over the
// cluster, clusters of 16, odd radices, normalised and out of place; and the
// plan's description of the two passes. Separate passes still work.
TEST(GpuGrid, FusedXYPass) {
  FFT3D_REQUIRE_GPU();
  setenv("FFT3D_XY_PASS", "fused", 1);
  for (bool single : {true, false}) {
    auto run = [&](int x, int y, int z) { check_grid_in(single, x, y, z); };
    run(16, 16, 16);
    run(48, 20, 35);
    run(27, 9, 25);
    run(100, 60, 3);
    run(125, 125, 8);
    run(210, 210, 4);
    run(256, 256, 256);
  }
  check_grid<float>(512, 512, 32);   // clusters of 16 blocks of 128 KB
  check_grid<float>(2048, 32, 4);    // thin planes: clusters of 16, X rows one at a time on 128 threads
  check_grid<float>(1024, 16, 6);
  check_grid<double>(1024, 32, 3);
  check_grid<float>(343, 343, 8);
  check_grid<float>(500, 500, 6);
  check_grid<float>(320, 320, 4);  // two-stage pairs on 16-thread rows, two rounds of butterflies
  check_grid<float>(384, 384, 3);  // 24 * 16 on 16 blocks, three to an SM
  check_grid<float>(288, 288, 2);  // 24 * 12 on 12 blocks, in both precisions
  check_grid<double>(288, 288, 2);
  check_grid<double>(320, 320, 2);
  // The sixteen-led pairs' strided forms.
  check_grid<float>(240, 240, 3);
  check_grid<double>(240, 240, 2);
  check_grid<float>(192, 192, 3);
  check_grid<double>(192, 192, 3);
  // Lengths paired on 16-thread strided rows (243 = 9 * 27 on 9 blocks,
  // 300 = 15 * 20 on 15, 400 = 16 * 25 on 16) in their measured forms
  // (f32 300^2, 320^2, 400^2 and 480^2 with Y's first stage loading the
  // plane; 480 = 30 * 16 on 16).
  check_grid<float>(243, 243, 3);
  check_grid<float>(300, 300, 2);
  check_grid<float>(400, 400, 2);
  check_grid<float>(480, 480, 2);
  check_grid<double>(243, 243, 2);
  check_grid<double>(300, 300, 2);
  check_forward_out_of_place(240, 96, 10, 31);  // the fused pass reads the input and writes the output
  // Built from composite rows and columns, as a MEASURE plan builds it from
  // the rows and columns in its wisdom.
  for (bool single : {true, false}) {
    const fft3d::XYBase base{
        fft3d::XVariant{{16, 15}, 16, 4, fft3d::PadMethod::gap, true, 0},
        fft3d::XVariant{{20, 12}, 12, 16, fft3d::PadMethod::none, true, 0, true}};
    const auto v = fft3d::estimate_xy_variant(240, 240, 6, single ? fft3d::Precision::f32 : fft3d::Precision::f64,
                                              fft3d::current_device_info().limits(), false, base);
    ASSERT_TRUE(v);
    setenv("FFT3D_XY_VARIANT", v->name().c_str(), 1);
    check_grid_in(single, 240, 240, 6);
    unsetenv("FFT3D_XY_VARIANT");
  }
  expect_plan_says(256, 256, 256, true, {"2 passes over memory", "pass xy"});
  // 512 x 512 doubles need more shared memory than a cluster has.
  fft3d_plan none = nullptr;
  EXPECT_EQ(fft3d_plan_create_3d(&none, 512, 512, 4, FFT3D_C2C_F64, FFT3D_BACKEND_GPU), FFT3D_ERROR_UNSUPPORTED_SIZE);
  setenv("FFT3D_XY_PASS", "separate", 1);
  check_grid<float>(96, 80, 30);
  expect_plan_says(256, 256, 256, true, {"3 passes over memory"});
  unsetenv("FFT3D_XY_PASS");
}

// The fused XZ pass (FFT3D_XY_PASS=fused-xz): X and Z over the XZ planes
// (rows nx * ny apart, loaded row by row), then Y, against FFTW in both
// precisions (the thin form of 1024 x 32 planes among them), and out of
// place; a variant it cannot take is refused; the ESTIMATE's slabs.
TEST(GpuGrid, FusedXZPass) {
  FFT3D_REQUIRE_GPU();
  setenv("FFT3D_XY_PASS", "fused-xz", 1);
  expect_plan_says(2048, 8, 32, true, {"2 passes over memory", "pass xz", "clusters of 16"});
  check_grid<float>(1024, 6, 32);
  check_grid<float>(64, 6, 16);
  check_grid<double>(1024, 4, 32);
  check_grid<double>(48, 5, 20);
  check_forward_out_of_place(96, 10, 24, 33);
  // Columns first, valid for 64 x 16 planes but not with their rows apart.
  const fft3d::DeviceLimits limits = fft3d::current_device_info().limits();
  const auto yx =
      fft3d::estimate_xy_variant(64, 16, 6, fft3d::Precision::f32, limits, false, fft3d::XYBase{{}, {}, 0, true, {}});
  ASSERT_TRUE(yx && yx->columns_first && fft3d::xy_variant_valid(64, 16, fft3d::Precision::f32, *yx, limits));
  setenv("FFT3D_XY_VARIANT", yx->name().c_str(), 1);
  fft3d_plan refused = nullptr;
  EXPECT_EQ(fft3d_plan_create_3d(&refused, 64, 6, 16, FFT3D_C2C_F32, FFT3D_BACKEND_GPU), FFT3D_ERROR_INVALID_ARGUMENT);
  unsetenv("FFT3D_XY_VARIANT");
  unsetenv("FFT3D_XY_PASS");
  // The ESTIMATE takes it for slabs of thin XZ planes beyond L2 (fused_xz_pays).
  expect_plan_says(2048, 1024, 16, true, {"2 passes over memory", "pass xz", "clusters of 16"});
}

// The fused pass with its columns first (the C2R inverse's form; a `.yx`
// variant forced on complex plans): Y in each block's share, then X across
// the cluster, forward and inverse against FFTW.
TEST(GpuGrid, ColumnsFirstFusedPass) {
  FFT3D_REQUIRE_GPU();
  setenv("FFT3D_XY_PASS", "fused", 1);
  for (bool single : {true, false})
    for (const auto& [nx, ny, nz] : {std::tuple{64, 64, 64}, std::tuple{48, 80, 30}, std::tuple{27, 25, 20},
                                     std::tuple{256, 256, 32}, std::tuple{240, 240, 6}}) {
      const fft3d::Precision p = single ? fft3d::Precision::f32 : fft3d::Precision::f64;
      const fft3d::DeviceLimits limits = fft3d::current_device_info().limits();
      const auto v = fft3d::estimate_xy_variant(nx, ny, nz, p, limits, false, fft3d::XYBase{{}, {}, 0, true, {}});
      ASSERT_TRUE(v && v->columns_first) << nx << "x" << ny;
      ASSERT_TRUE(fft3d::xy_variant_valid(nx, ny, p, *v, limits)) << v->name();
      setenv("FFT3D_XY_VARIANT", v->name().c_str(), 1);
      expect_plan_says(nx, ny, nz, single, {"fused YX, columns first, on clusters", v->name()});
      check_grid_in(single, nx, ny, nz);
      unsetenv("FFT3D_XY_VARIANT");
    }
  unsetenv("FFT3D_XY_PASS");
}

// The twins MEASURE times with X's stages in the other order
// (x_order_switched), as other pairs (x_pairs_other), on other thread
// counts a row (x_threads_other) and in the other thread-index form, f64
// ones included,
// which no ESTIMATE runs: forced, forward and inverse against FFTW on a few
// planes.
TEST(GpuGrid, XStageTwinsOfTheFusedPass) {
  FFT3D_REQUIRE_GPU();
  setenv("FFT3D_XY_PASS", "fused", 1);
  const fft3d::DeviceLimits limits = fft3d::current_device_info().limits();
  auto check_forced = [](int n, bool single, const fft3d::XYVariant& v) {
    setenv("FFT3D_XY_VARIANT", v.name().c_str(), 1);
    expect_plan_says(n, n, 2, single, {v.name()});
    check_grid_in(single, n, n, 2);
    unsetenv("FFT3D_XY_VARIANT");
  };
  // Each twin a maker gives for the ESTIMATE's variant of n^2 planes, forced.
  using Sizes = std::initializer_list<std::pair<int, bool>>;
  using TwinMaker = std::vector<fft3d::XYVariant> (*)(int, int, fft3d::Precision, const fft3d::XYVariant&,
                                                      const fft3d::DeviceLimits&);
  auto check_twins = [&](Sizes sizes, TwinMaker make_twins) {
    for (const auto& [n, single] : sizes) {
      const fft3d::Precision p = single ? fft3d::Precision::f32 : fft3d::Precision::f64;
      const auto v = fft3d::estimate_xy_variant(n, n, n, p, limits, false);
      ASSERT_TRUE(v) << n;
      const std::vector<fft3d::XYVariant> twins = make_twins(n, n, p, *v, limits);
      ASSERT_FALSE(twins.empty()) << v->name();
      for (const fft3d::XYVariant& twin : twins) check_forced(n, single, twin);
    }
  };
  check_twins({{192, true}, {192, false}, {240, false}, {300, true}, {300, false}, {480, true}},
              [](int nx, int ny, fft3d::Precision p, const fft3d::XYVariant& v, const fft3d::DeviceLimits& limits) {
                std::vector<fft3d::XYVariant> twins;
                if (const auto twin = fft3d::x_order_switched(nx, ny, p, v, limits)) twins.push_back(*twin);
                return twins;
              });
  check_twins({{320, true}, {240, false}}, fft3d::x_pairs_other);
  check_twins({{243, true}, {210, true}, {300, false}}, fft3d::x_threads_other);
  // The other thread-index form (f32 only; xy_thread_index_switched), and
  // the bounded form in f64, which no twin makes.
  check_twins({{192, true}, {384, true}},
              [](int, int, fft3d::Precision p, const fft3d::XYVariant& v, const fft3d::DeviceLimits&) {
                return std::vector<fft3d::XYVariant>{*fft3d::xy_thread_index_switched(v, p)};
              });
  check_twins({{256, false}}, [](int, int, fft3d::Precision, const fft3d::XYVariant& v, const fft3d::DeviceLimits&) {
    fft3d::XYVariant bounded = v;
    bounded.thread_index = fft3d::ThreadIndex::bounded;
    return std::vector<fft3d::XYVariant>{bounded};
  });
  unsetenv("FFT3D_XY_PASS");
}

// Fused variant v forced on a forward transform in place of an f32
// n * n * nz grid one complex value into its allocation (8-byte aligned,
// not 16), against FFTW.
void check_shifted_forward(const fft3d::XYVariant& v, int n, int nz, int seed) {
  setenv("FFT3D_XY_VARIANT", v.name().c_str(), 1);
  fft3d_plan plan = make_plan(n, n, nz, true);
  DeviceGrid<float> g(n, n, nz, seed);
  void* shifted = nullptr;  // the grid one complex value into an allocation
  CUDA_OK(cudaMalloc(&shifted, (g.count + 1) * 8));
  float* data = static_cast<float*>(shifted) + 2;
  CUDA_OK(cudaMemcpy(data, g.host.data(), g.count * 8, cudaMemcpyHostToDevice));
  EXPECT_EQ(fft3d_forward(plan, data), FFT3D_SUCCESS) << fft3d_last_error_message();
  std::vector<std::complex<float>> got(g.count);
  CUDA_OK(cudaMemcpy(got.data(), data, g.count * 8, cudaMemcpyDeviceToHost));
  EXPECT_LE(fft3d_test::relative_l2_error(got, fft3d_test::fftw_3d(g.rounded, n, n, nz, -1)),
            fft3d_test::fft_error_bound(true, double(g.count)));
  cudaFree(shifted);
  fft3d_plan_destroy(plan);
  unsetenv("FFT3D_XY_VARIANT");
}

// Fused variant v forced on an n * n * nz grid: the plan names it, and its
// forward and round trip match FFTW (check_grid).
void check_forced_xy(const fft3d::XYVariant& v, int n, int nz, bool single) {
  setenv("FFT3D_XY_VARIANT", v.name().c_str(), 1);
  expect_plan_says(n, n, nz, single, {v.name()});
  check_grid_in(single, n, n, nz);
  unsetenv("FFT3D_XY_VARIANT");
}

// Swizzled share rows (XYVariant::row_swizzle), the ESTIMATE's form where
// rows split into 32-value pieces (at 512^2 f32 with a ring, and without),
// and the padded twin MEASURE times beside it (row_swizzle_switched),
// forced, forward and inverse against FFTW; and
// in place on an array only 8-byte aligned, where the f32 load falls back
// from 16-byte copies.
TEST(GpuGrid, SwizzledRowsOfTheFusedPass) {
  FFT3D_REQUIRE_GPU();
  setenv("FFT3D_XY_PASS", "fused", 1);
  const fft3d::DeviceLimits limits = fft3d::current_device_info().limits();
  for (const auto& [n, nz, single] : {std::tuple{512, 4, true}, std::tuple{256, 3, true}, std::tuple{384, 2, true},
                                      std::tuple{256, 3, false}, std::tuple{192, 3, false}}) {
    const fft3d::Precision p = single ? fft3d::Precision::f32 : fft3d::Precision::f64;
    const auto estimate = fft3d::estimate_xy_variant(n, n, n, p, limits, false);
    ASSERT_TRUE(estimate && estimate->row_swizzle) << n;
    const auto padded = fft3d::row_swizzle_switched(n, n, p, *estimate, limits);
    ASSERT_TRUE(padded) << estimate->name();
    std::vector<fft3d::XYVariant> forms = {*estimate, *padded};
    if (estimate->ring_rows > 0) forms.push_back(*fft3d::ring_switched(n, n, p, *estimate, limits));  // 512^2 f32
    for (const fft3d::XYVariant& v : forms) check_forced_xy(v, n, nz, single);
  }
  auto swizzled = fft3d::estimate_xy_variant(512, 512, 512, fft3d::Precision::f32, limits, false);
  ASSERT_TRUE(swizzled && swizzled->row_swizzle);
  if (swizzled->ring_rows > 0) swizzled = fft3d::ring_switched(512, 512, fft3d::Precision::f32, *swizzled, limits);
  ASSERT_TRUE(swizzled && swizzled->ring_rows == 0);
  check_shifted_forward(*swizzled, 512, 2, 77);
  unsetenv("FFT3D_XY_PASS");
}

// A ring of share rows (XYVariant::ring_rows), the ESTIMATE's form at 512^2
// f32 and MEASURE's twin at 384^2 f64, forced: enough planes that each
// resident cluster walks several and its ring wraps, forward and inverse
// against FFTW; and in place on an array only 8-byte aligned, where the
// bulk copies give way to cp.async.
TEST(GpuGrid, RingOfTheFusedPass) {
  FFT3D_REQUIRE_GPU();
  setenv("FFT3D_XY_PASS", "fused", 1);
  const fft3d::DeviceLimits limits = fft3d::current_device_info().limits();
  auto ring_of = [&](int n, fft3d::Precision p) {
    const auto estimate = fft3d::estimate_xy_variant(n, n, n, p, limits, false);
    EXPECT_TRUE(estimate) << n;
    return estimate && estimate->ring_rows == 0 ? fft3d::ring_switched(n, n, p, *estimate, limits) : estimate;
  };
  for (const auto& [n, nz, single] : {std::tuple{512, 21, true}, std::tuple{384, 21, false}}) {
    const fft3d::Precision p = single ? fft3d::Precision::f32 : fft3d::Precision::f64;
    const auto ring = ring_of(n, p);
    ASSERT_TRUE(ring && ring->ring_rows > 0) << n;
    check_forced_xy(*ring, n, nz, single);
  }
  const auto ring = ring_of(512, fft3d::Precision::f32);
  ASSERT_TRUE(ring && ring->ring_rows > 0);
  check_shifted_forward(*ring, 512, 21, 78);
  unsetenv("FFT3D_XY_PASS");
}

// The split-Y schedule (FFT3D_XY_PASS=split): its strided fused pass, CRT
// stores and the Z pass's cross phase, forward and inverse against FFTW, in
// place and out of place, and the sizes the benchmarks time (one or a few
// planes of them, so the oracle stays quick).
TEST(GpuGrid, SplitYSchedule) {
  FFT3D_REQUIRE_GPU();
  setenv("FFT3D_XY_PASS", "split", 1);
  for (bool single : {true, false}) {
    check_grid_in(single, 16, 12, 40);   // 4 x 3
    check_grid_in(single, 30, 21, 40);   // 7 x 3
    check_grid_in(single, 24, 18, 32);   // 2 x 9
    check_grid_in(single, 300, 300, 6);   // 4 x 75
    check_grid_in(single, 320, 320, 24);  // 5 x 64 (nz of two stages: the cross phase follows the first)
    check_grid_in(single, 384, 384, 24);  // 3 x 128
  }
  check_grid<float>(480, 480, 24);  // 5 x 96
  check_grid<float>(500, 500, 24);  // 4 x 125
  check_forward_out_of_place(60, 45, 24, 17);  // the first pass reads the input and writes the output
  expect_plan_says(300, 300, 300, true, {"2 passes over memory", "split Y = 4 x 75"});
  // No split for ny = 256, or a Z of one stage: the plan is refused, not silently different.
  fft3d_plan none = nullptr;
  EXPECT_EQ(fft3d_plan_create_3d(&none, 256, 256, 8, FFT3D_C2C_F32, FFT3D_BACKEND_GPU), FFT3D_ERROR_UNSUPPORTED_SIZE);
  EXPECT_EQ(fft3d_plan_create_3d(&none, 320, 320, 5, FFT3D_C2C_F32, FFT3D_BACKEND_GPU), FFT3D_ERROR_UNSUPPORTED_SIZE);
  unsetenv("FFT3D_XY_PASS");
}

TEST(GpuGrid, PlanReuse) {
  FFT3D_REQUIRE_GPU();
  fft3d_plan plan = make_plan(64, 48, 40, true);
  DeviceGrid<float> g(64, 48, 40, 11);
  const auto want = fft3d_test::fftw_3d(g.rounded, 64, 48, 40, -1);
  for (int i = 0; i < 20; ++i) {
    g.upload();
    ASSERT_EQ(fft3d_forward(plan, g.dev), FFT3D_SUCCESS);
    EXPECT_LE(fft3d_test::relative_l2_error(g.download(), want), fft3d_test::fft_error_bound(true, 64. * 48 * 40));
  }
  fft3d_plan_destroy(plan);
}

// Four host threads run `plan` (96 x 64 x 50 f32) at once, each on its own
// stream and buffer (fft3d_forward_on_stream); each result is checked.
void run_from_four_threads(fft3d_plan plan) {
  std::vector<std::unique_ptr<DeviceGrid<float>>> grids;
  for (unsigned i = 0; i < 4; ++i) grids.push_back(std::make_unique<DeviceGrid<float>>(96, 64, 50, 100 + i));
  std::vector<std::thread> threads;
  std::vector<fft3d_status> status(4, FFT3D_SUCCESS);
  for (int i = 0; i < 4; ++i)
    threads.emplace_back([&, i] {
      cudaStream_t s;
      if (cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) != cudaSuccess) {
        status[i] = FFT3D_ERROR_CUDA;
        return;
      }
      for (int rep = 0; rep < 5 && status[i] == FFT3D_SUCCESS; ++rep) {
        cudaMemcpyAsync(grids[i]->dev, grids[i]->host.data(), grids[i]->count * 8, cudaMemcpyHostToDevice, s);
        status[i] = fft3d_forward_on_stream(plan, grids[i]->dev, s);
      }
      cudaStreamSynchronize(s);
      cudaStreamDestroy(s);
    });
  for (auto& t : threads) t.join();
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(status[i], FFT3D_SUCCESS);
    EXPECT_LE(fft3d_test::relative_l2_error(grids[i]->download(),
                                            fft3d_test::fftw_3d(grids[i]->rounded, 96, 64, 50, -1)),
              fft3d_test::fft_error_bound(true, 96. * 64 * 50));
  }
}

// One plan executed by four host threads at once, each on its own stream
// and buffer; also with side planes, whose second stream and events the
// threads share (gpu/side_stream.h).
TEST(GpuGrid, OnePlanFromSeveralThreads) {
  FFT3D_REQUIRE_GPU();
  fft3d_plan plan = make_plan(96, 64, 50, true);
  run_from_four_threads(plan);
  fft3d_plan_destroy(plan);
  setenv("FFT3D_XY_PASS", "fused", 1);
  setenv("FFT3D_SIDE_PLANES", "7", 1);
  plan = make_plan(96, 64, 50, true);
  EXPECT_NE(describe(plan).find("the last 7 planes in separate passes"), std::string::npos) << describe(plan);
  run_from_four_threads(plan);
  fft3d_plan_destroy(plan);
  unsetenv("FFT3D_SIDE_PLANES");
  unsetenv("FFT3D_XY_PASS");
}

TEST(GpuGrid, TwoPlansOnTwoStreams) {
  FFT3D_REQUIRE_GPU();
  cudaStream_t s1, s2;
  CUDA_OK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CUDA_OK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  fft3d_plan a = make_plan(128, 64, 32, true), b = make_plan(96, 80, 30, false);
  ASSERT_EQ(fft3d_set_stream(a, s1), FFT3D_SUCCESS);
  ASSERT_EQ(fft3d_set_stream(b, s2), FFT3D_SUCCESS);
  DeviceGrid<float> ga(128, 64, 32, 1);
  DeviceGrid<double> gb(96, 80, 30, 2);
  for (int i = 0; i < 3; ++i) {  // interleaved launches on the two streams
    CUDA_OK(cudaMemcpyAsync(ga.dev, ga.host.data(), ga.count * 8, cudaMemcpyHostToDevice, s1));
    CUDA_OK(cudaMemcpyAsync(gb.dev, gb.host.data(), gb.count * 16, cudaMemcpyHostToDevice, s2));
    ASSERT_EQ(fft3d_forward(a, ga.dev), FFT3D_SUCCESS);
    ASSERT_EQ(fft3d_forward(b, gb.dev), FFT3D_SUCCESS);
  }
  CUDA_OK(cudaStreamSynchronize(s1));
  CUDA_OK(cudaStreamSynchronize(s2));
  EXPECT_LE(fft3d_test::relative_l2_error(ga.download(), fft3d_test::fftw_3d(ga.rounded, 128, 64, 32, -1)),
            fft3d_test::fft_error_bound(true, 128. * 64 * 32));
  EXPECT_LE(fft3d_test::relative_l2_error(gb.download(), fft3d_test::fftw_3d(gb.rounded, 96, 80, 30, -1)),
            fft3d_test::fft_error_bound(false, 96. * 80 * 30));
  fft3d_plan_destroy(a);
  fft3d_plan_destroy(b);
  cudaStreamDestroy(s1);
  cudaStreamDestroy(s2);
}

}  // namespace
