// Mode --3d --type r2c: real-to-complex 3-D transforms in place (the padded
// FFTW/cuFFT layout, 2 (nx/2+1) reals per x row). For each grid, in one
// process, on the same device buffer and stream: fft3d's R2C forward and C2R
// inverse against cuFFT's, and fft3d's own C2C forward of the same grid (the
// issue's target is R2C <= 0.55 x C2C). Errors of both forwards against
// FFTW's r2c in double precision.
#include <cmath>
#include <complex>
#include <cstdint>
#include <functional>
#include <iomanip>
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

namespace fft3d_bench {
namespace {

const std::vector<Grid> kDefaultCubes = {{64, 64, 64},    {96, 96, 96},    {128, 128, 128}, {192, 192, 192},
                                         {240, 240, 240}, {256, 256, 256}, {320, 320, 320}, {384, 384, 384},
                                         {400, 400, 400}, {480, 480, 480}, {512, 512, 512}};
constexpr int kWarmup = 3;

template <typename T>
struct RealTraits;
template <>
struct RealTraits<float> {
  static constexpr fft3d_type r2c = FFT3D_R2C_F32, c2c = FFT3D_C2C_F32;
  static constexpr cufftType forward_type = CUFFT_R2C, inverse_type = CUFFT_C2R;
  static cufftResult forward(cufftHandle p, void* d) {
    return cufftExecR2C(p, static_cast<cufftReal*>(d), static_cast<cufftComplex*>(d));
  }
  static cufftResult inverse(cufftHandle p, void* d) {
    return cufftExecC2R(p, static_cast<cufftComplex*>(d), static_cast<cufftReal*>(d));
  }
};
template <>
struct RealTraits<double> {
  static constexpr fft3d_type r2c = FFT3D_R2C_F64, c2c = FFT3D_C2C_F64;
  static constexpr cufftType forward_type = CUFFT_D2Z, inverse_type = CUFFT_Z2D;
  static cufftResult forward(cufftHandle p, void* d) {
    return cufftExecD2Z(p, static_cast<cufftDoubleReal*>(d), static_cast<cufftDoubleComplex*>(d));
  }
  static cufftResult inverse(cufftHandle p, void* d) {
    return cufftExecZ2D(p, static_cast<cufftDoubleComplex*>(d), static_cast<cufftDoubleReal*>(d));
  }
};

struct RealRow {
  std::string size;
  int side = 0;
  double bytes = 0;  // the padded real array = the half spectrum
  double fwd_ours = 0, fwd_cufft = 0, inv_ours = 0, inv_cufft = 0, c2c_ours = 0;
  double err_ours = NAN, err_cufft = NAN;
  bool checked = false;  // the errors were computed (checks_errors)
  int passes = -1;          // the in-place forward's
  int inverse_passes = -1;  // the in-place inverse's
};

// cuFFT's in-place plan in the padded layout: real rows of 2 (nx/2+1) on the
// real side, nx/2+1 complex values on the other (dimensions slowest first).
void make_cufft_real_plan(const CufftPlan& plan, const Grid& g, cufftType type, bool forward) {
  const long long half = g.nx / 2 + 1;
  long long n[3] = {g.nz, g.ny, g.nx};
  long long real_embed[3] = {g.nz, g.ny, 2 * half}, complex_embed[3] = {g.nz, g.ny, half};
  const long long real_dist = g.nz * g.ny * 2 * half, complex_dist = g.nz * g.ny * half;
  size_t work = 0;
  CUFFT_CHECK(cufftMakePlanMany64(plan.get(), 3, n, forward ? real_embed : complex_embed, 1,
                                  forward ? real_dist : complex_dist, forward ? complex_embed : real_embed, 1,
                                  forward ? complex_dist : real_dist, type, 1, &work));
}

template <typename T>
std::optional<RealRow> run_grid(const BenchOptions& options, const Stream& stream, const Grid& g) {
  const size_t half = size_t(g.nx) / 2 + 1, rows = size_t(g.ny) * g.nz;
  const size_t bytes = rows * 2 * half * sizeof(T);  // the padded real array = the half spectrum
  std::cout << "\n" << (sizeof(T) == 4 ? "f32 " : "f64 ") << g.name() << " r2c (" << double(bytes) / (1 << 20)
            << " MiB in place)" << std::endl;

  Fft3dPlan ours, ours_complex;
  const unsigned flags = options.tuning | FFT3D_BACKEND_GPU;
  const fft3d_status made = fft3d_plan_create_3d(ours.out(), g.nx, g.ny, g.nz, RealTraits<T>::r2c, flags);
  if (made == FFT3D_ERROR_UNSUPPORTED_SIZE) {
    std::cout << "skipped: fft3d: " << fft3d_last_error_message() << std::endl;
    return std::nullopt;
  }
  check_fft3d(made, "fft3d_plan_create_3d", __FILE__, __LINE__);
  const std::string description = describe_plan(ours.get());
  std::cout << plan_block(description) << std::endl;
  if (options.describe_only) return std::nullopt;
  FFT3D_CHECK(fft3d_plan_create_3d(ours_complex.out(), g.nx, g.ny, g.nz, RealTraits<T>::c2c, flags));
  FFT3D_CHECK(fft3d_set_stream(ours.get(), stream.get()));
  FFT3D_CHECK(fft3d_set_stream(ours_complex.get(), stream.get()));
  CufftPlan fwd, inv;
  make_cufft_real_plan(fwd, g, RealTraits<T>::forward_type, true);
  make_cufft_real_plan(inv, g, RealTraits<T>::inverse_type, false);
  CUFFT_CHECK(cufftSetStream(fwd.get(), stream.get()));
  CUFFT_CHECK(cufftSetStream(inv.get(), stream.get()));
  const size_t c2c_bytes = size_t(g.points()) * 2 * sizeof(T);
  if (!fits_in_device_memory(3 * bytes + c2c_bytes)) return std::nullopt;

  // Fresh random reals per grid (padding included: it must not matter).
  const std::uint64_t seed = (std::uint64_t(g.nx) * 1000003ULL + g.ny) * 1000003ULL + g.nz;
  const auto noise = random_complex<T>(rows * half, seed);
  std::vector<T> input(rows * 2 * half);
  for (size_t i = 0; i < noise.size(); ++i) {
    input[2 * i] = noise[i].real();
    input[2 * i + 1] = noise[i].imag();
  }
  DeviceBuffer data(bytes), pristine(bytes), spectrum(bytes), complex_data(c2c_bytes);
  CUDA_CHECK(cudaMemcpyAsync(pristine.get(), input.data(), bytes, cudaMemcpyHostToDevice, stream.get()));
  CUDA_CHECK(cudaMemsetAsync(complex_data.get(), 0, c2c_bytes, stream.get()));
  auto restore_from = [&](const DeviceBuffer& src) {
    return [&] { CUDA_CHECK(cudaMemcpyAsync(data.get(), src.get(), bytes, cudaMemcpyDeviceToDevice, stream.get())); };
  };
  const std::function<void()> restore_input = restore_from(pristine), restore_spectrum = restore_from(spectrum);

  RealRow row;
  row.size = g.name();
  row.side = g.nx;
  row.bytes = double(bytes);
  row.passes = count_real_passes(description, true);  // the forward's, as in the CSV
  row.inverse_passes = count_real_passes(description, false);

  // Errors, and the spectrum the inverse timings start from (cuFFT's).
  const bool check = checks_errors(options.check_every_size, g.points());
  auto forward_result = [&](const std::function<void()>& run) {
    restore_input();
    run();
    std::vector<T> got(input.size());
    CUDA_CHECK(cudaMemcpyAsync(got.data(), data.get(), bytes, cudaMemcpyDeviceToHost, stream.get()));
    stream.synchronize();
    return got;
  };
  const std::function<void()> ours_fwd = [&] { FFT3D_CHECK(fft3d_forward(ours.get(), data.get())); };
  const std::function<void()> ours_inv = [&] { FFT3D_CHECK(fft3d_inverse(ours.get(), data.get())); };
  const std::function<void()> cufft_fwd = [&] { CUFFT_CHECK(RealTraits<T>::forward(fwd.get(), data.get())); };
  const std::function<void()> cufft_inv = [&] { CUFFT_CHECK(RealTraits<T>::inverse(inv.get(), data.get())); };
  const std::function<void()> ours_c2c = [&] { FFT3D_CHECK(fft3d_forward(ours_complex.get(), complex_data.get())); };
  if (!options.profile_library.empty()) {
    const char* precision = sizeof(T) == 4 ? "f32" : "f64";
    if (options.profile_inverse) {  // from cuFFT's spectrum, as the timed inverse
      restore_input();
      cufft_fwd();
      CUDA_CHECK(cudaMemcpyAsync(spectrum.get(), data.get(), bytes, cudaMemcpyDeviceToDevice, stream.get()));
      profile_once(options, stream, {restore_spectrum, ours_inv, cufft_inv}, "c2r", precision, g.name(), bytes);
    } else {
      profile_once(options, stream, {restore_input, ours_fwd, cufft_fwd}, "r2c", precision, g.name(), bytes);
    }
    return std::nullopt;
  }
  row.checked = check;
  // The padded spectrum as the reference's rows of nx/2 + 1 complex values.
  auto spectrum_of = [](const std::vector<T>& padded) {
    return reinterpret_cast<const std::complex<T>*>(padded.data());
  };
  std::optional<FftwGridReference> reference;
  if (check) {
    reference.emplace(g.nx, g.ny, g.nz, input.data());
    row.err_ours = reference->relative_l2(spectrum_of(forward_result(ours_fwd)));
  }
  const std::vector<T> theirs = forward_result(cufft_fwd);
  if (check) row.err_cufft = reference->relative_l2(spectrum_of(theirs));
  CUDA_CHECK(cudaMemcpyAsync(spectrum.get(), data.get(), bytes, cudaMemcpyDeviceToDevice, stream.get()));

  const int reps = options.repeats;
  row.fwd_ours = median(time_repetitions(stream, kWarmup, reps, restore_input, ours_fwd));
  row.fwd_cufft = median(time_repetitions(stream, kWarmup, reps, restore_input, cufft_fwd));
  row.inv_ours = median(time_repetitions(stream, kWarmup, reps, restore_spectrum, ours_inv));
  row.inv_cufft = median(time_repetitions(stream, kWarmup, reps, restore_spectrum, cufft_inv));
  // The C2C forward of zeros is as fast as of any data; it only times ours.
  row.c2c_ours = median(time_repetitions(stream, kWarmup, reps, {}, ours_c2c));
  return row;
}

void print_rows(const std::vector<RealRow>& rows, const char* prec, const BenchOptions& options) {
  std::cout << "\n3-D R2C forward / C2R inverse in place, " << prec << ", fft3d flags " << options.tuning_name
            << ", median of " << options.repeats
            << "\n(cuFFT/ours > 1: fft3d faster; r2c/c2c: our R2C forward over our C2C forward of the same grid;"
               "\n passes: the in-place forward's / inverse's;"
               "\n errors: forward, relative L2 vs FFTW r2c double, "
            << checked_grids_note(options.check_every_size) << ")\n";
  std::cout << std::setw(14) << "grid" << std::setw(7) << "passes" << std::setw(10) << "fwd ms" << std::setw(10)
            << "cuFFT ms" << std::setw(8) << "ratio" << std::setw(10) << "inv ms" << std::setw(10) << "cuFFT ms"
            << std::setw(8) << "ratio" << std::setw(10) << "c2c ms" << std::setw(9) << "r2c/c2c" << std::setw(11)
            << "err ours" << std::setw(11) << "err cuFFT" << "\n";
  double log_fwd = 0, log_inv = 0;
  for (const RealRow& r : rows) {
    const std::string passes = std::to_string(r.passes) + "/" + std::to_string(r.inverse_passes);
    std::cout << std::setw(14) << r.size << std::setw(7) << passes << std::fixed << std::setprecision(4)
              << std::setw(10) << r.fwd_ours << std::setw(10) << r.fwd_cufft << std::setprecision(3) << std::setw(8)
              << r.fwd_cufft / r.fwd_ours << std::setprecision(4) << std::setw(10) << r.inv_ours << std::setw(10)
              << r.inv_cufft << std::setprecision(3) << std::setw(8) << r.inv_cufft / r.inv_ours
              << std::setprecision(4) << std::setw(10) << r.c2c_ours << std::setprecision(3) << std::setw(9)
              << r.fwd_ours / r.c2c_ours << std::setw(11) << figure_text(r.checked, r.err_ours, "%.2e", "n/a")
              << std::setw(11) << figure_text(r.checked, r.err_cufft, "%.2e", "n/a") << "\n";
    log_fwd += std::log(r.fwd_cufft / r.fwd_ours);
    log_inv += std::log(r.inv_cufft / r.inv_ours);
  }
  if (!rows.empty())
    std::cout << "geometric mean cuFFT/ours: forward " << std::setprecision(4) << std::exp(log_fwd / rows.size())
              << ", inverse " << std::exp(log_inv / rows.size()) << "\n";
  std::cout.flush();
}

void write_csv(const std::string& path, const std::vector<RealRow>& rows, const char* prec, bool header) {
  if (path.empty()) return;
  FILE* f = std::fopen(path.c_str(), header ? "w" : "a");
  if (!f) throw BenchError("cannot write " + path);
  if (header) std::fprintf(f, "precision,grid,passes,fwd_ms,cufft_fwd_ms,inv_ms,cufft_inv_ms,c2c_ms,err_ours,err_cufft\n");
  for (const RealRow& r : rows)
    std::fprintf(f, "%s,%s,%d,%.5f,%.5f,%.5f,%.5f,%.5f,%s,%s\n", prec, r.size.c_str(), r.passes, r.fwd_ours,
                 r.fwd_cufft, r.inv_ours, r.inv_cufft, r.c2c_ours,
                 figure_text(r.checked, r.err_ours, "%.3e", "").c_str(),
                 figure_text(r.checked, r.err_cufft, "%.3e", "").c_str());
  std::fclose(f);
}

template <typename T>
std::vector<RealRow> run_precision(const BenchOptions& options, const std::vector<Grid>& grids) {
  const Stream stream;
  std::vector<RealRow> rows;
  for (const Grid& g : grids)
    if (std::optional<RealRow> row = run_grid<T>(options, stream, g)) rows.push_back(*row);
  return rows;
}

// The --sweep view of a measured row: the forward transform.
SweepRow sweep_row(const RealRow& r, const char* prec) {
  SweepRow s;
  s.precision = prec;
  s.type = "r2c";
  s.grid = r.size;
  s.side = r.side;
  s.bytes = r.bytes;
  s.passes = r.passes;
  s.ms_ours = r.fwd_ours;
  s.ms_cufft = r.fwd_cufft;
  s.has_errors = r.checked;
  s.err_ours = r.err_ours;
  s.err_cufft = r.err_cufft;
  return s;
}

}  // namespace

int run_grid3d_real(const BenchOptions& options) {
  const std::vector<Grid> grids = parse_grids(options.sizes, options.sweep ? sweep_cubes() : kDefaultCubes);
  const bool timed = times_transforms(options);
  std::optional<SweepReport> sweep;  // --sweep writes its own CSV columns
  if (timed && options.sweep) sweep.emplace(options.csv_path, options.copy_gbps, device_l2_bytes());
  bool first = true;
  for (Precision p : options.precisions) {
    const char* prec = precision_name(p);
    const std::vector<RealRow> rows =
        p == Precision::f32 ? run_precision<float>(options, grids) : run_precision<double>(options, grids);
    if (!timed) continue;
    print_rows(rows, prec, options);
    if (sweep) {
      for (const RealRow& r : rows) sweep->add(sweep_row(r, prec));
      sweep->print(std::cout, prec);
    } else {
      write_csv(options.csv_path, rows, prec, first);
    }
    first = false;
  }
  return 0;
}

}  // namespace fft3d_bench
