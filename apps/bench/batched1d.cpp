// Mode --batched1d: batch rows of N complex values, contiguous, transformed
// forward in place. For each N, in one process and on the same device buffer:
// fft3d, cuFFT's batched 1-D plan, and a device-to-device copy of the same
// bytes (the memory-bandwidth ceiling); plus errors of both FFTs against FFTW.
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>
#include <cufft.h>

#include "check.h"
#include "copy_bandwidth.h"
#include "device_buffer.h"
#include "fft3d.h"
#include "gpu_timer.h"
#include "modes.h"
#include "plan_handles.h"
#include "plan_text.h"
#include "random_input.h"
#include "reference.h"
#include "report.h"
#include "transform_traits.h"

namespace fft3d_bench {
namespace {

const std::vector<int> kDefaultSizes = {64, 128, 192, 256, 432, 480, 512, 1024, 2048, 4096};
constexpr long long kSampleRows = 16;  // first and last rows checked against FFTW
// Untimed runs before each timed set: first-touch effects, clocks ramping up.
constexpr int kWarmup = 3;

std::vector<int> parse_sizes(const std::vector<std::string>& text) {
  if (text.empty()) return kDefaultSizes;
  std::vector<int> sizes;
  for (const std::string& s : text) {
    size_t used = 0;
    long long n = 0;
    try {
      n = std::stoll(s, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != s.size() || n < 1 || n > (1LL << 30))
      throw BenchError("--sizes: '" + s + "' is not a transform length (1 .. 2^30)");
    sizes.push_back(int(n));
  }
  return sizes;
}

// Row ranges [first, first + count) compared with FFTW: the first and the last
// kSampleRows rows, which catches a batch loop that stops early or a last
// partial block written wrongly.
std::vector<std::pair<long long, long long>> sample_ranges(long long batch) {
  std::vector<std::pair<long long, long long>> ranges;
  const long long head = std::min(kSampleRows, batch);
  ranges.push_back({0, head});
  const long long tail_first = std::max(head, batch - kSampleRows);
  if (tail_first < batch) ranges.push_back({tail_first, batch - tail_first});
  return ranges;
}

// Restores the input, runs `transform` once, and returns the relative L2
// error of the sampled rows against FFTW in double precision. Since the input
// is the random data itself, a row the transform never wrote stays at its
// input values and shows up as an error of order one.
template <typename T>
double error_against_fftw(const Stream& stream, const std::function<void()>& restore,
                          const std::function<void()>& transform, const DeviceBuffer& data,
                          const std::vector<std::complex<T>>& input, int n, long long batch) {
  restore();
  transform();
  FftwOracle oracle(n);
  std::vector<std::complex<T>> got;
  for (auto [first, count] : sample_ranges(batch)) {
    const size_t offset = size_t(first) * n;
    got.resize(size_t(count) * n);
    CUDA_CHECK(cudaMemcpyAsync(got.data(), static_cast<const std::complex<T>*>(data.get()) + offset,
                               got.size() * sizeof(std::complex<T>), cudaMemcpyDeviceToHost,
                               stream.get()));
    stream.synchronize();
    for (long long r = 0; r < count; ++r)
      oracle.add_row(input.data() + offset + size_t(r) * n, got.data() + size_t(r) * n);
  }
  return oracle.relative_l2();
}

// Rows of n values of type T: at least --bytes of them (rounded up), so the
// set never fits in L2.
template <typename T>
long long batch_for(const BenchOptions& options, int n) {
  const long long row_bytes = (long long)n * (long long)sizeof(std::complex<T>);
  return (options.bytes + row_bytes - 1) / row_bytes;
}

template <typename T>
ResultRow run_size(const BenchOptions& options, const Stream& stream, int n) {
  using C = std::complex<T>;
  const char* prec = precision_name(Traits<T>::precision);
  const long long row_bytes = (long long)n * (long long)sizeof(C);
  const long long batch = batch_for<T>(options, n);
  const size_t bytes = size_t(batch) * size_t(row_bytes);
  std::cout << "\n" << prec << " N=" << n << " batch=" << batch << " ("
            << double(bytes) / (1 << 20) << " MiB)" << std::endl;

  // Seeded from N and the precision: fresh data per size, reproducible runs.
  const std::vector<C> input =
      random_complex<T>(size_t(batch) * n, 1000003ULL * std::uint64_t(n) + sizeof(T));
  // `data` is transformed in place; `pristine` keeps the input on the device
  // so restoring it costs a device copy, not a host upload.
  DeviceBuffer data(bytes), pristine(bytes);
  CUDA_CHECK(cudaMemcpyAsync(pristine.get(), input.data(), bytes, cudaMemcpyHostToDevice,
                             stream.get()));
  const std::function<void()> restore = [&] {
    CUDA_CHECK(cudaMemcpyAsync(data.get(), pristine.get(), bytes, cudaMemcpyDeviceToDevice,
                               stream.get()));
  };

  Fft3dPlan ours;
  FFT3D_CHECK(fft3d_plan_create_1d_batched(ours.out(), n, batch, Traits<T>::fft3d,
                                           options.tuning | FFT3D_BACKEND_GPU));
  unsigned backend = 0;
  FFT3D_CHECK(fft3d_plan_get_backend(ours.get(), &backend));
  if (backend != FFT3D_BACKEND_GPU)
    throw BenchError("fft3d_plan_create_1d_batched returned a plan that does not run on the GPU");
  FFT3D_CHECK(fft3d_set_stream(ours.get(), stream.get()));
  std::cout << plan_block(describe_plan(ours.get())) << std::endl;

  CufftPlan theirs;
  long long nn = n;
  size_t work_bytes = 0;
  CUFFT_CHECK(cufftMakePlanMany64(theirs.get(), 1, &nn, nullptr, 1, nn, nullptr, 1, nn,
                                  Traits<T>::cufft, batch, &work_bytes));
  CUFFT_CHECK(cufftSetStream(theirs.get(), stream.get()));

  const std::function<void()> run_ours = [&] {
    FFT3D_CHECK(fft3d_forward(ours.get(), data.get()));
  };
  const std::function<void()> run_cufft = [&] {
    CUFFT_CHECK(Traits<T>::forward(theirs.get(), data.get()));
  };

  ResultRow row;
  row.precision = prec;
  row.size = std::to_string(n);
  row.batch = batch;
  row.bytes = double(bytes);
  row.flops = 5.0 * n * std::log2(double(n)) * double(batch);

  // The correctness runs are also each library's first launch (NVRTC compile,
  // module load, lazy work areas), so that cost stays out of the timings.
  row.err_ours = error_against_fftw<T>(stream, restore, run_ours, data, input, n, batch);
  row.err_cufft = error_against_fftw<T>(stream, restore, run_cufft, data, input, n, batch);

  // Every repetition starts from the random input: forward transforms grow
  // values by sqrt(N) each, and ~20 of them at N = 4096 overflow f32. The
  // restore is enqueued before the start event, so it is not timed.
  const int reps = options.repeats;
  row.ms_ours = median(time_repetitions(stream, kWarmup, reps, restore, run_ours));
  row.ms_cufft = median(time_repetitions(stream, kWarmup, reps, restore, run_cufft));
  // Last, because it overwrites `pristine`, which nothing needs any more.
  row.ms_copy = time_device_copy_ms(stream, pristine.get(), data.get(), bytes, reps);
  return row;
}

// --describe-only: each size's plan, with nothing allocated or timed.
template <typename T>
void describe_precision(const BenchOptions& options, const std::vector<int>& sizes) {
  for (int n : sizes) {
    const long long batch = batch_for<T>(options, n);
    Fft3dPlan plan;
    FFT3D_CHECK(fft3d_plan_create_1d_batched(plan.out(), n, batch, Traits<T>::fft3d,
                                             options.tuning | FFT3D_BACKEND_GPU));
    std::cout << "\n" << precision_name(Traits<T>::precision) << " N=" << n << " batch=" << batch
              << "\n" << plan_block(describe_plan(plan.get())) << std::endl;
  }
}

template <typename T>
void run_precision(const BenchOptions& options, const std::vector<int>& sizes, CsvWriter& csv) {
  const Stream stream;
  std::vector<ResultRow> rows;
  for (int n : sizes) {
    rows.push_back(run_size<T>(options, stream, n));
    csv.write(rows.back());
  }
  const char* prec = precision_name(Traits<T>::precision);
  print_table(std::cout,
              std::string("batched 1-D C2C forward, ") + prec + ", fft3d flags " +
                  options.tuning_name + ", median of " + std::to_string(options.repeats) +
                  " (GB/s count read + write; cuFFT/ours > 1: fft3d faster; errors: relative L2 "
                  "vs FFTW double)",
              rows);
  for (const ResultRow& r : rows) {
    // NaN compares false, so test for "not good" rather than "bad".
    if (!(r.err_ours <= Traits<T>::tolerance))
      std::cout << "WARNING: " << prec << " N=" << r.size << ": fft3d error " << r.err_ours
                << " above " << Traits<T>::tolerance << "\n";
    if (!(r.err_cufft <= Traits<T>::tolerance))
      std::cout << "WARNING: " << prec << " N=" << r.size << ": cuFFT error " << r.err_cufft
                << " above " << Traits<T>::tolerance << "\n";
  }
}

}  // namespace

int run_batched1d(const BenchOptions& options) {
  const std::vector<int> sizes = parse_sizes(options.sizes);  // before any size is measured
  if (options.describe_only) {
    for (Precision p : options.precisions) {
      if (p == Precision::f32)
        describe_precision<float>(options, sizes);
      else
        describe_precision<double>(options, sizes);
    }
    return 0;
  }
  CsvWriter csv(options.csv_path);
  for (Precision p : options.precisions) {
    if (p == Precision::f32)
      run_precision<float>(options, sizes, csv);
    else
      run_precision<double>(options, sizes, csv);
  }
  return 0;
}

}  // namespace fft3d_bench
