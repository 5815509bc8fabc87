// The Navier-Stokes sample solver on the CPU backend: exact invariants of the
// Taylor-Green initial condition, the curl against the analytic vorticity,
// projection to rounding, an exact decaying solution, and energy
// conservation of the inviscid flow converging at the integrator's order.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <random>

#include "diagnostics.h"
#include "navier_stokes.h"
#include "reference.h"

namespace {

using solvers::Backend;
using solvers::Engine;
using solvers::Grid;
using taylor_green::NavierStokes;
using taylor_green::Scheme;

template <typename Real>
std::array<std::vector<Real>, 3> zero_velocity(const Grid& g) {
  std::array<std::vector<Real>, 3> v;
  for (auto& c : v) c.assign(g.padded_reals(), Real(0));
  return v;
}

// max |a| over the samples of a real field (host, padded layout).
template <typename Real>
double max_abs(const Grid& g, const std::vector<Real>& a) {
  double m = 0;
  for (int z = 0; z < g.nz; ++z)
    for (int y = 0; y < g.ny; ++y)
      for (int x = 0; x < g.nx; ++x) m = std::max(m, std::abs(double(a[g.real_index(x, y, z)])));
  return m;
}

// max |div u| in real space of the spectral velocity u, and max |curl u| as its scale.
template <typename Real>
std::pair<double, double> divergence_and_scale(Engine<Real>& e, solvers::ConstVec3<Real> u) {
  auto& ops = e.ops();
  const Grid& g = e.grid();
  solvers::Field<Real> div = ops.allocate(), w0 = ops.allocate(), w1 = ops.allocate(), w2 = ops.allocate();
  ops.divergence(u, div.data());
  ops.curl(u, {w0.data(), w1.data(), w2.data()});
  e.inverse({div.data(), w0.data(), w1.data(), w2.data()});
  std::vector<Real> host(g.padded_reals());
  ops.download(host.data(), div.data());
  const double d = max_abs(g, host);
  double scale = 0;
  for (Real* w : {w0.data(), w1.data(), w2.data()}) {
    ops.download(host.data(), w);
    scale = std::max(scale, max_abs(g, host));
  }
  return {d, scale};
}

TEST(NavierStokes, TaylorGreenInitialEnergyAndEnstrophy) {
  auto e = Engine<double>::create(Grid::cube(16), Backend::cpu);
  NavierStokes<double> flow(e, 1.0 / 1600, Scheme::rk3);
  flow.set_taylor_green();
  const auto s = flow.sums();
  EXPECT_NEAR(s.energy, taylor_green::reference::kInitialEnergy, 1e-15);
  EXPECT_NEAR(s.enstrophy, taylor_green::reference::kInitialEnstrophy, 1e-14);
}

TEST(NavierStokes, CurlIsTheAnalyticVorticity) {
  const Grid g = Grid::cube(16);
  auto e = Engine<double>::create(g, Backend::cpu);
  NavierStokes<double> flow(e, 0, Scheme::rk3);
  flow.set_taylor_green();
  auto& ops = e.ops();
  solvers::Field<double> w[3] = {ops.allocate(), ops.allocate(), ops.allocate()};
  ops.curl(solvers::as_const(flow.state()), {w[0].data(), w[1].data(), w[2].data()});
  e.inverse({w[0].data(), w[1].data(), w[2].data()});
  double worst = 0;
  for (int z = 0; z < g.nz; ++z)
    for (int y = 0; y < g.ny; ++y)
      for (int x = 0; x < g.nx; ++x) {
        const double px = x * g.dx(), py = y * g.dy(), pz = z * g.dz();
        const double want[3] = {-std::cos(px) * std::sin(py) * std::sin(pz),
                                -std::sin(px) * std::cos(py) * std::sin(pz),
                                2 * std::sin(px) * std::sin(py) * std::cos(pz)};
        for (int a = 0; a < 3; ++a) worst = std::max(worst, std::abs(w[a].data()[g.real_index(x, y, z)] - want[a]));
      }
  EXPECT_LT(worst, 1e-14);
}

template <typename Real>
void check_projection(double tolerance) {
  // A random field with every mode present (Nyquist planes and odd sizes included).
  const Grid g{24, 19, 20};
  auto e = Engine<Real>::create(g, Backend::cpu);
  auto host = zero_velocity<Real>(g);
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-1, 1);
  for (auto& c : host)
    for (int z = 0; z < g.nz; ++z)
      for (int y = 0; y < g.ny; ++y)
        for (int x = 0; x < g.nx; ++x) c[g.real_index(x, y, z)] = static_cast<Real>(u(rng));
  auto& ops = e.ops();
  solvers::Field<Real> f[3] = {ops.allocate(), ops.allocate(), ops.allocate()};
  const solvers::Vec3<Real> v{f[0].data(), f[1].data(), f[2].data()};
  for (int a = 0; a < 3; ++a) ops.upload(v[a], host[a].data());
  e.forward({v[0], v[1], v[2]});
  const auto before = divergence_and_scale(e, solvers::as_const(v));
  ops.project(v);
  const auto after = divergence_and_scale(e, solvers::as_const(v));
  EXPECT_GT(before.first, 0.1 * before.second);  // the field was far from divergence-free
  EXPECT_LE(after.first, tolerance * after.second) << "max |div u| " << after.first << ", max |curl u| " << after.second;
}

TEST(NavierStokes, ProjectionLeavesNoDivergenceDouble) { check_projection<double>(1e-13); }
TEST(NavierStokes, ProjectionLeavesNoDivergenceFloat) { check_projection<float>(1e-5); }

TEST(NavierStokes, VelocityStaysDivergenceFreeWhileStepping) {
  auto e = Engine<double>::create(Grid::cube(16), Backend::cpu);
  NavierStokes<double> flow(e, 1.0 / 100, Scheme::rk3);
  flow.set_taylor_green();
  for (int i = 0; i < 5; ++i) flow.step({});
  const auto d = divergence_and_scale(e, solvers::as_const(flow.state()));
  EXPECT_LE(d.first, 1e-13 * d.second);
}

// u = sin x cos y, v = -cos x sin y, w = 0 solves Navier-Stokes exactly: its
// nonlinear term is a gradient (projected away), so it decays as exp(-2 nu t)
// and its energy as exp(-4 nu t). This checks the projection of u x omega
// and the viscous term's scale and sign.
TEST(NavierStokes, TwoDimensionalTaylorGreenDecaysExactly) {
  const Grid g = Grid::cube(16);
  const double nu = 0.05;
  for (Scheme scheme : {Scheme::rk3, Scheme::rk4}) {
    auto e = Engine<double>::create(g, Backend::cpu);
    NavierStokes<double> flow(e, nu, scheme);
    auto host = zero_velocity<double>(g);
    for (int z = 0; z < g.nz; ++z)
      for (int y = 0; y < g.ny; ++y)
        for (int x = 0; x < g.nx; ++x) {
          host[0][g.real_index(x, y, z)] = std::sin(x * g.dx()) * std::cos(y * g.dy());
          host[1][g.real_index(x, y, z)] = -std::cos(x * g.dx()) * std::sin(y * g.dy());
        }
    flow.set_velocity(host);
    const double e0 = flow.sums().energy;
    taylor_green::StepControl fixed;
    fixed.dt = 0.05;
    for (int i = 0; i < 20; ++i) flow.step(fixed);
    EXPECT_NEAR(flow.time(), 1.0, 1e-12);
    EXPECT_NEAR(flow.sums().energy / e0, std::exp(-4 * nu * flow.time()), 1e-8);
  }
}

// Relative energy change of the inviscid Taylor-Green flow from t = 0 to 1.
double inviscid_energy_drift(Scheme scheme, double dt) {
  auto e = Engine<double>::create(Grid::cube(16), Backend::cpu);
  NavierStokes<double> flow(e, 0, scheme);
  flow.set_taylor_green();
  const double e0 = flow.sums().energy;
  taylor_green::StepControl fixed;
  fixed.dt = dt;
  const int steps = static_cast<int>(std::lround(1.0 / dt));
  for (int i = 0; i < steps; ++i) flow.step(fixed);
  return std::abs(flow.sums().energy - e0) / e0;
}

// The truncated inviscid system conserves energy exactly in time, so the
// energy error is the integrator's: halving dt must divide it by 2^order
// (RK3's stability function loses energy at order 3; classic RK4's first
// energy error term is at order 5 in dt, one above its order).
void check_energy_order(Scheme scheme, double lo, double hi) {
  const double e1 = inviscid_energy_drift(scheme, 0.1);
  const double e2 = inviscid_energy_drift(scheme, 0.05);
  const double e3 = inviscid_energy_drift(scheme, 0.025);
  const double r1 = std::log2(e1 / e2), r2 = std::log2(e2 / e3);
  std::printf("energy drift at dt = 0.1, 0.05, 0.025: %.3e %.3e %.3e; observed orders %.2f %.2f\n", e1, e2, e3, r1, r2);
  EXPECT_GT(e3, 1e-13);  // still well above rounding, so the rates mean something
  EXPECT_GE(r1, lo) << "errors " << e1 << " " << e2 << " " << e3;
  EXPECT_LE(r1, hi) << "errors " << e1 << " " << e2 << " " << e3;
  EXPECT_GE(r2, lo) << "errors " << e1 << " " << e2 << " " << e3;
  EXPECT_LE(r2, hi) << "errors " << e1 << " " << e2 << " " << e3;
}

TEST(NavierStokes, InviscidEnergyConservedToThirdOrderWithRk3) { check_energy_order(Scheme::rk3, 2.7, 3.4); }
TEST(NavierStokes, InviscidEnergyConservedToFifthOrderWithRk4) { check_energy_order(Scheme::rk4, 4.6, 5.5); }

TEST(NavierStokes, DissipationTwoWaysAgree) {
  // -dE/dt = 2 nu Z holds exactly for the truncated system; the central
  // difference of E agrees with 2 nu Z up to its O(dt^2) error and the
  // integrator's energy error (RK4: O(dt^5), far below RK3's O(dt^3)).
  auto e = Engine<double>::create(Grid::cube(16), Backend::cpu);
  NavierStokes<double> flow(e, 1.0 / 200, Scheme::rk4);
  flow.set_taylor_green();
  taylor_green::StepControl fixed;
  fixed.dt = 0.01;
  std::vector<double> energy, dissipation;
  for (int i = 0; i <= 200; ++i) {
    if (i > 0) flow.step(fixed);
    const auto s = flow.sums();
    energy.push_back(s.energy);
    dissipation.push_back(2 * flow.nu() * s.enstrophy);
  }
  double worst = 0;
  for (std::size_t i = 1; i + 1 < energy.size(); ++i)
    worst = std::max(worst, std::abs(-(energy[i + 1] - energy[i - 1]) / (2 * fixed.dt) - dissipation[i]));
  EXPECT_LT(worst, 1e-5 * dissipation.back());
  EXPECT_GT(dissipation.back(), 1.2 * dissipation.front());  // enstrophy grows: the nonlinear term is at work
}

TEST(Diagnostics, PeakIsTheParabolaVertex) {
  taylor_green::Diagnostics history("", 0.5);  // 2 nu Z = Z
  for (int i = 0; i <= 20; ++i) {
    const double t = 0.1 * i;
    history.record(i, t, 0, 3 - (t - 1.234) * (t - 1.234));
  }
  history.finish();
  const auto p = history.peak_enstrophy_dissipation();
  EXPECT_NEAR(p.time, 1.234, 1e-12);
  EXPECT_NEAR(p.value, 3, 1e-12);
}

}  // namespace
