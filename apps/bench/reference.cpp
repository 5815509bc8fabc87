#include "reference.h"

#include <cmath>

#include <fftw3.h>

#include "check.h"

namespace fft3d_bench {

namespace {

fftw_complex* allocate(size_t count) {
  auto* p = static_cast<fftw_complex*>(fftw_malloc(sizeof(fftw_complex) * count));
  if (!p) throw BenchError("fftw_malloc failed for the reference rows");
  return p;
}

}  // namespace

// ESTIMATE: planning must not overwrite the arrays or take long; a few dozen
// rows, or one grid, are all an oracle ever transforms.
FftwOracle::FftwOracle(int n) : count_(size_t(n)) {
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

FftwOracle::FftwOracle(int nx, int ny, int nz) : count_(size_t(nx) * size_t(ny) * size_t(nz)) {
  in_ = allocate(count_);
  out_ = allocate(count_);
  // FFTW is row-major, last dimension contiguous: x is the last.
  plan_ = fftw_plan_dft_3d(nz, ny, nx, static_cast<fftw_complex*>(in_),
                           static_cast<fftw_complex*>(out_), FFTW_FORWARD, FFTW_ESTIMATE);
  if (!plan_) {
    fftw_free(in_);
    fftw_free(out_);
    throw BenchError("fftw_plan_dft_3d failed for " + std::to_string(nx) + "x" +
                     std::to_string(ny) + "x" + std::to_string(nz));
  }
}

FftwOracle::~FftwOracle() {
  fftw_destroy_plan(static_cast<fftw_plan>(plan_));
  fftw_free(in_);
  fftw_free(out_);
}

template <typename T>
void FftwOracle::add(const std::complex<T>* input, const std::complex<T>* got) {
  auto* in = static_cast<fftw_complex*>(in_);
  auto* out = static_cast<const fftw_complex*>(out_);
  for (size_t i = 0; i < count_; ++i) {
    in[i][0] = double(input[i].real());
    in[i][1] = double(input[i].imag());
  }
  fftw_execute(static_cast<fftw_plan>(plan_));
  for (size_t i = 0; i < count_; ++i) {
    const double dr = double(got[i].real()) - out[i][0];
    const double di = double(got[i].imag()) - out[i][1];
    diff2_ += dr * dr + di * di;
    ref2_ += out[i][0] * out[i][0] + out[i][1] * out[i][1];
  }
}

void FftwOracle::add_row(const std::complex<float>* input, const std::complex<float>* got) {
  add(input, got);
}
void FftwOracle::add_row(const std::complex<double>* input, const std::complex<double>* got) {
  add(input, got);
}

double FftwOracle::relative_l2() const {
  if (!std::isfinite(diff2_)) return std::nan("");
  return ref2_ > 0.0 ? std::sqrt(diff2_ / ref2_) : std::sqrt(diff2_);
}

}  // namespace fft3d_bench
