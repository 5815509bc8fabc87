// Tuning a whole problem with fake timers: the winners land in wisdom (shared
// lengths by total time, each stride by its own), failed verifications never
// do, the five-step verdict comes and goes (and schedules follow it), the
// budget holds; then make_grid_schedule takes the tuned variants through
// valid_preference and the transform matches FFTW (real rows:
// test_tune_real_rows.cpp). Also the host helpers of the GPU timer (pass
// geometry stacking, rows to check, the FFTW row oracle). No GPU needed.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common/error.h"
#include "fft3d/grid_schedule_host.h"
#include "oracle.h"
#include "fft3d.h"
#include "tune/tune_schedule.h"
#include "tune/tune_settings.h"
#include "tune_fakes.h"

namespace fft3d {
namespace {

using fft3d_test::CheckedTimer;
using fft3d_test::entry;
using fft3d_test::FakeClock;
using fft3d_test::hashed_ms;
using fft3d_test::tune;
using fft3d_test::Tuned;

const DeviceSignature& kGpu = fft3d_test::kTestGpu;

template <typename Real>
double grid_error(const std::vector<GridPass>& passes, int nx, int ny, int nz) {
  const auto in = fft3d_test::random_complex(static_cast<size_t>(nx) * ny * nz, 5);
  std::vector<kern::Complex<Real>> data(in.size());
  std::vector<fft3d_test::cplx> rounded(in.size());
  for (size_t i = 0; i < in.size(); ++i) {
    data[i] = kern::make_complex(static_cast<Real>(in[i].real()), static_cast<Real>(in[i].imag()));
    rounded[i] = {data[i].re, data[i].im};
  }
  run_grid_schedule_on_cpu<Real>(passes, data.data(), -1);
  std::vector<fft3d_test::cplx> got(in.size());
  for (size_t i = 0; i < in.size(); ++i) got[i] = {data[i].re, data[i].im};
  return fft3d_test::relative_l2_error(got, fft3d_test::fftw_3d(rounded, nx, ny, nz, -1));
}

TEST(TuneSchedule, TunedWisdomDrivesTheSchedule) {
  const Problem problem = make_3d_problem(48, 20, 35, FFT3D_C2C_F64);
  const Precision p = Precision::f64;
  Wisdom wisdom;
  EXPECT_FALSE(wisdom_covers(wisdom, kGpu, problem, DeviceLimits{}));
  const Tuned t = tune(problem, wisdom, {});
  ASSERT_EQ(t.result.passes.size(), 3u);
  for (const PassTuning& pass : t.result.passes) {
    ASSERT_TRUE(pass.chosen) << pass.pass.axis;
    EXPECT_TRUE(pass.chosen->verified);
    ASSERT_FALSE(pass.result.ranked.empty());
    EXPECT_EQ(pass.chosen->candidate, pass.result.ranked.front().candidate) << pass.pass.axis;  // one pass per length
    for (size_t i = 1; i < pass.result.ranked.size(); ++i)
      EXPECT_LE(pass.result.ranked[i - 1].ms, pass.result.ranked[i].ms);
  }
  EXPECT_EQ(entry(wisdom, "rows", 48, p, 0), t.result.passes[0].chosen->candidate.name());
  // Columns: the best one-pass variant, for any stride and for the pass's own.
  for (const PassTuning& pass : {t.result.passes[1], t.result.passes[2]}) {
    std::string best_one_pass;
    for (const Measured& m : pass.result.ranked)
      if (!m.candidate.is_five_step()) {
        best_one_pass = m.candidate.name();
        break;
      }
    EXPECT_EQ(entry(wisdom, "columns", pass.pass.n, p, 0), best_one_pass);
    EXPECT_EQ(entry(wisdom, "columns", pass.pass.n, p, pass.stride), best_one_pass);
  }
  EXPECT_EQ(t.result.passes[1].stride, 48);
  EXPECT_EQ(t.result.passes[2].stride, 48 * 20);
  EXPECT_TRUE(wisdom_covers(wisdom, kGpu, problem, DeviceLimits{}));
  EXPECT_FALSE(wisdom_covers(wisdom, DeviceSignature{"Other GPU", 100, 9, 0, 13000, 13000}, problem, DeviceLimits{}));

  // The schedule takes exactly these variants, and transforms correctly.
  const std::vector<GridPass> passes =
      make_grid_schedule(48, 20, 35, p, DeviceLimits{}, ColumnMethod::automatic, wisdom_variants(wisdom, kGpu, p));
  ASSERT_EQ(passes.size(), 3u);
  EXPECT_EQ(passes[0].variant.name(), *entry(wisdom, "rows", 48, p, 0));
  EXPECT_EQ(passes[1].variant.name(), *entry(wisdom, "columns", 20, p, 0));
  EXPECT_EQ(passes[2].variant.name(), *entry(wisdom, "columns", 35, p, 0));
  EXPECT_LE(grid_error<double>(passes, 48, 20, 35), fft3d_test::fft_error_bound(false, 48. * 20 * 35));
}

// The Y and Z columns of a cube: each stride keeps its own best, which the
// schedule's Y and Z passes take (a fused plan's Z need not share Y's
// kernel); the stride-0 entry minimises their total, for passes of other
// strides, and every column pass where own strides are set aside. A variant
// that fails verification is never written.
TEST(TuneSchedule, CubeColumnsTakeTheirOwnBest) {
  const Problem problem = make_3d_problem(16, 16, 16, FFT3D_C2C_F32);
  const Precision p = Precision::f32;
  const Candidate est{estimate_column_variant(16, p, DeviceLimits{}), {}};
  const std::vector<Candidate> list = pass_candidates(16, p, DeviceLimits{}, true, TuneMode::measure, est).list;
  ASSERT_GE(list.size(), 4u);
  const Candidate a = list[1], b = list[2], c = list[3];
  ASSERT_FALSE(a.is_five_step() || b.is_five_step() || c.is_five_step());
  auto times = [&](double ta, double tb, double tc) {
    return [=](const Candidate& x) {
      if (x == a) return ta;
      if (x == b) return tb;
      if (x == c) return tc;
      return 10.0;
    };
  };
  for (bool c_fails_on_z : {false, true}) {
    Wisdom wisdom;
    const Tuned t = tune(problem, wisdom, [&](char axis, CheckedTimer& timer) {
      if (axis == 'y') timer.ms = times(1, 5, 2);
      if (axis == 'z') timer.ms = times(5, 1, 2);
      if (axis == 'z' && c_fails_on_z) timer.fail_verify = {c.name()};
    });
    EXPECT_EQ(entry(wisdom, "columns", 16, p, 16), a.name());
    EXPECT_EQ(entry(wisdom, "columns", 16, p, 256), b.name());
    EXPECT_EQ(t.result.passes[1].chosen->candidate, a);
    EXPECT_EQ(t.result.passes[2].chosen->candidate, b);
    const VariantPreference tuned = wisdom_variants(wisdom, kGpu, p);
    const std::vector<GridPass> passes =
        make_grid_schedule(16, 16, 16, p, DeviceLimits{}, ColumnMethod::automatic, tuned, PlaneMethod::separate);
    ASSERT_EQ(passes.size(), 3u);
    EXPECT_EQ(passes[1].variant, a.x);
    EXPECT_EQ(passes[2].variant, b.x);
    EXPECT_LE(grid_error<float>(passes, 16, 16, 16), fft3d_test::fft_error_bound(true, 16. * 16 * 16));
    // A grid whose Z stride wisdom has no entry of takes the shared one.
    const std::string shared = *entry(wisdom, "columns", 16, p, 0);
    const std::vector<GridPass> other =
        make_grid_schedule(8, 8, 16, p, DeviceLimits{}, ColumnMethod::automatic, tuned, PlaneMethod::separate);
    ASSERT_EQ(other.size(), 3u);
    EXPECT_EQ(other[2].variant.name(), shared);
    // With own strides set aside (the whole-plan check's shared columns)
    // both of the cube's column passes take the shared entry.
    const std::vector<GridPass> shared_columns = make_grid_schedule(
        16, 16, 16, p, DeviceLimits{}, ColumnMethod::automatic, wisdom_variants(wisdom, kGpu, p, false),
        PlaneMethod::separate);
    ASSERT_EQ(shared_columns.size(), 3u);
    EXPECT_EQ(shared_columns[1].variant.name(), shared);
    EXPECT_EQ(shared_columns[2].variant.name(), shared);
    if (!c_fails_on_z) {
      EXPECT_EQ(shared, c.name());  // 2 + 2 beats 1 + 5 and 5 + 1
    } else {
      EXPECT_TRUE(shared == a.name() || shared == b.name()) << shared;
      for (const WisdomEntry& e : t.result.written) EXPECT_NE(e.variant, c.name());
      for (const Measured& m : t.result.passes[2].result.ranked) EXPECT_NE(m.candidate, c);
    }
  }
}

TEST(TuneSchedule, FiveStepVerdictComesAndGoes) {
  const Problem problem = make_3d_problem(16, 16, 16, FFT3D_C2C_F32);
  const Precision p = Precision::f32;
  const FiveStepVariant five = estimate_five_step_variant(16, p);
  ASSERT_GT(five.n1, 0);
  Wisdom wisdom;
  auto with_five_step_ms = [&](double ms) {
    return [=](char, CheckedTimer& timer) {
      timer.ms = [=](const Candidate& c) { return c.is_five_step() ? ms : 1.0 + c.x.rows_per_block * 0.01; };
    };
  };
  auto schedule = [&] {
    return make_grid_schedule(16, 16, 16, p, DeviceLimits{}, ColumnMethod::automatic, wisdom_variants(wisdom, kGpu, p));
  };
  const Tuned fast = tune(problem, wisdom, with_five_step_ms(0.5));
  EXPECT_EQ(entry(wisdom, "five-step", 16, p, 0), five.name());
  EXPECT_TRUE(entry(wisdom, "columns", 16, p, 0));  // the best one-pass stays known
  EXPECT_TRUE(fast.result.passes[1].chosen->candidate.is_five_step());
  // Verified by the executor like any other candidate.
  const std::vector<std::string>& y_checked = fast.verified.at('y');
  EXPECT_NE(std::find(y_checked.begin(), y_checked.end(), five.name()), y_checked.end());
  // A plan made now runs the form the tuner chose, and transforms correctly.
  EXPECT_TRUE(wisdom_covers(wisdom, kGpu, problem, DeviceLimits{}));
  const std::vector<GridPass> with_verdict = schedule();
  ASSERT_EQ(with_verdict.size(), 3u);
  EXPECT_FALSE(with_verdict[0].is_five_step());
  for (size_t i : {1, 2}) {
    EXPECT_TRUE(with_verdict[i].five_step_from_wisdom) << i;
    EXPECT_EQ(with_verdict[i].five_step.name(), fast.result.passes[i].chosen->candidate.name()) << i;
  }
  EXPECT_LE(grid_error<float>(with_verdict, 16, 16, 16), fft3d_test::fft_error_bound(true, 16. * 16 * 16));
  // Slower now: the verdict goes, and plans take the one-pass entry again.
  const Tuned slow = tune(problem, wisdom, with_five_step_ms(50));
  EXPECT_FALSE(entry(wisdom, "five-step", 16, p, 0));
  for (size_t i : {1, 2}) {
    const GridPass pass = schedule()[i];
    EXPECT_FALSE(pass.is_five_step()) << i;
    EXPECT_EQ(pass.variant.name(), *entry(wisdom, "columns", 16, p, 0)) << i;
    EXPECT_EQ(pass.variant.name(), slow.result.passes[i].chosen->candidate.name()) << i;
  }
}

TEST(TuneSchedule, BudgetAndProgress) {
  const Problem problem = make_3d_problem(32, 24, 20, FFT3D_C2C_F32);
  FakeClock clock;
  std::vector<double> seen;
  TuneSettings settings;
  settings.budget_seconds = 2.0;
  settings.clock = clock.function();
  settings.compile_threads = 1;
  settings.progress = [&](double f, const std::string&) { seen.push_back(f); };
  Wisdom wisdom;
  const Tuned t = tune(problem, wisdom,
                       [&](char, CheckedTimer& timer) {
                         timer.clock = &clock;
                         timer.compile_seconds = 0.5;
                         timer.time_seconds = 0.001;
                       },
                       settings);
  EXPECT_TRUE(t.result.budget_exhausted);
  EXPECT_LT(t.result.seconds, 2.0 + 0.5 + 0.2);  // one compile past the budget at most, and the timings
  for (const PassTuning& pass : t.result.passes) {
    EXPECT_TRUE(pass.chosen) << pass.pass.axis;  // the best so far
    EXPECT_GT(pass.result.skipped, 0);
  }
  EXPECT_TRUE(wisdom_covers(wisdom, kGpu, problem, DeviceLimits{}));
  ASSERT_FALSE(seen.empty());
  for (size_t i = 1; i < seen.size(); ++i) EXPECT_GE(seen[i], seen[i - 1]);
  EXPECT_EQ(seen.back(), 1.0);
}

TEST(TuneSchedule, ExhaustiveFindsAtLeastWhatMeasureFinds) {
  const Problem problem = make_3d_problem(64, 12, 1, FFT3D_C2C_F32);
  // Occupancy hints never help here, so MEASURE's best is one of its own
  // candidates, all of which EXHAUSTIVE tries too.
  auto setup = [](char axis, CheckedTimer& timer) {
    timer.ms = [axis](const Candidate& c) { return c.x.min_blocks_per_sm ? 100.0 : hashed_ms(c, axis); };
  };
  Wisdom wm, we;
  const Tuned m = tune(problem, wm, setup);
  const Tuned e = tune(problem, we, setup, {}, TuneMode::exhaustive);
  ASSERT_EQ(m.result.passes.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_LE(e.result.passes[i].chosen->ms, m.result.passes[i].chosen->ms);
    EXPECT_GT(e.result.passes[i].result.ranked.size(), m.result.passes[i].result.ranked.size());
  }
}

TEST(TuneSchedule, BatchedRowsAndRealProblems) {
  Wisdom wisdom;
  const Problem rows = make_batched_problem(64, 10, FFT3D_C2C_F32);
  const Tuned t = tune(rows, wisdom, {});
  ASSERT_EQ(t.result.passes.size(), 1u);
  EXPECT_EQ(t.result.passes[0].pass.count, 10);
  EXPECT_TRUE(entry(wisdom, "rows", 64, Precision::f32, 0));
  // Real data: the real X rows (n = nx, ny * nz of them), the R2C forward's
  // and the C2R inverse's, then the columns of the complex side, 17 x 16 x
  // 32 (test_tune_real_rows.cpp has more).
  std::string note;
  const auto passes = passes_to_tune(make_3d_problem(32, 16, 32, FFT3D_R2C_F64), DeviceLimits{}, &note);
  ASSERT_EQ(passes.size(), 4u);
  for (int d = 0; d < 2; ++d) {
    EXPECT_TRUE(is_real_rows(passes[d]));
    EXPECT_EQ(passes[d].n, 32);
    EXPECT_EQ(passes[d].count, 16 * 32);
    EXPECT_EQ(passes[d].real_sign, d == 0 ? -1 : +1);
    EXPECT_EQ(tuned_kind(passes[d]), d == 0 ? "real-rows" : "real-rows-inverse");
  }
  EXPECT_EQ(passes[2].axis, 'y');
  EXPECT_EQ(passes[2].geometry.stride, 17);
  EXPECT_EQ(passes[3].geometry.stride, 17 * 16);
  EXPECT_NE(note.find("real-rows kernels"), std::string::npos);
  // Planes of at most 256 points are real plane rows, which keep their
  // ESTIMATE: only Z is tuned.
  const auto plane_rows = passes_to_tune(make_3d_problem(16, 8, 4, FFT3D_R2C_F64), DeviceLimits{});
  ASSERT_EQ(plane_rows.size(), 1u);
  EXPECT_EQ(plane_rows[0].axis, 'z');
  EXPECT_EQ(plane_rows[0].geometry.stride, 9 * 8);
  // YZ planes of at most 256 points of a complex side of at least 16
  // columns are plane columns, which keep their ESTIMATE: only X is tuned.
  const auto plane_columns = passes_to_tune(make_3d_problem(32, 16, 4, FFT3D_R2C_F64), DeviceLimits{});
  ASSERT_EQ(plane_columns.size(), 2u);
  EXPECT_TRUE(is_real_rows(plane_columns[0]));
  EXPECT_TRUE(is_real_rows(plane_columns[1]));
  // The tuner's estimate of a real side's columns is the real plan's: f64
  // columns of 243 eight a block (estimate_column_variant's real_side).
  const auto real_243 = passes_to_tune(make_3d_problem(243, 243, 243, FFT3D_R2C_F64), DeviceLimits{});
  ASSERT_EQ(real_243.size(), 4u);
  EXPECT_EQ(real_243[2].variant.rows_per_block, 8);
  EXPECT_EQ(real_243[3].variant.rows_per_block, 8);
  Wisdom real_wisdom;
  const Problem real = make_3d_problem(32, 16, 32, FFT3D_R2C_F32);
  tune(real, real_wisdom, {});
  EXPECT_TRUE(entry(real_wisdom, "columns", 16, Precision::f32, 17));
  EXPECT_TRUE(entry(real_wisdom, "real-rows", 32, Precision::f32, 0));
  EXPECT_TRUE(entry(real_wisdom, "real-rows-inverse", 32, Precision::f32, 0));
  EXPECT_TRUE(wisdom_covers(real_wisdom, kGpu, real, DeviceLimits{}));
  EXPECT_TRUE(passes_to_tune(make_batched_problem(1, 5, FFT3D_C2C_F32), DeviceLimits{}).empty());
  EXPECT_THROW(tune_schedule(rows, TuneMode::estimate, {}, kGpu, DeviceLimits{}, {}, wisdom), Error);
}

// The C API's process-wide settings, as tune_if_needed reads them.
TEST(TuneCApi, BudgetAndProgressCallback) {
  EXPECT_EQ(fft3d_set_tuning_budget(3.5), FFT3D_SUCCESS);
  EXPECT_EQ(tuning_budget(), 3.5);
  EXPECT_EQ(fft3d_set_tuning_budget(INFINITY), FFT3D_SUCCESS);
  EXPECT_LT(tuning_budget(), 0);  // no limit
  EXPECT_EQ(fft3d_set_tuning_budget(NAN), FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(fft3d_last_error_message()).find("NaN"), std::string::npos);
  EXPECT_LT(tuning_budget(), 0);  // unchanged
  struct Seen {
    double fraction = -1;
    std::string text;
  } seen;
  auto cb = [](double f, const char* text, void* user) {
    static_cast<Seen*>(user)->fraction = f;
    static_cast<Seen*>(user)->text = text;
  };
  EXPECT_EQ(fft3d_set_progress_callback(cb, &seen), FFT3D_SUCCESS);
  const ProgressFn fn = tuning_progress();
  ASSERT_TRUE(fn);
  fn(0.25, "compiling");
  EXPECT_EQ(seen.fraction, 0.25);
  EXPECT_EQ(seen.text, "compiling");
  EXPECT_EQ(fft3d_set_progress_callback(nullptr, &seen), FFT3D_SUCCESS);
  EXPECT_FALSE(tuning_progress());
  EXPECT_EQ(fft3d_set_tuning_budget(-1), FFT3D_SUCCESS);
}

// Stacking copies of a grid for timing keeps every element in exactly one row.
TEST(TunePassCheck, StackedCopiesCoverEveryElementOnce) {
  const int nx = 6, ny = 5, nz = 4;
  const long long grid = nx * ny * nz;
  for (const GridPass& pass : make_grid_schedule(nx, ny, nz, Precision::f32, DeviceLimits{})) {
    for (long long copies : {1, 3}) {
      const StackedShape s = stacked_shape(pass_shape(pass), grid, copies);
      EXPECT_EQ(s.copies, copies) << pass.axis;
      std::vector<int> hits(static_cast<size_t>(grid * copies), 0);
      for (long long r = 0; r < s.shape.count; ++r)
        for (int j = 0; j < s.shape.n; ++j) {
          const long long e = s.shape.element(r, j);
          ASSERT_GE(e, 0);
          ASSERT_LT(e, grid * copies) << pass.axis;
          ++hits[static_cast<size_t>(e)];
        }
      for (int h : hits) EXPECT_EQ(h, 1) << pass.axis;
    }
  }
}

TEST(TunePassCheck, RowsToCheck) {
  PassShape small{8, 10, {1, 0, 1}, false};
  EXPECT_EQ(rows_to_check(small, 4).size(), 10u);
  PassShape big{256, 100000, {256, 65536, 256}, true};
  const std::vector<long long> rows = rows_to_check(big, 16, 1 << 20);
  EXPECT_LT(rows.size(), 120u);
  EXPECT_TRUE(std::is_sorted(rows.begin(), rows.end()));
  EXPECT_EQ(std::adjacent_find(rows.begin(), rows.end()), rows.end());
  for (long long r = 0; r < 32; ++r) {  // two blocks at each end
    EXPECT_TRUE(std::binary_search(rows.begin(), rows.end(), r));
    EXPECT_TRUE(std::binary_search(rows.begin(), rows.end(), big.count - 1 - r));
  }
  EXPECT_GT(rows[rows.size() / 2], 1000);  // and some in between
  EXPECT_LT(rows[rows.size() / 2], big.count - 1000);
}

TEST(TunePassCheck, RowOracle) {
  const int n = 12, rows = 3;
  const auto in = fft3d_test::random_complex(n * rows, 9);
  const std::vector<std::complex<double>> input(in.begin(), in.end());
  std::vector<std::complex<double>> dft(input.size());
  for (int r = 0; r < rows; ++r)  // the textbook DFT, sign -1
    for (int k = 0; k < n; ++k)
      for (int j = 0; j < n; ++j)
        dft[r * n + k] += input[r * n + j] * std::polar(1.0, -2 * M_PI * j * k / n);
  EXPECT_LT(rows_relative_error(input, dft, n, -1), 1e-14);
  EXPECT_GT(rows_relative_error(input, dft, n, +1), 0.5);  // the other direction
  std::vector<std::complex<double>> off = dft;
  off[17] += 0.01;
  EXPECT_GT(rows_relative_error(input, off, n, -1), pass_error_bound(Precision::f32, n));
  EXPECT_LT(pass_error_bound(Precision::f64, 1024), 1e-14);
  EXPECT_EQ(pattern_period(100), 100);
  EXPECT_EQ(pattern_period(1LL << 30), 1048573);
}

}  // namespace
}  // namespace fft3d
