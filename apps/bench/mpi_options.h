// Options of --mpi alone (the distributed benchmark): plain values, so the
// command line is the same in a build without MPI. Grids, precision, --type,
// --repeats, --flags, --csv and --describe-only are the shared BenchOptions.
#pragma once
#include <string>
#include <vector>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace fft3d_bench {

struct MpiOptions {
  bool weak = false;                   // NZ is per rank: the grid is NX x NY x (NZ * ranks)
  std::string decomposition = "auto";  // auto, slab or pencil
  int p1 = 0, p2 = 0;                  // pencil process grid; 0, 0: chosen by the library
  bool transposed = false;             // transposed output: the final exchanges are skipped
  std::string backend = "auto";        // auto, cpu or gpu
  std::string transport = "auto";      // auto, host, nccl or gpu-aware
  int warmup = 2;                      // untimed round trips before the timed ones
  int pipeline = 0;  // fft3d_mpi_options.pipeline_chunks: 0 chosen, 1 off, N pieces per peer
  bool no_split = false;  // GPU phases not synchronised: the total is exact, the split is not
  bool no_check = false;  // no round-trip error
};

// Adds the --mpi options to `app`; returns them, so that main() can reject
// them in the other modes instead of ignoring them.
std::vector<CLI::Option*> add_mpi_options(CLI::App& app, MpiOptions* options);

}  // namespace fft3d_bench
