#include "tune/tune_schedule.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <utility>

#include "common/error.h"
#include "fft3d/real_xy_form.h"
#include "tune/pass_check.h"

namespace fft3d {

namespace {

// MEASURE climbs the occupancy hint of the best two a few steps; EXHAUSTIVE
// of the best four, as far as it helps.
constexpr int kMeasureClimbTop = 2, kMeasureClimbSteps = 3;
constexpr int kExhaustiveClimbTop = 4, kExhaustiveClimbSteps = 8;

double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

Candidate estimate_of(const GridPass& pass) {
  return pass.is_five_step() ? Candidate{XVariant{}, pass.five_step} : Candidate{pass.variant, {}};
}

std::string label_of(const GridPass& pass, const std::string& kind) {
  return std::string("pass ") + pass.axis + " (" + kind + " n=" + std::to_string(pass.n) + ")";
}

const Measured* ranked_entry(const JobResult& r, const Candidate& c) {
  for (const Measured& m : r.ranked)
    if (m.candidate == c) return &m;
  return nullptr;
}

bool is_one_pass(const Candidate& c) { return !c.is_five_step(); }
bool is_five_step(const Candidate& c) { return c.is_five_step(); }

}  // namespace

std::string tuned_kind(const GridPass& pass) {
  if (is_real_rows(pass)) return pass.real_sign > 0 ? "real-rows-inverse" : "real-rows";
  return pass.axis == 'x' ? "rows" : "columns";
}

namespace {

// Long-column, cluster-row, plane-row and plane-column passes keep their
// ESTIMATE: the tuner times one-kernel passes of one block a row or column
// group, and would take plane rows (columns) for 1-D rows (columns) of
// their points.
std::vector<GridPass> without_untuned_passes(std::vector<GridPass> passes) {
  passes.erase(std::remove_if(passes.begin(), passes.end(),
                              [](const GridPass& g) {
                                return g.is_long_column() || g.is_cluster_row() || g.is_plane_rows() ||
                                       g.is_plane_columns();
                              }),
               passes.end());
  return passes;
}

}  // namespace

std::vector<GridPass> passes_to_tune(const Problem& problem, const DeviceLimits& limits, std::string* note) {
  const Precision p = problem.precision();
  if (problem.is_real()) {
    if (note)
      *note = "real data: the X rows are real-rows kernels, the R2C forward and the C2R inverse tuned apart, timed "
              "in place (nx reals in rows padded to 2(nx/2+1)); the Y and Z columns are those of the complex side "
              "(nx/2+1 = " +
              std::to_string(problem.nx / 2 + 1) + " along x), as the real plan runs them";
    std::vector<GridPass> passes;
    // Small planes as real plane rows (make_real_plane_rows_pass): only Z to tune.
    if (problem.shape == Shape::grid3d)
      if (make_real_plane_rows_pass(problem.nx, problem.ny, problem.nz, p, limits))
        return without_untuned_passes(without_y_columns(make_column_schedule(
            problem.nx / 2 + 1, problem.ny, problem.nz, p, limits, ColumnMethod::automatic, {}, /*real_side=*/true)));
    const RealRowsPass x = make_real_rows_pass(problem.nx, problem.rows(), p, limits);
    // Small YZ planes of the complex side as plane columns: only X to tune.
    const int half = problem.nx / 2 + 1;
    const bool plane_columns = problem.shape == Shape::grid3d && real_plane_columns_pay(problem, limits) &&
                               plane_columns_pass(half, problem.ny, problem.nz, p, limits);
    // (real cluster rows stay at their ESTIMATE, as complex ones do)
    // The R2C forward and the C2R inverse each in its own form: one job a direction.
    if (x.kernel_n > 0 && !x.is_cluster_row())
      for (int sign : {-1, +1}) {
        passes.push_back({'x', x.nx, x.rows, {1, 0, 1}, x.variant_for(sign), {}});
        passes.back().real_sign = sign;
      }
    if (problem.shape == Shape::grid3d && !plane_columns)
      for (GridPass& column : make_column_schedule(half, problem.ny, problem.nz, p, limits,
                                                   ColumnMethod::automatic, {}, /*real_side=*/true))
        passes.push_back(std::move(column));
    return without_untuned_passes(std::move(passes));
  }
  if (problem.shape == Shape::grid3d)
    return without_untuned_passes(make_grid_schedule(problem.nx, problem.ny, problem.nz, p, limits));
  std::vector<GridPass> passes;
  if (problem.nx > 1) passes.push_back(row_pass(problem.nx, problem.batch, p, limits));
  return without_untuned_passes(std::move(passes));
}

TuneResult tune_schedule(const Problem& problem, TuneMode mode, const TuneSettings& settings,
                         const DeviceSignature& device, const DeviceLimits& limits, const PassTimerFactory& timers,
                         Wisdom& wisdom) {
  if (mode == TuneMode::estimate) fail(FFT3D_ERROR_INTERNAL, "tune_schedule called in ESTIMATE mode");
  const std::function<double()> clock = settings.clock ? settings.clock : steady_seconds;
  const double start = clock();
  const Precision precision = problem.precision();
  const bool exhaustive = mode == TuneMode::exhaustive;
  ProgressReporter progress(settings.progress);
  TuneResult out;
  out.device = device.name;

  // One search job per pass, each with its own timer (the pass's geometry).
  std::vector<std::unique_ptr<PassTimer>> owned;
  std::vector<SearchJob> jobs;
  for (const GridPass& pass : passes_to_tune(problem, limits, &out.note)) {
    PassTuning t;
    t.pass = pass;
    t.kind = tuned_kind(pass);
    t.stride = pass.axis == 'x' ? 1 : pass.geometry.stride;
    t.estimate = estimate_of(pass);
    // Real rows: the kernel's length (nx / 2 for the half form); keyed by nx.
    const int n = kernel_length(pass);
    t.candidates = pass_candidates(n, precision, limits, pass.axis != 'x', mode, t.estimate);
    owned.push_back(timers(pass));
    const int steps = exhaustive ? kExhaustiveClimbSteps : kMeasureClimbSteps;
    jobs.push_back({label_of(pass, t.kind), t.candidates.list, owned.back().get(),
                    [n, precision, limits, steps](const Candidate& c) {
                      return occupancy_climb(n, precision, limits, c, steps);
                    },
                    [precision](const Candidate& c) -> std::optional<Candidate> {
                      if (c.is_five_step()) return std::nullopt;
                      if (const std::optional<XVariant> twin = thread_index_switched(c.x, precision))
                        return Candidate{*twin, {}};
                      return std::nullopt;
                    }});
    out.passes.push_back(std::move(t));
  }
  SearchOptions options;
  options.budget_seconds = settings.budget_seconds;
  options.climb_top = exhaustive ? kExhaustiveClimbTop : kMeasureClimbTop;
  options.threads = settings.compile_threads;
  options.progress = progress.as_function(0.0, 0.9);
  options.clock = clock;
  SearchResult found = search_passes(jobs, options);
  out.kernels_compiled = found.compiled;
  out.budget_exhausted = found.budget_exhausted;
  for (size_t i = 0; i < jobs.size(); ++i) out.passes[i].result = std::move(found.jobs[i]);

  // Passes of one kind and length share a wisdom entry (and a kernel).
  std::map<std::pair<std::string, int>, std::vector<size_t>> groups;
  for (size_t i = 0; i < out.passes.size(); ++i) groups[{out.passes[i].kind, out.passes[i].pass.n}].push_back(i);
  size_t verified_groups = 0;
  auto remember = [&](const std::string& kind, int n, long long stride, const Measured& m) {
    const WisdomEntry e{device, PassKey{kind, n, precision, stride}, m.candidate.name(), m.ms};
    wisdom.remember(e);
    out.written.push_back(e);
  };
  for (const auto& [key, members] : groups) {
    const auto& [kind, n] = key;
    progress.report(0.9 + 0.1 * static_cast<double>(verified_groups++) / static_cast<double>(groups.size()),
                    "verifying " + kind + " n=" + std::to_string(n) + " against FFTW");
    std::vector<JobResult*> results;
    std::vector<PassTimer*> group_timers;
    for (size_t i : members) {
      results.push_back(&out.passes[i].result);
      group_timers.push_back(jobs[i].timer);
    }
    const std::optional<Measured> one_pass = shared_winner(results, group_timers, is_one_pass);
    const std::optional<Measured> five_step =
        kind == "columns" ? shared_winner(results, group_timers, is_five_step) : std::nullopt;
    if (one_pass) remember(kind, n, 0, *one_pass);
    const bool five_step_wins = five_step && (!one_pass || five_step->ms < one_pass->ms);
    if (five_step_wins)
      remember("five-step", n, 0, *five_step);
    else if (kind == "columns")
      wisdom.erase(device, PassKey{"five-step", n, precision, 0});  // an older verdict no longer holds
    const std::optional<Measured>& winner = five_step_wins ? five_step : one_pass;
    for (size_t i : members) {
      PassTuning& t = out.passes[i];
      if (winner)
        if (const Measured* m = ranked_entry(t.result, winner->candidate)) t.chosen = *m;
      // The best for this pass's own stride, which plans take (wisdom_variants)
      // unless the five-step form won.
      if (kind == "columns")
        if (const std::optional<Measured> own = first_verified(t.result, *jobs[i].timer, is_one_pass)) {
          remember(kind, n, t.stride, *own);
          if (!five_step_wins) t.chosen = *own;
        }
    }
  }
  out.seconds = clock() - start;
  progress.report(1.0, "tuned " + problem.str() + " in " + std::to_string(out.seconds) + " s");
  return out;
}

bool wisdom_covers(const Wisdom& wisdom, const DeviceSignature& device, const Problem& problem,
                   const DeviceLimits& limits) {
  std::vector<GridPass> passes;
  try {
    passes = passes_to_tune(problem, limits);
  } catch (const Error&) {
    return true;
  }
  for (const GridPass& pass : passes) {
    const PassKey key{tuned_kind(pass), pass.n, problem.precision(), 0};
    if (wisdom.lookup(device, key)) continue;
    if (pass.axis != 'x' && wisdom.lookup(device, PassKey{"five-step", pass.n, problem.precision(), 0})) continue;
    return false;
  }
  return true;
}

VariantPreference wisdom_variants(const Wisdom& wisdom, const DeviceSignature& device, Precision precision,
                                  bool own_strides) {
  return [&wisdom, device, precision, own_strides](const std::string& kind, int n,
                                                   long long stride) -> std::optional<PreferredVariant> {
    std::optional<std::string> name;
    if (stride > 0 && own_strides) name = wisdom.lookup(device, PassKey{kind, n, precision, stride});  // the pass's own
    if (!name) name = wisdom.lookup(device, PassKey{kind, n, precision, 0});
    if (!name) return std::nullopt;
    try {
      const Candidate c = parse_candidate(*name);  // a Stockham or a five-step name
      if (c.is_five_step()) return PreferredVariant(c.five_step);
      return PreferredVariant(c.x);
    } catch (const Error&) {
      return std::nullopt;
    }
  };
}

}  // namespace fft3d
