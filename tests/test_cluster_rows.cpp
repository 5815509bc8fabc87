// Cluster rows (fft1d/cluster_row_kernel.h): X rows too long for one block,
// each on a cluster of blocks in one pass over memory. The CPU cluster
// executor against FFTW (complex rows, and real rows of the R2C/C2R), the
// layout's phases, and where the ESTIMATE takes the form.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "common/error.h"
#include "fft1d/cluster_row.h"
#include "fft1d/cluster_row_host.h"
#include "fft1d/twiddle_table.h"
#include "fft3d/grid_schedule.h"
#include "fft3d/grid_schedule_host.h"
#include "oracle.h"
#include "real_oracle.h"

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

// `rows` real rows of nx = 2 L reals as real cluster rows (L complex points
// on clusters of `cluster` blocks, the ESTIMATE's local kernel under
// `limits`), as the real plan runs them (run_real_grid_on_cpu without
// columns), against FFTW's r2c and c2r: the forward in place (rows padded
// to 2 (L + 1) reals, the pads poisoned) and out of place (dense real rows,
// poisoned output, the input unchanged); the normalised inverse of an exact
// spectrum whose X[0] and X[L] carry imaginary parts it must ignore, both
// ways; both block orders.
template <typename Real>
void check_real_cluster_rows(int nx, long long rows, int cluster, const DeviceLimits& limits) {
  const Precision precision = precision_of<Real>();
  const int half = nx / 2 + 1;
  const std::string what = "real rows of " + std::to_string(nx) + " x " + std::to_string(rows) + " " +
                           precision_name(precision) + " on clusters of " + std::to_string(cluster);
  RealRowsPass x{nx, nx / 2, rows, XVariant{}, {}};
  const auto variant = cluster_row_variant(nx / 2, precision, limits, cluster);
  ASSERT_TRUE(variant) << what;
  x.cluster_row = *variant;
  x.cluster_row.real = true;
  const Real nan = std::numeric_limits<Real>::quiet_NaN();
  const double bound = 2 * fft3d_test::fft_error_bound(sizeof(Real) == 4, nx);
  std::vector<double> reals = fft3d_test::random_reals(static_cast<size_t>(rows) * nx, static_cast<unsigned>(nx));
  for (double& v : reals) v = static_cast<Real>(v);
  std::vector<cplx> want(static_cast<size_t>(rows) * half);
  for (long long r = 0; r < rows; ++r) {
    const std::vector<double> row(reals.begin() + r * nx, reals.begin() + (r + 1) * nx);
    const std::vector<cplx> spectrum = fft3d_test::fftw_r2c_3d(row, nx, 1, 1);
    std::copy(spectrum.begin(), spectrum.end(), want.begin() + r * half);
  }
  // The inverse's input: the spectrum rounded to Real, with imaginary parts
  // at X[0] and X[L] that a C2R ignores.
  std::vector<Real> spectrum(static_cast<size_t>(rows) * 2 * half);
  for (size_t i = 0; i < want.size(); ++i) {
    const bool real_only = i % half == 0 || i % half == static_cast<size_t>(half - 1);
    spectrum[2 * i] = static_cast<Real>(want[i].real());
    spectrum[2 * i + 1] = real_only ? Real(0.5) : static_cast<Real>(want[i].imag());
  }
  std::vector<cplx> rounded(want.size());
  for (size_t i = 0; i < want.size(); ++i) rounded[i] = cplx(spectrum[2 * i], spectrum[2 * i + 1]);
  std::vector<double> field;
  for (long long r = 0; r < rows; ++r) {
    const std::vector<cplx> row(rounded.begin() + r * half, rounded.begin() + (r + 1) * half);
    for (double v : fft3d_test::fftw_c2r_3d(row, nx, 1, 1)) field.push_back(v / nx);
  }
  const std::vector<cplx> want_field(field.begin(), field.end());
  for (BlockOrder order : kBothBlockOrders) {
    for (bool in_place : {true, false}) {
      const std::string how = what + (order == BlockOrder::ascending ? ", blocks ascending" : ", blocks descending") +
                              (in_place ? ", in place" : ", out of place");
      const size_t real_pitch = in_place ? 2 * half : nx;
      // Forward.
      std::vector<Real> in = fft3d_test::to_pitched<Real>(reals, nx, real_pitch, nan);
      const std::vector<Real> input = in;
      std::vector<Real> out(in_place ? 0 : static_cast<size_t>(rows) * 2 * half, nan);
      run_real_grid_on_cpu<Real>(x, {}, in.data(), in_place ? in.data() : out.data(), -1,
                                 static_cast<long long>(real_pitch));
      const std::vector<Real>& side = in_place ? in : out;
      std::vector<cplx> got(want.size());
      for (size_t i = 0; i < got.size(); ++i) got[i] = cplx(side[2 * i], side[2 * i + 1]);
      EXPECT_LE(fft3d_test::relative_l2_error(got, want), bound) << "forward, " << how;
      if (!in_place) EXPECT_EQ(0, std::memcmp(in.data(), input.data(), in.size() * sizeof(Real))) << how;
      // Inverse, normalised.
      std::vector<Real> data = spectrum;
      std::vector<Real> back(in_place ? 0 : static_cast<size_t>(rows) * nx, nan);
      run_real_grid_on_cpu<Real>(x, {}, data.data(), in_place ? data.data() : back.data(), +1,
                                 static_cast<long long>(real_pitch), 1.0 / nx);
      const std::vector<double> result =
          fft3d_test::from_pitched<double>(in_place ? data : back, nx, real_pitch, static_cast<size_t>(rows));
      EXPECT_LE(fft3d_test::relative_l2_error(std::vector<cplx>(result.begin(), result.end()), want_field), bound)
          << "inverse, " << how;
      if (!in_place) EXPECT_EQ(0, std::memcmp(data.data(), spectrum.data(), data.size() * sizeof(Real))) << how;
    }
  }
}

// Both positions of a pair in one block's share and in two; n = L / C even
// (its middle pair is its own mirror) and odd; every cluster radix's
// shape of pairs (C = 2, 3, 4, 5, 7, 8, 16).
TEST(ClusterRows, RealRowsMatchFftw) {
  DeviceLimits small;
  small.shared_bytes_per_block = 16 * 1024;
  check_real_cluster_rows<float>(8192, 3, 4, small);          // n = 1024
  check_real_cluster_rows<double>(8192, 2, 8, small);         // n = 512
  check_real_cluster_rows<float>(6000, 2, 3, small);          // n = 1000
  check_real_cluster_rows<double>(4000, 2, 5, small);         // n = 400
  check_real_cluster_rows<float>(3584, 2, 7, small);          // n = 256
  check_real_cluster_rows<float>(1500, 3, 2, DeviceLimits{});  // n = 375, odd
  check_real_cluster_rows<double>(1944, 2, 4, DeviceLimits{});  // n = 243
  check_real_cluster_rows<float>(4000, 2, 16, small);         // n = 125
}

// Where real rows take clusters: even rows whose half length fits no block,
// on the complex ESTIMATE's cluster of that length; odd rows never.
TEST(ClusterRows, RealRowsBeyondOneBlock) {
  const DeviceLimits limits;
  EXPECT_FALSE(make_real_rows_pass(32768, 4, Precision::f32, limits).is_cluster_row());  // 16384 fits
  const RealRowsPass f32 = make_real_rows_pass(65536, 4, Precision::f32, limits);
  ASSERT_TRUE(f32.is_cluster_row());
  EXPECT_EQ(f32.kernel_n, 32768);
  EXPECT_TRUE(f32.cluster_row.real);
  EXPECT_EQ(f32.cluster_row.cluster, row_pass(32768, 4, Precision::f32, limits).cluster_row.cluster);
  EXPECT_NE(f32.cluster_row.name().find(".real-half."), std::string::npos) << f32.cluster_row.name();
  const std::string text = describe_real_rows_pass(f32, Precision::f32);
  EXPECT_NE(text.find("half-length 32768-point cluster rows, each on a cluster of 8 blocks"), std::string::npos)
      << text;
  EXPECT_TRUE(make_real_rows_pass(32768, 4, Precision::f64, limits).is_cluster_row());
  EXPECT_TRUE(make_real_rows_pass(1 << 19, 1, Precision::f32, limits).is_cluster_row());  // 16 blocks
  // Beyond a cluster (f64 2^18: 2^17 points), and odd rows: no GPU plan.
  EXPECT_THROW(make_real_rows_pass(1 << 18, 1, Precision::f64, limits), Error);
  EXPECT_THROW(make_real_rows_pass(3 * 3 * 3 * 3 * 3 * 3 * 3 * 3 * 3 * 3, 1, Precision::f32, limits), Error);
  DeviceLimits no_clusters;
  no_clusters.max_cluster = 0;
  EXPECT_THROW(make_real_rows_pass(65536, 4, Precision::f32, no_clusters), Error);
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
// smallest cluster of at most 8 blocks whose blocks have at most 128, then
// 256 threads (several to an SM; 32 values a thread where an SM holds 12
// warps of them), else in f64 on the smallest of up to 16 blocks of at most
// 256 threads, in f32 on the smallest of at most 8 blocks, else in f32 on
// the smallest that fits; long rows where none does, where forced, or for
// rows of 512 KB and more.
TEST(ClusterRows, EstimateTakesClusterRowsWhereNoRowKernelFits) {
  const DeviceLimits limits;  // 227 KB a block, clusters of up to 16
  EXPECT_FALSE(row_pass(16384, 8, Precision::f32, limits).is_cluster_row());
  const GridPass f32 = row_pass(32768, 8, Precision::f32, limits);
  ASSERT_TRUE(f32.is_cluster_row());
  EXPECT_EQ(f32.cluster_row.cluster, 8);  // 4096 points on 128 threads, 32 a thread
  EXPECT_EQ(f32.cluster_row.local.threads_per_row, kClusterRowSmallBlockThreads);
  EXPECT_EQ(f32.passes_over_memory(), 1);
  // Rows of 512 KB and more take long rows in balance (balanced_long_rows_pay);
  // the cluster ESTIMATE for them, as forced cluster rows of other sizes
  // would not take it: f32 65536 on 8 blocks of 8192 points on 256
  // threads; 131072: blocks of 16384 points on 512 threads, the smallest
  // cluster of at most 8.
  const auto estimate = [&](int n, Precision p) {
    const std::optional<ClusterRowVariant> v = estimate_cluster_row_variant(n, p, limits);
    EXPECT_TRUE(v) << n;
    return v.value_or(ClusterRowVariant{});
  };
  EXPECT_TRUE(row_pass(65536, 8, Precision::f32, limits).is_long_column());
  EXPECT_EQ(estimate(65536, Precision::f32).cluster, 8);
  EXPECT_EQ(estimate(65536, Precision::f32).local.threads_per_row, 256);
  EXPECT_EQ(estimate(1 << 17, Precision::f32).cluster, 8);
  EXPECT_EQ(estimate(1 << 17, Precision::f32).local.threads_per_row, 512);
  EXPECT_EQ(estimate(1 << 18, Precision::f32).cluster, 16);
  // f64: 4096-point blocks of 128 threads (three an SM), on 16 blocks for
  // 65536; 8192-point blocks (one an SM) keep the row ESTIMATE's 512 threads.
  EXPECT_EQ(row_pass(16384, 2, Precision::f64, limits).cluster_row.cluster, 4);
  EXPECT_EQ(estimate(65536, Precision::f64).cluster, 16);
  EXPECT_EQ(estimate(65536, Precision::f64).local.threads_per_row, 128);
  EXPECT_EQ(row_pass(65536, 2, Precision::f64, limits, {}, RowMethod::automatic, 8).cluster_row.local.threads_per_row,
            512);
  EXPECT_EQ(estimate(32768, Precision::f64).cluster, 8);
  const GridPass f64 = row_pass(32768, 4, Precision::f64, limits, {}, RowMethod::automatic, 8);
  ASSERT_TRUE(f64.is_cluster_row());
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
