// The whole-plan check of MEASURE on the GPU (label gpu): a MEASURE plan,
// complex and real, times the tuned plan against the one ESTIMATE builds
// without wisdom (and against the tuned plan with its columns on the shared
// entries, where a column pass's own stride holds another) and writes a
// verdict that later ESTIMATE plans take; a verdict for the ESTIMATE's plan
// sets the tuned variants aside, one for the shared columns the own
// stride's entry; every plan matches FFTW. Skips without a device.
#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

#include "fft3d.h"
#include "gpu_plan_check.h"
#include "gpu_test_util.h"
#include "tune/device_signature.h"
#include "tune/plan_source_choice.h"
#include "tune/wisdom.h"

namespace fft3d {
namespace {

using fft3d_test::describe;

constexpr int kNx = 64, kNy = 48, kNz = 40;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The name after "variant " on the description's first line from `line` on
// (its start: "real rows n=", "pass z: n=40 ").
std::string variant_on(const std::string& text, const std::string& line) {
  const size_t from_line = text.find(line);
  const size_t at = text.find("variant ", from_line);
  if (from_line == std::string::npos || at == std::string::npos) return "";
  const size_t from = at + 8;
  return text.substr(from, text.find(',', from) - from);
}

void expect_matches_fftw(fft3d_plan plan, bool real) {
  if (real)
    fft3d_test::expect_r2c_plan_matches_fftw(plan, kNx, kNy, kNz);
  else
    fft3d_test::expect_plan_matches_fftw<float>(plan, kNx, kNy, kNz, -1);
}

// The other GPU tests run with FFT3D_PLAN_SOURCE=tuned (gpu_tuned_plan_source.cpp).
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
  const std::string rows = variant_on(estimate, "real rows n=");
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

// A Z pass whose own stride holds an entry other than the shared one: a
// MEASURE plan also times the tuned plan with Z on the shared entry, and
// the verdict says which one later plans run.
TEST_F(GpuPlanSource, SharedColumnsAreTimedAndTheirVerdictTaken) {
  FFT3D_REQUIRE_GPU();
  unsetenv("FFT3D_COLUMN_VARIANT");
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
  fft3d_plan plan = nullptr;
  // Tuned variants and whole-plan verdicts to wisdom.
  ASSERT_EQ(fft3d_plan_create_3d(&plan, kNx, kNy, kNz, FFT3D_C2C_F32, FFT3D_BACKEND_GPU | FFT3D_MEASURE),
            FFT3D_SUCCESS)
      << fft3d_last_error_message();
  fft3d_plan_destroy(plan);

  Wisdom& wisdom = process_wisdom();
  const DeviceSignature gpu = device_signature(current_device_info());
  const std::optional<std::string> shared = wisdom.lookup(gpu, PassKey{"columns", kNz, Precision::f32, 0});
  ASSERT_TRUE(shared.has_value());
  // Two valid one-pass variants of 40-point columns; Z's own entry is one the shared entry is not.
  const std::string candidates[] = {"r2-2-2-5.t10.rows2.pad-gap.tw-sincos.mb0.cols.xb2",
                                    "r2-2-2-5.t10.rows2.pad-none.tw-sincos.mb0.cols"};
  const std::string own = candidates[0] == *shared ? candidates[1] : candidates[0];
  wisdom.remember({gpu, PassKey{"columns", kNz, Precision::f32, static_cast<long long>(kNx) * kNy}, own, 0.01});
  wisdom.erase(gpu, PassKey{"five-step", kNz, Precision::f32, 0});  // Z on one pass, as the entries say
  // Separate X and Y passes: the timed XY form may be split Y, whose Z pass
  // also runs Y's last stage and takes no column entry.
  wisdom.remember({gpu, PassKey{"xy-plane", kNx, Precision::f32, 0, kNy, kNz}, kSeparateXY, 0.01});
  const PassKey key = plan_source_key(kNx, kNy, kNz, Precision::f32, false);
  wisdom.erase(gpu, key);

  // Wisdom covers the grid now: MEASURE only times the whole plans.
  ASSERT_EQ(fft3d_plan_create_3d(&plan, kNx, kNy, kNz, FFT3D_C2C_F32, FFT3D_BACKEND_GPU | FFT3D_MEASURE),
            FFT3D_SUCCESS)
      << fft3d_last_error_message();
  std::string text = describe(plan);
  EXPECT_TRUE(contains(text, ", tuned with shared columns ")) << text;
  const std::optional<std::string> verdict = wisdom.lookup(gpu, key);
  ASSERT_TRUE(verdict.has_value()) << text;
  EXPECT_TRUE(parse_plan_source(*verdict).has_value()) << *verdict;
  expect_matches_fftw(plan, false);
  fft3d_plan_destroy(plan);

  for (const char* source : {"tuned", "shared-columns"}) {
    wisdom.remember({gpu, key, source, 0.05});
    ASSERT_EQ(fft3d_plan_create_3d(&plan, kNx, kNy, kNz, FFT3D_C2C_F32, FFT3D_BACKEND_GPU), FFT3D_SUCCESS)
        << fft3d_last_error_message();
    text = describe(plan);
    EXPECT_EQ(variant_on(text, "pass z: n=" + std::to_string(kNz) + " "), *source == 't' ? own : *shared) << text;
    expect_matches_fftw(plan, false);
    fft3d_plan_destroy(plan);
  }
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
}

}  // namespace
}  // namespace fft3d
