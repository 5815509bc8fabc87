// Real 3-D transforms composed as the GPU real plan composes them (real-rows
// X pass, then Y and Z over the nx/2 + 1 complex columns; the inverse in
// reverse), run by the CPU block executor against FFTW's r2c/c2r in double
// precision: even, odd, non-cubic and degenerate grids, in place (padding
// poisoned) and out of place, one-pass and five-step columns, normalised.
#include <gtest/gtest.h>

#include <limits>

#include "common/error.h"
#include "fft3d/grid_schedule_host.h"
#include "oracle.h"
#include "real_oracle.h"

namespace fft3d {
namespace {

using fft3d_test::cplx;

struct Grid {
  int nx, ny, nz;
};

template <typename Real>
void check_grid(Grid g, bool in_place, ColumnMethod method, unsigned seed) {
  const bool single = sizeof(Real) == 4;
  const Precision precision = single ? Precision::f32 : Precision::f64;
  const DeviceLimits limits{};
  const RealRowsPass x = make_real_rows_pass(g.nx, static_cast<long long>(g.ny) * g.nz, precision, limits);
  const int half = g.nx / 2 + 1;
  const std::vector<GridPass> columns = make_column_schedule(half, g.ny, g.nz, precision, limits, method);
  const size_t rows = static_cast<size_t>(g.ny) * g.nz;
  const size_t real_pitch = in_place ? 2 * half : g.nx, complex_pitch = 2 * half;
  const Real nan = std::numeric_limits<Real>::quiet_NaN();
  const double bound = 2 * fft3d_test::fft_error_bound(single, double(g.nx) * g.ny * g.nz);
  const std::string name = std::to_string(g.nx) + "x" + std::to_string(g.ny) + "x" + std::to_string(g.nz) +
                           (in_place ? " in place" : " out of place");

  // Forward: real input rounded to Real, padding poisoned.
  std::vector<double> reals = fft3d_test::random_reals(rows * g.nx, seed);
  for (double& v : reals) v = static_cast<Real>(v);
  std::vector<Real> in = fft3d_test::to_pitched<Real>(reals, g.nx, real_pitch, nan);
  std::vector<Real> out(in_place ? 0 : rows * complex_pitch, nan);
  Real* out_ptr = in_place ? in.data() : out.data();
  run_real_grid_on_cpu<Real>(x, columns, in.data(), out_ptr, -1, static_cast<long long>(real_pitch));
  const std::vector<Real>& spectrum_side = in_place ? in : out;
  std::vector<cplx> got(rows * half);
  for (size_t i = 0; i < got.size(); ++i) got[i] = cplx(spectrum_side[2 * i], spectrum_side[2 * i + 1]);
  const std::vector<cplx> want = fft3d_test::fftw_r2c_3d(reals, g.nx, g.ny, g.nz);
  EXPECT_LE(fft3d_test::relative_l2_error(got, want), bound) << "forward " << name;

  // Inverse, normalised, of the exact spectrum rounded to Real.
  std::vector<Real> spectrum(rows * complex_pitch);
  for (size_t i = 0; i < want.size(); ++i) {
    spectrum[2 * i] = static_cast<Real>(want[i].real());
    spectrum[2 * i + 1] = static_cast<Real>(want[i].imag());
  }
  std::vector<cplx> rounded(want.size());
  for (size_t i = 0; i < want.size(); ++i) rounded[i] = cplx(spectrum[2 * i], spectrum[2 * i + 1]);
  std::vector<Real> back(in_place ? 0 : rows * g.nx, nan);
  Real* back_ptr = in_place ? spectrum.data() : back.data();
  const double n = double(g.nx) * g.ny * g.nz;
  run_real_grid_on_cpu<Real>(x, columns, spectrum.data(), back_ptr, +1, static_cast<long long>(real_pitch), 1.0 / n);
  const std::vector<double> field = fft3d_test::from_pitched<double>(in_place ? spectrum : back, g.nx, real_pitch, rows);
  std::vector<double> expect = fft3d_test::fftw_c2r_3d(rounded, g.nx, g.ny, g.nz);
  std::vector<cplx> got_r(field.begin(), field.end()), want_r(expect.size());
  for (size_t i = 0; i < expect.size(); ++i) want_r[i] = expect[i] / n;
  EXPECT_LE(fft3d_test::relative_l2_error(got_r, want_r), bound) << "inverse " << name;
}

const Grid kGrids[] = {{8, 6, 4},  {7, 5, 3},  {12, 10, 6}, {9, 9, 9}, {16, 1, 9}, {1, 8, 4},  {2, 3, 5},
                       {1, 1, 1},  {4, 1, 1},  {3, 1, 1},   {32, 16, 8}, {30, 14, 2}, {2, 2, 2}, {125, 3, 2}};

template <typename Real>
void sweep() {
  unsigned seed = 1;
  for (const Grid& g : kGrids)
    for (bool in_place : {true, false}) check_grid<Real>(g, in_place, ColumnMethod::automatic, seed++);
}

TEST(RealGridExecutor, GridsF32) { sweep<float>(); }
TEST(RealGridExecutor, GridsF64) { sweep<double>(); }

TEST(RealGridExecutor, FiveStepColumns) {
  check_grid<float>({32, 16, 16}, true, ColumnMethod::five_step, 7);
  check_grid<double>({10, 16, 12}, false, ColumnMethod::five_step, 8);
}

TEST(RealGridExecutor, RealRowsPassChoosesTheMethodByParity) {
  const DeviceLimits limits{};
  EXPECT_EQ(make_real_rows_pass(256, 1, Precision::f32, limits).kernel_n, 128);
  EXPECT_EQ(make_real_rows_pass(256, 1, Precision::f32, limits).variant.real, RealRows::half);
  EXPECT_EQ(make_real_rows_pass(243, 1, Precision::f32, limits).kernel_n, 243);
  EXPECT_EQ(make_real_rows_pass(243, 1, Precision::f32, limits).variant.real, RealRows::pair);
  EXPECT_EQ(make_real_rows_pass(2, 1, Precision::f64, limits).variant.real, RealRows::full);
  EXPECT_EQ(make_real_rows_pass(1, 1, Precision::f64, limits).kernel_n, 0);
  // Real rows keep the heuristic's form where complex rows take a measured
  // one (estimate_x_variant): with it, R2C and C2R of 343^3 ran 2-13 % slower.
  // Pairs of 343 take their own (gap padding; f32 five rows a block, f64
  // computed twiddles: measured_real_row_form).
  for (Precision p : {Precision::f32, Precision::f64}) {
    EXPECT_EQ(make_real_rows_pass(343, 1, p, limits).variant.name(),
              p == Precision::f32 ? "r7-7-7.t49.rows5.pad-gap.tw-table.mb0.real-pair"
                                  : "r7-7-7.t49.rows2.pad-gap.tw-sincos.mb0.real-pair");
    EXPECT_EQ(make_real_rows_pass(1000, 1, p, limits).variant.min_blocks_per_sm, 0);  // 500-point half rows
    EXPECT_FALSE(estimate_x_variant(343, p, limits).twiddle_table);  // the measured form computes them
  }
  EXPECT_THROW(make_real_rows_pass(22, 1, Precision::f32, limits), Error);
}

}  // namespace
}  // namespace fft3d
