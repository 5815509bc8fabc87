// How many planes a 3-D plan's fused XY pass leaves to separate passes
// beside it (GridPass::side, fft3d/grid_schedule.h), in this order:
// FFT3D_SIDE_PLANES (experiments); a valid verdict in wisdom (ESTIMATE plans
// too); under MEASURE and EXHAUSTIVE, timing the whole plan with each
// candidate count, the verdict to wisdom; else the ESTIMATE rule
// (estimate_side_planes, measured on the H100; f32 512^2 on an H200).
// Pure logic: the GPU plan supplies the timer (CUDA events), the tests a fake.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "fft3d/plan.h"
#include "tune/wisdom.h"

namespace fft3d {

// The wisdom key, keyed like "pass-order" (n = nx, with ny and planes = nz):
// "side-planes" for complex plans (one count for both directions),
// "side-planes-real" / "side-planes-real-inverse" for the R2C forward / the
// C2R inverse; the verdict is the count as a decimal integer.
PassKey side_planes_key(int nx, int ny, int nz, Precision precision, bool real = false, bool inverse = false);

// The count a "side-planes" verdict names: a decimal integer of at most 9
// digits; nothing for anything else.
std::optional<int> parse_side_planes(const std::string& verdict);

// The counts MEASURE times for nz planes: none, nz/16, nz/12, nz/8 and nz/6,
// and the estimate, each once, ascending.
std::vector<int> side_plane_candidates(int nz, int estimate);

struct SidePlanesChoice {
  int planes = 0;
  std::string note;  // how it was chosen, for fft3d_plan_describe; empty for the ESTIMATE rule
};

// The median time (ms) of a forward transform of the plan with `planes`
// side planes.
using SidePlanesTimer = std::function<double(int planes)>;

// `forced`: FFT3D_SIDE_PLANES. A verdict outside [0, nz) is ignored, as if
// absent. Under MEASURE the fastest candidate is kept (the estimate's on a
// tie) and remembered in `wisdom` under `key` for `device`.
SidePlanesChoice choose_side_planes(std::optional<int> forced, int estimate, int nz, TuneMode mode, Wisdom& wisdom,
                                    const DeviceSignature& device, const PassKey& key, const SidePlanesTimer& time);

}  // namespace fft3d
