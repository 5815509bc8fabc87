// fft3d-kernel-resources: what each kernel of a plan costs in registers,
// stack and spills, from ptxas through NVRTC: no GPU needed. A developer
// tool for register pressure (a kernel that spills, or whose registers
// allow fewer blocks an SM) before any device time is spent.
//
//   fft3d-kernel-resources --sizes 256,480,8192x64x64 --precision f64 --type c2c
//       the ESTIMATE's kernels of those grids, as the schedule builders
//       choose them (no wisdom, no environment)
//   fft3d-kernel-resources --wisdom wisdom/nvidia-h200.json
//       the kernel of every row, column and fused-pass variant the file names
#include <CLI/CLI.hpp>

#include <cstdio>
#include <fstream>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "common/error.h"
#include "fft1d/x_kernel_source.h"
#include "fft3d/pass_sources.h"
#include "fft3d/problem.h"
#include "fft3d/real_xy_form.h"
#include "gpu/kernel_resources.h"
#include "grids.h"
#include "tune/wisdom.h"
#include "xy/xy_kernel_source.h"

using namespace fft3d;
using fft3d_bench::Grid;

namespace {

struct Row {
  std::string what;    // grid, type and precision, or the wisdom entry
  PassSource kernel;
};

const char* name_of(Precision p) { return p == Precision::f32 ? "f32" : "f64"; }

// The C2C ESTIMATE's passes of a grid.
void add_complex(const Grid& g, Precision p, const DeviceLimits& limits, std::vector<Row>& rows) {
  const std::string what = g.name() + " c2c " + name_of(p);
  for (const GridPass& pass : make_grid_schedule(g.nx, g.ny, g.nz, p, limits, ColumnMethod::automatic, {},
                                                 PlaneMethod::automatic))
    for (PassSource& s : pass_sources(pass, p)) rows.push_back({what, std::move(s)});
}

// The R2C/C2R ESTIMATE's kernels of a grid, in the order of make_gpu_real_plan's
// choices: real plane rows or real rows; plane columns or the complex side's
// columns; the in-place forward's and inverse's fused pass (XY, or XZ:
// real_xz_variant).
void add_real(const Grid& g, Precision p, const DeviceLimits& limits, std::vector<Row>& rows) {
  const std::string what = g.name() + " r2c " + name_of(p);
  const Problem problem = make_3d_problem(g.nx, g.ny, g.nz, p == Precision::f32 ? FFT3D_R2C_F32 : FFT3D_R2C_F64);
  const int half = g.nx / 2 + 1;
  const std::optional<RealRowsPass> plane_rows = make_real_plane_rows_pass(g.nx, g.ny, g.nz, p, limits);
  const RealRowsPass x = plane_rows ? *plane_rows : make_real_rows_pass(g.nx, problem.rows(), p, limits);
  for (PassSource& s : real_rows_sources(x, p)) rows.push_back({what, std::move(s)});
  std::optional<GridPass> plane_columns;
  if (!plane_rows && real_plane_columns_pay(problem, limits))
    plane_columns = plane_columns_pass(half, g.ny, g.nz, p, limits, {});
  std::vector<GridPass> columns =
      plane_columns ? std::vector<GridPass>{*plane_columns}
                    : make_column_schedule(half, g.ny, g.nz, p, limits, ColumnMethod::automatic, {}, true);
  if (plane_rows) columns = without_y_columns(std::move(columns));
  for (const GridPass& pass : columns)
    for (PassSource& s : pass_sources(pass, p)) rows.push_back({what, std::move(s)});
  if (g.ny == 1 || plane_rows || plane_columns) return;
  for (bool inverse : {false, true}) {
    const RealXYForm form = automatic_real_xy_form(problem, Wisdom{}, DeviceSignature{}, limits,
                                                   TuneMode::estimate, inverse);
    const std::string direction = inverse ? "inverse " : "forward ";
    if (form.fused) {
      rows.push_back({what, {"p " + direction + form.fused->name(), xy_kernel_source(g.nx, g.ny, p, *form.fused)}});
    } else if (form.fused_xz) {
      if (const auto v = real_xz_variant(problem, limits, inverse))
        rows.push_back({what, {"p xz " + direction + v->name(),
                               xy_kernel_source(g.nx, g.nz, p, *v, 1, half * g.ny)}});
    }
  }
}

// The kernel a wisdom entry names, where it names a row, column or fused
// variant (not verdicts, nor five-step forms); once per kernel.
void add_wisdom(const std::string& path, std::vector<Row>& rows) {
  Wisdom wisdom;
  wisdom.import_file(path);
  std::set<std::tuple<std::string, int, int, Precision, std::string>> seen;
  for (const WisdomEntry& e : wisdom.entries()) {
    const PassKey& k = e.pass;
    const bool x = k.kind == "rows" || k.kind == "columns" || k.kind == "real-rows" || k.kind == "real-rows-inverse";
    const bool xy = (k.kind == "xy-plane" || k.kind == "xy-real-forward" || k.kind == "xy-real-inverse") &&
                    e.variant.rfind("xy.", 0) == 0;
    if (!(x || xy) || !seen.insert({x ? "x" : "xy", k.n, k.ny, k.precision, e.variant}).second) continue;
    const std::string what = e.device.name + " " + k.kind + " " + std::to_string(k.n) +
                             (xy ? "x" + std::to_string(k.ny) : "") + " " + name_of(k.precision);
    if (x) {
      const XVariant v = parse_x_variant(e.variant);
      const int n = v.real == RealRows::half ? k.n / 2 : k.n;  // half-length kernels of real rows
      rows.push_back({what, {e.variant, x_kernel_source(n, k.precision, v)}});
    } else {
      rows.push_back({what, {e.variant, xy_kernel_source(k.n, k.ny, k.precision, parse_xy_variant(e.variant))}});
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Registers, stack and spills of a plan's kernels, from ptxas through NVRTC (no GPU needed)"};
  std::vector<std::string> sizes;
  std::string precision = "both", type = "both", arch = "sm_90", wisdom, csv;
  bool spills_only = false;
  app.add_option("--sizes", sizes, "grids: 256 (a cube) or NXxNYxNZ; default issue 9's cubes 192-512")
      ->delimiter(',');
  app.add_option("--precision", precision, "f32, f64 or both")->check(CLI::IsMember({"f32", "f64", "both"}));
  app.add_option("--type", type, "c2c, r2c or both")->check(CLI::IsMember({"c2c", "r2c", "both"}));
  app.add_option("--arch", arch, "the GPU architecture NVRTC compiles for (its limits: an H100's)");
  app.add_option("--wisdom", wisdom, "the variants a wisdom file names, instead of the grids' ESTIMATE")
      ->check(CLI::ExistingFile);
  app.add_option("--csv", csv, "also write the rows as CSV");
  app.add_flag("--spills-only", spills_only, "print only kernels with a stack frame or spills");
  CLI11_PARSE(app, argc, argv);

  std::vector<Row> rows;
  try {
    if (!wisdom.empty()) {
      add_wisdom(wisdom, rows);
    } else {
      const std::vector<Grid> grids = fft3d_bench::parse_grids(
          sizes, {{192, 192, 192}, {210, 210, 210}, {240, 240, 240}, {243, 243, 243}, {256, 256, 256},
                  {300, 300, 300}, {320, 320, 320}, {343, 343, 343}, {384, 384, 384}, {400, 400, 400},
                  {480, 480, 480}, {500, 500, 500}, {512, 512, 512}});
      const DeviceLimits limits;  // an H100's
      for (const Grid& g : grids)
        for (Precision p : {Precision::f32, Precision::f64}) {
          if (precision != "both" && precision != name_of(p)) continue;
          if (type != "r2c") add_complex(g, p, limits, rows);
          if (type != "c2c") add_real(g, p, limits, rows);
        }
    }
  } catch (const Error& e) {
    std::fprintf(stderr, "fft3d-kernel-resources: %s\n", e.what());
    return 1;
  }
  std::ofstream out;
  if (!csv.empty()) {
    out.open(csv);
    if (!out) {
      std::fprintf(stderr, "fft3d-kernel-resources: cannot write %s\n", csv.c_str());
      return 1;
    }
    out << "what,kernel,entry,registers,stack_bytes,spill_store_bytes,spill_load_bytes\n";
  }
  std::printf("%4s %5s %5s %5s  %-10s %-28s %s\n", "regs", "stack", "spill", "load", "entry", "grid / wisdom entry",
              "kernel");
  int failed = 0;
  for (const Row& row : rows) {
    std::vector<KernelResources> kernels;
    try {
      kernels = kernel_resources(row.kernel.source, arch);
    } catch (const Error& e) {
      std::printf("compile failed: %s %s\n", row.what.c_str(), row.kernel.label.c_str());
      std::fprintf(stderr, "%s\n", e.what());
      ++failed;
      continue;
    }
    for (const KernelResources& k : kernels) {
      if (spills_only && k.stack_bytes == 0 && k.spill_store_bytes == 0) continue;
      const std::string entry = k.entry.substr(k.entry.find('_') + 1);  // "x_forward", "xy_inverse", ...
      std::printf("%4d %5d %5d %5d  %-10s %-28s %s\n", k.registers, k.stack_bytes, k.spill_store_bytes,
                  k.spill_load_bytes, entry.c_str(), row.what.c_str(), row.kernel.label.c_str());
      if (out)
        out << row.what << ',' << row.kernel.label << ',' << k.entry << ',' << k.registers << ',' << k.stack_bytes
            << ',' << k.spill_store_bytes << ',' << k.spill_load_bytes << '\n';
    }
    std::fflush(stdout);
  }
  return failed > 0 ? 1 : 0;
}
