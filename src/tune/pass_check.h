// Where a pass's rows (or columns) lie, how to time it on more data than the
// L2 cache holds, and how to check its output against FFTW (complex passes,
// and the real rows of R2C/C2R): the host side of the GPU pass timers,
// tested on the CPU.
#pragma once
#include <complex>
#include <vector>

#include "common/precision.h"
#include "fft1d/x_kernel.h"
#include "fft3d/grid_schedule.h"

namespace fft3d {

struct PassShape {
  int n = 0;                    // points per row or column
  long long count = 0;          // rows or columns
  kern::RowGeometry geometry{1, 0, 1};
  bool columns = false;         // false: contiguous rows (geometry unused)

  // Index of point j of row (or column) r in the data.
  long long element(long long r, int j) const {
    return columns ? r % geometry.inner + r / geometry.inner * geometry.outer + j * geometry.stride
                   : r * n + j;
  }
  long long stride() const { return columns ? geometry.stride : 1; }
};

PassShape pass_shape(const GridPass& pass);

// Real rows (R2C forward, C2R inverse) to tune are an X pass whose variant
// has a RealRows form; pass.n is nx, the kernel transforms
// kernel_length(pass) points (nx / 2 for the half form).
bool is_real_rows(const GridPass& pass);
int kernel_length(const GridPass& pass);

// The real rows of nx in place, in complex values: each row's nx reals
// padded to 2 (nx/2 + 1), so row r is the nx/2 + 1 values from r (nx/2 + 1)
// (the forward's output, the inverse's input).
PassShape real_rows_shape(int nx, long long rows);

// The first nx reals of each of the padded rows (nx/2 + 1 complex values
// each, back to back).
std::vector<double> unpack_real_rows(const std::vector<std::complex<double>>& padded, int nx);

// The pass over `copies` grids of grid_elements laid back to back, so that
// timing runs on more data than the cache holds, in the pass's own geometry:
// every element of the copies belongs to exactly one row. Geometries that do
// not stack keep one copy (copies is then 1).
struct StackedShape {
  PassShape shape;
  long long copies = 1;
};
StackedShape stacked_shape(const PassShape& shape, long long grid_elements, long long copies);

// The rows to compare with the oracle: all of them when the pass has at most
// `all_up_to` elements; else the first and last two blocks (the ragged end
// included) and rows spread over the rest. Sorted, distinct.
std::vector<long long> rows_to_check(const PassShape& shape, int rows_per_block, long long all_up_to = 1 << 20);

// Relative L2 error of `got` against FFTW's DFT (double precision, sign -1
// forward, +1 backward) of `input`, both rows of n points back to back.
double rows_relative_error(const std::vector<std::complex<double>>& input,
                           const std::vector<std::complex<double>>& got, int n, int sign);

// Relative L2 error of a real-rows forward, `got` (rows of nx/2 + 1 complex
// values), against FFTW's r2c (double precision) of `reals` (rows of nx).
double real_rows_forward_error(const std::vector<double>& reals, const std::vector<std::complex<double>>& got,
                               int nx);

// Relative L2 error of a real-rows inverse, `got` (rows of nx reals),
// against FFTW's unnormalised c2r of `spectrum` (rows of nx/2 + 1), whose
// imaginary parts at 0 and nx/2 (even nx) count as 0: the kernel ignores
// them, as FFTW's c2r does.
double real_rows_inverse_error(const std::vector<std::complex<double>>& spectrum, const std::vector<double>& got,
                               int nx);

// The accepted error of one pass of length n, as in the tests: a
// Cooley-Tukey FFT with accurate twiddles errs like eps * log2(n); any
// indexing mistake gives 1e-2 or more.
double pass_error_bound(Precision precision, int n);

// The tuner's input data repeats every pattern_period(grid_elements) complex
// values: a prime, so that strided columns read unrelated values.
long long pattern_period(long long grid_elements);

}  // namespace fft3d
