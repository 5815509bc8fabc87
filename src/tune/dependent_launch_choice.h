// Whether a 3-D plan launches its kernels as programmatic dependents
// (gpu/dependent_launch.h), in this order: FFT3D_PDL=0|1 (experiments); a
// valid verdict in wisdom (ESTIMATE plans too); under MEASURE and
// EXHAUSTIVE, timing the whole plan both ways, whose verdict goes to wisdom;
// else the ESTIMATE rule (on within L2). Beyond L2 the effect is small and
// of either sign (H100: f32 complex cubes 0.2-2 % faster, some f64 and real
// ones up to 11 % slower), so only a timing of the plan itself can say.
// Pure logic: the GPU plans supply the timer (CUDA events), the tests a fake.
#pragma once
#include <functional>
#include <optional>
#include <string>

#include "fft3d/plan.h"
#include "tune/wisdom.h"

namespace fft3d {

// The wisdom key of a grid's verdict, keyed like "pass-order" (n = nx, with
// ny and planes = nz): "dependent-launch" for complex plans,
// "dependent-launch-real" for R2C/C2R ones. The verdict is "on" or "off".
PassKey dependent_launch_key(int nx, int ny, int nz, Precision precision, bool real);

struct DependentLaunchChoice {
  bool on = false;
  std::string note;  // how it was chosen, for fft3d_plan_describe; empty for the ESTIMATE rule
};

// The median time (ms) of a forward transform of the plan launched with
// dependent launches `on` or not.
using DependentLaunchTimer = std::function<double(bool on)>;

// `supported`: the device can (compute capability 9.0 or later; else off,
// nothing timed or remembered). `forced`: FFT3D_PDL. `estimate`: the rule's
// answer for plans without a verdict. Under MEASURE the faster of the two
// timings is kept (the estimate's on a tie) and remembered in `wisdom`
// under `key` for `device`.
DependentLaunchChoice choose_dependent_launch(bool supported, std::optional<bool> forced, bool estimate,
                                              TuneMode mode, Wisdom& wisdom, const DeviceSignature& device,
                                              const PassKey& key, const DependentLaunchTimer& time);

}  // namespace fft3d
