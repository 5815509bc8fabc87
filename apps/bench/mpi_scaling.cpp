// Mode --mpi: strong or weak scaling of the distributed forward FFT
// (fft3d_mpi), on the CPU or the GPU backend, under mpirun. Each timed forward
// is preceded by a barrier and followed by an untimed normalised inverse (so
// values stay bounded); the time of an iteration is the slowest rank's, the
// report the median over iterations, split into local FFTs, packing and
// exchange (exact on GPUs unless --no-split), next to a plain MPI_Alltoall of
// the same volume and the round-trip error. MPI is started here and nowhere
// else; outside mpirun the process is a one-rank MPI job (a singleton). Only
// rank 0 prints, except a rank's own error before it aborts the job.
#include <mpi.h>

#include <complex>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "check.h"
#include "device_info.h"
#include "fft3d_mpi.h"
#include "gpu_timer.h"
#include "grids.h"
#include "modes.h"
#include "mpi_comparisons.h"
#include "mpi_rank_buffer.h"
#include "mpi_report.h"
#include "random_input.h"

namespace fft3d_bench {
namespace {

const std::vector<Grid> kDefaultGrids = {{128, 128, 128}};

// MPI for the lifetime of the mode, so that the other modes never need it.
class MpiSession {
 public:
  MpiSession() {
    int provided = 0;  // the library calls MPI from the calling thread only
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  }
  ~MpiSession() { MPI_Finalize(); }
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  int rank = 0, ranks = 1;
};

fft3d_mpi_options plan_options(const MpiOptions& o) {
  // The values were checked by CLI11 (mpi_options.cpp).
  const std::map<std::string, fft3d_mpi_decomposition> decompositions{
      {"auto", FFT3D_MPI_DECOMPOSITION_AUTO}, {"slab", FFT3D_MPI_SLAB}, {"pencil", FFT3D_MPI_PENCIL}};
  const std::map<std::string, fft3d_mpi_transport> transports{
      {"auto", FFT3D_MPI_TRANSPORT_AUTO},
      {"host", FFT3D_MPI_TRANSPORT_HOST},
      {"nccl", FFT3D_MPI_TRANSPORT_NCCL},
      {"gpu-aware", FFT3D_MPI_TRANSPORT_GPU_AWARE}};
  fft3d_mpi_options plan{};
  plan.decomposition = decompositions.at(o.decomposition);
  plan.p1 = o.p1;
  plan.p2 = o.p2;
  plan.transposed_out = o.transposed;
  plan.transport = transports.at(o.transport);
  plan.time_phases = !o.no_split;
  plan.pipeline_chunks = o.pipeline;
  return plan;
}

unsigned backend_flag(const std::string& backend) {
  if (backend == "cpu") return FFT3D_BACKEND_CPU;
  if (backend == "gpu") return FFT3D_BACKEND_GPU;
  return 0;  // the library's choice: the GPU when one is usable
}

std::string plan_description(fft3d_mpi_plan plan) {
  size_t needed = 0;
  FFT3D_CHECK(fft3d_mpi_plan_describe(plan, nullptr, 0, &needed));
  std::vector<char> text(needed + 1, '\0');
  FFT3D_CHECK(fft3d_mpi_plan_describe(plan, text.data(), text.size(), nullptr));
  return text.data();
}

double slowest(double seconds) {
  MPI_Allreduce(MPI_IN_PLACE, &seconds, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return seconds;
}

// `warmup` round trips, then `repeats` timed forwards, each followed by an
// untimed inverse; fills the medians and the bytes sent of `run`.
void time_forwards(fft3d_mpi_plan plan, void* data, long long alloc, int warmup, int repeats,
                   MpiRun& run) {
  for (int i = 0; i < warmup; ++i) {
    FFT3D_CHECK(fft3d_mpi_forward(plan, data, alloc));
    FFT3D_CHECK(fft3d_mpi_inverse(plan, data, alloc));
  }
  std::vector<float> total, local, pack, exchange;  // seconds, for median()
  for (int i = 0; i < repeats; ++i) {
    fft3d_mpi_timings t{};
    FFT3D_CHECK(fft3d_mpi_get_timings(plan, &t, 1));  // resets the counters
    MPI_Barrier(MPI_COMM_WORLD);
    double s = MPI_Wtime();
    FFT3D_CHECK(fft3d_mpi_forward(plan, data, alloc));
    s = MPI_Wtime() - s;
    FFT3D_CHECK(fft3d_mpi_get_timings(plan, &t, 1));
    double v[4] = {s, t.local, t.pack, t.exchange};
    MPI_Allreduce(MPI_IN_PLACE, v, 4, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    total.push_back(float(v[0]));
    local.push_back(float(v[1]));
    pack.push_back(float(v[2]));
    exchange.push_back(float(v[3]));
    run.bytes_sent = t.bytes_sent;
    FFT3D_CHECK(fft3d_mpi_inverse(plan, data, alloc));
  }
  run.forward_s = median(total);
  run.local_s = median(local);
  run.pack_s = median(pack);
  run.exchange_s = median(exchange);
  MPI_Allreduce(MPI_IN_PLACE, &run.bytes_sent, 1, MPI_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
}

// One grid in one precision; the plan is destroyed here (collectively) and
// never by a destructor, which could run on one rank only while it unwinds.
template <typename Real>
void run_grid(const Grid& grid, const BenchOptions& options, const MpiSession& mpi, MpiCsvFile& csv,
              bool& device_printed) {
  const MpiOptions& o = options.mpi;
  const bool real = options.transform_type == "r2c", f32 = sizeof(Real) == 4;
  const fft3d_type type = real ? (f32 ? FFT3D_R2C_F32 : FFT3D_R2C_F64)
                               : (f32 ? FFT3D_C2C_F32 : FFT3D_C2C_F64);
  MpiRun run;
  run.grid = grid;
  run.type = options.transform_type + (f32 ? "-f32" : "-f64");
  run.real = real;
  run.ranks = mpi.ranks;
  run.warmup = o.warmup;
  run.pipeline = o.pipeline;
  run.iterations = options.repeats;

  const fft3d_mpi_options opts = plan_options(o);
  const unsigned flags = options.tuning | backend_flag(o.backend) | FFT3D_NORMALIZE;
  fft3d_mpi_plan plan = nullptr;
  double plan_s = MPI_Wtime();
  FFT3D_CHECK(fft3d_mpi_plan_create_3d(&plan, MPI_COMM_WORLD, grid.nx, grid.ny, grid.nz, type,
                                       flags, &opts));
  run.plan_s = slowest(MPI_Wtime() - plan_s);
  fft3d_mpi_box in{}, out{};
  long long alloc = 0;
  unsigned backend = 0;
  FFT3D_CHECK(fft3d_mpi_local_size(plan, &in, &out, &alloc));
  FFT3D_CHECK(fft3d_mpi_plan_get_backend(plan, &backend));
  run.backend = backend == FFT3D_BACKEND_GPU ? "gpu" : "cpu";
  run.plan_text = plan_description(plan);
  if (mpi.rank == 0 && backend == FFT3D_BACKEND_GPU && !device_printed) {
    std::cout << "rank 0 on ";
    print_device_info(std::cout);
    device_printed = true;
  }
  if (options.describe_only) {
    if (mpi.rank == 0)
      std::printf("%s\nranks %d, plan %.3f s, nothing timed (--describe-only)\n\n",
                  run.plan_text.c_str(), mpi.ranks, run.plan_s);
    FFT3D_CHECK(fft3d_mpi_plan_destroy(plan));
    return;
  }

  // Random values everywhere; padding and spare room are ignored by the check.
  const std::vector<std::complex<Real>> initial =
      random_complex<Real>(size_t(alloc), 17 + std::uint64_t(mpi.rank));
  RankBuffer data(initial.size() * sizeof(initial[0]), backend == FFT3D_BACKEND_GPU);
  data.upload(initial.data());

  time_forwards(plan, data.get(), alloc, o.warmup, options.repeats, run);
  if (!o.no_check) {
    std::vector<std::complex<Real>> after(initial.size());
    data.download(after.data());
    run.error = round_trip_error(reinterpret_cast<const Real*>(initial.data()),
                                 reinterpret_cast<const Real*>(after.data()), in, real, grid.nx);
  }
  run.alltoall_bytes = (long long)data.bytes();
  run.alltoall_s = alltoall_seconds(run.alltoall_bytes, mpi.ranks);
  FFT3D_CHECK(fft3d_mpi_plan_destroy(plan));

  if (mpi.rank != 0) return;
  print_mpi_run(run);
  csv.write(run);
}

}  // namespace

int run_mpi_scaling(const BenchOptions& options) {
  std::vector<Grid> grids = parse_grids(options.sizes, kDefaultGrids);  // errors before MPI starts
  const MpiSession mpi;
  try {
    if (options.mpi.weak)
      for (Grid& grid : grids) grid.nz *= mpi.ranks;
    // Before the plan: GPU plans run on the device current when they are made.
    if (options.mpi.backend != "cpu") select_gpu_for_rank();
    MpiCsvFile csv(mpi.rank == 0 ? options.csv_path : std::string());
    bool device_printed = false;
    for (const Grid& grid : grids)
      for (Precision precision : options.precisions) {
        if (precision == Precision::f32) run_grid<float>(grid, options, mpi, csv, device_printed);
        else run_grid<double>(grid, options, mpi, csv, device_printed);
      }
  } catch (const std::exception& e) {
    // Other ranks may wait in a collective that this one will never reach.
    std::cout.flush();
    std::fprintf(stderr, "fft3d-bench --mpi (rank %d): %s\n", mpi.rank, e.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  return 0;
}

}  // namespace fft3d_bench
