// Tuning the passes of a problem with any PassTimer (the GPU's in tune_grid,
// a deterministic fake in the tests) and writing the winners to wisdom,
// where make_grid_schedule finds them (valid_preference, and
// valid_five_step_preference for the five-step verdicts).
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "fft3d/grid_schedule.h"
#include "fft3d/plan.h"
#include "fft3d/problem.h"
#include "tune/candidates.h"
#include "tune/search.h"
#include "tune/wisdom.h"

namespace fft3d {

struct TuneSettings {
  double budget_seconds = -1;     // < 0: no limit
  ProgressFn progress;            // may be empty
  int compile_threads = 0;        // 0: default_compile_threads()
  std::function<double()> clock;  // seconds; the steady clock when empty
};

struct PassTuning {
  GridPass pass;            // the pass as the ESTIMATE schedule has it
  std::string kind;         // "rows", "real-rows", "real-rows-inverse" or "columns" (tuned_kind)
  long long stride = 1;     // elements between its points
  Candidate estimate;       // the ESTIMATE choice
  CandidateSet candidates;  // what was searched, and what pruning removed
  JobResult result;         // times, fastest first; rejected; skipped
  // What wisdom now says this pass should run (columns: the best of its own
  // stride, or the five-step form where it won), with its time in this
  // pass; nothing if no candidate passed verification.
  std::optional<Measured> chosen;
};

struct TuneResult {
  std::string device;  // the GPU's name
  std::vector<PassTuning> passes;
  std::vector<WisdomEntry> written;
  int kernels_compiled = 0;
  bool budget_exhausted = false;
  double seconds = 0;
  std::string note;  // what was tuned instead of the problem's own passes, if anything
};

using PassTimerFactory = std::function<std::unique_ptr<PassTimer>(const GridPass& pass)>;

// The passes tuning measures: the ESTIMATE schedule of a 3-D grid, or the
// rows of a batched 1-D problem. Real problems (*note says how): the real X
// rows twice, the R2C forward's and the C2R inverse's (X passes of n = nx,
// real_sign -1 and +1, whose variants have make_real_rows_pass's RealRows
// form; none for nx = 1), then for 3-D grids the Y and Z columns of the
// complex side ((nx/2+1) x ny x nz), as the real plan runs them. Passes of
// long columns or long rows are left out: they keep their ESTIMATE.
std::vector<GridPass> passes_to_tune(const Problem& problem, const DeviceLimits& limits, std::string* note = nullptr);

// The wisdom kind a pass to tune is stored under: "rows", "real-rows" or
// "real-rows-inverse" (the R2C forward's or the C2R inverse's, keyed by nx;
// the RealRows form is part of the variant name) or "columns".
std::string tuned_kind(const GridPass& pass);

// Searches every pass (MEASURE or EXHAUSTIVE), verifies the winners, and
// writes to `wisdom`, for `device`:
// - ("rows", n, stride 0): the X variant;
// - ("real-rows", nx, stride 0) and ("real-rows-inverse", nx, stride 0):
//   the X variants of real data, the R2C forward's and the C2R inverse's
//   (each verified both ways: a "real-rows" entry alone, as older files
//   hold, serves both directions);
// - ("columns", n, stride 0): the one-pass column variant with the least
//   total time over the passes of length n (for passes of strides wisdom
//   has no entry of), and ("columns", n, stride s) the best for each pass's
//   own stride s, which plans take first (wisdom_variants);
// - ("five-step", n, stride 0) where the five-step form beat every one-pass
//   variant (removed where it no longer does).
// Budget and progress as in TuneSettings; the budget bounds the search, the
// verification of the winners always runs.
TuneResult tune_schedule(const Problem& problem, TuneMode mode, const TuneSettings& settings,
                         const DeviceSignature& device, const DeviceLimits& limits, const PassTimerFactory& timers,
                         Wisdom& wisdom);

// Whether wisdom has an entry for every pass of the problem (stride 0, as
// plans look them up; for columns a five-step verdict counts, as plans take
// it before the one-pass entry; real rows need both directions' entries, so
// wisdom from before the inverse was tuned apart is tuned again): a plan
// made now would use tuned variants throughout. True for problems that cannot be scheduled (tuning cannot
// help them).
bool wisdom_covers(const Wisdom& wisdom, const DeviceSignature& device, const Problem& problem,
                   const DeviceLimits& limits);

// The variants `wisdom` holds for `device`, as schedules ask for them (kind
// and n; a column pass's own stride's entry where there is one, else stride
// 0's; a Stockham variant, or the five-step form of a
// "five-step" verdict; valid_preference and valid_five_step_preference then
// check them against the pass). A name that no longer parses is ignored: the
// ESTIMATE choice is used instead. `wisdom` must outlive the result.
// own_strides false: every column pass takes stride 0's entry (the whole-plan
// check's shared columns, tune/plan_source_choice.h).
VariantPreference wisdom_variants(const Wisdom& wisdom, const DeviceSignature& device, Precision precision,
                                  bool own_strides = true);

}  // namespace fft3d
