#include "fft3d/gpu_schedule_support.h"

#include "common/error.h"
#include "fft3d/grid_schedule.h"

namespace fft3d {

bool gpu_schedule_exists(const Problem& problem, const DeviceLimits& limits) {
  const Precision precision = problem.precision();
  const bool grid = problem.shape == Shape::grid3d;
  try {
    if (problem.is_real()) {
      make_real_rows_pass(problem.nx, problem.rows(), precision, limits);
      if (grid) make_column_schedule(problem.nx / 2 + 1, problem.ny, problem.nz, precision, limits);
    } else if (grid) {
      make_grid_schedule(problem.nx, problem.ny, problem.nz, precision, limits);
    } else if (problem.nx > 1) {
      row_pass(problem.nx, problem.batch, precision, limits);
    }
  } catch (const Error& e) {
    if (e.status() == FFT3D_ERROR_UNSUPPORTED_SIZE) return false;
    throw;
  }
  return true;
}

}  // namespace fft3d
