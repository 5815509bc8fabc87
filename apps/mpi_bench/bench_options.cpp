#include "bench_options.h"

#include <CLI/CLI.hpp>
#include <iostream>
#include <map>

bool parse_options(int argc, char** argv, int rank, BenchOptions* o, int* exit_code) {
  CLI::App app{"fft3d-mpi-bench: times distributed 3-D forward FFTs (mpirun -np P fft3d-mpi-bench ...)"};
  std::vector<int> size;
  std::string type = "c2c-f32", decomposition = "auto", backend = "auto", transport = "auto";
  bool transposed = false, no_split = false, no_check = false;
  app.add_option("-n,--size", size, "grid: N (a cube) or NX NY NZ")->expected(1, 3);
  app.add_flag("--weak", o->weak, "weak scaling: NZ is per rank (global NZ = NZ * ranks)");
  app.add_option("-t,--type", type, "c2c-f32, c2c-f64, r2c-f32 or r2c-f64");
  app.add_option("-d,--decomposition", decomposition, "auto, slab or pencil");
  app.add_option("--p1", o->plan.p1, "pencil process grid rows (with --p2; 0: chosen)");
  app.add_option("--p2", o->plan.p2, "pencil process grid columns");
  app.add_flag("--transposed", transposed, "transposed output (skip the final exchanges)");
  app.add_option("-b,--backend", backend, "auto, cpu or gpu");
  app.add_option("--transport", transport, "auto, host, nccl or gpu-aware");
  app.add_option("-w,--warmup", o->warmup, "untimed transforms first");
  app.add_option("-i,--iterations", o->iterations, "timed transforms");
  app.add_flag("--no-split", no_split, "do not synchronise GPU work between phases (total time only)");
  app.add_flag("--no-check", no_check, "skip the round-trip error check");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    *exit_code = rank == 0 ? app.exit(e) : (e.get_exit_code() != 0);
    return false;
  }
  if (size.size() == 1) o->nx = o->ny = o->nz = size[0];
  if (size.size() == 3) o->nx = size[0], o->ny = size[1], o->nz = size[2];
  const std::map<std::string, fft3d_type> types{
      {"c2c-f32", FFT3D_C2C_F32}, {"c2c-f64", FFT3D_C2C_F64}, {"r2c-f32", FFT3D_R2C_F32}, {"r2c-f64", FFT3D_R2C_F64}};
  const std::map<std::string, fft3d_mpi_decomposition> decompositions{
      {"auto", FFT3D_MPI_DECOMPOSITION_AUTO}, {"slab", FFT3D_MPI_SLAB}, {"pencil", FFT3D_MPI_PENCIL}};
  const std::map<std::string, unsigned> backends{{"auto", 0u}, {"cpu", FFT3D_BACKEND_CPU}, {"gpu", FFT3D_BACKEND_GPU}};
  const std::map<std::string, fft3d_mpi_transport> transports{{"auto", FFT3D_MPI_TRANSPORT_AUTO},
                                                               {"host", FFT3D_MPI_TRANSPORT_HOST},
                                                               {"nccl", FFT3D_MPI_TRANSPORT_NCCL},
                                                               {"gpu-aware", FFT3D_MPI_TRANSPORT_GPU_AWARE}};
  try {
    o->type = types.at(type);
    o->plan.decomposition = decompositions.at(decomposition);
    o->backend = backends.at(backend);
    o->plan.transport = transports.at(transport);
  } catch (const std::out_of_range&) {
    if (rank == 0) std::cerr << "fft3d-mpi-bench: unknown --type, --decomposition, --backend or --transport\n";
    *exit_code = 2;
    return false;
  }
  o->plan.transposed_out = transposed;
  o->plan.time_phases = !no_split;
  o->check = !no_check;
  return true;
}
