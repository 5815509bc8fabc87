// Whether a 3-D plan made under MEASURE or EXHAUSTIVE keeps the plan the
// tuner's wisdom builds, that plan with its column passes on the entry their
// length shares instead of their own stride's, or the plan ESTIMATE builds
// without any wisdom, in this order: FFT3D_PLAN_SOURCE (experiments, and
// tests that check what a MEASURE plan records); a valid verdict in wisdom
// (ESTIMATE plans too); under MEASURE and EXHAUSTIVE, timing the whole
// plans, the verdict to wisdom; else the tuned plan. The tuner picks each
// pass's variant timed on its own, and those verdicts need not add up: on an
// H200 the tuned C2R inverse of 512^3 in double ran 2.114 ms against the
// ESTIMATE's 1.856, and the R2C 300^3 f32 inverse 3 % faster with its Z on
// the shared entry than on its own stride's. With this guard, as with
// FFTW's, MEASURE is never slower than ESTIMATE beyond timing noise.
// Pure logic: the GPU plans supply the timer (CUDA events), the tests a fake.
#pragma once
#include <functional>
#include <optional>
#include <string>

#include "fft3d/plan.h"
#include "tune/wisdom.h"

namespace fft3d {

// shared_columns: the tuned plan, but each column pass on the wisdom entry
// of its length's passes (stride 0) where its own stride holds another
// (tune/tune_schedule.h, wisdom_variants).
enum class PlanSource { tuned, estimate, shared_columns };

// The wisdom key of a grid's verdict, keyed like "pass-order" (n = nx, with
// ny and planes = nz): "plan-source" for complex plans, "plan-source-real"
// for R2C/C2R ones. The verdict is "tuned", "estimate" or "shared-columns".
PassKey plan_source_key(int nx, int ny, int nz, Precision precision, bool real);

// The source a "plan-source" verdict names; nothing for anything else.
std::optional<PlanSource> parse_plan_source(const std::string& verdict);
const char* plan_source_name(PlanSource source);

struct PlanSourceChoice {
  PlanSource source = PlanSource::tuned;
  std::string note;  // how it was chosen, for fft3d_plan_describe; empty without a verdict or timing
};

// The median time (ms) of the plan built from `source` (for real plans the
// forward and the inverse together); nothing for shared_columns where that
// plan is the tuned one (no column pass takes an own stride's entry other
// than the shared one) or was not built (no room on the device).
using PlanSourceTimer = std::function<std::optional<double>(PlanSource source)>;

// `forced`: FFT3D_PLAN_SOURCE. Under MEASURE and EXHAUSTIVE without a
// verdict, times the tuned plan first (the GPU plans start the ESTIMATE's
// build then), then the shared columns' and the ESTIMATE's, each kept only
// where it ran faster than those before (ties: tuned, shared columns,
// ESTIMATE), remembering the verdict in `wisdom` under `key` for `device`.
PlanSourceChoice choose_plan_source(std::optional<PlanSource> forced, TuneMode mode, Wisdom& wisdom,
                                    const DeviceSignature& device, const PassKey& key, const PlanSourceTimer& time);

}  // namespace fft3d
