// The periodic box [0, 2pi)^3 sampled on nx * ny * nz points, and the layout
// every solver field uses: fft3d's in-place real-to-complex layout. In real
// space each x row holds 2 (nx/2 + 1) reals, of which the first nx are the
// samples (the rest is padding that no transform reads); in Fourier space the
// same memory holds (nx/2 + 1) * ny * nz complex values, x fastest.
#pragma once

#include <cmath>
#include <cstddef>

namespace solvers {

struct Grid {
  int nx = 0, ny = 0, nz = 0;

  static Grid cube(int n) { return Grid{n, n, n}; }

  long long half() const { return nx / 2 + 1; }                        // complex values per x row
  long long row_reals() const { return 2 * half(); }                    // padded real row
  long long rows() const { return static_cast<long long>(ny) * nz; }
  long long complex_count() const { return half() * rows(); }
  long long padded_reals() const { return 2 * complex_count(); }
  long long points() const { return static_cast<long long>(nx) * ny * nz; }
  template <typename Real>
  std::size_t field_bytes() const { return static_cast<std::size_t>(padded_reals()) * sizeof(Real); }

  // Offset of sample (x, y, z) in the padded real layout.
  long long real_index(int x, int y, int z) const { return x + row_reals() * (y + static_cast<long long>(ny) * z); }

  double dx() const { return 2 * M_PI / nx; }
  double dy() const { return 2 * M_PI / ny; }
  double dz() const { return 2 * M_PI / nz; }
};

}  // namespace solvers
