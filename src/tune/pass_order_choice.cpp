#include "tune/pass_order_choice.h"

#include <cstdlib>
#include <sstream>

#include "common/error.h"

namespace fft3d {

PassKey pass_order_key(int nx, int ny, int nz, Precision precision) {
  return PassKey{"pass-order", nx, precision, 0, ny, nz};
}

std::optional<PassOrder> pass_order_from_environment() {
  const char* env = std::getenv("FFT3D_PASS_ORDER");
  if (!env || !*env) return std::nullopt;
  if (const std::optional<PassOrder> order = parse_pass_order(env)) return order;
  fail(FFT3D_ERROR_INVALID_ARGUMENT,
       std::string("FFT3D_PASS_ORDER must be 'in-order' or 'alternating', not '") + env + "'");
}

PassOrderChoice choose_pass_order(const std::vector<GridPass>& schedule, std::optional<PassOrder> forced,
                                  TuneMode mode, Wisdom& wisdom, const DeviceSignature& device, const PassKey& key,
                                  const PlanOrderTimer& time) {
  if (forced) return {*forced, std::string("pass order ") + pass_order_name(*forced) + " (FFT3D_PASS_ORDER)"};
  if (const std::optional<std::string> verdict = wisdom.lookup(device, key))
    if (const std::optional<PassOrder> order = parse_pass_order(*verdict))  // else ignored, as if absent
      return {*order, std::string("pass order from wisdom: ") + pass_order_name(*order)};
  if (mode == TuneMode::estimate) return {};  // alternating

  std::vector<GridPass> alternating = schedule;
  apply_pass_order(alternating, PassOrder::alternating);
  PassOrderChoice choice;  // alternating unless in-order is measured faster
  std::ostringstream note;
  double best_ms = time(PassOrder::alternating);
  note << "pass order chosen by timing: alternating " << best_ms << " ms";
  if (any_reversed(alternating)) {
    const double ms = time(PassOrder::in_order);
    note << ", in-order " << ms << " ms";
    if (ms < best_ms) {
      best_ms = ms;
      choice.order = PassOrder::in_order;
    }
    note << "; " << pass_order_name(choice.order) << " kept";
  } else {
    note << " (it reverses no pass here)";
  }
  choice.note = note.str();
  wisdom.remember(WisdomEntry{device, key, pass_order_name(choice.order), best_ms});
  return choice;
}

}  // namespace fft3d
