// A 3-D transform as data: the ordered list of passes over one buffer, in
// place, that a GPU plan compiles and launches and the CPU block executor
// runs in the tests. Made by a pure function of the problem and the device
// limits.
#pragma once
#include <string>
#include <vector>

#include "common/precision.h"
#include "fft1d/x_kernel.h"
#include "fft1d/x_variant.h"

namespace fft3d {

struct GridPass {
  char axis;                  // 'x', 'y' or 'z'
  int n;                      // transform length along the axis
  long long count;            // rows (x) or columns (y, z) transformed
  kern::RowGeometry geometry; // where each row or column lives
  XVariant variant;
};

// X rows (shared-memory Stockham), then Y and Z columns (one-pass column
// variant), skipping axes of length 1. Throws Error(UNSUPPORTED_SIZE) naming
// the axis and the prime factor for lengths with a factor above 7, or a
// column that does not fit shared memory.
std::vector<GridPass> make_grid_schedule(int nx, int ny, int nz, Precision precision,
                                         const DeviceLimits& limits);

// One line per pass, as fft3d_plan_describe shows it.
std::string describe_pass(const GridPass& pass, Precision precision);

}  // namespace fft3d
