// The fused pass's forms measured fastest on particular planes, which
// the ESTIMATE takes over its general rules (xy_estimate.cpp).
#include "xy/xy_measured_forms.h"

#include <utility>

namespace fft3d {

namespace {

// w with a measured form's settings: groups of rows, load chunks (one
// where there is only one group, or where Y loads the plane), occupancy
// hint, X twiddle source, Y loads, the radix of X's first stage (0: w's
// order) and threads per X row (0: w's); nothing where the result does not
// fit.
std::optional<XYVariant> with_form_settings(int nx, int ny, Precision precision, XYVariant w,
                                            const DeviceLimits& limits, int rows_per_group, int load_chunks,
                                            int min_blocks_per_sm, bool x_table, bool y_loads = false,
                                            int x_first_radix = 0, int x_threads = 0) {
  if (x_first_radix != 0 && w.x.radices.size() == 2 && w.x.radices[1] == x_first_radix)
    std::swap(w.x.radices[0], w.x.radices[1]);
  if (x_threads != 0) w.x.threads_per_row = x_threads;
  w.x.rows_per_block = rows_per_group;
  w.min_blocks_per_sm = min_blocks_per_sm;
  w.x.twiddle_table = x_table;
  w.y_loads = y_loads;
  w.load_chunks = make_xy_layout(nx, ny, precision, w).x_groups() >= 2 && !y_loads ? load_chunks : 1;
  if (!xy_variant_valid(nx, ny, precision, w, limits)) return std::nullopt;
  return w;
}

}  // namespace

// Complex cube planes as strided rows in the forms measured fastest (H100,
// forced variants, ms): groups of rows, load chunks, occupancy hint, and X
// twiddles computed (sincos) or from a table. The hints move the compiler's
// register allocation more than the occupancy and are not monotonic, so each
// form was timed against its neighbours.
// - Sixteen-led pairs (192 = 16 * 12, 240 = 16 * 15) on 16 blocks, in
//   groups of 6 and 5 rows loaded in one chunk, no hint, sincos
//   (docs/data/xy-sixteen-led-strided-h100-2026-11-26.txt, then
//   docs/data/xy-paired-rows-h100-2026-11-26.txt): 192^3 f32 0.0973
//   against 0.1035 with table twiddles (0.1059-0.1068 whole rows on 8
//   blocks), f64 0.1901 against 0.2094 (0.2300 whole rows); 240^3 f32
//   0.2009 against 0.2132 with the table asking four blocks (0.2226 whole
//   rows), f64 0.3931 against 0.4359 whole rows and 0.4343 with the table.
//   One group of all the block's rows, or two load chunks, lost.
// - Lengths paired on 16-thread rows (paired_rows in estimate_plane_variant;
//   docs/data/xy-paired-rows-h100-2026-11-26.txt), on the largest cluster:
//   243^3 (c9) in groups of 8, two chunks, no hint, f32 with the table
//   0.2367 against 0.2468 sincos and 0.2581 separate (asking four 0.2493,
//   groups of 14 0.2823-0.3898), f64 sincos 0.4529 against 0.4914. Rows
//   unpadded turn the f32 verdict (H200, no H100 lent;
//   docs/data/np-243-400-h200-2026-11-29.txt): sincos 0.1929-0.1930
//   against the table's 0.1983-0.1998 (padded, the table 0.2055 and
//   sincos 0.2149, as on the H100), so f32 takes f64's form. Its X rows
//   then run on 9 threads in groups of 14 (rows across warps, block
//   barriers; H200, docs/data/builtin-wisdom-h200-2026-11-29.txt):
//   0.1835-0.1846 against 0.1935-0.1938 on 16 threads in groups of 8,
//   where the 27-point stage keeps 9 of 16 threads busy (one group of 27
//   rows: 0.1957-0.1975; the H100 gained 0.6 % from that one group with
//   pads and the table, data/xy-rows-across-warps-h100-2026-11-28.txt),
//   loaded in one chunk: 0.1795-0.1796 against 0.1824-0.1827 in two
//   (asking three or four blocks tied; the table 0.1889-0.1892, Y loads
//   0.1871-0.1875, pads 0.1884-0.1886, groups of 9 0.2002-0.2005). f64
//   rows of 243 on 9 threads too, groups of 14 in two chunks, which MEASURE
//   found (x_threads_other; H200, docs/data/rows-threads-h200-2026-11-29.txt):
//   0.3546-0.3552 against 0.3750-0.3765 (one chunk 0.3606-0.3617, 27
//   threads a row 0.4186 in MEASURE's timing); 300^3
//   (c15) f32 2 groups of 10 in one chunk asking four, 0.4293-0.4308
//   against 0.4687 (groups of 8: 0.4409, no hint: 0.5025; the table tied),
//   f64 groups of 8, two chunks, no hint, 0.8461-0.8479 against 0.8952
//   (asking two 0.8630, groups of 10: 0.9874-1.1525, the table 0.8615);
//   400^3 f32 (c16) 2 groups of 13 in one chunk asking two, 1.0112-1.0124
//   against 1.0865 (two chunks 1.0202, groups of 8 without a hint 1.0644,
//   the table 1.1111).
//   Other lengths so paired take groups of 8 in two chunks, no hint, sincos.
// - 320 = 16 * 20 (c16), a wide pair: f32 2 groups of 10 in one chunk asking
//   four, 0.4808 against 0.4934 in groups of 8 and two chunks (the table:
//   0.5056).
// - Y loads the plane (XYVariant::y_loads) in f32 at 300^3, 320^3 and
//   400^3, whose forms load in one chunk anyway: 0.3576 against 0.3652,
//   0.4240-0.4253 against 0.4278-0.4280, 0.9273-0.9292 against 0.9405-0.9418
//   (docs/data/y-loads-h100-2026-11-28.txt). It lost 1-7 % where the load
//   comes in two chunks (210^3, 256^3, 384^3, 512^3 f32; f64 256^3, 300^3,
//   384^3) and at 192^3 and 240^3 f32 (one chunk); 243^3 f32 tied.
// - 480 = 30 * 16 (c16, rows unpadded: two blocks per SM only so) in f32,
//   Y loading the plane, 1 group of 15 rows asking two blocks: 1.8265-1.8284
//   against 1.8834-1.8849 in three passes (groups of 10 without Y loads
//   1.8450-1.8463, with them 1.8766-1.8853; groups of 8 with them 2.03-2.04).
// - X's stages in the other order than two_stage_variant's rule where that
//   measured faster (docs/data/x-order-h100-2026-11-28.txt): 480^3 f32
//   r32-15 1.5584-1.5615 against r15-32 1.8282-1.8311 (both 128 registers,
//   no spills), 300^3 r20-15 0.3542 against 0.3593, 192^3 r12-16 0.0862
//   against 0.0880. It lost at 240^3 (+20 %), 320^3 (+14 %), 243^3, 384^3
//   and 512^3 (+1.5-4.5 %); 210^3 and 400^3 tied. In f64, measured on an
//   H200 (docs/data/x-pairs-h200-2026-11-28.txt; no H100 was lent that
//   day): 300^3 r20-15 0.6293-0.6301 against r15-20 0.6641-0.6676 (whose
//   kernel spills 48 bytes), 320^3 r20-16 0.7763-0.7783 against
//   0.8006-0.8032; 192^3, 240^3 and 256^3 lost the other orders or pairs.
// Nothing for other planes or where the form does not fit.
std::optional<XYVariant> measured_strided_form(int nx, int ny, Precision precision, const XYVariant& v,
                                               const DeviceLimits& limits, bool paired_rows, int paired_cluster) {
  struct Form {
    int n;
    Precision precision;
    int cluster, rows_per_group, load_chunks, min_blocks_per_sm;
    bool x_table, y_loads;
    int x_first_radix;  // 0: two_stage_variant's order
    int x_threads = 0;  // threads per X row; 0: strided_rows_variant's 16
  };
  constexpr Precision f32 = Precision::f32, f64 = Precision::f64;
  constexpr Form kForms[] = {{192, f32, 16, 6, 1, 0, false, false, 12}, {192, f64, 16, 6, 1, 0, false, false, 0},
                             {240, f32, 16, 5, 1, 0, false, false, 0},  {240, f64, 16, 5, 1, 0, false, false, 0},
                             {243, f32, 9, 14, 1, 0, false, false, 0, 9}, {243, f64, 9, 14, 2, 0, false, false, 0, 9},
                             {300, f32, 15, 10, 1, 4, false, true, 20}, {300, f64, 15, 8, 2, 0, false, false, 20},
                             {320, f32, 16, 10, 1, 4, false, true, 0},  {320, f64, 16, 8, 2, 0, false, false, 20},
                             {400, f32, 16, 13, 1, 2, false, true, 0},
                             {480, f32, 16, 15, 1, 2, false, true, 32}};
  if (v.x.real != RealRows::none) return std::nullopt;
  std::optional<Form> form;
  for (const Form& f : kForms)
    if (f.n == nx && f.n == ny && f.precision == precision) form = f;
  if (!form && paired_rows) form = Form{nx, precision, paired_cluster, 8, 2, 0, false, false, 0};
  if (!form || form->cluster < 1 || form->cluster > limits.max_cluster) return std::nullopt;
  const std::optional<XYVariant> w = strided_rows_variant(nx, ny, precision, v, limits, form->cluster);
  if (!w) return std::nullopt;
  return with_form_settings(nx, ny, precision, *w, limits, form->rows_per_group, form->load_chunks,
                            form->min_blocks_per_sm, form->x_table, form->y_loads, form->x_first_radix,
                            form->x_threads);
}

// Cube planes whose strided rows ran faster without row pads
// (XYVariant::row_pads; H100, forward ms, padded against not,
// docs/data/row-pads-h100-2026-11-27.txt): f32 210^3 0.1333 against
// 0.1262, 240^3 0.1820 against 0.1798, 300^3 0.4087 against 0.3783, 320^3
// 0.4617 against 0.4358; f64 192^3 0.1884 against 0.1858, 210^3 0.2602
// against 0.2452, 240^3 0.3675 against 0.3605, 243^3 0.4364 against
// 0.4182; the R2C forward f32 300^3 0.2487 against 0.2347, 320^3 0.2680
// against 0.2638; with the 30-point codelet, 420^3 0.6725 against 0.6524
// and 480^3 0.8276 against 0.8048 (docs/data/radix-30-h100-2026-11-27.txt).
// The pads break up the 16- and 32-value strides of
// power-of-two rows, which lost 4-24 % without them (256^3 f32 0.2056
// against 0.2551, 512^3 1.991 against 2.406). 192^3 and 400^3 f32 tied,
// 243^3 f32 gained under 1 %, f64 300^3 and 320^3 lost 1 %. On an H200
// (docs/data/np-243-400-h200-2026-11-29.txt, no H100 lent) 400^3 f32 ran
// 0.7425 against 0.7849-0.7853, f64 400^3 (fused with side planes) 1.7589
// against 1.8311, 243^3 f32 0.1983-0.1998 against 0.2055-0.2056 (0.193
// with X's twiddles computed, measured_strided_form); f32 192^3 lost 29 %,
// f64 320^3 6 %, 384^3 f32 24 % and f64 5.5 %, f64 256^3 11.5 %; f64
// 300^3 gained 1.5 % but lost 1 % on the H100 and stays padded.
// Complex 480^2 f32 planes fuse only without pads (two blocks per SM;
// measured_strided_form).
bool unpadded_rows_faster(int nx, int ny, Precision precision, bool real) {
  if (nx != ny) return false;
  if (real) return precision == Precision::f32 && (nx == 300 || nx == 320 || nx == 420 || nx == 480);
  if (precision == Precision::f32)
    return nx == 210 || nx == 240 || nx == 243 || nx == 300 || nx == 320 || nx == 400 || nx == 480;
  return nx == 192 || nx == 210 || nx == 240 || nx == 243 || nx == 400;
}

// Real pairs whose share rows ran faster swizzled (XYVariant::row_swizzle)
// than padded. On an H200 (forced, no wisdom, two rounds, forward ms;
// docs/data/swizzled-real-rows-h200-2026-11-30.txt; no H100 lent) R2C
// 256^3 f64 ran 0.1891-0.1896 against 0.1956-0.1961 padded and
// 0.2426-0.2429 unpadded; 320^3 tied (0.4529-0.4540 against
// 0.4568-0.4575) and 384^3 lost 7 % (0.9112-0.9136 against 0.8520-0.8527).
// Swizzled f32 real rows (not pairs) lost at 256^3 (+5 %), 320^3 (+2 %)
// and 512^3 (+3.7 %) and tied at 384^3: they keep their pads.
bool swizzled_pairs_faster(int nx, int ny, Precision precision) {
  return precision == Precision::f64 && nx == 256 && ny == 256;
}

// The R2C forward's cube planes as strided rows in the forms measured
// fastest where the general rule takes none (its largest cluster is odd, or
// the plane is below kRealPlaneMin): X rows (half length) as a pair on
// given threads, groups, load chunks; no hint, X twiddles computed, Y's
// first-stage twiddles from a table (H100, forced variants,
// docs/data/xy-paired-rows-h100-2026-11-26.txt, ms):
// - 240^3 f32 on 12 blocks, rows of 120 as 15 * 8 on 8 threads, 1 group of
//   20 rows: 0.1162 against 0.1228 separate (on 16 threads in groups of 10:
//   0.1240-0.1258, of 20: 0.1597);
// - 300^3 f32 on 15 blocks, rows of 150 as 15 * 10 on 16 threads, groups of
//   5 in two chunks: 0.2632 against 0.2812 (groups of 10: 0.2806-0.2837,
//   asking four blocks 0.2634, 10 * 15: 0.2957).
std::optional<XYVariant> measured_real_strided_form(int nx, int ny, Precision precision, const XYVariant& v,
                                                    const DeviceLimits& limits) {
  struct Form {
    int n;
    Precision precision;
    int cluster, radix_a, radix_b, threads_per_row, rows_per_group, load_chunks;
  };
  constexpr Form kForms[] = {{240, Precision::f32, 12, 15, 8, 8, 20, 1}, {300, Precision::f32, 15, 15, 10, 16, 5, 2}};
  if (v.x.real != RealRows::half || nx != ny) return std::nullopt;
  for (const Form& f : kForms) {
    if (f.n != nx || f.precision != precision || f.cluster > limits.max_cluster) continue;
    XYVariant x_rows = v;
    x_rows.x = XVariant{{f.radix_a, f.radix_b}, f.threads_per_row, f.rows_per_group, PadMethod::none, false, 0, false};
    x_rows.x.real = RealRows::half;
    // (Y's table comes from strided_rows_variant: both first stages, 20 points, are not dyadic.)
    const std::optional<XYVariant> w = strided_rows_variant(nx, ny, precision, x_rows, limits, f.cluster);
    if (!w) return std::nullopt;
    return with_form_settings(nx, ny, precision, *w, limits, f.rows_per_group, f.load_chunks, 0, false);
  }
  return std::nullopt;
}

}  // namespace fft3d
