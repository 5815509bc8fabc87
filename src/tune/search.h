// The tuner's search, independent of the GPU: a PassTimer compiles, times and
// verifies candidates; search_passes decides which, in what order and within
// what time budget. Like FFTW's planner it is the only part that measures;
// the candidates come from candidates.h.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tune/candidates.h"

namespace fft3d {

class PassTimer {
 public:
  virtual ~PassTimer() = default;
  // Identifies the compiled kernel of c: candidates of different jobs with
  // equal ids are compiled once.
  virtual std::string kernel_id(const Candidate& c) const = 0;
  // Compiles c's kernel (into the module cache); false if it does not
  // compile. Called from several threads at once.
  virtual bool compile(const Candidate& c) = 0;
  // Milliseconds of the pass with c (median of several runs); nothing if it
  // could not run.
  virtual std::optional<double> time(const Candidate& c) = 0;
  // Whether c's output matches the oracle.
  virtual bool verify(const Candidate& c) = 0;
};

// fraction in [0, 1], never decreasing over one tuning; text says what runs.
using ProgressFn = std::function<void(double fraction, const std::string& text)>;

// Reports monotone progress within [begin, end] of an outer progress.
class ProgressReporter {
 public:
  ProgressReporter(ProgressFn fn, double begin = 0, double end = 1) : fn_(std::move(fn)), begin_(begin), end_(end) {}
  void report(double fraction, const std::string& text);
  ProgressFn as_function(double begin, double end);  // a sub-range of this one

 private:
  ProgressFn fn_;
  double begin_, end_, last_ = 0;
};

struct SearchJob {
  std::string label;                  // e.g. "pass y (columns n=256)"
  std::vector<Candidate> candidates;  // in priority order; candidates[0] is always compiled and timed
  PassTimer* timer = nullptr;
  // The raised occupancy hints of a candidate, in climbing order (may be empty).
  std::function<std::vector<Candidate>(const Candidate&)> climb;
  // A candidate's twin in the other thread-index form (thread_index_switched),
  // or nothing; may be empty.
  std::function<std::optional<Candidate>(const Candidate&)> twin;
};

struct SearchOptions {
  double budget_seconds = -1;     // < 0: no limit
  int climb_top = 2;              // candidates whose occupancy hint is climbed
  int threads = 0;                // compile threads; 0: default_compile_threads()
  ProgressFn progress;
  std::function<double()> clock;  // seconds; the steady clock when empty
};

struct Measured {
  Candidate candidate;
  double ms = 0;
  bool verified = false;
};

struct JobResult {
  std::vector<Measured> ranked;        // compiled, timed, not failed verification; fastest first
  std::vector<std::string> rejected;   // "name: reason" for failed compiles, runs and verifications
  int skipped = 0;                     // candidates left untried when the budget ran out
};

struct SearchResult {
  std::vector<JobResult> jobs;  // one per SearchJob
  int compiled = 0;             // distinct kernels compiled (or tried)
  bool budget_exhausted = false;
};

// Compiles every job's candidates in parallel (shared kernels once), times
// them (interleaving the jobs, so a budget cut treats them alike), then
// climbs the occupancy hint of each job's best `climb_top`: raise it by one
// step while the time improves, stop at the first that is slower (the
// founding paper's climb-then-stop), and last times the job's fastest in
// its other thread-index form (SearchJob::twin). The first round of compiles stops at
// 70 % of the budget, so that what compiled can still be timed; when the
// budget runs out, untried candidates are skipped. Each job's first
// candidate (or the next, if it fails) is always timed, so every job has a
// best-so-far. Nothing is verified here (see
// first_verified, shared_winner).
SearchResult search_passes(const std::vector<SearchJob>& jobs, const SearchOptions& options);

// The fastest ranked candidate of a job that `accept`s and passes
// timer.verify, trying them in rank order; those that fail verification move
// to `rejected`. Nothing if none passes.
std::optional<Measured> first_verified(JobResult& result, PassTimer& timer,
                                       const std::function<bool(const Candidate&)>& accept);

// One candidate for several jobs that must use the same kernel (passes of
// one kind and length, e.g. the Y and Z columns of a cube): among the `pool`
// fastest accepted candidates of each job, the one with the least total time
// over all jobs (times a job lacks are measured), verified on every job.
// Measured::ms is the total. Nothing if none passes.
std::optional<Measured> shared_winner(const std::vector<JobResult*>& results, const std::vector<PassTimer*>& timers,
                                      const std::function<bool(const Candidate&)>& accept, int pool = 3);

}  // namespace fft3d
