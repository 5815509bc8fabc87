#include "transform_support.h"

#include "h5fft_error.h"

namespace h5fft {

void check_fft3d(fft3d_status status, const std::string& what) {
  if (status != FFT3D_SUCCESS)
    throw H5fftError(what + " failed: " + fft3d_error_string(status) + ": " + fft3d_last_error_message());
}

void validate_request(const Field& input, const TransformRequest& request) {
  if (request.kind == Kind::r2c && !request.inverse && input.is_complex)
    throw usage_error("--type r2c takes a real dataset; this one is complex (use --type c2c)");
  if (request.kind == Kind::r2c && request.inverse) {
    if (!input.is_complex)
      throw usage_error("--inverse --type r2c takes the complex half spectrum; this dataset is real");
    if (request.real_nx / 2 + 1 != input.nx)
      throw usage_error("--inverse --type r2c: nx=" + std::to_string(request.real_nx) + " does not fit " +
                        std::to_string(input.nx) + " complex values along x (nx/2+1 must equal it)");
  }
}

Field output_shape(const Field& input, const TransformRequest& request) {
  Field out = input;
  out.values.clear();
  if (request.kind == Kind::c2c) {
    out.is_complex = true;
    if (!input.is_complex) out.storage = ComplexStorage::compound;
  } else if (!request.inverse) {
    out.nx = input.nx / 2 + 1;
    out.is_complex = true;
    out.storage = ComplexStorage::compound;
  } else {
    out.nx = request.real_nx;
    out.is_complex = false;
  }
  return out;
}

void set_grid(const Field& input, const TransformRequest& request, TransformFacts& facts) {
  facts.nx = request.kind == Kind::r2c && request.inverse ? request.real_nx : input.nx;
  facts.ny = input.ny;
  facts.nz = input.nz;
}

unsigned plan_flags(const TransformRequest& r) {
  unsigned flags = FFT3D_ESTIMATE;
  if (r.backend == "cpu") flags |= FFT3D_BACKEND_CPU;
  if (r.backend == "gpu") flags |= FFT3D_BACKEND_GPU;
  if (r.normalize) flags |= FFT3D_NORMALIZE;
  return flags;
}

fft3d_type transform_type(Precision precision, Kind kind) {
  if (kind == Kind::c2c) return precision == Precision::f32 ? FFT3D_C2C_F32 : FFT3D_C2C_F64;
  return precision == Precision::f32 ? FFT3D_R2C_F32 : FFT3D_R2C_F64;
}

std::string backend_name(unsigned backend) { return backend == FFT3D_BACKEND_GPU ? "gpu" : "cpu"; }

std::string device_text(unsigned backend) {
  if (backend != FFT3D_BACKEND_GPU) return "CPU (FFTW)";
  char name[256] = "";
  check_fft3d(fft3d_device_name(name, sizeof name, nullptr), "fft3d_device_name");
  return name;
}

}  // namespace h5fft
