// Which problems the GPU backend has a schedule for (gpu_schedule_exists):
// the automatic backend gives the others to the CPU. Pure schedule
// building, no device needed.
#include <gtest/gtest.h>

#include "fft3d/gpu_schedule_support.h"

namespace fft3d {
namespace {

TEST(GpuScheduleSupport, SizesAndLengthsTheGpuBackendTakes) {
  const DeviceLimits limits;
  EXPECT_TRUE(gpu_schedule_exists(make_3d_problem(64, 64, 64, FFT3D_C2C_F32), limits));
  EXPECT_TRUE(gpu_schedule_exists(make_3d_problem(343, 100, 7, FFT3D_C2C_F64), limits));
  EXPECT_TRUE(gpu_schedule_exists(make_batched_problem(4096, 10, FFT3D_C2C_F32), limits));
  EXPECT_TRUE(gpu_schedule_exists(make_batched_problem(1, 10, FFT3D_C2C_F32), limits));
  // A prime factor of 11 or 13 along any axis: no GPU kernel.
  EXPECT_FALSE(gpu_schedule_exists(make_3d_problem(11, 11, 11, FFT3D_C2C_F32), limits));
  EXPECT_FALSE(gpu_schedule_exists(make_3d_problem(64, 64, 22, FFT3D_C2C_F64), limits));
  EXPECT_FALSE(gpu_schedule_exists(make_batched_problem(13, 10, FFT3D_C2C_F32), limits));
  EXPECT_FALSE(gpu_schedule_exists(make_3d_problem(33, 8, 8, FFT3D_R2C_F32), limits));
  // Real rows: even ones beyond a block on clusters; odd ones beyond a
  // block, and even ones beyond a cluster, have no GPU plan.
  EXPECT_TRUE(gpu_schedule_exists(make_3d_problem(65536, 4, 4, FFT3D_R2C_F32), limits));
  EXPECT_FALSE(gpu_schedule_exists(make_batched_problem(59049, 2, FFT3D_R2C_F32), limits));
  EXPECT_FALSE(gpu_schedule_exists(make_batched_problem(1 << 18, 2, FFT3D_R2C_F64), limits));
  DeviceLimits no_clusters = limits;
  no_clusters.max_cluster = 0;
  EXPECT_FALSE(gpu_schedule_exists(make_3d_problem(65536, 4, 4, FFT3D_R2C_F32), no_clusters));
  // Complex rows of that length take long rows there.
  EXPECT_TRUE(gpu_schedule_exists(make_batched_problem(65536, 4, FFT3D_C2C_F32), no_clusters));
}

}  // namespace
}  // namespace fft3d
