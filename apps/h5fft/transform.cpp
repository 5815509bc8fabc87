#include "transform.h"

#include <vector>

#include "fft3d.h"
#include "h5fft_error.h"

namespace h5fft {

namespace {

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

// Plans on the request's grid, runs forward or inverse on `data` (host
// memory in the plan's in-place layout) and records the facts.
void run(void* data, const Field& in, const TransformRequest& r, TransformFacts& facts) {
  set_grid(in, r, facts);
  Plan plan;
  auto t0 = Clock::now();
  check_fft3d(fft3d_plan_create_3d(plan.out(), int(facts.nx), int(facts.ny), int(facts.nz),
                                   transform_type(in.precision, r.kind), plan_flags(r)),
              "fft3d_plan_create_3d");
  facts.plan_seconds = seconds_since(t0);
  t0 = Clock::now();
  check_fft3d(r.inverse ? fft3d_inverse_host(plan.get(), data) : fft3d_forward_host(plan.get(), data),
              r.inverse ? "fft3d_inverse_host" : "fft3d_forward_host");
  facts.transform_seconds = seconds_since(t0);
  unsigned backend = 0;
  check_fft3d(fft3d_plan_get_backend(plan.get(), &backend), "fft3d_plan_get_backend");
  facts.backend = backend_name(backend);
  facts.device = device_text(backend);
  facts.plan = describe_text([&](char* buf, size_t len, size_t* needed) {
    return fft3d_plan_describe(plan.get(), buf, len, needed);
  }, "fft3d_plan_describe");
}

template <typename Real>
TransformResult complex_to_complex(const Field& in, const TransformRequest& r) {
  std::vector<Real> data = transform_input<Real>(in.values, in.is_complex, true);  // (re, im) pairs
  TransformResult result;
  run(data.data(), in, r, result.facts);
  result.output = output_shape(in, r);
  result.output.values.assign(data.begin(), data.end());
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
  run(data.data(), in, r, result.facts);
  result.output = output_shape(in, r);
  result.output.values.assign(data.begin(), data.end());  // (re, im) pairs, rows of half
  return result;
}

template <typename Real>
TransformResult complex_to_real(const Field& in, const TransformRequest& r) {
  const long long nx = r.real_nx, half = in.nx, rows = in.ny * in.nz;
  std::vector<Real> data = transform_input<Real>(in.values, true, true);  // rows of half (re, im) pairs
  TransformResult result;
  run(data.data(), in, r, result.facts);
  Field& out = result.output;
  out = output_shape(in, r);
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
  validate_request(input, request);
  return input.precision == Precision::f32 ? dispatch<float>(input, request) : dispatch<double>(input, request);
}

}  // namespace h5fft
