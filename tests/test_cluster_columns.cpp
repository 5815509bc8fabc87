// Cluster columns (fft1d/cluster_row_kernel.h, ClusterRowLayout::columns):
// W neighbouring Y or Z columns of a grid on a cluster of blocks, one pass
// over memory with rows of W values. The CPU cluster executor against FFTW
// in whole grids (run_grid_schedule_on_cpu), the forms the chooser makes,
// and the bank-spreading row stride.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/error.h"
#include "fft1d/cluster_row.h"
#include "fft3d/grid_schedule.h"
#include "fft3d/grid_schedule_host.h"
#include "grid_schedule_check.h"
#include "oracle.h"

namespace fft3d {
namespace {

using fft3d_test::cplx;

// A preference that names clusters of `cluster` blocks and `columns` columns
// for every column pass, as FFT3D_COLUMN_CLUSTER does.
VariantPreference cluster_columns(int cluster, int columns, Precision precision, const DeviceLimits& limits) {
  return [=](const std::string& kind, int n, long long) -> std::optional<PreferredVariant> {
    if (kind != "cluster-columns") return std::nullopt;
    if (auto v = cluster_column_variant(n, precision, limits, cluster, columns)) return *v;
    return std::nullopt;
  };
}

// The grid with every Y and Z pass as cluster columns of `cluster` blocks
// and `columns` columns a cluster, forward and inverse on the executor
// against FFTW.
template <typename Real>
void check_grid(int nx, int ny, int nz, int cluster, int columns, const DeviceLimits& limits = {}) {
  const Precision precision = precision_of<Real>();
  const std::string grid = std::to_string(nx) + "x" + std::to_string(ny) + "x" + std::to_string(nz) + " " +
                           precision_name(precision) + ", clusters of " + std::to_string(cluster) + " x " +
                           std::to_string(columns) + " columns";
  const auto passes = make_grid_schedule(nx, ny, nz, precision, limits, ColumnMethod::cluster_column,
                                         cluster_columns(cluster, columns, precision, limits));
  for (const GridPass& p : passes)
    if (p.axis != 'x') {
      ASSERT_TRUE(p.is_cluster_row()) << grid << ": pass " << p.axis;
      ASSERT_EQ(p.cluster_row.cluster, cluster) << grid;
      ASSERT_EQ(p.cluster_row.columns, columns) << grid;
    }
  fft3d_test::expect_grid_matches_fftw<Real>(passes, nx, ny, nz, grid);
}

// The Y and Z passes alone, blocks in both orders: a missing cluster barrier
// shows in one of them (common/cluster_executor.h).
template <typename Real>
void check_columns_both_orders(int nx, int ny, int nz, int cluster, int columns) {
  const Precision precision = precision_of<Real>();
  const DeviceLimits limits;
  const auto v = cluster_column_variant(nz, precision, limits, cluster, columns);
  ASSERT_TRUE(v);
  const kern::ClusterRowLayout layout = make_cluster_row_layout(nz, precision, *v);
  const long long plane = static_cast<long long>(nx) * ny;
  const size_t count = static_cast<size_t>(plane) * nz;
  const auto in = fft3d_test::random_complex(count, 11u);
  std::vector<cplx> rounded(count);
  for (size_t i = 0; i < count; ++i)
    rounded[i] = cplx(static_cast<Real>(in[i].real()), static_cast<Real>(in[i].imag()));
  // Z alone: nz-point transforms of every (x, y) column, from FFTW's rows of
  // the transposed grid.
  std::vector<cplx> transposed(count);
  for (long long c = 0; c < plane; ++c)
    for (int z = 0; z < nz; ++z) transposed[c * nz + z] = rounded[z * plane + c];
  const std::vector<cplx> rows = fft3d_test::fftw_rows(transposed, nz, plane, -1);
  std::vector<cplx> want(count);
  for (long long c = 0; c < plane; ++c)
    for (int z = 0; z < nz; ++z) want[z * plane + c] = rows[c * nz + z];
  const auto table = forward_twiddle_table<Real>(layout.local.n);
  for (BlockOrder order : kBothBlockOrders) {
    std::vector<kern::Complex<Real>> data(count);
    for (size_t i = 0; i < count; ++i)
      data[i] = kern::make_complex(static_cast<Real>(rounded[i].real()), static_cast<Real>(rounded[i].imag()));
    kern::XArgs<Real> args{data.data(), plane, table.data(), {plane, plane, plane}, Real(1)};
    run_cluster_rows_on_cpu<Real>(layout, -1, args, order);
    std::vector<cplx> got(count);
    for (size_t i = 0; i < count; ++i) got[i] = cplx(data[i].re, data[i].im);
    EXPECT_LE(fft3d_test::relative_l2_error(got, want), fft3d_test::fft_error_bound(sizeof(Real) == 4, nz))
        << "Z columns of " << nz << (order == BlockOrder::ascending ? ", blocks ascending" : ", blocks descending");
  }
}

TEST(ClusterColumns, GridsMatchFftw) {
  // Every column length splits into C blocks of n points, n of at least two
  // stages and a multiple of C.
  check_grid<float>(16, 64, 128, 2, 16);
  check_grid<float>(16, 128, 128, 4, 16);
  check_grid<double>(8, 128, 64, 2, 8);
  check_grid<float>(24, 144, 72, 3, 8);   // a cluster of 3
  check_grid<double>(8, 100, 200, 5, 4);  // a cluster of 5
  check_grid<float>(20, 64, 64, 2, 24);   // groups straddle Y's rows (nx = 20), the last ragged
  check_grid<float>(4, 196, 98, 7, 32);   // a cluster of 7, groups wider than a row
}

TEST(ClusterColumns, BothBlockOrders) {
  check_columns_both_orders<float>(16, 8, 256, 4, 16);
  check_columns_both_orders<double>(8, 6, 96, 2, 8);
}

TEST(ClusterColumns, Forms) {
  const DeviceLimits limits;
  // Columns of 1024 f32 on 4 blocks of 256 points, 16 columns: the fewest
  // threads a column holding at most 32 values, a stride odd in banks.
  const auto v = cluster_column_variant(1024, Precision::f32, limits, 4, 16);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->columns, 16);
  EXPECT_EQ(v->local.rows_per_block, 16);
  const kern::ClusterRowLayout L = make_cluster_row_layout(1024, Precision::f32, *v);
  EXPECT_EQ(L.local.n, 256);
  EXPECT_LE(L.local.elems_per_thread(), kClusterValuesPerThread);
  EXPECT_EQ(L.local.row_stride() % 32, 1);
  EXPECT_EQ(L.threads(), 16 * L.local.threads_per_row);
  EXPECT_NE(v->name().find("cluster4.cols16."), std::string::npos) << v->name();
  const auto d = cluster_column_variant(2048, Precision::f64, limits, 8, 8);
  ASSERT_TRUE(d);
  EXPECT_EQ(make_cluster_row_layout(2048, Precision::f64, *d).local.row_stride() % 16, 1);
  // No cluster that does not divide the length or its blocks' points (the
  // gather's shares), none beyond the device.
  EXPECT_FALSE(cluster_column_variant(1000, Precision::f32, limits, 3, 16));
  EXPECT_FALSE(cluster_column_variant(96, Precision::f32, limits, 3, 16));  // 32 points a block
  DeviceLimits small = limits;
  small.shared_bytes_per_block = 16 * 1024;
  EXPECT_FALSE(cluster_column_variant(1024, Precision::f32, small, 2, 16));  // 64 KB a block
  // The form asked for without a shape: 128-byte rows, blocks of at most 64 KB.
  const auto e = estimate_cluster_column_variant(1024, Precision::f32, limits);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->columns, 16);
  EXPECT_EQ(e->cluster, 2);
  // Real rows on column clusters, or a local kernel of other lines, are refused.
  ClusterRowVariant bad = *v;
  bad.real = true;
  EXPECT_THROW(make_cluster_row_layout(1024, Precision::f32, bad), Error);
  bad = *v;
  bad.local.rows_per_block = 8;
  EXPECT_THROW(make_cluster_row_layout(1024, Precision::f32, bad), Error);
}

}  // namespace
}  // namespace fft3d
