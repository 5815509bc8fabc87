#include "run.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "snapshot.h"

namespace taylor_green {

namespace {

std::string snapshot_path(const std::string& prefix, long long step) {
  char name[32];
  std::snprintf(name, sizeof name, "_%06lld.h5", step);
  return prefix + name;
}

std::string clock_text(double seconds) {
  const long long s = std::llround(std::max(seconds, 0.0));
  char text[32];
  std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
  return text;
}

}  // namespace

template <typename Real>
RunSummary run(const RunOptions& o, std::ostream& progress) {
  if (o.snapshot_every > 0 && !snapshots_available())
    throw std::runtime_error("snapshots need HDF5, and this build has none");
  solvers::Stopwatch setup;
  auto engine = solvers::Engine<Real>::create(o.grid, o.backend, o.tune);
  RunSummary summary;
  summary.gpu = engine.on_gpu();
  summary.notice = engine.notice();
  summary.plan = engine.describe();
  if (!summary.notice.empty()) progress << summary.notice << '\n';
  const double nu = o.reynolds > 0 ? 1 / o.reynolds : 0;
  NavierStokes<Real> flow(engine, nu, o.scheme);
  flow.set_taylor_green();
  Diagnostics history(o.csv, nu);
  std::array<std::vector<Real>, 3> host;
  double next_snapshot = 0, snapshot_seconds = 0, snapshot_transform_seconds = 0;
  auto maybe_snapshot = [&] {
    if (o.snapshot_every <= 0 || flow.time() < next_snapshot - 1e-9) return;
    solvers::Stopwatch clock;
    const double transforms_before = engine.transform_seconds();
    flow.velocity(host);
    snapshot_transform_seconds += engine.transform_seconds() - transforms_before;
    write_snapshot(snapshot_path(o.snapshot_prefix, flow.steps()), o.grid, flow.time(), flow.steps(), nu, host);
    next_snapshot += o.snapshot_every;
    snapshot_seconds += clock.seconds();
  };
  auto sums = flow.sums();
  history.record(0, 0, sums.energy, sums.enstrophy);
  maybe_snapshot();
  engine.ops().synchronize();
  summary.setup_seconds = setup.seconds();

  engine.reset_timer();
  snapshot_seconds = snapshot_transform_seconds = 0;
  solvers::Stopwatch loop, since_progress;
  while (flow.time() < o.t_end - 1e-12 && (o.max_steps < 0 || flow.steps() < o.max_steps)) {
    StepControl c = o.control;
    const double remaining = o.t_end - flow.time();
    if (c.dt > 0) c.dt = std::min(c.dt, remaining);
    c.dt_max = std::min(c.dt_max, remaining);
    const double dt = flow.step(c);
    sums = flow.sums();
    if (!std::isfinite(sums.energy)) throw std::runtime_error("the velocity blew up (lower --cfl or --dt)");
    history.record(flow.steps(), flow.time(), sums.energy, sums.enstrophy);
    maybe_snapshot();
    if (since_progress.seconds() >= o.progress_seconds) {
      since_progress.restart();
      const double busy = loop.seconds() - snapshot_seconds;
      const double rate = flow.steps() / busy;
      const double eta = (o.t_end - flow.time()) / (flow.time() / flow.steps()) / rate;
      char line[200];
      std::snprintf(line, sizeof line,
                    "t=%7.3f step %6lld dt=%.2e E=%.6f eps=%.6f | %.2f steps/s, fft %.0f%%, eta %s", flow.time(),
                    flow.steps(), dt, sums.energy, 2 * nu * sums.enstrophy, rate,
                    100 * (engine.transform_seconds() - snapshot_transform_seconds) / busy, clock_text(eta).c_str());
      progress << line << std::endl;
    }
  }
  engine.ops().synchronize();
  history.finish();
  summary.loop_seconds = loop.seconds() - snapshot_seconds;
  summary.transform_seconds = engine.transform_seconds() - snapshot_transform_seconds;
  summary.transforms = engine.transform_count();
  summary.steps = flow.steps();
  summary.time = flow.time();
  summary.final_energy = history.last_energy();
  summary.peak_enstrophy = history.peak_enstrophy_dissipation();
  summary.peak_dedt = history.peak_energy_decay();
  return summary;
}

template RunSummary run<float>(const RunOptions&, std::ostream&);
template RunSummary run<double>(const RunOptions&, std::ostream&);

}  // namespace taylor_green
