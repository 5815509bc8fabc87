// A 3-D field as h5fft holds it between reading, transforming and writing.
//
// Dimension order: HDF5 (and C, and h5py/NumPy) list dimensions slowest
// first, so a dataset of dims [nz][ny][nx] (or [nz][ny][nx][2] for complex as
// (re, im) pairs) is the field f(x, y, z) with x varying fastest: exactly
// fft3d's (nx, ny, nz) layout, a Fortran array A(nx,ny,nz). No data is
// reordered; only the names of the extents are swapped.
#pragma once
#include <array>
#include <string>
#include <vector>

namespace h5fft {

enum class Precision { f32, f64 };
// How complex values are stored in the file: an HDF5 compound {r, i} (as
// h5py writes numpy complex arrays) or a trailing dimension of 2.
enum class ComplexStorage { compound, trailing_pair };

inline const char* precision_name(Precision p) { return p == Precision::f32 ? "f32" : "f64"; }

struct Field {
  long long nx = 0, ny = 0, nz = 0;  // x fastest: HDF5 dims [nz][ny][nx]
  Precision precision = Precision::f64;
  bool is_complex = false;
  ComplexStorage storage = ComplexStorage::compound;  // complex fields only
  // nx*ny*nz values, x fastest; complex fields interleave (re, im). Held in
  // double whatever the file's precision: HDF5 converts on read and write.
  std::vector<double> values;

  long long points() const { return nx * ny * nz; }
  std::string dims_text() const {
    return "[nz=" + std::to_string(nz) + "][ny=" + std::to_string(ny) + "][nx=" + std::to_string(nx) + "]";
  }
  std::string kind_text() const {
    return std::string(is_complex ? "complex " : "real ") + precision_name(precision);
  }
};

// A box of a field's grid: the points start[a] <= i_a < start[a] + size[a]
// along x, y, z (a = 0, 1, 2), held x fastest like a whole field. Alone,
// h5fft reads and writes the whole grid; under mpirun each rank its own box.
struct Box {
  std::array<long long, 3> start{}, size{};

  static Box whole(const Field& f) { return Box{{0, 0, 0}, {f.nx, f.ny, f.nz}}; }
  long long points() const { return size[0] * size[1] * size[2]; }
};

}  // namespace h5fft
