// Real 3-D transforms composed as the GPU real plan composes them (real-rows
// X pass, then Y and Z over the nx/2 + 1 complex columns; the inverse in
// reverse), run by the CPU block executor against FFTW's r2c/c2r in double
// precision: even, odd, non-cubic and degenerate grids, in place (padding
// poisoned) and out of place, one-pass and five-step columns, normalised;
// and small planes as real plane rows (X and Y in one pass, then Z) or
// small YZ planes as plane columns (X, then Y and Z in one pass).
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <tuple>
#include <vector>

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

// plane_rows: the plan's real plane rows (make_real_plane_rows_pass, forced);
// plane_columns: its plane columns (plane_columns_pass).
template <typename Real>
void check_grid(Grid g, bool in_place, ColumnMethod method, unsigned seed, bool plane_rows = false,
                bool plane_columns = false) {
  const bool single = sizeof(Real) == 4;
  const Precision precision = single ? Precision::f32 : Precision::f64;
  const DeviceLimits limits{};
  const std::optional<RealRowsPass> planes =
      plane_rows ? make_real_plane_rows_pass(g.nx, g.ny, g.nz, precision, limits, true) : std::nullopt;
  ASSERT_EQ(planes.has_value(), plane_rows);
  const RealRowsPass x =
      planes ? *planes : make_real_rows_pass(g.nx, static_cast<long long>(g.ny) * g.nz, precision, limits);
  const int half = g.nx / 2 + 1;
  std::vector<GridPass> columns = make_column_schedule(half, g.ny, g.nz, precision, limits, method);
  if (planes) columns = without_y_columns(columns);
  if (plane_columns) {
    const std::optional<GridPass> yz = plane_columns_pass(half, g.ny, g.nz, precision, limits);
    ASSERT_TRUE(yz && yz->is_plane_columns());
    columns = {*yz};
  }
  const size_t rows = static_cast<size_t>(g.ny) * g.nz;
  const size_t real_pitch = in_place ? 2 * half : g.nx, complex_pitch = 2 * half;
  const Real nan = std::numeric_limits<Real>::quiet_NaN();
  const double bound = 2 * fft3d_test::fft_error_bound(single, double(g.nx) * g.ny * g.nz);
  const std::string name = std::to_string(g.nx) + "x" + std::to_string(g.ny) + "x" + std::to_string(g.nz) +
                           (in_place ? " in place" : " out of place") + (plane_rows ? ", plane rows" : "") +
                           (plane_columns ? ", plane columns" : "");

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

// Two real planes a row: even and odd nx (the self-mirrored columns kx = 0
// and nx / 2), an odd plane count (the last row's second plane absent),
// ragged blocks, one plane (2-D), long Z columns; the inverse from an
// exact (Hermitian) spectrum.
TEST(RealGridExecutor, PlaneRows) {
  unsigned seed = 40;
  for (bool in_place : {true, false}) {
    check_grid<float>({16, 16, 24}, in_place, ColumnMethod::automatic, seed++, true);
    check_grid<double>({16, 16, 7}, in_place, ColumnMethod::automatic, seed++, true);
    check_grid<float>({5, 12, 9}, in_place, ColumnMethod::automatic, seed++, true);
    check_grid<double>({8, 4, 35}, in_place, ColumnMethod::automatic, seed++, true);
    check_grid<float>({32, 6, 3}, in_place, ColumnMethod::automatic, seed++, true);
    check_grid<double>({3, 27, 2}, in_place, ColumnMethod::automatic, seed++, true);
    check_grid<float>({16, 8, 1}, in_place, ColumnMethod::automatic, seed++, true);
  }
  check_grid<float>({8, 8, 4096}, true, ColumnMethod::automatic, seed++, true);  // Z in long columns
}

// The complex side's YZ planes as plane columns: even and odd nx (odd
// column counts nx / 2 + 1, ragged blocks), composite and unequal ny, nz.
TEST(RealGridExecutor, PlaneColumns) {
  unsigned seed = 60;
  for (bool in_place : {true, false}) {
    check_grid<float>({64, 16, 16}, in_place, ColumnMethod::automatic, seed++, false, true);
    check_grid<double>({30, 8, 4}, in_place, ColumnMethod::automatic, seed++, false, true);
    check_grid<float>({7, 4, 8}, in_place, ColumnMethod::automatic, seed++, false, true);
    check_grid<double>({40, 12, 5}, in_place, ColumnMethod::automatic, seed++, false, true);
  }
}

// A C2R inverse from a half spectrum that is not Hermitian in its own
// mirror columns (kx = 0 and nx / 2): plane rows keep their Hermitian
// parts, as FFTW's C2R (which keeps the real part along x) does.
template <typename Real>
void check_plane_rows_take_hermitian_parts(int nx, int ny) {
  const Precision precision = sizeof(Real) == 4 ? Precision::f32 : Precision::f64;
  const std::optional<RealRowsPass> x = make_real_plane_rows_pass(nx, ny, 2, precision, DeviceLimits{}, true);
  ASSERT_TRUE(x);
  const int half = nx / 2 + 1;
  const size_t values = static_cast<size_t>(half) * ny * 2;
  const std::vector<cplx> spectrum = fft3d_test::random_complex(values, 99);
  std::vector<Real> in(2 * values), out(static_cast<size_t>(nx) * ny * 2, std::numeric_limits<Real>::quiet_NaN());
  std::vector<cplx> rounded(values);
  for (size_t i = 0; i < values; ++i) {
    in[2 * i] = static_cast<Real>(spectrum[i].real());
    in[2 * i + 1] = static_cast<Real>(spectrum[i].imag());
    rounded[i] = cplx(in[2 * i], in[2 * i + 1]);
  }
  run_real_grid_on_cpu<Real>(*x, {}, in.data(), out.data(), +1, nx);
  std::vector<cplx> got(out.begin(), out.end()), want(out.size());
  for (int plane = 0; plane < 2; ++plane) {
    const std::vector<cplx> one(rounded.begin() + plane * half * ny, rounded.begin() + (plane + 1) * half * ny);
    const std::vector<double> field = fft3d_test::fftw_c2r_3d(one, nx, ny, 1);
    std::copy(field.begin(), field.end(), want.begin() + static_cast<long>(plane) * nx * ny);
  }
  EXPECT_LE(fft3d_test::relative_l2_error(got, want), 2 * fft3d_test::fft_error_bound(sizeof(Real) == 4, nx * ny))
      << nx << "x" << ny;
}

TEST(RealGridExecutor, PlaneRowsTakeHermitianPartsOfMirrorColumns) {
  check_plane_rows_take_hermitian_parts<double>(16, 16);
  check_plane_rows_take_hermitian_parts<float>(8, 6);
  check_plane_rows_take_hermitian_parts<double>(5, 12);
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
  // Pairs of 343 take their own (gap padding; f32 five rows a block and the
  // plain thread index, f64 computed twiddles: measured_real_row_form).
  for (Precision p : {Precision::f32, Precision::f64}) {
    EXPECT_EQ(make_real_rows_pass(343, 1, p, limits).variant.name(),
              p == Precision::f32 ? "r7-7-7.t49.rows5.pad-gap.tw-table.mb0.real-pair.idx-plain"
                                  : "r7-7-7.t49.rows2.pad-gap.tw-sincos.mb0.real-pair");
    EXPECT_EQ(make_real_rows_pass(1000, 1, p, limits).variant.min_blocks_per_sm, 0);  // 500-point half rows
    EXPECT_FALSE(estimate_x_variant(343, p, limits).twiddle_table);  // the measured form computes them
  }
  EXPECT_THROW(make_real_rows_pass(22, 1, Precision::f32, limits), Error);
}

// Short half rows spread over threads that read neighbouring points, not
// one thread a row (short_row_form); the executor sweep
// (RealRowsExecutor.EvenLengths*) runs these forms against FFTW.
TEST(RealGridExecutor, ShortRealRowsTakeSeveralThreadsARow) {
  const DeviceLimits limits{};
  const std::vector<std::tuple<int, Precision, std::string>> expected = {
      {8, Precision::f32, "r2-2.t2.rows64.pad-none.tw-sincos.mb0.real-half"},
      {8, Precision::f64, "r2-2.t2.rows64.pad-none.tw-sincos.mb0.real-half"},
      {16, Precision::f32, "r2-4.t4.rows64.pad-none.tw-sincos.mb0.real-half"},
      {16, Precision::f64, "r2-4.t4.rows32.pad-none.tw-sincos.mb0.real-half"},
      {32, Precision::f32, "r4-4.t4.rows64.pad-gap.tw-sincos.mb0.real-half"},
      {32, Precision::f64, "r4-4.t4.rows32.pad-none.tw-sincos.mb0.real-half"},
      {64, Precision::f32, "r4-8.t8.rows32.pad-gap.tw-sincos.mb0.real-half"},
      {64, Precision::f64, "r4-8.t8.rows16.pad-gap.tw-sincos.mb0.real-half"},
  };
  for (const auto& [n, precision, name] : expected)
    EXPECT_EQ(make_real_rows_pass(n, 1, precision, limits).variant.name(), name) << n;
  // Complex rows of 8 and 16 likewise, unpadded.
  EXPECT_EQ(estimate_x_variant(8, Precision::f32, limits).name(), "r2-4.t4.rows64.pad-none.tw-sincos.mb0");
  EXPECT_EQ(estimate_x_variant(8, Precision::f64, limits).name(), "r2-4.t4.rows32.pad-none.tw-sincos.mb0");
  EXPECT_EQ(estimate_x_variant(16, Precision::f32, limits).name(), "r4-4.t4.rows64.pad-none.tw-sincos.mb0");
  EXPECT_EQ(estimate_x_variant(16, Precision::f64, limits).name(), "r4-4.t4.rows16.pad-none.tw-sincos.mb0");
}

}  // namespace
}  // namespace fft3d
