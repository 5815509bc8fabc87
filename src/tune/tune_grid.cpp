#include "tune/tune_grid.h"

#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "common/error.h"
#include "gpu/device.h"
#include "tune/device_signature.h"
#include "tune/gpu_pass_timer.h"
#include "tune/tune_settings.h"

namespace fft3d {

namespace {

// Timed runs per candidate (the median is kept): EXHAUSTIVE separates
// closer variants.
constexpr int kMeasureRepeats = 7, kExhaustiveRepeats = 11;

// Complex elements of the data the tuned passes run over (for real problems
// the complex side: its columns, and in place the padded real rows).
long long tuned_elements(const Problem& p) {
  const long long nx = p.is_real() ? p.nx / 2 + 1 : p.nx;
  return p.shape == Shape::grid3d ? nx * p.ny * p.nz : nx * p.batch;
}

}  // namespace

TuneResult tune_grid(const Problem& problem, TuneMode mode, double budget_seconds, const ProgressFn& progress) {
  const DeviceInfo device = current_device_info();
  if (passes_to_tune(problem, device.limits()).empty()) {  // nothing to time (length-1 rows)
    TuneSettings none;
    return tune_schedule(problem, mode, none, device_signature(device), device.limits(), {}, process_wisdom());
  }
  TuningData data(tuned_elements(problem), problem.precision(), device);
  const int repeats = mode == TuneMode::exhaustive ? kExhaustiveRepeats : kMeasureRepeats;
  const PassTimerFactory timers = [&](const GridPass& pass) -> std::unique_ptr<PassTimer> {
    if (is_real_rows(pass)) return std::make_unique<GpuRealRowsTimer>(pass, device, data, repeats);
    return std::make_unique<GpuPassTimer>(pass, device, data, repeats);
  };
  TuneSettings settings;
  settings.budget_seconds = budget_seconds;
  settings.progress = progress;
  return tune_schedule(problem, mode, settings, device_signature(device), device.limits(), timers,
                       process_wisdom());
}

void tune_if_needed(const Problem& problem, TuneMode mode) {
  if (mode == TuneMode::estimate || !gpu_present()) return;
  static std::mutex one_at_a_time;  // concurrent tunings would disturb each other's timings
  static std::set<std::string> tuned;  // at most once per process, even if a pass found no verified variant
  std::lock_guard<std::mutex> lock(one_at_a_time);
  const DeviceInfo device = current_device_info();
  if (wisdom_covers(process_wisdom(), device_signature(device), problem, device.limits())) return;
  const std::string key = device.name + "/" + std::to_string(device.ordinal) + "/" + problem.str();
  if (!tuned.insert(key).second) return;
  try {
    tune_grid(problem, mode, tuning_budget(), tuning_progress());
  } catch (const Error& e) {
    // No room for a second copy of the data: the plan keeps the ESTIMATE
    // variants, as it would without a GPU to measure on.
    if (e.status() != FFT3D_ERROR_OUT_OF_MEMORY) throw;
  }
}

}  // namespace fft3d
