// FieldOps on the GPU: fields live in device memory and each operation is one
// small kernel on the legacy default stream (the stream fft3d's plans use
// unless told otherwise), so kernels and transforms run in order without
// synchronising. The arithmetic is spectral_math.h, shared with the CPU.
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "field_ops.h"
#include "spectral_math.h"

namespace solvers {

namespace {

using spectral::Cplx;
using spectral::Mode;

void check(cudaError_t status, const char* call) {
  if (status != cudaSuccess) throw std::runtime_error(std::string(call) + ": " + cudaGetErrorString(status));
}
#define SOLVERS_CUDA(call) check((call), #call)

constexpr int kThreads = 256;

int blocks_for(long long n) { return static_cast<int>(std::min<long long>((n + kThreads - 1) / kThreads, 8192)); }

// The shape a kernel needs, passed by value.
struct Shape {
  int nx, ny, nz;
  long long half, row_reals, complex_count, points;
};

Shape shape_of(const Grid& g) { return {g.nx, g.ny, g.nz, g.half(), g.row_reals(), g.complex_count(), g.points()}; }

template <typename Real>
struct Triple {
  Cplx<Real>* p[3];
};
template <typename Real>
struct ConstTriple {
  const Cplx<Real>* p[3];
};
template <typename Real>
struct RealTriple {
  Real* p[3];
};

// Padded offset of the i-th sample (x fastest, padding skipped).
__device__ __forceinline__ long long point_offset(const Shape& s, long long i) {
  return (i / s.nx) * s.row_reals + i % s.nx;
}

#define GRID_STRIDE(i, n) for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < (n); \
                               i += (long long)gridDim.x * blockDim.x)

template <typename Real>
__global__ void curl_kernel(Shape s, ConstTriple<Real> u, Triple<Real> out) {
  GRID_STRIDE(c, s.complex_count) {
    const Mode<Real> m = spectral::mode_at<Real>(c, s.nx, s.ny, s.nz);
    const Cplx<Real> in[3] = {u.p[0][c], u.p[1][c], u.p[2][c]};
    Cplx<Real> w[3];
    spectral::curl(m, in, w);
    for (int a = 0; a < 3; ++a) out.p[a][c] = w[a];
  }
}

template <typename Real>
__global__ void divergence_kernel(Shape s, ConstTriple<Real> u, Cplx<Real>* out) {
  GRID_STRIDE(c, s.complex_count) {
    const Mode<Real> m = spectral::mode_at<Real>(c, s.nx, s.ny, s.nz);
    const Cplx<Real> in[3] = {u.p[0][c], u.p[1][c], u.p[2][c]};
    out[c] = spectral::divergence(m, in);
  }
}

template <typename Real>
__global__ void project_kernel(Shape s, Triple<Real> u) {
  GRID_STRIDE(c, s.complex_count) {
    const Mode<Real> m = spectral::mode_at<Real>(c, s.nx, s.ny, s.nz);
    Cplx<Real> v[3] = {u.p[0][c], u.p[1][c], u.p[2][c]};
    spectral::project(m, v);
    for (int a = 0; a < 3; ++a) u.p[a][c] = v[a];
  }
}

template <typename Real>
__global__ void dealias_kernel(Shape s, Triple<Real> u) {
  GRID_STRIDE(c, s.complex_count) {
    const Mode<Real> m = spectral::mode_at<Real>(c, s.nx, s.ny, s.nz);
    if (m.keep) continue;
    for (int a = 0; a < 3; ++a) u.p[a][c] = Cplx<Real>{Real(0), Real(0)};
  }
}

template <typename Real>
__global__ void navier_stokes_rhs_kernel(Shape s, Triple<Real> nl, ConstTriple<Real> u, Real nu) {
  GRID_STRIDE(c, s.complex_count) {
    const Mode<Real> m = spectral::mode_at<Real>(c, s.nx, s.ny, s.nz);
    Cplx<Real> n[3] = {nl.p[0][c], nl.p[1][c], nl.p[2][c]};
    const Cplx<Real> v[3] = {u.p[0][c], u.p[1][c], u.p[2][c]};
    spectral::navier_stokes_rhs(m, n, v, nu);
    for (int a = 0; a < 3; ++a) nl.p[a][c] = n[a];
  }
}

template <typename Real>
__global__ void poisson_kernel(Shape s, Cplx<Real>* f) {
  GRID_STRIDE(c, s.complex_count) { f[c] = spectral::poisson(spectral::mode_at<Real>(c, s.nx, s.ny, s.nz), f[c]); }
}

template <typename Real>
__global__ void axpby_kernel(long long n, Real* z, const Real* x, const Real* y, Real a, Real b) {
  GRID_STRIDE(i, n) { z[i] = a * x[i] + b * y[i]; }
}

template <typename Real>
__global__ void cross_kernel(Shape s, RealTriple<Real> u, RealTriple<Real> w) {
  GRID_STRIDE(i, s.points) {
    const long long o = point_offset(s, i);
    const Real a[3] = {u.p[0][o], u.p[1][o], u.p[2][o]};
    const Real b[3] = {w.p[0][o], w.p[1][o], w.p[2][o]};
    Real out[3];
    spectral::cross(a, b, out);
    for (int k = 0; k < 3; ++k) w.p[k][o] = out[k];
  }
}

// Reductions: each element yields four doubles, combined by sum or by max
// (slot k uses max when bit k of MaxMask is set; maxima are of absolute
// values, so 0 is the identity for both). One partial per block; the host
// adds the partials.
struct Four {
  double v[4];
};

template <unsigned MaxMask>
__device__ __forceinline__ void combine(Four& acc, const Four& x) {
  for (int k = 0; k < 4; ++k) acc.v[k] = (MaxMask >> k & 1u) ? fmax(acc.v[k], x.v[k]) : acc.v[k] + x.v[k];
}

template <unsigned MaxMask, class Element>
__global__ void reduce_kernel(long long n, Element element, Four* partial) {
  __shared__ Four shared[kThreads];
  Four acc{{0, 0, 0, 0}};
  GRID_STRIDE(i, n) { combine<MaxMask>(acc, element(i)); }
  shared[threadIdx.x] = acc;
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) combine<MaxMask>(shared[threadIdx.x], shared[threadIdx.x + stride]);
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = shared[0];
}

template <typename Real>
struct SpectralSumsElement {
  Shape s;
  ConstTriple<Real> u;
  __device__ Four operator()(long long c) const {
    const Mode<Real> m = spectral::mode_at<Real>(c, s.nx, s.ny, s.nz);
    double e = 0;
    for (int a = 0; a < 3; ++a) e += double(u.p[a][c].re) * u.p[a][c].re + double(u.p[a][c].im) * u.p[a][c].im;
    return Four{{m.weight * e, m.weight * double(m.k2) * e, 0, 0}};
  }
};

template <typename Real>
struct SpeedSumElement {
  Shape s;
  RealTriple<Real> u;
  __device__ Four operator()(long long i) const {
    const long long o = point_offset(s, i);
    return Four{{double(fabs(u.p[0][o])) + fabs(u.p[1][o]) + fabs(u.p[2][o]), 0, 0, 0}};
  }
};

template <typename Real>
struct ErrorElement {
  Shape s;
  const Real* got;
  const Real* exact;
  __device__ Four operator()(long long i) const {
    const long long o = point_offset(s, i);
    const double d = double(got[o]) - double(exact[o]), e = exact[o];
    return Four{{d * d, e * e, fabs(d), fabs(e)}};
  }
};

template <typename Real>
class CudaFieldOps final : public FieldOps<Real> {
  using C = Cplx<Real>;

 public:
  explicit CudaFieldOps(const Grid& grid) : FieldOps<Real>(grid), shape_(shape_of(grid)) {
    SOLVERS_CUDA(cudaMalloc(&partial_, sizeof(Four) * 8192));
  }
  ~CudaFieldOps() override { cudaFree(partial_); }

  bool on_device() const override { return true; }
  std::string name() const override { return "cuda"; }

  Field<Real> allocate() override {
    void* p = nullptr;
    const std::size_t bytes = this->grid().template field_bytes<Real>();
    SOLVERS_CUDA(cudaMalloc(&p, bytes));
    Field<Real> field(static_cast<Real*>(p), [](void* q) { cudaFree(q); });
    SOLVERS_CUDA(cudaMemset(p, 0, bytes));
    return field;
  }

  void upload(Real* field, const Real* host) override {
    SOLVERS_CUDA(cudaMemcpy(field, host, bytes(), cudaMemcpyHostToDevice));
  }
  void download(Real* host, const Real* field) override {
    SOLVERS_CUDA(cudaMemcpy(host, field, bytes(), cudaMemcpyDeviceToHost));
  }
  void copy(Real* dst, const Real* src) override {
    if (dst != src) SOLVERS_CUDA(cudaMemcpyAsync(dst, src, bytes(), cudaMemcpyDeviceToDevice, 0));
  }
  void synchronize() override { SOLVERS_CUDA(cudaDeviceSynchronize()); }

  void curl(ConstVec3<Real> u, Vec3<Real> out) override {
    curl_kernel<Real><<<blocks_for(shape_.complex_count), kThreads>>>(shape_, spec(u), spec(out));
    launched("curl_kernel");
  }
  void divergence(ConstVec3<Real> u, Real* out) override {
    divergence_kernel<Real><<<blocks_for(shape_.complex_count), kThreads>>>(shape_, spec(u), spec(out));
    launched("divergence_kernel");
  }
  void project(Vec3<Real> u) override {
    project_kernel<Real><<<blocks_for(shape_.complex_count), kThreads>>>(shape_, spec(u));
    launched("project_kernel");
  }
  void dealias(Vec3<Real> u) override {
    dealias_kernel<Real><<<blocks_for(shape_.complex_count), kThreads>>>(shape_, spec(u));
    launched("dealias_kernel");
  }
  void navier_stokes_rhs(Vec3<Real> nl, ConstVec3<Real> u, double nu) override {
    navier_stokes_rhs_kernel<Real>
        <<<blocks_for(shape_.complex_count), kThreads>>>(shape_, spec(nl), spec(u), static_cast<Real>(nu));
    launched("navier_stokes_rhs_kernel");
  }
  void poisson(Real* f) override {
    poisson_kernel<Real><<<blocks_for(shape_.complex_count), kThreads>>>(shape_, spec(f));
    launched("poisson_kernel");
  }

  SpectralSums spectral_sums(ConstVec3<Real> u) override {
    const Four r = reduce<0u>(shape_.complex_count, SpectralSumsElement<Real>{shape_, spec(u)});
    const double n2 = double(shape_.points) * double(shape_.points);
    return {0.5 * r.v[0] / n2, 0.5 * r.v[1] / n2};
  }

  void axpby(Real* z, const Real* x, const Real* y, double a, double b) override {
    const long long n = this->grid().padded_reals();
    axpby_kernel<Real><<<blocks_for(n), kThreads>>>(n, z, x, y, static_cast<Real>(a), static_cast<Real>(b));
    launched("axpby_kernel");
  }

  void cross(ConstVec3<Real> u, Vec3<Real> w) override {
    cross_kernel<Real><<<blocks_for(shape_.points), kThreads>>>(shape_, reals(u), reals(w));
    launched("cross_kernel");
  }

  double max_speed_sum(ConstVec3<Real> u) override {
    return reduce<1u>(shape_.points, SpeedSumElement<Real>{shape_, reals(u)}).v[0];
  }

  ErrorNorms error_norms(const Real* got, const Real* exact) override {
    const Four r = reduce<0xCu>(shape_.points, ErrorElement<Real>{shape_, got, exact});
    ErrorNorms e;
    const double n = double(shape_.points);
    e.rms_error = std::sqrt(r.v[0] / n);
    e.rms_exact = std::sqrt(r.v[1] / n);
    e.max_abs_error = r.v[2];
    e.max_abs_exact = r.v[3];
    return e;
  }

 private:
  std::size_t bytes() const { return this->grid().template field_bytes<Real>(); }
  static C* spec(Real* p) { return reinterpret_cast<C*>(p); }
  static Triple<Real> spec(Vec3<Real> v) { return {{spec(v[0]), spec(v[1]), spec(v[2])}}; }
  static ConstTriple<Real> spec(ConstVec3<Real> v) {
    return {{reinterpret_cast<const C*>(v[0]), reinterpret_cast<const C*>(v[1]), reinterpret_cast<const C*>(v[2])}};
  }
  static RealTriple<Real> reals(Vec3<Real> v) { return {{v[0], v[1], v[2]}}; }
  // The kernels only read through these; the type has one pointer kind.
  static RealTriple<Real> reals(ConstVec3<Real> v) {
    return {{const_cast<Real*>(v[0]), const_cast<Real*>(v[1]), const_cast<Real*>(v[2])}};
  }

  static void launched(const char* kernel) { check(cudaGetLastError(), kernel); }

  template <unsigned MaxMask, class Element>
  Four reduce(long long n, Element element) {
    const int blocks = blocks_for(n);
    reduce_kernel<MaxMask><<<blocks, kThreads>>>(n, element, partial_);
    launched("reduce_kernel");
    std::vector<Four> host(blocks);
    SOLVERS_CUDA(cudaMemcpy(host.data(), partial_, sizeof(Four) * blocks, cudaMemcpyDeviceToHost));
    Four acc{{0, 0, 0, 0}};
    for (const Four& p : host)
      for (int k = 0; k < 4; ++k) acc.v[k] = (MaxMask >> k & 1u) ? std::max(acc.v[k], p.v[k]) : acc.v[k] + p.v[k];
    return acc;
  }

  Shape shape_;
  Four* partial_ = nullptr;
};

}  // namespace

bool cuda_device_available() {
  int count = 0;
  return cudaGetDeviceCount(&count) == cudaSuccess && count > 0;
}

template <typename Real>
std::unique_ptr<FieldOps<Real>> make_cuda_field_ops(const Grid& grid) {
  if (!cuda_device_available()) throw std::runtime_error("no CUDA device");
  return std::make_unique<CudaFieldOps<Real>>(grid);
}

template std::unique_ptr<FieldOps<float>> make_cuda_field_ops<float>(const Grid&);
template std::unique_ptr<FieldOps<double>> make_cuda_field_ops<double>(const Grid&);

}  // namespace solvers
