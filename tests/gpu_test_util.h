// Helpers for tests that need a GPU: skip cleanly without one.
#pragma once
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <string>

#include "fft3d.h"
#include "gpu/device.h"

#define FFT3D_REQUIRE_GPU()                                     \
  do {                                                          \
    if (!::fft3d::gpu_present()) GTEST_SKIP() << "no CUDA device"; \
  } while (0)

#define CUDA_OK(call) ASSERT_EQ((call), cudaSuccess) << #call

namespace fft3d_test {

// A plan's description (fft3d_plan_describe), for tests that check which
// passes and choices it names.
inline std::string describe(fft3d_plan plan) {
  char text[8192];
  EXPECT_EQ(fft3d_plan_describe(plan, text, sizeof text, nullptr), FFT3D_SUCCESS);
  return text;
}

}  // namespace fft3d_test
