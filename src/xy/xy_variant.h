// The fused XY pass's variant space: one XYVariant is one kernel (cluster
// size, the X row variant and the Y column variant it runs, occupancy hint).
// Derives the kernel's facts from the same XYLayout the kernel is compiled
// from, and makes the ESTIMATE choice.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "common/precision.h"
#include "fft1d/x_variant.h"
#include "xy/xy_layout.h"

namespace fft3d {

struct XYVariant {
  int cluster = 0;  // blocks per cluster (one plane each); 0: no fused pass
  XVariant x;       // rows of nx; rows_per_block = rows per group
  XVariant y;       // columns of ny (columns: true); rows_per_block = columns per group
  int min_blocks_per_sm = 0;  // __launch_bounds__ occupancy hint; 0 = none
  int load_chunks = 1;  // cp.async groups the load is cut into (at most kern::kMaxLoadChunks)
  int buffers = 1;      // 2: two shares per block, persistent grid (kern::XYLayout); one load chunk
  // Y before X (kern::XYLayout::columns_first): the C2R inverse's fused pass
  // (real rows), or another form of the complex one. One share, one load chunk.
  bool columns_first = false;
  // Block r holds rows r + cluster * j, no exchange buffers
  // (kern::XYLayout::strided_rows): X first (complex planes, or the R2C
  // forward's), y two stages of ny / cluster and cluster points. One share.
  bool strided_rows = false;
  // Strided rows: share rows padded one value in 32 (kern::XYLayout::row_pads).
  bool row_pads = true;
  // Strided rows of complex planes: Y's first stage reads the plane from
  // global memory, then X runs in the share (kern::XYLayout::y_loads). One
  // load chunk (the name's "l" field stays 1).
  bool y_loads = false;
  // Strided rows without row pads, rows of a multiple of 32 points (complex,
  // or the R2C forward's real rows or pairs): the share rows swizzled
  // instead (kern::XYLayout::row_swizzle), loaded in order, two f32 values
  // a copy (not real pairs). Not with Y loads.
  bool row_swizzle = false;
  // Swizzled complex rows, persistent: the share a ring of this many rows, more
  // than the block's rows of a plane and at most twice them
  // (kern::XYLayout::ring_rows): the next plane loads while one computes.
  // One load chunk. 0: no ring.
  int ring_rows = 0;
  // The kernel's thread-index form (its x and y parts name none): the
  // rule's (kern::xy_bounds_thread_index_by_rule), or as MEASURE found faster.
  ThreadIndex thread_index = ThreadIndex::by_rule;

  // A readable, parseable name: "xy.c8.mb0|<x variant>|<y variant>", with
  // ".l4" after "mb0" where load_chunks > 1, ".b2" where buffers is 2,
  // ".yx" where columns come first, ".sr" for strided rows, ".np" for
  // strided rows without row pads, ".sw" after it for swizzled rows,
  // ".rg<ring rows>" after that for a ring, ".yl" where Y loads the plane
  // and ".idx-bound" or ".idx-plain" last where the thread index is not the
  // rule's.
  std::string name() const;
  bool operator==(const XYVariant& o) const;
};

// Parses XYVariant::name(); throws Error(INVALID_ARGUMENT) on a malformed name.
XYVariant parse_xy_variant(const std::string& name);

// v in the other thread-index form than its kernel has, the twin MEASURE
// times beside the fused winner; f32 only (in f64 the bounded index cost
// registers and occupancy: xy_bounds_thread_index_by_rule). 192^3 f32 ran
// 3.5-4.8 % slower on an H200 once its fused kernel bounded the index.
std::optional<XYVariant> xy_thread_index_switched(const XYVariant& v, Precision precision);

// Real pairs (x.real == RealRows::pair, strided rows only; the R2C
// forward): planes 2p and 2p + 1 as one complex plane of nx points by ny,
// its spectrum separated after X (kern::XYLayout::real_pairs); the plane in
// memory holds nx / 2 + 1 complex values per row.
// Real rows (x.real == RealRows::half; R2C forward, or with columns_first
// the C2R inverse): nx is the real row
// length; the X part transforms nx / 2 complex points per row and the plane
// holds nx / 2 + 1 complex values per row (FFTW's and cuFFT's in-place
// padding); the Y part transforms nx / 2 columns, the last one packed into
// the first (kern::XYLayout). xy_row_points: the complex points of the X
// transform (nx / 2, or nx for complex rows), also the columns Y transforms.
int xy_row_points(int nx, const XYVariant& v);

// The kernel layout of a variant for nx * ny planes; split > 1: the split-Y
// schedule's first pass, ny rows of each residue class (XYLayout::split);
// row_stride > 0: rows that many complex values apart (XYLayout::row_stride).
kern::XYLayout make_xy_layout(int nx, int ny, Precision precision, const XYVariant& v, int split = 1,
                              int row_stride = 0);

// Whether the variant's nx x ny planes may have their rows apart in memory
// (the fused XZ pass): XYLayout::rows_may_lie_apart of its layout.
bool xy_rows_may_stride(int nx, int ny, Precision precision, const XYVariant& v);

struct XYVariantFacts {
  int threads_per_block;
  long long shared_bytes;  // the block's share of the plane plus exchange buffers
  long long share_bytes;
  int elems_per_thread;
  int registers_estimate;
  bool persistent;  // a grid of the resident clusters walks the planes (kern::XYLayout::persistent)
};
XYVariantFacts xy_variant_facts(int nx, int ny, Precision precision, const XYVariant& v);

// Whether v is a valid fused pass for nx * ny planes on a device with these
// limits: its variants factor nx and ny with the right layouts, and the
// cluster, threads, shared memory and registers fit.
bool xy_variant_valid(int nx, int ny, Precision precision, const XYVariant& v, const DeviceLimits& limits);

// What a fused pass is built from: a plan's tuned X rows and columns
// (wisdom) where it has them, else the ESTIMATE's, and a cluster size.
struct XYBase {
  std::optional<XVariant> x;  // rows of nx
  std::optional<XVariant> y;  // columns of ny
  int cluster = 0;            // blocks per cluster; 0: the ESTIMATE's
  std::optional<bool> columns_first;  // Y before X (XYVariant::columns_first); none: the ESTIMATE's
  std::optional<bool> strided_rows;   // XYVariant::strided_rows where it fits; none: the ESTIMATE's
};

// The largest cluster on which nx * ny planes' strided rows fit (Y as
// ny / c then c points, both codelets, the cross stage's butterflies over
// `columns` columns even over the blocks): 15 for 210 (14 * 15), 16 for
// 320 (20 * 16) and 384 (24 * 16); 0 for none.
int largest_strided_cluster(int columns, int ny, int max_cluster);

// Strided-rows variant v with its row pads switched (XYVariant::row_pads),
// the twin MEASURE times beside the ESTIMATE's; nothing where v's rows are
// not strided or the twin does not fit (xy_variant_valid).
std::optional<XYVariant> row_pads_switched(int nx, int ny, Precision precision, const XYVariant& v,
                                           const DeviceLimits& limits);

// Strided-rows variant v (complex planes, or the R2C forward's real rows or
// pairs) with its share rows swizzled (XYVariant::row_swizzle, no pads) or,
// where they are, padded (a ring's: its form without the ring,
// ring_switched, padded), the twin MEASURE times beside the ESTIMATE's;
// nothing where Y loads the plane or the twin does not fit (rows not a
// multiple of 32 points).
std::optional<XYVariant> row_swizzle_switched(int nx, int ny, Precision precision, const XYVariant& v,
                                              const DeviceLimits& limits);

// Swizzled strided-rows variant v with a ring (XYVariant::ring_rows) of as
// many rows as fit the block's shared memory, up to twice its rows, loaded
// in one chunk, or where v has a ring, without it (in two chunks where it
// has two X groups): the twin MEASURE times beside the ESTIMATE's. Only
// where v's share fills an SM (two blocks do not fit): a ring there costs
// no occupancy. Nothing where the twin does not fit.
std::optional<XYVariant> ring_switched(int nx, int ny, Precision precision, const XYVariant& v,
                                       const DeviceLimits& limits);

// Strided-rows variant v of complex planes loading in one chunk, with Y
// loads switched (XYVariant::y_loads), the twin MEASURE times beside the
// ESTIMATE's; nothing where v loads in chunks or the twin does not fit.
std::optional<XYVariant> y_loads_switched(int nx, int ny, Precision precision, const XYVariant& v,
                                          const DeviceLimits& limits);

// Strided-rows variant v of complex planes with X's two stages in the
// other order (r15-32 <-> r32-15), the twin MEASURE times beside the
// ESTIMATE's (measured faster at some planes and slower at others,
// measured_strided_form in xy_measured_forms.cpp); nothing where X has
// not two different radices or the twin does not fit.
std::optional<XYVariant> x_order_switched(int nx, int ny, Precision precision, const XYVariant& v,
                                          const DeviceLimits& limits);

// Strided-rows variant v of complex planes with X as the other pairs of
// radices of at least 10 points each, in both orders (320 = 16 * 20: 32 * 10
// and 10 * 32), the variants MEASURE times beside the ESTIMATE's; not v's own
// pair (x_order_switched), nor pairs with a smaller stage (192 as 24 * 8,
// 240 as 30 * 8, 256 as 32 * 8 lost 18-23 % on an H200); nothing where X has
// not two radices, and none that does not fit.
std::vector<XYVariant> x_pairs_other(int nx, int ny, Precision precision, const XYVariant& v,
                                     const DeviceLimits& limits);

// Strided-rows variant v of complex planes whose X runs two radices, with
// its rows on the other counts of threads that one of the two stages fills
// (243 = 9 * 27: 9 or 27 threads a row, not 16), as many rows a group as
// keep v's threads per block, loaded in one chunk and, where v loads in
// more and the twin has two groups, in v's chunks: the variants MEASURE
// times beside the ESTIMATE's (243^2 f32 on an H200: 9 threads in groups
// of 14, one chunk, 0.1795 ms against 0.1937 on 16 in groups of 8, which no
// candidate held before; measured_strided_form). Counts above a warp are
// left out; nothing where X has not two radices, and none that does not fit.
std::vector<XYVariant> x_threads_other(int nx, int ny, Precision precision, const XYVariant& v,
                                       const DeviceLimits& limits);

// Thin planes: power-of-two planes of row_n complex values a row, 1024 or
// 2048 (f64 and real half rows, row_n = nx / 2: 1024), and 16 to 64 rows,
// at most 512 KB. In grids beyond L2 the ESTIMATE fuses them on clusters
// of 16, X rows one at a time on 128 threads (estimate_xy_variant and
// estimate_real_xy_variant, but for the f32 R2C forward of 16 rows;
// measured in xy_estimate.cpp), and fuses complex XZ planes of that shape
// (make_xz_schedule).
bool thin_long_rows(int row_n, int ny, Precision precision, bool real);

// The ESTIMATE choice for `planes` planes of nx * ny, or nothing when no
// fused pass fits (no clusters on the device, a plane larger than a
// cluster's shared memory, a prime nx), or, with only_where_faster, where
// separate passes were measured faster (one block per SM, mixed radices
// without the fused pass's own two stages, planes in L2). Its X and Y
// stages are those of `base` (radices, threads per row or column, padding,
// twiddles), else the fused pass's own two stages on 16-thread rows where
// the length has them (192 = 16 * 12, 320 = 16 * 20; xy_estimate.cpp),
// else the separate passes' ESTIMATE; regrouped for the cluster. Columns
// come first where `base` says so, else for f64 power-of-two planes of at
// least 512 KB (measured faster, see xy_estimate.cpp); but rows are strided
// (strided_rows_variant) where `base` says so, else, where that form fits
// and base asks for no columns first, on power-of-two planes of at least
// 512 KB (512^2 f32 too, with one block per SM) and on planes of wide
// two-stage pairs (210, 320, 384; f64 where two blocks fit an SM) and of
// lengths whose rows pair on 16 threads only as strided rows (243, 300,
// 400, where two blocks fit an SM), on the largest cluster that fits the
// form unless base names one; and, where base names nothing, in the forms
// measured fastest on cubes (192, 240, 243, 300, 320, 400, 480;
// xy_measured_forms.cpp), their share rows without pads where that
// measured faster (f32 210-320, 400 and 480, f64 192-243 and 400;
// XYVariant::row_pads), Y's first stage loading the plane at f32 300, 320,
// 400 and 480 (XYVariant::y_loads); strided rows of whole 32-value pieces without Y
// loads swizzled (XYVariant::row_swizzle), and those whose share fills an
// SM with a ring of share rows (ring_switched) where it holds at least three
// quarters of the next plane's rows (512^2 f32).
std::optional<XYVariant> estimate_xy_variant(int nx, int ny, long long planes, Precision precision,
                                             const DeviceLimits& limits, bool only_where_faster = true,
                                             const XYBase& base = {});

// The strided-rows form (XYVariant::strided_rows) of fused variant v for
// nx * ny planes: v's X rows (complex, or the R2C forward's real rows; rows
// on more threads than a warp or on threads that do not divide one as a
// pair of codelets on 16 threads) and cluster (cluster > 0: that one
// instead), Y in two stages of ny / cluster and cluster points, the load in
// two chunks where there are two X groups or more (not Y loads), Y's first-stage
// twiddles from a table for complex rows and for real ones on a first
// stage that is not a power of two, four blocks per SM asked for complex
// f32 rows whose share fits exactly four; nothing where that form does not
// fit (xy_variant_valid).
std::optional<XYVariant> strided_rows_variant(int nx, int ny, Precision precision, const XYVariant& v,
                                              const DeviceLimits& limits, int cluster = 0);

// The same for the forward R2C plane of nx reals by ny (in place: rows of
// nx / 2 + 1 complex values), its X part half-length rows with the real
// post-processing fused; nothing for odd nx or nx < 4. With
// only_where_faster, only where that was measured faster than separate
// passes (power-of-two planes of 256 KB to 1 MB, complex side, and the f32
// forward's strided rows on an even cluster, see below). inverse:
// the C2R inverse's pass instead, columns first, its X part pre-processing
// the half spectrum (the same planes where only_where_faster, see
// docs/BENCHMARKS.md). base as for estimate_xy_variant, but for its
// columns_first, which `inverse` decides; the forward's rows are strided
// where base says so, else in f32 for power-of-two planes (on the
// ESTIMATE's cluster) and planes of at least 256 KB on the largest cluster
// that fits the form where that cluster is even (320, 384, 420, 480, 512;
// those on 15 blocks lost), and, where base names nothing, in the forms measured
// fastest on the cubes 240^3 (12 blocks) and 300^3 (15; xy_measured_forms.cpp),
// without row pads at 300^3, 320^3, 420^3 and 480^3 f32, and asking five
// blocks per SM at 256^3 f32. The forward's square f64 planes whose pairs
// take 768 KB to 2.4 MB run as real pairs (real_pair_xy_variant), where base
// names nothing.
std::optional<XYVariant> estimate_real_xy_variant(int nx, int ny, long long planes, Precision precision,
                                                  const DeviceLimits& limits, bool only_where_faster = true,
                                                  bool inverse = false, XYBase base = {});

// The R2C forward's fused pass on real pairs (kern::XYLayout::real_pairs:
// planes 2p and 2p + 1 as one complex plane): the complex planes' strided
// ESTIMATE for nx * ny (unswizzled), its rows marked RealRows::pair, its
// share rows swizzled for f64 256^2 (measured faster); nothing for odd nx,
// nx < 4, or where that form has no strided rows or does not fit.
// estimate_real_xy_variant takes it for the forward's f64 planes where it
// measured faster (square planes of 240^2 to 384^2 on the H100; non-square
// ones lost on an H200), where base names nothing;
// MEASURE times it, and its swizzle twin, beside the real-rows forms.
std::optional<XYVariant> real_pair_xy_variant(int nx, int ny, long long planes, Precision precision,
                                              const DeviceLimits& limits);

}  // namespace fft3d
