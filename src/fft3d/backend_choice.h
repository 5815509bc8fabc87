// Turning a plan's flags (and FFT3D_BACKEND) into a backend and a tuning mode.
#pragma once
#include "fft3d/plan.h"

namespace fft3d {

struct PlanChoice {
  unsigned backend;  // FFT3D_BACKEND_CPU or FFT3D_BACKEND_GPU
  TuneMode mode;
};

// Rejects unknown flag bits, two backends at once and a bad FFT3D_BACKEND
// value with Error(INVALID_ARGUMENT). An explicit backend flag wins; then
// FFT3D_BACKEND=cpu|gpu; then the GPU when one is usable and the GPU backend
// implements the problem, else the CPU.
PlanChoice choose_backend(const Problem& problem, unsigned flags);

}  // namespace fft3d
