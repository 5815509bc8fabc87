// Programmatic dependent launch as a plan choice on the GPU (label gpu): a
// MEASURE plan, complex and real, times it both ways and writes a verdict
// that later ESTIMATE plans take; FFT3D_PDL forces it; every form matches
// FFTW. Skips without a device.
#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fft3d.h"
#include "gpu/dependent_launch.h"
#include "gpu_plan_check.h"
#include "gpu_test_util.h"
#include "tune/dependent_launch_choice.h"
#include "tune/device_signature.h"

namespace fft3d {
namespace {

using fft3d_test::describe;

constexpr int kNx = 64, kNy = 48, kNz = 40;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

void expect_matches_fftw(fft3d_plan plan, bool real) {
  if (real)
    fft3d_test::expect_r2c_plan_matches_fftw(plan, kNx, kNy, kNz);
  else
    for (int sign : {-1, +1}) fft3d_test::expect_plan_matches_fftw<float>(plan, kNx, kNy, kNz, sign);
}

TEST(GpuDependentLaunch, MeasureWritesVerdictsThatEstimateTakes) {
  FFT3D_REQUIRE_GPU();
  if (!dependent_launch_supported(current_device_info())) GTEST_SKIP() << "no programmatic dependent launch";
  unsetenv("FFT3D_PDL");
  for (bool real : {false, true})
    fft3d_test::expect_measured_verdict_taken(
        kNx, kNy, kNz, real ? FFT3D_R2C_F32 : FFT3D_C2C_F32, "dependent launch chosen by timing: on ",
        dependent_launch_key(kNx, kNy, kNz, Precision::f32, real),
        [](const std::string& v) { return v == "on" || v == "off"; },
        [](const std::string& v) { return "dependent launch from wisdom: " + v; },
        [&](fft3d_plan plan) { expect_matches_fftw(plan, real); });
}

// Beyond L2 the ESTIMATE launches a plan as dependents only where all its
// passes run on one stream: a fused XY pass without side planes
// (GpuGrid.LargeCubes checks such a 256^3 plan against FFTW) or separate
// passes; with side planes forced it does not.
TEST(GpuDependentLaunch, EstimateBeyondL2OnlyWithAllPassesOnOneStream) {
  FFT3D_REQUIRE_GPU();
  const DeviceInfo device = current_device_info();
  if (!dependent_launch_supported(device)) GTEST_SKIP() << "no programmatic dependent launch";
  constexpr int n = 256;
  if (4LL * n * n * n * 2 <= device.l2_bytes) GTEST_SKIP() << "a 256^3 f32 array fits this L2";
  unsetenv("FFT3D_PDL");
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
  const std::string note = "dependent launch on: beyond L2, but all passes on one stream";
  // {FFT3D_SIDE_PLANES, FFT3D_XY_PASS}: the ESTIMATE, side planes forced,
  // three separate passes.
  const std::pair<const char*, const char*> forms[] = {{"", ""}, {"16", "fused"}, {"", "separate"}};
  for (const auto& [side_planes, xy_pass] : forms) {
    setenv("FFT3D_SIDE_PLANES", side_planes, 1);
    setenv("FFT3D_XY_PASS", xy_pass, 1);
    fft3d_plan plan = nullptr;
    ASSERT_EQ(fft3d_plan_create_3d(&plan, n, n, n, FFT3D_C2C_F32, FFT3D_BACKEND_GPU), FFT3D_SUCCESS)
        << fft3d_last_error_message();
    const std::string text = describe(plan);
    const bool beside = contains(text, "beside it"), fused = contains(text, "fused XY");
    EXPECT_EQ(contains(text, note), !beside) << text;
    if (*side_planes) EXPECT_TRUE(beside) << text;
    if (*xy_pass == 's') {
      EXPECT_FALSE(fused) << text;
      fft3d_test::expect_plan_matches_fftw<float>(plan, n, n, n, -1);
    }
    fft3d_plan_destroy(plan);
  }
  unsetenv("FFT3D_SIDE_PLANES");
  unsetenv("FFT3D_XY_PASS");
}

// Real plans beyond L2: only where both directions run separate passes
// (the ESTIMATE's 256^3 R2C forward is fused).
TEST(GpuDependentLaunch, EstimateBeyondL2ForRealPlansOfSeparatePasses) {
  FFT3D_REQUIRE_GPU();
  const DeviceInfo device = current_device_info();
  if (!dependent_launch_supported(device)) GTEST_SKIP() << "no programmatic dependent launch";
  constexpr int n = 256;
  if (8LL * (n / 2 + 1) * n * n <= device.l2_bytes) GTEST_SKIP() << "a 256^3 R2C f32 array fits this L2";
  unsetenv("FFT3D_PDL");
  unsetenv("FFT3D_SIDE_PLANES");
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
  const std::string note = "dependent launch on: beyond L2, but all passes on one stream";
  for (const char* xy_pass : {"", "separate"}) {
    setenv("FFT3D_XY_PASS", xy_pass, 1);
    fft3d_plan plan = nullptr;
    ASSERT_EQ(fft3d_plan_create_3d(&plan, n, n, n, FFT3D_R2C_F32, FFT3D_BACKEND_GPU), FFT3D_SUCCESS)
        << fft3d_last_error_message();
    const std::string text = describe(plan);
    const bool fused = contains(text, "pass xy:") || contains(text, "pass yx:");
    EXPECT_EQ(fused, !*xy_pass) << text;
    EXPECT_EQ(contains(text, note), !fused) << text;
    fft3d_plan_destroy(plan);
  }
  unsetenv("FFT3D_XY_PASS");
}

TEST(GpuDependentLaunch, EnvironmentForcesEitherWay) {
  FFT3D_REQUIRE_GPU();
  if (!dependent_launch_supported(current_device_info())) GTEST_SKIP() << "no programmatic dependent launch";
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
  for (const char* forced : {"0", "1"})
    for (bool real : {false, true}) {
      setenv("FFT3D_PDL", forced, 1);
      fft3d_plan plan = nullptr;
      ASSERT_EQ(fft3d_plan_create_3d(&plan, kNx, kNy, kNz, real ? FFT3D_R2C_F32 : FFT3D_C2C_F32,
                                     FFT3D_BACKEND_GPU | FFT3D_MEASURE),
                FFT3D_SUCCESS)
          << fft3d_last_error_message();
      const std::string want = std::string("dependent launch ") + (forced[0] == '1' ? "on" : "off") + " (FFT3D_PDL)";
      EXPECT_TRUE(contains(describe(plan), want)) << describe(plan);
      expect_matches_fftw(plan, real);
      fft3d_plan_destroy(plan);
    }
  unsetenv("FFT3D_PDL");
  EXPECT_FALSE(process_wisdom().lookup(device_signature(current_device_info()),
                                       dependent_launch_key(kNx, kNy, kNz, Precision::f32, false)));
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
}

}  // namespace
}  // namespace fft3d
