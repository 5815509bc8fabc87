// What the transform of a whole field (transform.h) and the distributed one
// under mpirun (distributed_transform.h) share: the request and its checks,
// the plan flags, the output's shape, the facts h5fft records about a
// transform, and the conversions between h5fft's values (double) and fft3d's
// arrays.
#pragma once
#include <chrono>
#include <string>
#include <vector>

#include "fft3d.h"
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

// What was done, as the output's attributes and the printed summary say it.
struct TransformFacts {
  long long nx = 0, ny = 0, nz = 0;  // the transform's grid (the real one for r2c)
  std::string backend;               // "cpu" or "gpu"
  std::string device;                // the GPU's name, or "CPU (FFTW)"
  std::string plan;                  // the plan's description
  double plan_seconds = 0, transform_seconds = 0;
};

// Throws an H5fftError (fft3d's message) unless `status` is success.
void check_fft3d(fft3d_status status, const std::string& what);

// A usage error unless the request fits the input: r2c forward takes a real
// field, its inverse a half spectrum of real_nx/2+1 values along x.
void validate_request(const Field& input, const TransformRequest& request);

// The output's extents and types (no values): c2c gives complex values (real
// input taken as complex), r2c forward nx/2+1 complex values along x, its
// inverse real_nx reals. The precision is the input's.
Field output_shape(const Field& input, const TransformRequest& request);

// The transform's grid (nx, ny, nz): the real one for r2c.
void set_grid(const Field& input, const TransformRequest& request, TransformFacts& facts);

unsigned plan_flags(const TransformRequest& request);
fft3d_type transform_type(Precision precision, Kind kind);

// "cpu" or "gpu", and the device's name ("CPU (FFTW)" on the CPU).
std::string backend_name(unsigned backend);
std::string device_text(unsigned backend);

// A plan's description through `describe(buf, len, needed)`, the shape of
// fft3d_plan_describe and fft3d_mpi_plan_describe, without trailing newlines.
template <class Describe>
std::string describe_text(Describe describe, const std::string& what) {
  size_t needed = 0;
  check_fft3d(describe(nullptr, 0, &needed), what);
  std::string text(needed, '\0');
  check_fft3d(describe(text.data(), text.size(), &needed), what);
  text.resize(text.find('\0'));
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

using Clock = std::chrono::steady_clock;
inline double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// `values` (complex ones as (re, im) pairs) as an fft3d input array of the
// transform's precision: (re, im) pairs for a complex transform (real values
// taken with a zero imaginary part), else reals.
template <typename Real>
std::vector<Real> transform_input(const std::vector<double>& values, bool values_complex, bool complex_transform) {
  if (!complex_transform || values_complex) return std::vector<Real>(values.begin(), values.end());
  std::vector<Real> pairs(2 * values.size(), Real(0));
  for (size_t i = 0; i < values.size(); ++i) pairs[2 * i] = Real(values[i]);
  return pairs;
}

}  // namespace h5fft
