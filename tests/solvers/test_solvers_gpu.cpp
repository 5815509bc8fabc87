// The solvers' CUDA path against their CPU path (label gpu). Without a CUDA
// device every test skips; without fft3d GPU real-to-complex plans the
// whole-solver tests skip and the kernel tests still run.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>

#include "navier_stokes.h"
#include "poisson_solver.h"

namespace {

using solvers::FieldOps;
using solvers::Grid;

#define REQUIRE_DEVICE() \
  if (!solvers::cuda_device_available()) GTEST_SKIP() << "no CUDA device"

// Runs `op` on both backends with the same six random input fields and
// compares all six fields afterwards, relative to their largest value.
void compare(const Grid& g, const char* what, const std::function<void(FieldOps<double>&, double* const*)>& op) {
  auto cpu = solvers::make_cpu_field_ops<double>(g);
  auto gpu = solvers::make_cuda_field_ops<double>(g);
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<std::vector<double>> host(6, std::vector<double>(g.padded_reals()));
  for (auto& h : host)
    for (auto& x : h) x = u(rng);
  std::vector<solvers::Field<double>> on_cpu, on_gpu;
  double* cpu_ptr[6];
  double* gpu_ptr[6];
  for (int i = 0; i < 6; ++i) {
    on_cpu.push_back(cpu->allocate());
    on_gpu.push_back(gpu->allocate());
    cpu_ptr[i] = on_cpu[i].data();
    gpu_ptr[i] = on_gpu[i].data();
    cpu->upload(cpu_ptr[i], host[i].data());
    gpu->upload(gpu_ptr[i], host[i].data());
  }
  op(*cpu, cpu_ptr);
  op(*gpu, gpu_ptr);
  for (int i = 0; i < 6; ++i) {
    std::vector<double> back(g.padded_reals());
    gpu->download(back.data(), gpu_ptr[i]);
    double diff = 0, scale = 0;
    for (long long k = 0; k < g.padded_reals(); ++k) {
      diff = std::max(diff, std::abs(back[k] - cpu_ptr[i][k]));
      scale = std::max(scale, std::abs(cpu_ptr[i][k]));
    }
    EXPECT_LE(diff, 1e-13 * scale) << what << ", field " << i;
  }
}

solvers::Vec3<double> first(double* const* f) { return {f[0], f[1], f[2]}; }
solvers::Vec3<double> second(double* const* f) { return {f[3], f[4], f[5]}; }

TEST(CudaFieldOps, EveryOperationMatchesTheCpu) {
  REQUIRE_DEVICE();
  const Grid g{24, 18, 21};
  compare(g, "curl", [](FieldOps<double>& o, double* const* f) { o.curl(solvers::as_const(first(f)), second(f)); });
  compare(g, "divergence", [](FieldOps<double>& o, double* const* f) { o.divergence(solvers::as_const(first(f)), f[3]); });
  compare(g, "project", [](FieldOps<double>& o, double* const* f) { o.project(first(f)); });
  compare(g, "dealias", [](FieldOps<double>& o, double* const* f) { o.dealias(first(f)); });
  compare(g, "navier_stokes_rhs", [](FieldOps<double>& o, double* const* f) {
    o.navier_stokes_rhs(first(f), solvers::as_const(second(f)), 0.01);
  });
  compare(g, "poisson", [](FieldOps<double>& o, double* const* f) { o.poisson(f[0]); });
  compare(g, "axpby", [](FieldOps<double>& o, double* const* f) {
    o.axpby(f[0], f[1], f[2], 0.25, -1.5);
    o.axpby(f[3], f[3], f[4], -5.0 / 9.0, 0.01);
  });
  compare(g, "cross", [](FieldOps<double>& o, double* const* f) { o.cross(solvers::as_const(first(f)), second(f)); });
  compare(g, "copy", [](FieldOps<double>& o, double* const* f) { o.copy(f[5], f[0]); });
}

TEST(CudaFieldOps, ReductionsMatchTheCpu) {
  REQUIRE_DEVICE();
  const Grid g{32, 20, 17};
  double results[2][8];
  for (int b = 0; b < 2; ++b) {
    auto ops = b == 0 ? solvers::make_cpu_field_ops<double>(g) : solvers::make_cuda_field_ops<double>(g);
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<double> host(g.padded_reals());
    std::vector<solvers::Field<double>> f;
    for (int i = 0; i < 4; ++i) {
      for (auto& x : host) x = u(rng);
      f.push_back(ops->allocate());
      ops->upload(f[i].data(), host.data());
    }
    const solvers::ConstVec3<double> v{f[0].data(), f[1].data(), f[2].data()};
    const auto sums = ops->spectral_sums(v);
    const auto err = ops->error_norms(f[0].data(), f[3].data());
    const double r[8] = {sums.energy, sums.enstrophy, ops->max_speed_sum(v), err.max_abs_error,
                         err.rms_error, err.rms_exact, err.max_abs_exact, 0};
    std::copy(r, r + 8, results[b]);
  }
  for (int k = 0; k < 7; ++k) EXPECT_NEAR(results[1][k], results[0][k], 1e-12 * std::abs(results[0][k])) << "value " << k;
}

// The whole solvers on the GPU, once fft3d has GPU R2C plans.
bool gpu_real_plans_available() {
  try {
    solvers::Engine<double>::create(Grid::cube(16), solvers::Backend::gpu);
    return true;
  } catch (const fft3d::Error& e) {
    if (e.status() == FFT3D_ERROR_UNSUPPORTED_SIZE) return false;
    throw;
  }
}

TEST(GpuSolvers, PoissonReachesRounding) {
  REQUIRE_DEVICE();
  if (!gpu_real_plans_available()) GTEST_SKIP() << "fft3d has no GPU real-to-complex plans yet";
  poisson::Options o;
  o.grid = Grid::cube(64);
  o.backend = solvers::Backend::gpu;
  o.repeats = 2;
  const auto d = poisson::solve<double>(o);
  const auto f = poisson::solve<float>(o);
  EXPECT_TRUE(d.gpu);
  EXPECT_LT(d.error.relative_l2(), 1e-13);
  EXPECT_LT(f.error.relative_l2(), 5e-6);
}

TEST(GpuSolvers, TaylorGreenStepsMatchTheCpu) {
  REQUIRE_DEVICE();
  if (!gpu_real_plans_available()) GTEST_SKIP() << "fft3d has no GPU real-to-complex plans yet";
  double energy[2], enstrophy[2];
  for (int b = 0; b < 2; ++b) {
    auto e = solvers::Engine<double>::create(Grid::cube(32), b == 0 ? solvers::Backend::cpu : solvers::Backend::gpu);
    taylor_green::NavierStokes<double> flow(e, 1.0 / 1600, taylor_green::Scheme::rk3);
    flow.set_taylor_green();
    for (int i = 0; i < 10; ++i) flow.step({});
    energy[b] = flow.sums().energy;
    enstrophy[b] = flow.sums().enstrophy;
  }
  EXPECT_NEAR(energy[1], energy[0], 1e-12 * energy[0]);
  EXPECT_NEAR(enstrophy[1], enstrophy[0], 1e-11 * enstrophy[0]);
}

}  // namespace
