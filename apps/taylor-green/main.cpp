// taylor-green: the Taylor-Green vortex at Re = 1600 with a pseudo-spectral
// Navier-Stokes solver on fft3d, validated against the published DNS.
//
//   taylor-green -n 64 --csv tg64.csv                  to t = 20 on the GPU if there is one
//   taylor-green -n 256 --backend gpu --csv tg256.csv  the benchmark run
#include <CLI/CLI.hpp>

#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>

#include "reference.h"
#include "run.h"

namespace {

unsigned tune_flag(const std::string& mode) {
  if (mode == "measure") return FFT3D_MEASURE;
  if (mode == "exhaustive") return FFT3D_EXHAUSTIVE;
  return FFT3D_ESTIMATE;
}

void print_summary(const taylor_green::RunOptions& o, const taylor_green::RunSummary& s, const std::string& precision) {
  namespace ref = taylor_green::reference;
  const double per_step = s.steps > 0 ? s.loop_seconds / s.steps : 0;
  std::printf("\n%d^3 %s %s on the %s: %lld steps to t = %.3f in %.1f s (setup %.1f s)\n", o.grid.nx,
              precision.c_str(), o.scheme == taylor_green::Scheme::rk3 ? "RK3" : "RK4", s.gpu ? "GPU" : "CPU", s.steps,
              s.time, s.loop_seconds, s.setup_seconds);
  std::printf("  %.3f steps/s, %.2f ms per step, %.1f%% of it in fft3d (%lld transforms, %.3f ms each)\n",
              per_step > 0 ? 1 / per_step : 0.0, 1e3 * per_step,
              s.loop_seconds > 0 ? 100 * s.transform_seconds / s.loop_seconds : 0.0, s.transforms,
              s.transforms > 0 ? 1e3 * s.transform_seconds / s.transforms : 0.0);
  std::printf("  final kinetic energy %.6f\n", s.final_energy);
  const bool comparable = o.reynolds == ref::kReynolds && s.time >= ref::kPeakTime + 1;
  std::printf("  peak dissipation 2 nu Z: %.5f at t = %.2f\n", s.peak_enstrophy.value, s.peak_enstrophy.time);
  std::printf("  peak dissipation -dE/dt: %.5f at t = %.2f\n", s.peak_dedt.value, s.peak_dedt.time);
  if (comparable) {
    std::printf("  reference (van Rees et al. 2011, 512^3 spectral DNS): %.4f at t = %.1f; "
                "this run: %+.1f%% in value, %+.2f in time\n",
                ref::kPeakDissipation, ref::kPeakTime,
                100 * (s.peak_dedt.value - ref::kPeakDissipation) / ref::kPeakDissipation,
                s.peak_dedt.time - ref::kPeakTime);
    if (o.grid.nx < 256)
      std::printf("  (%d^3 does not resolve Re = 1600; expect the peak to differ until 256^3 or more)\n", o.grid.nx);
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Taylor-Green vortex: pseudo-spectral incompressible Navier-Stokes on fft3d"};
  taylor_green::RunOptions o;
  int n = 64;
  std::string precision = "f64", scheme = "rk3", backend = "auto", tune = "estimate";
  app.add_option("-n,--grid", n, "grid points per axis (64 to 256; 512 on a large GPU)")->check(CLI::Range(8, 4096));
  app.add_option("--precision", precision, "f32 or f64")->check(CLI::IsMember({"f32", "f64"}));
  app.add_option("--scheme", scheme, "rk3 (Williamson low-storage) or rk4 (classic)")
      ->check(CLI::IsMember({"rk3", "rk4"}));
  app.add_option("--re", o.reynolds, "Reynolds number, nu = 1/Re (0: inviscid)")->check(CLI::NonNegativeNumber);
  app.add_option("--t-end", o.t_end, "final time")->check(CLI::PositiveNumber);
  app.add_option("--max-steps", o.max_steps, "stop after this many steps (for timing)");
  app.add_option("--cfl", o.control.cfl, "CFL number: dt = cfl dx / max(|u|+|v|+|w|)")->check(CLI::PositiveNumber);
  app.add_option("--dt", o.control.dt, "fixed time step instead of the CFL rule")->check(CLI::NonNegativeNumber);
  app.add_option("--dt-max", o.control.dt_max, "largest time step")->check(CLI::PositiveNumber);
  app.add_option("--csv", o.csv, "write t, E, Z, 2 nu Z and -dE/dt every step to this CSV file");
  app.add_option("--snapshot-every", o.snapshot_every, "HDF5 velocity snapshot every this much simulated time");
  app.add_option("--snapshot-prefix", o.snapshot_prefix, "snapshot files are PREFIX_<step>.h5");
  app.add_option("--progress", o.progress_seconds, "seconds between progress lines")->check(CLI::PositiveNumber);
  app.add_option("--backend", backend, "auto (GPU when usable), cpu or gpu")->check(CLI::IsMember({"auto", "cpu", "gpu"}));
  app.add_option("--tune", tune, "fft3d planning mode")->check(CLI::IsMember({"estimate", "measure", "exhaustive"}));
  CLI11_PARSE(app, argc, argv);

  try {
    o.grid = solvers::Grid::cube(n);
    o.backend = solvers::parse_backend(backend);
    o.tune = tune_flag(tune);
    o.scheme = scheme == "rk4" ? taylor_green::Scheme::rk4 : taylor_green::Scheme::rk3;
    std::printf("Taylor-Green vortex, %d^3, Re = %g, %s, %s, to t = %g\n", n, o.reynolds, precision.c_str(),
                scheme.c_str(), o.t_end);
    std::fflush(stdout);
    const taylor_green::RunSummary s =
        precision == "f32" ? taylor_green::run<float>(o, std::cout) : taylor_green::run<double>(o, std::cout);
    print_summary(o, s, precision);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "taylor-green: %s\n", e.what());
    return 1;
  }
  return 0;
}
