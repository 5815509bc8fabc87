// A transform problem as the user stated it: pure data, validated once.
#pragma once
#include <string>

#include "common/precision.h"
#include "fft3d.h"

namespace fft3d {

enum class Shape { grid3d, batched1d };

struct Problem {
  Shape shape = Shape::grid3d;
  int nx = 1, ny = 1, nz = 1;  // batched1d: nx = n, ny = nz = 1
  long long batch = 1;         // batched1d only
  fft3d_type type = FFT3D_C2C_F32;
  bool normalize = false;      // inverse scaled by 1 / transform_length()

  Precision precision() const;
  bool is_real() const { return type == FFT3D_R2C_F32 || type == FFT3D_R2C_F64; }
  long long elements() const;  // complex elements in one transform's data
  long long transform_length() const;  // N of the 1/N normalisation
  long long bytes() const;     // bytes of the data (complex problems)
  // Real problems (the layout of fft3d.h): rows of nx reals, ny*nz of them
  // (or batch); the complex side holds nx/2 + 1 values per row and is also
  // what the padded in-place array takes; out of place the real side is
  // dense, nx reals per row.
  long long rows() const;
  long long complex_side_bytes() const;
  long long real_side_bytes() const;
  std::string str() const;     // e.g. "3-D 256x256x256 c2c f32"
};

// Problem constructors that validate sizes (> 0, no overflow of the byte
// count) and the type, throwing Error(INVALID_ARGUMENT) with the reason.
Problem make_3d_problem(int nx, int ny, int nz, fft3d_type type);
Problem make_batched_problem(int n, long long batch, fft3d_type type);

}  // namespace fft3d
