// Mode --3d: one nx x ny x nz complex grid (x contiguous) transformed forward
// in place. For each grid, in one process, on the same device buffer and
// stream: fft3d's 3-D plan and cuFFT's, timed alike, with the passes over
// memory fft3d's plan reports, and errors of both against FFTW.
#include <cmath>
#include <complex>
#include <cstdint>
#include <functional>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>
#include <cufft.h>

#include "check.h"
#include "device_buffer.h"
#include "fft3d.h"
#include "gpu_timer.h"
#include "grids.h"
#include "modes.h"
#include "plan_handles.h"
#include "plan_text.h"
#include "profile_once.h"
#include "random_input.h"
#include "reference.h"
#include "report.h"
#include "sweep.h"
#include "transform_traits.h"

namespace fft3d_bench {
namespace {

const std::vector<Grid> kDefaultGrids = {
    {64, 64, 64},    {96, 96, 96},    {128, 128, 128}, {192, 192, 192},  {240, 240, 240},
    {256, 256, 256}, {320, 320, 320}, {384, 384, 384}, {400, 400, 400},  {480, 480, 480},
    {512, 512, 512}, {256, 128, 64},  {512, 256, 128}, {128, 128, 512}, {1024, 64, 64}};
constexpr int kWarmup = 3;  // untimed runs before each timed set, as in --batched1d

// False, with fft3d's reason printed, when fft3d does not support the grid on
// the GPU: the 3-D path is young, and one size it lacks should not end the run.
template <typename T>
bool create_fft3d_plan(Fft3dPlan& plan, const BenchOptions& options, const Grid& g) {
  const fft3d_status status = fft3d_plan_create_3d(plan.out(), g.nx, g.ny, g.nz, Traits<T>::fft3d,
                                                   options.tuning | FFT3D_BACKEND_GPU);
  if (status == FFT3D_ERROR_UNSUPPORTED_SIZE) {
    std::cout << "skipped: fft3d: " << fft3d_last_error_message() << std::endl;
    return false;
  }
  check_fft3d(status, "fft3d_plan_create_3d", __FILE__, __LINE__);
  unsigned backend = 0;
  FFT3D_CHECK(fft3d_plan_get_backend(plan.get(), &backend));
  if (backend != FFT3D_BACKEND_GPU)
    throw BenchError("fft3d_plan_create_3d returned a plan that does not run on the GPU");
  return true;
}

// cuFFT's plan for our x-contiguous layout: its dimensions run slowest first,
// so {nz, ny, nx}. False, with a note, if its work area does not fit.
template <typename T>
bool create_cufft_plan(const CufftPlan& plan, const Grid& g) {
  long long n[3] = {g.nz, g.ny, g.nx};
  const long long points = g.points();
  size_t work_bytes = 0;
  const cufftResult made = cufftMakePlanMany64(plan.get(), 3, n, nullptr, 1, points, nullptr, 1,
                                               points, Traits<T>::cufft, 1, &work_bytes);
  if (made == CUFFT_ALLOC_FAILED) {
    std::cout << "skipped: cuFFT cannot allocate its work area for this grid" << std::endl;
    return false;
  }
  check_cufft(made, "cufftMakePlanMany64", __FILE__, __LINE__);
  return true;
}

// Restores the input, runs `transform` once, and returns its whole output
// (count values), for the errors against FFTW.
template <typename T>
std::vector<std::complex<T>> output_of(const Stream& stream, const std::function<void()>& restore,
                                       const std::function<void()>& transform, const DeviceBuffer& data,
                                       size_t count) {
  restore();
  transform();
  std::vector<std::complex<T>> got(count);
  CUDA_CHECK(cudaMemcpyAsync(got.data(), data.get(), data.bytes(), cudaMemcpyDeviceToHost,
                             stream.get()));
  stream.synchronize();
  return got;
}

// One grid: its plan description, then (unless --describe-only) the timings
// and errors. Nothing when the grid is skipped or only described.
template <typename T>
std::optional<ResultRow> run_grid(const BenchOptions& options, const Stream& stream,
                                  const Grid& g) {
  using C = std::complex<T>;
  const char* prec = precision_name(Traits<T>::precision);
  const size_t points = size_t(g.points());
  const size_t bytes = points * sizeof(C);
  std::cout << "\n" << prec << " " << g.name() << " (" << double(bytes) / (1 << 20) << " MiB)"
            << std::endl;

  Fft3dPlan ours;
  if (!create_fft3d_plan<T>(ours, options, g)) return std::nullopt;
  const std::string description = describe_plan(ours.get());
  std::cout << plan_block(description) << std::endl;
  if (options.describe_only) return std::nullopt;
  FFT3D_CHECK(fft3d_set_stream(ours.get(), stream.get()));

  // cuFFT's plan before the memory check, so that the free memory measured
  // already excludes both plans' work areas.
  CufftPlan theirs;
  if (!create_cufft_plan<T>(theirs, g)) return std::nullopt;
  CUFFT_CHECK(cufftSetStream(theirs.get(), stream.get()));
  if (!fits_in_device_memory(bytes)) return std::nullopt;

  // Seeded from the grid and the precision: fresh data per grid, reproducible.
  const std::uint64_t grid_id =
      (std::uint64_t(g.nx) * 1000003ULL + std::uint64_t(g.ny)) * 1000003ULL + std::uint64_t(g.nz);
  const std::uint64_t seed = grid_id * 16 + sizeof(T);
  const std::vector<C> input = random_complex<T>(points, seed);
  // `data` is transformed in place; `pristine` keeps the input on the device
  // so restoring it costs a device copy, not a host upload.
  DeviceBuffer data(bytes), pristine(bytes);
  CUDA_CHECK(cudaMemcpyAsync(pristine.get(), input.data(), bytes, cudaMemcpyHostToDevice,
                             stream.get()));
  const std::function<void()> restore = [&] {
    CUDA_CHECK(cudaMemcpyAsync(data.get(), pristine.get(), bytes, cudaMemcpyDeviceToDevice,
                               stream.get()));
  };
  const std::function<void()> run_ours = [&] {
    FFT3D_CHECK(fft3d_forward(ours.get(), data.get()));
  };
  const std::function<void()> run_cufft = [&] {
    CUFFT_CHECK(Traits<T>::forward(theirs.get(), data.get()));
  };

  if (!options.profile_library.empty()) {
    profile_once(options, stream, {restore, run_ours, run_cufft}, "c2c", prec, g.name(), bytes);
    return std::nullopt;
  }

  ResultRow row;
  row.precision = prec;
  row.size = g.name();
  row.bytes = double(bytes);
  row.flops = 5.0 * double(points) * std::log2(double(points));
  row.passes = count_passes(description);

  row.has_errors = checks_errors(options.check_every_size, g.points());
  if (row.has_errors) {
    const FftwGridReference reference(g.nx, g.ny, g.nz, input.data());
    row.err_ours = reference.relative_l2(output_of<T>(stream, restore, run_ours, data, points).data());
    row.err_cufft = reference.relative_l2(output_of<T>(stream, restore, run_cufft, data, points).data());
  }

  // As in --batched1d: every repetition starts from the random input, restored
  // before the start event, so repeated forward transforms cannot overflow
  // and the restore is not timed.
  const int reps = options.repeats;
  row.ms_ours = median(time_repetitions(stream, kWarmup, reps, restore, run_ours));
  row.ms_cufft = median(time_repetitions(stream, kWarmup, reps, restore, run_cufft));
  return row;
}

// The --sweep view of a measured row.
SweepRow sweep_row(const ResultRow& r, const Grid& g) {
  SweepRow s;
  s.precision = r.precision;
  s.type = "c2c";
  s.grid = r.size;
  s.side = g.nx;
  s.bytes = r.bytes;
  s.passes = r.passes;
  s.ms_ours = r.ms_ours;
  s.ms_cufft = r.ms_cufft;
  s.has_errors = r.has_errors;
  s.err_ours = r.err_ours;
  s.err_cufft = r.err_cufft;
  return s;
}

// `sweep`: null unless --sweep; it then gets every row and prints its table.
template <typename T>
void run_precision(const BenchOptions& options, const std::vector<Grid>& grids, CsvWriter& csv,
                   SweepReport* sweep) {
  const Stream stream;
  std::vector<ResultRow> rows;
  for (const Grid& g : grids) {
    if (std::optional<ResultRow> row = run_grid<T>(options, stream, g)) {
      rows.push_back(*row);
      csv.write(rows.back());
      if (sweep) sweep->add(sweep_row(rows.back(), g));
    }
  }
  if (!times_transforms(options)) return;

  const char* prec = precision_name(Traits<T>::precision);
  print_table_3d(
      std::cout,
      std::string("3-D C2C forward in place, ") + prec + ", fft3d flags " + options.tuning_name +
          ", median of " + std::to_string(options.repeats) +
          "\n(GB/s: 2 x grid bytes / time, one pass of read + write, so grids that fit in L2 "
          "can exceed memory speed; passes: from the fft3d plan;\n cuFFT/ours > 1: fft3d faster; "
          "errors: relative L2 vs FFTW double, " + checked_grids_note(options.check_every_size) + ")",
      rows);
  for (const ResultRow& r : rows) {
    if (!r.has_errors) continue;
    // NaN compares false, so test for "not good" rather than "bad".
    if (!(r.err_ours <= Traits<T>::tolerance))
      std::cout << "WARNING: " << prec << " " << r.size << ": fft3d error " << r.err_ours
                << " above " << Traits<T>::tolerance << "\n";
    if (!(r.err_cufft <= Traits<T>::tolerance))
      std::cout << "WARNING: " << prec << " " << r.size << ": cuFFT error " << r.err_cufft
                << " above " << Traits<T>::tolerance << "\n";
  }
  if (sweep) sweep->print(std::cout, prec);
  std::cout.flush();
}

}  // namespace

int run_grid3d(const BenchOptions& options) {
  if (options.transform_type == "r2c") return run_grid3d_real(options);
  // Before any grid is measured; --sweep excludes --sizes, so its cubes are the defaults.
  const std::vector<Grid> grids =
      parse_grids(options.sizes, options.sweep ? sweep_cubes() : kDefaultGrids);
  // --describe-only and --profile-once measure nothing, so they write no CSV
  // either; --sweep writes its own columns.
  const bool timed = times_transforms(options);
  CsvWriter csv(timed && !options.sweep ? options.csv_path : std::string(), CsvColumns::grid3d);
  std::optional<SweepReport> sweep;
  if (timed && options.sweep) sweep.emplace(options.csv_path, options.copy_gbps, device_l2_bytes());
  SweepReport* sweep_report = sweep ? &*sweep : nullptr;
  for (Precision p : options.precisions) {
    if (p == Precision::f32)
      run_precision<float>(options, grids, csv, sweep_report);
    else
      run_precision<double>(options, grids, csv, sweep_report);
  }
  return 0;
}

}  // namespace fft3d_bench
