// How many planes a fused pass leaves to side passes, as a choice
// (tune/side_planes_choice.h): the candidates, the "side-planes",
// "side-planes-real" and "side-planes-real-inverse" wisdom entries (round
// trip, malformed values rejected) and the decision (FFT3D_SIDE_PLANES,
// wisdom, timed under MEASURE with a fake timer, the ESTIMATE rule). No
// device needed.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "common/error.h"
#include "tune/side_planes_choice.h"
#include "tune/wisdom.h"
#include "wisdom_verdict_check.h"

namespace fft3d {
namespace {

const DeviceSignature kGpu{"Test GPU", 100, 9, 0, 13000, 13000};

TEST(SidePlanesChoice, Candidates) {
  EXPECT_EQ(side_plane_candidates(512, 42), (std::vector<int>{0, 32, 42, 64, 85}));
  EXPECT_EQ(side_plane_candidates(96, 0), (std::vector<int>{0, 6, 8, 12, 16}));
  EXPECT_EQ(side_plane_candidates(8, 0), (std::vector<int>{0, 1}));
  EXPECT_EQ(side_plane_candidates(1, 0), (std::vector<int>{0}));  // a 2-D grid: nothing to give
}

TEST(SidePlanesChoice, WisdomRoundTripAndMalformedValues) {
  const PassKey keys[] = {side_planes_key(512, 512, 512, Precision::f32),
                          side_planes_key(512, 512, 512, Precision::f32, true),
                          side_planes_key(512, 512, 512, Precision::f32, true, true)};
  EXPECT_EQ(keys[0].kind, "side-planes");
  EXPECT_EQ(keys[1].kind, "side-planes-real");
  EXPECT_EQ(keys[2].kind, "side-planes-real-inverse");
  for (const PassKey& key : keys) {
    EXPECT_EQ(key.ny, 512);
    EXPECT_EQ(key.planes, 512);
    std::vector<PassKey> others;  // each kind's verdict is its own
    for (const PassKey& other : keys)
      if (other.kind != key.kind) others.push_back(other);
    fft3d_test::expect_verdict_round_trip(kGpu, key, "42", "-4", others);
  }
}

class SidePlanesChoiceTest : public ::testing::Test {
 protected:
  // Fixed times per count (1.0 ms for others), every call logged.
  std::map<int, double> ms;
  std::vector<int> calls;
  Wisdom wisdom;
  const PassKey key = side_planes_key(400, 400, 400, Precision::f32);

  SidePlanesChoice choose(TuneMode mode, int estimate, std::optional<int> forced = std::nullopt) {
    return choose_side_planes(forced, estimate, 400, mode, wisdom, kGpu, key, [this](int planes) {
      calls.push_back(planes);
      return ms.count(planes) ? ms[planes] : 1.0;
    });
  }
};

TEST_F(SidePlanesChoiceTest, EstimateTakesTheRuleAndTimesNothing) {
  const SidePlanesChoice c = choose(TuneMode::estimate, 33);
  EXPECT_EQ(c.planes, 33);
  EXPECT_TRUE(c.note.empty());
  EXPECT_TRUE(calls.empty());
  EXPECT_EQ(wisdom.size(), 0u);
}

TEST_F(SidePlanesChoiceTest, MeasureKeepsTheFastestAndRemembersIt) {
  ms = {{0, 1.02}, {25, 1.1}, {33, 1.05}, {50, 0.95}, {66, 0.97}};
  const SidePlanesChoice c = choose(TuneMode::measure, 33);
  EXPECT_EQ(c.planes, 50);
  EXPECT_EQ(calls, (std::vector<int>{33, 0, 25, 50, 66}));  // the estimate first, each once
  EXPECT_NE(c.note.find("50 kept"), std::string::npos) << c.note;
  EXPECT_NE(c.note.find(" 33 1.05 ms,"), std::string::npos) << c.note;  // the estimate's own time, after faster ones
  EXPECT_EQ(wisdom.lookup(kGpu, key), std::string("50"));
  // A later ESTIMATE plan takes the verdict without timing.
  calls.clear();
  const SidePlanesChoice later = choose(TuneMode::estimate, 33);
  EXPECT_EQ(later.planes, 50);
  EXPECT_TRUE(calls.empty());
  EXPECT_NE(later.note.find("from wisdom"), std::string::npos);
}

TEST_F(SidePlanesChoiceTest, TiesKeepTheEstimate) {
  const SidePlanesChoice c = choose(TuneMode::measure, 33);  // every count 1.0 ms
  EXPECT_EQ(c.planes, 33);
}

TEST_F(SidePlanesChoiceTest, ForcedWinsAndVerdictsOutOfRangeAreIgnored) {
  wisdom.remember({kGpu, key, "50", 0.9});
  EXPECT_EQ(choose(TuneMode::measure, 33, 7).planes, 7);
  EXPECT_TRUE(calls.empty());
  wisdom.remember({kGpu, key, "400", 0.9});  // not below nz: as if absent
  EXPECT_EQ(choose(TuneMode::estimate, 33).planes, 33);
}

}  // namespace
}  // namespace fft3d
