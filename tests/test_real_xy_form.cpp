// How an R2C grid plan picks each in-place direction's XY form
// (fft3d/real_xy_form.h): MEASURE's fused candidates, and verdicts in wisdom
// taken, or ignored where they do not fit. No device needed.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>

#include "fft3d/grid_schedule.h"
#include "fft3d/real_xy_form.h"

namespace fft3d {
namespace {

const DeviceSignature kGpu{"NVIDIA H100 80GB HBM3", 132, 9, 0, 13000, 13000};
const DeviceLimits kLimits;  // an H100's

Problem real_cube(int n, Precision precision) {
  return make_3d_problem(n, n, n, precision == Precision::f32 ? FFT3D_R2C_F32 : FFT3D_R2C_F64);
}

// The candidates: the ESTIMATE's shape first, then its cluster halved and
// doubled and its rows on the other thread count; valid, distinct, of real
// rows, in the direction's order. The forward's last are its real pairs
// form (two planes as one complex plane), which is the f64 ESTIMATE's at
// 256^2 (swizzled there), and that form's share rows swizzled or not.
TEST(RealXYForm, CandidatesAroundTheEstimate) {
  for (Precision p : {Precision::f32, Precision::f64})
    for (bool inverse : {false, true}) {
      const Problem cube = real_cube(256, p);
      const std::vector<XYVariant> c = real_fused_candidates(cube, kLimits, inverse);
      const auto estimate = estimate_real_xy_variant(256, 256, 256, p, kLimits, false, inverse);
      ASSERT_TRUE(estimate);
      const std::string name = std::string(precision_name(p)) + (inverse ? " inverse" : " forward");
      ASSERT_FALSE(c.empty()) << name;
      EXPECT_EQ(c[0], *estimate) << name;
      const std::optional<XYVariant> pairs =
          inverse ? std::nullopt : real_pair_xy_variant(256, 256, 256, p, kLimits);
      EXPECT_EQ(pairs.has_value(), !inverse) << name;
      for (size_t i = 0; i < c.size(); ++i) {
        EXPECT_TRUE(xy_variant_valid(256, 256, p, c[i], kLimits)) << c[i].name();
        // Real pairs in the forward only (the f64 ESTIMATE's, also with its row pads or swizzle switched).
        EXPECT_TRUE(c[i].x.real == RealRows::half || (!inverse && c[i].x.real == RealRows::pair)) << c[i].name();
        EXPECT_EQ(c[i].columns_first, inverse) << c[i].name();
        for (size_t j = 0; j < i; ++j) EXPECT_FALSE(c[i] == c[j]) << c[i].name();
      }
      if (pairs) EXPECT_EQ(std::count(c.begin(), c.end(), *pairs), 1) << name;
      if (estimate->x.real == RealRows::pair) {  // the f64 forward: the real rows' forms after it
        EXPECT_EQ(p, Precision::f64) << name;
        EXPECT_GT(c.size(), 2u) << name;
        continue;
      }
      if (pairs) {  // the f32 forward's pairs padded, then swizzled
        EXPECT_EQ(c[c.size() - 2], *pairs) << name;
        EXPECT_TRUE(pairs->row_pads && !pairs->row_swizzle) << pairs->name();
        EXPECT_EQ(c.back(), *row_swizzle_switched(256, 256, p, *pairs, kLimits)) << name;
      }
      // Twice the cluster only where the device has clusters that large.
      const bool doubled = 2 * estimate->cluster <= kLimits.max_cluster;
      // Strided rows (the f32 forward): their whole-rows form, then the
      // estimate with its row pads switched, then the pairs (two forms).
      const bool strided = p == Precision::f32 && !inverse;
      EXPECT_EQ(estimate->strided_rows, strided) << name;
      ASSERT_EQ(c.size(), (doubled ? 4u : 3u) + (strided ? 2 : 0) + (inverse ? 0 : 2)) << name;
      EXPECT_EQ(c[1].cluster, estimate->cluster / 2) << name;
      if (doubled) EXPECT_EQ(c[2].cluster, estimate->cluster * 2) << name;
      if (strided) {
        const XYVariant& whole_rows = c[c.size() - 4];
        EXPECT_EQ(whole_rows.cluster, estimate->cluster) << name;
        EXPECT_FALSE(whole_rows.strided_rows) << name;
        XYVariant repadded = *estimate;
        repadded.row_pads = !estimate->row_pads;
        EXPECT_EQ(c[c.size() - 3], repadded) << name;
      }
      const XYVariant& rows = c[doubled ? 3 : 2];  // the other thread count, the same block
      EXPECT_EQ(rows.cluster, estimate->cluster) << name;
      EXPECT_NE(rows.x.threads_per_row, estimate->x.threads_per_row) << name;
      EXPECT_EQ(rows.x.threads_per_row * rows.x.rows_per_block,
                estimate->x.threads_per_row * estimate->x.rows_per_block)
          << name;
    }
  // Odd rows have no fused pass, so nothing to time.
  EXPECT_TRUE(real_fused_candidates(real_cube(243, Precision::f32), kLimits, false).empty());
}

// A verdict in wisdom decides without timing, for its direction only; the
// ESTIMATE decides where there is none, MEASURE times it.
TEST(RealXYForm, VerdictsFromWisdomElseEstimateOrTiming) {
  const Problem cube = real_cube(256, Precision::f32);
  const XYVariant inverse_fused = *estimate_real_xy_variant(256, 256, 256, Precision::f32, kLimits, false, true);
  Wisdom w;
  w.remember({kGpu, real_xy_key(cube, false), kSeparateXY, 0.15});
  w.remember({kGpu, real_xy_key(cube, true), inverse_fused.name(), 0.14});
  for (TuneMode mode : {TuneMode::estimate, TuneMode::measure}) {
    const RealXYForm forward = automatic_real_xy_form(cube, w, kGpu, kLimits, mode, false);
    EXPECT_FALSE(forward.fused);
    EXPECT_FALSE(forward.timed);
    EXPECT_EQ(forward.note, "XY form of the in-place forward from wisdom: separate passes");
    const RealXYForm inverse = automatic_real_xy_form(cube, w, kGpu, kLimits, mode, true);
    ASSERT_TRUE(inverse.fused);
    EXPECT_EQ(*inverse.fused, inverse_fused);
    EXPECT_FALSE(inverse.timed);
    EXPECT_EQ(inverse.note, "XY form of the in-place inverse from wisdom: fused");
  }
  // Another GPU's wisdom, or none: the ESTIMATE (which fuses 256^3), or timing.
  const DeviceSignature other{"NVIDIA H200", 132, 9, 0, 13000, 13000};
  const RealXYForm estimated = automatic_real_xy_form(cube, w, other, kLimits, TuneMode::estimate, false);
  EXPECT_TRUE(estimated.fused);
  EXPECT_FALSE(estimated.timed);
  EXPECT_TRUE(estimated.note.empty());
  const RealXYForm measured = automatic_real_xy_form(cube, w, other, kLimits, TuneMode::measure, false);
  EXPECT_FALSE(measured.fused);
  EXPECT_TRUE(measured.timed);
}

// The ESTIMATE fuses the inverse of f32 240^2 and 384^2 planes only beyond
// the L2, where side planes go with it (real_inverse_fuses_with_side_planes);
// not in f64, nor the inverse of 320^2 planes.
TEST(RealXYForm, EstimateFusesTheInverseWithSidePlanes) {
  const Wisdom none;
  for (int n : {240, 384}) {
    const RealXYForm inverse =
        automatic_real_xy_form(real_cube(n, Precision::f32), none, kGpu, kLimits, TuneMode::estimate, true);
    ASSERT_TRUE(inverse.fused) << n;
    EXPECT_TRUE(inverse.fused->columns_first);
    EXPECT_EQ(*inverse.fused, *estimate_real_xy_variant(n, n, n, Precision::f32, kLimits, false, true));
    EXPECT_GT(estimate_real_side_planes(n, n, n, Precision::f32, true), 0);
  }
  const Problem within_l2 = make_3d_problem(384, 384, 8, FFT3D_R2C_F32);
  EXPECT_FALSE(automatic_real_xy_form(within_l2, none, kGpu, kLimits, TuneMode::estimate, true).fused);
  EXPECT_FALSE(real_inverse_fuses_with_side_planes(384, 384, 384, Precision::f64));
  EXPECT_FALSE(real_inverse_fuses_with_side_planes(320, 320, 320, Precision::f32));
  EXPECT_FALSE(automatic_real_xy_form(real_cube(320, Precision::f32), none, kGpu, kLimits, TuneMode::estimate, true)
                   .fused);
}

// Verdicts that do not fit count as none: a complex variant, the other
// direction's order, a malformed name, a variant of other planes.
TEST(RealXYForm, VerdictsThatDoNotFitAreIgnored) {
  const Problem cube = real_cube(256, Precision::f32);
  const XYVariant forward_fused = *estimate_real_xy_variant(256, 256, 256, Precision::f32, kLimits, false);
  const XYVariant complex = *estimate_xy_variant(256, 256, 256, Precision::f32, kLimits, false);
  const XYVariant other_planes = *estimate_real_xy_variant(128, 128, 128, Precision::f32, kLimits, false);
  for (const std::string& verdict :
       {complex.name(), forward_fused.name(), std::string("xy.c8.bogus"), other_planes.name()}) {
    Wisdom w;
    w.remember({kGpu, real_xy_key(cube, true), verdict, 0.1});  // the inverse's key
    const RealXYForm form = automatic_real_xy_form(cube, w, kGpu, kLimits, TuneMode::measure, true);
    EXPECT_FALSE(form.fused) << verdict;
    EXPECT_TRUE(form.timed) << verdict;
  }
}

// The f64 forward takes real pairs on square planes of 240^2 to 384^2
// (measured faster there); non-square planes of the same bytes lost on an
// H200 (512x256x256, 256x512x512) and keep their real rows' forms.
TEST(RealXYForm, F64ForwardPairsOnlyOnSquarePlanes) {
  auto real = [](int nx, int ny) {
    const auto v = estimate_real_xy_variant(nx, ny, 256, Precision::f64, kLimits);
    return v ? v->x.real : RealRows::none;
  };
  for (int n : {240, 256, 320, 384}) EXPECT_EQ(real(n, n), RealRows::pair) << n;
  EXPECT_NE(real(512, 256), RealRows::pair);
  EXPECT_NE(real(256, 512), RealRows::pair);
  EXPECT_NE(real(192, 192), RealRows::pair);  // below the pairs' planes
}

// The ESTIMATE fuses real power-of-two planes of 256 KB to 1 MB (complex
// side) except where that lost on an H200: rows shorter than 256 reals
// (128 measured) both ways, and the inverse of columns longer than 256.
TEST(RealXYForm, EstimateKeepsSeparatePassesWhereFusedLost) {
  auto fused = [](int nx, int ny, int nz, bool inverse) {
    return estimate_real_xy_variant(nx, ny, nz, Precision::f32, kLimits, true, inverse).has_value();
  };
  for (bool inverse : {false, true}) {
    EXPECT_TRUE(fused(256, 256, 1024, inverse));
    EXPECT_TRUE(fused(512, 128, 1024, inverse));
    EXPECT_FALSE(fused(128, 512, 1024, inverse));
    EXPECT_TRUE(fused(128, 128, 4096, inverse));  // small planes streamed from beyond L2
  }
  EXPECT_TRUE(fused(256, 512, 512, false));
  EXPECT_FALSE(fused(256, 512, 512, true));
}

// Beyond the L2, grids fuse X with Z (real_fused_xz_pays) in every mode:
// the f32 forward 32 deep with rows of 1024 or 2048 reals (the ESTIMATE
// fusing the XY planes or not: 1024 x 512), the inverse 32 or 64 deep with
// rows of 1024 in both precisions. A verdict in wisdom still wins. Not the
// f64 forward, other depths or rows, nor grids in the L2.
TEST(RealXYForm, SlabsFuseXZ) {
  const Wisdom none;
  struct Case {
    int nx, ny, nz;
    bool forward, inverse;
    fft3d_type type = FFT3D_R2C_F32;
  };
  for (const Case& c : {Case{2048, 2048, 32, true, false}, Case{1024, 512, 32, true, true},
                        Case{1024, 1024, 64, false, true}, Case{1024, 512, 32, false, true, FFT3D_R2C_F64},
                        Case{1024, 1024, 64, false, true, FFT3D_R2C_F64}}) {
    const Problem slab = make_3d_problem(c.nx, c.ny, c.nz, c.type);
    for (TuneMode mode : {TuneMode::estimate, TuneMode::measure})
      for (bool inverse : {false, true}) {
        const RealXYForm form = automatic_real_xy_form(slab, none, kGpu, kLimits, mode, inverse);
        EXPECT_EQ(form.fused_xz, inverse ? c.inverse : c.forward) << slab.str() << " inverse " << inverse;
        if (form.fused_xz) {
          EXPECT_FALSE(form.fused || form.timed) << slab.str();
          // The fused XZ pass's variant: real whole rows in the direction's order, rows apart.
          const std::optional<XYVariant> xz = real_xz_variant(slab, kLimits, inverse);
          ASSERT_TRUE(xz) << slab.str() << " inverse " << inverse;
          EXPECT_NE(xz->x.real, RealRows::none) << xz->name();
          EXPECT_EQ(xz->columns_first, inverse) << xz->name();
          EXPECT_TRUE(xy_rows_may_stride(c.nx, c.nz, slab.precision(), *xz)) << xz->name();
        }
        Wisdom w;
        w.remember({kGpu, real_xy_key(slab, inverse), kSeparateXY, 0.5});
        EXPECT_FALSE(automatic_real_xy_form(slab, w, kGpu, kLimits, mode, inverse).fused_xz) << slab.str();
      }
  }
  EXPECT_TRUE(estimate_real_xy_variant(1024, 512, 32, Precision::f32, kLimits, true, false));  // fused XY planes
  EXPECT_FALSE(real_fused_xz_pays(make_3d_problem(1024, 1024, 32, FFT3D_R2C_F64), kLimits, false));
  EXPECT_FALSE(real_xz_variant(make_3d_problem(1024, 1, 32, FFT3D_R2C_F32), kLimits, false));  // no XZ planes to fuse
  for (bool inverse : {false, true}) {
    EXPECT_TRUE(real_fused_xz_pays(make_3d_problem(1024, 1024, 32, FFT3D_R2C_F32), kLimits, inverse));
    for (const Problem& p :
         {make_3d_problem(2048, 1024, 32, FFT3D_R2C_F64), make_3d_problem(1024, 2048, 16, FFT3D_R2C_F32),
          make_3d_problem(2048, 1024, 64, FFT3D_R2C_F32), make_3d_problem(4096, 1024, 32, FFT3D_R2C_F32),
          make_3d_problem(1024, 256, 32, FFT3D_R2C_F32)})  // the last 34 MB, in the L2
      EXPECT_FALSE(real_fused_xz_pays(p, kLimits, inverse)) << p.str();
  }
}

}  // namespace
}  // namespace fft3d
