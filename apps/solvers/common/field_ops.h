// The pointwise work of a spectral solver, behind one interface with a CPU
// implementation (host loops) and a CUDA one (kernels on device memory).
// The transforms themselves are fft3d's (see engine.h); everything else a
// solver does between transforms is here.
//
// Fields are in the padded in-place R2C layout of grid.h. Spectral
// coefficients are those of an unnormalised forward transform (N times the
// Fourier coefficients, N = nx ny nz); the inverse plans are normalised
// (FFT3D_NORMALIZE), so a forward then an inverse returns the field itself.
#pragma once

#include <array>
#include <memory>
#include <string>

#include "grid.h"

namespace solvers {

// Box averages <.> over [0, 2pi)^3 of a velocity field given by its spectrum.
struct SpectralSums {
  double energy = 0;     // 1/2 <|u|^2>
  double enstrophy = 0;  // 1/2 <|curl u|^2>
};

// Comparison of a computed real field with the exact one, over the samples.
struct ErrorNorms {
  double max_abs_error = 0;
  double rms_error = 0;
  double rms_exact = 0;
  double max_abs_exact = 0;
  double relative_l2() const { return rms_exact > 0 ? rms_error / rms_exact : rms_error; }
};

// One field's memory, released by the backend that allocated it.
template <typename Real>
class Field {
 public:
  Field() = default;
  Field(Real* data, void (*release)(void*)) : data_(data, release) {}
  Real* data() const { return data_.get(); }

 private:
  std::unique_ptr<Real, void (*)(void*)> data_{nullptr, nullptr};
};

template <typename Real>
using Vec3 = std::array<Real*, 3>;
template <typename Real>
using ConstVec3 = std::array<const Real*, 3>;

template <typename Real>
ConstVec3<Real> as_const(const Vec3<Real>& v) {
  return {v[0], v[1], v[2]};
}

template <typename Real>
class FieldOps {
 public:
  explicit FieldOps(const Grid& grid) : grid_(grid) {}
  virtual ~FieldOps() = default;
  FieldOps(const FieldOps&) = delete;
  FieldOps& operator=(const FieldOps&) = delete;

  const Grid& grid() const { return grid_; }
  virtual bool on_device() const = 0;
  virtual std::string name() const = 0;

  // Memory: one zero-filled padded field; copies of whole padded fields.
  virtual Field<Real> allocate() = 0;
  virtual void upload(Real* field, const Real* host) = 0;
  virtual void download(Real* host, const Real* field) = 0;
  virtual void copy(Real* dst, const Real* src) = 0;
  // Waits for queued work (a no-op on the CPU); timers call it.
  virtual void synchronize() = 0;

  // Fourier space.
  virtual void curl(ConstVec3<Real> u, Vec3<Real> out) = 0;           // out = i k x u
  virtual void divergence(ConstVec3<Real> u, Real* out) = 0;          // out = i k . u
  virtual void project(Vec3<Real> u) = 0;                             // divergence-free part
  virtual void dealias(Vec3<Real> u) = 0;                             // zero outside the 2/3 rule
  virtual void navier_stokes_rhs(Vec3<Real> nl, ConstVec3<Real> u, double nu) = 0;  // see spectral_math.h
  virtual void poisson(Real* f) = 0;                                  // f <- -f / |k|^2, mean 0
  virtual SpectralSums spectral_sums(ConstVec3<Real> u) = 0;

  // Either space, over the whole padded array: z = a x + b y (z may be x or y).
  // The Runge-Kutta updates are made of this.
  virtual void axpby(Real* z, const Real* x, const Real* y, double a, double b) = 0;

  // Real space.
  virtual void cross(ConstVec3<Real> u, Vec3<Real> w) = 0;  // w <- u x w
  virtual double max_speed_sum(ConstVec3<Real> u) = 0;      // max over points of |u|+|v|+|w|
  virtual ErrorNorms error_norms(const Real* got, const Real* exact) = 0;

 private:
  Grid grid_;
};

template <typename Real>
std::unique_ptr<FieldOps<Real>> make_cpu_field_ops(const Grid& grid);

// The CUDA implementation; throws std::runtime_error when the build has no
// CUDA or no device can be used (cuda_device_available() says which).
bool cuda_device_available();
template <typename Real>
std::unique_ptr<FieldOps<Real>> make_cuda_field_ops(const Grid& grid);

}  // namespace solvers
