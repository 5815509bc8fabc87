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
  bool has_errors = true;  // false: no FFTW reference was run (a 3-D grid too large)
  int passes = -1;         // passes over memory from the plan description; -1: unknown
};

// Derived figures, shared by the table and the CSV so they cannot disagree.
double gflops_ours(const ResultRow& r);
double gbps_ours(const ResultRow& r);
double gbps_cufft(const ResultRow& r);
double gbps_copy(const ResultRow& r);
double percent_of_copy(const ResultRow& r);      // ours GB/s / copy GB/s
double cufft_over_ours(const ResultRow& r);      // > 1: fft3d is faster
// A figure that may not be known: `unknown` stands in for it ("n/a" or "?"
// in a table, "" for an empty CSV field); else `value` printed by `format`.
std::string figure_text(bool known, double value, const char* format, const char* unknown);

void print_table(std::ostream& out, const std::string& title, const std::vector<ResultRow>& rows);
// The --3d table: no batch and no copy ceiling, but passes over memory; "n/a"
// for errors not measured, "?" for passes not known.
void print_table_3d(std::ostream& out, const std::string& title,
                    const std::vector<ResultRow>& rows);

// Which columns a CSV file has: each mode keeps its own, so adding a mode
// never changes the files an existing one writes.
enum class CsvColumns { batched1d, grid3d };

class CsvWriter {
 public:
  // Empty path: writes nothing.
  explicit CsvWriter(const std::string& path, CsvColumns columns = CsvColumns::batched1d);
  ~CsvWriter();
  CsvWriter(const CsvWriter&) = delete;
  CsvWriter& operator=(const CsvWriter&) = delete;

  void write(const ResultRow& row);

 private:
  std::FILE* file_ = nullptr;
  std::string path_;
  CsvColumns columns_;
};

}  // namespace fft3d_bench
