// Passes that walk their blocks from the last (GridPass::reversed, the pass
// order's run-time flag), run by the CPU block executor: grid block 0 of a
// reversed sweep transforms the last block's rows and nothing else; a whole
// reversed sweep is bit-for-bit the unreversed one (X rows, Y and Z
// one-pass columns, five-step A and B, ragged last blocks included); and
// whole schedules with reversed passes match FFTW.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "common/block_executor.h"
#include "fft1d/twiddle_table.h"
#include "fft1d/x_kernel_host.h"
#include "fft3d/grid_schedule.h"
#include "fft3d/grid_schedule_host.h"
#include "fft3d/pass_order.h"
#include "multirow/five_step_host.h"
#include "oracle.h"
#include "tune/pass_check.h"

namespace fft3d {
namespace {

using fft3d_test::cplx;

template <typename Real>
using Data = std::vector<kern::Complex<Real>>;

// One forward sweep of a grid pass (its X kernel, or five-step A or B):
// rows or columns per block, and a run of its first `blocks` grid blocks
// (all of them when blocks < 0) walking as `reversed` says.
template <typename Real>
struct Sweep {
  GridPass pass;
  bool five_step_b = false;

  int per_block() const {
    return pass.is_five_step() ? pass.five_step.columns_per_block : pass.variant.rows_per_block;
  }
  void run(Data<Real>& data, bool reversed, long long blocks = -1) const {
    const Precision precision = precision_of<Real>();
    const auto table = forward_twiddle_table<Real>(pass.n);
    kern::XArgs<Real> args{data.data(), pass.count, table.data(), pass.geometry};
    args.reversed = reversed;
    const long long all = (pass.count + per_block() - 1) / per_block();
    if (blocks < 0) blocks = all;
    if (pass.is_five_step())
      run_blocks_on_cpu(FiveStepOnHost<Real, -1>{five_step_layout(pass.five_step, five_step_b), args}, blocks);
    else {
      const kern::XLayout layout = make_x_layout(pass.n, precision, pass.variant);
      run_blocks_on_cpu(XKernelOnHost<Real, -1>{layout, args, layout.shared_bytes(sizeof(Real))}, blocks);
    }
  }
};

template <typename Real>
Data<Real> random_data(long long count, unsigned seed) {
  const std::vector<cplx> in = fft3d_test::random_complex(static_cast<size_t>(count), seed);
  Data<Real> out(in.size());
  for (size_t i = 0; i < in.size(); ++i)
    out[i] = kern::make_complex(static_cast<Real>(in[i].real()), static_cast<Real>(in[i].imag()));
  return out;
}

template <typename Real>
bool same_bits(const kern::Complex<Real>& a, const kern::Complex<Real>& b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

// The sweep reversed: bit-identical to the sweep in order, and its grid
// block 0 alone transforms exactly the rows of the last block. Returns
// whether the last block is ragged.
template <typename Real>
bool check_sweep(const Sweep<Real>& sweep, long long grid_elements, const std::string& what) {
  const PassShape shape = pass_shape(sweep.pass);
  EXPECT_GT(shape.count, sweep.per_block()) << what << ": one block only, nothing to reverse";
  const Data<Real> input = random_data<Real>(grid_elements, static_cast<unsigned>(grid_elements + sweep.pass.n));
  Data<Real> in_order = input, reversed = input, first_block = input;
  sweep.run(in_order, false);
  sweep.run(reversed, true);
  sweep.run(first_block, true, 1);
  long long differing = 0, wrong_first = 0, changed_first = 0;
  const long long last_block = (shape.count - 1) / sweep.per_block();
  for (long long r = 0; r < shape.count; ++r)
    for (int j = 0; j < shape.n; ++j) {
      const size_t e = static_cast<size_t>(shape.element(r, j));
      differing += !same_bits(in_order[e], reversed[e]);
      const bool in_last = r / sweep.per_block() == last_block;
      wrong_first += !same_bits(first_block[e], in_last ? in_order[e] : input[e]);
      changed_first += !same_bits(first_block[e], input[e]);
    }
  EXPECT_EQ(differing, 0) << what << ": reversed differs from in order";
  EXPECT_EQ(wrong_first, 0) << what << ": grid block 0 reversed is not the last block";
  EXPECT_GT(changed_first, 0) << what << ": grid block 0 reversed changed nothing";
  if (!sweep.pass.is_five_step()) {  // one sweep is the whole transform: check it
    const std::vector<long long> rows = rows_to_check(shape, sweep.per_block());
    std::vector<std::complex<double>> before, after;
    for (long long r : rows)
      for (int j = 0; j < shape.n; ++j) {
        const size_t e = static_cast<size_t>(shape.element(r, j));
        before.emplace_back(input[e].re, input[e].im);
        after.emplace_back(reversed[e].re, reversed[e].im);
      }
    const Precision precision = precision_of<Real>();
    EXPECT_LE(rows_relative_error(before, after, shape.n, -1), pass_error_bound(precision, shape.n)) << what;
  }
  return shape.count % sweep.per_block() != 0;
}

// Every sweep of the schedule; returns how many had a ragged last block.
template <typename Real>
int check_schedule_sweeps(int nx, int ny, int nz, ColumnMethod method) {
  int ragged = 0;
  const Precision precision = precision_of<Real>();
  const long long elements = static_cast<long long>(nx) * ny * nz;
  for (const GridPass& pass : make_grid_schedule(nx, ny, nz, precision, DeviceLimits{}, method)) {
    const std::string what = std::string("pass ") + pass.axis + " of " + std::to_string(nx) + "x" +
                             std::to_string(ny) + "x" + std::to_string(nz) + " " + precision_name(precision);
    const std::string first = what + (pass.is_five_step() ? " five-step A" : "");
    ragged += check_sweep<Real>(Sweep<Real>{pass, false}, elements, first);
    if (pass.is_five_step()) ragged += check_sweep<Real>(Sweep<Real>{pass, true}, elements, what + " five-step B");
  }
  return ragged;
}

TEST(PassOrderExecutor, WalkedBlockIsAPermutationFromTheLast) {
  for (long long rows = 1; rows <= 40; ++rows)
    for (int per : {1, 3, 4, 16}) {
      const long long blocks = (rows + per - 1) / per;
      std::vector<int> seen(static_cast<size_t>(blocks), 0);
      for (long long b = 0; b < blocks; ++b) {
        EXPECT_EQ(kern::walked_block(b, rows, per, false), b);
        const long long w = kern::walked_block(b, rows, per, true);
        ASSERT_GE(w, 0);
        ASSERT_LT(w, blocks);
        ++seen[static_cast<size_t>(w)];
      }
      EXPECT_EQ(kern::walked_block(0, rows, per, true), blocks - 1);
      for (int s : seen) EXPECT_EQ(s, 1) << rows << " rows, " << per << " per block";
    }
}

TEST(PassOrderExecutor, RowsAndOnePassColumns) {
  int ragged = check_schedule_sweeps<float>(48, 20, 7, ColumnMethod::one_pass);
  ragged += check_schedule_sweeps<double>(48, 20, 7, ColumnMethod::one_pass);
  ragged += check_schedule_sweeps<float>(27, 12, 10, ColumnMethod::one_pass);
  EXPECT_GE(ragged, 2);
}

TEST(PassOrderExecutor, FiveStepSweeps) {
  int ragged = check_schedule_sweeps<float>(10, 64, 9, ColumnMethod::five_step);
  ragged += check_schedule_sweeps<double>(10, 64, 9, ColumnMethod::five_step);
  EXPECT_GE(ragged, 2);  // five-step Y of 10 x 9 columns: 32 and 16 per block
}

// A schedule run on the CPU with the given reversed flags, forward and
// inverse against FFTW's 3-D transform; the forward is also bit-identical
// to the schedule in order.
template <typename Real>
void check_grid(const std::vector<GridPass>& reversed, int nx, int ny, int nz, const std::string& what) {
  const bool single = sizeof(Real) == 4;
  const long long count = static_cast<long long>(nx) * ny * nz;
  const Data<Real> input = random_data<Real>(count, static_cast<unsigned>(count));
  std::vector<cplx> rounded(input.size());
  for (size_t i = 0; i < input.size(); ++i) rounded[i] = cplx(input[i].re, input[i].im);
  std::vector<GridPass> in_order = reversed;
  apply_pass_order(in_order, PassOrder::in_order);
  const double bound = fft3d_test::fft_error_bound(single, static_cast<double>(count));
  for (int sign : {-1, +1}) {
    Data<Real> a = input, b = input;
    run_grid_schedule_on_cpu<Real>(reversed, a.data(), sign);
    run_grid_schedule_on_cpu<Real>(in_order, b.data(), sign);
    EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof a[0]), 0) << what << " sign " << sign;
    std::vector<cplx> got(a.size());
    for (size_t i = 0; i < a.size(); ++i) got[i] = cplx(a[i].re, a[i].im);
    EXPECT_LE(fft3d_test::relative_l2_error(got, fft3d_test::fftw_3d(rounded, nx, ny, nz, sign)), bound)
        << what << " sign " << sign;
  }
}

// Every sweep reversed (except the fused XY pass, which never is), and the
// alternating order, over separate, five-step, fused and split-Y schedules.
TEST(PassOrderExecutor, ReversedSchedulesMatchFFTW) {
  struct Case {
    int nx, ny, nz;
    ColumnMethod method;
    PlaneMethod planes;
  };
  const Case cases[] = {{48, 20, 7, ColumnMethod::automatic, PlaneMethod::separate},
                        {12, 64, 9, ColumnMethod::five_step, PlaneMethod::separate},
                        {16, 16, 16, ColumnMethod::automatic, PlaneMethod::fused},
                        {12, 64, 9, ColumnMethod::five_step, PlaneMethod::fused},
                        {12, 10, 1, ColumnMethod::automatic, PlaneMethod::separate},
                        {30, 21, 40, ColumnMethod::automatic, PlaneMethod::split}};  // the cross phase's block
  for (const Case& c : cases)
    for (Precision precision : {Precision::f32, Precision::f64}) {
      std::vector<GridPass> all =
          make_grid_schedule(c.nx, c.ny, c.nz, precision, DeviceLimits{}, c.method, {}, c.planes);
      std::vector<GridPass> alternating = all;
      apply_pass_order(alternating, PassOrder::alternating);
      for (GridPass& p : all) p.reversed = p.reversed_b = !p.is_fused_xy();
      const std::string what = std::to_string(c.nx) + "x" + std::to_string(c.ny) + "x" + std::to_string(c.nz) +
                               " " + precision_name(precision);
      if (precision == Precision::f32) {
        check_grid<float>(all, c.nx, c.ny, c.nz, what + " all reversed");
        check_grid<float>(alternating, c.nx, c.ny, c.nz, what + " alternating");
      } else {
        check_grid<double>(all, c.nx, c.ny, c.nz, what + " all reversed");
        check_grid<double>(alternating, c.nx, c.ny, c.nz, what + " alternating");
      }
    }
}

}  // namespace
}  // namespace fft3d
