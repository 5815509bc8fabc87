// How an R2C grid plan transforms X and Y in each in-place direction: one
// fused pass per plane (the forward X first, the C2R inverse columns
// first) or separate passes. Where that comes from (gpu_real_plan.cpp):
// a verdict in wisdom, else MEASURE's timing of the candidates below, else
// the ESTIMATE rule (estimate_real_xy_variant).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "fft3d/plan.h"
#include "fft3d/problem.h"
#include "tune/wisdom.h"
#include "xy/xy_variant.h"

namespace fft3d {

// The wisdom key of an in-place real grid's XY verdict for one direction
// ("xy-real-forward", "xy-real-inverse"): like xy-plane, n = nx (reals per
// row), planes = nz. Its value is a fused variant's name or kSeparateXY.
PassKey real_xy_key(const Problem& problem, bool inverse);

// One direction's XY form: fused (a variant) or separate passes, and
// whether it still has to be timed (MEASURE without a verdict in wisdom);
// or X fused with Z instead (fused_xz, real_fused_xz_pays).
struct RealXYForm {
  std::optional<XYVariant> fused;
  bool timed = false;
  std::string note;       // where a verdict came from, for the plan's description
  bool fused_xz = false;  // X and Z fused over the XZ planes, after Y (inverse) or before it
};

// Whether the in-place R2C forward runs as one fused pass over the ny XZ
// planes (X with its post-processing, then Z), then the Y columns, or the
// C2R inverse (`inverse`) as the Y columns, then one fused pass over the XZ
// planes (Z, then X with its pre-processing): grids beyond the L2, the
// f32 forward 32 deep with rows of 1024 or 2048 reals, the inverse 32 or
// 64 deep with rows of 1024 reals in both precisions, where that measured
// faster than the XY forms.
bool real_fused_xz_pays(const Problem& problem, const DeviceLimits& limits, bool inverse);

// The fused XZ pass's variant for the in-place R2C forward (C2R inverse):
// the real ESTIMATE's form of the ny XZ planes of nx reals by nz in whole
// rows, X first (columns first), rows (nx/2 + 1) * ny complex values apart
// (kern::XYLayout::row_stride). None where the grid has no such planes (ny
// or nz 1), that stride exceeds an int, or no such form fits.
std::optional<XYVariant> real_xz_variant(const Problem& problem, const DeviceLimits& limits, bool inverse);

// Whether a real grid's complex side (nx/2 + 1 columns) takes plane columns
// (plane_columns_pay), Y and Z in one pass in place of the fused or separate
// ones: YZ planes of at most kPlaneRowsMaxPoints points, or of up to
// kPlaneColumnsMaxPoints where the complex side outgrows L2 (within L2 the
// f32 R2C forward of 512x32x32 took 31 % longer with them).
bool real_plane_columns_pay(const Problem& problem, const DeviceLimits& limits);

// The fused variants MEASURE times for one direction: the ESTIMATE's shape
// (also where the ESTIMATE rule would keep separate passes) on its cluster,
// half of it and twice it, its X rows of two stages on the other thread
// count, where its rows are strided, its whole-rows form and its padded
// rows switched, and for the forward the real pairs' form, its share rows
// swizzled and not; each valid for `limits`, none twice.
std::vector<XYVariant> real_fused_candidates(const Problem& problem, const DeviceLimits& limits, bool inverse);

// One direction's form in automatic planes: a valid verdict of `device` in
// `wisdom` (a fused variant of real rows in the direction's order, or
// separate passes), else the fused XZ pass where it pays (a rule in every
// mode: MEASURE does not time it), else to be timed
// (MEASURE, EXHAUSTIVE), else the ESTIMATE rule. A malformed, foreign or no
// longer valid verdict counts as none.
RealXYForm automatic_real_xy_form(const Problem& problem, const Wisdom& wisdom, const DeviceSignature& device,
                                  const DeviceLimits& limits, TuneMode mode, bool inverse);

}  // namespace fft3d
