#include "tune/search.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>

#include "tune/thread_pool.h"

namespace fft3d {

namespace {

double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

constexpr double kCompileShare = 0.7;  // of the budget, for the first round of compiles

enum class Compiled { untried, ok, failed, skipped };

// Every kernel the search asked for, compiled once however many jobs share it.
class KernelTable {
 public:
  size_t request(PassTimer* timer, const Candidate& c, bool must) {
    const std::string id = timer->kernel_id(c);
    auto [it, added] = index_.emplace(id, kernels_.size());
    if (added) kernels_.push_back({timer, c, must, Compiled::untried});
    else kernels_[it->second].must = kernels_[it->second].must || must;
    return it->second;
  }
  Compiled state(PassTimer* timer, const Candidate& c) const {
    auto it = index_.find(timer->kernel_id(c));
    return it == index_.end() ? Compiled::untried : kernels_[it->second].state;
  }
  // Compiles the untried (and, for must-have kernels, skipped) kernels in
  // parallel; the others are skipped once over() says the budget is spent.
  void compile_pending(int threads, const std::function<bool()>& over, ProgressReporter& progress) {
    std::vector<size_t> pending;
    for (size_t i = 0; i < kernels_.size(); ++i)
      if (kernels_[i].state == Compiled::untried) pending.push_back(i);
    // Must-have kernels first, so they are never the ones left waiting.
    std::stable_partition(pending.begin(), pending.end(), [&](size_t i) { return kernels_[i].must; });
    parallel_for(
        pending.size(), threads,
        [&](size_t k) {
          Kernel& kernel = kernels_[pending[k]];
          if (!kernel.must && over()) {
            kernel.state = Compiled::skipped;
            return;
          }
          bool ok = false;
          try {
            ok = kernel.timer->compile(kernel.candidate);
          } catch (...) {
            ok = false;
          }
          kernel.state = ok ? Compiled::ok : Compiled::failed;
        },
        [&](size_t done) {
          progress.report(static_cast<double>(done) / static_cast<double>(pending.size()),
                          "compiled " + std::to_string(done) + " of " + std::to_string(pending.size()) + " kernels");
        });
  }
  // Compiles one kernel now (a job that has nothing timed yet needs it).
  Compiled compile_now(PassTimer* timer, const Candidate& c) {
    Kernel& kernel = kernels_[request(timer, c, true)];
    if (kernel.state == Compiled::untried || kernel.state == Compiled::skipped) {
      bool ok = false;
      try {
        ok = timer->compile(c);
      } catch (...) {
        ok = false;
      }
      kernel.state = ok ? Compiled::ok : Compiled::failed;
    }
    return kernel.state;
  }
  int attempted() const {
    int n = 0;
    for (const Kernel& k : kernels_) n += k.state == Compiled::ok || k.state == Compiled::failed;
    return n;
  }

 private:
  struct Kernel {
    PassTimer* timer;
    Candidate candidate;
    bool must;
    Compiled state;
  };
  std::map<std::string, size_t> index_;
  std::vector<Kernel> kernels_;
};

void sort_ranked(std::vector<Measured>& ranked) {
  std::stable_sort(ranked.begin(), ranked.end(), [](const Measured& a, const Measured& b) { return a.ms < b.ms; });
}

const Measured* find_ranked(const std::vector<Measured>& ranked, const Candidate& c) {
  for (const Measured& m : ranked)
    if (m.candidate == c) return &m;
  return nullptr;
}

// Times c for a job; records it in the ranking or as rejected.
std::optional<double> time_into(JobResult& result, PassTimer& timer, const Candidate& c) {
  std::optional<double> ms;
  try {
    ms = timer.time(c);
  } catch (...) {
    ms.reset();
  }
  if (ms && *ms >= 0)
    result.ranked.push_back({c, *ms, false});
  else
    result.rejected.push_back(c.name() + ": failed to run");
  return ms && *ms >= 0 ? ms : std::nullopt;
}

}  // namespace

void ProgressReporter::report(double fraction, const std::string& text) {
  const double f = begin_ + (end_ - begin_) * std::clamp(fraction, 0.0, 1.0);
  last_ = std::max(last_, f);
  if (fn_) fn_(last_, text);
}

ProgressFn ProgressReporter::as_function(double begin, double end) {
  return [this, begin, end](double fraction, const std::string& text) {
    report(begin + (end - begin) * std::clamp(fraction, 0.0, 1.0), text);
  };
}

SearchResult search_passes(const std::vector<SearchJob>& jobs, const SearchOptions& options) {
  const std::function<double()> clock = options.clock ? options.clock : steady_seconds;
  const double start = clock();
  auto over = [&] { return options.budget_seconds >= 0 && clock() - start >= options.budget_seconds; };
  // The first compiles may use most of the budget, not all: what compiled
  // is worth timing (a timing costs milliseconds, a compile most of a second).
  auto compiles_over = [&] {
    return options.budget_seconds >= 0 && clock() - start >= kCompileShare * options.budget_seconds;
  };
  ProgressReporter outer(options.progress);
  SearchResult out;
  out.jobs.resize(jobs.size());
  KernelTable kernels;

  // 1. Compile every candidate, interleaving the jobs in priority order.
  size_t longest = 0;
  for (const SearchJob& job : jobs) longest = std::max(longest, job.candidates.size());
  for (size_t i = 0; i < longest; ++i)
    for (const SearchJob& job : jobs)
      if (i < job.candidates.size()) kernels.request(job.timer, job.candidates[i], i == 0);
  {
    ProgressReporter phase(outer.as_function(0.0, 0.6));
    kernels.compile_pending(options.threads, compiles_over, phase);
  }

  // 2. Time them, interleaved the same way.
  {
    ProgressReporter phase(outer.as_function(0.6, 0.85));
    size_t total = 0, done = 0;
    for (const SearchJob& job : jobs) total += job.candidates.size();
    for (size_t i = 0; i < longest; ++i)
      for (size_t j = 0; j < jobs.size(); ++j) {
        const SearchJob& job = jobs[j];
        if (i >= job.candidates.size()) continue;
        const Candidate& c = job.candidates[i];
        JobResult& result = out.jobs[j];
        const bool needed = result.ranked.empty();  // no best-so-far yet: budget or not
        Compiled state = kernels.state(job.timer, c);
        if (state == Compiled::skipped && needed) state = kernels.compile_now(job.timer, c);
        if (state == Compiled::failed)
          result.rejected.push_back(c.name() + ": does not compile");
        else if (state != Compiled::ok || (!needed && over()))
          ++result.skipped;
        else
          time_into(result, *job.timer, c);
        phase.report(static_cast<double>(++done) / static_cast<double>(total), job.label + ": timed " + c.name());
      }
  }

  // 3. Climb the occupancy hint of each job's best few: compile every step
  // at once (speculatively, in parallel), then time them in order and stop
  // at the first step that is slower than the one before.
  struct Climb {
    double base_ms;
    std::vector<Candidate> steps;
  };
  std::vector<std::vector<Climb>> climbs(jobs.size());
  for (size_t j = 0; j < jobs.size(); ++j) {
    sort_ranked(out.jobs[j].ranked);
    if (!jobs[j].climb) continue;
    for (const Measured& m : out.jobs[j].ranked) {
      if (static_cast<int>(climbs[j].size()) >= options.climb_top) break;
      std::vector<Candidate> steps = jobs[j].climb(m.candidate);
      if (steps.empty()) continue;
      for (const Candidate& c : steps) kernels.request(jobs[j].timer, c, false);
      climbs[j].push_back({m.ms, std::move(steps)});
    }
  }
  {
    ProgressReporter phase(outer.as_function(0.85, 0.92));
    kernels.compile_pending(options.threads, over, phase);
  }
  {
    ProgressReporter phase(outer.as_function(0.92, 0.95));
    for (size_t j = 0; j < jobs.size(); ++j) {
      JobResult& result = out.jobs[j];
      for (const Climb& climb : climbs[j]) {
        const std::vector<Candidate>& steps = climb.steps;
        double previous = climb.base_ms;
        for (size_t s = 0; s < steps.size(); ++s) {
          const Candidate& c = steps[s];
          if (const Measured* seen = find_ranked(result.ranked, c)) {
            if (seen->ms > previous) break;
            previous = seen->ms;
            continue;
          }
          const Compiled state = kernels.state(jobs[j].timer, c);
          if (over() || state == Compiled::skipped) {
            result.skipped += static_cast<int>(steps.size() - s);
            break;
          }
          if (state == Compiled::failed) {
            result.rejected.push_back(c.name() + ": does not compile");
            break;
          }
          const std::optional<double> ms = time_into(result, *jobs[j].timer, c);
          if (!ms || *ms > previous) break;  // slower: stop climbing
          previous = *ms;
        }
        phase.report(static_cast<double>(j + 1) / static_cast<double>(jobs.size()), jobs[j].label + ": climbed");
      }
      sort_ranked(result.ranked);
    }
  }

  // 4. Each job's fastest in its other thread-index form: which form runs
  // faster depends on the kernel (kern::thread_index), so the winner's twin
  // is compiled and timed too.
  std::vector<std::optional<Candidate>> twins(jobs.size());
  for (size_t j = 0; j < jobs.size(); ++j) {
    const std::vector<Measured>& ranked = out.jobs[j].ranked;
    if (!jobs[j].twin || ranked.empty()) continue;
    twins[j] = jobs[j].twin(ranked.front().candidate);
    if (twins[j] && find_ranked(ranked, *twins[j])) twins[j].reset();
    if (twins[j]) kernels.request(jobs[j].timer, *twins[j], false);
  }
  {
    ProgressReporter phase(outer.as_function(0.95, 0.99));
    kernels.compile_pending(options.threads, over, phase);
  }
  for (size_t j = 0; j < jobs.size(); ++j) {
    if (!twins[j]) continue;
    JobResult& result = out.jobs[j];
    const Compiled state = kernels.state(jobs[j].timer, *twins[j]);
    if (state == Compiled::failed)
      result.rejected.push_back(twins[j]->name() + ": does not compile");
    else if (state != Compiled::ok || over())
      ++result.skipped;
    else
      time_into(result, *jobs[j].timer, *twins[j]);
    sort_ranked(result.ranked);
    outer.report(0.99 + 0.01 * static_cast<double>(j + 1) / static_cast<double>(jobs.size()),
                 jobs[j].label + ": timed the other thread-index form");
  }
  outer.report(1.0, "search done");
  out.compiled = kernels.attempted();
  out.budget_exhausted = over();
  for (const JobResult& r : out.jobs) out.budget_exhausted = out.budget_exhausted || r.skipped > 0;
  return out;
}

std::optional<Measured> first_verified(JobResult& result, PassTimer& timer,
                                       const std::function<bool(const Candidate&)>& accept) {
  for (auto it = result.ranked.begin(); it != result.ranked.end();) {
    if (accept && !accept(it->candidate)) {
      ++it;
      continue;
    }
    bool ok = it->verified;
    if (!ok) {
      try {
        ok = timer.verify(it->candidate);
      } catch (...) {
        ok = false;
      }
    }
    if (ok) {
      it->verified = true;
      return *it;
    }
    result.rejected.push_back(it->candidate.name() + ": failed verification");
    it = result.ranked.erase(it);
  }
  return std::nullopt;
}

std::optional<Measured> shared_winner(const std::vector<JobResult*>& results, const std::vector<PassTimer*>& timers,
                                      const std::function<bool(const Candidate&)>& accept, int pool) {
  std::set<std::string> considered;
  while (true) {
    // The next few untried accepted candidates of every job.
    std::vector<Candidate> batch;
    for (JobResult* r : results) {
      int taken = 0;
      for (const Measured& m : r->ranked) {
        if (taken >= pool) break;
        if (accept && !accept(m.candidate)) continue;
        if (considered.count(m.candidate.name())) continue;
        ++taken;
        if (std::find(batch.begin(), batch.end(), m.candidate) == batch.end()) batch.push_back(m.candidate);
      }
    }
    if (batch.empty()) return std::nullopt;
    // Total time over the jobs, measuring what a job lacks.
    std::vector<std::pair<double, Candidate>> totals;
    for (const Candidate& c : batch) {
      considered.insert(c.name());
      double total = 0;
      bool runs_everywhere = true;
      for (size_t j = 0; j < results.size() && runs_everywhere; ++j) {
        if (const Measured* m = find_ranked(results[j]->ranked, c)) {
          total += m->ms;
          continue;
        }
        const std::optional<double> ms = time_into(*results[j], *timers[j], c);
        if (ms) total += *ms;
        runs_everywhere = ms.has_value();
      }
      if (runs_everywhere) totals.push_back({total, c});
    }
    for (JobResult* r : results) sort_ranked(r->ranked);
    std::stable_sort(totals.begin(), totals.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    // The fastest that verifies on every job.
    for (const auto& [total, c] : totals) {
      bool ok = true;
      for (size_t j = 0; j < results.size() && ok; ++j) {
        auto& ranked = results[j]->ranked;
        auto it = std::find_if(ranked.begin(), ranked.end(), [&](const Measured& m) { return m.candidate == c; });
        if (it == ranked.end()) {
          ok = false;
          break;
        }
        if (it->verified) continue;
        try {
          ok = timers[j]->verify(c);
        } catch (...) {
          ok = false;
        }
        if (ok) {
          it->verified = true;
        } else {
          results[j]->rejected.push_back(c.name() + ": failed verification");
          ranked.erase(it);
        }
      }
      if (ok) return Measured{c, total, true};
    }
  }
}

}  // namespace fft3d
