// Which plans launch their kernels as programmatic dependents
// (gpu/dependent_launch.h): Hopper and later, arrays within L2 only, unless
// FFT3D_PDL forces it. No device needed.
#include <gtest/gtest.h>

#include <cstdlib>

#include "gpu/dependent_launch.h"

namespace fft3d {
namespace {

DeviceInfo device_with(int cc_major) {
  DeviceInfo d;
  d.name = "test device";
  d.cc_major = cc_major;
  d.l2_bytes = 50LL << 20;
  return d;
}

TEST(DependentLaunch, WithinL2OnHopperAndLater) {
  unsetenv("FFT3D_PDL");
  const DeviceInfo hopper = device_with(9), ampere = device_with(8);
  EXPECT_TRUE(dependent_launch_pays(hopper, 16LL << 20));
  EXPECT_TRUE(dependent_launch_pays(hopper, hopper.l2_bytes));
  EXPECT_FALSE(dependent_launch_pays(hopper, hopper.l2_bytes + 1));
  EXPECT_FALSE(dependent_launch_pays(ampere, 16LL << 20));
}

// Beyond L2, a plan whose fused XY pass leaves no side planes (all passes on
// one stream) launches as dependents; others do not.
TEST(DependentLaunch, BeyondL2ForAFusedPassOnOneStream) {
  unsetenv("FFT3D_PDL");
  const DeviceInfo hopper = device_with(9), ampere = device_with(8);
  EXPECT_TRUE(dependent_launch_pays(hopper, 1LL << 30, true));
  EXPECT_FALSE(dependent_launch_pays(hopper, 1LL << 30, false));
  EXPECT_FALSE(dependent_launch_pays(ampere, 1LL << 30, true));
  ASSERT_EQ(setenv("FFT3D_PDL", "0", 1), 0);
  EXPECT_FALSE(dependent_launch_pays(hopper, 1LL << 30, true));
  unsetenv("FFT3D_PDL");
}

TEST(DependentLaunch, EnvironmentForcesItWhereTheDeviceHasIt) {
  const DeviceInfo hopper = device_with(9), ampere = device_with(8);
  ASSERT_EQ(setenv("FFT3D_PDL", "1", 1), 0);
  EXPECT_TRUE(dependent_launch_pays(hopper, 1LL << 30));
  EXPECT_FALSE(dependent_launch_pays(ampere, 1LL << 20));
  EXPECT_EQ(dependent_launch_forced(), true);
  ASSERT_EQ(setenv("FFT3D_PDL", "0", 1), 0);
  EXPECT_FALSE(dependent_launch_pays(hopper, 1LL << 20));
  EXPECT_EQ(dependent_launch_forced(), false);
  ASSERT_EQ(setenv("FFT3D_PDL", "maybe", 1), 0);  // neither: the rule
  EXPECT_FALSE(dependent_launch_forced());
  EXPECT_TRUE(dependent_launch_pays(hopper, 1LL << 20));
  unsetenv("FFT3D_PDL");
  EXPECT_FALSE(dependent_launch_forced());
  EXPECT_TRUE(dependent_launch_supported(hopper));
  EXPECT_FALSE(dependent_launch_supported(ampere));
}

}  // namespace
}  // namespace fft3d
