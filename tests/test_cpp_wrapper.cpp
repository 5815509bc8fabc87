// The C++ wrapper (fft3d.hpp) on the CPU backend: transforms with exact
// answers in both precisions, ownership and moves, and each check the wrapper
// adds (precision, view length) failing with the data untouched.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "fft3d.hpp"

namespace {

constexpr unsigned kCpu = FFT3D_ESTIMATE | FFT3D_BACKEND_CPU;

static_assert(!std::is_copy_constructible<fft3d::Plan>::value, "Plan owns its handle");
static_assert(!std::is_copy_assignable<fft3d::Plan>::value, "Plan owns its handle");
static_assert(std::is_nothrow_move_constructible<fft3d::Plan>::value, "Plan moves without throwing");
static_assert(std::is_nothrow_move_assignable<fft3d::Plan>::value, "Plan moves without throwing");
static_assert(std::is_base_of<std::runtime_error, fft3d::Error>::value, "Error is a runtime_error");

template <class Real>
fft3d_type c2c() {
  return std::is_same<Real, float>::value ? FFT3D_C2C_F32 : FFT3D_C2C_F64;
}

// Rounding allowance relative to the largest value, N for these inputs.
template <class Real>
double tolerance(double n) {
  return (std::is_same<Real, float>::value ? 1e-5 : 1e-13) * n;
}

template <class Real>
std::vector<std::complex<Real>> random_data(std::size_t n, unsigned seed) {
  std::vector<std::complex<Real>> v(n);
  unsigned s = seed;
  auto next = [&s] {
    s = s * 1664525u + 1013904223u;
    return static_cast<Real>(s >> 8) / static_cast<Real>(1u << 24) - Real(0.5);
  };
  for (auto& x : v) x = {next(), next()};
  return v;
}

template <class Real>
class CppWrapperC2C : public ::testing::Test {};
using Precisions = ::testing::Types<float, double>;
TYPED_TEST_SUITE(CppWrapperC2C, Precisions);

TYPED_TEST(CppWrapperC2C, ImpulseGivesAllOnesAndBack) {
  using Real = TypeParam;
  const int nx = 4, ny = 6, nz = 5;
  const std::size_t n = static_cast<std::size_t>(nx) * ny * nz;
  auto plan = fft3d::Plan::grid3d(nx, ny, nz, c2c<Real>(), kCpu);
  EXPECT_EQ(plan.elements(), n);
  std::vector<std::complex<Real>> data(n);
  data[0] = 1;
  plan.forward(data.data());
  for (std::size_t i = 0; i < n; ++i) ASSERT_LE(std::abs(data[i] - std::complex<Real>(1)), tolerance<Real>(1)) << i;
  plan.inverse(fft3d::View(data));
  for (std::size_t i = 0; i < n; ++i)
    ASSERT_LE(std::abs(data[i] - std::complex<Real>(i == 0 ? Real(n) : 0)), tolerance<Real>(n)) << i;
}

TYPED_TEST(CppWrapperC2C, PlaneWaveGivesOnePeakOfN) {
  using Real = TypeParam;
  const int nx = 8, ny = 4, nz = 6, kx = 3, ky = 1, kz = 5;
  const double two_pi = 2 * std::acos(-1.0);
  const std::size_t n = static_cast<std::size_t>(nx) * ny * nz;
  std::vector<std::complex<Real>> data(n);
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x) {
        const double phase = two_pi * (double(kx * x) / nx + double(ky * y) / ny + double(kz * z) / nz);
        data[(static_cast<std::size_t>(z) * ny + y) * nx + x] = std::polar(Real(1), static_cast<Real>(phase));
      }
  auto plan = fft3d::Plan::grid3d(nx, ny, nz, c2c<Real>(), kCpu);
  plan.forward(fft3d::View<std::complex<Real>>(data.data(), data.size()));
  const std::size_t peak = (static_cast<std::size_t>(kz) * ny + ky) * nx + kx;  // x contiguous
  for (std::size_t i = 0; i < n; ++i)
    ASSERT_LE(std::abs(data[i] - std::complex<Real>(i == peak ? Real(n) : 0)), tolerance<Real>(n)) << i;
}

TYPED_TEST(CppWrapperC2C, RoundTripIsNTimesInput) {
  using Real = TypeParam;
  const int nx = 12, ny = 10, nz = 7;
  const std::size_t n = static_cast<std::size_t>(nx) * ny * nz;
  const auto input = random_data<Real>(n, 42);
  auto data = input;
  auto plan = fft3d::Plan::grid3d(nx, ny, nz, c2c<Real>(), kCpu);
  plan.forward(fft3d::View(data));
  plan.inverse(data.data());
  for (std::size_t i = 0; i < n; ++i)
    ASSERT_LE(std::abs(data[i] - Real(n) * input[i]), tolerance<Real>(n)) << i;
}

TYPED_TEST(CppWrapperC2C, Batched1dTransformsEachRow) {
  using Real = TypeParam;
  const int n = 16;
  const long long batch = 5;
  const double two_pi = 2 * std::acos(-1.0);
  auto plan = fft3d::Plan::batched1d(n, batch, c2c<Real>(), kCpu);
  EXPECT_EQ(plan.elements(), static_cast<std::size_t>(n * batch));
  std::vector<std::complex<Real>> data(n * batch);
  for (long long r = 0; r < batch; ++r)  // row r holds the wave of frequency r
    for (int j = 0; j < n; ++j)
      data[r * n + j] = std::polar(Real(1), static_cast<Real>(two_pi * double(r * j) / n));
  plan.forward(fft3d::View(data));
  for (long long r = 0; r < batch; ++r)
    for (int k = 0; k < n; ++k)
      ASSERT_LE(std::abs(data[r * n + k] - std::complex<Real>(k == r ? Real(n) : 0)), tolerance<Real>(n))
          << "row " << r << " bin " << k;
}

TYPED_TEST(CppWrapperC2C, PrecisionMismatchThrowsAndLeavesDataUntouched) {
  using Real = TypeParam;
  using Other = std::conditional_t<std::is_same<Real, float>::value, double, float>;
  auto plan = fft3d::Plan::grid3d(4, 4, 4, c2c<Real>(), kCpu);
  const auto input = random_data<Other>(64, 7);
  auto data = input;
  auto expect_invalid = [&](auto&& call) {
    try {
      call();
      ADD_FAILURE() << "no exception";
    } catch (const fft3d::Error& e) {
      EXPECT_EQ(e.status(), FFT3D_ERROR_INVALID_ARGUMENT);
      EXPECT_NE(std::string(e.what()).find("precision"), std::string::npos) << e.what();
    }
    EXPECT_EQ(data, input);
  };
  expect_invalid([&] { plan.forward(data.data()); });
  expect_invalid([&] { plan.inverse(data.data()); });
  expect_invalid([&] { plan.forward(fft3d::View(data)); });
  expect_invalid([&] { plan.inverse(fft3d::View(data)); });
  expect_invalid([&] { plan.forward_on_stream(data.data(), nullptr); });
  expect_invalid([&] { plan.inverse_on_stream(data.data(), nullptr); });
}

TYPED_TEST(CppWrapperC2C, ShortViewThrowsAndLeavesDataUntouched) {
  using Real = TypeParam;
  auto plan = fft3d::Plan::grid3d(4, 4, 4, c2c<Real>(), kCpu);
  const auto input = random_data<Real>(63, 9);  // one short
  auto data = input;
  for (int inverse = 0; inverse < 2; ++inverse) {
    try {
      if (inverse)
        plan.inverse(fft3d::View(data));
      else
        plan.forward(fft3d::View<std::complex<Real>>(data.data(), data.size()));
      ADD_FAILURE() << "no exception";
    } catch (const fft3d::Error& e) {
      EXPECT_EQ(e.status(), FFT3D_ERROR_INVALID_ARGUMENT);
      EXPECT_NE(std::string(e.what()).find("63"), std::string::npos) << e.what();
    }
    EXPECT_EQ(data, input);
  }
}

TYPED_TEST(CppWrapperC2C, RawAndStreamOverloadsMatchTheTypedOnes) {
  using Real = TypeParam;
  auto plan = fft3d::Plan::grid3d(6, 5, 4, c2c<Real>(), kCpu);
  const auto input = random_data<Real>(plan.elements(), 3);
  auto typed = input, raw = input, streamed = input;
  plan.forward(typed.data());
  plan.forward(static_cast<void*>(raw.data()));
  plan.set_stream(nullptr);  // CPU plans accept and ignore a stream
  plan.forward_on_stream(streamed.data(), nullptr);
  EXPECT_EQ(raw, typed);
  EXPECT_EQ(streamed, typed);
  plan.inverse(static_cast<void*>(raw.data()));
  plan.inverse_on_stream(static_cast<void*>(streamed.data()), nullptr);
  EXPECT_EQ(streamed, raw);
}

TEST(CppWrapper, MovesTransferOwnership) {
  auto a = fft3d::Plan::grid3d(4, 4, 4, FFT3D_C2C_F32, kCpu);
  const fft3d_plan handle = a.native();
  ASSERT_NE(handle, nullptr);
  ASSERT_TRUE(a);

  fft3d::Plan b(std::move(a));
  EXPECT_FALSE(a);  // NOLINT(bugprone-use-after-move): the moved-from state is specified
  EXPECT_EQ(a.native(), nullptr);
  EXPECT_EQ(a.elements(), 0u);
  EXPECT_EQ(b.native(), handle);
  EXPECT_EQ(b.elements(), 64u);
  EXPECT_EQ(b.type(), FFT3D_C2C_F32);

  // Move-assign over a live plan: its old handle is destroyed, so the C API
  // no longer knows it.
  auto c = fft3d::Plan::batched1d(8, 2, FFT3D_C2C_F64, kCpu);
  const fft3d_plan old = c.native();
  c = std::move(b);
  EXPECT_FALSE(b);  // NOLINT(bugprone-use-after-move)
  EXPECT_EQ(c.native(), handle);
  EXPECT_EQ(c.type(), FFT3D_C2C_F32);
  EXPECT_EQ(c.elements(), 64u);
  unsigned backend = 0;
  EXPECT_EQ(fft3d_plan_get_backend(old, &backend), FFT3D_ERROR_INVALID_ARGUMENT);

  std::vector<std::complex<float>> data(64);
  data[0] = 1;
  c.forward(fft3d::View(data));
  EXPECT_EQ(data[63], std::complex<float>(1));

  // Using an empty plan is the C API's NULL-plan error; destroying it is a no-op.
  try {
    a.forward(data.data());
    ADD_FAILURE() << "no exception";
  } catch (const fft3d::Error& e) {
    EXPECT_EQ(e.status(), FFT3D_ERROR_INVALID_ARGUMENT);
  }
  fft3d::Plan empty;
  EXPECT_FALSE(empty);
  a = std::move(empty);
  EXPECT_FALSE(a);
}

TEST(CppWrapper, ErrorCarriesStatusAndDetail) {
  try {
    fft3d::Plan::grid3d(0, 4, 4, FFT3D_C2C_F32, kCpu);
    ADD_FAILURE() << "no exception";
  } catch (const fft3d::Error& e) {
    EXPECT_EQ(e.status(), FFT3D_ERROR_INVALID_ARGUMENT);
    const std::string what = e.what();
    EXPECT_EQ(what.rfind(fft3d_error_string(FFT3D_ERROR_INVALID_ARGUMENT), 0), 0u) << what;
    EXPECT_NE(what.find("0x4x4"), std::string::npos) << what;  // the C API's detail
  }
  try {
    fft3d::Plan::batched1d(8, 0, FFT3D_C2C_F64, kCpu);
    ADD_FAILURE() << "no exception";
  } catch (const std::runtime_error& e) {  // catchable as the standard base
    EXPECT_FALSE(std::string(e.what()).empty());
  }
  EXPECT_NO_THROW(fft3d::check(FFT3D_SUCCESS));
  EXPECT_THROW(fft3d::check(FFT3D_ERROR_CUDA), fft3d::Error);
  EXPECT_EQ(fft3d::Error(FFT3D_ERROR_NVRTC, "").status(), FFT3D_ERROR_NVRTC);
}

TEST(CppWrapper, Introspection) {
  auto plan = fft3d::Plan::grid3d(4, 4, 4, FFT3D_C2C_F64, kCpu);
  EXPECT_EQ(plan.backend(), FFT3D_BACKEND_CPU);
  EXPECT_EQ(plan.type(), FFT3D_C2C_F64);
  const std::string text = plan.describe();
  EXPECT_FALSE(text.empty());
  EXPECT_NE(text.find("4x4x4"), std::string::npos) << text;
  EXPECT_EQ(text.find('\0'), std::string::npos);
  EXPECT_EQ(fft3d::version(), fft3d_version_string());
  EXPECT_EQ(fft3d::version().rfind("fft3d ", 0), 0u);
}

}  // namespace
