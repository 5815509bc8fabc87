// Where a 3-D complex plan's pass order (fft3d/pass_order.h) comes from, in
// this order: FFT3D_PASS_ORDER (experiments); a valid "pass-order" verdict
// in wisdom (ESTIMATE plans too); under MEASURE and EXHAUSTIVE, timing the
// whole plan both ways, whose verdict goes to wisdom; else alternating
// (H100, separate X, Y and Z passes, f32: 1.3-6.7 % faster than in-order
// for 192^3-384^3, docs/TUNING.md). Pure logic: the GPU plan supplies the
// timer (CUDA events), the tests a fake.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "fft3d/pass_order.h"
#include "fft3d/plan.h"
#include "tune/wisdom.h"

namespace fft3d {

// The wisdom key of a grid's verdict: like "xy-plane", n = nx with ny and
// planes = nz.
PassKey pass_order_key(int nx, int ny, int nz, Precision precision);

// FFT3D_PASS_ORDER=in-order|alternating; nothing when unset or empty.
// Throws Error(INVALID_ARGUMENT) for any other value.
std::optional<PassOrder> pass_order_from_environment();

// The order of plans without a verdict, and of the XY forms as they are timed.
constexpr PassOrder kDefaultPassOrder = PassOrder::alternating;

struct PassOrderChoice {
  PassOrder order = kDefaultPassOrder;
  std::string note;  // how it was chosen, for fft3d_plan_describe; empty for the default
};

// The median time (ms) of a forward transform of the plan with its passes
// in `order`.
using PlanOrderTimer = std::function<double(PassOrder order)>;

// The order for a plan of `schedule` (its passes as made, any order).
// Timing: alternating, and in-order where alternating reverses some pass;
// in-order is kept only where it is faster, and the verdict is remembered in
// `wisdom` under `key` for `device`, also where alternating reverses
// nothing (so the question is settled for later plans).
PassOrderChoice choose_pass_order(const std::vector<GridPass>& schedule, std::optional<PassOrder> forced,
                                  TuneMode mode, Wisdom& wisdom, const DeviceSignature& device, const PassKey& key,
                                  const PlanOrderTimer& time);

}  // namespace fft3d
