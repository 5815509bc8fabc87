// The X pass on the GPU (label gpu): the executor's cases repeated on the
// device against FFTW in double precision, through the C API and through
// XPass with variants from the enumerator. Skips without a device.
#include <gtest/gtest.h>

#include <complex>
#include <future>
#include <random>
#include <string>
#include <vector>

#include "common/factor.h"
#include "fft1d/x_kernel_source.h"
#include "fft1d/x_pass.h"
#include "fft3d.h"
#include "gpu/module_cache.h"
#include "gpu_test_util.h"
#include "oracle.h"

namespace fft3d {
namespace {

using fft3d_test::cplx;

template <typename Real>
struct DeviceRows {
  std::vector<std::complex<Real>> host;
  std::vector<cplx> rounded;
  void* dev = nullptr;
  DeviceRows(size_t count, unsigned seed) {
    const auto in = fft3d_test::random_complex(count, seed);
    host.assign(in.begin(), in.end());
    rounded.assign(host.begin(), host.end());
    EXPECT_EQ(cudaMalloc(&dev, count * sizeof(host[0])), cudaSuccess);
    EXPECT_EQ(cudaMemcpy(dev, host.data(), count * sizeof(host[0]), cudaMemcpyHostToDevice), cudaSuccess);
  }
  ~DeviceRows() { cudaFree(dev); }
  std::vector<std::complex<Real>> download() {
    std::vector<std::complex<Real>> out(host.size());
    EXPECT_EQ(cudaMemcpy(out.data(), dev, out.size() * sizeof(out[0]), cudaMemcpyDeviceToHost), cudaSuccess);
    return out;
  }
};

template <typename Real>
void check_api(int n, long long batch) {
  const bool single = sizeof(Real) == 4;
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_1d_batched(&plan, n, batch, single ? FFT3D_C2C_F32 : FFT3D_C2C_F64,
                                         FFT3D_BACKEND_GPU),
            FFT3D_SUCCESS)
      << n << ": " << fft3d_last_error_message();
  DeviceRows<Real> rows(static_cast<size_t>(n * batch), n + 17);
  ASSERT_EQ(fft3d_forward(plan, rows.dev), FFT3D_SUCCESS) << fft3d_last_error_message();
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  const double bound = fft3d_test::fft_error_bound(single, n);
  EXPECT_LE(fft3d_test::relative_l2_error(rows.download(), fft3d_test::fftw_rows(rows.rounded, n, batch, -1)), bound)
      << "n=" << n;
  ASSERT_EQ(fft3d_inverse(plan, rows.dev), FFT3D_SUCCESS);
  std::vector<cplx> scaled(rows.rounded);
  for (auto& x : scaled) x *= n;
  EXPECT_LE(fft3d_test::relative_l2_error(rows.download(), scaled), 2 * bound) << "round trip n=" << n;
  EXPECT_EQ(fft3d_plan_destroy(plan), FFT3D_SUCCESS);
}

// A batched f32 plan of n x batch whose description holds every one of
// `lines`, run out of place against FFTW, its input left as it was.
void check_described_out_of_place(int n, long long batch, const std::vector<std::string>& lines) {
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_1d_batched(&plan, n, batch, FFT3D_C2C_F32, FFT3D_BACKEND_GPU), FFT3D_SUCCESS)
      << fft3d_last_error_message();
  const std::string text = fft3d_test::describe(plan);
  for (const std::string& line : lines) EXPECT_NE(text.find(line), std::string::npos) << text;
  DeviceRows<float> in(static_cast<size_t>(n * batch), 5), out(static_cast<size_t>(n * batch), 6);
  ASSERT_EQ(fft3d_forward_out(plan, in.dev, out.dev), FFT3D_SUCCESS) << fft3d_last_error_message();
  EXPECT_EQ(in.download(), in.host) << "input changed";
  EXPECT_LE(fft3d_test::relative_l2_error(out.download(), fft3d_test::fftw_rows(in.rounded, n, batch, -1)),
            fft3d_test::fft_error_bound(true, n));
  fft3d_plan_destroy(plan);
}

// Compiles the ESTIMATE kernels of many sizes in parallel into the module
// cache, so the sequential checks below only load them.
void warm_cache(const std::vector<int>& sizes, Precision p) {
  const DeviceInfo dev = current_device_info();
  std::vector<std::future<void>> jobs;
  for (int n : sizes)
    if (n > 1 && !first_unsupported_factor(n))
      jobs.push_back(std::async(std::launch::async, [n, p, &dev] {
        cached_cubin(x_kernel_source(n, p, estimate_x_variant(n, p, dev.limits())), dev.arch());
      }));
  for (auto& j : jobs) j.get();
}

TEST(GpuXPass, BenchmarkSizesThroughTheCApi) {
  FFT3D_REQUIRE_GPU();
  const std::vector<int> sizes = {1, 2, 7, 64, 128, 192, 256, 432, 480, 512, 1024, 2048, 4096, 8192, 16384};
  std::vector<int> double_sizes;  // 16384 doubles need 256 KiB of shared memory
  for (int n : sizes)
    if (n <= 8192) double_sizes.push_back(n);
  warm_cache(sizes, Precision::f32);
  warm_cache(double_sizes, Precision::f64);
  for (int n : sizes) {
    check_api<float>(n, 301);  // up to 128 KiB of shared memory per row
    if (n <= 8192) check_api<double>(n, 97);
  }
}

TEST(GpuXPass, EverySmoothSizeUpTo1024) {
  FFT3D_REQUIRE_GPU();
  std::vector<int> sizes;
  for (int n = 2; n <= 1024; ++n)
    if (!first_unsupported_factor(n)) sizes.push_back(n);
  warm_cache(sizes, Precision::f32);
  for (int n : sizes) check_api<float>(n, 33);
}

template <typename Real>
void check_pass(const XPass& pass, int n, long long batch, int sign, unsigned seed, const std::string& name) {
  DeviceRows<Real> rows(static_cast<size_t>(n * batch), seed);
  pass.run(rows.dev, batch, sign, nullptr);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_LE(fft3d_test::relative_l2_error(rows.download(), fft3d_test::fftw_rows(rows.rounded, n, batch, sign)),
            fft3d_test::fft_error_bound(sizeof(Real) == 4, n))
      << n << " " << name;
}

// Random enumerated variants (every padding method, both twiddle sources),
// compiled in parallel into the module cache first.
TEST(GpuXPass, EnumeratedVariants) {
  FFT3D_REQUIRE_GPU();
  const DeviceInfo dev = current_device_info();
  std::mt19937 rng(99);
  std::vector<std::tuple<int, Precision, XVariant>> cases;
  for (int n : {60, 256, 343, 480, 1000, 1024, 4096})
    for (Precision p : {Precision::f32, Precision::f64}) {
      auto all = enumerate_x_variants(n, p, dev.limits());
      for (int i = 0; i < 4 && !all.empty(); ++i) cases.emplace_back(n, p, all[rng() % all.size()]);
    }
  // Stages of the composite codelets (the tuner's fewest-stage multisets).
  for (Precision p : {Precision::f32, Precision::f64}) {
    cases.emplace_back(500, p, XVariant{{25, 20}, 25, 2, PadMethod::none, true, 0});
    cases.emplace_back(512, p, XVariant{{32, 16}, 16, 4, PadMethod::none, false, 0});
    cases.emplace_back(240, p, XVariant{{15, 16}, 16, 8, PadMethod::gap, true, 0});
    cases.emplace_back(243, p, XVariant{{27, 9}, 27, 4, PadMethod::none, false, 0});
    // The form other than the rule's (ThreadIndex): f32 rows plain, f64 rows bounded.
    XVariant other{{16, 16}, 16, 16, PadMethod::gap, false, 0};
    other.thread_index = p == Precision::f32 ? ThreadIndex::plain : ThreadIndex::bounded;
    cases.emplace_back(256, p, other);
  }
  std::vector<std::future<void>> compiles;
  for (const auto& [n, p, v] : cases)
    compiles.push_back(std::async(std::launch::async, [&, n = n, p = p, v = v] {
      cached_cubin(x_kernel_source(n, p, v), dev.arch());
    }));
  for (auto& f : compiles) f.get();
  for (const auto& [n, p, v] : cases) {
    const XPass pass(n, p, v, dev);
    const long long batch = 3 * v.rows_per_block + 1;
    for (int sign : {-1, +1}) {
      if (p == Precision::f32)
        check_pass<float>(pass, n, batch, sign, rng(), v.name());
      else
        check_pass<double>(pass, n, batch, sign, rng(), v.name());
    }
  }
}

// Random column variants on the Z pass of a (plane x n) array, plane not a
// multiple of the columns per block (a ragged last block).
TEST(GpuXPass, EnumeratedColumnVariants) {
  FFT3D_REQUIRE_GPU();
  const DeviceInfo dev = current_device_info();
  std::mt19937 rng(5);
  // Composite codelets' stages too (one per length, drawn with the rest).
  // And a bounded thread index (ThreadIndex), which column kernels lack by rule.
  XVariant bounded{{12, 5}, 12, 8, PadMethod::none, true, 0, true};
  bounded.thread_index = ThreadIndex::bounded;
  const std::vector<std::pair<int, XVariant>> composite = {
      {500, XVariant{{25, 20}, 25, 16, PadMethod::none, true, 0, true}},
      {256, XVariant{{32, 8}, 8, 16, PadMethod::none, false, 0, true}},
      {60, bounded}};
  for (int n : {16, 60, 256, 343, 500, 1024}) {
    for (Precision p : {Precision::f32, Precision::f64}) {
      auto all = enumerate_x_variants(n, p, dev.limits(), /*columns=*/true);
      for (const auto& [length, v] : composite)
        if (length == n) all.insert(all.begin(), 3, v);
      ASSERT_FALSE(all.empty());
      for (int i = 0; i < 3; ++i) {
        const XVariant v = i == 0 ? all.front() : all[rng() % all.size()];
        const XPass pass(n, p, v, dev);
        const long long plane = 3 * v.rows_per_block + 5;
        const kern::RowGeometry z{plane, plane, plane};
        // The reference: gather each column, transform it with FFTW, compare.
        auto check = [&](auto real_tag) {
          using Real = decltype(real_tag);
          DeviceRows<Real> grid(static_cast<size_t>(plane * n), rng());
          pass.run(grid.dev, plane, -1, nullptr, z);
          ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
          const auto got = grid.download();
          std::vector<cplx> columns(grid.rounded.size()), got_columns(grid.rounded.size());
          for (long long c = 0; c < plane; ++c)
            for (int k = 0; k < n; ++k) {
              columns[c * n + k] = grid.rounded[k * plane + c];
              got_columns[c * n + k] = cplx(got[k * plane + c].real(), got[k * plane + c].imag());
            }
          EXPECT_LE(fft3d_test::relative_l2_error(got_columns, fft3d_test::fftw_rows(columns, n, plane, -1)),
                    fft3d_test::fft_error_bound(sizeof(Real) == 4, n))
              << n << " " << v.name();
        };
        if (p == Precision::f32) check(float{}); else check(double{});
      }
    }
  }
}

// Rows too long for shared memory but under 512 KB (f32 32768 and f64
// 16384: 256 KB) run as cluster rows, each on a cluster of blocks in one
// pass over memory; forced where rows fit or longer rows take long rows
// (FFT3D_ROW_METHOD=cluster), and in other cluster sizes
// (FFT3D_ROW_CLUSTER). Out of place, the input stays as it was.
TEST(GpuXPass, ClusterRows) {
  FFT3D_REQUIRE_GPU();
  check_described_out_of_place(32768, 6, {"1 pass over memory",
                                          "pass x: n=32768 x 6 cluster rows, each on a cluster of 8 blocks"});
  check_api<float>(32768, 6);
  check_api<double>(16384, 5);
  check_api<float>(3 * 3 * 5 * 7 * 7 * 16, 3);  // 35280 = 2 x 17640
  setenv("FFT3D_ROW_CLUSTER", "2", 1);
  check_api<float>(32768, 4);
  unsetenv("FFT3D_ROW_CLUSTER");
  setenv("FFT3D_ROW_METHOD", "cluster", 1);
  check_api<float>(65536, 3);     // 8 blocks of 8192
  check_api<double>(65536, 2);    // 16 blocks of 4096
  check_api<float>(1 << 18, 2);   // 16 blocks of 16384 (non-portable clusters)
  check_api<double>(1 << 17, 2);  // 16 blocks of 8192
  check_api<float>(12288, 7);  // 2 x 6144
  check_api<double>(2025, 9);  // 3 x 675
  unsetenv("FFT3D_ROW_METHOD");
}

// Long rows (two passes through a workspace) forced: where a cluster would
// hold the row, and where one block would.
TEST(GpuXPass, LongRows) {
  FFT3D_REQUIRE_GPU();
  setenv("FFT3D_ROW_METHOD", "long", 1);
  check_described_out_of_place(32768, 6,
                               {"2 passes over memory", "pass x: n=32768 x 6 long rows, A: 128 x 256-point",
                                "pass x: n=32768 x 6 long rows, B: 256 x 128-point row Stockham"});
  check_api<float>(32768, 6);
  check_api<double>(16384, 5);                  // 128 x 128
  check_api<float>(3 * 3 * 5 * 7 * 7 * 16, 3);  // 35280 = 196 x 180
  check_api<float>(12288, 7);                   // 128 x 96
  check_api<double>(2000, 9);                   // 50 x 40
  check_api<double>(2048, 5);                   // 64 x 32: pass B in registers
  unsetenv("FFT3D_ROW_METHOD");
  // The ESTIMATE's long rows: rows of 512 KB and more (f32 65536 = 256 x 256,
  // f64 131072 = 512 x 256).
  check_described_out_of_place(65536, 3, {"2 passes over memory", "B: 256 x 256-point row Stockham"});
  check_api<float>(65536, 3);
  check_api<double>(1 << 17, 2);
}

TEST(GpuXPass, PointerKindsAreChecked) {
  FFT3D_REQUIRE_GPU();
  fft3d_plan gpu = nullptr, cpu = nullptr;
  ASSERT_EQ(fft3d_plan_create_1d_batched(&gpu, 64, 4, FFT3D_C2C_F32, FFT3D_BACKEND_GPU), FFT3D_SUCCESS);
  ASSERT_EQ(fft3d_plan_create_1d_batched(&cpu, 64, 4, FFT3D_C2C_F32, FFT3D_BACKEND_CPU), FFT3D_SUCCESS);
  std::vector<std::complex<float>> host(256, {1.0f, -1.0f});
  EXPECT_EQ(fft3d_forward(gpu, host.data()), FFT3D_ERROR_INVALID_POINTER);
  for (const auto& x : host) ASSERT_EQ(x, std::complex<float>(1.0f, -1.0f));
  DeviceRows<float> rows(256, 3);
  EXPECT_EQ(fft3d_forward(cpu, rows.dev), FFT3D_ERROR_INVALID_POINTER);
  EXPECT_EQ(rows.download(), rows.host);  // untouched
  // Unsupported sizes on the GPU name the factor.
  fft3d_plan bad = nullptr;
  EXPECT_EQ(fft3d_plan_create_1d_batched(&bad, 22, 4, FFT3D_C2C_F32, FFT3D_BACKEND_GPU), FFT3D_ERROR_UNSUPPORTED_SIZE);
  EXPECT_NE(std::string(fft3d_last_error_message()).find("11"), std::string::npos);
  // Too long for a row kernel, a cluster of 16 and long rows (no split of
  // 2^30 leaves both passes' rows and columns within a block).
  EXPECT_EQ(fft3d_plan_create_1d_batched(&bad, 1 << 30, 1, FFT3D_C2C_F64, FFT3D_BACKEND_GPU),
            FFT3D_ERROR_UNSUPPORTED_SIZE);
  fft3d_plan_destroy(gpu);
  fft3d_plan_destroy(cpu);
}

}  // namespace
}  // namespace fft3d
