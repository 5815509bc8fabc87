// The scopes that steer which wisdom GPU plans are built from
// (fft3d/gpu_plan_common.h), without a device: WisdomInUse and
// WisdomSetAside pick the wisdom, OwnColumnsSetAside makes column passes
// take their length's shared entry instead of their own stride's (the
// whole-plan check's shared columns). Scopes nest, restore what they found,
// and hold on their own thread only.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <thread>

#include "fft3d/gpu_plan_common.h"
#include "tune/wisdom.h"

namespace fft3d {
namespace {

constexpr int kN = 40;
constexpr long long kZStride = 64 * 48;
const char* const kShared = "r2-2-2-5.t10.rows2.pad-gap.tw-sincos.mb0.cols.xb2";
const char* const kOwn = "r2-2-2-5.t10.rows2.pad-none.tw-sincos.mb0.cols";

DeviceInfo test_device() {
  DeviceInfo d;
  d.name = "Test GPU";
  d.cc_major = 9;
  d.sm_count = 132;
  d.shared_bytes_per_block_optin = 232448;
  d.l2_bytes = 50 << 20;
  return d;
}

// The column variant a plan built now would take for a Z pass of kN points
// at kZStride ("" where wisdom names none).
std::string z_columns() {
  const std::optional<PreferredVariant> v = variant_preference(test_device(), Precision::f32)("columns", kN, kZStride);
  return v ? v->x.name() : "";
}

class PlanWisdomScopes : public ::testing::Test {
 protected:
  void SetUp() override {
    const DeviceSignature gpu = signature_of(test_device());
    wisdom_.remember({gpu, PassKey{"columns", kN, Precision::f32, 0}, kShared, 0.02});
    wisdom_.remember({gpu, PassKey{"columns", kN, Precision::f32, kZStride}, kOwn, 0.01});
  }
  Wisdom wisdom_;
};

TEST_F(PlanWisdomScopes, WisdomInUseAndSetAsidePickTheWisdom) {
  {
    WisdomInUse use(&wisdom_);
    EXPECT_EQ(&plan_wisdom(), &wisdom_);
    EXPECT_EQ(z_columns(), kOwn);
    {
      WisdomSetAside none;
      EXPECT_NE(&plan_wisdom(), &wisdom_);
      EXPECT_EQ(plan_wisdom().size(), 0u);
      EXPECT_EQ(z_columns(), "");
    }
    EXPECT_EQ(&plan_wisdom(), &wisdom_);  // restored
    WisdomInUse unchanged(nullptr);
    EXPECT_EQ(&plan_wisdom(), &wisdom_);
  }
  EXPECT_EQ(&plan_wisdom(), &process_wisdom());
}

TEST_F(PlanWisdomScopes, OwnColumnsSetAsideTakesTheSharedEntry) {
  WisdomInUse use(&wisdom_);
  EXPECT_EQ(z_columns(), kOwn);
  {
    OwnColumnsSetAside shared;
    EXPECT_EQ(z_columns(), kShared);
    {
      OwnColumnsSetAside nested;
      EXPECT_EQ(z_columns(), kShared);
    }
    EXPECT_EQ(z_columns(), kShared);  // the outer scope still holds
    // Another thread builds with its own scopes: the own entry there.
    std::string other;
    std::thread([&] {
      WisdomInUse there(&wisdom_);
      other = z_columns();
    }).join();
    EXPECT_EQ(other, kOwn);
  }
  EXPECT_EQ(z_columns(), kOwn);
}

}  // namespace
}  // namespace fft3d
