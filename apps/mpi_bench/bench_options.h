// Command line of fft3d-mpi-bench.
#pragma once
#include <string>

#include "fft3d_mpi.h"

struct BenchOptions {
  int nx = 128, ny = 128, nz = 128;
  bool weak = false;  // nz is per rank: the global grid is nx x ny x (nz * ranks)
  fft3d_type type = FFT3D_C2C_F32;
  unsigned backend = 0;  // FFT3D_BACKEND_CPU / _GPU, 0 = the library's choice
  fft3d_mpi_options plan{};
  int warmup = 2, iterations = 10;
  bool check = true;  // round-trip error after timing
};

// Parses argv; returns false (after printing help or the error on rank 0)
// when the program should exit with *exit_code.
bool parse_options(int argc, char** argv, int rank, BenchOptions* out, int* exit_code);
