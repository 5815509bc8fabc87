// Variants forced by the environment, for experiments: FFT3D_X_VARIANT
// (complex rows), FFT3D_COLUMN_VARIANT (Y and Z columns) and
// FFT3D_Z_COLUMN_VARIANT (Z columns alone, before FFT3D_COLUMN_VARIANT) take
// the place of wisdom and of the ESTIMATE in the passes whose length they
// factor.
#pragma once
#include <optional>
#include <string>

#include "common/precision.h"
#include "fft1d/x_variant.h"
#include "fft3d/grid_schedule.h"

namespace fft3d {

// The forced variant for a pass of `kind` ("rows", "columns" or
// "z-columns") and length n, given the three names (empty: not forced): the
// named variant where its radices multiply to n and it is of that kind
// (complex rows for "rows", a ".cols" variant for the others); nothing
// otherwise. Throws Error(INVALID_ARGUMENT) for a malformed name or one
// that factors n but does not fit the device's limits, so that an
// experiment never silently times the ESTIMATE instead.
std::optional<XVariant> forced_variant(const std::string& kind, int n, Precision precision,
                                       const DeviceLimits& limits, const std::string& rows_name,
                                       const std::string& columns_name, const std::string& z_columns_name = "");

// `fallback` (wisdom) behind the variants FFT3D_X_VARIANT,
// FFT3D_COLUMN_VARIANT and FFT3D_Z_COLUMN_VARIANT force, and the cluster
// columns FFT3D_COLUMN_CLUSTER=CxW names (kind "cluster-columns":
// cluster_column_variant, for the lengths where it fits) (read once, when
// this is called).
VariantPreference with_forced_variants(VariantPreference fallback, Precision precision, const DeviceLimits& limits);

}  // namespace fft3d
