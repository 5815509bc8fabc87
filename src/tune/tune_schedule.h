// Tuning the passes of a problem with any PassTimer (the GPU's in tune_grid,
// a deterministic fake in the tests) and writing the winners to wisdom,
// where make_grid_schedule finds them (valid_preference).
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
  std::string kind;         // "rows" or "columns"
  long long stride = 1;     // elements between its points
  Candidate estimate;       // the ESTIMATE choice
  CandidateSet candidates;  // what was searched, and what pruning removed
  JobResult result;         // times, fastest first; rejected; skipped
  // What wisdom now says this pass should run (for passes sharing a kernel,
  // e.g. the Y and Z columns of a cube, the best total over them), with
  // its time in this pass; nothing if no candidate passed verification.
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
// rows of a batched 1-D problem. Real 3-D problems: the Y and Z columns of
// their complex side ((nx/2+1) x ny x nz), as the real plan runs them; their
// real X rows are not tuned yet (*note says so), nor batched real rows.
std::vector<GridPass> passes_to_tune(const Problem& problem, const DeviceLimits& limits, std::string* note = nullptr);

// Searches every pass (MEASURE or EXHAUSTIVE), verifies the winners, and
// writes to `wisdom`, for `device`:
// - ("rows", n, stride 0): the X variant;
// - ("columns", n, stride 0): the one-pass column variant with the least
//   total time over the passes of length n (a plan uses one per length), and
//   ("columns", n, stride s) the best for each pass's own stride s;
// - ("five-step", n, stride 0) where the five-step form beat every one-pass
//   variant (removed where it no longer does).
// Budget and progress as in TuneSettings; the budget bounds the search, the
// verification of the winners always runs.
TuneResult tune_schedule(const Problem& problem, TuneMode mode, const TuneSettings& settings,
                         const DeviceSignature& device, const DeviceLimits& limits, const PassTimerFactory& timers,
                         Wisdom& wisdom);

// Whether wisdom has an entry for every pass of the problem (stride 0, as
// plans look them up): a plan made now would use tuned variants throughout.
// True for problems that cannot be scheduled (tuning cannot help them).
bool wisdom_covers(const Wisdom& wisdom, const DeviceSignature& device, const Problem& problem,
                   const DeviceLimits& limits);

}  // namespace fft3d
