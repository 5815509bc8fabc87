// FieldOps on the host: plain loops over the padded layout, calling the same
// pointwise functions (spectral_math.h) as the CUDA kernels.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <new>

#include "field_ops.h"
#include "spectral_math.h"

namespace solvers {

namespace {

using spectral::Cplx;
using spectral::Mode;

template <typename Real>
class CpuFieldOps final : public FieldOps<Real> {
  using C = Cplx<Real>;

 public:
  explicit CpuFieldOps(const Grid& grid) : FieldOps<Real>(grid) {}

  bool on_device() const override { return false; }
  std::string name() const override { return "cpu"; }

  Field<Real> allocate() override {
    // 64-byte aligned, so FFTW uses its aligned (SIMD) plans.
    const std::size_t bytes = (this->grid().template field_bytes<Real>() + 63) / 64 * 64;
    void* p = std::aligned_alloc(64, bytes);
    if (!p) throw std::bad_alloc();
    std::memset(p, 0, bytes);
    return Field<Real>(static_cast<Real*>(p), &std::free);
  }

  void upload(Real* field, const Real* host) override { copy(field, host); }
  void download(Real* host, const Real* field) override { copy(host, field); }
  void copy(Real* dst, const Real* src) override {
    if (dst != src) std::memcpy(dst, src, this->grid().template field_bytes<Real>());
  }
  void synchronize() override {}

  void curl(ConstVec3<Real> u, Vec3<Real> out) override {
    for_modes([&](long long c, const Mode<Real>& m) {
      const C in[3] = {spec(u[0])[c], spec(u[1])[c], spec(u[2])[c]};
      C w[3];
      spectral::curl(m, in, w);
      for (int a = 0; a < 3; ++a) spec(out[a])[c] = w[a];
    });
  }

  void divergence(ConstVec3<Real> u, Real* out) override {
    for_modes([&](long long c, const Mode<Real>& m) {
      const C in[3] = {spec(u[0])[c], spec(u[1])[c], spec(u[2])[c]};
      spec(out)[c] = spectral::divergence(m, in);
    });
  }

  void project(Vec3<Real> u) override {
    for_modes([&](long long c, const Mode<Real>& m) {
      C v[3] = {spec(u[0])[c], spec(u[1])[c], spec(u[2])[c]};
      spectral::project(m, v);
      for (int a = 0; a < 3; ++a) spec(u[a])[c] = v[a];
    });
  }

  void dealias(Vec3<Real> u) override {
    for_modes([&](long long c, const Mode<Real>& m) {
      if (m.keep) return;
      for (int a = 0; a < 3; ++a) spec(u[a])[c] = C{Real(0), Real(0)};
    });
  }

  void navier_stokes_rhs(Vec3<Real> nl, ConstVec3<Real> u, double nu) override {
    for_modes([&](long long c, const Mode<Real>& m) {
      C n[3] = {spec(nl[0])[c], spec(nl[1])[c], spec(nl[2])[c]};
      const C v[3] = {spec(u[0])[c], spec(u[1])[c], spec(u[2])[c]};
      spectral::navier_stokes_rhs(m, n, v, static_cast<Real>(nu));
      for (int a = 0; a < 3; ++a) spec(nl[a])[c] = n[a];
    });
  }

  void poisson(Real* f) override {
    for_modes([&](long long c, const Mode<Real>& m) { spec(f)[c] = spectral::poisson(m, spec(f)[c]); });
  }

  SpectralSums spectral_sums(ConstVec3<Real> u) override {
    double energy = 0, enstrophy = 0;
    for_modes([&](long long c, const Mode<Real>& m) {
      double e = 0;
      for (int a = 0; a < 3; ++a) {
        const C v = spec(u[a])[c];
        e += double(v.re) * v.re + double(v.im) * v.im;
      }
      energy += m.weight * e;
      enstrophy += m.weight * double(m.k2) * e;
    });
    const double n2 = double(this->grid().points()) * double(this->grid().points());
    return {0.5 * energy / n2, 0.5 * enstrophy / n2};
  }

  void axpby(Real* z, const Real* x, const Real* y, double a, double b) override {
    const Real ra = static_cast<Real>(a), rb = static_cast<Real>(b);
    const long long n = this->grid().padded_reals();
    for (long long i = 0; i < n; ++i) z[i] = ra * x[i] + rb * y[i];
  }

  void cross(ConstVec3<Real> u, Vec3<Real> w) override {
    for_points([&](long long i) {
      const Real a[3] = {u[0][i], u[1][i], u[2][i]};
      const Real b[3] = {w[0][i], w[1][i], w[2][i]};
      Real out[3];
      spectral::cross(a, b, out);
      for (int k = 0; k < 3; ++k) w[k][i] = out[k];
    });
  }

  double max_speed_sum(ConstVec3<Real> u) override {
    double m = 0;
    for_points([&](long long i) {
      m = std::max(m, double(std::abs(u[0][i])) + std::abs(u[1][i]) + std::abs(u[2][i]));
    });
    return m;
  }

  ErrorNorms error_norms(const Real* got, const Real* exact) override {
    ErrorNorms e;
    double sum_err = 0, sum_exact = 0;
    for_points([&](long long i) {
      const double d = double(got[i]) - double(exact[i]);
      e.max_abs_error = std::max(e.max_abs_error, std::abs(d));
      e.max_abs_exact = std::max(e.max_abs_exact, std::abs(double(exact[i])));
      sum_err += d * d;
      sum_exact += double(exact[i]) * exact[i];
    });
    const double n = double(this->grid().points());
    e.rms_error = std::sqrt(sum_err / n);
    e.rms_exact = std::sqrt(sum_exact / n);
    return e;
  }

 private:
  static C* spec(Real* p) { return reinterpret_cast<C*>(p); }
  static const C* spec(const Real* p) { return reinterpret_cast<const C*>(p); }

  template <class F>
  void for_modes(F f) const {
    const Grid& g = this->grid();
    const long long n = g.complex_count();
    for (long long c = 0; c < n; ++c) f(c, spectral::mode_at<Real>(c, g.nx, g.ny, g.nz));
  }

  // Calls f with the padded offset of every sample (the padding is skipped).
  template <class F>
  void for_points(F f) const {
    const Grid& g = this->grid();
    for (long long row = 0; row < g.rows(); ++row)
      for (long long x = 0; x < g.nx; ++x) f(row * g.row_reals() + x);
  }
};

}  // namespace

template <typename Real>
std::unique_ptr<FieldOps<Real>> make_cpu_field_ops(const Grid& grid) {
  return std::make_unique<CpuFieldOps<Real>>(grid);
}

template std::unique_ptr<FieldOps<float>> make_cpu_field_ops<float>(const Grid&);
template std::unique_ptr<FieldOps<double>> make_cpu_field_ops<double>(const Grid&);

}  // namespace solvers
