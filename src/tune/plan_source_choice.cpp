#include "tune/plan_source_choice.h"

#include <limits>
#include <sstream>

namespace fft3d {

PassKey plan_source_key(int nx, int ny, int nz, Precision precision, bool real) {
  return PassKey{real ? "plan-source-real" : "plan-source", nx, precision, 0, ny, nz};
}

std::optional<PlanSource> parse_plan_source(const std::string& verdict) {
  for (PlanSource source : {PlanSource::tuned, PlanSource::estimate, PlanSource::shared_columns})
    if (verdict == plan_source_name(source)) return source;
  return std::nullopt;
}

const char* plan_source_name(PlanSource source) {
  switch (source) {
    case PlanSource::tuned:
      return "tuned";
    case PlanSource::estimate:
      return "estimate";
    case PlanSource::shared_columns:
      return "shared-columns";
  }
  return "";
}

namespace {
// How a note names the plan of `source`.
const char* plan_source_words(PlanSource source) {
  switch (source) {
    case PlanSource::tuned:
      return "tuned";
    case PlanSource::estimate:
      return "ESTIMATE";
    case PlanSource::shared_columns:
      return "tuned with shared columns";
  }
  return "";
}

// The note of a verdict taken from wisdom.
std::string verdict_note(PlanSource source) {
  switch (source) {
    case PlanSource::tuned:
      return "whole plan from wisdom: tuned";
    case PlanSource::estimate:
      return "whole plan from wisdom: the ESTIMATE's, without tuned variants";
    case PlanSource::shared_columns:
      return "whole plan from wisdom: tuned, its column passes on the entries their lengths share";
  }
  return "";
}
}  // namespace

PlanSourceChoice choose_plan_source(std::optional<PlanSource> forced, TuneMode mode, Wisdom& wisdom,
                                    const DeviceSignature& device, const PassKey& key, const PlanSourceTimer& time) {
  if (forced) return {*forced, std::string("whole plan ") + plan_source_name(*forced) + " (FFT3D_PLAN_SOURCE)"};
  if (const std::optional<std::string> verdict = wisdom.lookup(device, key))
    if (const std::optional<PlanSource> source = parse_plan_source(*verdict))  // else ignored, as if absent
      return {*source, verdict_note(*source)};
  if (mode == TuneMode::estimate) return {};

  std::ostringstream note;
  note << "whole plan chosen by timing: ";
  PlanSource kept = PlanSource::tuned;
  double kept_ms = std::numeric_limits<double>::infinity();
  // In the order of the ties: a later source is kept only where it ran faster.
  for (PlanSource source : {PlanSource::tuned, PlanSource::shared_columns, PlanSource::estimate}) {
    const std::optional<double> ms = time(source);
    if (!ms) continue;
    note << (source == PlanSource::tuned ? "" : ", ") << plan_source_words(source) << " " << *ms << " ms";
    if (*ms < kept_ms) {
      kept = source;
      kept_ms = *ms;
    }
  }
  note << "; " << plan_source_words(kept) << " kept";
  wisdom.remember(WisdomEntry{device, key, plan_source_name(kept), kept_ms});
  return {kept, note.str()};
}

}  // namespace fft3d
