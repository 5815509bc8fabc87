#include "tune/tune_settings.h"

#include <mutex>

namespace fft3d {

namespace {

std::mutex g_mutex;
double g_budget = -1;
ProgressCallback g_callback = nullptr;
void* g_user = nullptr;

}  // namespace

void set_tuning_budget(double seconds) {
  std::lock_guard<std::mutex> lock(g_mutex);
  g_budget = seconds;
}

double tuning_budget() {
  std::lock_guard<std::mutex> lock(g_mutex);
  return g_budget;
}

void set_tuning_progress(ProgressCallback cb, void* user) {
  std::lock_guard<std::mutex> lock(g_mutex);
  g_callback = cb;
  g_user = cb ? user : nullptr;
}

ProgressFn tuning_progress() {
  std::lock_guard<std::mutex> lock(g_mutex);
  if (!g_callback) return {};
  return [cb = g_callback, user = g_user](double fraction, const std::string& text) { cb(fraction, text.c_str(), user); };
}

}  // namespace fft3d
