#include "tune/pass_check.h"

#include <fftw3.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <mutex>

#include "common/error.h"
#include "fft3d/cpu_fftw_common.h"

namespace fft3d {

namespace {

// Plans (FFTW's planner is not thread-safe: under the library's planner
// lock), executes and destroys one oracle transform.
void run_oracle(const std::function<fftw_plan()>& make) {
  fftw_plan plan;
  {
    std::lock_guard<std::mutex> lock(fftw_planner_mutex());
    plan = make();
  }
  if (!plan) fail(FFT3D_ERROR_INTERNAL, "FFTW could not plan the oracle of a tuned pass");
  fftw_execute(plan);
  std::lock_guard<std::mutex> lock(fftw_planner_mutex());
  fftw_destroy_plan(plan);
}

const double* as_doubles(const std::vector<std::complex<double>>& v) {
  return reinterpret_cast<const double*>(v.data());
}

// sqrt(sum (got - want)^2 / sum want^2) over `count` doubles.
double relative_l2(const double* got, const double* want, size_t count) {
  double num = 0, den = 0;
  for (size_t k = 0; k < count; ++k) {
    num += (got[k] - want[k]) * (got[k] - want[k]);
    den += want[k] * want[k];
  }
  if (den == 0) return num == 0 ? 0 : INFINITY;
  return std::sqrt(num / den);  // NaN in got gives NaN, which fails any bound
}

}  // namespace

PassShape pass_shape(const GridPass& pass) {
  PassShape s;
  s.n = pass.n;
  s.count = pass.count;
  s.geometry = pass.geometry;
  s.columns = pass.axis != 'x';
  return s;
}

StackedShape stacked_shape(const PassShape& shape, long long grid_elements, long long copies) {
  StackedShape out{shape, 1};
  if (copies <= 1) return out;
  if (!shape.columns) {  // contiguous rows: more rows
    out.shape.count = shape.count * copies;
    out.copies = copies;
    return out;
  }
  const kern::RowGeometry& g = shape.geometry;
  if (g.inner <= 0 || shape.count % g.inner != 0) return out;
  const long long groups = shape.count / g.inner;
  if (groups * g.outer == grid_elements) {
    // The groups tile the grid (Y columns): the next copy's groups follow.
  } else if (groups == 1) {
    out.shape.geometry.outer = grid_elements;  // one group per copy (Z columns)
  } else {
    return out;
  }
  out.shape.count = shape.count * copies;
  out.copies = copies;
  return out;
}

std::vector<long long> rows_to_check(const PassShape& shape, int rows_per_block, long long all_up_to) {
  std::vector<long long> rows;
  if (shape.count * shape.n <= all_up_to) {
    for (long long r = 0; r < shape.count; ++r) rows.push_back(r);
    return rows;
  }
  const long long edge = std::min(shape.count, 2LL * std::max(1, rows_per_block));
  for (long long r = 0; r < edge; ++r) {
    rows.push_back(r);
    rows.push_back(shape.count - 1 - r);
  }
  constexpr int kSpread = 32;
  for (int i = 1; i <= kSpread; ++i) rows.push_back(shape.count * i / (kSpread + 1) + i % 7);
  rows.erase(std::remove_if(rows.begin(), rows.end(), [&](long long r) { return r < 0 || r >= shape.count; }),
             rows.end());
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  return rows;
}

double rows_relative_error(const std::vector<std::complex<double>>& input,
                           const std::vector<std::complex<double>>& got, int n, int sign) {
  if (n < 1 || input.size() != got.size() || input.size() % static_cast<size_t>(n) != 0)
    fail(FFT3D_ERROR_INTERNAL, "rows_relative_error: mismatched rows");
  if (input.empty()) return 0;
  std::vector<std::complex<double>> in(input), want(input.size());
  const int rows = static_cast<int>(input.size() / static_cast<size_t>(n));
  auto* i = reinterpret_cast<fftw_complex*>(in.data());
  auto* o = reinterpret_cast<fftw_complex*>(want.data());
  run_oracle([&] { return fftw_plan_many_dft(1, &n, rows, i, nullptr, 1, n, o, nullptr, 1, n, sign, FFTW_ESTIMATE); });
  return relative_l2(as_doubles(got), as_doubles(want), 2 * want.size());
}

bool is_real_rows(const GridPass& pass) { return pass.axis == 'x' && pass.variant.real != RealRows::none; }

int kernel_length(const GridPass& pass) { return pass.variant.real == RealRows::half ? pass.n / 2 : pass.n; }

PassShape real_rows_shape(int nx, long long rows) { return PassShape{nx / 2 + 1, rows, {1, 0, 1}, false}; }

std::vector<double> unpack_real_rows(const std::vector<std::complex<double>>& padded, int nx) {
  const size_t half = static_cast<size_t>(nx / 2 + 1);
  if (nx < 1 || padded.size() % half != 0) fail(FFT3D_ERROR_INTERNAL, "unpack_real_rows: mismatched rows");
  const double* reals = as_doubles(padded);
  std::vector<double> out;
  out.reserve(padded.size() / half * static_cast<size_t>(nx));
  for (size_t r = 0; r < padded.size() / half; ++r)
    out.insert(out.end(), reals + 2 * half * r, reals + 2 * half * r + nx);
  return out;
}

double real_rows_forward_error(const std::vector<double>& reals, const std::vector<std::complex<double>>& got,
                               int nx) {
  const int half = nx / 2 + 1;
  if (nx < 1 || reals.size() % static_cast<size_t>(nx) != 0 || got.size() != reals.size() / nx * half)
    fail(FFT3D_ERROR_INTERNAL, "real_rows_forward_error: mismatched rows");
  if (reals.empty()) return 0;
  std::vector<double> in(reals);
  std::vector<std::complex<double>> want(got.size());
  const int rows = static_cast<int>(reals.size() / static_cast<size_t>(nx));
  auto* o = reinterpret_cast<fftw_complex*>(want.data());
  run_oracle([&] {
    return fftw_plan_many_dft_r2c(1, &nx, rows, in.data(), nullptr, 1, nx, o, nullptr, 1, half, FFTW_ESTIMATE);
  });
  return relative_l2(as_doubles(got), as_doubles(want), 2 * want.size());
}

double real_rows_inverse_error(const std::vector<std::complex<double>>& spectrum, const std::vector<double>& got,
                               int nx) {
  const int half = nx / 2 + 1;
  if (nx < 1 || spectrum.size() % static_cast<size_t>(half) != 0 || got.size() != spectrum.size() / half * nx)
    fail(FFT3D_ERROR_INTERNAL, "real_rows_inverse_error: mismatched rows");
  if (spectrum.empty()) return 0;
  std::vector<std::complex<double>> in(spectrum);  // c2r overwrites its input
  for (size_t r = 0; r < in.size(); r += static_cast<size_t>(half)) {
    in[r].imag(0);
    if (nx % 2 == 0) in[r + static_cast<size_t>(half) - 1].imag(0);
  }
  std::vector<double> want(got.size());
  const int rows = static_cast<int>(spectrum.size() / static_cast<size_t>(half));
  auto* i = reinterpret_cast<fftw_complex*>(in.data());
  run_oracle([&] {
    return fftw_plan_many_dft_c2r(1, &nx, rows, i, nullptr, 1, half, want.data(), nullptr, 1, nx, FFTW_ESTIMATE);
  });
  return relative_l2(got.data(), want.data(), want.size());
}

double pass_error_bound(Precision precision, int n) {
  const double eps = precision == Precision::f32 ? 5.96e-8 : 1.11e-16;
  return 5.0 * eps * std::max(1.0, std::log2(static_cast<double>(n)));
}

long long pattern_period(long long grid_elements) {
  constexpr long long kPrime = 1048573;  // the largest prime below 2^20
  return std::max(1LL, std::min(kPrime, grid_elements));
}

}  // namespace fft3d
