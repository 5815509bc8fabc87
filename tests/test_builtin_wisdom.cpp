// The wisdom the library ships (wisdom/*.json): every file parses, names
// variants that fit and fused kernels that match FFTW on the executor, and
// ESTIMATE plans take it only for the grids and the GPU model it was
// measured on, under the process's own wisdom.
#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <string>

#include "common/error.h"
#include "fft3d/grid_schedule.h"
#include "oracle.h"
#include "tune/builtin_wisdom.h"
#include "tune/candidates.h"
#include "tune/plan_source_choice.h"
#include "tune/tune_schedule.h"
#include "xy_complex_run.h"
#include "xy_real_run.h"

namespace fft3d {
namespace {

TEST(BuiltinWisdom, EveryShippedFileParses) {
  ASSERT_GE(kBuiltinWisdomFileCount, 1);
  size_t entries = 0;
  for (int i = 0; i < kBuiltinWisdomFileCount; ++i) {
    Wisdom w;
    EXPECT_NO_THROW(w.import_json(kBuiltinWisdomFiles[i].text)) << kBuiltinWisdomFiles[i].name;
    EXPECT_GT(w.size(), 0u) << kBuiltinWisdomFiles[i].name;
    entries += w.size();
  }
  EXPECT_EQ(builtin_wisdom().size(), entries);  // no two files share a GPU model
}

// Every grid verdict comes with the whole-plan verdict (its complex or real
// plan's) that lets an ESTIMATE plan use it; every pass's variant is one a
// plan takes (parses, factors its length, fits); every fused variant is
// valid and transforms a plane like FFTW on the executor: complex planes,
// the R2C forward's and the C2R inverse's.
TEST(BuiltinWisdom, ShippedVariantsFitAndFusedOnesMatchFftw) {
  const DeviceLimits hopper;
  int fused = 0;
  for (const WisdomEntry& e : builtin_wisdom().entries()) {
    const PassKey& k = e.pass;
    const std::string what = e.device.name + " " + k.kind + " " + std::to_string(k.n) + " " + e.variant;
    const bool f32 = k.precision == Precision::f32;
    if (k.ny > 0) {
      const bool real = k.kind.find("real") != std::string::npos;
      EXPECT_TRUE(builtin_wisdom().lookup(e.device, plan_source_key(k.n, k.ny, k.planes, k.precision, real))) << what;
    }
    const VariantPreference shipped = wisdom_variants(builtin_wisdom(), e.device, k.precision);
    if ((k.kind == "rows" || k.kind == "real-rows" || k.kind == "columns") && k.stride == 0) {
      EXPECT_TRUE(valid_preference(shipped, k.kind, k.n, k.precision, hopper)) << what;
    } else if (k.kind == "five-step") {
      EXPECT_TRUE(valid_five_step_preference(shipped, k.n, hopper)) << what;
    } else if (k.kind == "columns") {  // a pass's own best at its stride (the tuner's record)
      Candidate c;
      ASSERT_NO_THROW(c = parse_candidate(e.variant)) << what;
      int points = 1;
      for (int r : c.x.radices) points *= r;
      EXPECT_EQ(points, k.n) << what;
      EXPECT_TRUE(x_variant_fits(x_variant_facts(k.n, k.precision, c.x), hopper)) << what;
    } else if ((k.kind == "xy-plane" || k.kind == "xy-real-forward" || k.kind == "xy-real-inverse") &&
               e.variant != kSeparateXY && e.variant != kSplitXY && e.variant != kPlaneRowsXY) {
      XYVariant v;
      ASSERT_NO_THROW(v = parse_xy_variant(e.variant)) << what;
      ASSERT_TRUE(xy_variant_valid(k.n, k.ny, k.precision, v, hopper)) << what;
      const double bound = fft3d_test::fft_error_bound(f32, static_cast<double>(k.n) * k.ny);
      double error = 0;
      if (k.kind == "xy-plane")
        error = f32 ? run_xy_complex<float>(k.n, k.ny, 1, v, -1, BlockOrder::descending)
                    : run_xy_complex<double>(k.n, k.ny, 1, v, +1, BlockOrder::ascending);
      else if (k.kind == "xy-real-forward")  // two planes: real pairs fill one
        error = f32 ? run_real_xy<float>(k.n, k.ny, 2, v, BlockOrder::descending, 1)
                    : run_real_xy<double>(k.n, k.ny, 2, v, BlockOrder::ascending, 1);
      else
        error = f32 ? run_real_inverse<float>(k.n, k.ny, 1, v, BlockOrder::descending, false)
                    : run_real_inverse<double>(k.n, k.ny, 1, v, BlockOrder::ascending, false);
      EXPECT_LT(error, bound) << what;
      ++fused;
    }
  }
  EXPECT_GT(fused, 0);
}

const DeviceSignature kModel{"NVIDIA H200", 132, 9, 0, 13000, 13000};
const PassKey kVerdict = plan_source_key(256, 256, 256, Precision::f32, false);
const PassKey kRows{"rows", 256, Precision::f32};

Wisdom& shipped_example() {
  static Wisdom w;
  if (w.size() == 0) {
    w.remember({kModel, kVerdict, "tuned", 0.16});
    w.remember({kModel, kRows, "r16-16.t16.rows16.pad-gap.tw-sincos.mb2", 0.07});
    w.remember({DeviceSignature{"NVIDIA H100 80GB HBM3", 132, 9, 0, 13000, 13000}, {"rows", 512, Precision::f32},
                "r8-8-8.t64.rows4.pad-none.tw-sincos.mb3", 0.5});
  }
  return w;
}

TEST(BuiltinWisdom, TakenForItsGridOnTheSameModelWhateverTheDriver) {
  const Wisdom own;
  DeviceSignature newer = kModel;
  newer.driver = 13020;
  newer.runtime = 13010;
  const std::unique_ptr<Wisdom> w = wisdom_with_builtin(own, shipped_example(), newer, kVerdict);
  ASSERT_TRUE(w);
  EXPECT_EQ(w->lookup(newer, kVerdict), std::optional<std::string>("tuned"));
  EXPECT_EQ(w->lookup(newer, kRows), std::optional<std::string>("r16-16.t16.rows16.pad-gap.tw-sincos.mb2"));
  EXPECT_EQ(w->size(), 2u);  // the other model's entry is left out
  EXPECT_FALSE(w->lookup(kModel, kRows));  // signed as the device the plan is for
}

TEST(BuiltinWisdom, NotTakenForOtherGridsModelsOrWhereTheProcessHasAVerdict) {
  const Wisdom none;
  DeviceSignature fewer_sms = kModel;
  fewer_sms.sm_count = 114;
  EXPECT_FALSE(wisdom_with_builtin(none, shipped_example(), fewer_sms, kVerdict));
  DeviceSignature other = kModel;
  other.name = "NVIDIA H100 80GB HBM3";
  EXPECT_FALSE(wisdom_with_builtin(none, shipped_example(), other, kVerdict));
  EXPECT_FALSE(wisdom_with_builtin(none, shipped_example(), kModel,
                                   plan_source_key(256, 256, 128, Precision::f32, false)));
  EXPECT_FALSE(wisdom_with_builtin(none, shipped_example(), kModel,
                                   plan_source_key(256, 256, 256, Precision::f32, true)));
  Wisdom own;
  own.remember({kModel, kVerdict, "estimate", 0.17});
  EXPECT_FALSE(wisdom_with_builtin(own, shipped_example(), kModel, kVerdict));
}

TEST(BuiltinWisdom, TheProcessesOwnEntriesWinAndStayAsTheyAre) {
  Wisdom own;
  own.remember({kModel, kRows, "r16-16.t16.rows8.pad-none.tw-table.mb0", 0.08});
  const std::unique_ptr<Wisdom> w = wisdom_with_builtin(own, shipped_example(), kModel, kVerdict);
  ASSERT_TRUE(w);
  EXPECT_EQ(w->lookup(kModel, kRows), std::optional<std::string>("r16-16.t16.rows8.pad-none.tw-table.mb0"));
  EXPECT_EQ(w->lookup(kModel, kVerdict), std::optional<std::string>("tuned"));
  EXPECT_EQ(own.size(), 1u);
  EXPECT_FALSE(own.lookup(kModel, kVerdict));
}

TEST(BuiltinWisdom, OffWhereTheEnvironmentSaysZero) {
  unsetenv("FFT3D_BUILTIN_WISDOM");
  EXPECT_TRUE(builtin_wisdom_enabled());
  setenv("FFT3D_BUILTIN_WISDOM", "0", 1);
  EXPECT_FALSE(builtin_wisdom_enabled());
  setenv("FFT3D_BUILTIN_WISDOM", "1", 1);
  EXPECT_TRUE(builtin_wisdom_enabled());
  unsetenv("FFT3D_BUILTIN_WISDOM");
}

}  // namespace
}  // namespace fft3d
