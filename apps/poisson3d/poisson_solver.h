// The spectral Poisson solve with fft3d: laplacian(u) = f on [0, 2pi)^3,
// periodic. One solve is: copy f into the work field, R2C forward, divide
// every mode by -|k|^2 (mean zero), C2R inverse. The manufactured f is made
// on the host once and uploaded; the error is measured where the fields live.
#pragma once

#include <string>

#include "engine.h"

namespace poisson {

struct Options {
  solvers::Grid grid = solvers::Grid::cube(32);
  solvers::Backend backend = solvers::Backend::automatic;
  unsigned tune = FFT3D_ESTIMATE;
  int repeats = 5;  // timed solves after one warm-up; the median is reported
};

struct Report {
  solvers::ErrorNorms error;   // against the exact solution, over the samples
  double transform_seconds = 0;  // per solve (median): forward + inverse
  double other_seconds = 0;      // per solve (median): copy and spectral division
  bool gpu = false;
  std::string notice;  // set when the GPU was wanted but the CPU ran
};

template <typename Real>
Report solve(const Options& options);

}  // namespace poisson
