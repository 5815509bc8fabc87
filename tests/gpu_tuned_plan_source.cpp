// The GPU tests check what MEASURE plans record. On their small grids the
// whole-plan check (tune/plan_source_choice.h) could swap a tuned plan for
// the ESTIMATE's on timing noise (64x48x20 R2C: tuned 0.0214 ms, ESTIMATE
// 0.0206), so the test binary keeps the tuned plan, however it is run,
// unless FFT3D_PLAN_SOURCE is set already; GpuPlanSource tests the check.
#include <gtest/gtest.h>

#include <cstdlib>

namespace {

class TunedPlanSource : public ::testing::Environment {
 public:
  void SetUp() override { setenv("FFT3D_PLAN_SOURCE", "tuned", /*overwrite=*/0); }
};

const ::testing::Environment* const kTunedPlanSource = ::testing::AddGlobalTestEnvironment(new TunedPlanSource);

}  // namespace
