#include "report.h"

#include <cerrno>
#include <cstring>

#include "check.h"
#include "copy_bandwidth.h"

namespace fft3d_bench {

double gflops_ours(const ResultRow& r) { return r.flops / (r.ms_ours * 1e6); }
double gbps_ours(const ResultRow& r) { return read_write_gbps(r.bytes, r.ms_ours); }
double gbps_cufft(const ResultRow& r) { return read_write_gbps(r.bytes, r.ms_cufft); }
double gbps_copy(const ResultRow& r) { return read_write_gbps(r.bytes, r.ms_copy); }
double percent_of_copy(const ResultRow& r) { return 100.0 * gbps_ours(r) / gbps_copy(r); }
double cufft_over_ours(const ResultRow& r) { return r.ms_cufft / r.ms_ours; }

std::string figure_text(bool known, double value, const char* format, const char* unknown) {
  if (!known) return unknown;
  char text[32];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

void print_table(std::ostream& out, const std::string& title, const std::vector<ResultRow>& rows) {
  char line[512];
  out << "\n" << title << "\n";
  std::snprintf(line, sizeof line, "%12s %10s %9s %9s %8s %9s %7s %10s %9s %10s %9s %9s\n", "N",
                "batch", "ours ms", "cuFFT ms", "GFLOPS", "ours GB/s", "% copy", "cuFFT GB/s",
                "copy GB/s", "cuFFT/ours", "err ours", "err cuFFT");
  out << line;
  for (const ResultRow& r : rows) {
    std::snprintf(line, sizeof line,
                  "%12s %10lld %9.4f %9.4f %8.1f %9.1f %6.1f%% %10.1f %9.1f %10.3f %9.2e %9.2e\n",
                  r.size.c_str(), r.batch, r.ms_ours, r.ms_cufft, gflops_ours(r), gbps_ours(r),
                  percent_of_copy(r), gbps_cufft(r), gbps_copy(r), cufft_over_ours(r), r.err_ours,
                  r.err_cufft);
    out << line;
  }
  out.flush();
}

void print_table_3d(std::ostream& out, const std::string& title,
                    const std::vector<ResultRow>& rows) {
  char line[512];
  out << "\n" << title << "\n";
  std::snprintf(line, sizeof line, "%13s %9s %9s %8s %9s %6s %10s %9s %9s\n", "grid", "ours ms",
                "cuFFT ms", "GFLOPS", "ours GB/s", "passes", "cuFFT/ours", "err ours",
                "err cuFFT");
  out << line;
  for (const ResultRow& r : rows) {
    std::snprintf(line, sizeof line, "%13s %9.4f %9.4f %8.1f %9.1f %6s %10.3f %9s %9s\n",
                  r.size.c_str(), r.ms_ours, r.ms_cufft, gflops_ours(r), gbps_ours(r),
                  figure_text(r.passes >= 0, r.passes, "%.0f", "?").c_str(), cufft_over_ours(r),
                  figure_text(r.has_errors, r.err_ours, "%.2e", "n/a").c_str(),
                  figure_text(r.has_errors, r.err_cufft, "%.2e", "n/a").c_str());
    out << line;
  }
  if (rows.empty()) out << "(no grid measured)\n";
  out.flush();
}

CsvWriter::CsvWriter(const std::string& path, CsvColumns columns)
    : path_(path), columns_(columns) {
  if (path.empty()) return;
  file_ = std::fopen(path.c_str(), "w");
  if (!file_) throw BenchError("cannot open --csv " + path + ": " + std::strerror(errno));
  if (columns_ == CsvColumns::batched1d)
    std::fprintf(file_,
                 "precision,size,batch,bytes,ms_ours,ms_cufft,ms_copy,gflops_ours,gbps_ours,"
                 "pct_copy,gbps_cufft,gbps_copy,cufft_over_ours,err_ours,err_cufft\n");
  else
    std::fprintf(file_,
                 "precision,grid,bytes,ms_ours,ms_cufft,gflops_ours,gbps_ours,gbps_cufft,passes,"
                 "cufft_over_ours,err_ours,err_cufft\n");
  std::fflush(file_);
}

CsvWriter::~CsvWriter() {
  if (file_) std::fclose(file_);
}

void CsvWriter::write(const ResultRow& r) {
  if (!file_) return;
  if (columns_ == CsvColumns::batched1d) {
    std::fprintf(file_,
                 "%s,%s,%lld,%.0f,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g\n",
                 r.precision.c_str(), r.size.c_str(), r.batch, r.bytes, r.ms_ours, r.ms_cufft,
                 r.ms_copy, gflops_ours(r), gbps_ours(r), percent_of_copy(r), gbps_cufft(r),
                 gbps_copy(r), cufft_over_ours(r), r.err_ours, r.err_cufft);
  } else {
    std::fprintf(file_, "%s,%s,%.0f,%.6g,%.6g,%.6g,%.6g,%.6g,%s,%.6g,%s,%s\n",
                 r.precision.c_str(), r.size.c_str(), r.bytes, r.ms_ours, r.ms_cufft,
                 gflops_ours(r), gbps_ours(r), gbps_cufft(r),
                 figure_text(r.passes >= 0, r.passes, "%.0f", "").c_str(), cufft_over_ours(r),
                 figure_text(r.has_errors, r.err_ours, "%.6g", "").c_str(),
                 figure_text(r.has_errors, r.err_cufft, "%.6g", "").c_str());
  }
  if (std::fflush(file_) != 0 || std::ferror(file_))
    throw BenchError("writing --csv " + path_ + " failed");
}

}  // namespace fft3d_bench
