// Whether a 3-D plan under MEASURE keeps the tuned plan, that plan with its
// columns on the shared entries, or the ESTIMATE's (tune/plan_source_choice.h):
// the "plan-source" and "plan-source-real" wisdom entries (round trip,
// malformed values rejected) and the decision (FFT3D_PLAN_SOURCE, then
// wisdom, timed under MEASURE and EXHAUSTIVE with a fake timer, the tuned
// plan under ESTIMATE). No device needed.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "common/error.h"
#include "tune/plan_source_choice.h"
#include "tune/wisdom.h"
#include "wisdom_verdict_check.h"

namespace fft3d {
namespace {

const DeviceSignature kGpu{"Test GPU", 100, 9, 0, 13000, 13000};

TEST(PlanSourceWisdom, KeysRoundTripAndMalformedValues) {
  const PassKey complex = plan_source_key(512, 512, 256, Precision::f64, false);
  const PassKey real = plan_source_key(512, 512, 256, Precision::f64, true);
  EXPECT_EQ(complex.kind, "plan-source");
  EXPECT_EQ(real.kind, "plan-source-real");
  EXPECT_EQ(complex.ny, 512);
  EXPECT_EQ(complex.planes, 256);
  const PassKey other_grid = plan_source_key(512, 512, 512, Precision::f64, true);
  fft3d_test::expect_verdict_round_trip(kGpu, complex, "tuned", "fastest", {real, other_grid});
  fft3d_test::expect_verdict_round_trip(kGpu, real, "estimate", "Estimate", {complex, other_grid});
  fft3d_test::expect_verdict_round_trip(kGpu, complex, "shared-columns", "shared", {real, other_grid});
  for (PlanSource source : {PlanSource::tuned, PlanSource::estimate, PlanSource::shared_columns})
    EXPECT_EQ(parse_plan_source(plan_source_name(source)), source);
  EXPECT_EQ(parse_plan_source("shared-columns"), PlanSource::shared_columns);
  EXPECT_FALSE(parse_plan_source("Estimate"));
  EXPECT_FALSE(parse_plan_source("shared_columns"));
}

// A plan timer with fixed times for each source that logs its calls; by
// default the shared columns' plan is the tuned one (not timed).
struct FakeTimer {
  double tuned_ms = 1.0, estimate_ms = 1.0;
  std::optional<double> shared_ms;
  std::vector<PlanSource> calls;
  PlanSourceTimer function() {
    return [this](PlanSource source) -> std::optional<double> {
      calls.push_back(source);
      switch (source) {
        case PlanSource::tuned:
          return tuned_ms;
        case PlanSource::estimate:
          return estimate_ms;
        case PlanSource::shared_columns:
          return shared_ms;
      }
      return std::nullopt;
    };
  }
};

const std::vector<PlanSource> kTimingOrder = {PlanSource::tuned, PlanSource::shared_columns, PlanSource::estimate};

class PlanSourceChoiceTest : public ::testing::Test {
 protected:
  PlanSourceChoice choose(TuneMode mode, std::optional<PlanSource> forced = std::nullopt) {
    return choose_plan_source(forced, mode, wisdom_, kGpu, key_, timer_.function());
  }
  PassKey key_ = plan_source_key(512, 512, 512, Precision::f64, true);
  Wisdom wisdom_;
  FakeTimer timer_;
};

TEST_F(PlanSourceChoiceTest, MeasureKeepsAFasterEstimateAndRemembersIt) {
  // The H200's 512^3 f64 C2R: the tuned passes 2.114 ms, the ESTIMATE's 1.856.
  timer_.tuned_ms = 2.114;
  timer_.estimate_ms = 1.856;
  const PlanSourceChoice c = choose(TuneMode::measure);
  EXPECT_EQ(c.source, PlanSource::estimate);
  EXPECT_EQ(timer_.calls, kTimingOrder);
  EXPECT_EQ(wisdom_.lookup(kGpu, key_), std::string("estimate"));
  EXPECT_NE(c.note.find("whole plan chosen by timing: tuned 2.114 ms, ESTIMATE 1.856 ms; ESTIMATE kept"),
            std::string::npos)
      << c.note;
  // Later plans, ESTIMATE ones too, take the verdict without timing.
  timer_.calls.clear();
  for (TuneMode mode : {TuneMode::estimate, TuneMode::measure, TuneMode::exhaustive}) {
    const PlanSourceChoice again = choose(mode);
    EXPECT_EQ(again.source, PlanSource::estimate);
    EXPECT_NE(again.note.find("whole plan from wisdom: the ESTIMATE's"), std::string::npos) << again.note;
  }
  EXPECT_TRUE(timer_.calls.empty());
}

TEST_F(PlanSourceChoiceTest, MeasureKeepsFasterSharedColumnsAndRemembersThem) {
  // The H200's R2C 300^3 f32, forward + inverse: Z on its own stride's
  // entry 0.4204 ms, on the shared one 0.4148, the ESTIMATE's 0.4779.
  timer_.tuned_ms = 0.4204;
  timer_.shared_ms = 0.4148;
  timer_.estimate_ms = 0.4779;
  const PlanSourceChoice c = choose(TuneMode::measure);
  EXPECT_EQ(c.source, PlanSource::shared_columns);
  EXPECT_EQ(timer_.calls, kTimingOrder);
  EXPECT_EQ(wisdom_.lookup(kGpu, key_), std::string("shared-columns"));
  EXPECT_EQ(c.note,
            "whole plan chosen by timing: tuned 0.4204 ms, tuned with shared columns 0.4148 ms, ESTIMATE 0.4779 ms; "
            "tuned with shared columns kept");
  timer_.calls.clear();
  for (TuneMode mode : {TuneMode::estimate, TuneMode::measure}) {
    const PlanSourceChoice again = choose(mode);
    EXPECT_EQ(again.source, PlanSource::shared_columns);
    EXPECT_EQ(again.note, "whole plan from wisdom: tuned, its column passes on the entries their lengths share");
  }
  EXPECT_TRUE(timer_.calls.empty());
}

// Each source is kept only where it ran faster than those timed before it:
// ties go to the tuned plan, then to the shared columns.
TEST_F(PlanSourceChoiceTest, TiesKeepTheEarlierSource) {
  struct Case {
    double tuned, shared, estimate;
    PlanSource kept;
  };
  for (const Case& k : {Case{0.5, 0.5, 0.6, PlanSource::tuned}, Case{0.5, 0.4, 0.4, PlanSource::shared_columns},
                        Case{0.5, 0.45, 0.4, PlanSource::estimate}, Case{0.5, 0.6, 0.5, PlanSource::tuned}}) {
    Wisdom fresh;
    timer_.tuned_ms = k.tuned;
    timer_.shared_ms = k.shared;
    timer_.estimate_ms = k.estimate;
    EXPECT_EQ(choose_plan_source(std::nullopt, TuneMode::measure, fresh, kGpu, key_, timer_.function()).source,
              k.kept)
        << k.tuned << " " << k.shared << " " << k.estimate;
    EXPECT_EQ(fresh.lookup(kGpu, key_), std::string(plan_source_name(k.kept)));
  }
}

TEST_F(PlanSourceChoiceTest, FasterOrTiedTunedPlanIsKept) {
  for (double estimate_ms : {0.52, 0.50}) {  // slower, then tied
    Wisdom fresh;
    timer_.tuned_ms = 0.50;
    timer_.estimate_ms = estimate_ms;
    const PlanSourceChoice c =
        choose_plan_source(std::nullopt, TuneMode::exhaustive, fresh, kGpu, key_, timer_.function());
    EXPECT_EQ(c.source, PlanSource::tuned);
    EXPECT_EQ(fresh.lookup(kGpu, key_), std::string("tuned"));
    EXPECT_NE(c.note.find("; tuned kept"), std::string::npos) << c.note;
  }
  wisdom_.remember({kGpu, key_, "tuned", 0.5});
  EXPECT_EQ(choose(TuneMode::measure).note, "whole plan from wisdom: tuned");
}

TEST_F(PlanSourceChoiceTest, EstimateWithoutVerdictKeepsThePlanAsBuilt) {
  const PlanSourceChoice c = choose(TuneMode::estimate);
  EXPECT_EQ(c.source, PlanSource::tuned);
  EXPECT_TRUE(c.note.empty());
  EXPECT_TRUE(timer_.calls.empty());
  EXPECT_EQ(wisdom_.size(), 0u);
}

TEST_F(PlanSourceChoiceTest, TheEnvironmentComesFirst) {
  wisdom_.remember({kGpu, key_, "tuned", 1.0});
  for (PlanSource forced : {PlanSource::estimate, PlanSource::tuned, PlanSource::shared_columns}) {
    const PlanSourceChoice c = choose(TuneMode::measure, forced);
    EXPECT_EQ(c.source, forced);
    EXPECT_EQ(c.note, std::string("whole plan ") + plan_source_name(forced) + " (FFT3D_PLAN_SOURCE)");
  }
  EXPECT_TRUE(timer_.calls.empty());
  EXPECT_EQ(wisdom_.lookup(kGpu, key_), std::string("tuned"));
}

TEST_F(PlanSourceChoiceTest, AnUnknownVerdictIsIgnored) {
  // Wisdom's import rejects other values; one remembered in process is
  // still only taken when it names a source.
  wisdom_.remember({kGpu, key_, "fastest", 1.0});
  timer_.tuned_ms = 0.9;
  timer_.estimate_ms = 1.0;
  EXPECT_EQ(choose(TuneMode::measure).source, PlanSource::tuned);
  EXPECT_EQ(timer_.calls, kTimingOrder);
  EXPECT_EQ(wisdom_.lookup(kGpu, key_), std::string("tuned"));
}

}  // namespace
}  // namespace fft3d
