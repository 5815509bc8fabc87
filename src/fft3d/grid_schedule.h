// A 3-D transform as data: the ordered list of passes over one buffer, in
// place, that a GPU plan compiles and launches and the CPU block executor
// runs in the tests. Made by a pure function of the problem and the device
// limits.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/precision.h"
#include "fft1d/cluster_row.h"
#include "fft1d/x_kernel.h"
#include "fft1d/x_variant.h"
#include "multirow/five_step.h"
#include "multirow/long_column.h"
#include "xy/xy_variant.h"

namespace fft3d {

struct GridPass {
  char axis;                  // 'x', 'y' or 'z'; 'p' for the fused XY pass over planes
  int n;                      // transform length along the axis (the fused pass: along x)
  long long count;            // rows (x), columns (y, z) or planes (p) transformed
  kern::RowGeometry geometry; // where each row or column lives (planes: outer apart)
  XVariant variant;           // the Stockham kernel (unless five-step or fused)
  FiveStepVariant five_step;  // n1 > 0: the two-pass register form instead
  XYVariant xy{};             // cluster > 0: the fused XY pass, X and Y in one pass
  int ny = 0;                 // the fused pass's length along y
  bool five_step_from_wisdom = false;  // five-step because wisdom measured it faster than one pass
  // The pass walks its blocks from the last (pass_order.h); a five-step
  // pass's first sweep (A) as `reversed` says, its second (B) as `reversed_b`.
  bool reversed = false;
  bool reversed_b = false;
  // Its loads and stores ask L2 to evict their lines first (XPass::set_streaming):
  // the last pass of a transform (set_last_pass_streaming).
  bool streams = false;
  // The split-Y schedule (make_split_y_schedule): its fused pass ('p', ny
  // the rows of one residue class) and its Z pass ('z', geometry.split set,
  // the kernel with XLayout::cross) both carry the split factor.
  int split = 0;
  // The fused XZ pass (make_xz_schedule): its "planes" are the XZ planes
  // (n = nx along x, ny = nz its rows, count = ny of them, geometry.outer =
  // nx apart), whose rows lie row_stride = nx * ny complex values apart
  // (kern::XYLayout::row_stride); 0 for XY planes.
  int row_stride = 0;
  // A fused pass may leave its last planes to separate X and Y passes
  // (`side`, whose data starts side_offset complex values in), launched on
  // a second stream beside it: they use the SMs and DRAM bandwidth its
  // clusters leave idle (set_side_planes). The fused pass's count excludes them.
  std::vector<GridPass> side{};
  long long side_offset = 0;
  // n1 > 0: a Y or Z pass of long columns, or an X pass of long rows, in
  // two passes through a workspace (multirow/long_column.h), instead of
  // variant or five_step.
  LongColumnVariant long_column{};
  // cluster > 0: an X pass of cluster rows, each row on a cluster of
  // blocks in one pass over memory (fft1d/cluster_row_kernel.h), instead
  // of variant; or, with cluster_row.columns > 0, a Y or Z pass of cluster
  // columns at `geometry` (ColumnMethod::cluster_column).
  ClusterRowVariant cluster_row{};
  // Real rows to tune (passes_to_tune): the R2C forward (-1) or the C2R
  // inverse (+1) alone, each its own wisdom entry; 0 both.
  int real_sign = 0;

  bool is_five_step() const { return five_step.n1 > 0; }
  bool is_cluster_row() const { return cluster_row.cluster > 0; }
  bool is_long_column() const { return long_column.n1 > 0; }
  bool is_fused_xy() const { return xy.cluster > 0; }
  // An X pass over whole XY planes as rows of n = nx * ny points, each a
  // 2-D DFT in one block (XVariant::plane_nx): X and Y in one pass.
  bool is_plane_rows() const { return axis == 'x' && variant.plane_nx > 0; }
  // A Z pass over whole YZ planes as columns of n = ny * nz points, nx
  // apart, each a 2-D DFT in one block (XVariant::plane_nx = ny): Y and Z
  // in one pass.
  bool is_plane_columns() const { return axis == 'z' && variant.plane_nx > 0; }
  // The planes the fused pass leaves to its side passes (their X pass's rows over ny).
  long long side_planes() const { return side.empty() ? 0 : side[0].count / ny; }
  int passes_over_memory() const { return is_five_step() || is_long_column() ? 2 : 1; }
};

// How Y and Z columns are transformed: one pass with the column in shared
// memory, the two-pass five-step register form, long columns (two passes
// through a workspace, multirow/long_column.h), or cluster columns (W
// neighbouring columns on a cluster of blocks in one pass,
// fft1d/cluster_row_kernel.h: the "cluster-columns" preference where it
// names a shape that fits, else estimate_cluster_column_variant). automatic
// takes cluster columns where the preference names them, else the five-step
// form where the preference holds a valid five-step verdict for n
// (valid_five_step_preference), else long columns where the one-pass
// kernel's blocks would hold too few columns (long_columns_pay), else one
// pass where the column fits shared memory, else five-step where n splits
// into two codelet radices, else long columns.
enum class ColumnMethod { automatic, one_pass, five_step, long_column, cluster_column };

// The cluster columns a pass of columns of n takes when asked for them:
// 128-byte rows (16 f32 columns, 8 f64) on the smallest cluster whose
// blocks hold at most 64 KB. None where no cluster fits.
std::optional<ClusterRowVariant> estimate_cluster_column_variant(int n, Precision precision,
                                                                 const DeviceLimits& limits);

// Whether the ESTIMATE takes long columns over the one-pass column
// variant `one_pass` for columns of n: from kLongColumnsFrom points where
// its blocks hold fewer columns than fill a 32-byte sector; in single
// precision from kLongColumnsFromF32 points where they hold at most one.
constexpr int kLongColumnsFrom = 8192;
constexpr int kLongColumnsFromF32 = 4096;
bool long_columns_pay(int n, const XVariant& one_pass, Precision precision);

// How X and Y are transformed: separate row and column passes, or one fused
// pass per plane on a thread-block cluster (xy/xy_layout.h); automatic fuses
// where it was measured faster (estimate_xy_variant).
// split: the split-Y schedule (make_split_y_schedule), two passes where
// whole planes are too large to fuse well. plane_rows: small planes as
// rows of nx * ny points, a 2-D DFT each (estimate_plane_variant), which
// automatic takes where plane_rows_pay. fused_xz: X fused with Z over the
// XZ planes, then Y (make_xz_schedule), which automatic takes where
// fused_xz_pays. plane_columns: X rows, then the YZ planes as columns of
// ny * nz points (make_plane_columns_schedule), which automatic takes
// where plane_columns_pay and no plane rows or fused XY pass do.
enum class PlaneMethod { separate, fused, automatic, split, plane_rows, fused_xz, plane_columns };

// Whether the ESTIMATE transforms complex nx * ny planes as plane rows
// (PlaneMethod::plane_rows) rather than in a fused pass: planes of at most
// kPlaneRowsMaxPoints points.
constexpr int kPlaneRowsMaxPoints = 256;
bool plane_rows_pay(int nx, int ny);

// Whether the ESTIMATE transforms complex ny * nz planes as plane columns
// (PlaneMethod::plane_columns) rather than in separate Y and Z passes:
// planes of at most kPlaneColumnsMaxPoints points, at least
// kPlaneColumnsMinRows rows of nx apart (a block's columns then fill
// whole 256-byte segments, or 128-byte ones in f64). Planes of 512 and 1024
// points beat separate passes by 5-15 % (H200, docs/BENCHMARKS.md).
constexpr int kPlaneColumnsMinRows = 16;
constexpr int kPlaneColumnsMaxPoints = 1024;
bool plane_columns_pay(int nx, int ny, int nz);


// Fails (FFT3D_ERROR_UNSUPPORTED_SIZE): FFT3D_XY_PASS=plane-rows asked for
// plane rows of nx * ny planes, which have none (complex and real plans).
[[noreturn]] void fail_without_plane_rows(int nx, int ny, Precision precision);

// What a preference names for a pass: a Stockham variant (kinds "rows",
// "columns", "real-rows", "real-rows-inverse") or, for kind "five-step", the two-pass column form
// (wisdom's verdict that it beat every one-pass variant of that length).
struct PreferredVariant {
  XVariant x;
  FiveStepVariant five_step;  // n1 > 0: the five-step form
  ClusterRowVariant cluster;  // cluster > 0: cluster columns (kind "cluster-columns")
  // Implicit, so that a preference may return any form.
  PreferredVariant(XVariant v) : x(std::move(v)) {}
  PreferredVariant(const FiveStepVariant& v) : five_step(v) {}
  PreferredVariant(ClusterRowVariant v) : cluster(std::move(v)) {}
};

// A variant known to be good for (kind, n), e.g. from wisdom; used instead
// of the ESTIMATE choice when it is valid for the pass (valid_preference,
// valid_five_step_preference). `stride` is a column pass's element stride
// (nx for Y, nx * ny for Z; 0 where the caller names no pass): wisdom then
// answers that pass's own tuned entry where it holds one, else the one the
// passes of that kind and length share.
using VariantPreference =
    std::function<std::optional<PreferredVariant>(const std::string& kind, int n, long long stride)>;

// How X rows are transformed: one pass with the row in shared memory;
// cluster rows, one pass with the row in the shared memories of a cluster
// of blocks (fft1d/cluster_row_kernel.h); or long rows, the long-column
// form over each row (a row of n1 * n2 points read as n2 neighbouring
// columns of n1, stride n2: two passes through a workspace,
// multirow/long_column.h). automatic takes one pass where the row fits the
// device's shared memory, else long rows split in balance where they pay
// (balanced_long_rows_pay), else cluster rows where the ESTIMATE finds a
// cluster for them (estimate_cluster_row_variant), else long rows.
enum class RowMethod { automatic, one_pass, cluster_row, long_row };

// Whether the ESTIMATE takes long rows split in balance
// (long_row_balanced_split) over cluster rows: rows of at least
// kBalancedLongRowBytes.
constexpr long long kBalancedLongRowBytes = 512 * 1024;
bool balanced_long_rows_pay(int n, Precision precision);

// The X pass over `count` rows of nx points, contiguous and nx apart (a
// grid's rows, or a batched 1-D transform's), as `method` says: one pass
// (the "rows" preference where valid, else the ESTIMATE), cluster rows
// (estimate_cluster_row_variant; forced, or `cluster` > 0, the smallest
// cluster that fits, or clusters of that many blocks: cluster_row_variant),
// or long rows (geometry {1, nx, 1}; pass A's columns as the
// "columns" preference of n1 says, else the ESTIMATE). Throws
// Error(UNSUPPORTED_SIZE) where none fits, or the forced one does not.
GridPass row_pass(int nx, long long count, Precision precision, const DeviceLimits& limits,
                  const VariantPreference& preferred = {}, RowMethod method = RowMethod::automatic,
                  int cluster = 0);

// X rows (row_pass), then Y and Z columns, skipping axes of length 1; or,
// where `planes` asks for it, the fused XY pass then Z. Throws
// Error(UNSUPPORTED_SIZE) naming the axis and the prime factor for lengths
// with a factor above 7, or a row or column that no method can take.
std::vector<GridPass> make_grid_schedule(int nx, int ny, int nz, Precision precision,
                                         const DeviceLimits& limits,
                                         ColumnMethod method = ColumnMethod::automatic,
                                         const VariantPreference& preferred = {},
                                         PlaneMethod planes = PlaneMethod::separate,
                                         RowMethod rows = RowMethod::automatic);

// The split-Y schedule: two passes over memory for an nx * ny * nz complex
// grid whose planes are too large to fuse well. ny = split * y2 with split
// and y2 without a common factor, so that the CRT layout keeps both passes
// in place (the CRT rows of Good and Thomas, with Cooley-Tukey twiddles):
// 1. fused XY over the y2 rows y1 + split * j of each residue class y1 of
//    each plane: X, then the y2-point DFTs along those rows, twiddled by
//    exp(-+2 pi i y1 k2 / ny), output k2 stored in the class's row that is
//    k2 modulo y2 (kern::XYLayout::split);
// 2. Z columns in blocks holding rows y0 + i * y2 (i < split) of width
//    neighbouring x: the split-point DFT across those rows (the second
//    stage of Y) after the column's first Z stage, then the rest of Z; row
//    y0 + k1 * y2 receives frequency y0 + k1 * y2, natural order
//    (kern::RowGeometry::split, XLayout::cross).
// split is split_y_factor(ny); nothing where ny has no such factor, nx or
// nz is 1, Z's column kernel has a single stage (nz = 5, 16, ...), or a
// pass does not fit the limits.
std::optional<std::vector<GridPass>> make_split_y_schedule(int nx, int ny, int nz, Precision precision,
                                                           const DeviceLimits& limits,
                                                           const VariantPreference& preferred = {});

// The YZ planes of an nx * ny * nz complex array (a real grid's complex
// side: nx / 2 + 1) as plane columns: a Z pass of nx columns of ny * nz
// points, nx apart, each a 2-D DFT (estimate_plane_column_variant, or the
// "z-columns" preference where it names plane columns of ny). None where
// ny or nz is not one codelet radix or no block of one column fits.
std::optional<GridPass> plane_columns_pass(int nx, int ny, int nz, Precision precision, const DeviceLimits& limits,
                                           const VariantPreference& preferred = {});

// Fails (FFT3D_ERROR_UNSUPPORTED_SIZE): FFT3D_XY_PASS=plane-columns asked
// for plane columns of ny * nz planes, which have none (complex and real plans).
[[noreturn]] void fail_without_plane_columns(int ny, int nz, Precision precision);

// X rows (row_pass), then plane_columns_pass; none where it has none.
std::optional<std::vector<GridPass>> make_plane_columns_schedule(int nx, int ny, int nz, Precision precision,
                                                                 const DeviceLimits& limits,
                                                                 const VariantPreference& preferred = {},
                                                                 RowMethod rows = RowMethod::automatic);

// The fused XZ schedule: two passes over memory for an nx * ny * nz complex
// grid whose XY planes are too large to fuse but whose XZ planes fuse (thin
// slabs such as 2048 x 2048 x 32): X and Z in one fused pass over the ny
// planes {(x, y, z): y fixed} of nx * nz points (GridPass::row_stride), then
// the Y columns. Fails (FFT3D_ERROR_UNSUPPORTED_SIZE) where no fused form
// of the nx * nz planes fits in complex whole rows (xy_rows_may_stride).
std::vector<GridPass> make_xz_schedule(int nx, int ny, int nz, Precision precision, const DeviceLimits& limits,
                                       ColumnMethod method = ColumnMethod::automatic,
                                       const VariantPreference& preferred = {});

// Whether an automatic complex schedule whose XY planes do not fuse takes
// the fused XZ schedule: where the nx * nz planes are thin (thin_long_rows:
// rows of 1024 or 2048 points, 16 to 64 of them, at most 512 KB) of at
// least 32768 points, and the grid lies beyond L2. Measured in
// grid_schedule.cpp.
bool fused_xz_pays(int nx, int ny, int nz, Precision precision, const DeviceLimits& limits);

// The largest factor of ny that is a power of one prime, at most 8 (the
// cross phase's DFT) and smaller than ny; 0 where there is none (powers of
// two from 16 up, 243, 343, 400, ...).
int split_y_factor(int ny);

// How many of nz planes of nx * ny the ESTIMATE gives to separate X and Y
// passes beside the fused pass (GridPass::side): a measured fraction of nz
// (H100, docs/BENCHMARKS.md), 0 where it did not pay: arrays within the
// 50 MB L2, 256^2 planes (their fused pass is near the DRAM floor), and f32
// 192^2 and 210^2 planes, whose passes rather launch as dependents.
int estimate_side_planes(int nx, int ny, int nz, Precision precision);

// The same for the R2C forward's fused pass over nx * ny real planes (its
// complex side nx / 2 + 1 wide): nz / 16 for the f32 planes of 240, 256,
// 384 and 512, else nz / 12; and for the C2R inverse's: nz / 8 in f32,
// nz / 12 in f64. None within the L2 (H100, docs/BENCHMARKS.md).
int estimate_real_side_planes(int nx, int ny, int nz, Precision precision, bool inverse);

// Planes whose fused pass lost to separate passes on its own but won with
// the ESTIMATE's side planes (H100: f64 384^2 and 400^2, 1.791 and 2.100 ms
// at 384^3 and 400^3 against 1.896 and 2.151 in three passes); automatic
// schedules fuse them.
bool fuses_with_side_planes(int nx, int ny, int nz, Precision precision);

// The same for the C2R inverse's fused pass (columns first): f32 240^2 and
// 384^2 planes, whose inverse lost or tied fused on its own and won with
// nz / 8 side planes (H100: 240^3 0.1178 ms against 0.1236 separate, 384^3
// 0.5040 against 0.5267); automatic real plans fuse them.
bool real_inverse_fuses_with_side_planes(int nx, int ny, int nz, Precision precision);

// Gives the last `planes` planes of the schedule's fused pass (its first)
// to separate X and Y passes, as make_grid_schedule would make them for
// the whole grid; 0 gives them back. Throws Error(INVALID_ARGUMENT) where
// the schedule does not start with a fused pass over whole planes, or
// `planes` is not below its plane count.
void set_side_planes(std::vector<GridPass>& schedule, int nx, int ny, int planes, Precision precision,
                     const DeviceLimits& limits, const VariantPreference& preferred = {});

// The Y and Z passes (skipping axes of length 1) of an nx * ny * nz complex
// array: make_grid_schedule's columns, and (real_side) those of a real
// transform's complex side (nx / 2 + 1 along x), whose ESTIMATE may differ
// (estimate_column_variant).
std::vector<GridPass> make_column_schedule(int nx, int ny, int nz, Precision precision, const DeviceLimits& limits,
                                           ColumnMethod method = ColumnMethod::automatic,
                                           const VariantPreference& preferred = {}, bool real_side = false);

// The X pass of a real transform (R2C forward, C2R inverse) over `rows`
// rows of nx reals: a half-length kernel (kernel_n = nx / 2, even nx >= 4),
// a full-length one (kernel_n = nx: odd nx, two rows to a transform unless
// wisdom says otherwise, and 2), or for nx = 1 no kernel (kernel_n = 0),
// only a strided copy between the real and complex sides. Even rows whose
// half length fits no block run as real cluster rows (cluster_row, the
// ESTIMATE's cluster of kernel_n points; fft1d/cluster_row_kernel.h).
// With plane_ny > 0 the pass is real plane rows instead
// (make_real_plane_rows_pass): X and Y of whole XY planes, `rows` of them.
// A preference's "real-rows" variant replaces the ESTIMATE's in both
// directions, unless its "real-rows-inverse" one names the inverse's.
struct RealRowsPass {
  int nx;
  int kernel_n;
  long long rows;
  XVariant variant;                // the row kernel, unless cluster rows
  ClusterRowVariant cluster_row;   // cluster > 0: real cluster rows instead
  int plane_ny = 0;                // ny of real plane rows, else 0
  // The C2R inverse's row kernel where it has its own form: the ESTIMATE's
  // (estimate_inverse_real_rows), or wisdom's "real-rows-inverse" entry
  // where it differs from the forward's; else the inverse runs `variant` too.
  std::optional<XVariant> inverse_variant{};
  const XVariant& variant_for(int sign) const { return sign > 0 && inverse_variant ? *inverse_variant : variant; }
  bool is_cluster_row() const { return cluster_row.cluster > 0; }
  bool is_plane_rows() const { return plane_ny > 0; }
  // The pass's rows are this many x rows apart (the pitches given are an x row's).
  long long x_rows_per_row() const { return plane_ny > 0 ? plane_ny : 1; }
};
RealRowsPass make_real_rows_pass(int nx, long long rows, Precision precision, const DeviceLimits& limits,
                                 const VariantPreference& preferred = {});

// Real plane rows: the nz real XY planes of an R2C / C2R grid two to a
// row of nx * ny complex points, a 2-D DFT each (estimate_plane_variant,
// RealRows::pair), so that X and Y take one pass; where plane_rows_pay and
// nx and ny are codelet radices (forced: always where they are), else
// nothing. The grid's columns are then its Z pass alone
// (without_y_columns).
std::optional<RealRowsPass> make_real_plane_rows_pass(int nx, int ny, int nz, Precision precision,
                                                      const DeviceLimits& limits, bool forced = false);
std::vector<GridPass> without_y_columns(std::vector<GridPass> columns);
std::string describe_real_rows_pass(const RealRowsPass& pass, Precision precision);

// The preferred variant for a pass (kind "rows", "columns", "real-rows" or
// "real-rows-inverse";
// a column pass's element stride, or 0) when it is a Stockham variant that
// factors n (n / 2 for half real rows), has the pass's layout and fits the
// limits; else nothing. plane_nx: the plane rows or columns a pass of 2-D
// DFTs asks for (XVariant::plane_nx); 0, the 1-D passes, takes no plane variant.
std::optional<XVariant> valid_preference(const VariantPreference& preferred, const std::string& kind, int n,
                                         Precision precision, const DeviceLimits& limits, long long stride = 0,
                                         int plane_nx = 0);

// The preferred five-step form for columns of n (kind "five-step") when it
// is one, splits n into two five-step radices and its blocks fit the
// limits; else nothing. Automatic column passes take it over any one-pass
// variant.
std::optional<FiveStepVariant> valid_five_step_preference(const VariantPreference& preferred, int n,
                                                          const DeviceLimits& limits);

// One line per pass over memory (two for five-step, the first ending in
// "; five-step from wisdom (tuned)" where it was wisdom's verdict), as
// fft3d_plan_describe shows them; a sweep that walks its blocks from the
// last says ", reversed" after its shared memory.
std::string describe_pass(const GridPass& pass, Precision precision);

// Marks the last of `passes` to stream through L2 where `on` and it is a
// one-pass Stockham (not fused, not five-step), and no other pass. The last
// pass's own lines then go first, so what the pass before it wrote last
// stays in L2 until the last pass reads it. A hit keeps its line's
// priority, so nothing after the transform finds lines kept longer.
void set_last_pass_streaming(std::vector<GridPass>& passes, bool on);

// Whether a transform's last pass streams through L2: after a fused XY
// pass (two passes over memory), on data of at most kStreamingMaxL2s times
// the L2. H100, in-place forwards, ms, streaming against not
// (docs/BENCHMARKS.md): f32 192^3 0.0894-0.0900 against 0.0939-0.0943,
// 256^3 0.1958-0.1962 against 0.2039-0.2044, 320^3 0.4290-0.4296 against
// 0.4346-0.4348; f64 256^3 0.4057-0.4067 against 0.4078-0.4087; R2C f32
// 256^3 0.1088-0.1094 against 0.1162-0.1175, 384^3 (228 MB) 0.4062-0.4074
// against 0.4103-0.4107. Larger grids tied or lost up to 1 % (f32 384^3
// and 512^3, f64 320^3 and 384^3, R2C 512^3), and after three passes it
// lost: 343^3 f32 0.845 against 0.754.
constexpr long long kStreamingMaxL2s = 6;
bool streams_last_pass(bool after_fused_pass, long long bytes, long long l2_bytes);

}  // namespace fft3d
