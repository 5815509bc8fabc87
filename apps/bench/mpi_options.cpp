#include "mpi_options.h"

#include <CLI/CLI.hpp>

namespace fft3d_bench {

std::vector<CLI::Option*> add_mpi_options(CLI::App& app, MpiOptions* o) {
  CLI::Option_group* group = app.add_option_group("mpi", "options of --mpi only");
  return {
      group->add_flag("--weak", o->weak,
                      "weak scaling: the grid's NZ is per rank (global NZ = NZ x ranks)"),
      group->add_option("-d,--decomposition", o->decomposition, "auto, slab or pencil")
          ->check(CLI::IsMember({"auto", "slab", "pencil"}))
          ->capture_default_str(),
      group->add_option("--p1", o->p1, "pencil process grid rows (with --p2; 0: chosen)")
          ->check(CLI::NonNegativeNumber),
      group->add_option("--p2", o->p2, "pencil process grid columns")->check(CLI::NonNegativeNumber),
      group->add_flag("--transposed", o->transposed, "transposed output (skip the final exchanges)"),
      group->add_option("-b,--backend", o->backend, "auto, cpu or gpu")
          ->check(CLI::IsMember({"auto", "cpu", "gpu"}))
          ->capture_default_str(),
      group->add_option("--transport", o->transport, "auto, host, nccl or gpu-aware")
          ->check(CLI::IsMember({"auto", "host", "nccl", "gpu-aware"}))
          ->capture_default_str(),
      group->add_option("--pipeline", o->pipeline,
                        "reshapes: 0 as the library chooses, 1 one all-to-all, N pipelined in N pieces per peer")
          ->check(CLI::Range(0, 1024))
          ->capture_default_str(),
      group->add_option("-w,--warmup", o->warmup, "untimed forward and inverse pairs first")
          ->check(CLI::Range(0, 1000000))
          ->capture_default_str(),
      group->add_flag("--no-split", o->no_split,
                      "do not synchronise GPU work between phases (total time only)"),
      group->add_flag("--no-check", o->no_check, "skip the round-trip error check"),
  };
}

}  // namespace fft3d_bench
