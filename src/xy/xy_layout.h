// The fused XY pass as plain constexpr data: one thread-block cluster of
// `cluster` blocks transforms one XY plane of an nx * ny (* planes) complex
// array in one pass over memory. Block `rank` of the cluster
// - copies rows y in [rank * rows_per_cta, (rank + 1) * rows_per_cta) of the
//   plane (contiguous in memory) into its share of the plane (shared memory,
//   nx complex values per row) in bulk asynchronous copies, so that all its
//   loads are in flight at once (on the GPU in load_chunks() chunks where
//   the variant asks for more than one, the first transformed while the
//   others arrive);
// - transforms them along X in place in the share with the Stockham stages
//   of layout `x`, rows_per_block rows at a time (a "group");
// - after a cluster barrier, transforms columns x in
//   [rank * cols_per_cta, (rank + 1) * cols_per_cta) along Y with the stages
//   of the column layout `y`, reading each column's first stage across the
//   cluster's shares (distributed shared memory) and writing the plane's
//   columns to global memory, coalesced across neighbouring columns.
// The share comes first in a block's shared memory, then the exchange buffers
// the X and Y stages use in turn. Everything the kernel, the launcher, the
// CPU cluster executor and the tuner need is derived here.
//
// Real rows (R2C forward) give X[0] and X[n] of each row real; X[n] travels
// as the imaginary part of column 0, so the Y part transforms n columns, an
// even split over the cluster, and the block owning column 0 keeps that
// column's transform in shared memory and unpacks it into columns 0 and n
// (xy_unpack_phase) after its last Y group.
//
// Columns first (columns_first, the C2R inverse, which needs Y before X):
// block `rank` copies columns [rank * cols_per_cta, ...) of every row into
// its share (ny rows of cols_per_cta values), transforms them along Y in
// place there, and after a cluster barrier transforms rows along X, reading
// each row's first stage (or the real pre-processing) across the cluster's
// shares and writing the rows to global memory. Real rows (C2R) come as
// nx/2 + 1 columns: block 0 also copies column n into a buffer after its
// exchange, and a pack phase folds it into column 0 as
// H(A) + i H(B), H the Hermitian part over y (A = column 0, B = column n), so
// that Y turns column 0 into Re a + i Re b, the real X[0] and X[n] of every
// row, and the X part reads them from there (xy_pack_phase).
//
// Strided rows (strided_rows; the Y layout two stages of
// ny / cluster and cluster points): block r holds rows y = r + cluster * j
// (j < ny / cluster) of the plane in its share, rows padded with one value
// in 32 (xy_share_slot; or at their ends only, row_pads; or swizzled
// without pads, row_swizzle) so that no
// exchange buffer is needed and more blocks fit on an SM. X runs in place
// in the share (each stage reads its row into registers, then, after a
// warp barrier, writes it back). Y is a two-stage
// Stockham FFT whose first stage (ny / cluster points over the block's own
// rows, twiddled by exp(-+2 pi i r k / ny)) also runs in place in the
// share, since its butterfly j is the block's rank; after a cluster barrier
// the second stage (cluster points, one value from each block's share)
// writes the plane to global memory. Block r takes an even share of the
// second stage's (k1, x) butterflies, x fastest, so that its reads and
// writes are coalesced. Real rows (R2C forward) add a post-processing phase
// after the X stages, in place in the share row (each thread rewrites the
// pairs (k, n - k) it read), which packs X[n] into column 0 as above; the
// thread whose butterfly is (k1, 0) also transforms column 0's partner
// butterfly (-k1 mod ny / cluster) and unpacks both into columns 0 and n.
//
// Real pairs (strided rows, x.real_io == kRealPairForward; the R2C
// forward): the cluster takes planes 2p and 2p + 1 (a and b) of nx reals by
// ny at once, as the complex plane a + i b. The load copies row y of a into
// the first nx reals of its share row and row y of b into the reals from
// pair_offset() on (two contiguous real rows: the same copies a complex row
// takes); X's first stage reads them as a + i b, and after the X stages a
// post phase separates the two half spectra in place,
// A[k] = (Z[k] + conj Z[-k]) / 2 and B[k] = (Z[k] - conj Z[-k]) / 2i, A into
// columns 0..nx/2 - 1 and B into nx/2..nx - 1, each with its real Nyquist
// value packed into the imaginary part of its real X[0]. Y then runs as on
// a complex plane of nx columns and writes A's columns to plane a and B's
// to plane b (pitch() = nx/2 + 1), unpacking columns 0 and nx/2 as real
// rows unpack column 0. Plane b of the last pair may be missing (an odd
// count): its rows load as zeros and nothing is stored for it.
//
// Y loads (strided rows of complex planes, y_loads): Y's first stage reads
// the block's rows straight from global memory into registers (one column
// a thread), and writes its twiddled output to the share; X then runs in
// place there, and the cross stage follows as above. X along rows and Y's
// first stage along columns commute, so the result is the same; the share
// is written once less and read once less than by a load then Y's stage,
// but X can no longer start on the first rows while the others load.
//
// Double-buffered layouts (buffers == 2) hold two shares and run
// persistently: a grid of as many clusters as fit on the device walks the
// planes (cluster c takes planes c, c + clusters, ...), and each iteration
// first starts loading the cluster's next plane into the other share, so
// that its DRAM reads overlap the transforms of the current plane.
//
// A ring (strided, swizzled rows of complex planes, ring_rows > 0) runs
// persistently too, for planes whose share fills an SM: the share is a ring
// of ring_rows = q + e share rows (q = rows_per_cta, 0 < e <= q). The
// first e rows of a plane (its early rows) live in ring rows [0, e) for
// even iterations and [e, 2e) for odd ones, its other q - e rows (the late
// ones) in [2e, q + e) (xy_ring_row), the same for every block of the
// cluster. As iteration i starts (after plane i - 1's closing cluster
// barrier) only plane i's early rows are held: the block loads plane i's
// late rows and plane i + 1's early rows (into the other e rows), so that
// the next plane's early rows arrive while this one computes, and its late
// ones while its first X groups run. A plane's early rows sit at one
// offset, so the unrolled Y stage's row addresses need one register more,
// not one a row. On the GPU warp 0 issues one bulk copy (TMA) per row,
// completing on mbarriers (one for the late rows, two for the early rows
// of even and odd iterations).
#pragma once
#include "common/device_defs.h"
#include "fft1d/x_layout.h"

namespace fft3d {
namespace kern {

constexpr int kMaxCluster = 16;  // Hopper's largest (non-portable) cluster
constexpr int kMaxLoadChunks = 4;  // cp.async groups the GPU's load is cut into
constexpr int kRingBarriers = 3;    // a ring's mbarriers: early rows (even, odd iterations), late rows

// What a thread does in phase p of the fused kernel: the bulk load of the
// share (part kLoadPart), or phase `sub` of the X (part 0) or Y (part 1)
// layout for group `group` of rows or columns; and which barrier follows it.
// A warp barrier orders only the threads of one warp: enough where every
// thread a phase depends on is in the same warp (XYLayout::x_rows_in_warps).
enum XYBarrier : int { kNoBarrier = 0, kBlockBarrier, kClusterBarrier, kWarpBarrier };
constexpr int kWarpSize = 32;
constexpr int kLoadPart = -1;
constexpr int kUnpackPart = -2;  // real rows: column 0's transform into columns 0 and n
constexpr int kPackPart = -3;    // real rows, columns first: column n folded into column 0
struct XYPhase {
  int part;
  int group;
  int sub;
  int barrier_after;
};

// The scalars one part's phases need, so that kernels take them by value
// (constants on the GPU) instead of reaching into the layout's arrays.
struct XYPartGeom {
  int part;                // 0: X rows, 1: Y columns
  int threads_per_row;     // threads per row or column
  int lines_per_group;     // rows or columns per group
  int threads;             // threads the part uses
  int row_stride;          // exchange elements per row or column
  bool twiddle_table;
  int pitch, ny, rows_per_cta, cols_per_cta;  // pitch: XYLayout::pitch()
  int columns;                // XYLayout::columns()
  long long share_stride;     // bytes between the two shares of a double-buffered layout
  long long exchange_offset;  // bytes
  long long unpack_offset;    // bytes; real rows: column 0's transform or (columns first) column n, or
                              // (strided rows) the unpack scratch where there is one; else 0
  int split, split_inverse;   // XYLayout::split
  bool columns_first;         // XYLayout::columns_first
  int share_pitch;            // complex values per row of the share (XYLayout::share_pitch)
  bool real_rows;             // XYLayout::real_rows
  bool row_pads;              // XYLayout::row_pads
  bool real_pairs;            // XYLayout::real_pairs
  int pair_offset;            // XYLayout::pair_offset (reals)
  bool row_swizzle;           // XYLayout::row_swizzle
  int ring_early;             // XYLayout::ring_early_rows(); 0 without a ring
  int row_step;               // XYLayout::row_step(): values between rows in memory
};

// Strided rows (XYLayout::strided_rows): where element x of a row lives in
// its share row: with `pads` (XYLayout::row_pads), one unused value after
// every 32, else x itself. In place, the X stages
// read and write at strides of 16 or 32 values: a pad breaks up their bank
// conflicts. One in 16 kept the 16-value strides conflict-free, but its
// shares were 6 % larger: 384^2 f32 on 16 blocks needed 78 KB a block, so
// two fitted an SM, not three (384^3 0.8207 ms against 0.7437 with one in
// 32; 320^3 0.4811 against 0.4737, 256^3 and 512^3 tied; H100,
// docs/BENCHMARKS.md). Rows whose X stages stride otherwise ran faster
// without them (XYVariant::row_pads). With `swizzle` (XYLayout::row_swizzle,
// rows of a multiple of 32 values, no pads) x moves within its 32-value
// piece instead, XORed with the piece's index: the strided accesses of a
// 512-point row's X stages (32 q + m) and the columns' accesses meet no bank
// conflicts, and a row stays one unpadded run of memory. Indices are never
// negative: unsigned, the division is a shift.
FFT3D_HD constexpr int xy_share_slot(int x_index, bool pads, bool swizzle = false) {
  const unsigned x = static_cast<unsigned>(x_index);
  return swizzle ? static_cast<int>(x ^ ((x >> 5) & 15u))
                 : pads ? x_index + static_cast<int>(x / 32u) : x_index;
}

// A ring (XYLayout::ring_rows > 0) of `early` early rows: the ring row of
// the plane's share row j, its early rows at ring row `offset` (0 or early,
// XYLayout::ring_offset); without a ring (early 0), j.
FFT3D_HD constexpr int xy_ring_row(int early, int offset, int j) { return j < early ? j + offset : j + early; }

struct XYLayout {
  XLayout x;    // rows of nx (rows_per_block rows per group)
  XLayout y;    // columns of ny (columns: true; rows_per_block columns per group)
  int cluster;  // blocks per cluster, one cluster per plane
  int load_depth = 1;  // at most this many chunks in the GPU's load (1..kMaxLoadChunks)
  int buffers = 1;     // shares per block: 2 = double-buffered, persistent
  // The split-Y schedule's first pass (fft3d/grid_schedule.h), split > 1:
  // "plane" p of a launch is rows y1 + split * j (j < ny(), y1 = p % split)
  // of the memory plane p / split, whose full height is split * ny(); the
  // Y part's output k is multiplied by exp(-+2 pi i y1 k / (split * ny()))
  // and stored in row y1 + split * ((k - y1) * split_inverse mod ny()),
  // split_inverse being split's inverse modulo ny() (the CRT layout the Z
  // pass's cross phase reads). Compiled in, so other kernels carry none of it.
  int split = 1;
  int split_inverse = 0;
  // Y before X (see the top of this file): the share holds columns.
  bool columns_first = false;
  // Strided rows, no exchange buffers (see the top of this file).
  bool strided_rows = false;
  // Strided rows: one unused value after every 32 of a share row
  // (xy_share_slot); without, the row's pitch alone moves rows to other banks.
  bool row_pads = true;
  // Strided rows of complex planes: Y's first stage loads the plane (see the top of this file).
  bool y_loads = false;
  // Strided rows (complex, real rows or real pairs), no pads: the load
  // leaves each share row in order, X's first stage reads it so and every
  // later access (the real rows' and pairs' post-processing too) goes
  // through the swizzle (xy_share_slot), so that a row could arrive as one
  // copy.
  bool row_swizzle = false;
  // Swizzled strided rows, persistent: the share is a ring of this many
  // rows (see the top of this file); 0: no ring.
  int ring_rows = 0;
  // A plane whose rows lie this many complex values apart in memory (the
  // fused XZ pass: X rows and Z columns, rows nx * ny apart, planes one row
  // of y apart); 0: rows follow each other (split * pitch()). Only in the
  // forms that may (rows_may_lie_apart).
  int row_stride = 0;

  FFT3D_HD constexpr int ny() const { return y.n; }
  // Real rows: rows of 2 x.n reals transformed as x.n complex points,
  // post-processed into x.n + 1 values of the half spectrum (R2C forward,
  // X first) or pre-processed from them (C2R inverse, columns first).
  FFT3D_HD constexpr bool real_rows() const {
    return x.real_io == kRealHalfForward || x.real_io == kRealHalfInverse;
  }
  // Real pairs: two planes of real rows as one complex plane (see the top of this file).
  FFT3D_HD constexpr bool real_pairs() const { return x.real_io == kRealPairForward; }
  // Complex values per row of the plane in memory (and of the share, unless
  // columns first, strided rows or real pairs).
  FFT3D_HD constexpr int pitch() const { return real_pairs() ? x.n / 2 + 1 : x.n + (real_rows() ? 1 : 0); }
  // Real pairs: where plane b's reals start in a share row (plane a's at 0):
  // the row's middle, rounded down to an even real so that pairs of reals
  // stay aligned copies (share_pitch() >= nx, and nx is even).
  FFT3D_HD constexpr int pair_offset() const { return share_pitch() - share_pitch() % 2; }
  // The clusters a launch of `planes` planes takes: one per plane, or per pair.
  FFT3D_HD constexpr long long clusters_for(long long planes) const { return real_pairs() ? (planes + 1) / 2 : planes; }
  // The columns the Y part transforms (real rows: column n packed into 0).
  FFT3D_HD constexpr int columns() const { return x.n; }
  // Complex values between consecutive rows of the plane in memory.
  FFT3D_HD constexpr int row_step() const { return row_stride > 0 ? row_stride : split * pitch(); }
  // Whether this form may read and write rows that lie apart (row_stride,
  // the fused XZ pass): whole rows in one share, no split, no ring; complex
  // rows X first, or real half rows (the R2C forward X first, the C2R
  // inverse columns first).
  FFT3D_HD constexpr bool rows_may_lie_apart() const {
    const bool complex_x_first = !real_rows() && !real_pairs() && !columns_first;
    return (complex_x_first || real_rows()) && !strided_rows && buffers == 1 && split == 1 && ring_rows == 0;
  }
  // Rows one after another, or apart by at least a row in a form that may.
  FFT3D_HD constexpr bool row_stride_fits() const {
    return row_stride == 0 || (row_stride >= pitch() && rows_may_lie_apart());
  }
  FFT3D_HD constexpr int rows_per_cta() const { return (ny() + cluster - 1) / cluster; }
  FFT3D_HD constexpr int cols_per_cta() const { return (columns() + cluster - 1) / cluster; }
  FFT3D_HD constexpr int x_groups() const { return (rows_per_cta() + x.rows_per_block - 1) / x.rows_per_block; }
  FFT3D_HD constexpr int y_groups() const { return (cols_per_cta() + y.rows_per_block - 1) / y.rows_per_block; }
  FFT3D_HD constexpr int threads_per_block() const {
    return strided_rows ? x.threads_per_block() : max_of(x.threads_per_block(), y.threads_per_block());
  }
  FFT3D_HD constexpr int elems_per_thread() const {
    return strided_rows ? max_of(x.elems_per_thread(), max_of(y.radix[0], y.radix[1]))
                        : max_of(x.elems_per_thread(), y.elems_per_thread());
  }
  // The block's share of the plane: rows_per_cta rows of pitch() complex
  // values, or (columns first) ny rows of its cols_per_cta columns, or
  // (strided rows) rows_per_cta padded rows.
  FFT3D_HD constexpr int share_pitch() const {
    return columns_first ? cols_per_cta() : strided_rows ? strided_share_pitch() : pitch();
  }
  // Strided rows: the padded row, and where rows have fewer than 16
  // threads, one to 15 values more, so that the pitch is threads_per_row
  // modulo 16: the rows of a shared-memory wavefront (16 lanes of 8 bytes,
  // or 8 of 16) then start on different banks (R2C 256^2 f32, rows of 128
  // values on 8 threads: a pitch of 135 values put two rows' 16-word
  // segments 14 banks apart, and 39 % of the kernel's shared wavefronts
  // were replays).
  FFT3D_HD constexpr int strided_share_pitch() const {
    const int padded = xy_share_slot(columns() - 1, row_pads) + 1;
    if (x.threads_per_row >= 16 && row_swizzle) return padded;  // a half-warp's accesses stay in one row
    if (x.threads_per_row >= 16) return row_pads ? padded : padded + 2;  // + 2: rows start on other banks
    return padded + ((x.threads_per_row - padded) % 16 + 16) % 16;
  }
  FFT3D_HD constexpr int share_rows() const {
    return columns_first ? ny() : ring_rows > 0 ? ring_rows : rows_per_cta();
  }
  // Whether a grid of as many clusters as fit walks the planes (buffers or a ring).
  FFT3D_HD constexpr bool persistent() const { return buffers == 2 || ring_rows > 0; }
  // A ring: the rows of the next plane loaded while a plane computes (the
  // early rows; 0 without a ring), the first X group holding a later one,
  // and where the i-th plane's early rows lie in the ring (xy_ring_row).
  FFT3D_HD constexpr int ring_early_rows() const { return ring_rows > 0 ? ring_rows - rows_per_cta() : 0; }
  FFT3D_HD constexpr int ring_late_group() const { return ring_early_rows() / x.rows_per_block; }
  FFT3D_HD constexpr int ring_offset(long long iteration) const {
    return static_cast<int>(iteration % 2) * ring_early_rows();
  }
  // A ring's mbarriers (8 bytes each), after the share.
  FFT3D_HD constexpr long long ring_barrier_offset(int real_bytes) const { return share_stride(real_bytes); }
  FFT3D_HD constexpr long long share_bytes(int real_bytes) const {
    return 2LL * share_rows() * share_pitch() * real_bytes;
  }
  // Shares, the exchange buffers and (real rows) column 0's transform, or
  // column n's values where columns come first; each 16-byte aligned.
  FFT3D_HD constexpr long long share_stride(int real_bytes) const { return (share_bytes(real_bytes) + 15) / 16 * 16; }
  FFT3D_HD constexpr long long exchange_offset(int real_bytes) const { return buffers * share_stride(real_bytes); }
  FFT3D_HD constexpr long long unpack_offset(int real_bytes) const {
    if (strided_rows) return unpack_scratch_bytes(real_bytes) > 0 ? share_stride(real_bytes) : 0;  // the scratch
    const long long ex = x.shared_bytes(real_bytes), ey = y.shared_bytes(real_bytes);
    return exchange_offset(real_bytes) + ((ex > ey ? ex : ey) + 15) / 16 * 16;
  }
  // Strided rows of f32 real pairs: after the share, C values (C the cross
  // points) for each packed column among the block's cross-stage
  // butterflies (one every columns() / 2), where a butterfly parks its
  // values while it computes its partner's (xy_strided_unpack). It took
  // the 256^2 pair kernel from 127 registers to 96 (H100: 78 -> 72 us);
  // f64 pairs (still two blocks an SM) and real rows ran slower with it.
  FFT3D_HD constexpr long long unpack_scratch_bytes(int real_bytes) const {
    if (!strided_rows || !real_pairs() || real_bytes != 4) return 0;
    return 2LL * (cross_items_per_cta() / (columns() / 2) + 2) * cross_points() * real_bytes;
  }
  FFT3D_HD constexpr long long shared_bytes(int real_bytes) const {
    if (strided_rows)
      return share_stride(real_bytes) + unpack_scratch_bytes(real_bytes) + (ring_rows > 0 ? 8 * kRingBarriers : 0);
    return unpack_offset(real_bytes) + (real_rows() ? 2LL * ny() * real_bytes : 0);
  }
  // Strided rows: the Y stages' radices (the first over the block's rows,
  // the second across the cluster) and the second stage's butterflies per block.
  FFT3D_HD constexpr int local_points() const { return y.radix[0]; }
  FFT3D_HD constexpr int cross_points() const { return y.radix[1]; }
  FFT3D_HD constexpr int cross_items_per_cta() const { return local_points() * columns() / cluster; }
  FFT3D_HD constexpr XYPartGeom part_geom(int part, int real_bytes) const {
    const XLayout& L = part == 0 ? x : y;
    return XYPartGeom{part, L.threads_per_row, L.rows_per_block, L.threads_per_block(), L.row_stride(),
                      L.twiddle_table, pitch(), ny(), rows_per_cta(), cols_per_cta(), columns(),
                      share_stride(real_bytes), exchange_offset(real_bytes),
                      real_rows() || real_pairs() ? unpack_offset(real_bytes) : 0, split, split_inverse, columns_first,
                      share_pitch(), real_rows(), row_pads, real_pairs(), pair_offset(), row_swizzle,
                      ring_early_rows(), row_step()};
  }
  // The GPU issues the load in chunks of whole X groups, one cp.async group
  // each, and waits for a chunk only before its first X group: the X
  // transform of the first rows overlaps the loads of the later ones.
  FFT3D_HD constexpr int load_chunks() const { return min_of(x_groups(), min_of(load_depth, kMaxLoadChunks)); }
  FFT3D_HD constexpr int chunk_of_group(int group) const { return group * load_chunks() / x_groups(); }
  FFT3D_HD constexpr int first_group_of_chunk(int chunk) const {
    return (chunk * x_groups() + load_chunks() - 1) / load_chunks();
  }
  // The block's first share row in load chunk `chunk` (rows_per_cta() past the last).
  FFT3D_HD constexpr int first_row_of_chunk(int chunk) const {
    return min_of(first_group_of_chunk(chunk) * x.rows_per_block, rows_per_cta());
  }
  // Whether X group `group` is the first of its chunk (its load is awaited there).
  FFT3D_HD constexpr bool starts_chunk(int group) const {
    return group == 0 || chunk_of_group(group) != chunk_of_group(group - 1);
  }
  // Strided rows: per X group a read and a write phase per stage, and
  // (real rows or pairs) the post-processing.
  FFT3D_HD constexpr int strided_group_phases() const { return 2 * x.stages + (real_rows() || real_pairs() ? 1 : 0); }
  FFT3D_HD constexpr int phases() const {
    if (strided_rows) return 1 + x_groups() * strided_group_phases() + (y_loads ? 1 : 2);
    return 1 + x_groups() * x.phases() + y_groups() * y.phases() + (real_rows() ? 1 : 0);
  }
  FFT3D_HD constexpr int x_phases() const { return x_groups() * x.phases(); }
  FFT3D_HD constexpr int y_phases() const { return y_groups() * y.phases(); }
  // The X part touches only its rows (share row, exchange rows, twiddles):
  // where a row's threads lie in one warp, and the same warp takes the same
  // local rows in every group, its phases and groups need only warp
  // barriers, so one warp's stalls do not hold the block's others.
  FFT3D_HD constexpr bool x_rows_in_warps() const {
    return x.threads_per_row <= kWarpSize && kWarpSize % x.threads_per_row == 0;
  }
  // Groups reuse the exchange buffers, so a block barrier separates them
  // too (a warp barrier for X where x_rows_in_warps); the cluster barrier
  // after the X part makes every share complete before any block reads
  // across the cluster, and the one at the end keeps every block's share
  // alive until no other block reads it.
  FFT3D_HD constexpr XYPhase phase(int p) const {
    if (columns_first) return columns_first_phase(p);
    if (strided_rows) return strided_rows_phase(p);
    if (p == 0) return XYPhase{kLoadPart, 0, 0, kBlockBarrier};
    if (real_rows() && p + 1 == phases()) return XYPhase{kUnpackPart, 0, 0, kClusterBarrier};
    p -= 1;
    if (p < x_phases()) {
      const bool last = p + 1 == x_phases();
      const int within = x_rows_in_warps() ? kWarpBarrier : kBlockBarrier;
      return XYPhase{0, p / x.phases(), p % x.phases(), last ? kClusterBarrier : within};
    }
    const int q = p - x_phases();
    const bool last = p + 2 == phases();
    return XYPhase{1, q / y.phases(), q % y.phases(), last ? kClusterBarrier : kBlockBarrier};
  }
  // Strided rows: the load; per X group and stage a read and a write phase
  // (sub 2 s and 2 s + 1) and (real rows) the post-processing (sub
  // 2 stages), joined by warp barriers, a block barrier after the last;
  // Y's first stage (part 1, sub 0), a cluster barrier; its second stage
  // (sub 1) and the closing cluster barrier. Y loads: the load is Y's first
  // stage, and a cluster barrier follows the X stages.
  FFT3D_HD constexpr XYPhase strided_rows_phase(int p) const {
    if (p == 0) return XYPhase{kLoadPart, 0, 0, kBlockBarrier};
    p -= 1;
    const int per_group = strided_group_phases();
    if (p < x_groups() * per_group) {
      const bool last = p + 1 == x_groups() * per_group;
      return XYPhase{0, p / per_group, p % per_group,
                     last && y_loads           ? kClusterBarrier
                     : last || !x_rows_in_warps() ? kBlockBarrier
                                                  : kWarpBarrier};
    }
    p -= x_groups() * per_group;
    return XYPhase{1, 0, y_loads ? 1 : p, kClusterBarrier};
  }
  // Columns first: the load, (real rows) the pack phase, the Y groups, a
  // cluster barrier, the X groups and the closing cluster barrier.
  FFT3D_HD constexpr XYPhase columns_first_phase(int p) const {
    if (p == 0) return XYPhase{kLoadPart, 0, 0, kBlockBarrier};
    if (real_rows() && p == 1) return XYPhase{kPackPart, 0, 0, kBlockBarrier};
    p -= real_rows() ? 2 : 1;
    if (p < y_phases())
      return XYPhase{1, p / y.phases(), p % y.phases(), p + 1 == y_phases() ? kClusterBarrier : kBlockBarrier};
    p -= y_phases();
    const int within = x_rows_in_warps() ? kWarpBarrier : kBlockBarrier;
    return XYPhase{0, p / x.phases(), p % x.phases(), p + 1 == x_phases() ? kClusterBarrier : within};
  }
};

// The fused XY kernels' default thread-index form (kern::thread_index):
// bounded in single precision, where the R2C 512^3 fused kernel ran 9 %
// faster with it (H200); f64 keeps it unbounded (bounded, the R2C 256^3
// kernel took 178 registers instead of 168, two clusters an SM instead of
// three: 20 % slower). A tuned variant may name the other form
// (Cfg::kThreadIndex).
FFT3D_HD constexpr bool xy_bounds_thread_index_by_rule(int real_bytes) { return real_bytes == 4; }

}  // namespace kern
}  // namespace fft3d
