// The transform of a whole field through fft3d's public C API, on host
// arrays (fft3d_forward_host / fft3d_inverse_host), so that it runs on a GPU
// plan or a CPU plan alike.
#pragma once
#include "field.h"
#include "transform_support.h"

namespace h5fft {

struct TransformResult {
  Field output;
  TransformFacts facts;
};

// c2c: real input is taken as complex with zero imaginary part; the output is
// complex. r2c forward: real in, nx/2+1 complex values along x out. r2c
// inverse: that half spectrum in, real_nx reals along x out. The output keeps
// the input's precision. Fails with an H5fftError (the fft3d message) if the
// plan or the transform fails.
TransformResult transform(const Field& input, const TransformRequest& request);

}  // namespace h5fft
