#include "sweep.h"

#include <cerrno>
#include <cmath>
#include <cstring>

#include <cuda_runtime_api.h>

#include "check.h"
#include "report.h"

namespace fft3d_bench {

const std::vector<Grid>& sweep_cubes() {
  static const std::vector<Grid> cubes = [] {
    std::vector<Grid> list;
    for (int n : {32, 64, 96, 100, 125, 128, 192, 210, 240, 243, 256, 300, 320, 343, 384, 400,
                  480, 500, 512})
      list.push_back({n, n, n});
    return list;
  }();
  return cubes;
}

long long device_l2_bytes() {
  int device = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  int l2 = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device));
  return l2;
}

double pass_floor_ms(int passes, double bytes, double copy_gbps) {
  return passes * 2.0 * bytes / (copy_gbps * 1e6);
}

SweepSummary summarize_beyond_l2(const std::vector<SweepRow>& rows, long long l2_bytes) {
  SweepSummary s;
  double log_sum = 0;
  for (const SweepRow& r : rows) {
    if (!(r.bytes > double(l2_bytes))) continue;
    const double ratio = r.ms_cufft / r.ms_ours;
    log_sum += std::log(ratio);
    if (s.count == 0 || ratio < s.minimum) {
      s.minimum = ratio;
      s.minimum_grid = r.grid;
    }
    ++s.count;
  }
  if (s.count > 0) s.geomean = std::exp(log_sum / s.count);
  return s;
}

SweepReport::SweepReport(const std::string& csv_path, double copy_gbps, long long l2_bytes)
    : path_(csv_path), copy_gbps_(copy_gbps), l2_bytes_(l2_bytes) {
  if (!(copy_gbps > 0)) throw BenchError("--sweep: no copy bandwidth was measured");
  if (path_.empty()) return;
  file_ = std::fopen(path_.c_str(), "w");
  if (!file_) throw BenchError("cannot open --csv " + path_ + ": " + std::strerror(errno));
  std::fprintf(file_,
               "precision,type,grid,side,bytes,passes,ms_ours,ms_cufft,cufft_over_ours,err_ours,"
               "err_cufft,copy_gbps,floor2_ms,floor3_ms,l2_bytes,exceeds_l2\n");
  std::fflush(file_);
}

SweepReport::~SweepReport() {
  if (file_) std::fclose(file_);
}

void SweepReport::add(const SweepRow& r) {
  rows_.push_back(r);
  if (!file_) return;
  std::fprintf(file_, "%s,%s,%s,%d,%.0f,%s,%.6g,%.6g,%.6g,%s,%s,%.6g,%.6g,%.6g,%lld,%d\n",
               r.precision.c_str(), r.type.c_str(), r.grid.c_str(), r.side, r.bytes,
               figure_text(r.passes >= 0, r.passes, "%.0f", "").c_str(), r.ms_ours, r.ms_cufft,
               r.ms_cufft / r.ms_ours, figure_text(r.has_errors, r.err_ours, "%.6g", "").c_str(),
               figure_text(r.has_errors, r.err_cufft, "%.6g", "").c_str(), copy_gbps_,
               pass_floor_ms(2, r.bytes, copy_gbps_), pass_floor_ms(3, r.bytes, copy_gbps_),
               l2_bytes_, r.bytes > double(l2_bytes_) ? 1 : 0);
  if (std::fflush(file_) != 0 || std::ferror(file_))
    throw BenchError("writing --csv " + path_ + " failed");
}

void SweepReport::print(std::ostream& out, const std::string& precision) const {
  std::vector<SweepRow> rows;
  for (const SweepRow& r : rows_)
    if (r.precision == precision) rows.push_back(r);
  const std::string type = rows.empty() ? "" : rows.front().type + " ";
  char line[512];
  std::snprintf(line, sizeof line,
                "\nSweep, 3-D %sforward in place, %s: floors are k passes (read + write of the "
                "array) at the measured copy bandwidth %.0f GB/s;\n>L2: the array exceeds the "
                "%lld KiB L2 cache; ours/floor2 = our time over the two-pass floor\n",
                type.c_str(), precision.c_str(), copy_gbps_, l2_bytes_ >> 10);
  out << line;
  std::snprintf(line, sizeof line, "%13s %9s %4s %6s %9s %9s %10s %10s %10s %11s %9s %9s\n",
                "grid", "MiB", ">L2", "passes", "ours ms", "cuFFT ms", "cuFFT/ours", "floor2 ms",
                "floor3 ms", "ours/floor2", "err ours", "err cuFFT");
  out << line;
  for (const SweepRow& r : rows) {
    const double floor2 = pass_floor_ms(2, r.bytes, copy_gbps_);
    std::snprintf(line, sizeof line,
                  "%13s %9.2f %4s %6s %9.4f %9.4f %10.3f %10.4f %10.4f %11.2f %9s %9s\n",
                  r.grid.c_str(), r.bytes / (1 << 20), r.bytes > double(l2_bytes_) ? "yes" : "no",
                  r.passes >= 0 ? std::to_string(r.passes).c_str() : "?", r.ms_ours, r.ms_cufft,
                  r.ms_cufft / r.ms_ours, floor2, pass_floor_ms(3, r.bytes, copy_gbps_),
                  r.ms_ours / floor2, figure_text(r.has_errors, r.err_ours, "%.2e", "n/a").c_str(),
                  figure_text(r.has_errors, r.err_cufft, "%.2e", "n/a").c_str());
    out << line;
  }
  if (rows.empty()) out << "(no grid measured)\n";
  const SweepSummary s = summarize_beyond_l2(rows, l2_bytes_);
  if (s.count == 0) {
    out << precision << " sweep: no array larger than L2 was measured\n";
  } else {
    std::snprintf(line, sizeof line,
                  "%s sweep beyond L2 (%d size%s): geometric mean cuFFT/ours %.3f, minimum %.3f "
                  "(%s); issue 9 target 1.4\n",
                  precision.c_str(), s.count, s.count == 1 ? "" : "s", s.geomean, s.minimum, s.minimum_grid.c_str());
    out << line;
  }
  out.flush();
}

}  // namespace fft3d_bench
