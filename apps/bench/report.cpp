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

CsvWriter::CsvWriter(const std::string& path) : path_(path) {
  if (path.empty()) return;
  file_ = std::fopen(path.c_str(), "w");
  if (!file_) throw BenchError("cannot open --csv " + path + ": " + std::strerror(errno));
  std::fprintf(file_,
               "precision,size,batch,bytes,ms_ours,ms_cufft,ms_copy,gflops_ours,gbps_ours,"
               "pct_copy,gbps_cufft,gbps_copy,cufft_over_ours,err_ours,err_cufft\n");
  std::fflush(file_);
}

CsvWriter::~CsvWriter() {
  if (file_) std::fclose(file_);
}

void CsvWriter::write(const ResultRow& r) {
  if (!file_) return;
  std::fprintf(file_, "%s,%s,%lld,%.0f,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g\n",
               r.precision.c_str(), r.size.c_str(), r.batch, r.bytes, r.ms_ours, r.ms_cufft,
               r.ms_copy, gflops_ours(r), gbps_ours(r), percent_of_copy(r), gbps_cufft(r),
               gbps_copy(r), cufft_over_ours(r), r.err_ours, r.err_cufft);
  if (std::fflush(file_) != 0 || std::ferror(file_))
    throw BenchError("writing --csv " + path_ + " failed");
}

}  // namespace fft3d_bench
