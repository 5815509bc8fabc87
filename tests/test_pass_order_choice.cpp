// The pass order as data and as a choice: which passes each order reverses
// and how the schedule describes them; the "pass-order" wisdom entry (round
// trip, malformed entries rejected); FFT3D_PASS_ORDER; and the decision
// (forced, wisdom, timed under MEASURE with a fake timer, ESTIMATE default).
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "common/error.h"
#include "fft3d/grid_schedule.h"
#include "fft3d/pass_order.h"
#include "tune/pass_order_choice.h"
#include "tune/wisdom.h"

namespace fft3d {
namespace {

const DeviceSignature kGpu{"Test GPU", 100, 9, 0, 13000, 13000};
const DeviceSignature kOtherGpu{"Other GPU", 100, 9, 0, 13000, 13000};

// The sweeps' directions, pass by pass: "x-" in order, "y+" reversed; a
// five-step pass shows A and B ("yA+B-").
std::string directions(const std::vector<GridPass>& passes) {
  std::string s;
  for (const GridPass& p : passes) {
    s += p.is_fused_xy() ? std::string("p") : std::string(1, p.axis);
    if (p.is_five_step())
      s += std::string("A") + (p.reversed ? "+" : "-") + "B" + (p.reversed_b ? "+" : "-");
    else
      s += p.reversed ? "+" : "-";
    s += " ";
  }
  return s;
}

std::string ordered(int nx, int ny, int nz, PassOrder order, ColumnMethod method = ColumnMethod::automatic,
                    PlaneMethod planes = PlaneMethod::separate) {
  std::vector<GridPass> passes =
      make_grid_schedule(nx, ny, nz, Precision::f32, DeviceLimits{}, method, {}, planes);
  apply_pass_order(passes, order);
  return directions(passes);
}

TEST(PassOrder, NamesRoundTrip) {
  for (PassOrder o : {PassOrder::in_order, PassOrder::alternating}) EXPECT_EQ(parse_pass_order(pass_order_name(o)), o);
  EXPECT_EQ(std::string(pass_order_name(PassOrder::in_order)), "in-order");
  EXPECT_EQ(std::string(pass_order_name(PassOrder::alternating)), "alternating");
  EXPECT_FALSE(parse_pass_order("reversed"));
  EXPECT_FALSE(parse_pass_order(""));
  EXPECT_FALSE(parse_pass_order("In-Order"));
}

// X rows and Y columns both walk z upwards, so Y reverses after X; Z columns
// each span every plane, so they (and the fused pass) stay in order; the
// two sweeps of a five-step pass alternate between themselves.
TEST(PassOrder, AlternatingReversesWhereThePreviousPassEnded) {
  const ColumnMethod five = ColumnMethod::five_step;
  const PlaneMethod fused = PlaneMethod::fused;
  EXPECT_EQ(ordered(64, 48, 20, PassOrder::in_order), "x- y- z- ");
  EXPECT_EQ(ordered(64, 48, 20, PassOrder::alternating), "x- y+ z- ");
  EXPECT_EQ(ordered(16, 256, 16, PassOrder::alternating, five), "x- yA+B- zA-B+ ");
  EXPECT_EQ(ordered(16, 256, 16, PassOrder::in_order, five), "x- yA-B- zA-B- ");
  EXPECT_EQ(ordered(64, 48, 20, PassOrder::alternating, ColumnMethod::automatic, fused), "p- z- ");
  EXPECT_EQ(ordered(12, 64, 80, PassOrder::alternating, five, fused), "p- zA-B+ ");
  EXPECT_EQ(ordered(12, 10, 1, PassOrder::alternating), "x- y- ");  // one plane: Y spans it all
  EXPECT_EQ(ordered(1, 64, 3, PassOrder::alternating), "y- z- ");   // Y first, then Z
  EXPECT_EQ(ordered(7, 1, 5, PassOrder::alternating), "x- z- ");
  EXPECT_EQ(ordered(1, 1, 64, PassOrder::alternating, five), "zA-B+ ");
  EXPECT_EQ(ordered(1, 1, 1, PassOrder::alternating), "");
}

TEST(PassOrder, AnyReversedAndInOrderClears) {
  std::vector<GridPass> passes = make_grid_schedule(64, 48, 20, Precision::f32, DeviceLimits{});
  EXPECT_FALSE(any_reversed(passes));
  apply_pass_order(passes, PassOrder::alternating);
  EXPECT_TRUE(any_reversed(passes));
  apply_pass_order(passes, PassOrder::in_order);
  EXPECT_FALSE(any_reversed(passes));
  std::vector<GridPass> fused =
      make_grid_schedule(64, 48, 20, Precision::f32, DeviceLimits{}, ColumnMethod::automatic, {}, PlaneMethod::fused);
  apply_pass_order(fused, PassOrder::alternating);
  EXPECT_FALSE(any_reversed(fused));
}

TEST(PassOrder, DescribeSaysReversed) {
  std::vector<GridPass> passes = make_grid_schedule(16, 256, 16, Precision::f32, DeviceLimits{});
  apply_pass_order(passes, PassOrder::alternating);
  EXPECT_EQ(describe_pass(passes[0], Precision::f32).find("reversed"), std::string::npos);
  EXPECT_NE(describe_pass(passes[1], Precision::f32).find(" B shared/block, reversed, "), std::string::npos)
      << describe_pass(passes[1], Precision::f32);
  EXPECT_EQ(describe_pass(passes[2], Precision::f32).find("reversed"), std::string::npos);
  std::vector<GridPass> five =
      make_grid_schedule(16, 256, 16, Precision::f32, DeviceLimits{}, ColumnMethod::five_step);
  apply_pass_order(five, PassOrder::alternating);
  const std::string y = describe_pass(five[1], Precision::f32), z = describe_pass(five[2], Precision::f32);
  const size_t y_break = y.find('\n'), z_break = z.find('\n');
  ASSERT_NE(y_break, std::string::npos);
  ASSERT_NE(z_break, std::string::npos);
  EXPECT_NE(y.substr(0, y_break).find("five-step A"), std::string::npos);
  EXPECT_NE(y.substr(0, y_break).find("no shared memory, reversed"), std::string::npos) << y;
  EXPECT_EQ(y.substr(y_break).find("reversed"), std::string::npos) << y;
  EXPECT_EQ(z.substr(0, z_break).find("reversed"), std::string::npos) << z;
  EXPECT_NE(z.substr(z_break).find("no shared memory, reversed"), std::string::npos) << z;
}

TEST(PassOrderWisdom, RoundTripAndMalformedEntries) {
  const PassKey cube = pass_order_key(256, 256, 256, Precision::f32);
  EXPECT_EQ(cube.kind, "pass-order");
  EXPECT_EQ(cube.ny, 256);
  EXPECT_EQ(cube.planes, 256);
  const PassKey flat = pass_order_key(256, 256, 64, Precision::f64);
  Wisdom w;
  w.remember({kGpu, cube, "alternating", 0.27});
  w.remember({kGpu, flat, "in-order", 0.08});
  Wisdom back;
  back.import_json(w.export_json());
  EXPECT_EQ(back.lookup(kGpu, cube), std::string("alternating"));
  EXPECT_EQ(back.lookup(kGpu, flat), std::string("in-order"));
  EXPECT_FALSE(back.lookup(kOtherGpu, cube));
  EXPECT_FALSE(back.lookup(kGpu, pass_order_key(256, 256, 128, Precision::f32)));
  EXPECT_FALSE(back.lookup(kGpu, PassKey{"xy-plane", 256, Precision::f32, 0, 256, 256}));

  Wisdom kept;
  kept.remember({kGpu, {"rows", 64, Precision::f32}, "r8-8.t8.rows32.pad-none.tw-sincos.mb0", 0.01});
  const std::string good = w.export_json();
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string text = good;
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
  };
  for (const std::string& bad : {replaced("\"alternating\"", "\"backwards\""), replaced("\"planes\"", "\"plane_\""),
                                 replaced("\"ny\"", "\"nY\""), replaced("\"planes\": 256", "\"planes\": 0")}) {
    EXPECT_THROW(kept.import_json(bad), Error) << bad;
    EXPECT_EQ(kept.size(), 1u);
  }
}

TEST(PassOrderChoice, EnvironmentOverride) {
  unsetenv("FFT3D_PASS_ORDER");
  EXPECT_FALSE(pass_order_from_environment());
  setenv("FFT3D_PASS_ORDER", "", 1);
  EXPECT_FALSE(pass_order_from_environment());
  setenv("FFT3D_PASS_ORDER", "alternating", 1);
  EXPECT_EQ(pass_order_from_environment(), PassOrder::alternating);
  setenv("FFT3D_PASS_ORDER", "in-order", 1);
  EXPECT_EQ(pass_order_from_environment(), PassOrder::in_order);
  setenv("FFT3D_PASS_ORDER", "sideways", 1);
  try {
    pass_order_from_environment();
    ADD_FAILURE() << "expected INVALID_ARGUMENT";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), FFT3D_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(std::string(e.what()).find("sideways"), std::string::npos) << e.what();
  }
  unsetenv("FFT3D_PASS_ORDER");
}

// A plan timer that returns fixed times per order and logs its calls.
struct FakePlanTimer {
  double in_order_ms = 1.0, alternating_ms = 1.0;
  std::vector<PassOrder> calls;
  PlanOrderTimer function() {
    return [this](PassOrder o) {
      calls.push_back(o);
      return o == PassOrder::alternating ? alternating_ms : in_order_ms;
    };
  }
};

class PassOrderChoiceTest : public ::testing::Test {
 protected:
  PassOrderChoice choose(std::optional<PassOrder> forced, TuneMode mode) {
    return choose_pass_order(separate_, forced, mode, wisdom_, kGpu, key_, timer_.function());
  }
  std::vector<GridPass> separate_ = make_grid_schedule(64, 48, 20, Precision::f32, DeviceLimits{});
  PassKey key_ = pass_order_key(64, 48, 20, Precision::f32);
  Wisdom wisdom_;
  FakePlanTimer timer_;
};

TEST_F(PassOrderChoiceTest, MeasureTimesBothAndRemembersTheFaster) {
  timer_.in_order_ms = 2.0;
  timer_.alternating_ms = 1.5;
  const PassOrderChoice c = choose(std::nullopt, TuneMode::measure);
  EXPECT_EQ(c.order, PassOrder::alternating);
  EXPECT_EQ(timer_.calls, (std::vector<PassOrder>{PassOrder::alternating, PassOrder::in_order}));
  EXPECT_EQ(wisdom_.lookup(kGpu, key_), std::string("alternating"));
  EXPECT_NE(c.note.find("pass order chosen by timing: alternating 1.5 ms, in-order 2 ms; alternating kept"),
            std::string::npos)
      << c.note;
  // A later plan, ESTIMATE too, takes the verdict without timing.
  timer_.calls.clear();
  for (TuneMode mode : {TuneMode::estimate, TuneMode::measure, TuneMode::exhaustive}) {
    const PassOrderChoice again = choose(std::nullopt, mode);
    EXPECT_EQ(again.order, PassOrder::alternating);
    EXPECT_EQ(again.note, "pass order from wisdom: alternating");
  }
  EXPECT_TRUE(timer_.calls.empty());
}

// In-order only where it is measured faster: a tie keeps the default.
TEST_F(PassOrderChoiceTest, OnlyAFasterInOrderReplacesAlternating) {
  for (double alternating : {2.5, 2.0}) {
    Wisdom fresh;
    timer_.in_order_ms = 2.0;
    timer_.alternating_ms = alternating;
    const PassOrderChoice c =
        choose_pass_order(separate_, std::nullopt, TuneMode::exhaustive, fresh, kGpu, key_, timer_.function());
    const char* kept = alternating > 2.0 ? "in-order" : "alternating";
    EXPECT_EQ(std::string(pass_order_name(c.order)), kept) << alternating;
    EXPECT_EQ(fresh.lookup(kGpu, key_), std::string(kept));
    EXPECT_NE(c.note.find(std::string(kept) + " kept"), std::string::npos) << c.note;
  }
}

TEST_F(PassOrderChoiceTest, EstimateWithoutWisdomIsAlternatingUntimed) {
  const PassOrderChoice c = choose(std::nullopt, TuneMode::estimate);
  EXPECT_EQ(c.order, PassOrder::alternating);
  EXPECT_TRUE(c.note.empty());
  EXPECT_TRUE(timer_.calls.empty());
  EXPECT_EQ(wisdom_.size(), 0u);
}

TEST_F(PassOrderChoiceTest, ForcedBeatsWisdomAndTiming) {
  wisdom_.remember({kGpu, key_, "in-order", 1.0});
  const PassOrderChoice c = choose(PassOrder::alternating, TuneMode::measure);
  EXPECT_EQ(c.order, PassOrder::alternating);
  EXPECT_NE(c.note.find("FFT3D_PASS_ORDER"), std::string::npos) << c.note;
  EXPECT_TRUE(timer_.calls.empty());
  EXPECT_EQ(wisdom_.lookup(kGpu, key_), std::string("in-order"));  // untouched
}

TEST_F(PassOrderChoiceTest, InvalidOrForeignVerdictsAreIgnored) {
  wisdom_.remember({kGpu, key_, "backwards", 1.0});      // remembered directly: import would reject it
  wisdom_.remember({kOtherGpu, key_, "alternating", 1.0});
  EXPECT_EQ(choose(std::nullopt, TuneMode::estimate).order, PassOrder::alternating);
  timer_.in_order_ms = 0.5;
  EXPECT_EQ(choose(std::nullopt, TuneMode::measure).order, PassOrder::in_order);
  EXPECT_EQ(wisdom_.lookup(kGpu, key_), std::string("in-order"));  // the bad verdict replaced
}

// Where alternating reverses nothing (the fused pass then one-pass Z), the
// plan is timed once and the verdict settles the question.
TEST_F(PassOrderChoiceTest, NothingToReverseTimesOnce) {
  const std::vector<GridPass> fused =
      make_grid_schedule(64, 48, 20, Precision::f32, DeviceLimits{}, ColumnMethod::automatic, {}, PlaneMethod::fused);
  const PassOrderChoice c =
      choose_pass_order(fused, std::nullopt, TuneMode::measure, wisdom_, kGpu, key_, timer_.function());
  EXPECT_EQ(c.order, PassOrder::alternating);
  EXPECT_EQ(timer_.calls, std::vector<PassOrder>{PassOrder::alternating});
  EXPECT_EQ(wisdom_.lookup(kGpu, key_), std::string("alternating"));
  EXPECT_NE(c.note.find("reverses no pass"), std::string::npos) << c.note;
}

}  // namespace
}  // namespace fft3d
