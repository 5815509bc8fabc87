// The X-axis kernel run by the CPU block executor, against FFTW in double
// precision: every supported n <= 1024 and every radix ordering x padding
// method the enumerator produces for it (one random variant of each pair,
// from a fixed seed, for the other parameters), both precisions, forward and
// inverse, with a ragged last block.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>

#include "common/error.h"
#include "common/factor.h"
#include "fft1d/twiddle_table.h"
#include "fft1d/x_kernel_host.h"
#include "fft1d/x_variant.h"
#include "oracle.h"

namespace fft3d {
namespace {

using fft3d_test::cplx;

template <typename Real>
double run_variant(int n, const XVariant& v, int sign, unsigned seed) {
  const Precision precision = precision_of<Real>();
  const kern::XLayout layout = make_x_layout(n, precision, v);
  const long long rows = 2LL * v.rows_per_block + 1;  // the last block is ragged
  const std::vector<cplx> in = fft3d_test::random_complex(static_cast<size_t>(rows * n), seed);
  std::vector<kern::Complex<Real>> data(in.size());
  for (size_t i = 0; i < in.size(); ++i)
    data[i] = kern::make_complex(static_cast<Real>(in[i].real()), static_cast<Real>(in[i].imag()));
  // The oracle transforms the rounded input, so only the transform's error counts.
  std::vector<cplx> rounded(in.size());
  for (size_t i = 0; i < in.size(); ++i) rounded[i] = cplx(data[i].re, data[i].im);
  const auto table = forward_twiddle_table<Real>(n);
  run_x_kernel_on_cpu<Real>(layout, sign, kern::XArgs<Real>{data.data(), rows, table.data()});
  const std::vector<cplx> want = fft3d_test::fftw_rows(rounded, n, rows, sign);
  std::vector<std::complex<double>> got(data.size());
  for (size_t i = 0; i < data.size(); ++i) got[i] = cplx(data[i].re, data[i].im);
  return fft3d_test::relative_l2_error(got, want);
}

// One variant per (ordering, padding) pair, the rest drawn at random.
std::vector<XVariant> sample_variants(int n, Precision precision, std::mt19937& rng) {
  std::map<std::pair<std::vector<int>, PadMethod>, std::vector<XVariant>> groups;
  for (const XVariant& v : enumerate_x_variants(n, precision, DeviceLimits{}))
    groups[{v.radices, v.pad}].push_back(v);
  std::vector<XVariant> out;
  for (auto& [key, list] : groups) out.push_back(list[rng() % list.size()]);
  return out;
}

template <typename Real>
void sweep() {
  const bool single = sizeof(Real) == 4;
  const Precision precision = single ? Precision::f32 : Precision::f64;
  std::mt19937 rng(20261121);
  int checked = 0;
  double worst_ratio = 0;
  for (int n = 2; n <= 1024; ++n) {
    if (first_unsupported_factor(n)) continue;
    const double bound = fft3d_test::fft_error_bound(single, n);
    for (const XVariant& v : sample_variants(n, precision, rng)) {
      for (int sign : {-1, +1}) {
        const double err = run_variant<Real>(n, v, sign, rng());
        EXPECT_LE(err, bound) << "n=" << n << " variant " << v.name() << " sign " << sign;
        worst_ratio = std::max(worst_ratio, err / bound);
        ++checked;
      }
    }
  }
  std::printf("checked %d runs; worst error / bound = %.3f\n", checked, worst_ratio);
  EXPECT_GT(checked, 1000);
}

TEST(XKernelExecutor, EveryOrderingAndPaddingF32) { sweep<float>(); }
TEST(XKernelExecutor, EveryOrderingAndPaddingF64) { sweep<double>(); }

// The estimate choice for the larger sizes the GPU supports in single
// precision, up to 4096.
TEST(XKernelExecutor, EstimateVariantsUpTo4096) {
  std::mt19937 rng(7);
  for (int n : {1, 2, 3, 16, 48, 243, 343, 500, 1000, 1024, 1536, 2048, 2187, 2401, 3125, 4096}) {
    if (n == 1) {
      EXPECT_THROW(estimate_x_variant(n, Precision::f32, DeviceLimits{}), Error);
      continue;
    }
    for (Precision p : {Precision::f32, Precision::f64}) {
      const XVariant v = estimate_x_variant(n, p, DeviceLimits{});
      const double bound = fft3d_test::fft_error_bound(p == Precision::f32, n);
      const double err = p == Precision::f32 ? run_variant<float>(n, v, -1, rng()) : run_variant<double>(n, v, -1, rng());
      EXPECT_LE(err, bound) << "n=" << n << " " << precision_name(p) << " " << v.name();
    }
  }
}

// f32 rows of 8192 take 32 * 16 * 16 on 256 threads, not one radix-8
// butterfly a thread on 1024 (measured_row_form); f64 keeps 16 * 8 * 8 * 8
// on 512. Both against FFTW in both directions.
TEST(XKernelExecutor, RowsOf8192OfTheEstimate) {
  const XVariant f32 = estimate_x_variant(8192, Precision::f32, DeviceLimits{});
  EXPECT_EQ(f32.radices, (std::vector<int>{32, 16, 16})) << f32.name();
  EXPECT_EQ(f32.threads_per_row, 256) << f32.name();
  EXPECT_EQ(f32.min_blocks_per_sm, 3) << f32.name();
  const XVariant f64 = estimate_x_variant(8192, Precision::f64, DeviceLimits{});
  EXPECT_EQ(f64.radices, (std::vector<int>{16, 8, 8, 8})) << f64.name();
  EXPECT_EQ(f64.threads_per_row, 512) << f64.name();
  for (int sign : {-1, +1}) {
    EXPECT_LE(run_variant<float>(8192, f32, sign, 40 + sign), fft3d_test::fft_error_bound(true, 8192)) << sign;
    EXPECT_LE(run_variant<double>(8192, f64, sign, 50 + sign), fft3d_test::fft_error_bound(false, 8192)) << sign;
  }
}

// f32 rows of 16384 take 32 * 16 * 32 on 512 threads, gap-padded (their
// 32-point stages conflict 16- to 32-way unpadded); against FFTW in both
// directions.
TEST(XKernelExecutor, RowsOf16384OfTheEstimate) {
  const XVariant v = estimate_x_variant(16384, Precision::f32, DeviceLimits{});
  EXPECT_EQ(v.radices, (std::vector<int>{32, 16, 32})) << v.name();
  EXPECT_EQ(v.threads_per_row, 512) << v.name();
  EXPECT_EQ(v.pad, PadMethod::gap) << v.name();
  EXPECT_LE(x_variant_facts(16384, Precision::f32, v).worst_conflict_degree, 2) << v.name();
  for (int sign : {-1, +1})
    EXPECT_LE(run_variant<float>(16384, v, sign, 60 + sign), fft3d_test::fft_error_bound(true, 16384)) << sign;
}

// Stages of the composite codelets (6 to 32 points in one stage), with
// computed and table twiddles, several butterflies per thread and idle
// threads in the smaller radix's stage.
TEST(XKernelExecutor, CompositeRadixStages) {
  struct Case {
    int n;
    std::vector<int> radices;
    int threads_per_row;
  };
  const Case cases[] = {{500, {25, 20}, 25}, {500, {20, 25}, 20}, {500, {10, 10, 5}, 50}, {512, {32, 16}, 16},
                        {512, {16, 32}, 32}, {243, {27, 9}, 27}, {240, {15, 16}, 16}, {192, {12, 16}, 12},
                        {300, {20, 15}, 20}, {210, {6, 5, 7}, 35}, {1000, {10, 25, 4}, 100}, {32, {32}, 1},
                        {25, {25}, 1}, {6, {6}, 1}, {54, {27, 2}, 2}, {120, {12, 10}, 5}};
  unsigned seed = 11;
  for (const Case& c : cases)
    for (bool table : {false, true})
      for (PadMethod pad : {PadMethod::none, PadMethod::gap}) {
        const XVariant v{c.radices, c.threads_per_row, 3, pad, table, 0};
        for (int sign : {-1, +1}) {
          EXPECT_LE(run_variant<double>(c.n, v, sign, ++seed), fft3d_test::fft_error_bound(false, c.n)) << v.name();
          EXPECT_LE(run_variant<float>(c.n, v, sign, ++seed), fft3d_test::fft_error_bound(true, c.n)) << v.name();
        }
      }
}

// A thread with several butterflies per stage, and a row length that does
// not divide evenly among the threads (guards on j < n / r).
TEST(XKernelExecutor, UnevenButterfliesPerThread) {
  XVariant v{{3, 4, 5, 8}, 32, 3, PadMethod::gap, true, 0};
  EXPECT_LE(run_variant<double>(480, v, -1, 1), fft3d_test::fft_error_bound(false, 480));
  XVariant w{{7, 2}, 2, 5, PadMethod::none, false, 0};
  EXPECT_LE(run_variant<float>(14, w, +1, 2), fft3d_test::fft_error_bound(true, 14));
}

// Two exchange buffers (XLayout::exchange_buffers): each stage reads one
// buffer and writes the other in one phase, so an even and an odd number of
// middle stages, padded or not, with several butterflies per thread, must
// match FFTW; and the layout has one phase per stage and twice the memory.
TEST(XKernelExecutor, TwoExchangeBuffers) {
  struct Case {
    int n;
    std::vector<int> radices;
    int threads_per_row;
  };
  const Case cases[] = {{343, {7, 7, 7}, 49}, {480, {3, 4, 5, 8}, 32}, {512, {2, 4, 4, 4, 4}, 64},
                        {210, {6, 5, 7}, 7},  {243, {3, 3, 3, 3, 3}, 81}};
  unsigned seed = 31;
  for (const Case& c : cases)
    for (PadMethod pad : {PadMethod::none, PadMethod::gap}) {
      XVariant v{c.radices, c.threads_per_row, 3, pad, seed % 2 == 0, 0};
      const kern::XLayout one = make_x_layout(c.n, Precision::f32, v);
      v.exchange_buffers = 2;
      const kern::XLayout two = make_x_layout(c.n, Precision::f32, v);
      EXPECT_EQ(two.phases(), two.stages) << v.name();
      EXPECT_EQ(one.phases(), 2 * one.stages - 2) << v.name();
      EXPECT_EQ(two.shared_bytes(4), 2 * one.shared_bytes(4)) << v.name();
      EXPECT_EQ(parse_x_variant(v.name()), v) << v.name();
      for (int sign : {-1, +1}) {
        EXPECT_LE(run_variant<double>(c.n, v, sign, ++seed), fft3d_test::fft_error_bound(false, c.n)) << v.name();
        EXPECT_LE(run_variant<float>(c.n, v, sign, ++seed), fft3d_test::fft_error_bound(true, c.n)) << v.name();
      }
    }
  // Real rows go through one buffer (their extra phases assume it).
  XVariant real{{7, 7}, 7, 2, PadMethod::none, false, 0};
  real.real = RealRows::full;
  real.exchange_buffers = 2;
  EXPECT_THROW(make_x_layout(49, Precision::f32, real), Error);
  EXPECT_THROW(parse_x_variant("r7-7.t7.rows2.pad-none.tw-sincos.mb0.real-full.xb2"), Error);
}

// The computed twiddles of every radix (sincospi, squares and products,
// apply_stage_twiddles) against exp(-2 pi i e / span) in long double: within
// 16 unit roundoffs (the worst was 8.6 in f32, with squares up to w_4, and
// 7.8 in f64, 11.8 had it taken squares too; a wrong power is off by order
// 1, and squares up to w_16 fail it).
template <typename Real>
double worst_twiddle_roundoffs() {
  const double unit = sizeof(Real) == 4 ? 0x1p-24 : 0x1p-53;
  const long double two_pi = 6.283185307179586476925286766559005768L;
  double worst = 0;
  for (int r : kern::kSupportedRadices)
    kern::with_radix(r, [&](auto radix) {
      constexpr int R = decltype(radix)::value;
      for (int stride : {2, 3, 7, 16, 49, 100, 128, 729}) {
        kern::StageGeom g{};
        g.n = R * stride;
        g.radix = R;
        g.stride = stride;
        for (int j = 0; j < stride; ++j) {
          kern::Complex<Real> v[R];
          for (int k = 0; k < R; ++k) v[k] = kern::make_complex(Real(1), Real(0));
          kern::apply_stage_twiddles<-1, R, Real>(g, j, false, nullptr, v);
          for (int k = 1; k < R; ++k) {
            const long double angle = -two_pi * (j * k) / (R * stride);
            const double error = std::hypot(static_cast<double>(v[k].re - std::cos(angle)),
                                            static_cast<double>(v[k].im - std::sin(angle)));
            worst = std::max(worst, error / unit);
          }
        }
      }
    });
  return worst;
}

TEST(XKernelExecutor, ComputedTwiddlesWithinSixteenRoundoffs) {
  EXPECT_LE(worst_twiddle_roundoffs<float>(), 16.0);
  EXPECT_LE(worst_twiddle_roundoffs<double>(), 16.0);
}

}  // namespace
}  // namespace fft3d
