// The pass order on the GPU (label gpu): plans forced to each order by
// FFT3D_PASS_ORDER say which passes run reversed and match FFTW forward and
// inverse (separate passes, and five-step columns); a MEASURE plan times
// both orders and writes a "pass-order" verdict that later ESTIMATE plans
// take. Skips without a device.
#include <gtest/gtest.h>

#include <complex>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "fft3d.h"
#include "fft3d/pass_order.h"
#include "gpu_test_util.h"
#include "gpu_plan_check.h"
#include "oracle.h"
#include "tune/device_signature.h"
#include "tune/pass_order_choice.h"

namespace fft3d {
namespace {

using fft3d_test::describe;

// A forward and an inverse of random data by `plan` against FFTW.
void expect_matches_fftw(fft3d_plan plan, int nx, int ny, int nz) {
  for (int sign : {-1, +1}) fft3d_test::expect_plan_matches_fftw<float>(plan, nx, ny, nz, sign);
}

TEST(GpuPassOrder, EachOrderMatchesFFTW) {
  FFT3D_REQUIRE_GPU();
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
  setenv("FFT3D_XY_PASS", "separate", 1);  // X then Y: Y reverses when alternating
  for (const char* columns : {"one-pass", "five-step"})
    for (PassOrder order : {PassOrder::in_order, PassOrder::alternating}) {
      setenv("FFT3D_COLUMN_METHOD", columns, 1);
      setenv("FFT3D_PASS_ORDER", pass_order_name(order), 1);
      fft3d_plan plan = nullptr;
      const fft3d_status made = fft3d_plan_create_3d(&plan, 64, 48, 40, FFT3D_C2C_F32, FFT3D_BACKEND_GPU);
      ASSERT_EQ(made, FFT3D_SUCCESS) << fft3d_last_error_message();
      const std::string text = describe(plan);
      const std::string what = std::string(columns) + " " + pass_order_name(order) + "\n" + text;
      EXPECT_EQ(text.find("reversed") != std::string::npos, order == PassOrder::alternating) << what;
      EXPECT_NE(text.find("(FFT3D_PASS_ORDER)"), std::string::npos) << what;
      expect_matches_fftw(plan, 64, 48, 40);
      fft3d_plan_destroy(plan);
    }
  unsetenv("FFT3D_COLUMN_METHOD");
  unsetenv("FFT3D_PASS_ORDER");
  setenv("FFT3D_PASS_ORDER", "upside-down", 1);
  fft3d_plan plan = nullptr;
  EXPECT_EQ(fft3d_plan_create_3d(&plan, 64, 48, 40, FFT3D_C2C_F32, FFT3D_BACKEND_GPU), FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(plan, nullptr);
  unsetenv("FFT3D_PASS_ORDER");
  unsetenv("FFT3D_XY_PASS");
}

TEST(GpuPassOrder, MeasureWritesAVerdictThatEstimateTakes) {
  FFT3D_REQUIRE_GPU();
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_3d(&plan, 64, 48, 40, FFT3D_C2C_F32, FFT3D_BACKEND_GPU | FFT3D_MEASURE),
            FFT3D_SUCCESS)
      << fft3d_last_error_message();
  EXPECT_NE(describe(plan).find("pass order chosen by timing"), std::string::npos) << describe(plan);
  expect_matches_fftw(plan, 64, 48, 40);
  fft3d_plan_destroy(plan);
  const std::optional<std::string> verdict = process_wisdom().lookup(
      device_signature(current_device_info()), pass_order_key(64, 48, 40, Precision::f32));
  ASSERT_TRUE(verdict);
  ASSERT_TRUE(parse_pass_order(*verdict)) << *verdict;

  ASSERT_EQ(fft3d_plan_create_3d(&plan, 64, 48, 40, FFT3D_C2C_F32, FFT3D_BACKEND_GPU), FFT3D_SUCCESS)
      << fft3d_last_error_message();
  EXPECT_NE(describe(plan).find("pass order from wisdom: " + *verdict), std::string::npos) << describe(plan);
  expect_matches_fftw(plan, 64, 48, 40);
  fft3d_plan_destroy(plan);
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
}

}  // namespace
}  // namespace fft3d
