// The X-axis variant space: one XVariant is one kernel the tuner can choose
// (radix order, threads per row, rows per block, padding, twiddle source,
// occupancy hint). This file enumerates variants, derives their facts from
// the same XLayout the kernel is compiled from, and makes the ESTIMATE choice.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "common/precision.h"
#include "fft1d/padding.h"
#include "fft1d/x_layout.h"

namespace fft3d {

// Clusters of more blocks need an opt-in (non-portable) attribute.
constexpr int kPortableCluster = 8;

struct DeviceLimits {
  long long shared_bytes_per_block = 227 * 1024;  // opt-in maximum (H100)
  int threads_per_block = 1024;
  int registers_per_thread = 255;
  int max_cluster = 16;  // blocks per thread-block cluster (Hopper: 16 non-portable); 0: no clusters
  long long l2_bytes = 50LL * 1024 * 1024;  // whether a grid streams through DRAM (H100: 50 MB)
};

// Rows of real data (R2C forward, C2R inverse), see kern::RealIo: none for
// complex rows; half: the radices factor nx / 2 and the real pre- and
// post-processing is fused (even nx); full: the radices factor nx (odd nx);
// pair: the same, two rows per transform, as real and imaginary parts.
enum class RealRows { none, half, full, pair };

// A kernel's thread-index form (kern::thread_index): its kernel family's
// rule (kern::x_bounds_thread_index_by_rule, xy_bounds_thread_index_by_rule),
// or bounded or plain where the tuner measured that form faster
// (Cfg::kThreadIndex in the kernel's source).
enum class ThreadIndex { by_rule, bounded, plain };

struct XVariant {
  std::vector<int> radices;  // in the order the stages apply them
  int threads_per_row = 1;
  int rows_per_block = 1;
  PadMethod pad = PadMethod::none;
  bool twiddle_table = false;
  int min_blocks_per_sm = 0;  // __launch_bounds__ occupancy hint; 0 = none
  bool columns = false;       // strided Y/Z columns (XLayout::columns), rows_per_block columns
  RealRows real = RealRows::none;
  int exchange_buffers = 1;  // XLayout::exchange_buffers (2: complex data only)
  // 0, or nx: rows of nx * ny points are XY planes, transformed as 2-D DFTs
  // (XLayout::plane_nx; radices {ny, nx}, complex rows or real pairs, one
  // exchange buffer).
  int plane_nx = 0;
  ThreadIndex thread_index = ThreadIndex::by_rule;

  // A readable, parseable name, e.g. "r8-5-4-3.t60.rows4.pad-gap.tw-table.mb0"
  // (".cols" appended for column variants, ".real-half", ".real-full" or
  // ".real-pair" for real rows, ".xb2" for two exchange buffers, ".plane16"
  // for planes of 16 points a row, ".idx-bound" or ".idx-plain" last where
  // the thread index is not the rule's).
  std::string name() const;
  bool operator==(const XVariant& o) const;
};

// Whether the variant's radices multiply to n.
bool variant_factors(const XVariant& v, int n);

// Threads per row worth trying for radices in this order (the tuner's and
// enumerate_x_variants' alike): one butterfly per thread in some stage
// (n / r for each radix), or two or four butterflies of the largest radix.
std::vector<int> threads_per_row_options(int n, const std::vector<int>& radices);

// Parses XVariant::name(); throws Error(INVALID_ARGUMENT) on a malformed name.
XVariant parse_x_variant(const std::string& name);

// The name suffix of a thread-index form (".idx-bound", ".idx-plain"; none
// for the rule's), the form a name field ("idx-bound", "idx-plain") names
// (nothing for another field), and the kern::kIndex... value a kernel
// source names.
std::string thread_index_suffix(ThreadIndex form);
std::optional<ThreadIndex> parse_thread_index_field(const std::string& field);
int thread_index_constant(ThreadIndex form);

// The form MEASURE times beside a kernel of form `form` whose family's rule
// is `rule` (kern::index_form_bounds): the other one, in f32 only (see
// thread_index_switched).
std::optional<ThreadIndex> other_thread_index(ThreadIndex form, bool rule, Precision precision);

// Whether v's kernel bounds its thread index (its form, else the rule's).
bool x_bounds_thread_index(const XVariant& v, Precision precision);

// v in the other thread-index form than its kernel has, the twin MEASURE
// times beside each pass's winner; f32 only: every f64 kernel measured
// bounded was slower (columns 14-25 %, real rows up to 8 %), and f32 rows
// bounded lost 3-5 % at some lengths (R2C 210^3 and 500^3 forward, H200)
// where others gained up to 9 %.
std::optional<XVariant> thread_index_switched(const XVariant& v, Precision precision);

// The kernel layout of a variant for rows of n points (n must equal the
// product of the radices: for half real rows n is nx / 2). Real rows get the
// forward layout; XLayout::for_direction gives the inverse's.
kern::XLayout make_x_layout(int n, Precision precision, const XVariant& v);

// The layout of pass B of a long row (XLayout::transposed_store): rows of
// variant v, their stride made odd so that the store phase, which reads
// down the block's lines, finds them in different banks. One exchange
// buffer only (the last stage leaves the rows in the first buffer, which
// with two it could still be reading); throws Error(INTERNAL) for two.
kern::XLayout long_row_b_layout(int n, Precision precision, const XVariant& v);

// Facts of a variant, from its layout: what the launcher and pruning need.
struct XVariantFacts {
  int threads_per_block;
  long long shared_bytes;
  int elems_per_thread;     // complex values in registers per thread
  int registers_estimate;   // rough per-thread register need
  int stages;
  int worst_conflict_degree;  // over all shared accesses of one block
};
XVariantFacts x_variant_facts(int n, Precision precision, const XVariant& v);
XVariantFacts layout_facts(const kern::XLayout& layout, Precision precision);

// Whether a variant fits the device's limits (threads, shared memory,
// registers) and the executor's register model.
bool x_variant_fits(const XVariantFacts& f, const DeviceLimits& limits);

// All variants for n: every distinct ordering of the preferred radices x
// padding {none, gap, periodic} (dropped where it equals none) x threads per
// row x threads per block {64..1024} (columns: 1..32 columns per block) x
// twiddle source, pruned by the limits.
std::vector<XVariant> enumerate_x_variants(int n, Precision precision, const DeviceLimits& limits,
                                           bool columns = false);

// The ESTIMATE choice: no timing, a heuristic from the facts. `real`: the
// rows' RealRows form, set on the result; complex rows of 343, 500 and f32
// 8192 and 16384 take forms measured faster in 3-D (x_estimate.cpp), and so do real
// pairs of 343 in both precisions (their own form, f32 with the plain
// thread index: the complex rows' ran the R2C and C2R of 343^3 2-13 %
// slower on an H100), f32 half rows of 2048
// (on fewer threads) and 8192 (32 * 8 * 32 on 256 threads, gap-padded), and
// short rows, on several threads a row
// (complex rows of 16, real half rows of 8, 16 and 32).
XVariant estimate_x_variant(int n, Precision precision, const DeviceLimits& limits,
                            RealRows real = RealRows::none);

// The C2R inverse's own ESTIMATE form for real rows whose forward form is
// `forward` (estimate_x_variant's), where a different one ran the inverse
// faster (f32 half rows of 8192); else nothing: both directions take
// `forward`.
std::optional<XVariant> estimate_inverse_real_rows(int n, Precision precision, const DeviceLimits& limits,
                                                   const XVariant& forward);

// The ESTIMATE choice for a one-pass column variant of length n (a Y or Z
// pass): enough columns per block for coalesced accesses, the whole column
// in shared memory. real_side: the columns of a real transform's complex
// side (R2C/C2R plans), which take their own measured form where it differs
// (f64 243; 128 in passes of many columns, x_estimate.cpp); columns: how
// many the pass transforms (0: not known). Throws Error(UNSUPPORTED_SIZE) if
// it does not fit.
XVariant estimate_column_variant(int n, Precision precision, const DeviceLimits& limits, bool real_side = false,
                                 long long columns = 0);

// The same for a Z pass of `columns` columns: where many Z columns of 1024
// ran faster in wider blocks (f32: 16 columns, one block an SM), those.
XVariant estimate_z_column_variant(int n, long long columns, Precision precision, const DeviceLimits& limits,
                                   bool real_side = false);

// The same for a Y pass of `columns` columns: a real side's many Y columns
// of 64 in their measured form (x_estimate.cpp).
XVariant estimate_y_column_variant(int n, long long columns, Precision precision, const DeviceLimits& limits,
                                   bool real_side = false);

// The ESTIMATE choice for XY planes of nx * ny as rows of nx * ny points
// (XVariant::plane_nx, a 2-D DFT a row), or nothing where nx or ny is not
// one codelet radix or no block of one plane fits. real: R2C / C2R planes,
// two real planes a row (RealRows::pair).
std::optional<XVariant> estimate_plane_variant(int nx, int ny, Precision precision, const DeviceLimits& limits,
                                               bool real = false);

// The same for the YZ planes of ny * nz points as plane columns (complex;
// XVariant::columns with plane_nx = ny, a 2-D DFT a column), as many a
// block as make 256-byte segments (32 f32 or 16 f64), fewer where they do
// not fit; nothing where ny or nz is not one codelet radix.
std::optional<XVariant> estimate_plane_column_variant(int ny, int nz, Precision precision,
                                                      const DeviceLimits& limits);

}  // namespace fft3d
