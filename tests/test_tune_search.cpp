// The tuner's search logic with a fake PassTimer (deterministic times and
// failures, a fake clock): the best is found, failed compiles, runs and
// verifications are never kept, the occupancy climb stops when the time gets
// worse, the budget is respected, progress only grows; and the thread pool.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "tune/search.h"
#include "tune/thread_pool.h"
#include "tune_fakes.h"

namespace fft3d {
namespace {

using fft3d_test::FakeClock;
using fft3d_test::FakeTimer;

// Candidates r2.t1.rows<i>...: distinct names, easy to make.
Candidate cand(int i, int mb = 0) {
  XVariant v{{2}, 1, i, PadMethod::none, false, mb, false};
  return Candidate{v, {}};
}

std::vector<Candidate> cands(int count) {
  std::vector<Candidate> out;
  for (int i = 1; i <= count; ++i) out.push_back(cand(i));
  return out;
}

// Times from a table by name; anything else 100 ms.
std::function<double(const Candidate&)> table(const std::map<std::string, double>& t) {
  return [t](const Candidate& c) {
    auto it = t.find(c.name());
    return it == t.end() ? 100.0 : it->second;
  };
}

TEST(TuneSearch, FindsTheFastestAndNeverKeepsFailures) {
  FakeTimer timer;
  timer.ms = table({{cand(1).name(), 5}, {cand(2).name(), 3}, {cand(3).name(), 4}, {cand(4).name(), 2},
                    {cand(5).name(), 1}, {cand(6).name(), 0.5}});
  timer.fail_compile = {cand(4).name()};
  timer.fail_run = {cand(6).name()};
  timer.fail_verify = {cand(5).name()};
  const SearchResult r = search_passes({{"pass", cands(6), &timer, {}}}, SearchOptions{});
  ASSERT_EQ(r.jobs.size(), 1u);
  JobResult job = r.jobs[0];
  ASSERT_EQ(job.ranked.size(), 4u);  // 1, 2, 3, 5 ran
  EXPECT_EQ(job.ranked[0].candidate, cand(5));
  EXPECT_EQ(job.ranked[1].candidate, cand(2));
  EXPECT_EQ(r.compiled, 6);
  const std::optional<Measured> best = first_verified(job, timer, {});
  ASSERT_TRUE(best);
  EXPECT_EQ(best->candidate, cand(2));  // 5 is faster but fails verification
  EXPECT_TRUE(best->verified);
  for (const Measured& m : job.ranked) {
    EXPECT_NE(m.candidate, cand(4));
    EXPECT_NE(m.candidate, cand(5));
    EXPECT_NE(m.candidate, cand(6));
  }
  auto rejected = [&](const std::string& what) {
    for (const std::string& s : job.rejected)
      if (s == what) return true;
    return false;
  };
  EXPECT_TRUE(rejected(cand(4).name() + ": does not compile"));
  EXPECT_TRUE(rejected(cand(5).name() + ": failed verification"));
  EXPECT_TRUE(rejected(cand(6).name() + ": failed to run"));
  // Nothing compiles: nothing is kept.
  FakeTimer broken;
  for (const Candidate& c : cands(3)) broken.fail_compile.insert(c.name());
  SearchResult none = search_passes({{"pass", cands(3), &broken, {}}}, SearchOptions{});
  EXPECT_TRUE(none.jobs[0].ranked.empty());
  EXPECT_FALSE(first_verified(none.jobs[0], broken, {}));
}

// Raise the hint while the time improves; the first slower step ends it,
// even though a later one would be faster.
TEST(TuneSearch, ClimbStopsWhenTimeGetsWorse) {
  FakeTimer timer;
  timer.ms = table({{cand(1).name(), 10}, {cand(2).name(), 20}, {cand(3).name(), 30},
                    {cand(1, 1).name(), 9}, {cand(1, 2).name(), 8}, {cand(1, 3).name(), 8.5},
                    {cand(1, 4).name(), 1}, {cand(2, 1).name(), 25}, {cand(3, 1).name(), 2}});
  auto climb = [](const Candidate& c) {
    std::vector<Candidate> steps;
    for (int mb = 1; mb <= 4; ++mb) steps.push_back(cand(c.x.rows_per_block, mb));
    return steps;
  };
  SearchOptions options;
  options.climb_top = 2;
  const SearchResult r = search_passes({{"pass", cands(3), &timer, climb}}, options);
  const JobResult& job = r.jobs[0];
  EXPECT_EQ(job.ranked[0].candidate, cand(1, 2));
  EXPECT_EQ(job.ranked[0].ms, 8);
  auto was_timed = [&](const Candidate& c) {
    return std::find(timer.timed.begin(), timer.timed.end(), c.name()) != timer.timed.end();
  };
  EXPECT_TRUE(was_timed(cand(1, 3)));   // slower than mb2: the climb stops here
  EXPECT_FALSE(was_timed(cand(1, 4)));  // so the faster mb4 is never timed
  EXPECT_TRUE(was_timed(cand(2, 1)));   // second best climbed too, stopped at once
  EXPECT_FALSE(was_timed(cand(2, 2)));
  EXPECT_FALSE(was_timed(cand(3, 1)));  // only the best two climb
  // Steps are compiled speculatively in parallel, all at once: more compiles
  // than timings.
  EXPECT_EQ(r.compiled, 3 + 8);
}

TEST(TuneSearch, ClimbStepThatFailsEndsTheClimb) {
  FakeTimer timer;
  timer.ms = table({{cand(1).name(), 10}, {cand(1, 1).name(), 9}, {cand(1, 2).name(), 7}, {cand(1, 3).name(), 5}});
  timer.fail_compile = {cand(1, 2).name()};
  auto climb = [](const Candidate& c) {
    return std::vector<Candidate>{cand(c.x.rows_per_block, 1), cand(c.x.rows_per_block, 2),
                                  cand(c.x.rows_per_block, 3)};
  };
  const SearchResult r = search_passes({{"pass", cands(1), &timer, climb}}, SearchOptions{});
  EXPECT_EQ(r.jobs[0].ranked[0].candidate, cand(1, 1));
  for (const Measured& m : r.jobs[0].ranked) EXPECT_NE(m.candidate, cand(1, 3));
}

// The winner after the climb is timed in its other thread-index form too
// (SearchJob::twin), and the twin wins where it is faster; only the
// winner's twin, not the runner-up's.
TEST(TuneSearch, TheWinnersThreadIndexTwinIsTimed) {
  auto plain = [](Candidate c) {
    c.x.thread_index = ThreadIndex::plain;
    return c;
  };
  const auto twin = [&](const Candidate& c) -> std::optional<Candidate> { return plain(c); };
  for (const double twin_ms : {2.0, 6.0}) {
    FakeTimer timer;
    timer.ms = table({{cand(1).name(), 5}, {cand(2).name(), 4}, {plain(cand(2)).name(), twin_ms},
                      {plain(cand(1)).name(), 1}});
    const SearchResult r = search_passes({{"pass", cands(2), &timer, {}, twin}}, SearchOptions{});
    const JobResult& job = r.jobs[0];
    ASSERT_EQ(job.ranked.size(), 3u);
    EXPECT_EQ(job.ranked[0].candidate, twin_ms < 4 ? plain(cand(2)) : cand(2));
    EXPECT_EQ(std::count(timer.timed.begin(), timer.timed.end(), plain(cand(1)).name()), 0);
    EXPECT_EQ(r.compiled, 3);
  }
  // A twin that does not compile is rejected, the winner kept.
  FakeTimer timer;
  timer.ms = table({{cand(1).name(), 5}, {plain(cand(1)).name(), 1}});
  timer.fail_compile = {plain(cand(1)).name()};
  const SearchResult r = search_passes({{"pass", cands(1), &timer, {}, twin}}, SearchOptions{});
  EXPECT_EQ(r.jobs[0].ranked.size(), 1u);
  EXPECT_EQ(r.jobs[0].rejected, std::vector<std::string>{plain(cand(1)).name() + ": does not compile"});
}

TEST(TuneSearch, BudgetIsRespectedAndTheBestSoFarKept) {
  FakeClock clock;
  FakeTimer timer;
  timer.clock = &clock;
  timer.compile_seconds = 1.0;
  timer.time_seconds = 0.01;
  timer.ms = [](const Candidate& c) { return 100.0 - c.x.rows_per_block; };  // later ones faster
  SearchOptions options;
  options.budget_seconds = 3.5;
  options.threads = 1;
  options.clock = clock.function();
  const SearchResult r = search_passes({{"pass", cands(10), &timer, {}}}, options);
  EXPECT_TRUE(r.budget_exhausted);
  EXPECT_EQ(r.compiled, 3);  // compiles start at t = 0, 1, 2; at 3 s 70 % of the budget is spent
  EXPECT_EQ(r.jobs[0].ranked.size(), 3u);  // and what compiled is timed
  EXPECT_EQ(r.jobs[0].skipped, 7);
  EXPECT_EQ(r.jobs[0].ranked[0].candidate, cand(3));
  EXPECT_LT(clock.now(), 3.5 + 1.0 + 0.1);  // at most one step past the budget

  // No budget at all: still every job's first candidate, so each has a result.
  FakeClock clock0;
  FakeTimer a, b;
  for (FakeTimer* t : {&a, &b}) {
    t->clock = &clock0;
    t->compile_seconds = 1;
  }
  b.id_prefix = "b:";
  options.budget_seconds = 0;
  options.clock = clock0.function();
  const SearchResult zero = search_passes({{"x", cands(5), &a, {}}, {"y", cands(5), &b, {}}}, options);
  for (const JobResult& j : zero.jobs) {
    ASSERT_EQ(j.ranked.size(), 1u);
    EXPECT_EQ(j.ranked[0].candidate, cand(1));
    EXPECT_EQ(j.skipped, 4);
  }
}

// A first candidate that fails to compile must not leave a job without a
// best-so-far when the budget is spent: the next one is compiled on demand.
TEST(TuneSearch, OverBudgetAJobStillGetsAResult) {
  FakeClock clock;
  FakeTimer timer;
  timer.clock = &clock;
  timer.compile_seconds = 1;
  timer.fail_compile = {cand(1).name()};
  SearchOptions options;
  options.budget_seconds = 0;
  options.threads = 1;
  options.clock = clock.function();
  const SearchResult r = search_passes({{"pass", cands(4), &timer, {}}}, options);
  ASSERT_EQ(r.jobs[0].ranked.size(), 1u);
  EXPECT_EQ(r.jobs[0].ranked[0].candidate, cand(2));
}

TEST(TuneSearch, ProgressOnlyGrowsAndEndsAtOne) {
  FakeTimer timer;
  timer.ms = [](const Candidate& c) { return 10.0 + c.x.rows_per_block % 3 - 0.1 * c.x.min_blocks_per_sm; };
  std::vector<double> seen;
  std::vector<std::string> texts;
  SearchOptions options;
  options.threads = 4;
  options.progress = [&](double f, const std::string& text) {
    seen.push_back(f);
    texts.push_back(text);
  };
  auto climb = [](const Candidate& c) {
    return std::vector<Candidate>{cand(c.x.rows_per_block, 1), cand(c.x.rows_per_block, 2)};
  };
  search_passes({{"x", cands(12), &timer, climb}}, options);
  ASSERT_GT(seen.size(), 10u);
  for (size_t i = 0; i < seen.size(); ++i) {
    EXPECT_GE(seen[i], 0.0);
    EXPECT_LE(seen[i], 1.0);
    if (i) EXPECT_GE(seen[i], seen[i - 1]);
    EXPECT_FALSE(texts[i].empty());
  }
  EXPECT_EQ(seen.back(), 1.0);
}

TEST(TuneSearch, JobsShareKernelsAndTheSharedWinnerMinimisesTheTotal) {
  FakeTimer y, z;
  y.ms = table({{cand(1).name(), 1}, {cand(2).name(), 5}, {cand(3).name(), 2}});
  z.ms = table({{cand(1).name(), 5}, {cand(2).name(), 1}, {cand(3).name(), 2}});
  SearchResult r = search_passes({{"y", cands(3), &y, {}}, {"z", cands(3), &z, {}}}, SearchOptions{});
  EXPECT_EQ(r.compiled, 3);  // equal kernel ids: one compile each
  EXPECT_EQ(y.compiles + z.compiles, 3);
  EXPECT_EQ(r.jobs[0].ranked[0].candidate, cand(1));
  EXPECT_EQ(r.jobs[1].ranked[0].candidate, cand(2));
  const std::optional<Measured> shared =
      shared_winner({&r.jobs[0], &r.jobs[1]}, {&y, &z}, [](const Candidate&) { return true; }, 3);
  ASSERT_TRUE(shared);
  EXPECT_EQ(shared->candidate, cand(3));  // 2 + 2 beats 1 + 5 and 5 + 1
  EXPECT_EQ(shared->ms, 4);
  // It must verify on every job: failing on z moves on to the next total.
  z.fail_verify = {cand(3).name()};
  SearchResult again = search_passes({{"y", cands(3), &y, {}}, {"z", cands(3), &z, {}}}, SearchOptions{});
  const std::optional<Measured> next = shared_winner({&again.jobs[0], &again.jobs[1]}, {&y, &z}, {}, 3);
  ASSERT_TRUE(next);
  EXPECT_NE(next->candidate, cand(3));
  EXPECT_EQ(next->ms, 6);
  for (const Measured& m : again.jobs[1].ranked) EXPECT_NE(m.candidate, cand(3));
}

// A candidate one job lacks (timed only in the other) is measured there.
TEST(TuneSearch, SharedWinnerMeasuresMissingTimes) {
  FakeTimer y, z;
  y.ms = table({{cand(1).name(), 3}, {cand(1, 1).name(), 1}});
  z.ms = table({{cand(1).name(), 3}, {cand(1, 1).name(), 1}});
  JobResult ry, rz;
  ry.ranked = {{cand(1, 1), 1, false}, {cand(1), 3, false}};
  rz.ranked = {{cand(1), 3, false}};
  const std::optional<Measured> shared = shared_winner({&ry, &rz}, {&y, &z}, {}, 3);
  ASSERT_TRUE(shared);
  EXPECT_EQ(shared->candidate, cand(1, 1));
  EXPECT_EQ(shared->ms, 2);
  EXPECT_EQ(z.timed, std::vector<std::string>{cand(1, 1).name()});
  EXPECT_EQ(rz.ranked.front().candidate, cand(1, 1));
}

TEST(TunePool, RunsEveryJobOnceAndReportsOnTheCallingThread) {
  std::vector<std::atomic<int>> hits(100);
  std::vector<size_t> reports;
  const std::thread::id caller = std::this_thread::get_id();
  bool all_on_caller = true;
  parallel_for(
      hits.size(), 4, [&](size_t i) { ++hits[i]; },
      [&](size_t done) {
        reports.push_back(done);
        all_on_caller = all_on_caller && std::this_thread::get_id() == caller;
      });
  for (auto& h : hits) EXPECT_EQ(h.load(), 1);
  ASSERT_FALSE(reports.empty());
  EXPECT_EQ(reports.back(), 100u);
  EXPECT_TRUE(std::is_sorted(reports.begin(), reports.end()));
  EXPECT_TRUE(all_on_caller);
  EXPECT_THROW(parallel_for(50, 3, [](size_t i) {
                 if (i == 7) throw std::runtime_error("job 7");
               }),
               std::runtime_error);
  parallel_for(0, 4, [](size_t) { FAIL(); });
}

}  // namespace
}  // namespace fft3d
