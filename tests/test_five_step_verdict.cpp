// Schedules acting on the tuner's five-step verdict: where a preference
// (wisdom) holds a valid ("five-step", n) entry, automatic Y and Z column
// passes of length n take that form over any one-pass variant, and say so;
// invalid verdicts are ignored, forced column methods and ESTIMATE schedules
// are unchanged, and the schedules still match FFTW on the CPU block
// executor (complex grids, and the complex side of a real grid). The tune
// flow that writes the verdict is in test_tune_schedule.cpp. No GPU needed.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fft3d/grid_schedule.h"
#include "grid_schedule_check.h"
#include "oracle.h"
#include "real_oracle.h"
#include "tune/candidates.h"
#include "tune/tune_schedule.h"
#include "tune_fakes.h"

namespace fft3d {
namespace {

using fft3d_test::kTestGpu;
constexpr auto npos = std::string::npos;
constexpr const char* kFromWisdom = "; five-step from wisdom (tuned)";

struct Offer {
  std::string kind;
  int n;
  PreferredVariant variant;
};

// A preference that offers each variant for its (kind, n), like wisdom entries.
VariantPreference offering(std::vector<Offer> offers) {
  return [offers = std::move(offers)](const std::string& kind, int n, long long) -> std::optional<PreferredVariant> {
    for (const Offer& o : offers)
      if (o.kind == kind && o.n == n) return o.variant;
    return std::nullopt;
  };
}

FiveStepVariant five_step_named(const std::string& name) { return parse_candidate(name).five_step; }

// A valid one-pass column variant of n other than the ESTIMATE's.
XVariant other_column_variant(int n, Precision p) {
  const Candidate estimate{estimate_column_variant(n, p, DeviceLimits{}), {}};
  for (const Candidate& c : pass_candidates(n, p, DeviceLimits{}, true, TuneMode::measure, estimate).list)
    if (!c.is_five_step() && c != estimate) return c.x;
  ADD_FAILURE() << "no second column variant of " << n;
  return estimate.x;
}

std::vector<std::string> names_of(const std::vector<GridPass>& passes) {
  std::vector<std::string> out;
  for (const GridPass& p : passes) out.push_back(p.is_five_step() ? p.five_step.name() : p.variant.name());
  return out;
}

TEST(FiveStepVerdict, AutomaticColumnsTakeItForTheirLengthOnly) {
  const Precision p = Precision::f32;
  const DeviceLimits limits;
  const FiveStepVariant five = five_step_named("fivestep8x8.cols16.tw-table");
  ASSERT_NE(five.name(), estimate_five_step_variant(64, p).name());  // so that it can only come from the offer
  const XVariant cols64 = other_column_variant(64, p), cols80 = other_column_variant(80, p);
  const VariantPreference pref =
      offering({{"five-step", 64, five}, {"columns", 64, cols64}, {"columns", 80, cols80}});
  for (const auto& [ny, nz] : {std::pair{64, 80}, std::pair{80, 64}}) {
    const std::vector<GridPass> passes = make_grid_schedule(12, ny, nz, p, limits, ColumnMethod::automatic, pref);
    ASSERT_EQ(passes.size(), 3u);
    for (const GridPass& pass : {passes[1], passes[2]}) {
      const std::string text = describe_pass(pass, p);
      if (pass.n == 64) {  // the verdict beats the one-pass entry of the same length
        ASSERT_TRUE(pass.is_five_step()) << pass.axis;
        EXPECT_EQ(pass.five_step.name(), five.name());
        EXPECT_TRUE(pass.five_step_from_wisdom);
        EXPECT_EQ(pass.passes_over_memory(), 2);
        EXPECT_NE(text.find(five.name() + ", "), npos) << text;
        EXPECT_NE(text.find(kFromWisdom), npos) << text;
      } else {
        EXPECT_FALSE(pass.is_five_step()) << pass.axis;
        EXPECT_EQ(pass.variant, cols80);
        EXPECT_EQ(text.find("from wisdom"), npos) << text;
      }
    }
  }
  // The fused XY pass then Z, and the complex side of a real grid (6 = 10/2 + 1).
  const std::vector<GridPass> fused =
      make_grid_schedule(16, 16, 64, p, limits, ColumnMethod::automatic, pref, PlaneMethod::fused);
  ASSERT_EQ(fused.size(), 2u);
  EXPECT_TRUE(fused[0].is_fused_xy());
  EXPECT_TRUE(fused[1].five_step_from_wisdom);
  const std::vector<GridPass> real = make_column_schedule(6, 64, 80, p, limits, ColumnMethod::automatic, pref);
  ASSERT_EQ(real.size(), 2u);
  EXPECT_EQ(real[0].five_step.name(), five.name());
  EXPECT_EQ(real[1].variant, cols80);
}

TEST(FiveStepVerdict, ForcedMethodsAndEstimateScheduleUnchanged) {
  const Precision p = Precision::f64;
  const DeviceLimits limits;
  const FiveStepVariant five = five_step_named("fivestep8x8.cols4.tw-table");
  const XVariant cols64 = other_column_variant(64, p);
  const VariantPreference pref = offering({{"five-step", 64, five}, {"columns", 64, cols64}});
  // FFT3D_COLUMN_METHOD=one-pass: the one-pass entry; =five-step: the ESTIMATE split.
  const std::vector<GridPass> one = make_grid_schedule(12, 64, 9, p, limits, ColumnMethod::one_pass, pref);
  EXPECT_FALSE(one[1].is_five_step());
  EXPECT_EQ(one[1].variant, cols64);
  const std::vector<GridPass> forced = make_grid_schedule(12, 64, 9, p, limits, ColumnMethod::five_step, pref);
  EXPECT_EQ(forced[1].five_step.name(), estimate_five_step_variant(64, p).name());
  EXPECT_FALSE(forced[1].five_step_from_wisdom);
  EXPECT_EQ(describe_pass(forced[1], p).find("from wisdom"), npos);
  // Only a one-pass entry: that variant. No wisdom at all: the ESTIMATE
  // schedule, with no five-step columns where one pass fits.
  const std::vector<GridPass> only_columns =
      make_grid_schedule(12, 64, 9, p, limits, ColumnMethod::automatic, offering({{"columns", 64, cols64}}));
  EXPECT_FALSE(only_columns[1].is_five_step());
  EXPECT_EQ(only_columns[1].variant, cols64);
  const std::vector<GridPass> estimate = make_grid_schedule(12, 64, 9, p, limits);
  EXPECT_EQ(names_of(make_grid_schedule(12, 64, 9, p, limits, ColumnMethod::automatic, offering({}))),
            names_of(estimate));
  for (const GridPass& pass : estimate) EXPECT_FALSE(pass.is_five_step() || pass.five_step_from_wisdom);
}

// Through wisdom_variants, as plans read wisdom: only the verdict of this
// GPU and precision that parses, splits n into five-step radices and fits.
TEST(FiveStepVerdict, WisdomVerdictsThatDoNotApplyAreIgnored) {
  const DeviceLimits limits;
  const DeviceSignature other{"Other GPU", 100, 9, 0, 13000, 13000};
  Wisdom wisdom;
  auto verdict = [&](const DeviceSignature& gpu, int n, Precision p, const std::string& name,
                     const std::string& kind = "five-step") {
    wisdom.remember(WisdomEntry{gpu, PassKey{kind, n, p, 0}, name, 0.1});
  };
  verdict(kTestGpu, 64, Precision::f32, "fivestep8x8.cols16.tw-table");                  // taken
  verdict(kTestGpu, 80, Precision::f32, "fivestep8x8.cols16.tw-sincos");                 // 64 points, not 80
  verdict(kTestGpu, 48, Precision::f32, "fivestep6x8.cols16.tw-table");                  // 6: no five-step radix
  verdict(kTestGpu, 72, Precision::f32, "fivestep8x9.cols16.tw-bogus");                  // malformed
  verdict(kTestGpu, 144, Precision::f32, "r16-9.t9.rows16.pad-none.tw-table.mb0.cols");  // not the five-step form
  verdict(kTestGpu, 256, Precision::f32, "fivestep16x16.cols128.tw-sincos");             // 2048 threads/block
  verdict(other, 128, Precision::f32, "fivestep8x16.cols16.tw-sincos");                  // another GPU's
  verdict(kTestGpu, 32, Precision::f64, "fivestep4x8.cols16.tw-sincos");                 // f64 only
  verdict(kTestGpu, 16, Precision::f32, "fivestep4x4.cols16.tw-sincos", "columns");      // no one-pass variant
  const VariantPreference f32 = wisdom_variants(wisdom, kTestGpu, Precision::f32);
  const VariantPreference f64 = wisdom_variants(wisdom, kTestGpu, Precision::f64);

  ASSERT_TRUE(valid_five_step_preference(f32, 64, limits));
  EXPECT_EQ(valid_five_step_preference(f32, 64, limits)->name(), "fivestep8x8.cols16.tw-table");
  EXPECT_TRUE(make_column_schedule(4, 64, 1, Precision::f32, limits, ColumnMethod::automatic, f32)[0]
                  .five_step_from_wisdom);
  for (int n : {80, 48, 72, 144, 256, 128, 32, 16}) {
    EXPECT_FALSE(valid_five_step_preference(f32, n, limits)) << n;
    const GridPass pass = make_column_schedule(4, n, 1, Precision::f32, limits, ColumnMethod::automatic, f32)[0];
    EXPECT_FALSE(pass.is_five_step()) << n;
    EXPECT_EQ(pass.variant, estimate_column_variant(n, Precision::f32, limits)) << n;
  }
  EXPECT_FALSE(valid_preference(f32, "columns", 16, Precision::f32, limits));  // a five-step name as "columns"
  // The same verdict fits a device with 2048 threads per block; the f64 one is read in f64.
  DeviceLimits wide;
  wide.threads_per_block = 2048;
  EXPECT_TRUE(valid_five_step_preference(f32, 256, wide));
  ASSERT_TRUE(valid_five_step_preference(f64, 32, limits));
  EXPECT_TRUE(make_column_schedule(4, 32, 1, Precision::f64, limits, ColumnMethod::automatic, f64)[0]
                  .five_step_from_wisdom);
  EXPECT_FALSE(valid_five_step_preference(f64, 64, limits));
}

TEST(FiveStepVerdict, GridsWithTheVerdictMatchFftw) {
  const DeviceLimits limits;
  Wisdom wisdom;
  wisdom.remember({kTestGpu, PassKey{"five-step", 64, Precision::f64, 0}, "fivestep8x8.cols16.tw-table", 0.1});
  wisdom.remember({kTestGpu, PassKey{"five-step", 144, Precision::f64, 0}, "fivestep9x16.cols8.tw-sincos", 0.1});
  wisdom.remember({kTestGpu, PassKey{"five-step", 256, Precision::f32, 0}, "fivestep16x16.cols8.tw-table", 0.1});
  const VariantPreference f64 = wisdom_variants(wisdom, kTestGpu, Precision::f64);
  const VariantPreference f32 = wisdom_variants(wisdom, kTestGpu, Precision::f32);

  const std::vector<GridPass> both = make_grid_schedule(6, 64, 144, Precision::f64, limits,
                                                        ColumnMethod::automatic, f64);
  ASSERT_EQ(both.size(), 3u);
  EXPECT_EQ(both[1].five_step.name(), "fivestep8x8.cols16.tw-table");
  EXPECT_EQ(both[2].five_step.name(), "fivestep9x16.cols8.tw-sincos");
  fft3d_test::expect_grid_matches_fftw<double>(both, 6, 64, 144);

  const std::vector<GridPass> y_only = make_grid_schedule(16, 256, 16, Precision::f32, limits,
                                                          ColumnMethod::automatic, f32);
  ASSERT_EQ(y_only.size(), 3u);
  EXPECT_TRUE(y_only[1].five_step_from_wisdom);
  EXPECT_FALSE(y_only[2].is_five_step());
  fft3d_test::expect_grid_matches_fftw<float>(y_only, 16, 256, 16);
}

// A real grid as the GPU real plan runs it: its complex side's Y columns
// (64 points) take the verdict; R2C forward and C2R inverse against FFTW.
TEST(FiveStepVerdict, RealGridWithTheVerdictMatchesFftw) {
  using Real = double;
  const int nx = 10, ny = 64, nz = 9, half = nx / 2 + 1;
  const Precision p = Precision::f64;
  const DeviceLimits limits;
  Wisdom wisdom;
  wisdom.remember({kTestGpu, PassKey{"five-step", 64, p, 0}, "fivestep8x8.cols8.tw-sincos", 0.1});
  const VariantPreference pref = wisdom_variants(wisdom, kTestGpu, p);
  const RealRowsPass x = make_real_rows_pass(nx, static_cast<long long>(ny) * nz, p, limits, pref);
  const std::vector<GridPass> columns = make_column_schedule(half, ny, nz, p, limits, ColumnMethod::automatic, pref);
  ASSERT_EQ(columns.size(), 2u);
  EXPECT_EQ(columns[0].five_step.name(), "fivestep8x8.cols8.tw-sincos");
  EXPECT_FALSE(columns[1].is_five_step());

  const size_t rows = static_cast<size_t>(ny) * nz, pitch = 2 * static_cast<size_t>(half);
  const std::vector<double> reals = fft3d_test::random_reals(rows * nx, 41);
  std::vector<Real> data = fft3d_test::to_pitched<Real>(reals, nx, pitch, Real(0));
  run_real_grid_on_cpu<Real>(x, columns, data.data(), data.data(), -1, static_cast<long long>(pitch));
  const std::vector<fft3d_test::cplx> want = fft3d_test::fftw_r2c_3d(reals, nx, ny, nz);
  std::vector<fft3d_test::cplx> got(want.size());
  for (size_t i = 0; i < got.size(); ++i) got[i] = {data[2 * i], data[2 * i + 1]};
  const double bound = 2 * fft3d_test::fft_error_bound(false, double(nx) * ny * nz);
  EXPECT_LE(fft3d_test::relative_l2_error(got, want), bound) << "forward";

  run_real_grid_on_cpu<Real>(x, columns, data.data(), data.data(), +1, static_cast<long long>(pitch));
  const std::vector<double> back = fft3d_test::from_pitched<double>(data, nx, pitch, rows);
  const std::vector<double> want_back = fft3d_test::fftw_c2r_3d(want, nx, ny, nz);
  const std::vector<fft3d_test::cplx> got_c(back.begin(), back.end()), want_c(want_back.begin(), want_back.end());
  EXPECT_LE(fft3d_test::relative_l2_error(got_c, want_c), 2 * bound) << "inverse";
}

}  // namespace
}  // namespace fft3d
