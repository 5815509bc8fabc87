#include "fft3d/backend_choice.h"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "common/error.h"

namespace fft3d {

namespace {

constexpr unsigned kModeMask = 0xFFu;
constexpr unsigned kBackendMask = FFT3D_BACKEND_CPU | FFT3D_BACKEND_GPU;
constexpr unsigned kOptionMask = FFT3D_NORMALIZE;

unsigned backend_from_environment() {
  const char* env = std::getenv("FFT3D_BACKEND");
  if (!env || !*env) return 0;
  const std::string v = env;
  if (v == "cpu") return FFT3D_BACKEND_CPU;
  if (v == "gpu") return FFT3D_BACKEND_GPU;
  fail(FFT3D_ERROR_INVALID_ARGUMENT, "FFT3D_BACKEND must be 'cpu' or 'gpu', not '" + v + "'");
}

}  // namespace

PlanChoice choose_backend(const Problem& problem, unsigned flags) {
  if (flags & ~(kModeMask | kBackendMask | kOptionMask))
    fail(FFT3D_ERROR_INVALID_ARGUMENT, "unknown plan flags 0x" + [&] {
      char buf[16];
      std::snprintf(buf, sizeof buf, "%x", flags & ~(kModeMask | kBackendMask | kOptionMask));
      return std::string(buf);
    }());
  const unsigned mode = flags & kModeMask;
  if (mode > FFT3D_EXHAUSTIVE)
    fail(FFT3D_ERROR_INVALID_ARGUMENT, "unknown tuning mode " + std::to_string(mode));
  unsigned backend = flags & kBackendMask;
  if (backend == kBackendMask)
    fail(FFT3D_ERROR_INVALID_ARGUMENT, "FFT3D_BACKEND_CPU and FFT3D_BACKEND_GPU are exclusive");
  if (!backend) backend = backend_from_environment();
  if (!backend)
    backend = gpu_backend_usable() && gpu_backend_supports(problem) ? FFT3D_BACKEND_GPU : FFT3D_BACKEND_CPU;
  return PlanChoice{backend, static_cast<TuneMode>(mode)};
}

}  // namespace fft3d
