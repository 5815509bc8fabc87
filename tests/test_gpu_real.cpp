// Real-to-complex 3-D and batched transforms on the GPU (label gpu) through
// the C API, against FFTW's r2c/c2r in double precision: even, odd,
// non-cubic and degenerate grids; in place (padding poisoned with NaN) and
// out of place (the forward's input left untouched); normalised round trips;
// five-step columns; misaligned pointers. Skips without a device.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "fft3d.h"
#include "gpu/device.h"
#include "gpu_test_util.h"
#include "oracle.h"
#include "real_oracle.h"
#include "shipped_cube.h"
#include "text_search.h"

namespace {

using fft3d_test::cplx;

struct DeviceBytes {
  void* ptr = nullptr;
  size_t bytes;
  explicit DeviceBytes(size_t n) : bytes(n) { EXPECT_EQ(cudaMalloc(&ptr, n), cudaSuccess); }
  ~DeviceBytes() { cudaFree(ptr); }
  template <typename T>
  void upload(const std::vector<T>& v) {
    EXPECT_EQ(cudaMemcpy(ptr, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
  }
  template <typename T>
  std::vector<T> download(size_t count) const {
    std::vector<T> v(count);
    EXPECT_EQ(cudaMemcpy(v.data(), ptr, count * sizeof(T), cudaMemcpyDeviceToHost), cudaSuccess);
    return v;
  }
};

// Rows (ny*nz for a grid, batch for batched rows) of nx reals.
struct Shape {
  int nx, ny, nz;
  long long batch;  // > 0: batched 1-D rows of nx
  size_t rows() const { return batch > 0 ? size_t(batch) : size_t(ny) * nz; }
  double length() const { return batch > 0 ? nx : double(nx) * ny * nz; }
  std::string name() const {
    return batch > 0 ? "rows " + std::to_string(nx) + " x " + std::to_string(batch)
                     : std::to_string(nx) + "x" + std::to_string(ny) + "x" + std::to_string(nz);
  }
};

fft3d_plan make_plan(const Shape& s, bool single, unsigned extra_flags = 0) {
  fft3d_plan plan = nullptr;
  const fft3d_type type = single ? FFT3D_R2C_F32 : FFT3D_R2C_F64;
  const unsigned flags = FFT3D_BACKEND_GPU | extra_flags;
  const fft3d_status st = s.batch > 0 ? fft3d_plan_create_1d_batched(&plan, s.nx, s.batch, type, flags)
                                      : fft3d_plan_create_3d(&plan, s.nx, s.ny, s.nz, type, flags);
  EXPECT_EQ(st, FFT3D_SUCCESS) << s.name() << ": " << fft3d_last_error_message();
  return plan;
}

// The description of a plan of s (fft3d_test::describe); empty if the plan
// could not be made (which make_plan reports).
std::string plan_text(const Shape& s, bool single, unsigned extra_flags = 0) {
  fft3d_plan plan = make_plan(s, single, extra_flags);
  if (!plan) return "";
  const std::string text = fft3d_test::describe(plan);
  fft3d_plan_destroy(plan);
  return text;
}

// The line of `text` that holds `marker`; empty if none does.
std::string line_with(const std::string& text, const std::string& marker) {
  const size_t at = text.find(marker);
  if (at == std::string::npos) return "";
  const size_t begin = text.rfind('\n', at) == std::string::npos ? 0 : text.rfind('\n', at) + 1;
  return text.substr(begin, text.find('\n', at) - begin);
}

// The spectrum FFTW computes for the rows of each shape.
std::vector<cplx> oracle_r2c(const Shape& s, const std::vector<double>& reals) {
  if (s.batch == 0) return fft3d_test::fftw_r2c_3d(reals, s.nx, s.ny, s.nz);
  std::vector<cplx> out;
  for (long long r = 0; r < s.batch; ++r) {
    const std::vector<double> row(reals.begin() + r * s.nx, reals.begin() + (r + 1) * s.nx);
    for (const cplx& c : fft3d_test::fftw_r2c_3d(row, s.nx, 1, 1)) out.push_back(c);
  }
  return out;
}

template <typename Real>
void check(const Shape& s, bool in_place, unsigned seed) {
  const bool single = sizeof(Real) == 4;
  fft3d_plan plan = make_plan(s, single, FFT3D_NORMALIZE);
  ASSERT_NE(plan, nullptr);
  const size_t rows = s.rows(), half = size_t(s.nx) / 2 + 1;
  const size_t real_pitch = in_place ? 2 * half : size_t(s.nx), complex_pitch = 2 * half;
  const Real nan = std::numeric_limits<Real>::quiet_NaN();
  const double bound = 2 * fft3d_test::fft_error_bound(single, s.length());
  const std::string name = s.name() + (single ? " f32" : " f64") + (in_place ? " in place" : " out of place");

  std::vector<double> reals = fft3d_test::random_reals(rows * s.nx, seed);
  for (double& v : reals) v = static_cast<Real>(v);
  const std::vector<Real> input = fft3d_test::to_pitched<Real>(reals, s.nx, real_pitch, nan);
  DeviceBytes a(rows * complex_pitch * sizeof(Real)), b(rows * complex_pitch * sizeof(Real));
  a.upload(input);
  b.upload(std::vector<Real>(rows * complex_pitch, nan));
  void* spectrum_dev = in_place ? a.ptr : b.ptr;

  // Forward.
  ASSERT_EQ(in_place ? fft3d_forward(plan, a.ptr) : fft3d_forward_out(plan, a.ptr, b.ptr), FFT3D_SUCCESS)
      << name << ": " << fft3d_last_error_message();
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  const std::vector<Real> spec = (in_place ? a : b).template download<Real>(rows * complex_pitch);
  std::vector<cplx> got(rows * half);
  for (size_t i = 0; i < got.size(); ++i) got[i] = cplx(spec[2 * i], spec[2 * i + 1]);
  const std::vector<cplx> want = oracle_r2c(s, reals);
  EXPECT_LE(fft3d_test::relative_l2_error(got, want), bound) << "forward " << name;
  if (!in_place) {  // the forward leaves its input untouched
    const std::vector<Real> after = a.template download<Real>(input.size());
    EXPECT_EQ(std::memcmp(after.data(), input.data(), input.size() * sizeof(Real)), 0) << name;
  }

  // Normalised inverse of what the forward produced: the input again.
  if (!in_place) a.upload(std::vector<Real>(rows * complex_pitch, nan));
  ASSERT_EQ(in_place ? fft3d_inverse(plan, a.ptr) : fft3d_inverse_out(plan, spectrum_dev, a.ptr), FFT3D_SUCCESS)
      << name << ": " << fft3d_last_error_message();
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  const std::vector<double> back =
      fft3d_test::from_pitched<double>(a.template download<Real>(rows * real_pitch), s.nx, real_pitch, rows);
  std::vector<cplx> got_r(back.begin(), back.end()), want_r(reals.begin(), reals.end());
  EXPECT_LE(fft3d_test::relative_l2_error(got_r, want_r), 2 * bound) << "round trip " << name;
  fft3d_plan_destroy(plan);
}

const Shape kGrids[] = {{64, 64, 64, 0},  {128, 96, 80, 0}, {7, 5, 3, 0},     {1, 8, 4, 0},  {16, 1, 1, 0},
                        {1, 1, 1, 0},     {243, 9, 5, 0},   {100, 50, 30, 0}, {2, 6, 4, 0},  {512, 32, 16, 0},
                        {256, 256, 32, 0}, {15, 49, 27, 0}, {3, 3, 3, 0},     {4, 1, 7, 0}};

TEST(GpuReal, GridsF32) {
  FFT3D_REQUIRE_GPU();
  unsigned seed = 1;
  for (const Shape& s : kGrids)
    for (bool in_place : {true, false}) check<float>(s, in_place, seed++);
}

TEST(GpuReal, GridsF64) {
  FFT3D_REQUIRE_GPU();
  unsigned seed = 100;
  for (const Shape& s : kGrids)
    for (bool in_place : {true, false}) check<double>(s, in_place, seed++);
}

TEST(GpuReal, BatchedRows) {
  FFT3D_REQUIRE_GPU();
  for (const Shape& s : {Shape{64, 1, 1, 300}, Shape{1000, 1, 1, 77}, Shape{243, 1, 1, 129}, Shape{4096, 1, 1, 40},
                         Shape{1, 1, 1, 5}, Shape{2, 1, 1, 9}}) {
    check<float>(s, true, 3);
    check<double>(s, false, 4);
  }
}

// f32 real rows of 16384: the C2R inverse runs its own row form
// (estimate_inverse_real_rows), the R2C forward the ESTIMATE's (32 * 8 * 32
// on 256 threads); both against FFTW, in a grid and in batched rows, in
// place and out of place.
TEST(GpuReal, InverseFormOfRealRowsOf16384) {
  FFT3D_REQUIRE_GPU();
  unsigned seed = 300;
  for (const Shape& s : {Shape{16384, 6, 5, 0}, Shape{16384, 1, 1, 40}}) {
    const std::string text = plan_text(s, true);
    EXPECT_NE(text.find("variant r32-8-32.t256.rows1.pad-gap"), std::string::npos) << text;
    EXPECT_NE(text.find("the C2R inverse's variant r16-16-32.t256"), std::string::npos) << text;
    for (bool in_place : {true, false}) check<float>(s, in_place, seed++);
  }
}

TEST(GpuReal, FiveStepColumns) {
  FFT3D_REQUIRE_GPU();
  ASSERT_EQ(setenv("FFT3D_COLUMN_METHOD", "five-step", 1), 0);
  check<float>({64, 256, 64, 0}, true, 9);
  check<double>({30, 64, 48, 0}, false, 10);
  unsetenv("FFT3D_COLUMN_METHOD");
}

// The in-place forward as one fused XY pass per plane then Z, and the
// in-place inverse as Z then one fused pass with its columns first (forced,
// also where the ESTIMATE keeps separate passes): the forward is checked
// against FFTW, the inverse by the round trip; out of place both keep
// separate passes.
TEST(GpuReal, FusedXYForwardAndInverse) {
  FFT3D_REQUIRE_GPU();
  ASSERT_EQ(setenv("FFT3D_XY_PASS", "fused", 1), 0);
  const std::string text = plan_text({64, 48, 20, 0}, true);
  EXPECT_NE(text.find("in-place forward in 2 passes: pass xy"), std::string::npos) << text;
  EXPECT_NE(text.find("in-place inverse in 2 passes: the z pass below, then pass yx"), std::string::npos) << text;
  unsigned seed = 40;
  for (const Shape& s : {Shape{64, 64, 64, 0}, Shape{256, 256, 32, 0}, Shape{100, 50, 30, 0}, Shape{2, 6, 4, 0},
                         Shape{192, 192, 16, 0}, Shape{48, 40, 1, 0}}) {
    check<float>(s, true, seed++);
    check<double>(s, true, seed++);
  }
  check<float>({64, 48, 20, 0}, false, seed++);
  unsetenv("FFT3D_XY_PASS");
}

// The in-place forward as one fused pass over the XZ planes (X with its
// real post-processing, then Z; rows (nx/2 + 1) * ny apart), then the Y
// columns, and the inverse as the Y columns, then Z and X (with its
// pre-processing) fused over the XZ planes (FFT3D_XY_PASS=fused-xz, and
// automatic where it pays), against FFTW; out of place keeps
// separate passes; a grid without XZ planes is refused.
TEST(GpuReal, FusedXZForwardAndInverse) {
  FFT3D_REQUIRE_GPU();
  ASSERT_EQ(setenv("FFT3D_XY_PASS", "fused-xz", 1), 0);
  const std::string text = plan_text({64, 6, 32, 0}, true);
  EXPECT_NE(text.find("in-place forward in 2 passes: pass xz"), std::string::npos) << text;
  EXPECT_NE(text.find("in-place inverse in 2 passes: the y pass below, then pass zx"), std::string::npos) << text;
  EXPECT_EQ(text.find("pass yx"), std::string::npos) << text;
  unsigned seed = 70;
  for (const Shape& s : {Shape{64, 6, 32, 0}, Shape{2048, 3, 32, 0}, Shape{48, 5, 20, 0}}) {
    check<float>(s, true, seed++);
    check<double>(s, true, seed++);
  }
  check<float>({64, 6, 32, 0}, false, seed++);
  fft3d_plan refused = nullptr;
  EXPECT_EQ(fft3d_plan_create_3d(&refused, 64, 6, 1, FFT3D_R2C_F32, FFT3D_BACKEND_GPU), FFT3D_ERROR_UNSUPPORTED_SIZE);
  unsetenv("FFT3D_XY_PASS");
  // Automatic: f32 1024 x 512 x 32 beyond the L2 takes both (real_fused_xz_pays), f64 the inverse only.
  const std::string automatic = plan_text({1024, 512, 32, 0}, true);
  EXPECT_NE(automatic.find("in-place forward in 2 passes: pass xz"), std::string::npos) << automatic;
  EXPECT_NE(automatic.find("in-place inverse in 2 passes: the y pass below, then pass zx"), std::string::npos)
      << automatic;
  const std::string f64 = plan_text({1024, 512, 32, 0}, false);
  EXPECT_EQ(f64.find("pass xz"), std::string::npos) << f64;
  EXPECT_NE(f64.find("in-place inverse in 2 passes: the y pass below, then pass zx"), std::string::npos) << f64;
  check<float>({1024, 512, 32, 0}, true, seed++);
  check<double>({1024, 512, 32, 0}, true, seed++);
}

// Automatic plans fuse the in-place forward where that was measured faster
// (estimate_real_xy_variant): 256 x 256 and 384 x 384 planes in both
// precisions (f32 384 as strided rows on 16 blocks, f64 384 as real pairs),
// and f32 420 x 420 and 480 x 480 ones (Y split 30 * 14 and 30 * 16, rows
// without pads); the fused 384-480 plans' values are checked here, the
// others' by GridsF32/F64 and LargeCubes.
TEST(GpuReal, EstimateFusesMeasuredPlanes) {
  FFT3D_REQUIRE_GPU();
  for (bool single : {true, false})
    for (int n : {256, 384, 420, 480}) {
      const std::string text = plan_text({n, n, 8, 0}, single);
      const bool fused = text.find("in-place forward in 2 passes: pass xy") != std::string::npos;
      EXPECT_EQ(fused, n == 256 || n == 384 || single) << (single ? "f32 " : "f64 ") << text;
    }
  check<float>({384, 384, 8, 0}, true, 29);
  check<double>({384, 384, 8, 0}, true, 32);
  check<float>({420, 420, 6, 0}, true, 30);
  check<float>({480, 480, 6, 0}, true, 31);
}

// Real planes of 128 x 128 in grids beyond the device's L2 (long Z
// columns) fuse in both directions and precisions; forward and round trip
// against FFTW.
TEST(GpuReal, SmallPlanesBeyondL2) {
  FFT3D_REQUIRE_GPU();
  const long long l2 = fft3d::current_device_info().l2_bytes;
  for (bool single : {true, false}) {
    const long long plane_bytes = 65LL * 128 * (single ? 8 : 16);  // the complex side
    int nz = 64;
    while (nz * plane_bytes <= l2) nz *= 2;
    const Shape s{128, 128, nz, 0};
    const std::string text = plan_text(s, single);
    EXPECT_NE(text.find("in-place forward in 2 passes: pass xy"), std::string::npos) << text;
    EXPECT_NE(text.find("in-place inverse in 2 passes"), std::string::npos) << text;
    single ? check<float>(s, true, 33) : check<double>(s, true, 34);
  }
}

// The complex side's long Z columns (multirow/long_column.h): f64 columns
// of 16384 fit no block, so real plans of them had no GPU plan before.
TEST(GpuReal, LongColumns) {
  FFT3D_REQUIRE_GPU();
  const Shape s{30, 8, 16384, 0};
  const std::string text = plan_text(s, false);
  EXPECT_NE(text.find("long columns, B: 128 x 128-point column Stockham"), std::string::npos) << text;
  check<double>(s, true, 35);
  check<float>(s, false, 36);
}

// Real plane rows: small planes two to a row of nx * ny complex points,
// X and Y in one pass (the ESTIMATE's at 16 x 16; forced elsewhere, odd
// nx and an odd plane count among them), in place and out of place.
TEST(GpuReal, PlaneRows) {
  FFT3D_REQUIRE_GPU();
  const Shape s{16, 16, 4096, 0};
  for (bool single : {true, false}) {
    const std::string text = plan_text(s, single);
    EXPECT_NE(text.find("pass xy: 16 x 16 x 4096 real planes, two a row of 256 complex points"), std::string::npos)
        << text;
    EXPECT_EQ(text.find("pass y:"), std::string::npos) << text;  // Y is in the plane rows
    EXPECT_NE(text.find("pass z:"), std::string::npos) << text;
    single ? check<float>(s, true, 37) : check<double>(s, false, 38);
  }
  ASSERT_EQ(setenv("FFT3D_XY_PASS", "plane-rows", 1), 0);
  check<float>({32, 32, 300, 0}, true, 39);
  check<double>({5, 12, 35, 0}, true, 40);
  check<float>({8, 4, 1029, 0}, false, 41);
  check<double>({32, 6, 96, 0}, false, 42);
  check<float>({8, 8, 16384, 0}, true, 43);  // Z in long columns
  fft3d_plan none = nullptr;
  EXPECT_EQ(fft3d_plan_create_3d(&none, 64, 64, 8, FFT3D_R2C_F32, FFT3D_BACKEND_GPU), FFT3D_ERROR_UNSUPPORTED_SIZE);
  check<float>({64, 1, 1, 30}, true, 44);  // batched rows have no planes: the setting leaves them as they are
  unsetenv("FFT3D_XY_PASS");
}

// Plane columns: the complex side's small YZ planes as columns of
// ny * nz points, Y and Z in one pass (the ESTIMATE's at 4096 x 16 x 16;
// forced elsewhere, odd nx among them), in place and out of place.
TEST(GpuReal, PlaneColumns) {
  FFT3D_REQUIRE_GPU();
  const Shape s{4096, 16, 16, 0};
  for (bool single : {true, false}) {
    const std::string text = plan_text(s, single);
    EXPECT_NE(text.find("pass yz: 16 x 16 x 2049 planes as columns of 256 points"), std::string::npos) << text;
    EXPECT_EQ(text.find("pass y:"), std::string::npos) << text;  // Y is in the plane columns
    single ? check<float>(s, true, 45) : check<double>(s, false, 46);
  }
  ASSERT_EQ(setenv("FFT3D_XY_PASS", "plane-columns", 1), 0);
  check<float>({1000, 8, 32, 0}, true, 47);
  check<double>({105, 4, 8, 0}, false, 48);
  check<float>({96, 12, 5, 0}, false, 49);
  fft3d_plan none = nullptr;
  EXPECT_EQ(fft3d_plan_create_3d(&none, 64, 64, 64, FFT3D_R2C_F32, FFT3D_BACKEND_GPU), FFT3D_ERROR_UNSUPPORTED_SIZE);
  unsetenv("FFT3D_XY_PASS");
}

// Real rows whose half length fits no block (f32 from 65536 reals, f64 from
// 32768) on clusters of blocks, the post/pre-processing in the gather and
// scatter: batched rows and grids, in place and out of place, both
// precisions, up to the longest (f32 2^19 on 16 blocks).
TEST(GpuReal, ClusterRows) {
  FFT3D_REQUIRE_GPU();
  const std::string text = plan_text({65536, 4, 3, 0}, true);
  EXPECT_NE(text.find("pass x: real rows n=65536 x 12, half-length 32768-point cluster rows, each on a cluster of 8"),
            std::string::npos)
      << text;
  unsigned seed = 60;
  for (const Shape& s : {Shape{65536, 1, 1, 20}, Shape{1 << 17, 1, 1, 6}, Shape{65536, 4, 3, 0},
                         Shape{98304, 3, 2, 0}})
    for (bool in_place : {true, false}) check<float>(s, in_place, seed++);
  for (const Shape& s : {Shape{32768, 1, 1, 20}, Shape{1 << 17, 1, 1, 3}, Shape{32768, 4, 3, 0}})
    for (bool in_place : {true, false}) check<double>(s, in_place, seed++);
  check<float>({1 << 19, 1, 1, 2}, true, seed++);
}

// Sets FFT3D_XY_VARIANT and expects an f32 plan of s to describe that variant.
void expect_forced_variant(const Shape& s, const std::string& variant) {
  ASSERT_EQ(setenv("FFT3D_XY_VARIANT", variant.c_str(), 1), 0);
  const std::string text = plan_text(s, true);
  EXPECT_NE(text.find(variant), std::string::npos) << text;
}

// FFT3D_XY_VARIANT forces the R2C forward's fused variant (a real-rows one;
// complex plans ignore it), and a variant that does not fit the planes is
// refused with INVALID_ARGUMENT.
TEST(GpuReal, ForcedFusedVariant) {
  FFT3D_REQUIRE_GPU();
  ASSERT_EQ(setenv("FFT3D_XY_PASS", "fused", 1), 0);
  // The ESTIMATE's variant for these planes has clusters of 4.
  const std::string variant = "xy.c2.mb0|r8-4.t8.rows16.pad-none.tw-sincos.mb0.real-half|"
                              "r16-16.t16.rows8.pad-none.tw-sincos.mb0.cols";
  expect_forced_variant({64, 256, 20, 0}, variant);
  fft3d_plan complex = nullptr;
  EXPECT_EQ(fft3d_plan_create_3d(&complex, 64, 256, 20, FFT3D_C2C_F32, FFT3D_BACKEND_GPU), FFT3D_SUCCESS)
      << fft3d_last_error_message();
  fft3d_plan_destroy(complex);
  check<float>({64, 256, 20, 0}, true, 71);
  // Its columns have 256 points: refused for planes of 64 x 128.
  fft3d_plan plan = nullptr;
  EXPECT_EQ(fft3d_plan_create_3d(&plan, 64, 128, 20, FFT3D_R2C_F32, FFT3D_BACKEND_GPU), FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(plan, nullptr);
  EXPECT_NE(std::string(fft3d_last_error_message()).find("FFT3D_XY_VARIANT"), std::string::npos);
  unsetenv("FFT3D_XY_VARIANT");
  unsetenv("FFT3D_XY_PASS");
}

// Strided rows in the R2C forward's fused pass (the f32 ESTIMATE's form
// for power-of-two planes): forced on clusters of 8 (first Y stage of 32
// points) and 16 in both precisions, against FFTW.
TEST(GpuReal, StridedRowsForward) {
  FFT3D_REQUIRE_GPU();
  ASSERT_EQ(setenv("FFT3D_XY_PASS", "fused", 1), 0);
  unsigned seed = 80;
  for (const std::string variant :
       {"xy.c8.mb0.sr|r16-8.t8.rows16.pad-gap.tw-sincos.mb0.real-half|r32-8.t1.rows1.pad-none.tw-sincos.mb0.cols",
        "xy.c16.mb0.sr|r16-8.t16.rows8.pad-none.tw-sincos.mb0.real-half|r16-16.t1.rows1.pad-none.tw-sincos.mb0.cols"}) {
    expect_forced_variant({256, 256, 24, 0}, variant);
    check<float>({256, 256, 24, 0}, true, seed++);
    check<double>({256, 256, 24, 0}, true, seed++);
  }
  unsetenv("FFT3D_XY_VARIANT");
  unsetenv("FFT3D_XY_PASS");
}

// Real pairs in the R2C forward's fused pass (planes 2p and 2p + 1 as one
// complex plane, in the complex 256^2 planes' strided form): forced,
// against FFTW in both precisions, with odd plane counts (the last pair
// without plane b), and beside side planes (which leave it 21 planes).
TEST(GpuReal, RealPairsForward) {
  FFT3D_REQUIRE_GPU();
  ASSERT_EQ(setenv("FFT3D_XY_PASS", "fused", 1), 0);
  const std::string variant = "xy.c16.mb0.l2.sr|r16-16.t16.rows8.pad-gap.tw-sincos.mb0.real-pair|"
                              "r16-16.t1.rows1.pad-none.tw-table.mb0.cols";
  expect_forced_variant({256, 256, 25, 0}, variant);
  EXPECT_NE(plan_text({256, 256, 25, 0}, true).find("two real planes as one complex plane"), std::string::npos);
  unsigned seed = 140;
  for (const Shape& s : {Shape{256, 256, 25, 0}, Shape{256, 256, 2, 0}, Shape{256, 256, 1, 0}}) {
    check<float>(s, true, seed++);
    check<double>(s, true, seed++);
  }
  ASSERT_EQ(setenv("FFT3D_SIDE_PLANES", "4", 1), 0);
  check<float>({256, 256, 25, 0}, true, seed++);
  check<double>({256, 256, 25, 0}, true, seed++);
  unsetenv("FFT3D_SIDE_PLANES");
  unsetenv("FFT3D_XY_VARIANT");
  unsetenv("FFT3D_XY_PASS");
}

// Swizzled share rows (XYVariant::row_swizzle) in the R2C forward's fused
// pass: real pairs (the f64 ESTIMATE's form at 256^2) and half-length real
// rows on 8 and 16 threads (the 16-byte f32 load where a block's rows are
// aligned, 8-byte copies where not), forced, against FFTW in both
// precisions, in and out of place, with odd plane counts for the pairs.
TEST(GpuReal, SwizzledRowsForward) {
  FFT3D_REQUIRE_GPU();
  ASSERT_EQ(setenv("FFT3D_XY_PASS", "fused", 1), 0);
  unsigned seed = 160;
  for (const std::string variant :
       {"xy.c16.mb0.l2.sr.np.sw|r16-16.t16.rows8.pad-gap.tw-sincos.mb0.real-pair|"
        "r16-16.t1.rows1.pad-none.tw-table.mb0.cols",
        "xy.c8.mb5.l2.sr.np.sw|r16-8.t8.rows16.pad-gap.tw-sincos.mb0.real-half|r32-8.t1.rows1.pad-none.tw-sincos.mb0.cols",
        "xy.c16.mb0.sr.np.sw|r16-8.t16.rows8.pad-none.tw-sincos.mb0.real-half|r16-16.t1.rows1.pad-none.tw-sincos.mb0.cols"}) {
    expect_forced_variant({256, 256, 25, 0}, variant);
    for (const Shape& s : {Shape{256, 256, 25, 0}, Shape{256, 256, 2, 0}}) {
      check<float>(s, true, seed++);
      check<double>(s, true, seed++);
    }
    check<float>({256, 256, 3, 0}, false, seed++);
    check<double>({256, 256, 3, 0}, false, seed++);
  }
  unsetenv("FFT3D_XY_VARIANT");
  unsetenv("FFT3D_XY_PASS");
}

// Side planes in the fused forward: its last planes go through the X and Y
// passes on a second stream beside it (FFT3D_SIDE_PLANES forces the count),
// in both precisions, with five-step columns, and with a count the plan
// must refuse; the same in the fused inverse (Y then X beside it, checked
// by the round trip). Out-of-place runs keep their passes. MEASURE times
// each direction's count into wisdom; the ESTIMATE gives some beyond the L2.
TEST(GpuReal, SidePlanes) {
  FFT3D_REQUIRE_GPU();
  ASSERT_EQ(setenv("FFT3D_XY_PASS", "fused", 1), 0);
  ASSERT_EQ(setenv("FFT3D_SIDE_PLANES", "3", 1), 0);
  std::string text = plan_text({64, 48, 20, 0}, true);
  EXPECT_NE(text.find("its last 3 planes through the x and y passes below"), std::string::npos) << text;
  EXPECT_NE(text.find("its last 3 planes through the y and x passes below"), std::string::npos) << text;
  unsigned seed = 90;
  for (const Shape& s : {Shape{64, 48, 20, 0}, Shape{256, 256, 24, 0}, Shape{100, 50, 30, 0}, Shape{192, 192, 7, 0}}) {
    check<float>(s, true, seed++);
    check<double>(s, true, seed++);
  }
  check<float>({64, 48, 20, 0}, false, seed++);
  check<float>({384, 384, 8, 0}, true, seed++);  // the inverse's form that fuses only with side planes
  check<float>({240, 240, 10, 0}, true, seed++);
  ASSERT_EQ(setenv("FFT3D_COLUMN_METHOD", "five-step", 1), 0);
  check<float>({64, 256, 24, 0}, true, seed++);
  unsetenv("FFT3D_COLUMN_METHOD");
  // MEASURE times each direction's fused candidates beside the forced count
  // (within the L2 the ESTIMATE's count is none).
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
  ASSERT_EQ(unsetenv("FFT3D_XY_PASS"), 0);
  text = plan_text({64, 48, 20, 0}, true, FFT3D_MEASURE);
  for (const char* direction : {"forward", "inverse"}) {
    const std::string timed = line_with(text, std::string("XY form of the in-place ") + direction + " chosen by timing");
    EXPECT_GT(fft3d_test::count_of(timed, ", fused "), 0) << text;
    EXPECT_EQ(fft3d_test::count_of(timed, " ms (3 side planes)"), fft3d_test::count_of(timed, ", fused ")) << text;
  }
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
  ASSERT_EQ(setenv("FFT3D_XY_PASS", "fused", 1), 0);
  // Three side planes of three: none left to the fused pass.
  fft3d_plan refused = nullptr;
  EXPECT_EQ(fft3d_plan_create_3d(&refused, 64, 48, 3, FFT3D_R2C_F32, FFT3D_BACKEND_GPU), FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(refused, nullptr);
  unsetenv("FFT3D_SIDE_PLANES");
  // MEASURE times the counts and remembers the fastest, which a later
  // ESTIMATE plan takes from wisdom.
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
  text = plan_text({64, 48, 20, 0}, true, FFT3D_MEASURE);
  EXPECT_NE(text.find("forward: side planes chosen by timing: 0 "), std::string::npos) << text;
  EXPECT_NE(text.find("inverse: side planes chosen by timing: 0 "), std::string::npos) << text;
  text = plan_text({64, 48, 20, 0}, true);
  EXPECT_NE(text.find("forward: side planes from wisdom: "), std::string::npos) << text;
  EXPECT_NE(text.find("inverse: side planes from wisdom: "), std::string::npos) << text;
  check<float>({64, 48, 20, 0}, true, seed++);
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
  unsetenv("FFT3D_XY_PASS");
  // Beyond the L2 the ESTIMATE gives 256 / 16 planes of a 256^3 f32 forward
  // and 256 / 8 of its inverse to the side (LargeCubes checks its values).
  text = plan_text({256, 256, 256, 0}, true);
  EXPECT_NE(text.find("its last 16 planes through the x and y passes"), std::string::npos) << text;
  EXPECT_NE(text.find("its last 32 planes through the y and x passes"), std::string::npos) << text;
  // f32 384^2 planes' inverse fuses only with side planes, beyond the L2
  // (the heuristics' form: an H200's shipped wisdom runs it in three passes).
  ASSERT_EQ(setenv("FFT3D_BUILTIN_WISDOM", "0", 1), 0);
  text = plan_text({384, 384, 384, 0}, true);
  unsetenv("FFT3D_BUILTIN_WISDOM");
  EXPECT_NE(text.find("in-place inverse in 2 passes"), std::string::npos) << text;
  EXPECT_NE(text.find("its last 48 planes through the y and x passes"), std::string::npos) << text;
}

// On a GPU model the shipped wisdom knows (wisdom/*.json), an ESTIMATE R2C
// plan of its smallest tuned real cube is built from it, and its forward
// and inverse match FFTW; FFT3D_BUILTIN_WISDOM=0 gives the heuristics'
// plan. Elsewhere (no real cube shipped for this GPU) it skips.
TEST(GpuReal, ShippedWisdomBuildsItsRealCubesOnItsGpu) {
  FFT3D_REQUIRE_GPU();
  const int cube = fft3d_test::smallest_shipped_f32_cube(true);
  if (cube == 0) GTEST_SKIP() << "no real cube in the wisdom shipped for this GPU";
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);  // no verdict of the process's own
  const std::string shipped = "built from the wisdom shipped for the ";
  const Shape s{cube, cube, cube, 0};
  EXPECT_NE(plan_text(s, true).find(shipped), std::string::npos) << plan_text(s, true);
  check<float>(s, true, 70);
  ASSERT_EQ(setenv("FFT3D_BUILTIN_WISDOM", "0", 1), 0);
  EXPECT_EQ(plan_text(s, true).find(shipped), std::string::npos) << plan_text(s, true);
  unsetenv("FFT3D_BUILTIN_WISDOM");
}

TEST(GpuReal, LargeCubes) {
  FFT3D_REQUIRE_GPU();
  check<float>({256, 256, 256, 0}, true, 11);
  check<double>({240, 240, 240, 0}, false, 12);
  // The measured strided forms of the f32 forward (240^2 planes on 12
  // blocks, 300^2 on 15), in place and out of place.
  check<float>({240, 240, 40, 0}, true, 13);
  check<float>({240, 240, 40, 0}, false, 14);
  check<float>({300, 300, 12, 0}, true, 15);
}

TEST(GpuReal, MisalignedAndHostPointersAreRejected) {
  FFT3D_REQUIRE_GPU();
  fft3d_plan plan = make_plan({8, 8, 8, 0}, true);
  ASSERT_NE(plan, nullptr);
  DeviceBytes a(4096);
  EXPECT_EQ(fft3d_forward(plan, static_cast<char*>(a.ptr) + 4), FFT3D_ERROR_INVALID_POINTER);
  std::vector<float> host(8 * 8 * 10);
  EXPECT_EQ(fft3d_forward(plan, host.data()), FFT3D_ERROR_INVALID_POINTER);
  unsigned backend = 0;
  EXPECT_EQ(fft3d_plan_get_backend(plan, &backend), FFT3D_SUCCESS);
  EXPECT_EQ(backend, FFT3D_BACKEND_GPU);
  fft3d_plan_destroy(plan);
}

}  // namespace
