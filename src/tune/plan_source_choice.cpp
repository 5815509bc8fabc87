#include "tune/plan_source_choice.h"

#include <limits>
#include <sstream>

namespace fft3d {

PassKey plan_source_key(int nx, int ny, int nz, Precision precision, bool real) {
  return PassKey{real ? "plan-source-real" : "plan-source", nx, precision, 0, ny, nz};
}

namespace {
// How wisdom, the notes and a verdict taken from wisdom name each source.
struct SourceNames {
  PlanSource source;
  const char* verdict;
  const char* words;
  const char* from_wisdom;
};
constexpr SourceNames kSources[] = {
    {PlanSource::tuned, "tuned", "tuned", "whole plan from wisdom: tuned"},
    {PlanSource::estimate, "estimate", "ESTIMATE", "whole plan from wisdom: the ESTIMATE's, without tuned variants"},
    {PlanSource::shared_columns, "shared-columns", "tuned with shared columns",
     "whole plan from wisdom: tuned, its column passes on the entries their lengths share"},
};

const SourceNames& names_of(PlanSource source) {
  for (const SourceNames& names : kSources)
    if (names.source == source) return names;
  return kSources[0];  // not reached: every source has its names
}
}  // namespace

std::optional<PlanSource> parse_plan_source(const std::string& verdict) {
  for (const SourceNames& names : kSources)
    if (verdict == names.verdict) return names.source;
  return std::nullopt;
}

const char* plan_source_name(PlanSource source) { return names_of(source).verdict; }

PlanSourceChoice choose_plan_source(std::optional<PlanSource> forced, TuneMode mode, Wisdom& wisdom,
                                    const DeviceSignature& device, const PassKey& key, const PlanSourceTimer& time) {
  if (forced) return {*forced, std::string("whole plan ") + plan_source_name(*forced) + " (FFT3D_PLAN_SOURCE)"};
  if (const std::optional<std::string> verdict = wisdom.lookup(device, key))
    if (const std::optional<PlanSource> source = parse_plan_source(*verdict))  // else ignored, as if absent
      return {*source, names_of(*source).from_wisdom};
  if (mode == TuneMode::estimate) return {};

  std::ostringstream note;
  note << "whole plan chosen by timing: ";
  PlanSource kept = PlanSource::tuned;
  double kept_ms = std::numeric_limits<double>::infinity();
  // In the order of the ties: a later source is kept only where it ran faster.
  for (PlanSource source : {PlanSource::tuned, PlanSource::shared_columns, PlanSource::estimate}) {
    const std::optional<double> ms = time(source);
    if (!ms) continue;
    note << (source == PlanSource::tuned ? "" : ", ") << names_of(source).words << " " << *ms << " ms";
    if (*ms < kept_ms) {
      kept = source;
      kept_ms = *ms;
    }
  }
  note << "; " << names_of(kept).words << " kept";
  wisdom.remember(WisdomEntry{device, key, plan_source_name(kept), kept_ms});
  return {kept, note.str()};
}

}  // namespace fft3d
