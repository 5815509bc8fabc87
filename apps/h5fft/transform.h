// The transform of a field through fft3d's public C API, on host arrays
// (fft3d_forward_host / fft3d_inverse_host), so that it runs on a GPU plan or
// a CPU plan alike.
#pragma once
#include <string>

#include "field.h"

namespace h5fft {

enum class Kind { c2c, r2c };

struct TransformRequest {
  Kind kind = Kind::c2c;
  bool inverse = false;
  bool normalize = false;    // the inverse scaled by 1/(nx*ny*nz)
  std::string backend = "auto";  // auto, cpu or gpu
  long long real_nx = 0;     // r2c inverse: the real grid's nx (its input holds nx/2+1)
};

struct TransformResult {
  Field output;
  long long nx = 0, ny = 0, nz = 0;  // the transform's grid (the real one for r2c)
  std::string backend;               // "cpu" or "gpu"
  std::string device;                // the GPU's name, or "CPU (FFTW)"
  std::string plan;                  // fft3d_plan_describe
  double plan_seconds = 0, transform_seconds = 0;
};

// c2c: real input is taken as complex with zero imaginary part; the output is
// complex. r2c forward: real in, nx/2+1 complex values along x out. r2c
// inverse: that half spectrum in, real_nx reals along x out. The output keeps
// the input's precision. Fails with an H5fftError (the fft3d message) if the
// plan or the transform fails.
TransformResult transform(const Field& input, const TransformRequest& request);

}  // namespace h5fft
