// Test doubles for the tuner: a fake clock, and a PassTimer that returns
// deterministic times and failures, optionally verifying candidates for real
// with the CPU block executor against FFTW (the GPU timers' checks on host
// data: complex rows and columns, and the real rows of R2C/C2R); and tuning
// a whole problem with such timers.
#pragma once
#include <atomic>
#include <cmath>
#include <complex>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "common/hash.h"
#include "fft1d/twiddle_table.h"
#include "fft1d/x_kernel_host.h"
#include "fft3d/grid_schedule.h"
#include "tune/pass_check.h"
#include "tune/search.h"
#include "tune/tune_schedule.h"

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

// Random complex values, rounded to Real (seeded: deterministic).
template <typename Real>
std::vector<fft3d::kern::Complex<Real>> random_values(long long count, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<fft3d::kern::Complex<Real>> out(static_cast<size_t>(count));
  for (auto& x : out) x = fft3d::kern::make_complex(static_cast<Real>(u(rng)), static_cast<Real>(u(rng)));
  return out;
}

// The values of `rows` (rows or columns of `shape`) in double, back to back.
template <typename Real>
std::vector<std::complex<double>> gather_rows(const std::vector<fft3d::kern::Complex<Real>>& data,
                                              const fft3d::PassShape& shape, const std::vector<long long>& rows) {
  std::vector<std::complex<double>> out;
  for (long long r : rows)
    for (int j = 0; j < shape.n; ++j) {
      const fft3d::kern::Complex<Real>& x = data[static_cast<size_t>(shape.element(r, j))];
      out.emplace_back(x.re, x.im);
    }
  return out;
}

// Verifies a candidate of a grid pass by running it with the CPU block
// executor on random data and checking rows against FFTW, as the GPU timer
// does on the device.
template <typename Real>
bool verify_on_cpu(const fft3d::GridPass& pass, long long grid_elements, const fft3d::Candidate& c) {
  const fft3d::Precision precision = fft3d::precision_of<Real>();
  const fft3d::PassShape shape = fft3d::pass_shape(pass);
  const auto start = random_values<Real>(grid_elements, static_cast<unsigned>(grid_elements + pass.n));
  const auto table = fft3d::forward_twiddle_table<Real>(pass.n);
  const int block = c.is_five_step() ? c.five_step.columns_per_block : c.x.rows_per_block;
  const std::vector<long long> rows = fft3d::rows_to_check(shape, block, 4096);
  const std::vector<std::complex<double>> input = gather_rows(start, shape, rows);
  for (int sign : {-1, +1}) {
    auto data = start;
    const fft3d::kern::XArgs<Real> args{data.data(), pass.count, table.data(), pass.geometry};
    if (c.is_five_step())
      fft3d::run_five_step_on_cpu<Real>(c.five_step, sign, args);
    else
      fft3d::run_x_kernel_on_cpu<Real>(fft3d::make_x_layout(pass.n, precision, c.x), sign, args);
    if (!(fft3d::rows_relative_error(input, gather_rows(data, shape, rows), pass.n, sign) <=
          fft3d::pass_error_bound(precision, pass.n)))
      return false;
  }
  return true;
}

// Verifies a real-rows candidate (is_real_rows(pass)) as the GPU timer
// does: in place on rows padded to 2 (nx/2 + 1) reals of random data, the
// forward and the inverse against FFTW's r2c and c2r.
template <typename Real>
bool verify_real_rows_on_cpu(const fft3d::GridPass& pass, const fft3d::Candidate& c) {
  const fft3d::Precision precision = fft3d::precision_of<Real>();
  const int nx = pass.n, kernel_n = fft3d::kernel_length(pass);
  const fft3d::PassShape shape = fft3d::real_rows_shape(nx, pass.count);
  const auto start = random_values<Real>(shape.count * shape.n, static_cast<unsigned>(pass.count + nx));
  const auto table = fft3d::forward_twiddle_table<Real>(kernel_n);
  const std::vector<long long> rows = fft3d::rows_to_check(shape, c.x.rows_per_block, 4096);
  const std::vector<std::complex<double>> input = gather_rows(start, shape, rows);
  for (int sign : {-1, +1}) {
    auto data = start;
    fft3d::kern::XArgs<Real> args{data.data(), pass.count, table.data(), {1, 0, 1}};
    args.in_pitch = args.out_pitch = 2LL * shape.n;
    fft3d::run_x_kernel_on_cpu<Real>(fft3d::make_x_layout(kernel_n, precision, c.x), sign, args);
    const std::vector<std::complex<double>> got = gather_rows(data, shape, rows);
    const double error = sign < 0 ? fft3d::real_rows_forward_error(fft3d::unpack_real_rows(input, nx), got, nx)
                                  : fft3d::real_rows_inverse_error(input, fft3d::unpack_real_rows(got, nx), nx);
    if (!(error <= fft3d::pass_error_bound(precision, nx))) return false;
  }
  return true;
}

// A fake timer whose verification is real: the candidate runs on the CPU
// block executor and its rows are checked against FFTW.
class CheckedTimer : public FakeTimer {
 public:
  CheckedTimer(const fft3d::GridPass& pass, long long grid, fft3d::Precision p, std::vector<std::string>* log)
      : pass_(pass), grid_(grid), precision_(p), log_(log) {}
  bool verify(const Candidate& c) override {
    log_->push_back(c.name());
    if (!FakeTimer::verify(c)) return false;
    const bool single = precision_ == fft3d::Precision::f32;
    if (fft3d::is_real_rows(pass_))
      return single ? verify_real_rows_on_cpu<float>(pass_, c) : verify_real_rows_on_cpu<double>(pass_, c);
    return single ? verify_on_cpu<float>(pass_, grid_, c) : verify_on_cpu<double>(pass_, grid_, c);
  }

 private:
  fft3d::GridPass pass_;
  long long grid_;
  fft3d::Precision precision_;
  std::vector<std::string>* log_;
};

inline const fft3d::DeviceSignature kTestGpu{"Test GPU", 100, 9, 0, 13000, 13000};

// Deterministic "times": a hash of the candidate and the axis, in [1, 2).
inline double hashed_ms(const fft3d::Candidate& c, char axis) {
  const unsigned long long h = fft3d::Fnv1a().add(c.name()).add(std::string(1, axis)).value();
  return 1.0 + static_cast<double>(h % 10007) / 10007.0;
}

struct Tuned {
  fft3d::TuneResult result;
  std::map<char, std::vector<std::string>> verified;  // candidates verified, by axis
};

// Tunes a problem for kTestGpu with CheckedTimers timing hashed_ms; `setup`
// adjusts each pass's timer.
inline Tuned tune(const fft3d::Problem& problem, fft3d::Wisdom& wisdom,
                  const std::function<void(char, CheckedTimer&)>& setup, fft3d::TuneSettings settings = {},
                  fft3d::TuneMode mode = fft3d::TuneMode::measure) {
  Tuned t;
  const long long grid = static_cast<long long>(problem.is_real() ? problem.nx / 2 + 1 : problem.nx) * problem.ny *
                         problem.nz * problem.batch;
  const fft3d::PassTimerFactory factory = [&](const fft3d::GridPass& pass) -> std::unique_ptr<fft3d::PassTimer> {
    auto timer = std::make_unique<CheckedTimer>(pass, grid, problem.precision(), &t.verified[pass.axis]);
    timer->ms = [axis = pass.axis](const fft3d::Candidate& c) { return hashed_ms(c, axis); };
    timer->id_prefix = std::string(precision_name(problem.precision())) + std::to_string(pass.n) + ":";
    if (setup) setup(pass.axis, *timer);
    return timer;
  };
  settings.compile_threads = settings.compile_threads ? settings.compile_threads : 2;
  t.result = fft3d::tune_schedule(problem, mode, settings, kTestGpu, fft3d::DeviceLimits{}, factory, wisdom);
  return t;
}

// Wisdom's entry for kTestGpu.
inline std::optional<std::string> entry(const fft3d::Wisdom& w, const std::string& kind, int n, fft3d::Precision p,
                                        long long stride) {
  return w.lookup(kTestGpu, fft3d::PassKey{kind, n, p, stride});
}

}  // namespace fft3d_test
