// Runs a grid schedule with the CPU block executor: the passes the GPU plan
// launches, executed on host data (tests and the CPU reference of kernels).
#pragma once
#include <algorithm>

#include "fft1d/cluster_row_host.h"
#include "fft1d/twiddle_table.h"
#include "fft1d/x_kernel_host.h"
#include "fft3d/grid_schedule.h"
#include "xy/xy_kernel_host.h"

namespace fft3d {

// In place; the last pass multiplies by last_scale as it stores.
template <typename Real>
void run_grid_schedule_on_cpu(const std::vector<GridPass>& passes, kern::Complex<Real>* data, int sign,
                              double last_scale = 1.0) {
  const Precision precision = precision_of<Real>();
  for (const GridPass& p : passes) {
    const auto table = forward_twiddle_table<Real>(p.n);
    const Real scale = static_cast<Real>(&p == &passes.back() ? last_scale : 1.0);
    kern::XArgs<Real> args{data, p.count, table.data(), p.geometry, scale};
    args.reversed = p.reversed;
    if (p.is_fused_xy()) {
      const auto y_table = forward_twiddle_table<Real>(p.ny);
      const kern::XYArgs<Real> xy{data, p.count, p.geometry.outer, table.data(), y_table.data(), scale};
      run_xy_kernel_on_cpu<Real>(make_xy_layout(p.n, p.ny, precision, p.xy, std::max(p.split, 1), p.row_stride),
                                 sign, xy);
      if (!p.side.empty())  // the last planes, in separate X and Y passes
        run_grid_schedule_on_cpu<Real>(p.side, data + p.side_offset, sign, scale);
    } else if (p.is_five_step()) {
      run_five_step_on_cpu<Real>(p.five_step, sign, args, p.reversed_b);
    } else if (p.is_long_column()) {
      run_long_column_on_cpu<Real>(p.long_column, sign, data, p.count, p.geometry, scale);
    } else if (p.is_cluster_row()) {
      const kern::ClusterRowLayout layout = make_cluster_row_layout(p.n, precision, p.cluster_row);
      const auto local_table = forward_twiddle_table<Real>(layout.local.n);
      const kern::RowGeometry geometry = p.cluster_row.columns > 0 ? p.geometry : kern::RowGeometry{1, 0, 1};
      kern::XArgs<Real> lines{data, p.count, local_table.data(), geometry, scale};
      run_cluster_rows_on_cpu<Real>(layout, sign, lines);
    } else {
      kern::XLayout layout = make_x_layout(p.n, precision, p.variant);
      layout.cross = p.split;
      run_x_kernel_on_cpu<Real>(layout, sign, args);
    }
  }
}

// A real transform as the GPU real plan runs it: forward, the real rows from
// `in` (rows real_pitch reals apart) to the complex side in `out`, then the
// columns of `out`; inverse, the columns of `in`, then its rows into `out`
// (in the inverse's own variant where it has one, RealRowsPass::variant_for).
// The complex side's rows are 2 (nx/2 + 1) reals apart; in == out is in place.
template <typename Real>
void run_real_grid_on_cpu(const RealRowsPass& x, const std::vector<GridPass>& columns, Real* in, Real* out,
                          int sign, long long real_pitch, double scale = 1.0) {
  const Precision precision = precision_of<Real>();
  const long long complex_pitch = 2LL * (x.nx / 2 + 1);
  auto rows = [&](Real* from, Real* to, long long from_pitch, long long to_pitch, double s) {
    if (x.kernel_n == 0) {  // nx = 1: X[0] = x[0]
      for (long long r = 0; r < x.rows; ++r) {
        to[r * to_pitch] = from[r * from_pitch] * static_cast<Real>(s);
        if (sign < 0) to[r * to_pitch + 1] = Real(0);
      }
      return;
    }
    const kern::ClusterRowLayout cluster_layout =
        x.is_cluster_row() ? make_cluster_row_layout(x.kernel_n, precision, x.cluster_row) : kern::ClusterRowLayout{};
    const auto table = forward_twiddle_table<Real>(x.is_cluster_row() ? cluster_layout.local.n : x.kernel_n);
    kern::XArgs<Real> args{reinterpret_cast<kern::Complex<Real>*>(from), x.rows, table.data(), {1, 0, 1},
                           static_cast<Real>(s)};
    args.out = from == to ? nullptr : reinterpret_cast<kern::Complex<Real>*>(to);
    args.in_pitch = from_pitch * x.x_rows_per_row();  // plane rows: a plane apart
    args.out_pitch = to_pitch * x.x_rows_per_row();
    if (x.is_cluster_row())
      run_cluster_rows_on_cpu<Real>(cluster_layout, sign, args);
    else
      run_x_kernel_on_cpu<Real>(make_x_layout(x.kernel_n, precision, x.variant_for(sign)), sign, args);
  };
  if (sign < 0) {
    rows(in, out, real_pitch, complex_pitch, 1.0);
    run_grid_schedule_on_cpu<Real>(columns, reinterpret_cast<kern::Complex<Real>*>(out), sign);
  } else {
    run_grid_schedule_on_cpu<Real>(columns, reinterpret_cast<kern::Complex<Real>*>(in), sign,
                                   x.kernel_n == 0 ? scale : 1.0);
    rows(in, out, complex_pitch, real_pitch, x.kernel_n == 0 ? 1.0 : scale);
  }
}

}  // namespace fft3d
