#include "navier_stokes.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace taylor_green {

template <typename Real>
NavierStokes<Real>::NavierStokes(solvers::Engine<Real>& engine, double nu, Scheme scheme)
    : engine_(engine), nu_(nu), scheme_(scheme) {
  // State, two work triples, the accumulator, and RK4's stage.
  const int count = scheme == Scheme::rk4 ? 15 : 12;
  for (int i = 0; i < count; ++i) storage_.push_back(ops().allocate());
  q_ = fields(0);
  work_lo_ = fields(3);
  rhs_ = fields(6);
  acc_ = fields(9);
  if (scheme == Scheme::rk4) stage_ = fields(12);
}

template <typename Real>
solvers::Vec3<Real> NavierStokes<Real>::fields(int first) const {
  return {storage_[first].data(), storage_[first + 1].data(), storage_[first + 2].data()};
}

template <typename Real>
void NavierStokes<Real>::set_taylor_green() {
  const solvers::Grid& g = engine_.grid();
  std::array<std::vector<Real>, 3> host;
  for (auto& h : host) h.assign(g.padded_reals(), Real(0));
  for (int z = 0; z < g.nz; ++z)
    for (int y = 0; y < g.ny; ++y)
      for (int x = 0; x < g.nx; ++x) {
        const double px = x * g.dx(), py = y * g.dy(), pz = z * g.dz();
        const long long i = g.real_index(x, y, z);
        host[0][i] = static_cast<Real>(std::sin(px) * std::cos(py) * std::cos(pz));
        host[1][i] = static_cast<Real>(-std::cos(px) * std::sin(py) * std::cos(pz));
      }
  set_velocity(host);
}

template <typename Real>
void NavierStokes<Real>::set_velocity(const std::array<std::vector<Real>, 3>& host) {
  for (int a = 0; a < 3; ++a) {
    if (static_cast<long long>(host[a].size()) != engine_.grid().padded_reals())
      throw std::invalid_argument("set_velocity: a component is not one padded field");
    ops().upload(q_[a], host[a].data());
  }
  engine_.forward({q_[0], q_[1], q_[2]});
  ops().project(q_);
  ops().dealias(q_);
  time_ = 0;
  steps_ = 0;
}

template <typename Real>
void NavierStokes<Real>::velocity(std::array<std::vector<Real>, 3>& host) {
  for (int a = 0; a < 3; ++a) ops().copy(work_lo_[a], q_[a]);
  engine_.inverse({work_lo_[0], work_lo_[1], work_lo_[2]});
  for (int a = 0; a < 3; ++a) {
    host[a].resize(engine_.grid().padded_reals());
    ops().download(host[a].data(), work_lo_[a]);
  }
}

template <typename Real>
void NavierStokes<Real>::rhs(solvers::ConstVec3<Real> u, bool measure_speed) {
  for (int a = 0; a < 3; ++a) ops().copy(work_lo_[a], u[a]);
  ops().curl(u, rhs_);
  engine_.inverse({work_lo_[0], work_lo_[1], work_lo_[2], rhs_[0], rhs_[1], rhs_[2]});
  if (measure_speed) speed_sum_ = ops().max_speed_sum(solvers::as_const(work_lo_));
  ops().cross(solvers::as_const(work_lo_), rhs_);  // rhs_ = u x omega
  engine_.forward({rhs_[0], rhs_[1], rhs_[2]});
  ops().navier_stokes_rhs(rhs_, u, nu_);
}

template <typename Real>
double NavierStokes<Real>::choose_dt(const StepControl& control) const {
  if (control.dt > 0) return control.dt;
  const solvers::Grid& g = engine_.grid();
  const double dx = std::min({g.dx(), g.dy(), g.dz()});
  double dt = control.dt_max;
  if (speed_sum_ > 0) dt = std::min(dt, control.cfl * dx / speed_sum_);
  // Explicit viscous limit, with margin (RK3 and RK4 are stable to about
  // 2.5 and 2.8 on the negative real axis): largest kept |k|^2 is 3 (n/3)^2.
  const double kmax2 = std::pow(g.nx / 3.0, 2) + std::pow(g.ny / 3.0, 2) + std::pow(g.nz / 3.0, 2);
  if (nu_ > 0) dt = std::min(dt, 1.0 / (nu_ * kmax2));
  return dt;
}

// Williamson (1980), 2N storage: dq <- A_s dq + dt R(q); q <- q + B_s dq.
template <typename Real>
void NavierStokes<Real>::step_rk3(const StepControl& control, double& dt) {
  static constexpr double A[3] = {0.0, -5.0 / 9.0, -153.0 / 128.0};
  static constexpr double B[3] = {1.0 / 3.0, 15.0 / 16.0, 8.0 / 15.0};
  for (int s = 0; s < 3; ++s) {
    rhs(solvers::as_const(q_), s == 0);
    if (s == 0) dt = choose_dt(control);
    for (int a = 0; a < 3; ++a) {
      ops().axpby(acc_[a], acc_[a], rhs_[a], A[s], dt);
      ops().axpby(q_[a], q_[a], acc_[a], 1.0, B[s]);
    }
  }
}

// Classic RK4: acc collects q + dt (k1 + 2 k2 + 2 k3 + k4) / 6 as the stages go.
template <typename Real>
void NavierStokes<Real>::step_rk4(const StepControl& control, double& dt) {
  static constexpr double stage_weight[3] = {0.5, 0.5, 1.0};
  static constexpr double sum_weight[4] = {1.0 / 6.0, 1.0 / 3.0, 1.0 / 3.0, 1.0 / 6.0};
  for (int s = 0; s < 4; ++s) {
    rhs(s == 0 ? solvers::as_const(q_) : solvers::as_const(stage_), s == 0);
    if (s == 0) dt = choose_dt(control);
    for (int a = 0; a < 3; ++a) {
      if (s == 0) {
        ops().axpby(acc_[a], q_[a], rhs_[a], 1.0, sum_weight[s] * dt);
      } else if (s < 3) {
        ops().axpby(acc_[a], acc_[a], rhs_[a], 1.0, sum_weight[s] * dt);
      } else {
        ops().axpby(q_[a], acc_[a], rhs_[a], 1.0, sum_weight[s] * dt);
      }
      if (s < 3) ops().axpby(stage_[a], q_[a], rhs_[a], 1.0, stage_weight[s] * dt);
    }
  }
}

template <typename Real>
double NavierStokes<Real>::step(const StepControl& control) {
  double dt = 0;
  if (scheme_ == Scheme::rk3)
    step_rk3(control, dt);
  else
    step_rk4(control, dt);
  time_ += dt;
  ++steps_;
  return dt;
}

template class NavierStokes<float>;
template class NavierStokes<double>;

}  // namespace taylor_green
