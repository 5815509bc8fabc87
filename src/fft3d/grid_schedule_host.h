// Runs a grid schedule with the CPU block executor: the passes the GPU plan
// launches, executed on host data (tests and the CPU reference of kernels).
#pragma once
#include "fft1d/twiddle_table.h"
#include "fft1d/x_kernel_host.h"
#include "fft3d/grid_schedule.h"

namespace fft3d {

template <typename Real>
void run_grid_schedule_on_cpu(const std::vector<GridPass>& passes, kern::Complex<Real>* data, int sign) {
  const Precision precision = sizeof(Real) == 4 ? Precision::f32 : Precision::f64;
  for (const GridPass& p : passes) {
    const auto table = forward_twiddle_table<Real>(p.n);
    const kern::XArgs<Real> args{data, p.count, table.data(), p.geometry};
    if (p.is_five_step())
      run_five_step_on_cpu<Real>(p.five_step, sign, args);
    else
      run_x_kernel_on_cpu<Real>(make_x_layout(p.n, precision, p.variant), sign, args);
  }
}

}  // namespace fft3d
