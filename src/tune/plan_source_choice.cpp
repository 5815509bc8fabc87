#include "tune/plan_source_choice.h"

#include <sstream>

namespace fft3d {

PassKey plan_source_key(int nx, int ny, int nz, Precision precision, bool real) {
  return PassKey{real ? "plan-source-real" : "plan-source", nx, precision, 0, ny, nz};
}

std::optional<PlanSource> parse_plan_source(const std::string& verdict) {
  if (verdict == "tuned") return PlanSource::tuned;
  if (verdict == "estimate") return PlanSource::estimate;
  return std::nullopt;
}

const char* plan_source_name(PlanSource source) { return source == PlanSource::tuned ? "tuned" : "estimate"; }

PlanSourceChoice choose_plan_source(std::optional<PlanSource> forced, TuneMode mode, Wisdom& wisdom,
                                    const DeviceSignature& device, const PassKey& key, const PlanSourceTimer& time) {
  if (forced) return {*forced, std::string("whole plan ") + plan_source_name(*forced) + " (FFT3D_PLAN_SOURCE)"};
  if (const std::optional<std::string> verdict = wisdom.lookup(device, key))
    if (const std::optional<PlanSource> source = parse_plan_source(*verdict)) {  // else ignored, as if absent
      return {*source, *source == PlanSource::tuned ? "whole plan from wisdom: tuned"
                                                    : "whole plan from wisdom: the ESTIMATE's, without tuned variants"};
    }
  if (mode == TuneMode::estimate) return {};

  const double tuned_ms = time(PlanSource::tuned), estimate_ms = time(PlanSource::estimate);
  const PlanSource kept = estimate_ms < tuned_ms ? PlanSource::estimate : PlanSource::tuned;
  std::ostringstream note;
  note << "whole plan chosen by timing: tuned " << tuned_ms << " ms, ESTIMATE " << estimate_ms << " ms; "
       << (kept == PlanSource::tuned ? "tuned" : "ESTIMATE") << " kept";
  wisdom.remember(WisdomEntry{device, key, plan_source_name(kept), kept == PlanSource::tuned ? tuned_ms : estimate_ms});
  return {kept, note.str()};
}

}  // namespace fft3d
