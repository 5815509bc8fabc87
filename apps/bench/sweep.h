// --3d --sweep (issue 9): a fixed list of cubes from 32 to 512, and for each
// the floors that a memory-bound transform cannot beat: k passes over the
// array at the measured device copy bandwidth, for k = 2 and 3. The report
// marks which arrays exceed the L2 cache (only those say anything about
// passes over memory) and summarizes cuFFT/ours over them.
#pragma once
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "grids.h"

namespace fft3d_bench {

// The sweep's cubes, 32 to 512 (powers of two, 3-, 5- and 7-smooth sides).
const std::vector<Grid>& sweep_cubes();

// L2 cache bytes of the current device (cudaDeviceProp::l2CacheSize).
long long device_l2_bytes();

// One measured cube of either --type: the forward transform in place.
struct SweepRow {
  std::string precision;  // "f32" / "f64"
  std::string type;       // "c2c" / "r2c"
  std::string grid;       // "256x256x256"
  int side = 0;
  double bytes = 0;       // the array transformed in place (r2c: the padded reals)
  int passes = -1;        // from the fft3d plan description; -1: unknown
  double ms_ours = 0, ms_cufft = 0;  // medians
  bool has_errors = false;           // false: no FFTW reference was run
  double err_ours = 0, err_cufft = 0;
};

// Milliseconds of `passes` passes over `bytes` (each pass reads and writes
// them once) at `copy_gbps`, which counts bytes read plus written.
double pass_floor_ms(int passes, double bytes, double copy_gbps);

// cuFFT/ours over the rows whose array exceeds L2: geometric mean and the
// smallest ratio (with its grid). count == 0: no such row.
struct SweepSummary {
  int count = 0;
  double geomean = 0, minimum = 0;
  std::string minimum_grid;
};
SweepSummary summarize_beyond_l2(const std::vector<SweepRow>& rows, long long l2_bytes);

// Collects the rows, writes each to the CSV as it arrives (so a crash later
// keeps what was measured), and prints a table and summary per precision.
class SweepReport {
 public:
  // Empty path: no CSV. copy_gbps: the copy bandwidth measured in this run.
  SweepReport(const std::string& csv_path, double copy_gbps, long long l2_bytes);
  ~SweepReport();
  SweepReport(const SweepReport&) = delete;
  SweepReport& operator=(const SweepReport&) = delete;

  void add(const SweepRow& row);
  // The table of the rows of `precision`, then their summary beyond L2.
  void print(std::ostream& out, const std::string& precision) const;

 private:
  std::vector<SweepRow> rows_;
  std::FILE* file_ = nullptr;
  std::string path_;
  double copy_gbps_;
  long long l2_bytes_;
};

}  // namespace fft3d_bench
