// What rank 0 of --mpi prints for one distributed run: the plan, the time
// split, the reference all-to-all and the round-trip error as text, then one
// line "csv,..." (scripts/mpi-scaling.sh collects those lines). --csv writes
// the same columns to a file, under a header.
#pragma once
#include <cstdio>
#include <string>

#include "grids.h"

namespace fft3d_bench {

struct MpiRun {
  Grid grid;              // the global grid (--weak: NZ already times the ranks)
  std::string type;       // "c2c-f32", "r2c-f64", ...
  bool real = false;      // R2C: half the flops of C2C
  int ranks = 1;
  std::string backend;    // "cpu" or "gpu", as the plan chose
  std::string plan_text;  // rank 0's fft3d_mpi_plan_describe
  double plan_s = 0;      // plan creation, slowest rank
  int warmup = 0, iterations = 0;
  // Medians over the iterations of the slowest rank's seconds.
  double forward_s = 0, local_s = 0, pack_s = 0, exchange_s = 0;
  long long bytes_sent = 0;      // to other ranks per forward, the most of any rank
  long long alltoall_bytes = 0;  // per rank in the reference MPI_Alltoall (the rank's buffer)
  double alltoall_s = 0;
  double error = -1;  // relative L2 error of the input after the round trips; -1: not checked
  int pipeline = 0;   // --pipeline as asked (0: chosen); the plan text says what was chosen
};

// The text and the csv line, on stdout.
void print_mpi_run(const MpiRun& run);

// --csv: one row per run, flushed as it comes, so an abort later keeps it.
class MpiCsvFile {
 public:
  explicit MpiCsvFile(const std::string& path);  // empty: writes nothing
  ~MpiCsvFile();
  MpiCsvFile(const MpiCsvFile&) = delete;
  MpiCsvFile& operator=(const MpiCsvFile&) = delete;

  void write(const MpiRun& run);

 private:
  std::FILE* file_ = nullptr;
  std::string path_;
};

}  // namespace fft3d_bench
