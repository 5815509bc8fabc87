// The Poisson sample solver on the CPU backend: the manufactured solution is
// right, the error on a resolved grid is rounding (in float and double), and
// under-resolved grids converge spectrally.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "manufactured_solution.h"
#include "poisson_solver.h"

namespace {

// Unit roundoff times a small constant per level of the transform (log2 N):
// the FFT's error bound; dividing by -|k|^2 only shrinks errors.
template <typename Real>
double rounding_tolerance(const solvers::Grid& g) {
  return 4 * std::numeric_limits<Real>::epsilon() / 2 * std::log2(double(g.points()));
}

template <typename Real>
poisson::Report solve_on_cpu(int n) {
  poisson::Options o;
  o.grid = solvers::Grid::cube(n);
  o.backend = solvers::Backend::cpu;
  o.repeats = 1;
  return poisson::solve<Real>(o);
}

TEST(ManufacturedSolution, MeanOfExponentialMatchesQuadrature) {
  // The trapezoid rule is spectrally accurate for periodic functions.
  const int n = 48;
  const double h = 2 * M_PI / n;
  long double sum = 0;  // 10^5 terms: keep the summation's own rounding out of the comparison
  for (int z = 0; z < n; ++z)
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) sum += std::exp(std::sin(x * h) * std::sin(y * h) * std::sin(z * h));
  EXPECT_NEAR(poisson::mean_exp_sin_product(), double(sum / (double(n) * n * n)), 1e-15);
}

TEST(ManufacturedSolution, RightHandSideIsTheLaplacian) {
  // Fourth-order central differences of u at random points.
  const poisson::ManufacturedSolution m;
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> pos(0, 2 * M_PI);
  const double h = 1e-3;
  for (int i = 0; i < 20; ++i) {
    const double x = pos(rng), y = pos(rng), z = pos(rng);
    auto second = [&](double dx, double dy, double dz) {
      auto at = [&](double s) { return m.u(x + s * dx, y + s * dy, z + s * dz); };
      return (-at(2 * h) + 16 * at(h) - 30 * at(0) + 16 * at(-h) - at(-2 * h)) / (12 * h * h);
    };
    const double lap = second(1, 0, 0) + second(0, 1, 0) + second(0, 0, 1);
    EXPECT_NEAR(m.f(x, y, z), lap, 1e-6 * (1 + std::abs(lap))) << "at " << x << ", " << y << ", " << z;
  }
}

TEST(PoissonSolver, DoubleReachesRoundingOnResolvedGrid) {
  const poisson::Report r = solve_on_cpu<double>(32);
  const double tol = rounding_tolerance<double>(solvers::Grid::cube(32));
  EXPECT_LE(r.error.relative_l2(), tol);
  EXPECT_LE(r.error.max_abs_error, 10 * tol * r.error.max_abs_exact);
  EXPECT_LT(r.error.relative_l2(), 1e-13);  // the "near 1e-12" with margin
  EXPECT_FALSE(r.gpu);
}

TEST(PoissonSolver, FloatReachesRoundingOnResolvedGrid) {
  const poisson::Report r = solve_on_cpu<float>(32);
  const double tol = rounding_tolerance<float>(solvers::Grid::cube(32));
  EXPECT_LE(r.error.relative_l2(), tol);
  EXPECT_LE(r.error.max_abs_error, 10 * tol * r.error.max_abs_exact);
}

TEST(PoissonSolver, ConvergesSpectrallyUntilRounding) {
  // The Fourier modes need n > 8; the exponential's spectrum decays faster
  // than geometrically, so each step in n gains orders of magnitude.
  const double e10 = solve_on_cpu<double>(10).error.relative_l2();
  const double e12 = solve_on_cpu<double>(12).error.relative_l2();
  const double e16 = solve_on_cpu<double>(16).error.relative_l2();
  const double e24 = solve_on_cpu<double>(24).error.relative_l2();
  EXPECT_GT(e10, 1e-6);
  EXPECT_LT(e12, e10 / 10);
  EXPECT_LT(e16, e12 / 100);
  EXPECT_LT(e24, e16 / 1000);
  EXPECT_LE(e24, rounding_tolerance<double>(solvers::Grid::cube(24)));
}

TEST(PoissonSolver, NonCubicGrid) {
  poisson::Options o;
  o.grid = solvers::Grid{33, 30, 28};  // odd nx: no x-Nyquist plane
  o.backend = solvers::Backend::cpu;
  o.repeats = 1;
  EXPECT_LE(poisson::solve<double>(o).error.relative_l2(), rounding_tolerance<double>(o.grid));
}

}  // namespace
