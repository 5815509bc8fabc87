// fft3d-tune: tunes the passes of one 3-D problem on this GPU (MEASURE or
// EXHAUSTIVE), shows the search as it runs, the fastest variants of each
// pass and the schedule a plan now gets, and writes the winners as wisdom.
//
//   fft3d-tune 256 256 256 --precision f32 --mode measure --wisdom fft3d-wisdom.json
#include <chrono>
#include <CLI/CLI.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "common/error.h"
#include "fft3d.h"
#include "fft3d/problem.h"
#include "progress_bar.h"
#include "tune/tune_grid.h"

using namespace fft3d;

namespace {

constexpr int kTop = 10;

bool file_exists(const std::string& path) { return static_cast<bool>(std::ifstream(path)); }

std::string pass_title(const PassTuning& t) {
  char line[256];
  std::snprintf(line, sizeof line, "pass %c: %s n=%d x %lld, stride %lld", t.pass.axis, t.kind.c_str(), t.pass.n,
                t.pass.count, t.stride);
  return line;
}

void print_pass(const PassTuning& t, long long bytes) {
  const CandidateSet& c = t.candidates;
  std::printf("\n%s\n", pass_title(t).c_str());
  std::printf("  %zu candidates (%d enumerated; pruned: %d by registers, %d radix multisets mergeable;", c.list.size(),
              c.enumerated, c.pruned_registers, c.pruned_merge);
  std::printf(" not selected: %d orderings, %d variants); %zu timed, %zu rejected, %d skipped (budget)\n",
              c.orderings_skipped, c.not_selected, t.result.ranked.size(), t.result.rejected.size(),
              t.result.skipped);
  double estimate_ms = 0;
  for (const Measured& m : t.result.ranked)
    if (m.candidate == t.estimate) estimate_ms = m.ms;
  std::printf("  %4s  %9s  %8s  %8s  %s\n", "rank", "ms", "GB/s", "vs est.", "variant");
  for (size_t i = 0; i < t.result.ranked.size() && i < static_cast<size_t>(kTop); ++i) {
    const Measured& m = t.result.ranked[i];
    std::string notes;
    if (t.chosen && m.candidate == t.chosen->candidate) notes += "  <- chosen";
    if (m.candidate == t.estimate) notes += "  (estimate)";
    if (m.verified) notes += "  verified";
    // Five-step forms pass twice over memory; real rows are timed one direction at a time.
    const double passes = m.candidate.is_five_step() ? 2 : 1;
    std::printf("  %4zu  %9.4f  %8.0f  %7.1f%%  %s%s\n", i + 1, m.ms, passes * 2.0 * bytes / (m.ms * 1e6),
                estimate_ms > 0 ? 100.0 * (estimate_ms / m.ms - 1) : 0.0, m.candidate.name().c_str(), notes.c_str());
  }
  if (t.chosen && t.result.ranked.size() > static_cast<size_t>(kTop)) {
    bool shown = false;
    for (size_t i = 0; i < static_cast<size_t>(kTop); ++i) shown = shown || t.result.ranked[i].candidate == t.chosen->candidate;
    if (!shown) std::printf("  chosen: %.4f ms  %s (shared with another pass of this length)\n", t.chosen->ms,
                            t.chosen->candidate.name().c_str());
  }
  if (!t.chosen) std::printf("  no variant passed verification: plans keep the ESTIMATE choice\n");
  for (const std::string& r : t.result.rejected) std::printf("  rejected: %s\n", r.c_str());
}

// A plan's description (fft3d_plan_describe).
std::string describe(fft3d_plan plan) {
  size_t needed = 0;
  fft3d_plan_describe(plan, nullptr, 0, &needed);
  std::string text(needed, '\0');
  fft3d_plan_describe(plan, &text[0], text.size(), nullptr);
  text.resize(text.find('\0') == std::string::npos ? text.size() : text.find('\0'));
  return text;
}

// A 3-D complex plan's XY form (fused or separate) and pass order
// (in-order or alternating), and a real plan's XY form of each in-place
// direction, are chosen by timing when a MEASURE plan is made; that plan
// writes the verdicts to wisdom. The passes are tuned by now, so making it
// times only those whole-plan choices. Prints the times behind each (the
// description's lines "... chosen by timing: ..."); choices already in
// wisdom are not timed again.
void settle_whole_plan_choices(const Problem& p) {
  fft3d_plan plan = nullptr;
  const auto start = std::chrono::steady_clock::now();
  if (fft3d_plan_create_3d(&plan, p.nx, p.ny, p.nz, p.type, FFT3D_BACKEND_GPU | FFT3D_MEASURE) != FFT3D_SUCCESS)
    return;  // print_plan reports the error
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::string timed;
  std::istringstream lines(describe(plan));
  for (std::string line; std::getline(lines, line);)
    if (line.find("chosen by timing") != std::string::npos) timed += line + "\n";
  fft3d_plan_destroy(plan);
  std::printf("\nwhole-plan choices (%.2f s)%s", seconds,
              timed.empty() ? ": from wisdom, not timed again\n" : ", timed:\n");
  std::printf("%s", timed.c_str());
}

// The schedule a plan made now gets (wisdom, no tuning), and how long
// making it took (the kernels are in the module cache by now).
void print_plan(const Problem& p) {
  fft3d_plan plan = nullptr;
  const auto start = std::chrono::steady_clock::now();
  if (fft3d_plan_create_3d(&plan, p.nx, p.ny, p.nz, p.type, FFT3D_BACKEND_GPU | FFT3D_ESTIMATE) != FFT3D_SUCCESS) {
    std::printf("\nno GPU plan for %s: %s\n", p.str().c_str(), fft3d_last_error_message());
    return;
  }
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::printf("\nplan creation with this wisdom and a warm module cache: %.1f ms\n", ms);
  std::printf("\nschedule of a plan made with this wisdom:\n%s", describe(plan).c_str());
  fft3d_plan_destroy(plan);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"fft3d-tune: tune a 3-D FFT on this GPU and write wisdom"};
  int nx = 0, ny = 0, nz = 0;
  std::string precision = "f32", type = "c2c", mode = "measure";
  double budget = -1;
  const char* env_wisdom = std::getenv("FFT3D_WISDOM");
  std::string wisdom_path = env_wisdom && *env_wisdom ? env_wisdom : "fft3d-wisdom.json";
  app.add_option("nx", nx, "points along x (contiguous)")->required()->check(CLI::Range(1, 1 << 30));
  app.add_option("ny", ny, "points along y")->required()->check(CLI::Range(1, 1 << 30));
  app.add_option("nz", nz, "points along z")->required()->check(CLI::Range(1, 1 << 30));
  app.add_option("--precision", precision, "f32 or f64")->check(CLI::IsMember({"f32", "f64"}));
  app.add_option("--type", type, "c2c or r2c")->check(CLI::IsMember({"c2c", "r2c"}));
  app.add_option("--mode", mode, "measure (seconds) or exhaustive (every variant)")
      ->check(CLI::IsMember({"measure", "exhaustive"}));
  app.add_option("--budget", budget, "seconds of tuning at most (negative: no limit)");
  app.add_option("--wisdom", wisdom_path, "wisdom file, read first if present, then rewritten (default: "
                                          "$FFT3D_WISDOM, else fft3d-wisdom.json)");
  CLI11_PARSE(app, argc, argv);

  const bool f32 = precision == "f32";
  const fft3d_type t = type == "c2c" ? (f32 ? FFT3D_C2C_F32 : FFT3D_C2C_F64) : (f32 ? FFT3D_R2C_F32 : FFT3D_R2C_F64);
  try {
    const Problem problem = make_3d_problem(nx, ny, nz, t);
    if (file_exists(wisdom_path)) process_wisdom().import_file(wisdom_path);
    ProgressBar bar;
    const TuneResult r = tune_grid(problem, mode == "exhaustive" ? TuneMode::exhaustive : TuneMode::measure, budget,
                                   [&](double f, const std::string& text) { bar.update(f, text); });
    bar.finish();
    std::printf("%s on %s: %s tuning took %.2f s, %d kernels compiled%s\n", problem.str().c_str(), r.device.c_str(),
                mode.c_str(), r.seconds, r.kernels_compiled,
                r.budget_exhausted ? " (budget reached: best so far)" : "");
    if (!r.note.empty()) std::printf("note: %s\n", r.note.c_str());
    long long elements = static_cast<long long>(t == FFT3D_C2C_F32 || t == FFT3D_C2C_F64 ? nx : nx / 2 + 1) * ny * nz;
    for (const PassTuning& pass : r.passes) print_pass(pass, elements * complex_bytes(problem.precision()));
    settle_whole_plan_choices(problem);
    print_plan(problem);
    process_wisdom().export_file(wisdom_path);
    std::printf("\nwisdom: %zu entries written by this run, %zu in %s\n", r.written.size(), process_wisdom().size(),
                wisdom_path.c_str());
  } catch (const Error& e) {
    if (e.status() == FFT3D_ERROR_NO_DEVICE)
      std::fprintf(stderr, "fft3d-tune: no GPU to tune on: %s\n", e.what());
    else
      std::fprintf(stderr, "fft3d-tune: %s: %s\n", fft3d_error_string(e.status()), e.what());
    return 1;
  }
  return 0;
}
