// A pseudo-spectral solver of the incompressible Navier-Stokes equations on
// [0, 2pi)^3 in rotational form,
//   du/dt = P[ u x omega ] + nu laplacian(u),   omega = curl u,
// where P projects onto divergence-free fields (it absorbs the pressure and
// the gradient of |u|^2/2). The velocity is kept as its spectrum; each
// right-hand side transforms u and omega to real space (6 C2R), forms u x
// omega pointwise, and transforms it back (3 R2C), truncated by the 2/3 rule
// so that no aliased product survives. Time stepping is explicit: Williamson's
// low-storage third-order Runge-Kutta, or the classic fourth-order one.
#pragma once

#include <array>
#include <vector>

#include "engine.h"

namespace taylor_green {

enum class Scheme { rk3, rk4 };

// A fixed dt when dt > 0; otherwise dt = cfl * dx / max(|u|+|v|+|w|),
// capped by dt_max and by the explicit viscous limit.
struct StepControl {
  double dt = 0;
  double cfl = 0.5;
  double dt_max = 0.05;
};

template <typename Real>
class NavierStokes {
 public:
  NavierStokes(solvers::Engine<Real>& engine, double nu, Scheme scheme);

  // The Taylor-Green vortex: u = sin x cos y cos z, v = -cos x sin y cos z, w = 0.
  void set_taylor_green();
  // Any velocity from its real-space samples (padded layout, host memory);
  // it is made divergence-free and truncated by the 2/3 rule.
  void set_velocity(const std::array<std::vector<Real>, 3>& host);

  // Advances one step and returns the dt it took.
  double step(const StepControl& control);

  double time() const { return time_; }
  long long steps() const { return steps_; }
  double nu() const { return nu_; }
  // max(|u|+|v|+|w|) seen by the last step's first stage.
  double last_speed_sum() const { return speed_sum_; }

  solvers::SpectralSums sums() { return ops().spectral_sums(solvers::as_const(q_)); }
  // The velocity's spectrum (three fields), for diagnostics and tests.
  const solvers::Vec3<Real>& state() const { return q_; }
  // The velocity in real space, copied to the host (padded layout).
  void velocity(std::array<std::vector<Real>, 3>& host);

 private:
  solvers::FieldOps<Real>& ops() { return engine_.ops(); }
  solvers::Vec3<Real> fields(int first) const;
  // rhs_ (= work fields 3..5) <- right-hand side at spectral velocity u.
  void rhs(solvers::ConstVec3<Real> u, bool measure_speed);
  double choose_dt(const StepControl& control) const;
  void step_rk3(const StepControl& control, double& dt);
  void step_rk4(const StepControl& control, double& dt);

  solvers::Engine<Real>& engine_;
  double nu_;
  Scheme scheme_;
  std::vector<solvers::Field<Real>> storage_;
  solvers::Vec3<Real> q_, work_lo_, rhs_, acc_, stage_;  // acc_: RK3's dq or RK4's sum; stage_: RK4 only
  double time_ = 0, speed_sum_ = 0;
  long long steps_ = 0;
};

}  // namespace taylor_green
