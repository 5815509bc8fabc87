// The fused pass's forms measured fastest on particular planes
// (xy_measured_forms.cpp, with the timings): the ESTIMATE
// (xy_estimate.cpp) takes them over its general rules where base names
// nothing.
#pragma once
#include <optional>

#include "xy/xy_variant.h"

namespace fft3d {

// Complex cube planes (192, 240, 243, 300, 320, 400, 480; f32 or f64) as
// strided rows in their measured form: cluster, groups, load chunks,
// occupancy hint, twiddles, Y loads, X's order and threads. With
// paired_rows, other planes take groups of 8 in two chunks on
// paired_cluster. Nothing for real rows, other planes, or where the form
// does not fit.
std::optional<XYVariant> measured_strided_form(int nx, int ny, Precision precision, const XYVariant& v,
                                               const DeviceLimits& limits, bool paired_rows, int paired_cluster);

// Whether the strided rows of these cube planes ran faster without row
// pads (XYVariant::row_pads); real: the R2C forward's.
bool unpadded_rows_faster(int nx, int ny, Precision precision, bool real);

// Whether the R2C forward's real pairs of these planes (f64 256^2) ran
// faster with their share rows swizzled (XYVariant::row_swizzle).
bool swizzled_pairs_faster(int nx, int ny, Precision precision);

// The R2C forward's cube planes (240^3, 300^3 f32) as strided rows in the
// forms measured fastest where the general rule takes none; nothing
// elsewhere.
std::optional<XYVariant> measured_real_strided_form(int nx, int ny, Precision precision, const XYVariant& v,
                                                    const DeviceLimits& limits);

}  // namespace fft3d
