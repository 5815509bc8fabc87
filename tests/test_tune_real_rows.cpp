// Tuning the real X rows of R2C/C2R problems, no GPU needed: the candidates
// keep the RealRows form the length allows and factor the kernel's length;
// the fake-timer search picks the fastest verified one for each direction
// (verified by the CPU block executor against FFTW's r2c and c2r) and
// writes it to wisdom as ("real-rows", nx), the R2C forward's, and
// ("real-rows-inverse", nx), the C2R inverse's; a real schedule takes them
// from there, and ignores malformed or invalid entries and other GPUs'.
// Also the real-rows oracle the GPU timer checks with.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "fft3d/grid_schedule_host.h"
#include "oracle.h"
#include "real_oracle.h"
#include "tune/tune_schedule.h"
#include "tune_fakes.h"

namespace fft3d {
namespace {

using fft3d_test::entry;
using fft3d_test::hashed_ms;
using fft3d_test::kTestGpu;
using fft3d_test::tune;
using fft3d_test::Tuned;

// The ESTIMATE's form of real rows of nx.
RealRows form_of(int nx) {
  return nx % 2 == 0 && nx >= 4 ? RealRows::half : nx % 2 == 1 ? RealRows::pair : RealRows::full;
}

// Whether c has the estimate's form, or is the one candidate of odd rows
// in the other (one row a transform): the estimate's shape.
bool keeps_form(int nx, const Candidate& c, const Candidate& estimate) {
  if (c.x.real == form_of(nx)) return true;
  XVariant paired = c.x;
  paired.real = RealRows::pair;
  return nx % 2 == 1 && c.x.real == RealRows::full && paired == estimate.x;
}

// The real-rows pass's candidates, as tune_schedule makes them.
CandidateSet real_candidates(int nx, Precision p, TuneMode mode) {
  const RealRowsPass x = make_real_rows_pass(nx, 1, p, DeviceLimits{});
  return pass_candidates(x.kernel_n, p, DeviceLimits{}, false, mode, Candidate{x.variant, {}});
}

// A preference that offers v for (kind, n), like one wisdom entry.
VariantPreference offering(const std::string& kind, int n, const XVariant& v) {
  return [=](const std::string& k, int m, long long) -> std::optional<XVariant> {
    if (k == kind && m == n) return v;
    return std::nullopt;
  };
}

TEST(TuneRealRows, CandidatesKeepTheFormAndFactorTheKernelLength) {
  const DeviceLimits limits;
  for (int nx : {64, 96, 100, 128, 210, 256, 384, 500, 45, 243, 375})
    for (Precision p : {Precision::f32, Precision::f64}) {
      const int kernel_n = form_of(nx) == RealRows::half ? nx / 2 : nx;
      const RealRowsPass estimate = make_real_rows_pass(nx, 1, p, limits);
      const CandidateSet set = real_candidates(nx, p, TuneMode::measure);
      ASSERT_GT(set.list.size(), 1u) << nx;
      EXPECT_EQ(set.list[0].x, estimate.variant) << nx;
      std::set<std::string> names;
      for (const Candidate& c : set.list) {
        const std::string what = "nx=" + std::to_string(nx) + " " + c.name();
        EXPECT_TRUE(names.insert(c.name()).second) << what;
        ASSERT_FALSE(c.is_five_step()) << what;
        EXPECT_TRUE(keeps_form(nx, c, set.list[0])) << what;
        EXPECT_FALSE(c.x.columns) << what;
        EXPECT_TRUE(variant_factors(c.x, kernel_n)) << what;
        EXPECT_EQ(parse_candidate(c.name()), c) << what;
        // A plan would take it from wisdom: right form, length and limits.
        EXPECT_EQ(valid_preference(offering("real-rows", nx, c.x), "real-rows", nx, p, limits), c.x) << what;
        for (const Candidate& step : occupancy_climb(kernel_n, p, limits, c, 8))
          EXPECT_EQ(step.x.real, c.x.real) << step.name();
      }
    }
}

TEST(TuneRealRows, ExhaustiveCandidatesToo) {
  for (int nx : {96, 210, 243}) {
    const CandidateSet measure = real_candidates(nx, Precision::f32, TuneMode::measure);
    const CandidateSet all = real_candidates(nx, Precision::f32, TuneMode::exhaustive);
    EXPECT_GT(all.list.size(), measure.list.size()) << nx;
    int other_form = 0;
    for (const Candidate& c : all.list) {
      EXPECT_TRUE(keeps_form(nx, c, all.list[0])) << c.name();
      other_form += c.x.real != form_of(nx);
      EXPECT_TRUE(variant_factors(c.x, form_of(nx) == RealRows::half ? nx / 2 : nx)) << c.name();
    }
    EXPECT_EQ(other_form, nx % 2) << nx;  // odd rows: the estimate's shape, one row a transform
  }
}

// The oracle the GPU timer checks real rows with: FFTW's r2c and c2r of the
// padded rows, against a textbook DFT.
TEST(TuneRealRows, RealRowsOracle) {
  for (int nx : {12, 15}) {
    const int half = nx / 2 + 1, rows = 3;
    const PassShape shape = real_rows_shape(nx, rows);
    EXPECT_EQ(shape.n, half);
    EXPECT_EQ(shape.element(2, 1), 2 * half + 1);
    const auto padded = fft3d_test::random_complex(static_cast<size_t>(rows * half), 4);
    const std::vector<std::complex<double>> in(padded.begin(), padded.end());
    const std::vector<double> reals = unpack_real_rows(in, nx);
    ASSERT_EQ(reals.size(), static_cast<size_t>(rows * nx));
    EXPECT_EQ(reals[nx + 1], in[half].imag());  // row 1, real 1
    std::vector<std::complex<double>> dft(in.size());
    std::vector<double> idft(reals.size());
    for (int r = 0; r < rows; ++r) {
      for (int k = 0; k < half; ++k)
        for (int j = 0; j < nx; ++j) dft[r * half + k] += reals[r * nx + j] * std::polar(1.0, -2 * M_PI * j * k / nx);
      for (int j = 0; j < nx; ++j)  // the Hermitian extension, imaginary parts of X[0] and X[nx/2] ignored
        for (int k = 0; k < nx; ++k) {
          const int m = k < half ? k : nx - k;
          std::complex<double> X = in[r * half + m];
          if (m == 0 || 2 * m == nx) X = X.real();
          if (k >= half) X = std::conj(X);
          idft[r * nx + j] += (X * std::polar(1.0, 2 * M_PI * j * k / nx)).real();
        }
    }
    EXPECT_LT(real_rows_forward_error(reals, dft, nx), 1e-14) << nx;
    EXPECT_LT(real_rows_inverse_error(in, idft, nx), 1e-14) << nx;
    std::vector<std::complex<double>> off = dft;
    off[4] += 0.01;
    EXPECT_GT(real_rows_forward_error(reals, off, nx), pass_error_bound(Precision::f32, nx));
    std::vector<double> flipped = idft;
    std::reverse(flipped.begin(), flipped.end());
    EXPECT_GT(real_rows_inverse_error(in, flipped, nx), 0.1);
  }
}

// The search times every real-rows candidate in each direction, keeps the
// fastest that verifies, and writes it under ("real-rows", nx) and
// ("real-rows-inverse", nx) only.
TEST(TuneRealRows, SearchKeepsTheFastestVerifiedInWisdom) {
  const Problem problem = make_3d_problem(96, 6, 4, FFT3D_R2C_F32);
  const Precision p = Precision::f32;
  const std::vector<Candidate> list = real_candidates(96, p, TuneMode::measure).list;
  ASSERT_GE(list.size(), 4u);
  const Candidate fastest = list[2], second = list[3];
  for (bool fastest_fails : {false, true}) {
    Wisdom wisdom;
    const Tuned t = tune(problem, wisdom, [&](char axis, fft3d_test::CheckedTimer& timer) {
      if (axis != 'x') return;
      timer.ms = [&](const Candidate& c) { return c == fastest ? 0.5 : c == second ? 0.7 : hashed_ms(c, 'x'); };
      if (fastest_fails) timer.fail_verify = {fastest.name()};
    });
    // the complex side's 49 YZ planes of 6 x 4 are plane columns at their ESTIMATE
    ASSERT_EQ(t.result.passes.size(), 2u);
    const Candidate& want = fastest_fails ? second : fastest;
    for (int d = 0; d < 2; ++d) {
      const PassTuning& x = t.result.passes[d];
      EXPECT_EQ(x.kind, d == 0 ? "real-rows" : "real-rows-inverse");
      EXPECT_EQ(x.pass.real_sign, d == 0 ? -1 : +1);
      EXPECT_EQ(x.pass.n, 96);
      EXPECT_EQ(x.pass.count, 6 * 4);
      EXPECT_EQ(x.candidates.list, list);
      EXPECT_GE(x.result.ranked.size(), list.size());  // every candidate, and the climbed hints
      for (const Measured& m : x.result.ranked) EXPECT_EQ(m.candidate.x.real, RealRows::half) << m.candidate.name();
      ASSERT_TRUE(x.chosen);
      EXPECT_EQ(x.chosen->candidate, want);
      EXPECT_TRUE(x.chosen->verified);
      EXPECT_EQ(entry(wisdom, x.kind, 96, p, 0), want.name());
      if (fastest_fails) {  // never kept
        const auto& rejected = x.result.rejected;
        EXPECT_NE(std::find(rejected.begin(), rejected.end(), fastest.name() + ": failed verification"),
                  rejected.end());
      }
    }
    EXPECT_FALSE(entry(wisdom, "rows", 96, p, 0));
    EXPECT_FALSE(entry(wisdom, "rows", 48, p, 0));
    EXPECT_FALSE(entry(wisdom, "real-rows", 48, p, 0));
    const std::vector<std::string>& checked = t.verified.at('x');
    EXPECT_NE(std::find(checked.begin(), checked.end(), want.name()), checked.end());
    if (fastest_fails)
      for (const WisdomEntry& e : t.result.written) EXPECT_NE(e.variant, fastest.name());
    EXPECT_TRUE(wisdom_covers(wisdom, kTestGpu, problem, DeviceLimits{}));
    // One direction's entry alone, as wisdom written before they were tuned apart holds: tuned again.
    wisdom.erase(kTestGpu, PassKey{"real-rows-inverse", 96, p, 0});
    EXPECT_FALSE(wisdom_covers(wisdom, kTestGpu, problem, DeviceLimits{}));
  }
}

// Runs the real grid of x and columns on the CPU, as the GPU real plan
// would: the forward against FFTW's r2c of random reals, then the inverse
// of FFTW's spectrum against FFTW's c2r, in place.
template <typename Real>
void expect_real_grid_matches_fftw(const RealRowsPass& x, const std::vector<GridPass>& columns, int nx, int ny,
                                   int nz, unsigned seed) {
  const bool single = sizeof(Real) == 4;
  const std::string grid = std::to_string(nx) + "x" + std::to_string(ny) + "x" + std::to_string(nz);
  const size_t rows = static_cast<size_t>(ny) * nz, pitch = 2 * static_cast<size_t>(nx / 2 + 1);
  std::vector<double> reals = fft3d_test::random_reals(rows * nx, seed);
  for (double& v : reals) v = static_cast<Real>(v);
  std::vector<Real> data = fft3d_test::to_pitched<Real>(reals, nx, pitch, Real(0));
  run_real_grid_on_cpu<Real>(x, columns, data.data(), data.data(), -1, static_cast<long long>(pitch));
  const std::vector<fft3d_test::cplx> want = fft3d_test::fftw_r2c_3d(reals, nx, ny, nz);
  std::vector<fft3d_test::cplx> got(want.size());
  for (size_t i = 0; i < got.size(); ++i) got[i] = {data[2 * i], data[2 * i + 1]};
  const double bound = 2 * fft3d_test::fft_error_bound(single, double(nx) * ny * nz);
  EXPECT_LE(fft3d_test::relative_l2_error(got, want), bound) << "forward " << grid;

  for (size_t i = 0; i < want.size(); ++i) {
    data[2 * i] = static_cast<Real>(want[i].real());
    data[2 * i + 1] = static_cast<Real>(want[i].imag());
  }
  run_real_grid_on_cpu<Real>(x, columns, data.data(), data.data(), +1, static_cast<long long>(pitch));
  const std::vector<double> back = fft3d_test::from_pitched<double>(data, nx, pitch, rows);
  const std::vector<double> want_back = fft3d_test::fftw_c2r_3d(want, nx, ny, nz);
  const std::vector<fft3d_test::cplx> got_c(back.begin(), back.end()), want_c(want_back.begin(), want_back.end());
  EXPECT_LE(fft3d_test::relative_l2_error(got_c, want_c), 2 * bound) << "inverse " << grid;
}

// A real schedule made with the tuned wisdom takes the tuned real rows and
// columns, and transforms like FFTW (forward and inverse, in place).
template <typename Real>
void check_tuned_real_grid(int nx, int ny, int nz) {
  const bool single = sizeof(Real) == 4;
  const Precision p = single ? Precision::f32 : Precision::f64;
  const Problem problem = make_3d_problem(nx, ny, nz, single ? FFT3D_R2C_F32 : FFT3D_R2C_F64);
  Wisdom wisdom;
  EXPECT_FALSE(wisdom_covers(wisdom, kTestGpu, problem, DeviceLimits{}));
  const Tuned t = tune(problem, wisdom, {});
  ASSERT_TRUE(t.result.passes[0].chosen);
  EXPECT_TRUE(wisdom_covers(wisdom, kTestGpu, problem, DeviceLimits{}));
  const VariantPreference pref = wisdom_variants(wisdom, kTestGpu, p);
  const RealRowsPass x = make_real_rows_pass(nx, static_cast<long long>(ny) * nz, p, DeviceLimits{}, pref);
  EXPECT_EQ(x.variant.name(), *entry(wisdom, "real-rows", nx, p, 0));
  EXPECT_EQ(x.variant, t.result.passes[0].chosen->candidate.x);
  const std::vector<GridPass> columns =
      make_column_schedule(nx / 2 + 1, ny, nz, p, DeviceLimits{}, ColumnMethod::automatic, pref);
  expect_real_grid_matches_fftw<Real>(x, columns, nx, ny, nz, 21);
}

TEST(TuneRealRows, TunedWisdomDrivesTheRealScheduleEvenF32) { check_tuned_real_grid<float>(40, 6, 5); }
TEST(TuneRealRows, TunedWisdomDrivesTheRealScheduleOddF64) { check_tuned_real_grid<double>(45, 4, 3); }

TEST(TuneRealRows, BatchedRealRows) {
  Wisdom wisdom;
  const Problem problem = make_batched_problem(100, 7, FFT3D_R2C_F64);
  const Tuned t = tune(problem, wisdom, {});
  ASSERT_EQ(t.result.passes.size(), 2u);
  EXPECT_EQ(t.result.passes[0].kind, "real-rows");
  EXPECT_EQ(t.result.passes[1].kind, "real-rows-inverse");
  EXPECT_EQ(t.result.passes[0].pass.count, 7);
  EXPECT_TRUE(entry(wisdom, "real-rows", 100, Precision::f64, 0));
  EXPECT_TRUE(entry(wisdom, "real-rows-inverse", 100, Precision::f64, 0));
  EXPECT_TRUE(wisdom_covers(wisdom, kTestGpu, problem, DeviceLimits{}));
  // nx = 1 has no kernel: nothing to tune.
  EXPECT_TRUE(passes_to_tune(make_batched_problem(1, 5, FFT3D_R2C_F32), DeviceLimits{}).empty());
}

// What a real plan takes from wisdom: the real-rows entry of its GPU,
// precision and nx when it parses, has the form the length needs, factors
// the kernel's length and fits; otherwise the ESTIMATE choice.
TEST(TuneRealRows, PlansTakeOnlyValidRealRowsWisdom) {
  const Precision p = Precision::f32;
  const DeviceLimits limits;
  const XVariant tuned = real_candidates(96, p, TuneMode::measure).list.at(2).x;
  ASSERT_FALSE(tuned == make_real_rows_pass(96, 1, p, limits).variant);
  auto json_entry = [](const std::string& gpu, int n, const std::string& variant) {
    return R"({"device": {"name": ")" + gpu +
           R"(", "sm_count": 100, "compute_capability": "9.0", "driver": 13000, "runtime": 13000},
               "pass": {"kind": "real-rows", "n": )" +
           std::to_string(n) + R"(, "precision": "f32"}, "variant": ")" + variant + R"(", "ms": 0.1})";
  };
  Wisdom wisdom;
  wisdom.import_json(R"({"fft3d_wisdom": 1, "entries": [)" +                                   //
                     json_entry("Test GPU", 96, tuned.name()) + "," +                             // taken
                     json_entry("Test GPU", 64, "r8-4.t8.rows16.bogus") + "," +                   // malformed
                     json_entry("Test GPU", 100, "r25-4.t25.rows4.pad-none.tw-table.mb0.real-full") + "," +
                     json_entry("Test GPU", 128, "r16-16.t16.rows4.pad-none.tw-table.mb0.real-half") + "," +
                     json_entry("Test GPU", 210, "r7-5-3.t21.rows4.pad-none.tw-table.mb0") + "," +  // complex rows
                     json_entry("Other GPU", 256, "r16-8.t16.rows4.pad-none.tw-table.mb0.real-half") + "," +
                     json_entry("Test GPU", 45, "r9-5.t9.rows4.pad-none.tw-table.mb0.real-full") + "]}");
  ASSERT_EQ(wisdom.size(), 7u);
  const VariantPreference pref = wisdom_variants(wisdom, kTestGpu, p);
  EXPECT_EQ(make_real_rows_pass(96, 10, p, limits, pref).variant, tuned);
  // Odd rows one to a transform, where the ESTIMATE pairs them: taken.
  EXPECT_EQ(make_real_rows_pass(45, 10, p, limits).variant.real, RealRows::pair);
  EXPECT_EQ(make_real_rows_pass(45, 10, p, limits, pref).variant.name(),
            "r9-5.t9.rows4.pad-none.tw-table.mb0.real-full");
  // 64: does not parse; 100: odd form for an even length; 128: 256 points for
  // a 64-point kernel; 210: no real form; 256: another GPU's.
  for (int nx : {64, 100, 128, 210, 256})
    EXPECT_EQ(make_real_rows_pass(nx, 10, p, limits, pref).variant, make_real_rows_pass(nx, 10, p, limits).variant)
        << nx;
  EXPECT_FALSE(valid_preference(pref, "real-rows", 100, p, limits));
  // The same names under f64 are not looked up.
  EXPECT_EQ(make_real_rows_pass(96, 10, Precision::f64, limits, wisdom_variants(wisdom, kTestGpu, Precision::f64))
                .variant,
            make_real_rows_pass(96, 10, Precision::f64, limits).variant);
}

// f32 real rows of 16384: the ESTIMATE's pass carries the C2R inverse's own
// form, and says so; a tuned (wisdom) variant serves both directions.
TEST(TuneRealRows, InverseFormOfRealRowsOf16384) {
  const DeviceLimits limits;
  const RealRowsPass x = make_real_rows_pass(16384, 64, Precision::f32, limits);
  ASSERT_TRUE(x.inverse_variant);
  EXPECT_EQ(x.variant.name(), "r32-8-32.t256.rows1.pad-gap.tw-sincos.mb0.real-half");
  EXPECT_EQ(x.variant_for(-1), x.variant);
  EXPECT_EQ(x.variant_for(+1), *x.inverse_variant);
  EXPECT_NE(describe_real_rows_pass(x, Precision::f32)
                .find("the C2R inverse's variant r16-16-32.t256.rows1.pad-gap.tw-sincos.mb3.real-half"),
            std::string::npos);
  EXPECT_FALSE(make_real_rows_pass(16384, 64, Precision::f64, limits).inverse_variant);
  EXPECT_FALSE(make_real_rows_pass(8192, 64, Precision::f32, limits).inverse_variant);
  const RealRowsPass tuned =
      make_real_rows_pass(16384, 64, Precision::f32, limits, offering("real-rows", 16384, *x.inverse_variant));
  EXPECT_EQ(tuned.variant, *x.inverse_variant);
  EXPECT_FALSE(tuned.inverse_variant);
  EXPECT_EQ(tuned.variant_for(+1), tuned.variant);
  // The inverse's own entry alone: the forward keeps the ESTIMATE's form.
  const RealRowsPass inverse_tuned =
      make_real_rows_pass(16384, 64, Precision::f32, limits, offering("real-rows-inverse", 16384, x.variant));
  EXPECT_EQ(inverse_tuned.variant, x.variant);
  EXPECT_FALSE(inverse_tuned.inverse_variant);  // the same form as the forward's: one kernel
}

// A preference offering each direction its own form, as wisdom does after
// the tuner timed them apart.
VariantPreference offering_each(int nx, const XVariant& forward, const XVariant& inverse) {
  return [=](const std::string& k, int m, long long) -> std::optional<PreferredVariant> {
    if (m != nx) return std::nullopt;
    if (k == "real-rows") return PreferredVariant(forward);
    if (k == "real-rows-inverse") return PreferredVariant(inverse);
    return std::nullopt;
  };
}

// Timed apart, the forward and the inverse may win in different forms: each
// is written under its own kind, a real schedule runs each direction in its
// own, and the grid transforms like FFTW both ways.
template <typename Real>
void check_directions_tuned_apart(int nx, int ny, int nz) {
  const bool single = sizeof(Real) == 4;
  const Precision p = single ? Precision::f32 : Precision::f64;
  const Problem problem = make_3d_problem(nx, ny, nz, single ? FFT3D_R2C_F32 : FFT3D_R2C_F64);
  const std::vector<Candidate> list = real_candidates(nx, p, TuneMode::measure).list;
  ASSERT_GE(list.size(), 3u);
  const Candidate forward = list[1], inverse = list[2];
  Wisdom wisdom;
  std::vector<std::string> verified;
  const PassTimerFactory factory = [&](const GridPass& pass) -> std::unique_ptr<PassTimer> {
    const long long grid = static_cast<long long>(nx / 2 + 1) * ny * nz;
    auto timer = std::make_unique<fft3d_test::CheckedTimer>(pass, grid, p, &verified);
    const Candidate* fastest = pass.real_sign < 0 ? &forward : pass.real_sign > 0 ? &inverse : nullptr;
    timer->ms = [fastest, axis = pass.axis](const Candidate& c) {
      return fastest && c == *fastest ? 0.5 : hashed_ms(c, axis);
    };
    return timer;
  };
  TuneSettings settings;
  settings.compile_threads = 2;
  const TuneResult r = tune_schedule(problem, TuneMode::measure, settings, kTestGpu, DeviceLimits{}, factory, wisdom);
  ASSERT_GE(r.passes.size(), 2u);
  EXPECT_EQ(entry(wisdom, "real-rows", nx, p, 0), forward.name());
  EXPECT_EQ(entry(wisdom, "real-rows-inverse", nx, p, 0), inverse.name());
  EXPECT_TRUE(wisdom_covers(wisdom, kTestGpu, problem, DeviceLimits{}));

  const VariantPreference pref = wisdom_variants(wisdom, kTestGpu, p);
  const RealRowsPass x = make_real_rows_pass(nx, static_cast<long long>(ny) * nz, p, DeviceLimits{}, pref);
  EXPECT_EQ(x.variant_for(-1), forward.x);
  EXPECT_EQ(x.variant_for(+1), inverse.x);
  EXPECT_NE(describe_real_rows_pass(x, p).find("the C2R inverse's variant " + inverse.name()), std::string::npos);
  const std::vector<GridPass> columns =
      make_column_schedule(nx / 2 + 1, ny, nz, p, DeviceLimits{}, ColumnMethod::automatic, pref, true);
  expect_real_grid_matches_fftw<Real>(x, columns, nx, ny, nz, 33);  // each direction in its own form

  // Wisdom written before the directions were tuned apart (the forward's
  // entry alone) serves both directions.
  wisdom.erase(kTestGpu, PassKey{"real-rows-inverse", nx, p, 0});
  const RealRowsPass old = make_real_rows_pass(nx, 1, p, DeviceLimits{}, wisdom_variants(wisdom, kTestGpu, p));
  EXPECT_EQ(old.variant_for(+1), forward.x);
  EXPECT_FALSE(old.inverse_variant);
}

TEST(TuneRealRows, DirectionsTunedApartF32) { check_directions_tuned_apart<float>(96, 6, 5); }
TEST(TuneRealRows, DirectionsTunedApartOddF64) { check_directions_tuned_apart<double>(45, 4, 3); }

// The preference's two kinds reach make_real_rows_pass as they are offered.
TEST(TuneRealRows, EachDirectionsPreference) {
  const DeviceLimits limits;
  const std::vector<Candidate> list = real_candidates(96, Precision::f32, TuneMode::measure).list;
  ASSERT_GE(list.size(), 3u);
  const RealRowsPass x = make_real_rows_pass(96, 4, Precision::f32, limits, offering_each(96, list[1].x, list[2].x));
  EXPECT_EQ(x.variant, list[1].x);
  ASSERT_TRUE(x.inverse_variant);
  EXPECT_EQ(*x.inverse_variant, list[2].x);
  // An inverse entry that is not valid for the rows (a complex variant) is ignored.
  XVariant complex_rows = list[2].x;
  complex_rows.real = RealRows::none;
  EXPECT_FALSE(make_real_rows_pass(96, 4, Precision::f32, limits, offering_each(96, list[1].x, complex_rows))
                   .inverse_variant);
}

}  // namespace
}  // namespace fft3d
