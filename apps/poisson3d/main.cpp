// poisson3d: solves the periodic Poisson equation laplacian(u) = f on
// [0, 2pi)^3 with fft3d's real-to-complex transforms, against a manufactured
// solution, and reports the error and the time per solve.
//
//   poisson3d -n 64                  one grid, float and double
//   poisson3d --sweep --csv conv.csv spectral convergence over grid sizes
#include <CLI/CLI.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "poisson_solver.h"

namespace {

struct Row {
  int n;
  const char* precision;
  poisson::Report report;
};

void print_header() {
  std::printf("%6s %5s %4s %12s %12s %11s %11s %9s\n", "n", "prec", "on", "rel_L2_err", "max_err", "solve_ms",
              "fft_ms", "fft_share");
}

void print_row(const Row& r) {
  const double total = r.report.transform_seconds + r.report.other_seconds;
  std::printf("%6d %5s %4s %12.3e %12.3e %11.3f %11.3f %8.1f%%\n", r.n, r.precision, r.report.gpu ? "gpu" : "cpu",
              r.report.error.relative_l2(), r.report.error.max_abs_error, 1e3 * total,
              1e3 * r.report.transform_seconds, total > 0 ? 100 * r.report.transform_seconds / total : 0.0);
  std::fflush(stdout);
}

void write_csv(const std::string& path, const std::vector<Row>& rows) {
  std::ofstream out(path);
  if (!out) throw std::runtime_error("cannot write " + path);
  out << "n,precision,backend,rel_l2_error,max_abs_error,solve_ms,transform_ms,other_ms\n";
  for (const Row& r : rows)
    out << r.n << ',' << r.precision << ',' << (r.report.gpu ? "gpu" : "cpu") << ',' << r.report.error.relative_l2()
        << ',' << r.report.error.max_abs_error << ',' << 1e3 * (r.report.transform_seconds + r.report.other_seconds)
        << ',' << 1e3 * r.report.transform_seconds << ',' << 1e3 * r.report.other_seconds << '\n';
}

unsigned tune_flag(const std::string& mode) {
  if (mode == "measure") return FFT3D_MEASURE;
  if (mode == "exhaustive") return FFT3D_EXHAUSTIVE;
  return FFT3D_ESTIMATE;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Periodic Poisson solver on [0, 2pi)^3 with fft3d (R2C/C2R), checked against a manufactured solution"};
  int n = 64;
  std::string precision = "both", backend = "auto", tune = "estimate", csv;
  bool sweep = false;
  std::vector<int> sizes{8, 12, 16, 24, 32, 48, 64, 96, 128};
  poisson::Options options;
  app.add_option("-n,--grid", n, "grid points per axis")->check(CLI::Range(2, 4096));
  app.add_option("--precision", precision, "f32, f64 or both")->check(CLI::IsMember({"f32", "f64", "both"}));
  app.add_option("--backend", backend, "auto (GPU when usable), cpu or gpu")->check(CLI::IsMember({"auto", "cpu", "gpu"}));
  app.add_option("--tune", tune, "fft3d planning mode")->check(CLI::IsMember({"estimate", "measure", "exhaustive"}));
  app.add_option("--repeats", options.repeats, "timed solves per grid (median reported)")->check(CLI::Range(1, 1000));
  app.add_flag("--sweep", sweep, "spectral convergence: solve on every size of --sizes");
  app.add_option("--sizes", sizes, "grid sizes for --sweep (comma- or space-separated)")
      ->delimiter(',')
      ->check(CLI::Range(2, 4096));
  app.add_option("--csv", csv, "also write the results to this CSV file");
  CLI11_PARSE(app, argc, argv);

  try {
    options.backend = solvers::parse_backend(backend);
    options.tune = tune_flag(tune);
    if (!sweep) sizes = {n};
    std::vector<Row> rows;
    std::set<std::string> notices;
    print_header();
    for (int size : sizes) {
      options.grid = solvers::Grid::cube(size);
      for (const char* p : {"f32", "f64"}) {
        if (precision != "both" && precision != p) continue;
        Row row{size, p, std::string(p) == "f32" ? poisson::solve<float>(options) : poisson::solve<double>(options)};
        if (!row.report.notice.empty() && notices.insert(row.report.notice).second)
          std::printf("%s\n", row.report.notice.c_str());
        print_row(row);
        rows.push_back(row);
      }
    }
    if (!csv.empty()) write_csv(csv, rows);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "poisson3d: %s\n", e.what());
    return 1;
  }
  return 0;
}
