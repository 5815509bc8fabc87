// fft3d-mpi-bench: strong or weak scaling of the distributed forward FFT.
// Each timed forward is preceded by a barrier and followed by an untimed
// normalised inverse (so values stay bounded); the time of an iteration is
// the slowest rank's, the report the median over iterations, split into
// local FFTs, packing and exchange (exact on GPUs unless --no-split). A
// plain MPI_Alltoall of the same volume on host memory gives the network's
// reference bandwidth.
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "bench_memory.h"
#include "bench_options.h"
#include "fft3d_mpi.h"

namespace {

int g_rank = 0;

void check(fft3d_status s, const char* what) {
  if (s == FFT3D_SUCCESS) return;
  std::fprintf(stderr, "fft3d-mpi-bench (rank %d): %s: %s: %s\n", g_rank, what, fft3d_error_string(s),
               fft3d_last_error_message());
  MPI_Abort(MPI_COMM_WORLD, 1);
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

// Seconds of one MPI_Alltoall moving `bytes` per rank (median of 5).
double alltoall_seconds(long long bytes, int ranks) {
  const int per_peer = static_cast<int>(std::max(1LL, std::min<long long>(bytes / ranks, 1 << 30)));
  std::vector<char> send(static_cast<size_t>(per_peer) * ranks, 1), recv(send.size());
  std::vector<double> t;
  for (int i = 0; i < 6; ++i) {
    MPI_Barrier(MPI_COMM_WORLD);
    double s = MPI_Wtime();
    MPI_Alltoall(send.data(), per_peer, MPI_BYTE, recv.data(), per_peer, MPI_BYTE, MPI_COMM_WORLD);
    s = MPI_Wtime() - s;
    MPI_Allreduce(MPI_IN_PLACE, &s, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (i) t.push_back(s);  // the first call sets up connections
  }
  return median(t);
}

// Relative L2 error of the input box after the round trips, over all ranks.
template <typename Real>
double round_trip_error(const std::vector<unsigned char>& before, const std::vector<unsigned char>& after,
                        const fft3d_mpi_box& in, bool real, int nx) {
  const Real* a = reinterpret_cast<const Real*>(before.data());
  const Real* b = reinterpret_cast<const Real*>(after.data());
  // The input box is x fastest; real rows are padded to 2*(nx/2+1) in place.
  const long long rows = static_cast<long long>(in.size[1]) * in.size[2];
  const long long row_reals = real ? in.size[0] : 2LL * in.size[0];
  const long long pitch = real ? 2LL * (nx / 2 + 1) : row_reals;
  double sums[2] = {0, 0};
  for (long long r = 0; r < rows; ++r)
    for (long long i = 0; i < row_reals; ++i) {
      const double d = static_cast<double>(b[r * pitch + i]) - a[r * pitch + i];
      sums[0] += d * d;
      sums[1] += static_cast<double>(a[r * pitch + i]) * a[r * pitch + i];
    }
  MPI_Allreduce(MPI_IN_PLACE, sums, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return std::sqrt(sums[0] / sums[1]);
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  BenchOptions o;
  int exit_code = 0;
  if (!parse_options(argc, argv, g_rank, &o, &exit_code)) {
    MPI_Finalize();
    return exit_code;
  }
  if (o.weak) o.nz *= ranks;
  if (o.backend != FFT3D_BACKEND_CPU) select_gpu_for_rank();

  double plan_s = MPI_Wtime();
  fft3d_mpi_plan plan = nullptr;
  check(fft3d_mpi_plan_create_3d(&plan, MPI_COMM_WORLD, o.nx, o.ny, o.nz, o.type, o.backend | FFT3D_NORMALIZE, &o.plan),
        "fft3d_mpi_plan_create_3d");
  plan_s = MPI_Wtime() - plan_s;
  MPI_Allreduce(MPI_IN_PLACE, &plan_s, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  fft3d_mpi_box in{}, out{};
  long long alloc = 0;
  unsigned backend = 0;
  check(fft3d_mpi_local_size(plan, &in, &out, &alloc), "fft3d_mpi_local_size");
  check(fft3d_mpi_plan_get_backend(plan, &backend), "fft3d_mpi_plan_get_backend");
  const bool f32 = o.type == FFT3D_C2C_F32 || o.type == FFT3D_R2C_F32;
  const bool real = o.type == FFT3D_R2C_F32 || o.type == FFT3D_R2C_F64;
  const size_t real_bytes = f32 ? 4 : 8, bytes = static_cast<size_t>(alloc) * 2 * real_bytes;

  // Random values everywhere (padding and spare room are ignored).
  std::vector<unsigned char> initial(bytes);
  std::mt19937_64 rng(17 + static_cast<unsigned>(g_rank));
  std::uniform_real_distribution<double> u(-1, 1);
  for (size_t i = 0; i < bytes / real_bytes; ++i) {
    if (f32) reinterpret_cast<float*>(initial.data())[i] = static_cast<float>(u(rng));
    else reinterpret_cast<double*>(initial.data())[i] = u(rng);
  }
  BenchBuffer data(bytes, backend == FFT3D_BACKEND_GPU);
  data.upload(initial);

  for (int i = 0; i < o.warmup; ++i) {
    check(fft3d_mpi_forward(plan, data.get(), alloc), "fft3d_mpi_forward");
    check(fft3d_mpi_inverse(plan, data.get(), alloc), "fft3d_mpi_inverse");
  }
  std::vector<double> total, local, pack, exchange;
  long long bytes_sent = 0;
  for (int i = 0; i < o.iterations; ++i) {
    fft3d_mpi_timings t{};
    check(fft3d_mpi_get_timings(plan, &t, 1), "fft3d_mpi_get_timings");
    MPI_Barrier(MPI_COMM_WORLD);
    double s = MPI_Wtime();
    check(fft3d_mpi_forward(plan, data.get(), alloc), "fft3d_mpi_forward");
    s = MPI_Wtime() - s;
    check(fft3d_mpi_get_timings(plan, &t, 1), "fft3d_mpi_get_timings");
    double v[4] = {s, t.local, t.pack, t.exchange};
    MPI_Allreduce(MPI_IN_PLACE, v, 4, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    total.push_back(v[0]);
    local.push_back(v[1]);
    pack.push_back(v[2]);
    exchange.push_back(v[3]);
    bytes_sent = t.bytes_sent;
    check(fft3d_mpi_inverse(plan, data.get(), alloc), "fft3d_mpi_inverse");
  }
  double error = -1;
  if (o.check) {
    std::vector<unsigned char> after;
    data.download(&after);
    error = f32 ? round_trip_error<float>(initial, after, in, real, o.nx)
                : round_trip_error<double>(initial, after, in, real, o.nx);
  }
  MPI_Allreduce(MPI_IN_PLACE, &bytes_sent, 1, MPI_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
  const long long local_bytes = static_cast<long long>(bytes);
  const double a2a = alltoall_seconds(local_bytes, ranks);

  if (g_rank == 0) {
    size_t needed = 0;
    fft3d_mpi_plan_describe(plan, nullptr, 0, &needed);
    std::string text(needed, '\0');
    fft3d_mpi_plan_describe(plan, &text[0], needed, nullptr);
    const double n = static_cast<double>(o.nx) * o.ny * o.nz;
    const double flops = (real ? 2.5 : 5.0) * n * std::log2(n);
    const double t = median(total), tx = median(exchange);
    std::printf("%s\n", text.c_str());
    std::printf("ranks %d, plan %.3f s, %d timed forwards after %d warm-up\n", ranks, plan_s, o.iterations, o.warmup);
    std::printf("forward   %10.3f ms  (%.1f GFLOP/s)\n", 1e3 * t, flops / t * 1e-9);
    std::printf("  local   %10.3f ms\n  pack    %10.3f ms\n  exchange%10.3f ms  (%.2f GB/s per rank, %lld bytes sent)\n",
                1e3 * median(local), 1e3 * median(pack), 1e3 * tx, tx > 0 ? bytes_sent / tx * 1e-9 : 0.0,
                bytes_sent);
    std::printf("MPI_Alltoall of %lld bytes per rank on host memory: %.3f ms (%.2f GB/s per rank)\n", local_bytes,
                1e3 * a2a, a2a > 0 ? local_bytes * (ranks - 1.0) / ranks / a2a * 1e-9 : 0.0);
    if (o.check) std::printf("round-trip relative L2 error after %d round trips: %.3g\n", o.warmup + o.iterations, error);
    std::printf("csv,%d,%d,%d,%s,%d,%s,%.6f,%.6f,%.6f,%.6f,%lld,%.6f,%.3g\n", o.nx, o.ny, o.nz,
                real ? (f32 ? "r2c-f32" : "r2c-f64") : (f32 ? "c2c-f32" : "c2c-f64"), ranks,
                backend == FFT3D_BACKEND_GPU ? "gpu" : "cpu", 1e3 * t, 1e3 * median(local), 1e3 * median(pack),
                1e3 * tx, bytes_sent, 1e3 * a2a, error);
  }
  check(fft3d_mpi_plan_destroy(plan), "fft3d_mpi_plan_destroy");
  MPI_Finalize();
  return 0;
}
