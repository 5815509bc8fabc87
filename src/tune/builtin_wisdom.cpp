#include "tune/builtin_wisdom.h"

#include <cstdlib>
#include <mutex>
#include <string>

#include "common/error.h"

namespace fft3d {

const Wisdom& builtin_wisdom() {
  static Wisdom wisdom;
  static std::once_flag once;
  std::call_once(once, [] {
    for (int i = 0; i < kBuiltinWisdomFileCount; ++i) {
      try {
        wisdom.import_json(kBuiltinWisdomFiles[i].text);
      } catch (const Error&) {
        // Nothing of this file: plans fall back to the heuristics.
      }
    }
  });
  return wisdom;
}

bool builtin_wisdom_enabled() {
  const char* env = std::getenv("FFT3D_BUILTIN_WISDOM");
  return !env || std::string(env) != "0";
}

bool same_gpu_model(const DeviceSignature& a, const DeviceSignature& b) {
  return a.name == b.name && a.sm_count == b.sm_count && a.cc_major == b.cc_major && a.cc_minor == b.cc_minor;
}

std::unique_ptr<Wisdom> wisdom_with_builtin(const Wisdom& own, const Wisdom& builtin, const DeviceSignature& device,
                                          const PassKey& verdict_key) {
  if (own.lookup(device, verdict_key)) return nullptr;
  auto merged = std::make_unique<Wisdom>();
  bool has_verdict = false;
  for (WisdomEntry e : builtin.entries()) {
    if (!same_gpu_model(e.device, device)) continue;
    has_verdict = has_verdict || e.pass == verdict_key;
    e.device = device;
    merged->remember(e);
  }
  if (!has_verdict) return nullptr;
  for (const WisdomEntry& e : own.entries()) merged->remember(e);
  return merged;
}

}  // namespace fft3d
