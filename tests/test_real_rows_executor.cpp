// Real-data row kernels (R2C forward, C2R inverse) run by the CPU block
// executor, against FFTW's r2c/c2r in double precision: even lengths through
// the half-length transform with fused post- and pre-processing, odd lengths
// through the full-length one, one row or two (as real and imaginary parts)
// to a transform; in place (rows padded to 2 (n/2 + 1) reals, the padding
// poisoned and never read) and out of place (dense real rows), with a ragged
// last block (for pairs, an odd row count: the last row has no partner) and
// poisoned outputs.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
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

// FFTW's r2c (sign -1, reals -> n/2+1 complex) or c2r (+1) of each row.
std::vector<cplx> fftw_real_rows(const std::vector<double>& reals, const std::vector<cplx>& spectrum, int n,
                                 long long rows, int sign) {
  const int half = n / 2 + 1;
  fftw_iodim64 dim{n, 1, 1};
  if (sign < 0) {
    fftw_iodim64 batch{rows, n, half};
    std::vector<cplx> out(static_cast<size_t>(rows * half));
    auto* in = const_cast<double*>(reals.data());
    auto* o = reinterpret_cast<fftw_complex*>(out.data());
    fftw_plan p = fftw_plan_guru64_dft_r2c(1, &dim, 1, &batch, in, o, FFTW_ESTIMATE | FFTW_UNALIGNED);
    fftw_execute_dft_r2c(p, in, o);
    fftw_destroy_plan(p);
    return out;
  }
  fftw_iodim64 batch{rows, half, n};
  std::vector<cplx> in = spectrum;  // c2r overwrites its input
  std::vector<double> out(static_cast<size_t>(rows * n));
  auto* i = reinterpret_cast<fftw_complex*>(in.data());
  fftw_plan p = fftw_plan_guru64_dft_c2r(1, &dim, 1, &batch, i, out.data(), FFTW_ESTIMATE | FFTW_UNALIGNED);
  fftw_execute_dft_c2r(p, i, out.data());
  fftw_destroy_plan(p);
  return std::vector<cplx>(out.begin(), out.end());
}

// The kernel variant for real rows of length n: its radices factor n / 2
// (half) or n (odd: `odd`, full or pair).
XVariant real_rows_variant(int n, XVariant base, RealRows odd) {
  base.real = n % 2 == 0 ? RealRows::half : odd;
  return base;
}

// rows_after: rows beyond two blocks' worth (a ragged last block).
template <typename Real>
double run_real_rows(int n, const XVariant& v, int sign, bool in_place, unsigned seed, int rows_after = 1) {
  const Precision precision = precision_of<Real>();
  const int kernel_n = v.real == RealRows::half ? n / 2 : n;
  const kern::XLayout layout = make_x_layout(kernel_n, precision, v);
  const long long rows = 2LL * v.rows_per_block * layout.rows_per_line() + rows_after;
  const int half = n / 2 + 1;
  const long long real_pitch = in_place ? 2 * half : n, complex_pitch = 2 * half;
  const Real nan = std::numeric_limits<Real>::quiet_NaN();
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);

  // Random real rows, rounded to Real; their exact spectrum is the C2R input.
  std::vector<double> reals(static_cast<size_t>(rows * n));
  for (double& x : reals) x = static_cast<double>(static_cast<Real>(u(rng)));
  std::vector<cplx> spectrum = fftw_real_rows(reals, {}, n, rows, -1);
  for (cplx& c : spectrum) c = cplx(static_cast<Real>(c.real()), static_cast<Real>(c.imag()));

  // Buffers in units of Real: the input side and (out of place) the output side.
  const long long in_pitch = sign < 0 ? real_pitch : complex_pitch;
  const long long out_pitch = sign < 0 ? complex_pitch : real_pitch;
  std::vector<Real> in(static_cast<size_t>(rows * in_pitch), nan);
  std::vector<Real> out(in_place ? 0 : static_cast<size_t>(rows * out_pitch), nan);
  std::vector<cplx> want;
  for (long long r = 0; r < rows; ++r) {
    if (sign < 0) {
      for (int x = 0; x < n; ++x) in[static_cast<size_t>(r * in_pitch + x)] = static_cast<Real>(reals[r * n + x]);
    } else {
      for (int k = 0; k < half; ++k) {
        cplx c = spectrum[static_cast<size_t>(r * half + k)];
        in[static_cast<size_t>(r * in_pitch + 2 * k)] = static_cast<Real>(c.real());
        // The imaginary parts of X[0] and X[n/2] (even n) must be ignored, as FFTW does.
        const bool ignored = k == 0 || 2 * k == n;
        in[static_cast<size_t>(r * in_pitch + 2 * k + 1)] = ignored ? Real(0.75) : static_cast<Real>(c.imag());
      }
    }
  }
  want = fftw_real_rows(reals, spectrum, n, rows, sign);

  const auto table = forward_twiddle_table<Real>(kernel_n);
  kern::XArgs<Real> args{reinterpret_cast<kern::Complex<Real>*>(in.data()), rows, table.data()};
  args.out = in_place ? nullptr : reinterpret_cast<kern::Complex<Real>*>(out.data());
  args.in_pitch = in_pitch;
  args.out_pitch = out_pitch;
  run_x_kernel_on_cpu<Real>(layout, sign, args);

  const std::vector<Real>& result = in_place ? in : out;
  std::vector<cplx> got;
  for (long long r = 0; r < rows; ++r) {
    if (sign < 0) {
      for (int k = 0; k < half; ++k)
        got.emplace_back(result[static_cast<size_t>(r * out_pitch + 2 * k)],
                         result[static_cast<size_t>(r * out_pitch + 2 * k + 1)]);
    } else {
      for (int x = 0; x < n; ++x) got.emplace_back(result[static_cast<size_t>(r * out_pitch + x)], 0.0);
    }
  }
  return fft3d_test::relative_l2_error(got, want);
}

// A few variants of the row kernel for real rows of length n: the real
// rows' ESTIMATE (measured forms included: 343's pairs), the complex rows'
// in real form, and one per radix ordering, the rest drawn at random.
std::vector<XVariant> real_variants(int n, Precision precision, std::mt19937& rng, RealRows odd) {
  const int kernel_n = n % 2 == 0 ? n / 2 : n;
  const RealRows real = n % 2 == 0 ? RealRows::half : odd;
  std::vector<XVariant> out{estimate_x_variant(kernel_n, precision, DeviceLimits{}, real),
                            real_rows_variant(n, estimate_x_variant(kernel_n, precision, DeviceLimits{}), odd)};
  std::map<std::vector<int>, std::vector<XVariant>> groups;
  for (const XVariant& v : enumerate_x_variants(kernel_n, precision, DeviceLimits{})) groups[v.radices].push_back(v);
  for (auto& [radices, list] : groups) out.push_back(real_rows_variant(n, list[rng() % list.size()], odd));
  return out;
}

template <typename Real>
void sweep(const std::vector<int>& lengths, RealRows odd = RealRows::full) {
  const bool single = sizeof(Real) == 4;
  const Precision precision = single ? Precision::f32 : Precision::f64;
  std::mt19937 rng(5);
  int checked = 0;
  for (int n : lengths) {
    const double bound = 2 * fft3d_test::fft_error_bound(single, n);
    for (const XVariant& v : real_variants(n, precision, rng, odd))
      for (int sign : {-1, +1})
        for (bool in_place : {true, false})
          for (int rows_after : {1, 2}) {  // pairs: the last row alone, then with its partner
            if (rows_after == 2 && v.real != RealRows::pair) continue;
            const double err = run_real_rows<Real>(n, v, sign, in_place, rng(), rows_after);
            EXPECT_LE(err, bound) << "n=" << n << " " << v.name() << " sign " << sign
                                  << (in_place ? " in place" : " out of place") << ", rows +" << rows_after;
            ++checked;
          }
  }
  EXPECT_GT(checked, 4 * static_cast<int>(lengths.size()));
}

const std::vector<int> kEven = {4, 6, 8, 10, 12, 14, 16, 18, 20, 24, 30, 32, 42, 48, 64, 96, 100, 126, 128,
                                160, 192, 250, 256, 384, 486, 512, 686, 1000, 1024};
const std::vector<int> kOdd = {3, 5, 7, 9, 15, 21, 25, 27, 35, 45, 49, 63, 75, 81, 105, 125, 135, 243, 343, 375};

TEST(RealRowsExecutor, EvenLengthsHalfTransformF32) { sweep<float>(kEven); }
TEST(RealRowsExecutor, EvenLengthsHalfTransformF64) { sweep<double>(kEven); }
TEST(RealRowsExecutor, OddLengthsFullTransformF32) { sweep<float>(kOdd); }
TEST(RealRowsExecutor, OddLengthsFullTransformF64) { sweep<double>(kOdd); }
TEST(RealRowsExecutor, OddLengthsPairedF32) { sweep<float>(kOdd, RealRows::pair); }
TEST(RealRowsExecutor, OddLengthsPairedF64) { sweep<double>(kOdd, RealRows::pair); }

// Real rows of 4096 and 16384 (half rows of 2048 and 8192, beyond the
// sweep's lengths): rows spread over 128 and 512 threads, 16 points each,
// but f32 half rows of 8192 as 32 * 8 * 32 on 256 threads, gap-padded
// (measured_real_row_form), all against FFTW.
TEST(RealRowsExecutor, LongHalfRowsOfTheEstimate) {
  std::mt19937 rng(11);
  EXPECT_EQ(estimate_x_variant(8192, Precision::f32, DeviceLimits{}, RealRows::half).name(),
            "r32-8-32.t256.rows1.pad-gap.tw-sincos.mb0.real-half");
  for (const auto& [half_n, threads] : {std::pair{2048, 128}, std::pair{8192, 512}})
    for (Precision p : {Precision::f32, Precision::f64}) {
      const XVariant v = estimate_x_variant(half_n, p, DeviceLimits{}, RealRows::half);
      EXPECT_EQ(v.threads_per_row, half_n == 8192 && p == Precision::f32 ? 256 : threads) << v.name();
      const int n = 2 * half_n;
      for (int sign : {-1, +1})
        for (bool in_place : {true, false}) {
          const bool single = p == Precision::f32;
          const double err = single ? run_real_rows<float>(n, v, sign, in_place, rng())
                                    : run_real_rows<double>(n, v, sign, in_place, rng());
          EXPECT_LE(err, 2 * fft3d_test::fft_error_bound(single, n)) << v.name() << " sign " << sign;
        }
    }
  // Complex rows of 2048 keep the heuristic's one radix-8 butterfly a thread.
  EXPECT_EQ(estimate_x_variant(2048, Precision::f32, DeviceLimits{}).threads_per_row, 256);
}

// The C2R inverse's own form of f32 real rows of 16384 (16 * 16 * 32 on 256
// threads, gap-padded: estimate_inverse_real_rows), in place and out of
// place against FFTW; no other length or precision of the sweep has one.
TEST(RealRowsExecutor, InverseFormOfRealRowsOf16384) {
  const XVariant forward = estimate_x_variant(8192, Precision::f32, DeviceLimits{}, RealRows::half);
  const std::optional<XVariant> inverse = estimate_inverse_real_rows(8192, Precision::f32, DeviceLimits{}, forward);
  ASSERT_TRUE(inverse);
  EXPECT_EQ(inverse->name(), "r16-16-32.t256.rows1.pad-gap.tw-sincos.mb3.real-half");
  std::mt19937 rng(12);
  for (bool in_place : {true, false})
    EXPECT_LE(run_real_rows<float>(16384, *inverse, +1, in_place, rng()), 2 * fft3d_test::fft_error_bound(true, 16384))
        << in_place;
  for (int half_n : {1024, 2048, 4096, 8192})
    for (Precision p : {Precision::f32, Precision::f64}) {
      if (half_n == 8192 && p == Precision::f32) continue;
      const XVariant v = estimate_x_variant(half_n, p, DeviceLimits{}, RealRows::half);
      EXPECT_FALSE(estimate_inverse_real_rows(half_n, p, DeviceLimits{}, v)) << half_n << " " << precision_name(p);
    }
  // Complex rows of 8192 (not real) have none either.
  const XVariant complex_rows = estimate_x_variant(8192, Precision::f32, DeviceLimits{});
  EXPECT_FALSE(estimate_inverse_real_rows(8192, Precision::f32, DeviceLimits{}, complex_rows));
}

// The paired layout: lines of two rows, and the pre and post phases' unpadded row.
TEST(RealRowsExecutor, PairedLayoutCountsLinesOfTwoRows) {
  XVariant v = estimate_x_variant(243, Precision::f32, DeviceLimits{});
  v.real = RealRows::pair;
  const kern::XLayout forward = make_x_layout(243, Precision::f32, v);
  EXPECT_EQ(forward.rows_per_line(), 2);
  EXPECT_EQ(forward.lines(7), 4);
  EXPECT_TRUE(forward.post_processes());
  EXPECT_GE(forward.row_stride(), 243);
  const kern::XLayout inverse = forward.for_direction(+1);
  EXPECT_EQ(inverse.real_io, kern::kRealPairInverse);
  EXPECT_FALSE(inverse.post_processes());
  EXPECT_TRUE(inverse.pre_processes());
  EXPECT_FALSE(inverse.reads_global(0));
  EXPECT_GE(inverse.row_stride(), 243);
  ASSERT_GT(forward.stages, 1);
  // The forward's last stage writes to shared memory (a barrier), then its
  // post phase; the inverse's pre phase comes first, then its first stage
  // reads shared memory (a barrier): two phases more than the complex rows.
  v.real = RealRows::none;
  EXPECT_EQ(forward.phases(), make_x_layout(243, Precision::f32, v).phases() + 2);
  EXPECT_EQ(forward.phases(), inverse.phases());
  v.real = RealRows::full;
  EXPECT_EQ(make_x_layout(243, Precision::f32, v).lines(7), 7);
}

// The launcher gives both directions the forward layout's shared memory:
// every real form's inverse must fit in it, one-stage rows included.
TEST(RealRowsExecutor, BothDirectionsFitTheForwardSharedMemory) {
  int checked = 0;
  for (int n : {5, 9, 25, 27, 243, 32, 64})
    for (RealRows real : {RealRows::half, RealRows::full, RealRows::pair}) {
      if ((real == RealRows::half) != (n % 2 == 0)) continue;
      for (Precision p : {Precision::f32, Precision::f64}) {
        XVariant v = estimate_x_variant(n, p, DeviceLimits{});
        v.real = real;
        const kern::XLayout forward = make_x_layout(n, p, v);
        EXPECT_EQ(forward.for_direction(+1).shared_bytes(8), forward.shared_bytes(8)) << n << " " << v.name();
        EXPECT_GE(forward.row_stride(), n) << n << " " << v.name();
        ++checked;
      }
    }
  EXPECT_EQ(checked, 24);
}

TEST(RealRowsExecutor, VariantNamesRoundTrip) {
  XVariant v = estimate_x_variant(64, Precision::f32, DeviceLimits{});
  v.real = RealRows::half;
  EXPECT_EQ(parse_x_variant(v.name()), v);
  EXPECT_NE(v.name().find(".real-half"), std::string::npos);
  v.real = RealRows::full;
  EXPECT_EQ(parse_x_variant(v.name()), v);
  v.real = RealRows::pair;
  EXPECT_EQ(parse_x_variant(v.name()), v);
  EXPECT_NE(v.name().find(".real-pair"), std::string::npos);
  EXPECT_THROW(parse_x_variant("r8-8.t8.rows4.pad-none.tw-sincos.mb0.real-pair.real-full"), Error);
  EXPECT_THROW(parse_x_variant("r8-8.t8.rows4.pad-none.tw-sincos.mb0.cols.real-half"), Error);
  EXPECT_THROW(parse_x_variant("r8-8.t8.rows4.pad-none.tw-sincos.mb0.real-full.real-half"), Error);
}

}  // namespace
}  // namespace fft3d
