// A whole Taylor-Green run: set up, step to t_end with diagnostics every
// step, progress lines, optional CSV and HDF5 snapshots, and the timing
// figures (steps per second, share of time in fft3d).
#pragma once

#include <ostream>
#include <string>

#include "diagnostics.h"
#include "navier_stokes.h"

namespace taylor_green {

struct RunOptions {
  solvers::Grid grid = solvers::Grid::cube(64);
  solvers::Backend backend = solvers::Backend::automatic;
  unsigned tune = FFT3D_ESTIMATE;
  Scheme scheme = Scheme::rk3;
  double reynolds = 1600;  // nu = 1 / reynolds; 0 means inviscid
  double t_end = 20;
  long long max_steps = -1;  // stop earlier after this many steps (timing runs)
  StepControl control;
  std::string csv;              // history file (empty: none)
  double snapshot_every = 0;    // simulated time between HDF5 snapshots (0: none)
  std::string snapshot_prefix = "taylor_green";
  double progress_seconds = 10;  // wall time between progress lines
};

struct RunSummary {
  long long steps = 0;
  double time = 0;
  double setup_seconds = 0;      // plans, allocation, initial condition
  double loop_seconds = 0;       // stepping and diagnostics (snapshots excluded)
  double transform_seconds = 0;  // inside fft3d, during the loop
  long long transforms = 0;
  double final_energy = 0;
  Peak peak_enstrophy, peak_dedt;
  bool gpu = false;
  std::string notice, plan;
};

template <typename Real>
RunSummary run(const RunOptions& options, std::ostream& progress);

}  // namespace taylor_green
