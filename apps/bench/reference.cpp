#include "reference.h"

#include <algorithm>
#include <cmath>
#include <thread>

#include <fftw3.h>

#include "check.h"

namespace fft3d_bench {

namespace {

fftw_complex* allocate(size_t count) {
  auto* p = static_cast<fftw_complex*>(fftw_malloc(sizeof(fftw_complex) * count));
  if (!p) throw BenchError("fftw_malloc failed for the reference rows");
  return p;
}

// Threads for the plans made next: every core for whole grids, one for the
// oracles' rows (a row is too short to share). FFTW keeps the count as
// global state, so every plan sets its own. Without FFTW's threads library
// (FFT3D_BENCH_FFTW_THREADS unset) every plan runs on one core.
void plan_threads(bool all_cores) {
#ifdef FFT3D_BENCH_FFTW_THREADS
  static const bool ready = fftw_init_threads() != 0;
  if (ready) fftw_plan_with_nthreads(all_cores ? int(std::max(1u, std::thread::hardware_concurrency())) : 1);
#else
  (void)all_cores;
#endif
}

// Runs a reference plan once and destroys it, with every core; `make_plan`
// makes it (nullptr where FFTW could not). False without a plan.
template <class MakePlan>
bool run_once_on_all_cores(MakePlan make_plan) {
  plan_threads(true);
  const fftw_plan plan = make_plan();
  if (!plan) return false;
  fftw_execute(plan);
  fftw_destroy_plan(plan);
  return true;
}

// `count` values widened to double into FFTW's input array.
template <typename T>
void widen(const std::complex<T>* from, fftw_complex* to, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    to[i][0] = double(from[i].real());
    to[i][1] = double(from[i].imag());
  }
}

// The sums of squares of a relative L2 error: got's distance from want
// into diff2, want's norm into ref2.
template <typename T>
void add_squares(const fftw_complex* want, const std::complex<T>* got, size_t count, double& diff2, double& ref2) {
  for (size_t i = 0; i < count; ++i) {
    const double dr = double(got[i].real()) - want[i][0];
    const double di = double(got[i].imag()) - want[i][1];
    diff2 += dr * dr + di * di;
    ref2 += want[i][0] * want[i][0] + want[i][1] * want[i][1];
  }
}

// sqrt(diff2 / ref2), or NaN where got held a NaN or an Inf: an unwritten
// or garbage output cannot pass as small.
double relative_l2_of(double diff2, double ref2) {
  if (!std::isfinite(diff2)) return std::nan("");
  return ref2 > 0.0 ? std::sqrt(diff2 / ref2) : std::sqrt(diff2);
}

}  // namespace

// ESTIMATE: planning must not overwrite the arrays or take long; a few dozen
// rows are all an oracle ever transforms.
FftwOracle::FftwOracle(int n) : count_(size_t(n)) {
  plan_threads(false);
  in_ = allocate(count_);
  out_ = allocate(count_);
  plan_ = fftw_plan_dft_1d(n, static_cast<fftw_complex*>(in_), static_cast<fftw_complex*>(out_),
                           FFTW_FORWARD, FFTW_ESTIMATE);
  if (!plan_) {
    fftw_free(in_);
    fftw_free(out_);
    throw BenchError("fftw_plan_dft_1d failed for n = " + std::to_string(n));
  }
}

FftwOracle::~FftwOracle() {
  fftw_destroy_plan(static_cast<fftw_plan>(plan_));
  fftw_free(in_);
  fftw_free(out_);
}

template <typename T>
void FftwOracle::add(const std::complex<T>* input, const std::complex<T>* got) {
  widen(input, static_cast<fftw_complex*>(in_), count_);
  fftw_execute(static_cast<fftw_plan>(plan_));
  add_squares(static_cast<const fftw_complex*>(out_), got, count_, diff2_, ref2_);
}

void FftwOracle::add_row(const std::complex<float>* input, const std::complex<float>* got) {
  add(input, got);
}
void FftwOracle::add_row(const std::complex<double>* input, const std::complex<double>* got) {
  add(input, got);
}

double FftwOracle::relative_l2() const { return relative_l2_of(diff2_, ref2_); }

template <typename T>
void FftwGridReference::transform_complex(int nx, int ny, int nz, const std::complex<T>* input) {
  const size_t count = size_t(nx) * ny * nz;
  fftw_complex* in = allocate(count);
  widen(input, in, count);
  spectrum_.resize(count);
  // std::complex<double> is laid out as fftw_complex (FFTW's manual, "Complex numbers").
  auto* out = reinterpret_cast<fftw_complex*>(spectrum_.data());
  // FFTW is row-major, last dimension contiguous: x is the last.
  const bool done =
      run_once_on_all_cores([&] { return fftw_plan_dft_3d(nz, ny, nx, in, out, FFTW_FORWARD, FFTW_ESTIMATE); });
  fftw_free(in);
  if (!done) throw BenchError("fftw_plan_dft_3d failed for a reference grid");
}

template <typename T>
void FftwGridReference::transform_real(int nx, int ny, int nz, const T* padded_reals) {
  const size_t half = size_t(nx) / 2 + 1, rows = size_t(ny) * nz;
  double* in = fftw_alloc_real(rows * nx);
  if (!in) throw BenchError("fftw_alloc_real failed for a reference grid");
  for (size_t r = 0; r < rows; ++r)
    for (int x = 0; x < nx; ++x) in[r * nx + x] = double(padded_reals[r * 2 * half + x]);
  spectrum_.resize(rows * half);
  auto* out = reinterpret_cast<fftw_complex*>(spectrum_.data());
  const bool done = run_once_on_all_cores([&] { return fftw_plan_dft_r2c_3d(nz, ny, nx, in, out, FFTW_ESTIMATE); });
  fftw_free(in);
  if (!done) throw BenchError("fftw_plan_dft_r2c_3d failed for a reference grid");
}

template <typename T>
double FftwGridReference::error(const std::complex<T>* got) const {
  double diff2 = 0.0, ref2 = 0.0;
  add_squares(reinterpret_cast<const fftw_complex*>(spectrum_.data()), got, spectrum_.size(), diff2, ref2);
  return relative_l2_of(diff2, ref2);
}

FftwGridReference::FftwGridReference(int nx, int ny, int nz, const std::complex<float>* input) {
  transform_complex(nx, ny, nz, input);
}
FftwGridReference::FftwGridReference(int nx, int ny, int nz, const std::complex<double>* input) {
  transform_complex(nx, ny, nz, input);
}
FftwGridReference::FftwGridReference(int nx, int ny, int nz, const float* padded_reals) {
  transform_real(nx, ny, nz, padded_reals);
}
FftwGridReference::FftwGridReference(int nx, int ny, int nz, const double* padded_reals) {
  transform_real(nx, ny, nz, padded_reals);
}
double FftwGridReference::relative_l2(const std::complex<float>* got) const { return error(got); }
double FftwGridReference::relative_l2(const std::complex<double>* got) const { return error(got); }

}  // namespace fft3d_bench
