// The whole-plan check of MEASURE on the GPU (label gpu): a MEASURE plan,
// complex and real, times the tuned plan against the one ESTIMATE builds
// without wisdom and writes a verdict that later ESTIMATE plans take; a
// verdict for the ESTIMATE's plan sets the tuned variants aside; every
// plan matches FFTW. Skips without a device.
#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

#include "fft3d.h"
#include "gpu_plan_check.h"
#include "gpu_test_util.h"
#include "tune/device_signature.h"
#include "tune/plan_source_choice.h"

namespace fft3d {
namespace {

using fft3d_test::describe;

constexpr int kNx = 64, kNy = 48, kNz = 40;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The name after "variant " on the description's real rows line.
std::string real_rows_variant(const std::string& text) {
  const size_t line = text.find("real rows n=");
  const size_t at = text.find("variant ", line);
  if (line == std::string::npos || at == std::string::npos) return "";
  const size_t from = at + 8;
  return text.substr(from, text.find(',', from) - from);
}

void expect_matches_fftw(fft3d_plan plan, bool real) {
  if (real)
    fft3d_test::expect_r2c_plan_matches_fftw(plan, kNx, kNy, kNz);
  else
    fft3d_test::expect_plan_matches_fftw<float>(plan, kNx, kNy, kNz, -1);
}

// The other GPU tests run with FFT3D_PLAN_SOURCE=tuned (tests/CMakeLists.txt).
class GpuPlanSource : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const char* env = std::getenv("FFT3D_PLAN_SOURCE")) forced_ = env;
    unsetenv("FFT3D_PLAN_SOURCE");
  }
  void TearDown() override {
    if (forced_) setenv("FFT3D_PLAN_SOURCE", forced_->c_str(), 1);
  }
  std::optional<std::string> forced_;
};

TEST_F(GpuPlanSource, MeasureWritesAVerdictThatEstimateTakes) {
  FFT3D_REQUIRE_GPU();
  for (bool real : {false, true})
    fft3d_test::expect_measured_verdict_taken(
        kNx, kNy, kNz, real ? FFT3D_R2C_F32 : FFT3D_C2C_F32, "whole plan chosen by timing: tuned ",
        plan_source_key(kNx, kNy, kNz, Precision::f32, real),
        [](const std::string& v) { return parse_plan_source(v).has_value(); },
        [](const std::string&) { return std::string("whole plan from wisdom: "); },
        [&](fft3d_plan plan) { expect_matches_fftw(plan, real); });
}

// A real plan whose X rows have a tuned variant in wisdom takes it, but
// not where the verdict says the ESTIMATE's plan was faster.
TEST_F(GpuPlanSource, EstimateVerdictSetsTheTunedVariantsAside) {
  FFT3D_REQUIRE_GPU();
  unsetenv("FFT3D_X_VARIANT");
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_3d(&plan, kNx, kNy, kNz, FFT3D_R2C_F32, FFT3D_BACKEND_GPU), FFT3D_SUCCESS)
      << fft3d_last_error_message();
  const std::string estimate = describe(plan);
  fft3d_plan_destroy(plan);
  const std::string rows = real_rows_variant(estimate);
  ASSERT_FALSE(rows.empty()) << estimate;

  const DeviceSignature gpu = device_signature(current_device_info());
  process_wisdom().remember({gpu, PassKey{"real-rows", kNx, Precision::f32, 0}, rows, 0.01});
  for (const char* source : {"tuned", "estimate"}) {
    process_wisdom().remember({gpu, plan_source_key(kNx, kNy, kNz, Precision::f32, true), source, 0.05});
    ASSERT_EQ(fft3d_plan_create_3d(&plan, kNx, kNy, kNz, FFT3D_R2C_F32, FFT3D_BACKEND_GPU), FFT3D_SUCCESS)
        << fft3d_last_error_message();
    const std::string text = describe(plan);
    const bool tuned = *source == 't';
    EXPECT_EQ(contains(text, "variant from wisdom (tuned)"), tuned) << text;
    EXPECT_EQ(contains(text, "ESTIMATE variant"), !tuned) << text;
    EXPECT_EQ(contains(text, "the ESTIMATE's, without tuned variants"), !tuned) << text;
    expect_matches_fftw(plan, true);
    fft3d_plan_destroy(plan);
  }
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
}

}  // namespace
}  // namespace fft3d
