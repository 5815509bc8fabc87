#include "tune/side_planes_choice.h"

#include <algorithm>
#include <sstream>

namespace fft3d {

std::optional<int> parse_side_planes(const std::string& verdict) {
  if (verdict.empty() || verdict.size() > 9 ||
      !std::all_of(verdict.begin(), verdict.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  return std::stoi(verdict);
}

PassKey side_planes_key(int nx, int ny, int nz, Precision precision, bool real, bool inverse) {
  const std::string kind = std::string("side-planes") + (real ? "-real" : "") + (real && inverse ? "-inverse" : "");
  return PassKey{kind, nx, precision, 0, ny, nz};
}

std::vector<int> side_plane_candidates(int nz, int estimate) {
  std::vector<int> out{0, estimate};
  for (int divisor : {16, 12, 8, 6}) out.push_back(nz / divisor);
  out.erase(std::remove_if(out.begin(), out.end(), [&](int k) { return k < 0 || k >= nz; }), out.end());
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

SidePlanesChoice choose_side_planes(std::optional<int> forced, int estimate, int nz, TuneMode mode, Wisdom& wisdom,
                                    const DeviceSignature& device, const PassKey& key, const SidePlanesTimer& time) {
  if (forced) return {*forced, "side planes " + std::to_string(*forced) + " (FFT3D_SIDE_PLANES)"};
  if (const std::optional<std::string> verdict = wisdom.lookup(device, key))
    if (const std::optional<int> planes = parse_side_planes(*verdict); planes && *planes < nz)
      return {*planes, "side planes from wisdom: " + *verdict};
  if (mode == TuneMode::estimate) return {estimate, ""};

  std::ostringstream note;
  note << "side planes chosen by timing:";
  int best = estimate;
  const double estimate_ms = time(estimate);  // first: it wins ties
  double best_ms = estimate_ms;
  for (int planes : side_plane_candidates(nz, estimate)) {
    const double ms = planes == estimate ? estimate_ms : time(planes);
    note << " " << planes << " " << ms << " ms,";
    if (ms < best_ms) best = planes, best_ms = ms;
  }
  note << " " << best << " kept";
  wisdom.remember(WisdomEntry{device, key, std::to_string(best), best_ms});
  return {best, note.str()};
}

}  // namespace fft3d
