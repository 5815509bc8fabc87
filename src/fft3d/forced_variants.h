// Variants forced by the environment, for experiments: FFT3D_X_VARIANT
// (complex rows) and FFT3D_COLUMN_VARIANT (Y and Z columns) take the place
// of wisdom and of the ESTIMATE in the passes whose length they factor.
#pragma once
#include <optional>
#include <string>

#include "common/precision.h"
#include "fft1d/x_variant.h"
#include "fft3d/grid_schedule.h"

namespace fft3d {

// The forced variant for a pass of `kind` ("rows" or "columns") and length
// n, given the two names (empty: not forced): the named variant where its
// radices multiply to n and it is of that kind (complex rows for "rows", a
// ".cols" variant for "columns"); nothing otherwise. Throws
// Error(INVALID_ARGUMENT) for a malformed name or one that factors n but
// does not fit the device's limits, so that an experiment never silently
// times the ESTIMATE instead.
std::optional<XVariant> forced_variant(const std::string& kind, int n, Precision precision,
                                       const DeviceLimits& limits, const std::string& rows_name,
                                       const std::string& columns_name);

// `fallback` (wisdom) behind the variants FFT3D_X_VARIANT and
// FFT3D_COLUMN_VARIANT force (read once, when this is called).
VariantPreference with_forced_variants(VariantPreference fallback, Precision precision, const DeviceLimits& limits);

}  // namespace fft3d
