// The GPU tuner (label gpu): MEASURE tuning of small 3-D grids within the
// 10 s target, verified winners in wisdom, plans that then use them and
// match FFTW, and tune_if_needed leaving covered problems alone; plans that
// take a five-step verdict from a wisdom file; MEASURE R2C plans whose real
// X rows are tuned too and whose fused XY passes are timed, and R2C plans
// that take those verdicts from wisdom. Skips without a device.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "fft3d.h"
#include "fft3d/problem.h"
#include "gpu_test_util.h"
#include "gpu_plan_check.h"
#include "oracle.h"
#include "real_oracle.h"
#include "tune/device_signature.h"
#include "tune/tune_grid.h"
#include "tune/wisdom.h"
#include "xy/xy_variant.h"

namespace fft3d {
namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

template <typename Real>
void expect_forward_matches_fftw(fft3d_plan plan, int nx, int ny, int nz) {
  fft3d_test::expect_plan_matches_fftw<Real>(plan, nx, ny, nz, -1);
}

// A plan made now (ESTIMATE: wisdom, no tuning) against FFTW. The tuner
// times the separate X, Y and Z passes (not yet the fused XY pass), so the
// plan is made with separate passes.
template <typename Real>
void check_plan_uses_wisdom(const Problem& p, const TuneResult& tuned) {
  fft3d_plan plan = nullptr;
  setenv("FFT3D_XY_PASS", "separate", 1);
  const fft3d_status made = fft3d_plan_create_3d(&plan, p.nx, p.ny, p.nz, p.type, FFT3D_BACKEND_GPU);
  unsetenv("FFT3D_XY_PASS");
  ASSERT_EQ(made, FFT3D_SUCCESS) << fft3d_last_error_message();
  char text[8192];
  ASSERT_EQ(fft3d_plan_describe(plan, text, sizeof text, nullptr), FFT3D_SUCCESS);
  for (const PassTuning& pass : tuned.passes)  // five-step verdicts included
    if (pass.chosen)
      EXPECT_NE(std::string(text).find(pass.chosen->candidate.name() + ","), std::string::npos)
          << pass.chosen->candidate.name() << " not in\n" << text;
  expect_forward_matches_fftw<Real>(plan, p.nx, p.ny, p.nz);
  fft3d_plan_destroy(plan);
}

TEST(GpuTune, MeasureOneGridWithinTargetAndUseIt) {
  FFT3D_REQUIRE_GPU();
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
  const Problem problem = make_3d_problem(64, 48, 40, FFT3D_C2C_F32);
  std::vector<double> fractions;
  // Its time against the 10 s target is a benchmark: scripts/tune-time.sh.
  const TuneResult r =
      tune_grid(problem, TuneMode::measure, -1, [&](double f, const std::string&) { fractions.push_back(f); });
  ASSERT_EQ(r.passes.size(), 3u);
  for (const PassTuning& pass : r.passes) {
    ASSERT_TRUE(pass.chosen) << pass.pass.axis;
    EXPECT_TRUE(pass.chosen->verified);
    EXPECT_GT(pass.chosen->ms, 0);
    for (const Measured& m : pass.result.ranked)  // lengths differ: each pass keeps its own fastest
      if (m.candidate == pass.estimate) EXPECT_LE(pass.chosen->ms, m.ms);
    // f32: the winner was timed in its other thread-index form too (SearchJob::twin).
    if (!pass.result.ranked.front().candidate.is_five_step())
      EXPECT_TRUE(std::any_of(pass.result.ranked.begin(), pass.result.ranked.end(), [](const Measured& m) {
        return m.candidate.x.thread_index != ThreadIndex::by_rule;
      })) << pass.pass.axis;
  }
  EXPECT_GE(r.written.size(), 3u);
  ASSERT_FALSE(fractions.empty());
  for (size_t i = 1; i < fractions.size(); ++i) EXPECT_GE(fractions[i], fractions[i - 1]);
  EXPECT_EQ(fractions.back(), 1.0);
  const DeviceInfo device = current_device_info();
  EXPECT_TRUE(wisdom_covers(process_wisdom(), device_signature(device), problem, device.limits()));
  check_plan_uses_wisdom<float>(problem, r);
}

TEST(GpuTune, CubeInDoubleAndTuneIfNeeded) {
  FFT3D_REQUIRE_GPU();
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
  const Problem problem = make_3d_problem(32, 32, 32, FFT3D_C2C_F64);
  const DeviceInfo device = current_device_info();
  EXPECT_FALSE(wisdom_covers(process_wisdom(), device_signature(device), problem, device.limits()));
  ASSERT_EQ(fft3d_set_tuning_budget(8.0), FFT3D_SUCCESS);
  auto start = std::chrono::steady_clock::now();
  tune_if_needed(problem, TuneMode::measure);
  EXPECT_LT(seconds_since(start), 10.0);  // the budget holds (slack: a compile under way finishes)
  EXPECT_TRUE(wisdom_covers(process_wisdom(), device_signature(device), problem, device.limits()));
  start = std::chrono::steady_clock::now();
  tune_if_needed(problem, TuneMode::measure);  // covered: nothing to do
  EXPECT_LT(seconds_since(start), 0.5);
  ASSERT_EQ(fft3d_set_tuning_budget(-1), FFT3D_SUCCESS);
  const TuneResult shown = tune_grid(problem, TuneMode::measure, 0, {});  // budget 0: the ESTIMATE variants only
  for (const PassTuning& pass : shown.passes) EXPECT_TRUE(pass.chosen) << pass.pass.axis;
  check_plan_uses_wisdom<double>(problem, shown);
}

// MEASURE times the fused XY pass against separate passes and keeps the
// faster; the plan says which, and transforms correctly either way.
TEST(GpuTune, MeasureChoosesTheXYFormByTiming) {
  FFT3D_REQUIRE_GPU();
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_3d(&plan, 128, 128, 64, FFT3D_C2C_F32, FFT3D_BACKEND_GPU | FFT3D_MEASURE),
            FFT3D_SUCCESS)
      << fft3d_last_error_message();
  char text[8192];
  ASSERT_EQ(fft3d_plan_describe(plan, text, sizeof text, nullptr), FFT3D_SUCCESS);
  EXPECT_NE(std::string(text).find("XY form chosen by timing"), std::string::npos) << text;
  // The fastest fused variant in its other thread-index form too (f32: the plain one).
  EXPECT_NE(std::string(text).find(".idx-plain|"), std::string::npos) << text;
  expect_forward_matches_fftw<float>(plan, 128, 128, 64);
  fft3d_plan_destroy(plan);
  // The verdict is in wisdom now: later plans, ESTIMATE ones too, take that
  // form without timing it again.
  for (unsigned flags : {FFT3D_MEASURE, FFT3D_ESTIMATE}) {
    fft3d_plan again = nullptr;
    ASSERT_EQ(fft3d_plan_create_3d(&again, 128, 128, 64, FFT3D_C2C_F32, FFT3D_BACKEND_GPU | flags), FFT3D_SUCCESS)
        << fft3d_last_error_message();
    ASSERT_EQ(fft3d_plan_describe(again, text, sizeof text, nullptr), FFT3D_SUCCESS);
    EXPECT_NE(std::string(text).find("XY form from wisdom"), std::string::npos) << text;
    expect_forward_matches_fftw<float>(again, 128, 128, 64);
    fft3d_plan_destroy(again);
  }
}

// Forgets wisdom, then imports an xy-plane verdict for the f32 grid nx x ny
// x nz on this device.
void import_xy_verdict(int nx, int ny, int nz, const char* verdict) {
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
  Wisdom file;
  const PassKey key{"xy-plane", nx, Precision::f32, 0, ny, nz};
  file.remember(WisdomEntry{device_signature(current_device_info()), key, verdict, 0.1});
  const std::string path = testing::TempDir() + "fft3d-xy-verdict.json";
  file.export_file(path);
  ASSERT_EQ(fft3d_wisdom_import(path.c_str()), FFT3D_SUCCESS) << fft3d_last_error_message();
  std::remove(path.c_str());
}

// The describe text of an f32 plan of nx x ny x nz made with `flags`; its
// forward and inverse are checked against FFTW where `check`.
std::string f32_plan_text(int nx, int ny, int nz, unsigned flags, bool check) {
  fft3d_plan plan = nullptr;
  EXPECT_EQ(fft3d_plan_create_3d(&plan, nx, ny, nz, FFT3D_C2C_F32, FFT3D_BACKEND_GPU | flags), FFT3D_SUCCESS)
      << fft3d_last_error_message();
  if (!plan) return {};
  char text[8192];
  EXPECT_EQ(fft3d_plan_describe(plan, text, sizeof text, nullptr), FFT3D_SUCCESS);
  if (check) {
    fft3d_test::expect_plan_matches_fftw<float>(plan, nx, ny, nz, -1);
    fft3d_test::expect_plan_matches_fftw<float>(plan, nx, ny, nz, +1);
  }
  fft3d_plan_destroy(plan);
  return text;
}

// MEASURE times the split-Y schedule where ny has a split (60 = 5 * 12), and
// a `split-y` verdict in wisdom gives plans that schedule, which match FFTW
// forward and inverse.
TEST(GpuTune, SplitYIsAnXYFormOfMeasureAndWisdom) {
  FFT3D_REQUIRE_GPU();
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
  const std::string measured = f32_plan_text(96, 60, 40, FFT3D_MEASURE, true);
  EXPECT_NE(measured.find(", split Y "), std::string::npos) << measured;
  import_xy_verdict(96, 60, 40, kSplitXY);
  const std::string text = f32_plan_text(96, 60, 40, FFT3D_ESTIMATE, true);
  EXPECT_NE(text.find("XY form from wisdom: split Y"), std::string::npos) << text;
  EXPECT_NE(text.find("split Y = 5 x 12"), std::string::npos) << text;
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
}

// MEASURE times the fused XZ schedule where no fused XY pass fits (1024 x
// 512 f32 planes, 4 MB), and a `fused-xz` verdict in wisdom gives plans
// that schedule where the ESTIMATE would not take it (a grid in L2), which
// match FFTW forward and inverse.
TEST(GpuTune, FusedXZIsAnXYFormOfMeasureAndWisdom) {
  FFT3D_REQUIRE_GPU();
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
  const std::string measured = f32_plan_text(1024, 512, 16, FFT3D_MEASURE, false);
  EXPECT_NE(measured.find(", fused XZ "), std::string::npos) << measured;
  import_xy_verdict(1024, 96, 16, kFusedXZ);
  const std::string text = f32_plan_text(1024, 96, 16, FFT3D_ESTIMATE, true);
  EXPECT_NE(text.find("XY form from wisdom: fused XZ"), std::string::npos) << text;
  EXPECT_NE(text.find("pass xz"), std::string::npos) << text;
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
}

// The describe lines of passes that took a five-step verdict from wisdom.
std::vector<std::string> five_step_verdict_lines(const std::string& text, const std::string& variant) {
  std::vector<std::string> out;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (line.find("five-step A") != std::string::npos && line.find(variant + ",") != std::string::npos &&
        line.find("; five-step from wisdom (tuned)") != std::string::npos)
      out.push_back(line);
  return out;
}

// A five-step verdict from an imported wisdom file: ESTIMATE plans take it
// for their 256-point columns (both with separate XY passes, the Z columns
// after a fused XY pass), say so, and match FFTW forward and inverse.
TEST(GpuTune, PlansTakeAFiveStepVerdictFromWisdom) {
  FFT3D_REQUIRE_GPU();
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
  const DeviceInfo device = current_device_info();
  const std::string verdict = "fivestep16x16.cols16.tw-table";  // not the ESTIMATE's split (cols32, sincos)
  Wisdom file;
  file.remember(WisdomEntry{device_signature(device), PassKey{"five-step", 256, Precision::f32, 0}, verdict, 0.1});
  const std::string path = testing::TempDir() + "fft3d-five-step-verdict.json";
  file.export_file(path);
  ASSERT_EQ(fft3d_wisdom_import(path.c_str()), FFT3D_SUCCESS) << fft3d_last_error_message();
  std::remove(path.c_str());
  for (const char* xy : {"separate", "automatic"}) {
    fft3d_plan plan = nullptr;
    setenv("FFT3D_XY_PASS", xy, 1);
    const fft3d_status made = fft3d_plan_create_3d(&plan, 64, 256, 256, FFT3D_C2C_F32, FFT3D_BACKEND_GPU);
    unsetenv("FFT3D_XY_PASS");
    ASSERT_EQ(made, FFT3D_SUCCESS) << xy << ": " << fft3d_last_error_message();
    char text[8192];
    ASSERT_EQ(fft3d_plan_describe(plan, text, sizeof text, nullptr), FFT3D_SUCCESS);
    const std::vector<std::string> lines = five_step_verdict_lines(text, verdict);
    const bool fused = std::string(text).find("pass xy:") != std::string::npos;
    EXPECT_EQ(lines.size(), fused ? 1u : 2u) << xy << "\n" << text;
    if (!lines.empty()) EXPECT_NE(lines.back().find("pass z: n=256"), std::string::npos) << lines.back();
    if (std::string(xy) == "separate") EXPECT_FALSE(fused) << text;
    fft3d_test::expect_plan_matches_fftw<float>(plan, 64, 256, 256, -1);
    fft3d_test::expect_plan_matches_fftw<float>(plan, 64, 256, 256, +1);
    fft3d_plan_destroy(plan);
  }
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
}

// An in-place R2C plan's forward against FFTW's r2c, and its unnormalised
// inverse of FFTW's spectrum against FFTW's c2r.
template <typename Real>
void expect_in_place_real_matches_fftw(fft3d_plan plan, int nx, int ny, int nz, const std::string& name) {
  const bool single = sizeof(Real) == 4;
  const size_t count = static_cast<size_t>(ny) * nz, half = static_cast<size_t>(nx) / 2 + 1, pitch = 2 * half;
  std::vector<double> reals = fft3d_test::random_reals(count * nx, 31);
  for (double& v : reals) v = static_cast<Real>(v);
  void* dev = nullptr;
  CUDA_OK(cudaMalloc(&dev, count * pitch * sizeof(Real)));
  const std::vector<Real> padded = fft3d_test::to_pitched<Real>(reals, nx, pitch, Real(0));
  CUDA_OK(cudaMemcpy(dev, padded.data(), padded.size() * sizeof(Real), cudaMemcpyHostToDevice));
  EXPECT_EQ(fft3d_forward(plan, dev), FFT3D_SUCCESS) << fft3d_last_error_message();
  std::vector<Real> host(count * pitch);
  CUDA_OK(cudaMemcpy(host.data(), dev, host.size() * sizeof(Real), cudaMemcpyDeviceToHost));
  const std::vector<fft3d_test::cplx> want = fft3d_test::fftw_r2c_3d(reals, nx, ny, nz);
  std::vector<fft3d_test::cplx> got(want.size());
  for (size_t i = 0; i < got.size(); ++i) got[i] = {host[2 * i], host[2 * i + 1]};
  const double bound = 2 * fft3d_test::fft_error_bound(single, double(nx) * ny * nz);
  EXPECT_LE(fft3d_test::relative_l2_error(got, want), bound) << "forward " << name;

  // The inverse (unnormalised) of FFTW's spectrum, rounded to Real.
  std::vector<fft3d_test::cplx> spectrum(want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    host[2 * i] = static_cast<Real>(want[i].real());
    host[2 * i + 1] = static_cast<Real>(want[i].imag());
    spectrum[i] = {host[2 * i], host[2 * i + 1]};
  }
  CUDA_OK(cudaMemcpy(dev, host.data(), host.size() * sizeof(Real), cudaMemcpyHostToDevice));
  EXPECT_EQ(fft3d_inverse(plan, dev), FFT3D_SUCCESS) << fft3d_last_error_message();
  CUDA_OK(cudaMemcpy(host.data(), dev, host.size() * sizeof(Real), cudaMemcpyDeviceToHost));
  const std::vector<double> back = fft3d_test::from_pitched<double>(host, nx, pitch, count);
  const std::vector<double> want_back = fft3d_test::fftw_c2r_3d(spectrum, nx, ny, nz);
  const std::vector<fft3d_test::cplx> got_c(back.begin(), back.end()), want_c(want_back.begin(), want_back.end());
  EXPECT_LE(fft3d_test::relative_l2_error(got_c, want_c), 2 * bound) << "inverse " << name;
  cudaFree(dev);
}

using fft3d_test::describe;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A MEASURE R2C plan tunes its real X rows (each direction apart) and columns into wisdom, takes
// them, times each direction's fused XY pass against separate passes (the
// verdicts to wisdom), and matches FFTW's r2c forward and c2r inverse, in
// place.
template <typename Real>
void check_measure_real_plan(int nx, int ny, int nz) {
  const bool single = sizeof(Real) == 4;
  const Precision precision = single ? Precision::f32 : Precision::f64;
  const std::string name = std::to_string(nx) + "x" + std::to_string(ny) + "x" + std::to_string(nz) +
                           (single ? " f32" : " f64");
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
  fft3d_plan plan = nullptr;
  ASSERT_EQ(fft3d_plan_create_3d(&plan, nx, ny, nz, single ? FFT3D_R2C_F32 : FFT3D_R2C_F64,
                                 FFT3D_BACKEND_GPU | FFT3D_MEASURE),
            FFT3D_SUCCESS)
      << name << ": " << fft3d_last_error_message();
  const DeviceInfo device = current_device_info();
  const std::optional<std::string> rows =
      process_wisdom().lookup(device_signature(device), PassKey{"real-rows", nx, precision, 0});
  ASSERT_TRUE(rows) << name << ": no real-rows wisdom";
  EXPECT_TRUE(contains(*rows, nx % 2 == 0 ? ".real-half" : ".real-pair") ||
              (nx % 2 == 1 && contains(*rows, ".real-full")))
      << *rows;
  // The C2R inverse tuned apart: its own entry, run where it differs.
  const std::optional<std::string> inverse_rows =
      process_wisdom().lookup(device_signature(device), PassKey{"real-rows-inverse", nx, precision, 0});
  ASSERT_TRUE(inverse_rows) << name << ": no real-rows-inverse wisdom";
  EXPECT_TRUE(wisdom_covers(process_wisdom(), device_signature(device),
                            make_3d_problem(nx, ny, nz, single ? FFT3D_R2C_F32 : FFT3D_R2C_F64), device.limits()));
  const std::string text = describe(plan);
  EXPECT_TRUE(contains(text, "variant " + *rows + ",")) << text;
  EXPECT_EQ(contains(text, "the C2R inverse's variant " + *inverse_rows + ","), *inverse_rows != *rows) << text;
  EXPECT_TRUE(contains(text, "; variant from wisdom (tuned)")) << text;
  for (const char* direction : {"forward", "inverse"}) {
    const std::optional<std::string> verdict =
        process_wisdom().lookup(device_signature(device), PassKey{std::string("xy-real-") + direction, nx, precision,
                                                                  0, ny, nz});
    ASSERT_TRUE(verdict) << name << ": no " << direction << " XY verdict";
    EXPECT_TRUE(contains(text, std::string("XY form of the in-place ") + direction + " chosen by timing: separate"))
        << text;
    // The plan runs the form it kept.
    EXPECT_EQ(contains(text, std::string("in-place ") + direction + " in "), *verdict != "separate")
        << *verdict << "\n" << text;
  }
  expect_in_place_real_matches_fftw<Real>(plan, nx, ny, nz, name);
  fft3d_plan_destroy(plan);
}

TEST(GpuTune, MeasureRealPlansTuneTheRealRows) {
  FFT3D_REQUIRE_GPU();
  check_measure_real_plan<float>(96, 64, 32);
  check_measure_real_plan<double>(96, 64, 32);
  check_measure_real_plan<float>(256, 64, 16);
  check_measure_real_plan<double>(256, 64, 16);
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
}

// XY verdicts of real grids in wisdom steer later plans, ESTIMATE ones too,
// one direction at a time: fused forward with separate inverse passes, and
// the other way round; both match FFTW.
TEST(GpuTune, RealXYVerdictsFromWisdom) {
  FFT3D_REQUIRE_GPU();
  const int nx = 128, ny = 96, nz = 24;
  const DeviceInfo device = current_device_info();
  for (bool fused_inverse : {false, true}) {
    ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
    const std::optional<XYVariant> fused = estimate_real_xy_variant(nx, ny, nz, Precision::f32, device.limits(),
                                                                    false, fused_inverse);
    ASSERT_TRUE(fused);
    const auto remember = [&](bool inverse, const std::string& verdict) {
      process_wisdom().remember(WisdomEntry{device_signature(device),
                                            PassKey{inverse ? "xy-real-inverse" : "xy-real-forward", nx,
                                                    Precision::f32, 0, ny, nz},
                                            verdict, 0.1});
    };
    remember(fused_inverse, fused->name());
    remember(!fused_inverse, kSeparateXY);
    fft3d_plan plan = nullptr;
    ASSERT_EQ(fft3d_plan_create_3d(&plan, nx, ny, nz, FFT3D_R2C_F32, FFT3D_BACKEND_GPU), FFT3D_SUCCESS)
        << fft3d_last_error_message();
    const std::string text = describe(plan);
    const char* const fused_direction = fused_inverse ? "inverse" : "forward";
    const char* const separate_direction = fused_inverse ? "forward" : "inverse";
    EXPECT_TRUE(contains(text, std::string("in-place ") + fused_direction + " in 2 passes")) << text;
    EXPECT_FALSE(contains(text, std::string("in-place ") + separate_direction + " in ")) << text;
    EXPECT_TRUE(contains(text, fused->name())) << text;
    EXPECT_TRUE(contains(text, std::string("XY form of the in-place ") + fused_direction + " from wisdom: fused"))
        << text;
    EXPECT_TRUE(
        contains(text, std::string("XY form of the in-place ") + separate_direction + " from wisdom: separate passes"))
        << text;
    expect_in_place_real_matches_fftw<float>(plan, nx, ny, nz, fused_inverse ? "fused inverse" : "fused forward");
    fft3d_plan_destroy(plan);
  }
  ASSERT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
}

}  // namespace
}  // namespace fft3d
