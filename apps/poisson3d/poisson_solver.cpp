#include "poisson_solver.h"

#include <algorithm>
#include <vector>

#include "manufactured_solution.h"

namespace poisson {

namespace {

// The manufactured f and u sampled on the grid, in the padded layout.
template <typename Real>
void sample(const solvers::Grid& g, std::vector<Real>& f, std::vector<Real>& u) {
  const ManufacturedSolution m;
  f.assign(g.padded_reals(), Real(0));
  u.assign(g.padded_reals(), Real(0));
  for (int z = 0; z < g.nz; ++z)
    for (int y = 0; y < g.ny; ++y)
      for (int x = 0; x < g.nx; ++x) {
        const double px = x * g.dx(), py = y * g.dy(), pz = z * g.dz();
        f[g.real_index(x, y, z)] = static_cast<Real>(m.f(px, py, pz));
        u[g.real_index(x, y, z)] = static_cast<Real>(m.u(px, py, pz));
      }
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

template <typename Real>
Report solve(const Options& options) {
  auto engine = solvers::Engine<Real>::create(options.grid, options.backend, options.tune);
  solvers::FieldOps<Real>& ops = engine.ops();
  std::vector<Real> host_f, host_u;
  sample(options.grid, host_f, host_u);
  solvers::Field<Real> f = ops.allocate(), u = ops.allocate(), exact = ops.allocate();
  ops.upload(f.data(), host_f.data());
  ops.upload(exact.data(), host_u.data());

  std::vector<double> transform, other;
  for (int r = -1; r < std::max(options.repeats, 1); ++r) {  // r = -1 warms up
    engine.reset_timer();
    ops.synchronize();
    solvers::Stopwatch clock;
    ops.copy(u.data(), f.data());
    engine.forward({u.data()});
    ops.poisson(u.data());
    engine.inverse({u.data()});
    ops.synchronize();
    const double total = clock.seconds();
    if (r < 0) continue;
    transform.push_back(engine.transform_seconds());
    other.push_back(total - engine.transform_seconds());
  }

  Report report;
  report.error = ops.error_norms(u.data(), exact.data());
  report.transform_seconds = median(transform);
  report.other_seconds = median(other);
  report.gpu = engine.on_gpu();
  report.notice = engine.notice();
  return report;
}

template Report solve<float>(const Options&);
template Report solve<double>(const Options&);

}  // namespace poisson
