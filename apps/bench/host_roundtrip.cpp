// Mode --host: a GPU plan on a host array, end to end (fft3d_forward_host:
// upload through pinned staging, transform, download), against what the
// copies alone cost. For each size, in one process, on the same bytes:
//   - end to end from an ordinary (pageable) array, and from a page-locked one
//     (no staging copies), wall-clock median, the first call reported apart
//     since it allocates the staging buffers;
//   - the transform alone on device memory (CUDA events);
//   - pinned cudaMemcpy host-to-device and device-to-host bandwidth.
// End-to-end GB/s counts the bytes moved both ways: 2 x bytes / time.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>

#include "check.h"
#include "device_buffer.h"
#include "fft3d.h"
#include "gpu_timer.h"
#include "grids.h"
#include "modes.h"
#include "plan_handles.h"
#include "random_input.h"
#include "reference.h"
#include "transform_traits.h"

namespace fft3d_bench {
namespace {

// A 3-D grid, or batched rows of n = nx (as many rows as --bytes holds).
struct HostCase {
  int nx = 1, ny = 1, nz = 1;
  bool rows = false;
  std::string name() const {
    if (rows) return "1d:" + std::to_string(nx);
    return std::to_string(nx) + "x" + std::to_string(ny) + "x" + std::to_string(nz);
  }
};

const std::vector<std::string> kDefaultCases = {"128", "256", "384", "1d:256", "1d:1024", "1d:4096"};
constexpr int kWarmup = 1;
constexpr long long kSampleRows = 16;

const char* const kCaseUsage = "256, NXxNYxNZ or 1d:N";

// "256" is a cube, "256x128x64" nx x ny x nz, "1d:1024" rows of 1024.
std::vector<HostCase> parse_cases(std::vector<std::string> entries) {
  if (entries.empty()) entries = kDefaultCases;
  std::vector<HostCase> cases;
  for (const std::string& entry : entries) {
    HostCase c;
    if (entry.rfind("1d:", 0) == 0) {
      c.rows = true;
      c.nx = parse_extent(entry.substr(3), entry, kCaseUsage);
    } else {
      const Grid g = parse_grid(entry, kCaseUsage);
      c.nx = g.nx, c.ny = g.ny, c.nz = g.nz;
    }
    cases.push_back(c);
  }
  return cases;
}

// Owns one cudaMallocHost allocation.
class PinnedHost {
 public:
  explicit PinnedHost(size_t bytes) { CUDA_CHECK(cudaMallocHost(&ptr_, bytes)); }
  ~PinnedHost() { cudaFreeHost(ptr_); }
  PinnedHost(const PinnedHost&) = delete;
  PinnedHost& operator=(const PinnedHost&) = delete;
  void* get() const { return ptr_; }

 private:
  void* ptr_ = nullptr;
};

// Median wall-clock milliseconds of `repeats` synchronous calls of body,
// with prepare (untimed) before each.
double wall_median_ms(int repeats, const std::function<void()>& prepare, const std::function<void()>& body) {
  std::vector<float> ms;
  for (int i = 0; i < repeats; ++i) {
    prepare();
    const auto t0 = std::chrono::steady_clock::now();
    body();
    ms.push_back(std::chrono::duration<float, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  return median(ms);
}

double gbps(double bytes, double ms) { return bytes / (ms * 1e6); }

struct HostRow {
  std::string precision, size;
  double mib = 0, first_ms = 0, e2e_ms = 0, locked_ms = 0, fft_ms = 0, h2d_ms = 0, d2h_ms = 0;
  double bytes = 0, err = std::nan("");
  double e2e_gbps() const { return gbps(2 * bytes, e2e_ms); }
  double locked_gbps() const { return gbps(2 * bytes, locked_ms); }
  double copy_gbps() const { return gbps(2 * bytes, h2d_ms + d2h_ms); }  // both copies, no FFT
};

// Relative L2 error of the output against FFTW: the whole grid, or the first
// and last rows of a batch.
template <typename T>
double error_against_fftw(const HostCase& c, long long batch, const std::vector<std::complex<T>>& input,
                          const std::vector<std::complex<T>>& got) {
  if (!c.rows) {
    if ((long long)c.nx * c.ny * c.nz > kMaxCheckedPoints) return std::nan("");
    return FftwGridReference(c.nx, c.ny, c.nz, input.data()).relative_l2(got.data());
  }
  FftwOracle oracle(c.nx);
  for (long long r = 0; r < batch; ++r) {
    if (r == kSampleRows && batch > 2 * kSampleRows) r = batch - kSampleRows;
    oracle.add_row(input.data() + size_t(r) * c.nx, got.data() + size_t(r) * c.nx);
  }
  return oracle.relative_l2();
}

template <typename T>
std::optional<HostRow> run_case(const BenchOptions& options, const Stream& stream, const HostCase& c) {
  using C = std::complex<T>;
  const long long batch = c.rows ? std::max<long long>(1, options.bytes / (long long)(c.nx * sizeof(C))) : 1;
  const size_t points = c.rows ? size_t(c.nx) * batch : size_t(c.nx) * c.ny * c.nz;
  const size_t bytes = points * sizeof(C);
  const char* prec = precision_name(Traits<T>::precision);
  std::cout << "\n" << prec << " " << c.name() << (c.rows ? " x " + std::to_string(batch) + " rows" : "")
            << " (" << double(bytes) / (1 << 20) << " MiB)" << std::endl;

  Fft3dPlan plan;
  const unsigned flags = options.tuning | FFT3D_BACKEND_GPU;
  const fft3d_status made =
      c.rows ? fft3d_plan_create_1d_batched(plan.out(), c.nx, batch, Traits<T>::fft3d, flags)
             : fft3d_plan_create_3d(plan.out(), c.nx, c.ny, c.nz, Traits<T>::fft3d, flags);
  if (made == FFT3D_ERROR_UNSUPPORTED_SIZE || made == FFT3D_ERROR_OUT_OF_MEMORY) {
    std::cout << "skipped: fft3d: " << fft3d_last_error_message() << std::endl;
    return std::nullopt;
  }
  check_fft3d(made, "fft3d_plan_create", __FILE__, __LINE__);
  if (options.describe_only) return std::nullopt;

  const std::uint64_t seed = std::uint64_t(c.nx) * 1000003ULL + std::uint64_t(c.ny) * 1009 + c.nz + sizeof(T);
  const std::vector<C> input = random_complex<T>(points, seed);
  std::vector<C> host(input);
  PinnedHost locked(bytes);
  DeviceBuffer device(bytes);
  const int reps = options.repeats;

  HostRow row;
  row.precision = prec;
  row.size = c.rows ? c.name() + " x" + std::to_string(batch) : c.name();
  row.bytes = double(bytes);
  row.mib = double(bytes) / (1 << 20);

  // First call: allocates the staging buffers and device scratch; also checked.
  const auto t0 = std::chrono::steady_clock::now();
  FFT3D_CHECK(fft3d_forward_host(plan.get(), host.data()));
  row.first_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  row.err = error_against_fftw<T>(c, batch, input, host);

  row.e2e_ms = wall_median_ms(
      reps, [&] { std::memcpy(host.data(), input.data(), bytes); },
      [&] { FFT3D_CHECK(fft3d_forward_host(plan.get(), host.data())); });
  row.locked_ms = wall_median_ms(
      reps, [&] { std::memcpy(locked.get(), input.data(), bytes); },
      [&] { FFT3D_CHECK(fft3d_forward_host(plan.get(), locked.get())); });

  // The copies alone, pinned, and the transform alone, on the same bytes.
  // (Repeated forward transforms grow the values; the time does not depend on them.)
  row.h2d_ms = median(time_repetitions(stream, kWarmup, reps, {}, [&] {
    CUDA_CHECK(cudaMemcpyAsync(device.get(), locked.get(), bytes, cudaMemcpyHostToDevice, stream.get()));
  }));
  row.d2h_ms = median(time_repetitions(stream, kWarmup, reps, {}, [&] {
    CUDA_CHECK(cudaMemcpyAsync(locked.get(), device.get(), bytes, cudaMemcpyDeviceToHost, stream.get()));
  }));
  FFT3D_CHECK(fft3d_set_stream(plan.get(), stream.get()));
  row.fft_ms = median(time_repetitions(stream, kWarmup, reps, {}, [&] {
    FFT3D_CHECK(fft3d_forward(plan.get(), device.get()));
  }));
  return row;
}

void print_rows(const std::string& title, const std::vector<HostRow>& rows) {
  std::cout << "\n" << title << "\n";
  std::cout << std::left << std::setw(18) << "size" << std::right << std::setw(8) << "MiB" << std::setw(10)
            << "first ms" << std::setw(10) << "e2e ms" << std::setw(10) << "e2e GB/s" << std::setw(12)
            << "locked GB/s" << std::setw(10) << "fft ms" << std::setw(10) << "H2D GB/s" << std::setw(10)
            << "D2H GB/s" << std::setw(11) << "copy GB/s" << std::setw(9) << "e2e/cp" << std::setw(11) << "error"
            << "\n";
  for (const HostRow& r : rows) {
    std::ostringstream err;
    if (std::isnan(r.err))
      err << "n/a";
    else
      err << std::scientific << std::setprecision(2) << r.err;
    std::cout << std::left << std::setw(18) << r.size << std::right << std::fixed << std::setprecision(1)
              << std::setw(8) << r.mib << std::setprecision(2) << std::setw(10) << r.first_ms << std::setw(10)
              << r.e2e_ms << std::setprecision(1) << std::setw(10) << r.e2e_gbps() << std::setw(12)
              << r.locked_gbps() << std::setprecision(3) << std::setw(10) << r.fft_ms << std::setprecision(1)
              << std::setw(10) << gbps(r.bytes, r.h2d_ms) << std::setw(10) << gbps(r.bytes, r.d2h_ms)
              << std::setw(11) << r.copy_gbps() << std::setw(8) << 100.0 * r.e2e_gbps() / r.copy_gbps() << "%"
              << std::setw(11) << err.str() << "\n";
    std::cout.unsetf(std::ios::fixed);
  }
  std::cout.flush();
}

void write_csv(const std::string& path, const std::vector<HostRow>& rows) {
  if (path.empty()) return;
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (!f) throw BenchError("cannot write " + path);
  std::fprintf(f, "precision,size,bytes,first_ms,e2e_ms,e2e_gbps,locked_e2e_gbps,fft_ms,h2d_gbps,d2h_gbps,"
                  "copy_gbps,error\n");
  for (const HostRow& r : rows)
    std::fprintf(f, "%s,%s,%.0f,%.4f,%.4f,%.2f,%.2f,%.4f,%.2f,%.2f,%.2f,%.3e\n", r.precision.c_str(),
                 r.size.c_str(), r.bytes, r.first_ms, r.e2e_ms, r.e2e_gbps(), r.locked_gbps(), r.fft_ms,
                 gbps(r.bytes, r.h2d_ms), gbps(r.bytes, r.d2h_ms), r.copy_gbps(), r.err);
  std::fclose(f);
}

template <typename T>
void run_precision(const BenchOptions& options, const std::vector<HostCase>& cases, std::vector<HostRow>& all) {
  const Stream stream;
  std::vector<HostRow> rows;
  for (const HostCase& c : cases)
    if (std::optional<HostRow> row = run_case<T>(options, stream, c)) rows.push_back(*row);
  if (options.describe_only) return;
  print_rows(std::string("GPU plans on host arrays, forward in place, ") + precision_name(Traits<T>::precision) +
                 ", median of " + std::to_string(options.repeats) +
                 "\n(e2e: fft3d_forward_host on a pageable array, wall clock; locked: the same on a "
                 "cudaMallocHost array;\n GB/s = 2 x bytes / time (up and down); fft: fft3d_forward on device "
                 "memory alone;\n H2D/D2H: pinned cudaMemcpyAsync; copy GB/s = 2 x bytes / (H2D + D2H time); "
                 "e2e/cp: e2e over copy)",
             rows);
  all.insert(all.end(), rows.begin(), rows.end());
}

}  // namespace

int run_host_roundtrip(const BenchOptions& options) {
  const std::vector<HostCase> cases = parse_cases(options.sizes);
  std::vector<HostRow> all;
  for (Precision p : options.precisions) {
    if (p == Precision::f32)
      run_precision<float>(options, cases, all);
    else
      run_precision<double>(options, cases, all);
  }
  if (!options.describe_only) write_csv(options.csv_path, all);
  return 0;
}

}  // namespace fft3d_bench
