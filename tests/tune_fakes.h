// Test doubles for the tuner: a fake clock, and a PassTimer that returns
// deterministic times and failures, optionally verifying candidates for real
// with the CPU block executor against FFTW (the GPU timer's check on host data).
#pragma once
#include <atomic>
#include <cmath>
#include <complex>
#include <functional>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "fft1d/twiddle_table.h"
#include "fft1d/x_kernel_host.h"
#include "fft3d/grid_schedule.h"
#include "tune/pass_check.h"
#include "tune/search.h"

namespace fft3d_test {

// Seconds advanced by hand (thread-safe: compiles run in parallel).
class FakeClock {
 public:
  double now() const { return static_cast<double>(micros_.load()) * 1e-6; }
  void advance(double seconds) { micros_ += static_cast<long long>(std::llround(seconds * 1e6)); }
  std::function<double()> function() {
    return [this] { return now(); };
  }

 private:
  std::atomic<long long> micros_{0};
};

class FakeTimer : public fft3d::PassTimer {
 public:
  using Candidate = fft3d::Candidate;

  std::function<double(const Candidate&)> ms = [](const Candidate&) { return 1.0; };
  std::set<std::string> fail_compile, fail_run, fail_verify;
  FakeClock* clock = nullptr;
  double compile_seconds = 0, time_seconds = 0;
  std::string id_prefix;  // kernels of timers with equal prefixes are shared

  std::atomic<int> compiles{0};
  std::vector<std::string> timed, verified;  // names, in call order (single-threaded calls)

  std::string kernel_id(const Candidate& c) const override { return id_prefix + c.name(); }
  bool compile(const Candidate& c) override {
    ++compiles;
    if (clock) clock->advance(compile_seconds);
    return !fail_compile.count(c.name());
  }
  std::optional<double> time(const Candidate& c) override {
    timed.push_back(c.name());
    if (clock) clock->advance(time_seconds);
    if (fail_run.count(c.name())) return std::nullopt;
    return ms(c);
  }
  bool verify(const Candidate& c) override {
    verified.push_back(c.name());
    return !fail_verify.count(c.name());
  }
};

// Verifies a candidate of a grid pass by running it with the CPU block
// executor on random data and checking rows against FFTW, as the GPU timer
// does on the device.
template <typename Real>
bool verify_on_cpu(const fft3d::GridPass& pass, long long grid_elements, const fft3d::Candidate& c) {
  using fft3d::kern::Complex;
  const fft3d::Precision precision = sizeof(Real) == 4 ? fft3d::Precision::f32 : fft3d::Precision::f64;
  const fft3d::PassShape shape = fft3d::pass_shape(pass);
  std::mt19937_64 rng(static_cast<unsigned>(grid_elements + pass.n));
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<Complex<Real>> start(static_cast<size_t>(grid_elements));
  for (auto& x : start) x = fft3d::kern::make_complex(static_cast<Real>(u(rng)), static_cast<Real>(u(rng)));
  const auto table = fft3d::forward_twiddle_table<Real>(pass.n);
  const int block = c.is_five_step() ? c.five_step.columns_per_block : c.x.rows_per_block;
  const std::vector<long long> rows = fft3d::rows_to_check(shape, block, 4096);
  auto gather = [&](const std::vector<Complex<Real>>& data) {
    std::vector<std::complex<double>> out;
    for (long long r : rows)
      for (int j = 0; j < pass.n; ++j) {
        const Complex<Real>& x = data[static_cast<size_t>(shape.element(r, j))];
        out.emplace_back(x.re, x.im);
      }
    return out;
  };
  const std::vector<std::complex<double>> input = gather(start);
  for (int sign : {-1, +1}) {
    std::vector<Complex<Real>> data = start;
    const fft3d::kern::XArgs<Real> args{data.data(), pass.count, table.data(), pass.geometry};
    if (c.is_five_step())
      fft3d::run_five_step_on_cpu<Real>(c.five_step, sign, args);
    else
      fft3d::run_x_kernel_on_cpu<Real>(fft3d::make_x_layout(pass.n, precision, c.x), sign, args);
    if (!(fft3d::rows_relative_error(input, gather(data), pass.n, sign) <=
          fft3d::pass_error_bound(precision, pass.n)))
      return false;
  }
  return true;
}

}  // namespace fft3d_test
