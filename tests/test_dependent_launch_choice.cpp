// Whether a 3-D plan launches its kernels as programmatic dependents, as a
// choice (tune/dependent_launch_choice.h): the "dependent-launch" and
// "dependent-launch-real" wisdom entries (round trip, malformed values
// rejected) and the decision (unsupported device, FFT3D_PDL, wisdom, timed
// under MEASURE with a fake timer, the ESTIMATE rule). No device needed.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/error.h"
#include "tune/dependent_launch_choice.h"
#include "tune/wisdom.h"
#include "wisdom_verdict_check.h"

namespace fft3d {
namespace {

const DeviceSignature kGpu{"Test GPU", 100, 9, 0, 13000, 13000};

TEST(DependentLaunchWisdom, KeysRoundTripAndMalformedValues) {
  const PassKey complex = dependent_launch_key(256, 256, 128, Precision::f32, false);
  const PassKey real = dependent_launch_key(256, 256, 128, Precision::f32, true);
  EXPECT_EQ(complex.kind, "dependent-launch");
  EXPECT_EQ(real.kind, "dependent-launch-real");
  EXPECT_EQ(complex.ny, 256);
  EXPECT_EQ(complex.planes, 128);
  const PassKey other_grid = dependent_launch_key(256, 256, 256, Precision::f32, false);
  fft3d_test::expect_verdict_round_trip(kGpu, complex, "on", "yes", {real, other_grid});
  fft3d_test::expect_verdict_round_trip(kGpu, real, "off", "Off", {complex, other_grid});
}

// A plan timer with fixed times for each setting that logs its calls.
struct FakeTimer {
  double on_ms = 1.0, off_ms = 1.0;
  std::vector<bool> calls;
  DependentLaunchTimer function() {
    return [this](bool on) {
      calls.push_back(on);
      return on ? on_ms : off_ms;
    };
  }
};

class DependentLaunchChoiceTest : public ::testing::Test {
 protected:
  DependentLaunchChoice choose(TuneMode mode, bool estimate = false, std::optional<bool> forced = std::nullopt,
                               bool supported = true) {
    return choose_dependent_launch(supported, forced, estimate, mode, wisdom_, kGpu, key_, timer_.function());
  }
  PassKey key_ = dependent_launch_key(320, 320, 320, Precision::f64, false);
  Wisdom wisdom_;
  FakeTimer timer_;
};

TEST_F(DependentLaunchChoiceTest, MeasureTimesBothAndRemembersTheFaster) {
  timer_.on_ms = 1.18;
  timer_.off_ms = 1.15;
  const DependentLaunchChoice c = choose(TuneMode::measure, true);
  EXPECT_FALSE(c.on);
  EXPECT_EQ(timer_.calls, (std::vector<bool>{true, false}));
  EXPECT_EQ(wisdom_.lookup(kGpu, key_), std::string("off"));
  EXPECT_NE(c.note.find("dependent launch chosen by timing: on 1.18 ms, off 1.15 ms; off kept"), std::string::npos)
      << c.note;
  // Later plans, ESTIMATE ones too, take the verdict without timing.
  timer_.calls.clear();
  for (TuneMode mode : {TuneMode::estimate, TuneMode::measure, TuneMode::exhaustive}) {
    const DependentLaunchChoice again = choose(mode, true);
    EXPECT_FALSE(again.on);
    EXPECT_EQ(again.note, "dependent launch from wisdom: off");
  }
  EXPECT_TRUE(timer_.calls.empty());
}

TEST_F(DependentLaunchChoiceTest, FasterOnIsKeptAndATieKeepsTheEstimate) {
  timer_.on_ms = 0.2204;
  timer_.off_ms = 0.2222;
  EXPECT_TRUE(choose(TuneMode::exhaustive, false).on);
  EXPECT_EQ(wisdom_.lookup(kGpu, key_), std::string("on"));
  for (bool estimate : {false, true}) {
    Wisdom fresh;
    timer_.on_ms = timer_.off_ms = 0.5;
    EXPECT_EQ(choose_dependent_launch(true, std::nullopt, estimate, TuneMode::measure, fresh, kGpu, key_,
                                      timer_.function())
                  .on,
              estimate);
  }
}

TEST_F(DependentLaunchChoiceTest, EstimateTakesTheRuleWithoutTiming) {
  for (bool estimate : {false, true}) {
    const DependentLaunchChoice c = choose(TuneMode::estimate, estimate);
    EXPECT_EQ(c.on, estimate);
    EXPECT_TRUE(c.note.empty());
  }
  EXPECT_TRUE(timer_.calls.empty());
  EXPECT_EQ(wisdom_.size(), 0u);
}

TEST_F(DependentLaunchChoiceTest, EnvironmentAndDeviceComeFirst) {
  wisdom_.remember({kGpu, key_, "off", 1.0});
  const DependentLaunchChoice forced = choose(TuneMode::measure, false, true);
  EXPECT_TRUE(forced.on);
  EXPECT_EQ(forced.note, "dependent launch on (FFT3D_PDL)");
  // A device without it: off, whatever the environment, wisdom or mode say.
  const DependentLaunchChoice unsupported = choose(TuneMode::measure, true, true, false);
  EXPECT_FALSE(unsupported.on);
  EXPECT_TRUE(unsupported.note.empty());
  EXPECT_TRUE(timer_.calls.empty());
}

TEST_F(DependentLaunchChoiceTest, AnUnknownVerdictIsIgnored) {
  // Wisdom's import rejects other values; an entry remembered in process is
  // still only taken when it is on or off.
  wisdom_.remember({kGpu, key_, "sometimes", 1.0});
  timer_.on_ms = 0.9;
  timer_.off_ms = 1.0;
  const DependentLaunchChoice c = choose(TuneMode::measure);
  EXPECT_TRUE(c.on);
  EXPECT_EQ(timer_.calls.size(), 2u);
  EXPECT_EQ(wisdom_.lookup(kGpu, key_), std::string("on"));
}

}  // namespace
}  // namespace fft3d
