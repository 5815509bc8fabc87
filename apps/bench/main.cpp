// fft3d-bench: command line, device checks, the shared header of every run
// (device, versions, copy bandwidth), then the one selected mode. --mpi skips
// the device checks and the header: it may run on the CPU backend, and each
// of its ranks selects its own GPU.
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <cuda_runtime_api.h>

#include "check.h"
#include "copy_bandwidth.h"
#include "device_buffer.h"
#include "device_info.h"
#include "fft3d.h"
#include "gpu_timer.h"
#include "modes.h"

namespace fft3d_bench {
namespace {

// Device, versions and the copy ceiling at --bytes, before any mode output,
// so every log says what the numbers were measured on. Returns the copy
// bandwidth in GB/s (read + write; 0 when nothing is timed): --sweep's floors.
double print_header(const BenchOptions& options) {
  print_device_info(std::cout);
  if (!times_transforms(options)) return 0;
  const Stream stream;
  const size_t bytes = size_t(options.bytes);
  DeviceBuffer src(bytes), dst(bytes);
  const double ms = time_device_copy_ms(stream, dst.get(), src.get(), bytes, options.repeats);
  const double gbps = read_write_gbps(double(bytes), ms);
  std::cout << "copy bandwidth: " << gbps << " GB/s (device-to-device cudaMemcpyAsync of "
            << (bytes >> 20) << " MiB, read + write, median of " << options.repeats << ")"
            << std::endl;
  return gbps;
}

int run(int argc, char** argv) {
  CLI::App app{"fft3d-bench: fft3d vs cuFFT vs device copy, timed on one GPU; --mpi: fft3d_mpi "
               "over the ranks of mpirun"};

  // One flag per mode, exactly one of them required.
  CLI::Option_group* mode_group = app.add_option_group("mode", "what to measure (exactly one)");
  std::vector<CLI::Option*> mode_flags;
  for (const Mode& mode : modes()) mode_flags.push_back(mode_group->add_flag(mode.flag, mode.help));
  mode_group->require_option(1);

  BenchOptions options;
  std::string precision = "f32";
  long long mib = 256;
  int repeats = 20;
  std::string tuning = "estimate";
  CLI::Option* sizes =
      app.add_option("--sizes", options.sizes,
                     "comma-separated transform sizes (default: the mode's list); --3d, --host and "
                     "--mpi also take NXxNYxNZ grids, e.g. 256x128x64, and --host 1d:N rows")
          ->delimiter(',');
  app.add_option("--precision", precision, "f32, f64 or both")
      ->check(CLI::IsMember({"f32", "f64", "both"}))
      ->capture_default_str();
  // At least 128 MiB: larger than the L2 cache of any current GPU, so the
  // timings are of memory traffic, not of cache hits.
  CLI::Option* bytes =
      app.add_option("--bytes", mib, "MiB of data per size (at least 128; not --mpi)")
      ->check(CLI::Range(128LL, 1LL << 30))
      ->capture_default_str();
  app.add_option("--repeats", repeats, "timed repetitions per measurement (median reported)")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  app.add_option("--csv", options.csv_path, "also write the result rows to this CSV file");
  app.add_option("--flags", tuning, "fft3d planning: estimate or measure")
      ->check(CLI::IsMember({"estimate", "measure"}))
      ->capture_default_str();
  app.add_option("--type", options.transform_type,
                 "--3d and --mpi: c2c or r2c (R2C forward and C2R inverse)")
      ->check(CLI::IsMember({"c2c", "r2c"}))
      ->capture_default_str();
  CLI::Option* describe = app.add_flag("--describe-only", options.describe_only,
                                       "print each size's plan description and exit without timing");
  CLI::Option* sweep = app.add_flag(
      "--sweep", options.sweep,
      "--3d: the cubes 32,64,96,100,125,128,192,210,240,243,256,300,320,343,384,400,"
      "480,500,512 with the two- and three-pass floors at the measured copy bandwidth, the L2 "
      "fit, and the geometric mean of cuFFT/ours beyond L2 (CSV columns of its own; not with "
      "--sizes)");
  sweep->excludes(sizes);
  CLI::Option* check_every_size = app.add_flag(
      "--check-every-size", options.check_every_size,
      "--3d: compute the errors against FFTW for every grid, not only up to 256^3 points "
      "(FFTW on every host core where its threads library was found: seconds a grid)");
  app.add_option("--profile-once", options.profile_library,
                 "--3d: per grid, warm both libraries up, then run exactly one forward transform "
                 "of this library between cudaProfilerStart and cudaProfilerStop (for ncu "
                 "--profile-from-start off; scripts/dram-bytes.sh); nothing is timed")
      ->check(CLI::IsMember({"fft3d", "cufft"}))
      ->excludes(sweep)
      ->excludes(describe)
      ->excludes(check_every_size)
      ->excludes("--csv");
  app.add_flag("--profile-inverse", options.profile_inverse,
               "--profile-once --type r2c: profile the C2R inverse (from cuFFT's spectrum) instead of the "
               "R2C forward");
  const std::vector<CLI::Option*> mpi_only = add_mpi_options(app, &options.mpi);
  bool mpi = false;
  try {
    app.parse(argc, argv);
    // Options that only one mode reads must not be silently ignored by another.
    const auto selected = [&](const std::string& flag) {
      for (size_t i = 0; i < mode_flags.size(); ++i)
        if (modes()[i].flag == flag) return mode_flags[i]->count() > 0;
      return false;
    };
    const bool grid3d = selected("--3d");
    mpi = selected("--mpi");
    if (options.sweep && !grid3d) throw CLI::ValidationError("--sweep", "is an option of --3d");
    if (options.check_every_size && !grid3d) throw CLI::ValidationError("--check-every-size", "is an option of --3d");
    if (!options.profile_library.empty() && !grid3d)
      throw CLI::ValidationError("--profile-once", "is an option of --3d");
    if (options.profile_inverse && (options.profile_library.empty() || options.transform_type != "r2c"))
      throw CLI::ValidationError("--profile-inverse", "is an option of --profile-once with --type r2c");
    for (const CLI::Option* option : mpi_only)
      if (option->count() > 0 && !mpi)
        throw CLI::ValidationError(option->get_name(), "is an option of --mpi");
    if (mpi && bytes->count() > 0)  // each rank holds its share of the grid instead
      throw CLI::ValidationError("--bytes", "is not an option of --mpi");
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }

  if (precision == "f32" || precision == "both") options.precisions.push_back(Precision::f32);
  if (precision == "f64" || precision == "both") options.precisions.push_back(Precision::f64);
  options.bytes = mib << 20;
  options.repeats = repeats;
  options.tuning = tuning == "measure" ? FFT3D_MEASURE : FFT3D_ESTIMATE;
  options.tuning_name = tuning;
  if (mpi) return run_mpi_scaling(options);  // no device needed, no one-GPU header

  // No GPU is not an error: the benchmark has nothing to say on such a host.
  // Except for --sweep and --profile-once, whose callers (scripts/gpu-check.sh,
  // scripts/dram-bytes.sh) need the rows they produce.
  const bool needs_device = options.sweep || !options.profile_library.empty();
  int count = 0;
  const cudaError_t err = cudaGetDeviceCount(&count);
  if (err != cudaSuccess || count == 0) {
    std::cout << "fft3d-bench: no CUDA device; nothing to measure" << std::endl;
    if (err != cudaSuccess)  // a driver problem looks the same; say which
      std::cerr << "(cudaGetDeviceCount: " << cudaGetErrorName(err) << ": "
                << cudaGetErrorString(err) << ")" << std::endl;
    if (!needs_device) return 0;
    std::cerr << "fft3d-bench: " << (options.sweep ? "--sweep" : "--profile-once")
              << " needs a CUDA device; nothing was measured" << std::endl;
    return 1;
  }
  CUDA_CHECK(cudaSetDevice(0));

  options.copy_gbps = print_header(options);
  for (size_t i = 0; i < mode_flags.size(); ++i)
    if (mode_flags[i]->count() > 0) return modes()[i].run(options);
  return 2;  // unreachable: CLI11 enforces exactly one mode
}

}  // namespace
}  // namespace fft3d_bench

int main(int argc, char** argv) {
  try {
    return fft3d_bench::run(argc, argv);
  } catch (const std::exception& e) {
    std::cout.flush();
    std::cerr << "fft3d-bench: " << e.what() << std::endl;
    return 1;
  }
}
