// Where a solver runs, and its transforms: an Engine pairs the FieldOps of
// one backend with the fft3d real-to-complex plan that works on the same
// memory (device pointers for the GPU, host pointers for the CPU), and times
// every transform.
#pragma once

#include <fft3d.hpp>

#include <chrono>
#include <initializer_list>
#include <memory>
#include <string>

#include "field_ops.h"

namespace solvers {

enum class Backend { automatic, cpu, gpu };

// "auto", "cpu" or "gpu"; throws std::invalid_argument otherwise.
Backend parse_backend(const std::string& name);

template <typename Real>
class Engine {
 public:
  // automatic: the GPU when the build has CUDA and a device is usable (and
  // FFT3D_BACKEND is not "cpu"), else the CPU; if fft3d cannot make the GPU
  // plan (FFT3D_ERROR_UNSUPPORTED_SIZE or _NO_DEVICE) it falls back to the
  // CPU and says so in notice(). cpu / gpu: that backend or an exception.
  // `tune` is FFT3D_ESTIMATE, FFT3D_MEASURE or FFT3D_EXHAUSTIVE.
  static Engine create(const Grid& grid, Backend choice, unsigned tune = FFT3D_ESTIMATE);

  FieldOps<Real>& ops() { return *ops_; }
  const Grid& grid() const { return ops_->grid(); }
  bool on_gpu() const { return ops_->on_device(); }
  const std::string& notice() const { return notice_; }
  std::string describe() const { return plan_.describe(); }

  // In-place R2C (forward, unnormalised) and C2R (inverse, normalised) of
  // each field; the time from the first call to the last result counts as
  // transform time.
  void forward(std::initializer_list<Real*> fields);
  void inverse(std::initializer_list<Real*> fields);

  double transform_seconds() const { return seconds_; }
  long long transform_count() const { return count_; }
  void reset_timer() { seconds_ = 0, count_ = 0; }

 private:
  Engine(std::unique_ptr<FieldOps<Real>> ops, fft3d::Plan plan, std::string notice)
      : ops_(std::move(ops)), plan_(std::move(plan)), notice_(std::move(notice)) {}

  template <class F>
  void timed(std::initializer_list<Real*> fields, F transform);

  std::unique_ptr<FieldOps<Real>> ops_;
  fft3d::Plan plan_;
  std::string notice_;
  double seconds_ = 0;
  long long count_ = 0;
};

// Wall-clock seconds since construction (or the last restart).
class Stopwatch {
 public:
  Stopwatch() : start_(std::chrono::steady_clock::now()) {}
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }
  void restart() { start_ = std::chrono::steady_clock::now(); }

 private:
  std::chrono::steady_clock::time_point start_;
};

}  // namespace solvers
