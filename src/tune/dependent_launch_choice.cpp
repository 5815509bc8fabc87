#include "tune/dependent_launch_choice.h"

#include <sstream>

namespace fft3d {

namespace {

const char* verdict_name(bool on) { return on ? "on" : "off"; }

}  // namespace

PassKey dependent_launch_key(int nx, int ny, int nz, Precision precision, bool real) {
  return PassKey{real ? "dependent-launch-real" : "dependent-launch", nx, precision, 0, ny, nz};
}

DependentLaunchChoice choose_dependent_launch(bool supported, std::optional<bool> forced, bool estimate,
                                              TuneMode mode, Wisdom& wisdom, const DeviceSignature& device,
                                              const PassKey& key, const DependentLaunchTimer& time) {
  if (!supported) return {};
  if (forced) return {*forced, std::string("dependent launch ") + verdict_name(*forced) + " (FFT3D_PDL)"};
  if (const std::optional<std::string> verdict = wisdom.lookup(device, key))
    if (*verdict == "on" || *verdict == "off")  // else ignored, as if absent
      return {*verdict == "on", "dependent launch from wisdom: " + *verdict};
  if (mode == TuneMode::estimate) return {estimate, ""};

  const double on_ms = time(true), off_ms = time(false);
  const bool on = on_ms == off_ms ? estimate : on_ms < off_ms;
  std::ostringstream note;
  note << "dependent launch chosen by timing: on " << on_ms << " ms, off " << off_ms << " ms; " << verdict_name(on)
       << " kept";
  wisdom.remember(WisdomEntry{device, key, verdict_name(on), on ? on_ms : off_ms});
  return {on, note.str()};
}

}  // namespace fft3d
