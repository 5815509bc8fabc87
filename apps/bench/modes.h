// Options shared by every benchmark mode, and the list of modes. A mode is one
// source file defining one run_*() function; adding one means declaring it
// here, listing it in modes(), and adding the file to CMakeLists.txt.
#pragma once
#include <string>
#include <vector>

#include "mpi_options.h"

namespace fft3d_bench {

enum class Precision { f32, f64 };

inline const char* precision_name(Precision p) { return p == Precision::f32 ? "f32" : "f64"; }

struct BenchOptions {
  // As typed on the command line: each mode parses its own size syntax
  // ("432" for batched 1-D, a 3-D mode may want "128x128x64"). Empty: defaults.
  std::vector<std::string> sizes;
  std::vector<Precision> precisions;
  long long bytes = 0;     // data per size, in bytes
  int repeats = 0;         // timed repetitions; the median is reported
  std::string csv_path;    // empty: no CSV
  unsigned tuning = 0;     // FFT3D_ESTIMATE or FFT3D_MEASURE
  std::string tuning_name; // "estimate" or "measure", for the report
  bool describe_only = false;  // print each size's plan, then stop: no data, no timing
  std::string transform_type = "c2c";  // --3d: "c2c" or "r2c"
  bool sweep = false;                  // --3d --sweep: the issue-9 cubes, with pass floors
  bool check_every_size = false;       // --3d: errors against FFTW above 256^3 points too
  std::string profile_library;         // --3d --profile-once: "fft3d" or "cufft"; empty: off
  bool profile_inverse = false;        // --profile-inverse: profile the C2R inverse, not the R2C forward
  double copy_gbps = 0;                // device copy bandwidth measured by the header; 0: none
  MpiOptions mpi;                      // --mpi alone: decomposition, backend, transport, ...
};

// False when the run only describes plans or profiles one transform: then
// nothing is timed and no table or CSV is written.
inline bool times_transforms(const BenchOptions& options) {
  return !options.describe_only && options.profile_library.empty();
}

struct Mode {
  const char* flag;           // command-line flag selecting the mode
  const char* help;
  int (*run)(const BenchOptions& options);  // returns the exit status
};

int run_batched1d(const BenchOptions& options);
int run_grid3d(const BenchOptions& options);
int run_grid3d_real(const BenchOptions& options);  // --3d --type r2c
int run_host_roundtrip(const BenchOptions& options);
int run_mpi_scaling(const BenchOptions& options);  // starts and ends MPI itself

inline const std::vector<Mode>& modes() {
  static const std::vector<Mode> all = {
      {"--batched1d",
       "batched 1-D C2C forward transforms: fft3d vs cuFFT vs device copy "
       "(default sizes 64,128,192,256,432,480,512,1024,2048,4096)",
       run_batched1d},
      {"--3d",
       "3-D C2C forward transforms in place: fft3d vs cuFFT (default grids: cubes "
       "64,96,128,192,240,256,320,384,400,480,512 and 256x128x64,512x256x128,128x128x512,"
       "1024x64x64; --sizes takes 256 or NXxNYxNZ, x contiguous; --type r2c: R2C forward and C2R "
       "inverse in place against cuFFT's, and against fft3d's own C2C; --sweep: cubes 32 to 512 with "
       "the two- and three-pass floors)",
       run_grid3d},
      {"--host",
       "GPU plans on host arrays end to end (fft3d_forward_host: staging, transform, copy back) next "
       "to pinned cudaMemcpy bandwidth (default: cubes 128,256,384 and rows 1d:256,1d:1024,1d:4096; "
       "--sizes takes 256, NXxNYxNZ or 1d:N)",
       run_host_roundtrip},
      {"--mpi",
       "distributed 3-D forward transforms (fft3d_mpi) on the CPU or the GPU backend, one rank per "
       "process under mpirun (or one rank alone): the slowest rank's time split into local FFTs, "
       "packing and exchange, next to MPI_Alltoall of the same volume and the round-trip error "
       "(default grid 128; --sizes takes 256 or NXxNYxNZ; --weak: NZ per rank; no CUDA device "
       "needed on the CPU backend)",
       run_mpi_scaling},
  };
  return all;
}

}  // namespace fft3d_bench
