// Cluster rows (fft1d/cluster_row_kernel.h): X rows too long for one block,
// each on a cluster of blocks in one pass over memory. The CPU cluster
// executor against FFTW, the layout's phases, and where the ESTIMATE takes
// the form.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/error.h"
#include "fft1d/cluster_row.h"
#include "fft1d/cluster_row_host.h"
#include "fft1d/twiddle_table.h"
#include "fft3d/grid_schedule.h"
#include "oracle.h"

namespace fft3d {
namespace {

using fft3d_test::cplx;

// `rows` rows of `length` run by the executor (clusters of `cluster`
// blocks, with the ESTIMATE's local kernel under `limits`) against FFTW, forward
// and normalised inverse, in place and out of place, in both block orders.
template <typename Real>
void check_cluster_rows(int length, long long rows, int cluster, const DeviceLimits& limits) {
  const Precision precision = precision_of<Real>();
  const std::string what = std::to_string(length) + " x " + std::to_string(rows) + " " +
                           precision_name(precision) + " on clusters of " + std::to_string(cluster);
  const auto variant = cluster_row_variant(length, precision, limits, cluster);
  ASSERT_TRUE(variant) << what;
  ASSERT_EQ(variant->cluster, cluster) << what;
  const kern::ClusterRowLayout layout = make_cluster_row_layout(length, precision, *variant);
  const size_t count = static_cast<size_t>(length) * static_cast<size_t>(rows);
  const auto in = fft3d_test::random_complex(count, static_cast<unsigned>(length + cluster));
  std::vector<kern::Complex<Real>> input(count);
  std::vector<cplx> rounded(count);
  for (size_t i = 0; i < count; ++i) {
    input[i] = kern::make_complex(static_cast<Real>(in[i].real()), static_cast<Real>(in[i].imag()));
    rounded[i] = cplx(input[i].re, input[i].im);
  }
  const auto table = forward_twiddle_table<Real>(layout.local.n);
  const double bound = fft3d_test::fft_error_bound(sizeof(Real) == 4, length);
  for (int sign : {-1, +1}) {
    const Real scale = sign < 0 ? Real(1) : static_cast<Real>(1.0 / length);
    std::vector<cplx> want = fft3d_test::fftw_rows(rounded, length, rows, sign);
    for (auto& x : want) x *= static_cast<double>(scale);
    for (BlockOrder order : kBothBlockOrders) {
      for (bool in_place : {true, false}) {
        std::vector<kern::Complex<Real>> data = input;
        std::vector<kern::Complex<Real>> out(count, kern::make_complex(Real(NAN), Real(NAN)));
        kern::XArgs<Real> args{data.data(), rows, table.data(), {1, 0, 1}, scale};
        if (!in_place) args.out = out.data();
        run_cluster_rows_on_cpu<Real>(layout, sign, args, order);
        const auto& got = in_place ? data : out;
        std::vector<cplx> got_complex(count);
        for (size_t i = 0; i < count; ++i) got_complex[i] = cplx(got[i].re, got[i].im);
        const std::string how = what + (sign < 0 ? ", forward" : ", inverse") +
                                (order == BlockOrder::ascending ? ", blocks ascending" : ", blocks descending") +
                                (in_place ? ", in place" : ", out of place");
        EXPECT_LE(fft3d_test::relative_l2_error(got_complex, want), bound) << how;
        if (!in_place) {
          for (size_t i = 0; i < count; ++i)
            ASSERT_TRUE(data[i].re == input[i].re && data[i].im == input[i].im) << how << ": input changed at " << i;
        }
      }
    }
  }
}

TEST(ClusterRows, ExecutorMatchesFftw) {
  DeviceLimits small;  // 16 KB blocks: f32 rows of 2048 or more fit none
  small.shared_bytes_per_block = 16 * 1024;
  check_cluster_rows<float>(4096, 3, 2, DeviceLimits{});  // clusters forced where a row fits a block
  check_cluster_rows<float>(4096, 3, 4, small);
  check_cluster_rows<double>(4096, 2, 8, small);
  check_cluster_rows<float>(4096, 2, 16, small);
  // Clusters that are not powers of two, and shares that do not divide evenly
  // (n = 1000 points over 3 blocks, 2000 / 5 = 400 over 5).
  check_cluster_rows<float>(3000, 2, 3, small);
  check_cluster_rows<double>(2000, 2, 5, small);
  check_cluster_rows<float>(1792, 2, 7, small);  // 256 a block
}

// The phases: a scatter, two per stage, a gather; cluster barriers after
// the scatter, the last stage and the gather, block barriers elsewhere.
TEST(ClusterRows, Phases) {
  const auto v = cluster_row_variant(32768, Precision::f32, DeviceLimits{});  // the smallest cluster
  ASSERT_TRUE(v);
  EXPECT_EQ(v->cluster, 2);
  EXPECT_EQ(v->local.rows_per_block, 1);
  const kern::ClusterRowLayout L = make_cluster_row_layout(32768, Precision::f32, *v);
  EXPECT_EQ(L.local.n, 16384);
  EXPECT_EQ(L.phases(), 2 * L.local.stages + 2);
  EXPECT_TRUE(L.scatters(0));
  EXPECT_TRUE(L.gathers(L.phases() - 1));
  for (int p = 0; p < L.phases(); ++p) {
    const bool cluster_barrier = p == 0 || p >= L.phases() - 2;
    EXPECT_EQ(L.cluster_barrier_after(p), cluster_barrier) << "phase " << p;
  }
  EXPECT_EQ(L.shape().share_begin(1), 8192);
  EXPECT_EQ(L.shape().share_end(1), 16384);
  EXPECT_EQ(L.shape().row_stride, L.local.row_stride());
  EXPECT_NE(v->name().find("cluster2.r"), std::string::npos) << v->name();
  // Layouts the kernel cannot run.
  ClusterRowVariant bad = *v;
  bad.local.rows_per_block = 2;
  EXPECT_THROW(make_cluster_row_layout(32768, Precision::f32, bad), Error);
  bad = *v;
  bad.cluster = 3;  // does not divide 32768
  EXPECT_THROW(make_cluster_row_layout(32768, Precision::f32, bad), Error);
}

// Where the ESTIMATE takes cluster rows: where no row kernel fits, on the
// smallest cluster of at most 8 blocks whose blocks have at most 256
// threads (several to an SM), else on the smallest of at most 8 blocks,
// else in f32 on the smallest that fits; long rows where none does, in f64
// beyond 8 blocks, or where forced.
TEST(ClusterRows, EstimateTakesClusterRowsWhereNoRowKernelFits) {
  const DeviceLimits limits;  // 227 KB a block, clusters of up to 16
  EXPECT_FALSE(row_pass(16384, 8, Precision::f32, limits).is_cluster_row());
  const GridPass f32 = row_pass(32768, 8, Precision::f32, limits);
  ASSERT_TRUE(f32.is_cluster_row());
  EXPECT_EQ(f32.cluster_row.cluster, 8);  // 4096 points on 256 threads
  EXPECT_LE(f32.cluster_row.local.threads_per_row, kClusterRowBlockThreads);
  EXPECT_EQ(f32.passes_over_memory(), 1);
  // f32 65536 and 131072: every cluster of at most 8 has blocks of 1024 threads; the smallest.
  EXPECT_EQ(row_pass(65536, 8, Precision::f32, limits).cluster_row.cluster, 4);
  EXPECT_EQ(row_pass(1 << 17, 1, Precision::f32, limits).cluster_row.cluster, 8);
  EXPECT_EQ(row_pass(1 << 18, 1, Precision::f32, limits).cluster_row.cluster, 16);
  EXPECT_EQ(row_pass(65536, 2, Precision::f64, limits).cluster_row.cluster, 8);
  const GridPass f64 = row_pass(32768, 4, Precision::f64, limits);
  ASSERT_TRUE(f64.is_cluster_row());
  EXPECT_EQ(f64.cluster_row.cluster, 8);
  const std::string text = describe_pass(f64, Precision::f64);
  EXPECT_NE(text.find("pass x: n=32768 x 4 cluster rows, each on a cluster of 8 blocks of 4096 points"),
            std::string::npos)
      << text;
  // f64 131072: only clusters of 16 blocks; long rows, unless forced.
  EXPECT_TRUE(row_pass(1 << 17, 2, Precision::f64, limits).is_long_column());
  EXPECT_EQ(row_pass(1 << 17, 2, Precision::f64, limits, {}, RowMethod::cluster_row).cluster_row.cluster, 16);
  // Clusters asked for by size, and forced.
  EXPECT_EQ(row_pass(32768, 8, Precision::f32, limits, {}, RowMethod::automatic, 4).cluster_row.cluster, 4);
  EXPECT_EQ(row_pass(4096, 8, Precision::f32, limits, {}, RowMethod::cluster_row).cluster_row.cluster, 2);
  EXPECT_THROW(row_pass(4096, 8, Precision::f32, limits, {}, RowMethod::cluster_row, 11), Error);
  // Beyond 16 blocks (f32 2^19 needs 32 of 16384): long rows.
  EXPECT_TRUE(row_pass(1 << 19, 1, Precision::f32, limits).is_long_column());
  DeviceLimits no_clusters;
  no_clusters.max_cluster = 0;
  EXPECT_TRUE(row_pass(32768, 8, Precision::f32, no_clusters).is_long_column());
  EXPECT_TRUE(row_pass(32768, 8, Precision::f32, limits, {}, RowMethod::long_row).is_long_column());
  // The 3-D schedule's X pass is the same.
  EXPECT_TRUE(make_grid_schedule(32768, 4, 4, Precision::f32, limits)[0].is_cluster_row());
}

}  // namespace
}  // namespace fft3d
