#include "mpi_report.h"

#include <cerrno>
#include <cmath>
#include <cstring>

#include "check.h"

namespace fft3d_bench {
namespace {

// The columns of the csv line and of the --csv file, in one place so that
// they cannot disagree; scripts/mpi-scaling.sh depends on their order.
const char* const kCsvHeader =
    "nx,ny,nz,type,ranks,backend,forward_ms,local_ms,pack_ms,exchange_ms,bytes_sent_per_rank,"
    "alltoall_ms,round_trip_error,pipeline_chunks";

void write_csv_row(std::FILE* out, const MpiRun& r) {
  std::fprintf(out, "%d,%d,%d,%s,%d,%s,%.6f,%.6f,%.6f,%.6f,%lld,%.6f,%.3g,%d\n", r.grid.nx, r.grid.ny,
               r.grid.nz, r.type.c_str(), r.ranks, r.backend.c_str(), 1e3 * r.forward_s,
               1e3 * r.local_s, 1e3 * r.pack_s, 1e3 * r.exchange_s, r.bytes_sent,
               1e3 * r.alltoall_s, r.error, r.pipeline);
}

}  // namespace

void print_mpi_run(const MpiRun& r) {
  const double n = double(r.grid.points());
  const double flops = (r.real ? 2.5 : 5.0) * n * std::log2(n);
  const double t = r.forward_s, tx = r.exchange_s;
  std::printf("%s\n", r.plan_text.c_str());
  std::printf("ranks %d, plan %.3f s, %d timed forwards after %d warm-up\n", r.ranks, r.plan_s,
              r.iterations, r.warmup);
  std::printf("forward   %10.3f ms  (%.1f GFLOP/s)\n", 1e3 * t, flops / t * 1e-9);
  std::printf("  local   %10.3f ms\n  pack    %10.3f ms\n", 1e3 * r.local_s, 1e3 * r.pack_s);
  std::printf("  exchange%10.3f ms  (%.2f GB/s per rank, %lld bytes sent)\n", 1e3 * tx,
              tx > 0 ? r.bytes_sent / tx * 1e-9 : 0.0, r.bytes_sent);
  // Each rank keeps 1/ranks of its buffer: that share never crosses the network.
  const double a2a = r.alltoall_s;
  std::printf("MPI_Alltoall of %lld bytes per rank on host memory: %.3f ms (%.2f GB/s per rank)\n",
              r.alltoall_bytes, 1e3 * a2a,
              a2a > 0 ? r.alltoall_bytes * (r.ranks - 1.0) / r.ranks / a2a * 1e-9 : 0.0);
  if (!(r.error < 0))  // NaN too: a broken round trip must show
    std::printf("round-trip relative L2 error after %d round trips: %.3g\n", r.warmup + r.iterations,
                r.error);
  std::printf("csv,");
  write_csv_row(stdout, r);
  std::fflush(stdout);
}

MpiCsvFile::MpiCsvFile(const std::string& path) : path_(path) {
  if (path.empty()) return;
  file_ = std::fopen(path.c_str(), "w");
  if (!file_) throw BenchError("cannot open --csv " + path + ": " + std::strerror(errno));
  std::fprintf(file_, "%s\n", kCsvHeader);
  std::fflush(file_);
}

MpiCsvFile::~MpiCsvFile() {
  if (file_) std::fclose(file_);
}

void MpiCsvFile::write(const MpiRun& run) {
  if (!file_) return;
  write_csv_row(file_, run);
  if (std::fflush(file_) != 0 || std::ferror(file_))
    throw BenchError("writing --csv " + path_ + " failed");
}

}  // namespace fft3d_bench
