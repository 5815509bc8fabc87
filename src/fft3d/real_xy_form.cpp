#include "fft3d/real_xy_form.h"

#include <algorithm>
#include <limits>

#include "common/error.h"
#include "fft3d/grid_schedule.h"

namespace fft3d {

PassKey real_xy_key(const Problem& problem, bool inverse) {
  return PassKey{inverse ? "xy-real-inverse" : "xy-real-forward", problem.nx, problem.precision(), 0, problem.ny,
                 problem.nz};
}

// Why these, as measured: 256^3 R2C f32 forward on the H100 ran on
// clusters of 8 in 0.143 ms, of 4 in 0.147, of 16 in 0.154; on the H200
// its rows of 128 = 16 * 8 points on 8 threads against 16 ran f32 in 0.124
// against 0.131 ms, f64 in 0.262 against 0.246. With strided rows (f32) on
// the H100: clusters of 8 0.1288 ms, of 16 0.1511, whole rows 0.1365.
std::vector<XYVariant> real_fused_candidates(const Problem& problem, const DeviceLimits& limits, bool inverse) {
  const Precision precision = problem.precision();
  std::vector<XYVariant> out;
  auto keep = [&](const XYVariant& v) {
    if (std::find(out.begin(), out.end(), v) == out.end() &&
        xy_variant_valid(problem.nx, problem.ny, precision, v, limits))
      out.push_back(v);
  };
  auto add = [&](int cluster, std::optional<bool> strided = {}) -> std::optional<XYVariant> {
    const auto v = estimate_real_xy_variant(problem.nx, problem.ny, problem.nz, precision, limits, false, inverse,
                                            XYBase{{}, {}, cluster, {}, strided});
    if (v) keep(*v);
    return v;
  };
  const auto estimate = add(0);
  if (!estimate) return out;
  if (estimate->cluster > 1) add(estimate->cluster / 2);
  add(estimate->cluster * 2);
  const std::vector<int>& radices = estimate->x.radices;
  if (radices.size() == 2) {
    const int n = xy_row_points(problem.nx, *estimate), threads = estimate->x.threads_per_row;
    const auto [smaller, larger] = std::minmax(radices[0], radices[1]);
    XYVariant other = *estimate;
    other.x.threads_per_row = threads == n / larger ? n / smaller : n / larger;
    other.x.rows_per_block = std::max(1, estimate->x.rows_per_block * threads / other.x.threads_per_row);
    keep(other);
  }
  if (estimate->strided_rows) {
    add(estimate->cluster, false);  // its whole-rows form
    if (const auto twin = row_pads_switched(problem.nx, problem.ny, precision, *estimate, limits)) keep(*twin);
  }
  if (!inverse)  // two planes as one complex plane (the f64 ESTIMATE's form for some planes), swizzled or not
    if (const auto pairs = real_pair_xy_variant(problem.nx, problem.ny, problem.nz, precision, limits)) {
      keep(*pairs);
      if (const auto twin = row_swizzle_switched(problem.nx, problem.ny, precision, *pairs, limits)) keep(*twin);
    }
  return out;
}

// The fused XZ passes (make_real_xz_pass in gpu_real_plan.cpp) against the
// ESTIMATE's forms, H200 f32, ms (docs/data/real-xz-h200-2026-12-02.txt).
// Forward: 2048x2048x32 1.000-1.009 against 1.021-1.027, 2048x1024x32
// 0.449-0.451 against 0.460-0.462, 1024x2048x32 0.502 against 0.525,
// 1024x1024x32 0.232-0.233 against 0.237-0.240, 1024x512x32 0.123-0.124
// against 0.137 (its fused XY pass; separate passes 0.120). It lost 16 deep
// (2048x2048x16 0.564 against 0.522, 2048x4096x16 1.146 against 1.096) and
// 64 deep (1024x1024x64 0.469-0.471 against 0.466-0.468). Inverse:
// 1024x1024x32 0.231 against 0.245-0.248, 1024x1024x64 0.454 against 0.476,
// 1024x512x32 0.1255 against 0.1254; rows of 2048 reals lost (2048x2048x32
// 1.074 against 1.042-1.046, 2048x1024x32 0.482 against 0.465-0.470).
// f64, once its XZ planes of 1024 reals ran on 8 or 16 blocks of 4 rows
// (wide_real_rows in xy_estimate.cpp; on 4 or 8 blocks of 8 both
// directions lost 4-12 %; docs/data/real-wide-rows-h200-2026-12-02.txt):
// the inverse won, 1024x1024x32 0.447 against 0.475, 1024x1024x64 0.893
// against 0.941, 1024x2048x32 0.952 against 1.020, 1024x512x32 0.217
// against 0.222; the forward tied or lost (1024x1024x32 0.460 against
// 0.452, 1024x512x32 0.223 against 0.210, 1024x1024x64 0.902 against
// 0.904, 1024x2048x32 0.980 against 0.984) and stays f32 only.
bool real_fused_xz_pays(const Problem& problem, const DeviceLimits& limits, bool inverse) {
  const bool shape = inverse ? problem.nx == 1024 && (problem.nz == 32 || problem.nz == 64)
                             : problem.nz == 32 && (problem.nx == 1024 || problem.nx == 2048) &&
                                   problem.precision() == Precision::f32;
  return shape && problem.ny > 1 && problem.complex_side_bytes() > limits.l2_bytes;
}

std::optional<XYVariant> real_xz_variant(const Problem& problem, const DeviceLimits& limits, bool inverse) {
  const XYBase whole_rows{{}, {}, 0, false, false};
  const long long half = problem.nx / 2 + 1;
  if (problem.ny == 1 || problem.nz == 1 || half * problem.ny > std::numeric_limits<int>::max()) return std::nullopt;
  const std::optional<XYVariant> v = estimate_real_xy_variant(problem.nx, problem.nz, problem.ny, problem.precision(),
                                                              limits, false, inverse, whole_rows);
  if (!v || !xy_rows_may_stride(problem.nx, problem.nz, problem.precision(), *v)) return std::nullopt;
  return v;
}

bool real_plane_columns_pay(const Problem& problem, const DeviceLimits& limits) {
  return plane_columns_pay(problem.nx / 2 + 1, problem.ny, problem.nz) &&
         (plane_rows_pay(problem.ny, problem.nz) || problem.complex_side_bytes() > limits.l2_bytes);
}

RealXYForm automatic_real_xy_form(const Problem& problem, const Wisdom& wisdom, const DeviceSignature& device,
                                  const DeviceLimits& limits, TuneMode mode, bool inverse) {
  const char* direction = inverse ? "inverse" : "forward";
  if (const auto verdict = wisdom.lookup(device, real_xy_key(problem, inverse))) {
    const std::string from = std::string("XY form of the in-place ") + direction + " from wisdom: ";
    if (*verdict == kSeparateXY) return RealXYForm{std::nullopt, false, from + "separate passes"};
    try {
      const XYVariant v = parse_xy_variant(*verdict);
      if (v.x.real != RealRows::none && v.columns_first == inverse &&
          xy_variant_valid(problem.nx, problem.ny, problem.precision(), v, limits))
        return RealXYForm{v, false, from + "fused"};
    } catch (const Error&) {
    }  // a malformed or foreign name: as if there were no verdict
  }
  if (real_fused_xz_pays(problem, limits, inverse)) return RealXYForm{std::nullopt, false, "", true};
  if (mode != TuneMode::estimate) return RealXYForm{std::nullopt, true, ""};
  const Precision precision = problem.precision();
  auto v = estimate_real_xy_variant(problem.nx, problem.ny, problem.nz, precision, limits, true, inverse);
  if (!v && inverse && real_inverse_fuses_with_side_planes(problem.nx, problem.ny, problem.nz, precision))
    v = estimate_real_xy_variant(problem.nx, problem.ny, problem.nz, precision, limits, false, inverse);
  return RealXYForm{v, false, ""};
}

}  // namespace fft3d
