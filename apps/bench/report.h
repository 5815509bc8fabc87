// Results: one row per transform size, printed as a table per precision and
// optionally appended to a CSV file as each size finishes (so a crash later
// in the run keeps what was measured).
#pragma once
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

namespace fft3d_bench {

struct ResultRow {
  std::string precision;  // "f32" / "f64"
  std::string size;       // "432", or "128x128x128" for a 3-D mode
  long long batch = 1;
  double bytes = 0;       // size of the data set transformed in place
  double flops = 0;       // nominal flops of one transform of the set
  double ms_ours = 0, ms_cufft = 0, ms_copy = 0;  // medians
  double err_ours = 0, err_cufft = 0;             // relative L2 vs FFTW double
};

// Derived figures, shared by the table and the CSV so they cannot disagree.
double gflops_ours(const ResultRow& r);
double gbps_ours(const ResultRow& r);
double gbps_cufft(const ResultRow& r);
double gbps_copy(const ResultRow& r);
double percent_of_copy(const ResultRow& r);      // ours GB/s / copy GB/s
double cufft_over_ours(const ResultRow& r);      // > 1: fft3d is faster

void print_table(std::ostream& out, const std::string& title, const std::vector<ResultRow>& rows);

class CsvWriter {
 public:
  explicit CsvWriter(const std::string& path);  // empty path: writes nothing
  ~CsvWriter();
  CsvWriter(const CsvWriter&) = delete;
  CsvWriter& operator=(const CsvWriter&) = delete;

  void write(const ResultRow& row);

 private:
  std::FILE* file_ = nullptr;
  std::string path_;
};

}  // namespace fft3d_bench
