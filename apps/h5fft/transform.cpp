#include "transform.h"

#include <chrono>
#include <complex>
#include <vector>

#include "fft3d.h"
#include "h5fft_error.h"

namespace h5fft {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

void check(fft3d_status status, const std::string& what) {
  if (status != FFT3D_SUCCESS)
    throw H5fftError(what + " failed: " + fft3d_error_string(status) + ": " + fft3d_last_error_message());
}

// Owns the plan; destroyed on every path.
class Plan {
 public:
  Plan() = default;
  ~Plan() { fft3d_plan_destroy(plan_); }
  Plan(const Plan&) = delete;
  Plan& operator=(const Plan&) = delete;
  fft3d_plan* out() { return &plan_; }
  fft3d_plan get() const { return plan_; }

 private:
  fft3d_plan plan_ = nullptr;
};

unsigned plan_flags(const TransformRequest& r) {
  unsigned flags = FFT3D_ESTIMATE;
  if (r.backend == "cpu") flags |= FFT3D_BACKEND_CPU;
  if (r.backend == "gpu") flags |= FFT3D_BACKEND_GPU;
  if (r.normalize) flags |= FFT3D_NORMALIZE;
  return flags;
}

std::string describe(fft3d_plan plan) {
  size_t needed = 0;
  check(fft3d_plan_describe(plan, nullptr, 0, &needed), "fft3d_plan_describe");
  std::string text(needed, '\0');
  check(fft3d_plan_describe(plan, text.data(), text.size(), &needed), "fft3d_plan_describe");
  text.resize(text.find('\0'));
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

// Plans on the (nx, ny, nz) grid, runs forward or inverse on `data` (host
// memory in the plan's in-place layout) and fills in the result's facts.
void run(void* data, long long nx, long long ny, long long nz, fft3d_type type, const TransformRequest& r,
         TransformResult& result) {
  Plan plan;
  auto t0 = Clock::now();
  check(fft3d_plan_create_3d(plan.out(), int(nx), int(ny), int(nz), type, plan_flags(r)), "fft3d_plan_create_3d");
  result.plan_seconds = seconds_since(t0);
  t0 = Clock::now();
  check(r.inverse ? fft3d_inverse_host(plan.get(), data) : fft3d_forward_host(plan.get(), data),
        r.inverse ? "fft3d_inverse_host" : "fft3d_forward_host");
  result.transform_seconds = seconds_since(t0);
  unsigned backend = 0;
  check(fft3d_plan_get_backend(plan.get(), &backend), "fft3d_plan_get_backend");
  result.backend = backend == FFT3D_BACKEND_GPU ? "gpu" : "cpu";
  result.device = "CPU (FFTW)";
  if (backend == FFT3D_BACKEND_GPU) {
    char name[256] = "";
    check(fft3d_device_name(name, sizeof name, nullptr), "fft3d_device_name");
    result.device = name;
  }
  result.plan = describe(plan.get());
  result.nx = nx, result.ny = ny, result.nz = nz;
}

template <typename Real>
fft3d_type c2c_type() {
  return sizeof(Real) == 4 ? FFT3D_C2C_F32 : FFT3D_C2C_F64;
}
template <typename Real>
fft3d_type r2c_type() {
  return sizeof(Real) == 4 ? FFT3D_R2C_F32 : FFT3D_R2C_F64;
}

template <typename Real>
TransformResult complex_to_complex(const Field& in, const TransformRequest& r) {
  const size_t n = size_t(in.points());
  std::vector<std::complex<Real>> data(n);
  for (size_t i = 0; i < n; ++i)
    data[i] = in.is_complex ? std::complex<Real>(Real(in.values[2 * i]), Real(in.values[2 * i + 1]))
                            : std::complex<Real>(Real(in.values[i]), 0);
  TransformResult result;
  run(data.data(), in.nx, in.ny, in.nz, c2c_type<Real>(), r, result);
  Field& out = result.output;
  out = in;
  out.is_complex = true;
  if (!in.is_complex) out.storage = ComplexStorage::compound;
  out.values.resize(2 * n);
  for (size_t i = 0; i < n; ++i) out.values[2 * i] = data[i].real(), out.values[2 * i + 1] = data[i].imag();
  return result;
}

// Real rows of nx padded to 2(nx/2+1) in place (fft3d.h's layout).
template <typename Real>
TransformResult real_to_complex(const Field& in, const TransformRequest& r) {
  const long long nx = in.nx, half = nx / 2 + 1, rows = in.ny * in.nz;
  std::vector<Real> data(size_t(rows * 2 * half), Real(0));
  for (long long row = 0; row < rows; ++row)
    for (long long x = 0; x < nx; ++x) data[size_t(row * 2 * half + x)] = Real(in.values[size_t(row * nx + x)]);
  TransformResult result;
  run(data.data(), nx, in.ny, in.nz, r2c_type<Real>(), r, result);
  Field& out = result.output;
  out = in;
  out.nx = half;
  out.is_complex = true;
  out.storage = ComplexStorage::compound;
  out.values.assign(data.begin(), data.end());  // (re, im) pairs, rows of half
  return result;
}

template <typename Real>
TransformResult complex_to_real(const Field& in, const TransformRequest& r) {
  const long long nx = r.real_nx, half = in.nx, rows = in.ny * in.nz;
  std::vector<Real> data(size_t(rows * 2 * half));
  for (size_t i = 0; i < data.size(); ++i) data[i] = Real(in.values[i]);
  TransformResult result;
  run(data.data(), nx, in.ny, in.nz, r2c_type<Real>(), r, result);
  Field& out = result.output;
  out = in;
  out.nx = nx;
  out.is_complex = false;
  out.values.resize(size_t(rows * nx));
  for (long long row = 0; row < rows; ++row)
    for (long long x = 0; x < nx; ++x) out.values[size_t(row * nx + x)] = double(data[size_t(row * 2 * half + x)]);
  return result;
}

template <typename Real>
TransformResult dispatch(const Field& in, const TransformRequest& r) {
  if (r.kind == Kind::c2c) return complex_to_complex<Real>(in, r);
  return r.inverse ? complex_to_real<Real>(in, r) : real_to_complex<Real>(in, r);
}

}  // namespace

TransformResult transform(const Field& input, const TransformRequest& request) {
  if (request.kind == Kind::r2c && !request.inverse && input.is_complex)
    throw usage_error("--type r2c takes a real dataset; this one is complex (use --type c2c)");
  if (request.kind == Kind::r2c && request.inverse) {
    if (!input.is_complex)
      throw usage_error("--inverse --type r2c takes the complex half spectrum; this dataset is real");
    if (request.real_nx / 2 + 1 != input.nx)
      throw usage_error("--inverse --type r2c: nx=" + std::to_string(request.real_nx) + " does not fit " +
                        std::to_string(input.nx) + " complex values along x (nx/2+1 must equal it)");
  }
  return input.precision == Precision::f32 ? dispatch<float>(input, request) : dispatch<double>(input, request);
}

}  // namespace h5fft
