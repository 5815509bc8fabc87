#include "fft3d/grid_schedule.h"

#include <algorithm>
#include <limits>
#include <sstream>

#include "common/error.h"
#include "common/factor.h"

namespace fft3d {

namespace {

void check_length(char axis, int n, Precision precision) {
  if (long long f = first_unsupported_factor(n))
    fail(FFT3D_ERROR_UNSUPPORTED_SIZE, std::string("n") + axis + "=" + std::to_string(n) +
                                           " has the prime factor " + std::to_string(f) +
                                           "; the GPU kernels support 2, 3, 5 and 7");
  (void)precision;
}

GridPass column_pass(char axis, int n, long long count, kern::RowGeometry geometry, Precision precision,
                     const DeviceLimits& limits, ColumnMethod method, const VariantPreference& preferred,
                     bool real_side = false) {
  GridPass pass{axis, n, count, geometry, XVariant{}, FiveStepVariant{}};
  const FiveStepVariant five = estimate_five_step_variant(n, precision);
  LongColumnVariant long_form = estimate_long_column_variant(n, precision, limits);
  if (long_form.n1 > 0)  // pass A's columns of n1 as tuned (or forced), where they are
    if (auto v = valid_preference(preferred, "columns", long_form.n1, precision, limits)) long_form.a = *v;
  if (method == ColumnMethod::long_column) {
    if (long_form.n1 == 0)
      fail(FFT3D_ERROR_UNSUPPORTED_SIZE, std::string("n") + axis + "=" + std::to_string(n) +
                                             " has no long-column split n1 x n2 (n2 a radix of at most 16)");
    pass.long_column = long_form;
    return pass;
  }
  if (method == ColumnMethod::five_step) {
    if (five.n1 == 0)
      fail(FFT3D_ERROR_UNSUPPORTED_SIZE, std::string("n") + axis + "=" + std::to_string(n) +
                                             " has no five-step split into two radices of at most 16");
    pass.five_step = five;
    return pass;
  }
  if (method == ColumnMethod::cluster_column || method == ColumnMethod::automatic) {
    // Cluster columns where a preference names them (FFT3D_COLUMN_CLUSTER).
    const std::optional<PreferredVariant> named =
        preferred ? preferred("cluster-columns", n, geometry.stride) : std::nullopt;
    std::optional<ClusterRowVariant> c;
    if (named && named->cluster.cluster > 0 && cluster_row_fits(n, precision, named->cluster, limits))
      c = named->cluster;
    else if (method == ColumnMethod::cluster_column)
      c = estimate_cluster_column_variant(n, precision, limits);
    if (c) {
      pass.cluster_row = *c;
      return pass;
    }
    if (method == ColumnMethod::cluster_column)
      fail(FFT3D_ERROR_UNSUPPORTED_SIZE, std::string("n") + axis + "=" + std::to_string(n) +
                                             " has no cluster columns that fit the device");
  }
  if (method == ColumnMethod::automatic)  // measured faster than every one-pass variant
    if (auto v = valid_five_step_preference(preferred, n, limits)) {
      pass.five_step = *v;
      pass.five_step_from_wisdom = true;
      return pass;
    }
  // Z's own preference first ("z-columns": FFT3D_Z_COLUMN_VARIANT), then
  // the pass's by its stride (wisdom: the tuned one of that stride, else the
  // one Y and Z share).
  if (axis == 'z')
    if (auto v = valid_preference(preferred, "z-columns", n, precision, limits)) {
      pass.variant = *v;
      return pass;
    }
  if (auto v = valid_preference(preferred, "columns", n, precision, limits, geometry.stride)) {
    pass.variant = *v;
    return pass;
  }
  try {
    pass.variant = axis == 'z' ? estimate_z_column_variant(n, count, precision, limits, real_side)
                               : estimate_y_column_variant(n, count, precision, limits, real_side);
  } catch (const Error&) {
    if (method == ColumnMethod::one_pass || (five.n1 == 0 && long_form.n1 == 0)) throw;
    if (five.n1 > 0)
      pass.five_step = five;  // the column does not fit shared memory
    else
      pass.long_column = long_form;
    return pass;
  }
  if (method == ColumnMethod::automatic && long_form.n1 > 0 && long_columns_pay(n, pass.variant, precision)) {
    pass.variant = XVariant{};
    pass.long_column = long_form;
  }
  return pass;
}

// The Z columns of the split-Y schedule: the column variant for nz (tuned,
// else the ESTIMATE) regrouped into `split` groups of `width` columns: the
// widest divisor of nx whose rows hold at most 128 bytes and whose block
// keeps two per SM (at most 100 KB of shared memory); narrow 32-byte rows
// wrote 2.8 times the volume to DRAM at 384^3 f32 on an H100.
std::optional<XVariant> split_column_variant(int nz, int nx, int split, Precision precision,
                                             const DeviceLimits& limits, const VariantPreference& preferred) {
  constexpr long long kTwoPerSm = 100 * 1024;
  const auto tuned = valid_preference(preferred, "columns", nz, precision, limits);
  const XVariant base = tuned ? *tuned : estimate_column_variant(nz, precision, limits);
  if (base.radices.size() < 2) return std::nullopt;  // the cross phase follows stage 0
  std::optional<XVariant> narrowest;
  for (int width = 128 / complex_bytes(precision); width >= 1; --width) {
    XVariant v = base;
    v.rows_per_block = split * width;
    const XVariantFacts f = x_variant_facts(nz, precision, v);
    if (nx % width != 0 || !x_variant_fits(f, limits)) continue;
    if (f.shared_bytes <= kTwoPerSm) return v;
    narrowest = v;
  }
  return narrowest;
}

}  // namespace

std::optional<ClusterRowVariant> estimate_cluster_column_variant(int n, Precision precision,
                                                                 const DeviceLimits& limits) {
  constexpr long long kShareBytes = 64 * 1024;
  const int width = 128 / complex_bytes(precision);
  for (int c = 2; c <= limits.max_cluster; ++c)
    if (n % c == 0 && static_cast<long long>(n / c) * width * complex_bytes(precision) <= kShareBytes)
      if (auto v = cluster_column_variant(n, precision, limits, c, width)) return v;
  return std::nullopt;
}

bool balanced_long_rows_pay(int n, Precision precision) {
  return static_cast<long long>(n) * complex_bytes(precision) >= kBalancedLongRowBytes;
}

bool long_columns_pay(int n, const XVariant& one_pass, Precision precision) {
  // One-pass blocks of fewer columns than fill a 32-byte sector. H200,
  // 64 x 64 x nz, ms, long against one pass: nz = 8192 f32 (one column a
  // block) 0.475 against 0.963, f64 0.962 against 1.150; nz = 16384 f32
  // 0.958 against 1.663. Columns of 4096 (32 bytes a block) kept one pass:
  // f32 0.249 against 0.269 long, f64 0.437 against 0.533. Shorter columns
  // with narrow blocks (f32 from 980 points, f64 from 1500, not powers of
  // two) are untimed long and keep one pass. With pass B in balance
  // (long_column_balanced_split), f32 columns of 4096 in one-pass blocks of
  // 4 (32 bytes) went long too: 64 x 64 x 4096 0.250 → 0.225 ms, 128 x 128 x
  // 4096 1.001 → 0.954, 1024 x 64 x 4096 4.494 → 4.256 (0.96 → 1.01x);
  // f64 (2 a block) lost at three grids of five (32 x 32 x 4096 0.115 →
  // 0.120). Blocks of 64 bytes lost in both (256 x 256 x 2048 f32 1.576 →
  // 1.754).
  const long long bytes = one_pass.rows_per_block * complex_bytes(precision);
  if (precision == Precision::f32) return n >= kLongColumnsFromF32 && bytes <= 32;
  return n >= kLongColumnsFrom && bytes < 32;
}

int split_y_factor(int ny) {
  int best = 0, rest = ny;
  for (int p : {2, 3, 5, 7}) {
    int power = 1;
    while (rest % p == 0) rest /= p, power *= p;
    if (power > 1 && power <= 8 && power < ny) best = std::max(best, power);
  }
  return best;
}

bool plane_rows_pay(int nx, int ny) { return static_cast<long long>(nx) * ny <= kPlaneRowsMaxPoints; }

bool plane_columns_pay(int nx, int ny, int nz) {
  return nx >= kPlaneColumnsMinRows && static_cast<long long>(ny) * nz <= kPlaneColumnsMaxPoints;
}

void fail_without_plane_rows(int nx, int ny, Precision precision) {
  if (nx < 2 || ny < 2) fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "plane rows need nx and ny of at least 2");
  fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "no plane rows for planes of " + std::to_string(nx) + " x " +
                                         std::to_string(ny) + " " + precision_name(precision) +
                                         " (nx and ny must each be one codelet radix, at most 32)");
}

std::optional<std::vector<GridPass>> make_split_y_schedule(int nx, int ny, int nz, Precision precision,
                                                           const DeviceLimits& limits,
                                                           const VariantPreference& preferred) {
  check_length('x', nx, precision);
  check_length('y', ny, precision);
  check_length('z', nz, precision);
  const int split = split_y_factor(ny);
  if (split == 0 || nx < 2 || nz < 2) return std::nullopt;
  const int y2 = ny / split;
  const long long plane = static_cast<long long>(nx) * ny;
  // Whole rows per block: the split pass reads a residue class of rows (no strided rows).
  const auto xy = estimate_xy_variant(nx, y2, static_cast<long long>(nz) * split, precision, limits, false,
                                      XYBase{{}, {}, 0, {}, false});
  const auto z = split_column_variant(nz, nx, split, precision, limits, preferred);
  if (!xy || !z) return std::nullopt;
  GridPass first{'p', nx, static_cast<long long>(nz) * split, {1, plane, 1}, XVariant{}, FiveStepVariant{}, *xy, y2};
  first.split = split;
  kern::RowGeometry columns{plane, plane, plane};
  columns.split = split;
  columns.width = z->rows_per_block / split;
  columns.nx = nx;
  columns.y2 = y2;
  columns.inverse = inverse_modulo(y2, split);
  GridPass second{'z', nz, plane, columns, *z, FiveStepVariant{}};
  second.split = split;
  return std::vector<GridPass>{first, second};
}

std::vector<GridPass> make_xz_schedule(int nx, int ny, int nz, Precision precision, const DeviceLimits& limits,
                                       ColumnMethod method, const VariantPreference& preferred) {
  check_length('x', nx, precision);
  check_length('y', ny, precision);
  check_length('z', nz, precision);
  const long long plane = static_cast<long long>(nx) * ny;
  // The XZ planes as the ESTIMATE fuses nx * nz planes, ny of them, in whole rows X first.
  const XYBase whole_rows{{}, {}, 0, false, false};
  std::optional<XYVariant> v;
  if (nx > 1 && nz > 1 && plane <= std::numeric_limits<int>::max())
    v = estimate_xy_variant(nx, nz, ny, precision, limits, false, whole_rows);
  if (!v || !xy_rows_may_stride(nx, nz, precision, *v))
    fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "no fused XZ pass for " + std::to_string(nx) + " x " + std::to_string(ny) +
                                           " x " + std::to_string(nz) + " " + precision_name(precision) +
                                           " (its " + std::to_string(nx) + " x " + std::to_string(nz) +
                                           " planes need a fused form in complex whole rows that fits the device)");
  GridPass fused{'p', nx, ny, {1, nx, 1}, XVariant{}, FiveStepVariant{}, *v, nz};
  fused.row_stride = static_cast<int>(plane);
  std::vector<GridPass> passes{fused};
  if (ny > 1)
    passes.push_back(column_pass('y', ny, static_cast<long long>(nx) * nz, {nx, plane, nx}, precision, limits,
                                 method, preferred));
  return passes;
}

// The XZ planes of slabs fused in the thin-plane form, against the
// ESTIMATE's three passes (H200, docs/data/xz-fused-h200-2026-12-02.txt), ms:
// f32 2048x2048x32 1.695 against 1.903, 1024x1024x64 0.763 against 0.834,
// 1024x1024x32 0.361 against 0.420, 2048x1024x16 0.387 against 0.428,
// 2048x4096x16 1.988 against 2.151; f64 1024x1024x32 0.763 against 0.845,
// 1024x512x32 0.366 against 0.400. Planes of 1024 x 16 (fewer than
// kXZMinPoints) tied or lost: 1024x2048x16 f32 0.487 against 0.487, f64
// 0.951 against 0.945; so did f64 1024 x 64 planes (1 MB, not thin: 2.11
// against 1.71 on clusters of 8).
constexpr long long kXZMinPoints = 32768;

bool fused_xz_pays(int nx, int ny, int nz, Precision precision, const DeviceLimits& limits) {
  const long long points = static_cast<long long>(nx) * nz;
  const long long grid_bytes = points * ny * complex_bytes(precision);
  return ny > 1 && points >= kXZMinPoints && thin_long_rows(nx, nz, precision, false) &&
         grid_bytes > limits.l2_bytes;
}

std::optional<XVariant> valid_preference(const VariantPreference& preferred, const std::string& kind, int n,
                                         Precision precision, const DeviceLimits& limits, long long stride,
                                         int plane_nx) {
  if (!preferred) return std::nullopt;
  const std::optional<PreferredVariant> found = preferred(kind, n, stride);
  if (!found || found->five_step.n1 > 0 || found->cluster.cluster > 0) return std::nullopt;
  const XVariant& v = found->x;
  if (v.columns != (kind == "columns" || kind == "z-columns") || v.plane_nx != plane_nx) return std::nullopt;
  // Real rows of n: the kernel transforms n / 2 points (half) or n (full, or
  // pairs of rows at once for odd n).
  const bool real = kind == "real-rows" || kind == "real-rows-inverse";
  const RealRows want = !real ? RealRows::none : n % 2 == 0 && n >= 4 ? RealRows::half : RealRows::full;
  const int kernel_n = want == RealRows::half ? n / 2 : n;
  if (v.real != want && !(want == RealRows::full && n % 2 == 1 && v.real == RealRows::pair)) return std::nullopt;
  if (!variant_factors(v, kernel_n) || v.threads_per_row < 1 || v.rows_per_block < 1) return std::nullopt;
  if (!x_variant_fits(x_variant_facts(kernel_n, precision, v), limits)) return std::nullopt;
  return v;
}

std::optional<FiveStepVariant> valid_five_step_preference(const VariantPreference& preferred, int n,
                                                          const DeviceLimits& limits) {
  if (!preferred) return std::nullopt;
  const std::optional<PreferredVariant> found = preferred("five-step", n, 0);
  if (!found) return std::nullopt;
  const FiveStepVariant& v = found->five_step;
  if (v.n1 * v.n2 != n || !kern::is_five_step_radix(v.n1) || !kern::is_five_step_radix(v.n2) ||
      v.columns_per_block < 1 || v.columns_per_block > limits.threads_per_block)
    return std::nullopt;
  for (bool pass_b : {false, true})  // no shared memory: threads are the only limit
    if (five_step_layout(v, pass_b).threads_per_block() > limits.threads_per_block) return std::nullopt;
  return v;
}

std::vector<GridPass> make_column_schedule(int nx, int ny, int nz, Precision precision, const DeviceLimits& limits,
                                           ColumnMethod method, const VariantPreference& preferred,
                                           bool real_side) {
  check_length('y', ny, precision);
  check_length('z', nz, precision);
  const long long plane = static_cast<long long>(nx) * ny;
  std::vector<GridPass> passes;
  if (ny > 1)
    passes.push_back(column_pass('y', ny, static_cast<long long>(nx) * nz, {nx, plane, nx}, precision, limits,
                                 method, preferred, real_side));
  if (nz > 1)
    passes.push_back(
        column_pass('z', nz, plane, {plane, plane, plane}, precision, limits, method, preferred, real_side));
  return passes;
}

// Side planes were measured only on arrays beyond the H100's 50 MB L2.
constexpr long long kSidePlanesL2Bytes = 50'000'000;

int estimate_side_planes(int nx, int ny, int nz, Precision precision) {
  if (static_cast<long long>(nx) * ny * nz * complex_bytes(precision) <= kSidePlanesL2Bytes) return 0;
  // nz / divisor for square planes, the fastest of 0, nz/16, nz/12, nz/8
  // and nz/6 measured on cubes; nz/12 for the other planes, which won or
  // tied on every cube but 256^3. f64 384^2 and 400^2 fuse only with them
  // (fuses_with_side_planes). f32 192^3 and 210^3 run faster with none and
  // their passes launched as dependents, which side planes rule out
  // (dependent_launch_pays): 0.0875-0.0881 ms against 0.0897-0.0900 with
  // nz/16, 0.1176 against 0.1194-0.1197 with nz/12 (H100, with the last
  // pass streaming; docs/data/side-planes-or-dependent-launch-h100-2026-11-27.txt).
  // f32 512^2, whose fused pass is a ring (one block per SM), nz/6 on an
  // H200: 512^3 1.486 ms against 1.558 with nz/12, 1.64 with none
  // (docs/data/ring-side-planes-h200-2026-11-29.txt).
  struct Measured {
    int n;
    Precision precision;
    int divisor;  // 0: none
  };
  static constexpr Measured kMeasured[] = {
      {192, Precision::f32, 0},  {210, Precision::f32, 0},  {256, Precision::f32, 0},
      {300, Precision::f32, 8},  {384, Precision::f32, 16}, {400, Precision::f32, 8},  {512, Precision::f32, 6},
      {192, Precision::f64, 16}, {210, Precision::f64, 0},  {256, Precision::f64, 0},
      {288, Precision::f64, 16}, {300, Precision::f64, 8},  {384, Precision::f64, 8},
      {400, Precision::f64, 6},
  };
  int divisor = 12;
  for (const Measured& m : kMeasured)
    if (nx == m.n && ny == m.n && precision == m.precision) divisor = m.divisor;
  return divisor == 0 ? 0 : nz / divisor;
}

int estimate_real_side_planes(int nx, int ny, int nz, Precision precision, bool inverse) {
  const long long complex_side = static_cast<long long>(nx / 2 + 1) * ny * nz * complex_bytes(precision);
  if (complex_side <= kSidePlanesL2Bytes) return 0;
  const bool f32 = precision == Precision::f32;
  // Measured on cubes, 1-5 % faster than none. The inverse: at 256^3, the
  // only cube whose inverse the ESTIMATE fuses.
  if (inverse) return nz / (f32 ? 8 : 12);
  // The forward: nz/16 won or tied at these f32 planes; nz/12 at 300^2 and
  // 320^2 (f32) and 256^2 (f64).
  const bool sixteenth = f32 && nx == ny && (nx == 240 || nx == 256 || nx == 384 || nx == 512);
  return nz / (sixteenth ? 16 : 12);
}

bool fuses_with_side_planes(int nx, int ny, int nz, Precision precision) {
  return nx == ny && (nx == 384 || nx == 400) && precision == Precision::f64 &&
         estimate_side_planes(nx, ny, nz, precision) > 0;
}

bool real_inverse_fuses_with_side_planes(int nx, int ny, int nz, Precision precision) {
  return nx == ny && (nx == 240 || nx == 384) && precision == Precision::f32 &&
         estimate_real_side_planes(nx, ny, nz, precision, true) > 0;
}

void set_side_planes(std::vector<GridPass>& schedule, int nx, int ny, int planes, Precision precision,
                     const DeviceLimits& limits, const VariantPreference& preferred) {
  if (schedule.empty() || !schedule[0].is_fused_xy() || schedule[0].split > 1 || schedule[0].row_stride > 0)
    fail(FFT3D_ERROR_INVALID_ARGUMENT, "side planes need a schedule that starts with a fused pass over whole planes");
  GridPass& fused = schedule[0];
  const long long total = fused.count + fused.side_planes();
  if (planes < 0 || planes >= total)
    fail(FFT3D_ERROR_INVALID_ARGUMENT, "side planes must be at least 0 and fewer than the " + std::to_string(total) +
                                           " planes of the fused pass");
  fused.count = total - planes;
  fused.side.clear();
  fused.side_offset = 0;
  if (planes == 0) return;
  // The separate schedule's X and Y passes, over the last `planes` planes.
  std::vector<GridPass> separate = make_grid_schedule(nx, ny, static_cast<int>(total), precision, limits,
                                                      ColumnMethod::automatic, preferred, PlaneMethod::separate);
  separate.resize(2);
  separate[0].count = static_cast<long long>(ny) * planes;
  separate[1].count = static_cast<long long>(nx) * planes;
  fused.side = std::move(separate);
  fused.side_offset = fused.count * fused.geometry.outer;
}

GridPass row_pass(int nx, long long count, Precision precision, const DeviceLimits& limits,
                  const VariantPreference& preferred, RowMethod method, int cluster) {
  check_length('x', nx, precision);
  GridPass pass{'x', nx, count, {1, 0, 1}, XVariant{}, FiveStepVariant{}};
  if (method == RowMethod::automatic || method == RowMethod::one_pass) {
    try {
      const auto v = valid_preference(preferred, "rows", nx, precision, limits);
      pass.variant = v ? *v : estimate_x_variant(nx, precision, limits);
      return pass;
    } catch (const Error&) {
      if (method == RowMethod::one_pass) throw;
    }
  }
  if (method == RowMethod::automatic && cluster == 0 && balanced_long_rows_pay(nx, precision)) {
    LongColumnVariant balanced = long_row_balanced_split(nx, precision, limits);
    if (balanced.n1 > 0) {
      pass.geometry = {1, nx, 1};  // one "plane" of one column a row: long_column_chunks
      pass.long_column = balanced;
      return pass;
    }
  }
  if (method == RowMethod::automatic || method == RowMethod::cluster_row) {
    const bool forced = method == RowMethod::cluster_row || cluster > 0;
    if (auto v = forced ? cluster_row_variant(nx, precision, limits, cluster)
                        : estimate_cluster_row_variant(nx, precision, limits)) {
      pass.cluster_row = *v;
      return pass;
    }
    if (method == RowMethod::cluster_row)
      fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "nx=" + std::to_string(nx) + " " + precision_name(precision) +
                                             " has no cluster-row split" +
                                             (cluster > 0 ? " into " + std::to_string(cluster) + " blocks" : "") +
                                             " that fits this device");
  }
  LongColumnVariant long_form = estimate_long_column_variant(nx, precision, limits, /*rows=*/true);
  if (long_form.n1 == 0)
    fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "nx=" + std::to_string(nx) + " " + precision_name(precision) +
                                           " fits no row kernel, and has no long-row split n1 x n2 (n2 a radix of "
                                           "at most 32, n1 a column kernel that fits)");
  if (auto v = valid_preference(preferred, "columns", long_form.n1, precision, limits)) long_form.a = *v;
  pass.geometry = {1, nx, 1};  // one "plane" of one column a row: long_column_chunks
  pass.long_column = long_form;
  return pass;
}

std::optional<GridPass> plane_columns_pass(int nx, int ny, int nz, Precision precision, const DeviceLimits& limits,
                                           const VariantPreference& preferred) {
  const int n = ny * nz;
  std::optional<XVariant> v = valid_preference(preferred, "z-columns", n, precision, limits, 0, ny);
  if (!v) v = estimate_plane_column_variant(ny, nz, precision, limits);
  if (!v) return std::nullopt;
  return GridPass{'z', n, nx, {nx, static_cast<long long>(nx) * n, nx}, *v, FiveStepVariant{}};
}

void fail_without_plane_columns(int ny, int nz, Precision precision) {
  fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "no plane columns for YZ planes of " + std::to_string(ny) + " x " +
                                         std::to_string(nz) + " " + precision_name(precision) +
                                         " (ny and nz must each be one codelet radix, and a column fit a block)");
}

std::optional<std::vector<GridPass>> make_plane_columns_schedule(int nx, int ny, int nz, Precision precision,
                                                                 const DeviceLimits& limits,
                                                                 const VariantPreference& preferred, RowMethod rows) {
  const std::optional<GridPass> yz = plane_columns_pass(nx, ny, nz, precision, limits, preferred);
  if (!yz) return std::nullopt;
  std::vector<GridPass> passes;
  if (nx > 1) passes.push_back(row_pass(nx, static_cast<long long>(ny) * nz, precision, limits, preferred, rows));
  passes.push_back(*yz);
  return passes;
}

std::vector<GridPass> make_grid_schedule(int nx, int ny, int nz, Precision precision,
                                         const DeviceLimits& limits, ColumnMethod method,
                                         const VariantPreference& preferred, PlaneMethod planes,
                                         RowMethod rows) {
  check_length('x', nx, precision);
  std::vector<GridPass> passes;
  if (planes == PlaneMethod::fused_xz) return make_xz_schedule(nx, ny, nz, precision, limits, method, preferred);
  if (planes == PlaneMethod::split) {
    if (auto split = make_split_y_schedule(nx, ny, nz, precision, limits, preferred)) return *split;
    fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "no split-Y schedule for " + std::to_string(nx) + " x " +
                                           std::to_string(ny) + " x " + std::to_string(nz) + " " +
                                           precision_name(precision) +
                                           " (ny needs a prime-power factor of at most 8 points, nx at least 2, "
                                           "and Z a column kernel of two stages or more)");
  }
  if ((planes == PlaneMethod::plane_rows || (planes == PlaneMethod::automatic && plane_rows_pay(nx, ny))) &&
      nx > 1 && ny > 1) {
    check_length('y', ny, precision);
    check_length('z', nz, precision);
    if (const std::optional<XVariant> v = estimate_plane_variant(nx, ny, precision, limits)) {
      const long long plane = static_cast<long long>(nx) * ny;
      passes.push_back(GridPass{'x', nx * ny, nz, {1, 0, 1}, *v, FiveStepVariant{}});
      if (nz > 1)
        passes.push_back(column_pass('z', nz, plane, {plane, plane, plane}, precision, limits, method, preferred));
      return passes;
    }
  }
  if (planes == PlaneMethod::plane_rows) fail_without_plane_rows(nx, ny, precision);
  if (planes == PlaneMethod::plane_columns) {
    check_length('y', ny, precision);
    check_length('z', nz, precision);
    if (auto yz = make_plane_columns_schedule(nx, ny, nz, precision, limits, preferred, rows)) return *yz;
    fail_without_plane_columns(ny, nz, precision);
  }
  if (planes != PlaneMethod::separate && nx > 1 && ny > 1) {
    check_length('y', ny, precision);
    check_length('z', nz, precision);
    const long long plane = static_cast<long long>(nx) * ny;
    auto v = estimate_xy_variant(nx, ny, nz, precision, limits, planes == PlaneMethod::automatic);
    if (!v && planes == PlaneMethod::automatic && fuses_with_side_planes(nx, ny, nz, precision))
      v = estimate_xy_variant(nx, ny, nz, precision, limits, false);
    if (v) {
      GridPass fused{'p', nx, nz, {1, plane, 1}, XVariant{}, FiveStepVariant{}, *v, ny};
      passes.push_back(fused);
      if (nz > 1)
        passes.push_back(column_pass('z', nz, plane, {plane, plane, plane}, precision, limits, method, preferred));
      set_side_planes(passes, nx, ny, estimate_side_planes(nx, ny, nz, precision), precision, limits, preferred);
      return passes;
    }
    if (planes == PlaneMethod::automatic && plane_columns_pay(nx, ny, nz))
      if (auto yz = make_plane_columns_schedule(nx, ny, nz, precision, limits, preferred, rows)) return *yz;
    if (planes == PlaneMethod::automatic && fused_xz_pays(nx, ny, nz, precision, limits))
      return make_xz_schedule(nx, ny, nz, precision, limits, method, preferred);
    if (planes == PlaneMethod::fused)
      fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "no fused XY pass fits planes of " + std::to_string(nx) + " x " +
                                             std::to_string(ny) + " " + precision_name(precision) +
                                             " on this device");
  }
  if (nx > 1) passes.push_back(row_pass(nx, static_cast<long long>(ny) * nz, precision, limits, preferred, rows));
  for (GridPass& p : make_column_schedule(nx, ny, nz, precision, limits, method, preferred))
    passes.push_back(std::move(p));
  return passes;
}

RealRowsPass make_real_rows_pass(int nx, long long rows, Precision precision, const DeviceLimits& limits,
                                 const VariantPreference& preferred) {
  check_length('x', nx, precision);
  RealRowsPass pass{nx, 0, rows, XVariant{}, {}};
  if (nx == 1) return pass;  // a strided copy, no kernel
  const bool half = nx % 2 == 0 && nx >= 4;
  pass.kernel_n = half ? nx / 2 : nx;
  // The inverse's own tuned variant, where it differs from the forward's.
  const std::optional<XVariant> inverse = valid_preference(preferred, "real-rows-inverse", nx, precision, limits);
  auto set_inverse = [&pass](const std::optional<XVariant>& v) {
    if (v && !(*v == pass.variant)) pass.inverse_variant = *v;
  };
  if (auto v = valid_preference(preferred, "real-rows", nx, precision, limits)) {
    pass.variant = *v;
    set_inverse(inverse);
    return pass;
  }
  // Odd rows go two to a transform: half the arithmetic of one a row.
  try {
    pass.variant = estimate_x_variant(pass.kernel_n, precision, limits,
                                      half ? RealRows::half : nx % 2 == 1 ? RealRows::pair : RealRows::full);
    if (x_variant_fits(x_variant_facts(pass.kernel_n, precision, pass.variant), limits)) {
      set_inverse(inverse ? inverse : estimate_inverse_real_rows(pass.kernel_n, precision, limits, pass.variant));
      return pass;
    }
  } catch (const Error& e) {
    if (e.status() != FFT3D_ERROR_UNSUPPORTED_SIZE) throw;
  }
  // Half-length rows beyond one block: on a cluster of blocks, which
  // post-processes (pre-processes) as it gathers (scatters).
  if (half) {
    if (std::optional<ClusterRowVariant> v = estimate_cluster_row_variant(pass.kernel_n, precision, limits)) {
      v->real = true;
      pass.cluster_row = *v;
      return pass;
    }
  }
  const std::string rows_of = "real rows of nx=" + std::to_string(nx) + " " + precision_name(precision);
  if (half)
    fail(FFT3D_ERROR_UNSUPPORTED_SIZE, rows_of + " fit neither one block's shared memory nor a cluster of blocks");
  fail(FFT3D_ERROR_UNSUPPORTED_SIZE,
       "odd " + rows_of + " do not fit one block's shared memory (odd rows have no cluster form)");
}

std::optional<RealRowsPass> make_real_plane_rows_pass(int nx, int ny, int nz, Precision precision,
                                                      const DeviceLimits& limits, bool forced) {
  if (nx < 2 || ny < 2 || (!forced && !plane_rows_pay(nx, ny))) return std::nullopt;
  const std::optional<XVariant> v = estimate_plane_variant(nx, ny, precision, limits, /*real=*/true);
  if (!v) return std::nullopt;
  RealRowsPass pass{nx, nx * ny, nz, *v, {}};
  pass.plane_ny = ny;
  return pass;
}

std::vector<GridPass> without_y_columns(std::vector<GridPass> columns) {
  columns.erase(std::remove_if(columns.begin(), columns.end(), [](const GridPass& p) { return p.axis == 'y'; }),
                columns.end());
  return columns;
}

std::string describe_real_rows_pass(const RealRowsPass& pass, Precision precision) {
  std::ostringstream s;
  if (pass.is_plane_rows()) {
    const XVariantFacts f = x_variant_facts(pass.kernel_n, precision, pass.variant);
    s << "pass xy: " << pass.nx << " x " << pass.plane_ny << " x " << pass.rows << " real planes, two a row of "
      << pass.kernel_n << " complex points (real and imaginary parts), a 2-D DFT each, the half spectra separated "
      << "(built, inverse) in shared memory, variant " << pass.variant.name() << ", " << f.threads_per_block
      << " threads/block, " << f.shared_bytes << " B shared/block";
    return s.str();
  }
  s << "pass x: real rows n=" << pass.nx << " x " << pass.rows << ", ";
  if (pass.kernel_n == 0) return s.str() + "strided copy (a length-1 transform)";
  if (pass.is_cluster_row()) {
    const kern::ClusterRowLayout L = make_cluster_row_layout(pass.kernel_n, precision, pass.cluster_row);
    s << "half-length " << pass.kernel_n << "-point cluster rows, each on a cluster of " << L.cluster
      << " blocks of " << L.local.n << " points (distributed shared memory), the real post/pre-processing in "
      << "the gather/scatter, variant " << pass.cluster_row.name() << ", " << L.threads() << " threads/block, "
      << L.local.shared_bytes(real_bytes(precision)) << " B shared/block";
    return s.str();
  }
  const XVariantFacts f = x_variant_facts(pass.kernel_n, precision, pass.variant);
  s << (pass.variant.real == RealRows::half
            ? "half-length " + std::to_string(pass.kernel_n) + "-point Stockham with fused real post/pre-processing"
        : pass.variant.real == RealRows::pair
            ? "full-length Stockham, two real rows per transform (real and imaginary parts)"
            : "full-length Stockham with real input/output")
    << ", variant " << pass.variant.name() << ", " << f.threads_per_block << " threads/block, " << f.shared_bytes
    << " B shared/block";
  if (pass.inverse_variant) {
    const XVariantFacts i = x_variant_facts(pass.kernel_n, precision, *pass.inverse_variant);
    s << "; the C2R inverse's variant " << pass.inverse_variant->name() << ", " << i.threads_per_block
      << " threads/block, " << i.shared_bytes << " B shared/block";
  }
  return s.str();
}

std::string describe_pass(const GridPass& pass, Precision precision) {
  if (pass.is_fused_xy()) {
    const XYVariantFacts f = xy_variant_facts(pass.n, pass.ny, precision, pass.xy);
    std::ostringstream s;
    if (pass.split > 1)
      s << "pass xy: split Y = " << pass.split << " x " << pass.ny << ", rows y1 + " << pass.split << " j ("
        << pass.count << " residue classes), twiddled, stored in CRT order; ";
    else if (pass.row_stride > 0)
      s << "pass xz: X and Z fused over XZ planes (nx x nz, rows " << pass.row_stride << " apart, one per y); ";
    else
      s << "pass xy: ";
    s << pass.n << " x " << pass.ny << " x " << pass.count << " planes, "
      << (pass.xy.columns_first ? "fused YX, columns first," : "fused XY") << " on clusters of "
      << pass.xy.cluster << " blocks (distributed shared memory), variant " << pass.xy.name() << ", "
      << f.threads_per_block << " threads/block, " << f.shared_bytes << " B shared/block";
    if (pass.xy.buffers == 2) s << ", persistent, two shares a block (the next plane loads while one computes)";
    if (pass.xy.ring_rows > 0)
      s << ", persistent, a ring of " << pass.xy.ring_rows << " share rows (the next plane loads while one computes)";
    if (!pass.side.empty()) {
      s << "\nbeside it, on a second stream, the last " << pass.side_planes()
        << " planes in separate passes (their X and Y move them twice):";
      for (const GridPass& p : pass.side) {
        std::istringstream lines(describe_pass(p, precision));
        for (std::string line; std::getline(lines, line);) s << "\n  " << line;
      }
    }
    return s.str();
  }
  if (pass.is_cluster_row()) {
    const kern::ClusterRowLayout L = make_cluster_row_layout(pass.n, precision, pass.cluster_row);
    std::ostringstream s;
    if (L.columns > 0)
      s << "pass " << pass.axis << ": n=" << pass.n << " x " << pass.count << " cluster columns, " << L.columns
        << " a cluster of ";
    else
      s << "pass x: n=" << pass.n << " x " << pass.count << " cluster rows, each on a cluster of ";
    s << pass.cluster_row.cluster << " blocks of " << L.local.n << " points (distributed shared memory), variant "
      << pass.cluster_row.name() << ", " << L.threads() << " threads/block, "
      << L.local.shared_bytes(real_bytes(precision)) << " B shared/block";
    return s.str();
  }
  if (pass.is_long_column()) {
    const LongColumnVariant& v = pass.long_column;
    const XVariantFacts f = x_variant_facts(v.n1, precision, v.a);
    const char* what = pass.axis == 'x' ? " long rows" : " long columns";
    std::ostringstream s;
    s << "pass " << pass.axis << ": n=" << pass.n << " x " << pass.count << what << ", A: " << v.n2 << " x "
      << v.n1 << "-point column Stockham, variant " << v.a.name() << ", " << f.threads_per_block << " threads/block, "
      << f.shared_bytes << " B shared/block, twiddled into a workspace of at most " << v.work_bytes
      << " B, chunk by chunk\n"
      << "pass " << pass.axis << ": n=" << pass.n << " x " << pass.count << what << ", B: " << v.n1 << " x "
      << v.n2;
    if (v.b_in_shared_memory()) {
      const XVariantFacts fb = layout_facts(long_column_b_layout_in_shared_memory(v, precision), precision);
      s << (v.rows_in_shared_memory() ? "-point row Stockham from the workspace, stored transposed to natural order"
                                      : "-point column Stockham from the workspace to natural order")
        << ", variant " << v.b.name() << ", " << fb.threads_per_block << " threads/block, " << fb.shared_bytes
        << " B shared/block";
    } else {
      s << "-point register FFTs from the workspace to natural order, " << v.b_threads
        << " threads/block, no shared memory";
    }
    return s.str();
  }
  if (pass.is_five_step()) {
    const FiveStepVariant& v = pass.five_step;
    std::ostringstream s;
    s << "pass " << pass.axis << ": n=" << pass.n << " x " << pass.count << " columns, five-step A: "
      << v.n2 << " x " << v.n1 << "-point register FFTs and twiddles, " << v.name() << ", "
      << five_step_layout(v, false).threads_per_block() << " threads/block, no shared memory"
      << (pass.reversed ? ", reversed" : "")
      << (pass.five_step_from_wisdom ? "; five-step from wisdom (tuned)" : "") << "\n"
      << "pass " << pass.axis << ": n=" << pass.n << " x " << pass.count << " columns, five-step B: "
      << v.n1 << " x " << v.n2 << "-point register FFTs to natural order, "
      << five_step_layout(v, true).threads_per_block() << " threads/block, no shared memory"
      << (pass.reversed_b ? ", reversed" : "");
    return s.str();
  }
  const XVariantFacts f = x_variant_facts(pass.n, precision, pass.variant);
  std::ostringstream s;
  if (pass.is_plane_rows())
    s << "pass xy: " << pass.variant.plane_nx << " x " << pass.n / pass.variant.plane_nx << " x " << pass.count
      << " planes as rows of " << pass.n << " points, a 2-D DFT each in shared memory (X and Y in one pass)";
  else if (pass.is_plane_columns())
    s << "pass yz: " << pass.variant.plane_nx << " x " << pass.n / pass.variant.plane_nx << " x " << pass.count
      << " planes as columns of " << pass.n << " points, a 2-D DFT each in shared memory (Y and Z in one pass)";
  else
    s << "pass " << pass.axis << ": n=" << pass.n << " x " << pass.count
      << (pass.axis == 'x' ? " rows, shared-memory Stockham" : " columns, one-pass column Stockham");
  s << (pass.split > 1 ? " with the last " + std::to_string(pass.split) + "-point stage of Y after its first stage (" +
                             std::to_string(pass.split) + " rows x " + std::to_string(pass.geometry.width) +
                             " columns a block)"
                       : "")
    << ", variant " << pass.variant.name() << ", " << f.threads_per_block << " threads/block, "
    << f.shared_bytes << " B shared/block" << (pass.reversed ? ", reversed" : "")
    << ", worst bank-conflict degree " << f.worst_conflict_degree << (pass.streams ? ", streaming through L2" : "");
  return s.str();
}

bool streams_last_pass(bool after_fused_pass, long long bytes, long long l2_bytes) {
  return after_fused_pass && l2_bytes > 0 && bytes <= kStreamingMaxL2s * l2_bytes;
}

void set_last_pass_streaming(std::vector<GridPass>& passes, bool on) {
  for (GridPass& p : passes) p.streams = false;
  if (on && !passes.empty() && !passes.back().is_fused_xy() && !passes.back().is_five_step() &&
      !passes.back().is_long_column() && !passes.back().is_cluster_row())
    passes.back().streams = true;
}

}  // namespace fft3d
