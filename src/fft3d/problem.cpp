#include "fft3d/problem.h"

#include <cstdint>
#include <limits>

#include "common/error.h"

namespace fft3d {

namespace {

void check_type(fft3d_type type) {
  switch (type) {
    case FFT3D_C2C_F32:
    case FFT3D_C2C_F64:
    case FFT3D_R2C_F32:
    case FFT3D_R2C_F64: return;
  }
  fail(FFT3D_ERROR_INVALID_ARGUMENT, "unknown transform type " + std::to_string(static_cast<int>(type)));
}

// The data must be addressable: elements * 16 bytes fits in a ptrdiff_t.
void check_count(long long a, long long b, long long c, const std::string& what) {
  const long long limit = std::numeric_limits<std::ptrdiff_t>::max() / 16;
  if (a > limit / b || a * b > limit / c)
    fail(FFT3D_ERROR_INVALID_ARGUMENT, what + " has too many elements to address");
}

}  // namespace

Precision Problem::precision() const {
  return type == FFT3D_C2C_F32 || type == FFT3D_R2C_F32 ? Precision::f32 : Precision::f64;
}

long long Problem::elements() const {
  return shape == Shape::batched1d ? static_cast<long long>(nx) * batch
                                   : static_cast<long long>(nx) * ny * nz;
}

long long Problem::transform_length() const {
  return shape == Shape::batched1d ? nx : static_cast<long long>(nx) * ny * nz;
}

long long Problem::bytes() const { return elements() * complex_bytes(precision()); }

long long Problem::rows() const {
  return shape == Shape::batched1d ? batch : static_cast<long long>(ny) * nz;
}
long long Problem::complex_side_bytes() const { return rows() * (nx / 2 + 1) * complex_bytes(precision()); }
long long Problem::real_side_bytes() const { return rows() * nx * real_bytes(precision()); }

std::string Problem::str() const {
  const char* kind = is_real() ? "r2c" : "c2c";
  const std::string prec = precision_name(precision());
  if (shape == Shape::batched1d)
    return "batched 1-D n=" + std::to_string(nx) + " x " + std::to_string(batch) + " rows " + kind + " " + prec;
  return "3-D " + std::to_string(nx) + "x" + std::to_string(ny) + "x" + std::to_string(nz) + " " + kind + " " + prec;
}

Problem make_3d_problem(int nx, int ny, int nz, fft3d_type type) {
  if (nx <= 0 || ny <= 0 || nz <= 0)
    fail(FFT3D_ERROR_INVALID_ARGUMENT, "grid sizes must be positive, got " + std::to_string(nx) + "x" +
                                           std::to_string(ny) + "x" + std::to_string(nz));
  check_type(type);
  check_count(nx, ny, nz, "the grid");
  Problem p;
  p.shape = Shape::grid3d;
  p.nx = nx;
  p.ny = ny;
  p.nz = nz;
  p.type = type;
  return p;
}

Problem make_batched_problem(int n, long long batch, fft3d_type type) {
  if (n <= 0) fail(FFT3D_ERROR_INVALID_ARGUMENT, "transform length must be positive, got " + std::to_string(n));
  if (batch <= 0) fail(FFT3D_ERROR_INVALID_ARGUMENT, "batch must be positive, got " + std::to_string(batch));
  check_type(type);
  check_count(n, batch, 1, "the batch");
  Problem p;
  p.shape = Shape::batched1d;
  p.nx = n;
  p.batch = batch;
  p.type = type;
  return p;
}

}  // namespace fft3d
