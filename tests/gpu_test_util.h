// Helpers for tests that need a GPU: skip cleanly without one.
#pragma once
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include "gpu/device.h"

#define FFT3D_REQUIRE_GPU()                                     \
  do {                                                          \
    if (!::fft3d::gpu_present()) GTEST_SKIP() << "no CUDA device"; \
  } while (0)

#define CUDA_OK(call) ASSERT_EQ((call), cudaSuccess) << #call
