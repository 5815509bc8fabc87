#include "tune/gpu_pass_timer.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

#include "common/error.h"
#include "fft1d/x_kernel_source.h"
#include "fft1d/x_pass.h"
#include "gpu/cuda_check.h"
#include "gpu/module_cache.h"
#include "multirow/five_step_pass.h"

namespace fft3d {

namespace {

constexpr int kWarmup = 2;
constexpr long long kAllRowsUpTo = 1 << 20;  // elements of a pass verified whole (and downloaded at once)

int block_rows(const Candidate& c) { return c.is_five_step() ? c.five_step.columns_per_block : c.x.rows_per_block; }

}  // namespace

TuningData::TuningData(long long grid_elements, Precision precision, const DeviceInfo& device)
    : grid_elements_(grid_elements), period_(pattern_period(grid_elements)), precision_(precision) {
  const long long grid_bytes = grid_elements * complex_bytes(precision);
  // At least twice the L2 cache, so a pass streams from DRAM as it will in
  // the application; fewer copies where device memory is short.
  const long long target = 2 * std::max<long long>(device.l2_bytes, 1);
  copies_ = std::max(1LL, (target + grid_bytes - 1) / grid_bytes);
  size_t free_bytes = 0, total_bytes = 0;
  FFT3D_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  const long long spare = static_cast<long long>(free_bytes) / 2;
  if (copies_ > 1 && copies_ * grid_bytes > spare) copies_ = std::max(1LL, spare / grid_bytes);
  buffer_ = DeviceBuffer(static_cast<size_t>(copies_ * grid_bytes));
  FFT3D_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));

  std::mt19937_64 rng(std::random_device{}());
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  pattern_.resize(static_cast<size_t>(period_));
  pattern_bytes_.resize(static_cast<size_t>(period_) * complex_bytes(precision));
  for (size_t i = 0; i < pattern_.size(); ++i) {
    const double re = u(rng), im = u(rng);
    if (precision == Precision::f32) {
      const float v[2] = {static_cast<float>(re), static_cast<float>(im)};
      std::memcpy(&pattern_bytes_[i * sizeof v], v, sizeof v);
      pattern_[i] = {v[0], v[1]};
    } else {
      const double v[2] = {re, im};
      std::memcpy(&pattern_bytes_[i * sizeof v], v, sizeof v);
      pattern_[i] = {re, im};
    }
  }
  fill(copies_ * grid_elements_);
}

TuningData::~TuningData() {
  if (stream_) {
    cudaStreamSynchronize(stream_);
    cudaStreamDestroy(stream_);
  }
}

// Element e = pattern[e % period]: the pattern once, then copies of what is
// there, doubling (every copy starts at a multiple of the period).
void TuningData::fill(long long elements) {
  const size_t esize = static_cast<size_t>(complex_bytes(precision_));
  char* base = static_cast<char*>(buffer_.get());
  const long long first = std::min(elements, period_);
  FFT3D_CUDA_CHECK(cudaMemcpyAsync(base, pattern_bytes_.data(), static_cast<size_t>(first) * esize,
                                   cudaMemcpyHostToDevice, stream_));
  for (long long done = first; done < elements;) {
    const long long chunk = std::min(done / period_ * period_, elements - done);
    FFT3D_CUDA_CHECK(cudaMemcpyAsync(base + static_cast<size_t>(done) * esize, base,
                                     static_cast<size_t>(chunk) * esize, cudaMemcpyDeviceToDevice, stream_));
    done += chunk;
  }
  FFT3D_CUDA_CHECK(cudaStreamSynchronize(stream_));
}

void TuningData::restore_first_grid() { fill(grid_elements_); }

std::vector<std::complex<double>> TuningData::gather(const PassShape& shape, const std::vector<long long>& rows) const {
  const size_t esize = static_cast<size_t>(complex_bytes(precision_));
  const int n = shape.n;
  std::vector<std::complex<double>> out(rows.size() * static_cast<size_t>(n));
  auto to_double = [&](const char* p) -> std::complex<double> {
    if (precision_ == Precision::f32) {
      float v[2];
      std::memcpy(v, p, sizeof v);
      return {v[0], v[1]};
    }
    double v[2];
    std::memcpy(v, p, sizeof v);
    return {v[0], v[1]};
  };
  std::vector<char> host;
  const char* device = static_cast<const char*>(buffer_.get());
  if (grid_elements_ <= kAllRowsUpTo) {  // one download of the whole grid
    host.resize(static_cast<size_t>(grid_elements_) * esize);
    FFT3D_CUDA_CHECK(cudaMemcpyAsync(host.data(), device, host.size(), cudaMemcpyDeviceToHost, stream_));
    FFT3D_CUDA_CHECK(cudaStreamSynchronize(stream_));
    for (size_t r = 0; r < rows.size(); ++r)
      for (int j = 0; j < n; ++j)
        out[r * n + j] = to_double(&host[static_cast<size_t>(shape.element(rows[r], j)) * esize]);
    return out;
  }
  host.resize(rows.size() * static_cast<size_t>(n) * esize);  // row by row, strided
  for (size_t r = 0; r < rows.size(); ++r)
    FFT3D_CUDA_CHECK(cudaMemcpy2DAsync(&host[r * n * esize], esize,
                                       device + static_cast<size_t>(shape.element(rows[r], 0)) * esize,
                                       static_cast<size_t>(shape.stride()) * esize, esize, static_cast<size_t>(n),
                                       cudaMemcpyDeviceToHost, stream_));
  FFT3D_CUDA_CHECK(cudaStreamSynchronize(stream_));
  for (size_t k = 0; k < out.size(); ++k) out[k] = to_double(&host[k * esize]);
  return out;
}

void TuningData::recover() const {
  cudaStreamSynchronize(stream_);
  cudaGetLastError();
}

std::string tuned_kernel_id(Precision precision, int n, const Candidate& c) {
  return std::string(precision_name(precision)) + ".n" + std::to_string(n) + "." + c.name();
}

bool compile_tuned_kernel(int n, Precision precision, const Candidate& c, const DeviceInfo& device) {
  try {
    const std::string source =
        c.is_five_step() ? five_step_kernel_source(c.five_step, precision) : x_kernel_source(n, precision, c.x);
    cached_cubin(source, device.arch());
    return true;
  } catch (const Error&) {
    return false;
  }
}

GpuPassTimer::GpuPassTimer(const GridPass& pass, const DeviceInfo& device, TuningData& data, int repeats)
    : shape_(pass_shape(pass)), device_(device), data_(data), timer_(repeats) {}

std::string GpuPassTimer::kernel_id(const Candidate& c) const {
  return tuned_kernel_id(data_.precision(), shape_.n, c);
}

bool GpuPassTimer::compile(const Candidate& c) { return compile_tuned_kernel(shape_.n, data_.precision(), c, device_); }

std::unique_ptr<GpuPass> GpuPassTimer::make_pass(const Candidate& c) const {
  if (c.is_five_step()) return std::make_unique<FiveStepPass>(c.five_step, data_.precision(), device_);
  return std::make_unique<XPass>(shape_.n, data_.precision(), c.x, device_);
}

// Forward passes scaled by 1/sqrt(n) keep the data's norm, so the values
// stay in range however often they are transformed.
std::optional<double> GpuPassTimer::time(const Candidate& c) {
  try {
    const std::unique_ptr<GpuPass> pass = make_pass(c);
    const StackedShape stacked = stacked_shape(shape_, data_.grid_elements(), data_.copies());
    const double scale = 1.0 / std::sqrt(static_cast<double>(shape_.n));
    auto run = [&] {
      pass->run(data_.data(), stacked.shape.count, -1, data_.stream(), stacked.shape.geometry, scale);
    };
    return timer_.median_ms(data_.stream(), kWarmup, run) / static_cast<double>(stacked.copies);
  } catch (const Error&) {
    data_.recover();
    return std::nullopt;
  }
}

// Forward and inverse on the first grid, in the pass's real geometry; the
// checked rows against FFTW in double precision.
bool GpuPassTimer::verify(const Candidate& c) {
  try {
    const std::unique_ptr<GpuPass> pass = make_pass(c);
    const std::vector<long long> rows = rows_to_check(shape_, block_rows(c), kAllRowsUpTo);
    std::vector<std::complex<double>> input(rows.size() * static_cast<size_t>(shape_.n));
    for (size_t r = 0; r < rows.size(); ++r)
      for (int j = 0; j < shape_.n; ++j) input[r * shape_.n + j] = data_.input(shape_.element(rows[r], j));
    const double bound = pass_error_bound(data_.precision(), shape_.n);
    for (int sign : {-1, +1}) {
      data_.restore_first_grid();
      pass->run(data_.data(), shape_.count, sign, data_.stream(), shape_.geometry, 1.0);
      const double error = rows_relative_error(input, data_.gather(shape_, rows), shape_.n, sign);
      if (!(error <= bound)) return false;
    }
    return true;
  } catch (const Error&) {
    data_.recover();
    return false;
  }
}

GpuRealRowsTimer::GpuRealRowsTimer(const GridPass& pass, const DeviceInfo& device, TuningData& data, int repeats)
    : nx_(pass.n),
      kernel_n_(kernel_length(pass)),
      sign_(pass.real_sign),
      shape_(real_rows_shape(pass.n, pass.count)),
      device_(device),
      data_(data),
      timer_(repeats) {}

std::string GpuRealRowsTimer::kernel_id(const Candidate& c) const {
  return tuned_kernel_id(data_.precision(), kernel_n_, c);
}

bool GpuRealRowsTimer::compile(const Candidate& c) {
  return !c.is_five_step() && compile_tuned_kernel(kernel_n_, data_.precision(), c, device_);
}

// In place, the padded real rows of the stacked copies are a rows pass of
// nx/2 + 1 complex values; each forward reads the first nx reals of a row
// and writes the row, each inverse the reverse. The pass's direction alone
// (real_sign), or a forward and an inverse together (0). Scaled by
// 1/sqrt(kernel n), the values stay bounded either way.
std::optional<double> GpuRealRowsTimer::time(const Candidate& c) {
  try {
    const XPass pass(kernel_n_, data_.precision(), c.x, device_);
    const StackedShape stacked = stacked_shape(shape_, data_.grid_elements(), data_.copies());
    const long long pitch = 2LL * shape_.n;  // reals per padded row
    const double scale = 1.0 / std::sqrt(static_cast<double>(kernel_n_));
    auto run = [&] {
      for (int sign : {-1, +1})
        if (sign_ == 0 || sign == sign_)
          pass.run_rows(data_.data(), data_.data(), stacked.shape.count, sign, data_.stream(), pitch, pitch, scale);
    };
    return timer_.median_ms(data_.stream(), kWarmup, run) / static_cast<double>(stacked.copies);
  } catch (const Error&) {
    data_.recover();
    return std::nullopt;
  }
}

// Forward (the padded rows' first nx reals in, nx/2 + 1 values out) and
// inverse (nx/2 + 1 values in, nx reals out) on the first grid, in place:
// both whichever was timed, as a "real-rows" entry alone serves both.
bool GpuRealRowsTimer::verify(const Candidate& c) {
  try {
    const XPass pass(kernel_n_, data_.precision(), c.x, device_);
    const std::vector<long long> rows = rows_to_check(shape_, c.x.rows_per_block, kAllRowsUpTo);
    std::vector<std::complex<double>> input(rows.size() * static_cast<size_t>(shape_.n));
    for (size_t r = 0; r < rows.size(); ++r)
      for (int j = 0; j < shape_.n; ++j) input[r * shape_.n + j] = data_.input(shape_.element(rows[r], j));
    const long long pitch = 2LL * shape_.n;
    const double bound = pass_error_bound(data_.precision(), nx_);
    for (int sign : {-1, +1}) {
      data_.restore_first_grid();
      pass.run_rows(data_.data(), data_.data(), shape_.count, sign, data_.stream(), pitch, pitch, 1.0);
      const std::vector<std::complex<double>> got = data_.gather(shape_, rows);
      const double error = sign < 0 ? real_rows_forward_error(unpack_real_rows(input, nx_), got, nx_)
                                    : real_rows_inverse_error(input, unpack_real_rows(got, nx_), nx_);
      if (!(error <= bound)) return false;
    }
    return true;
  } catch (const Error&) {
    data_.recover();
    return false;
  }
}

}  // namespace fft3d
