// Velocity snapshots as HDF5: one file per snapshot with datasets u, v, w of
// shape (nz, ny, nx) in C order (x fastest, as fft3d lays out a grid), the
// run's precision, and attributes time, step and nu.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "grid.h"

namespace taylor_green {

bool snapshots_available();  // false when built without HDF5

// `padded` holds the three components in the padded real layout of grid.h.
template <typename Real>
void write_snapshot(const std::string& path, const solvers::Grid& grid, double time, long long step, double nu,
                    const std::array<std::vector<Real>, 3>& padded);

}  // namespace taylor_green
