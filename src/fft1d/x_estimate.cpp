// The ESTIMATE choices of X-row and column variants: no timing, heuristics
// fitted to H100 timings of the variant space (fft3d-x-explore; the numbers
// are in docs/BENCHMARKS.md). The tuner replaces them with measurements.
#include <algorithm>
#include <numeric>
#include <optional>
#include <vector>

#include "common/error.h"
#include "fft1d/codelets.h"
#include "fft1d/radix.h"
#include "fft1d/x_variant.h"

namespace fft3d {

namespace {

constexpr long long kColumnSharedBudget = 96 * 1024;  // per block, for the column ESTIMATE
// Columns of 512 (long_column_radices) in f32: one block per SM. In f64
// they keep the 96 KB (8 columns, two blocks per SM): against 16 columns
// in 128 KB they ran 512^3 in 3.285 ms against 3.431 on an H200 (the Y
// pass 1.028 against 1.190 in MEASURE's ranking, Z tied); in f32, 16
// columns against 32 lost (1.745 against 1.722). Untimed on an H100.
constexpr long long kLongColumnSharedBudget = 132 * 1024;
// The narrowest column block the ESTIMATE leaves long columns (see
// long_columns_widened): 64 bytes of neighbouring columns a row.
constexpr int kMinColumnSegmentBytes = 64;

// See estimate_x_variant: the largest n / r (r a radix) whose threads are at
// least a third busy in the stage of the largest radix, and no more than
// max_threads unless n / r_max itself is.
int threads_per_row_estimate(int n, const std::vector<int>& radices, int max_threads) {
  const int largest = *std::max_element(radices.begin(), radices.end());
  int best = n / largest;  // always fully busy there
  for (int r : radices)
    if (n / r > best && n / r <= max_threads && 3 * (n / largest) >= n / r) best = n / r;
  return best;
}

// Two composite stages for a non-power-of-two n from 210 up where two
// radices of at most 25 points, at most 2:1 apart, make n (240 = 16*15,
// 400 = 20*20, 500 = 25*20, 210 = 15*14), sorted descending: tuned rows and
// columns of that shape ran 7-46 % faster than the prime radices' three or
// four stages on an H200 and 5-18 % at 210 on an H100 (docs/TUNING.md).
// Nothing below 210 (100 = 10*10 and 192 = 16*12 lost; 224 = 16*14 and
// 225 = 15*15 are untimed), nor with radix 27 or 32 or a wider spread
// (243 = 27*9 lost), nor where preferred_radices has two stages already:
// those lengths keep preferred_radices.
std::optional<std::vector<int>> composite_radices(int n) {
  if ((n & (n - 1)) == 0 || n < 210 || preferred_radices(n).size() <= 2) return std::nullopt;
  // The most balanced pair is the one most likely within 2:1.
  const std::optional<std::vector<int>> best = balanced_radix_pair(n, 25);
  if (!best || (*best)[0] > 2 * (*best)[1]) return std::nullopt;
  return best;
}

// Composite pairs compute their twiddles (sincospi): on an H100 that ran
// 1-4 % faster than a table for f32 rows, 4-10 % for f32 columns (240, 320,
// 400, 500; 300's Y columns 3.5 % slower), and in f64 up to 21 % for rows
// and 31 % for columns (400, 500), from the tuner's logs of 2026-11-24
// (docs/TUNING.md). Pairs with the 14-point codelet (210 = 15*14) were
// timed only with a table, and as columns ran fastest with 15 first
// (r15-14 with 14 threads: 17 % faster than r7-2-15 in f32 and 13.5 % in
// f64; r14-15 with 15 threads 15.7 % and 5 %): they keep the table, and
// the rows' order in columns too.
bool fourteen_point_pair(const std::vector<int>& pair) {
  return std::find(pair.begin(), pair.end(), 14) != pair.end();
}

// Columns of 512 points in two stages, 32 points first (32 * 16): tuned
// columns of that shape, one butterfly of 32 points per thread and 16 or 32
// columns per block in up to 132 KB of shared memory, ran 6-39 % faster
// than 8 * 8 * 8 with 8 columns on an H100 (f32 and f64) and an H200
// (docs/TUNING.md). In f64 the 132 KB (16 columns, one block per SM) later
// lost to 8 columns in 64 KB (kLongColumnSharedBudget). f32 columns of
// 1024 take 32 * 32 too, 8 columns (64 KB, 256 threads) as the heuristic
// budget gives them: on an H200 1024x1024x16 ran 0.2096 ms against 0.2185
// for 16 * 8 * 8 and 1024x1024x64 0.8274 against 0.8483; 16 columns in 128
// KB tied (0.2204, 0.8456), and in f64 32 * 32 tied (0.4207 against
// 0.4228 on 4 columns) or lost (0.4375 on 8)
// (docs/data/grid-shapes-h200-2026-11-30.txt, part 5).
std::optional<std::vector<int>> long_column_radices(int n, Precision precision) {
  if (n == 512) return std::vector<int>{32, 16};
  if (n == 1024 && precision == Precision::f32) return std::vector<int>{32, 32};
  return std::nullopt;
}

// Columns only, where composite_radices has none (estimate_column_variant
// asks it first): two stages with a 32-point one and the other radix at
// least 15 (480 = 32 * 15): tuned columns of
// that shape (r15-32, one 15-point butterfly per thread, table twiddles) ran
// 8-18 % faster in f32 and 36-50 % in f64 than 8 * 5 * 4 * 3 on an H100;
// rows of 480 kept their four prime stages. Up to 512 only: longer columns
// of that shape (640 = 32 * 20) are untimed.
std::optional<std::vector<int>> column_two_stages(int n) {
  const bool fits = (n & (n - 1)) != 0 && n >= 240 && n <= 512 && n % 32 == 0 && n / 32 >= 15;
  if (!fits || !kern::is_supported_radix(n / 32)) return std::nullopt;
  return std::vector<int>{32, n / 32};
}

// Columns of 243 in two stages, 9 then 27 (one 9-point butterfly per
// thread, table twiddles): the tuned columns of 243 on an H100 had that
// shape and ran 5-6 % faster than 9*9*3 in f32 (0.5 % in f64, 16 columns;
// docs/TUNING.md). They were 32 columns of 864 threads in f32; on an H200
// 16 columns (432 threads, the 512-thread cap of other columns) ran 243^3
// C2C 1.4-2.2 % faster (0.2033-0.2045 ms against 0.2065-0.2070), the R2C
// forward 5 % (0.1153-0.1165 against 0.1213-0.1224) and the C2R inverse
// 3.7 % (untimed on an H100 in that form). Other lengths with a 27-point
// stage (270, 324, 405, 432) are untimed in it.
std::optional<std::vector<int>> power_of_three_columns(int n) {
  if (n != 243) return std::nullopt;
  return std::vector<int>{9, 27};
}

// Columns only: four or more prime stages that include a 3 and a 5 take
// them as one 15-point stage, last (420 = 7 * 4 * 15): the tuned columns of
// 210 had that shape on an H100 before radix 14 (r7-2-15, one 15-point
// butterfly per thread, table twiddles; 13-17 % faster in f32 and 30 % in
// f64 than 7*5*3*2); 210 now takes composite_radices. Up to 512 only, like
// column_two_stages.
std::optional<std::vector<int>> column_merged_stages(int n) {
  if (n > 512) return std::nullopt;
  std::vector<int> radices = preferred_radices(n);  // sorted descending
  const auto three = std::find(radices.begin(), radices.end(), 3);
  if (radices.size() < 4 || three == radices.end() || std::find(radices.begin(), radices.end(), 5) == radices.end())
    return std::nullopt;
  radices.erase(three);
  radices.erase(std::find(radices.begin(), radices.end(), 5));
  radices.push_back(15);
  return radices;
}

// Short f32 columns of radix-5 stages only (125 = 5 * 5 * 5): twiddles from
// a table; 125^3 f32 took 0.0356-0.0360 ms against 0.0372-0.0373 with
// sincos on an H100. 100 = 5 * 5 * 4 lost that way (0.0220-0.0224 against
// 0.0209-0.0211) and f64 125^3 tied (docs/data/columns-estimate-h100-2026-11-26.txt).
bool short_f32_fives(const std::vector<int>& radices, int n, Precision precision) {
  return precision == Precision::f32 && n < 192 && !radices.empty() &&
         std::all_of(radices.begin(), radices.end(), [](int r) { return r == 5; });
}

// Short rows on several threads a row, where that ran faster than the
// heuristic's form: one thread a row of 8 or 16 points reads a row per
// lane, so no load coalesces (R2C 32x8192x32 f32: its X kernel took 78 us,
// cuFFT's 23), and 32-point rows as 8 * 4 left half their threads idle in
// the first stage. On an H200 (untimed on an H100), ms, R2C forward / C2R
// inverse for the real half rows (docs/BENCHMARKS.md, "Short rows" and
// "Short rows in double precision and half rows of 8"):
// - complex 16 = 4 * 4 on 4 threads, unpadded: f32, 64 rows a block,
//   16x1024x1024 0.2326 against 0.4346 (0.56 -> 1.05x cuFFT), 16x8192x256
//   0.5443 against 0.9362 (gap-padded 0.2380 and 0.5452); f64, 16 rows a
//   block, 16x1024x1024 0.4580 against 0.5968 (0.91 -> 1.18x), 16x8192x256
//   1.0597 against 1.3279 (32 or 64 rows a block, or gap padding, 1-2 %
//   slower);
// - real half 8 = 2 * 4 on 4 threads, unpadded, f32 64 rows a block, f64
//   32: 16x1024x1024 f32 0.1610 / 0.1540 against 0.2208 / 0.2124 (0.76 ->
//   1.04x cuFFT forward), f64 0.2948 / 0.2925 against 0.3765 / 0.3604
//   (4 * 2 on 2 threads 2-7 % slower, gap-padded 0-11 %);
// - real half 16 = 4 * 4 on 4 threads: f32, 64 rows a block, gap-padded,
//   32x8192x32 0.0826 / 0.0811 against 0.1348 / 0.1472, 32x32x65536 0.661 /
//   0.652 against 1.041 / 1.104 (unpadded 0.686 / 0.692); f64, 32 rows a
//   block, unpadded, 32x8192x32 0.1642 / 0.1727 against 0.2367 / 0.2123;
// - real half 32 = 4 * 8 on 8 threads, gap-padded: f32, 32 rows a block,
//   64x1024x1024 0.542 / 0.565 against 0.598 / 0.627, 64x64x8192 0.3145 /
//   0.3290 against 0.3421 / 0.3591 (8 * 4 gap-padded 0.559 / 0.569; on 4 or
//   16 threads 14-30 % slower); f64, 16 rows a block, 64x1024x1024 1.0225 /
//   1.0618 against 1.0537 / 1.1155, 64x64x8192 0.5823 / 0.6051 against
//   0.5981 / 0.6328 (32 rows a block 1-3 % slower, unpadded 1-2 %).
// - complex 8 = 2 * 4 on 4 threads, unpadded: f32, 64 rows a block,
//   8x1024x1024 0.1202-0.1208 against 0.1814-0.1816 (0.73 -> 1.10x; 4 * 2
//   tied, 32 rows a block 4 % slower); f64, 32 rows a block, 0.2289-0.2304
//   against 0.3060-0.3065 (0.96 -> 1.28x; 16 rows a block 6 % slower);
// - real half 4 = 2 * 2 on 2 threads, unpadded, 64 rows a block:
//   8x1024x1024 f32 0.0883-0.0887 / 0.0837-0.0841 against 0.1131 /
//   0.0997-0.1003 (0.80 -> 1.03x cuFFT forward), f64 0.1747-0.1751 /
//   0.1568-0.1583 against 0.1835-0.1839 / 0.1760-0.1765 (32 or 128 rows a
//   block tied).
// Other short rows (complex 32, for one) are untimed in such forms.
struct ShortRowForm {
  int n;          // the kernel's length: half the real row's for RealRows::half
  RealRows real;  // none: complex rows
  std::vector<int> radices;
  int threads_per_row;
  int f32_rows_per_block, f64_rows_per_block;
  PadMethod f32_pad, f64_pad;
};
const ShortRowForm kShortRowForms[] = {
    {8, RealRows::none, {2, 4}, 4, 64, 32, PadMethod::none, PadMethod::none},
    {16, RealRows::none, {4, 4}, 4, 64, 16, PadMethod::none, PadMethod::none},
    {4, RealRows::half, {2, 2}, 2, 64, 64, PadMethod::none, PadMethod::none},
    {8, RealRows::half, {2, 4}, 4, 64, 32, PadMethod::none, PadMethod::none},
    {16, RealRows::half, {4, 4}, 4, 64, 32, PadMethod::gap, PadMethod::none},
    {32, RealRows::half, {4, 8}, 8, 32, 16, PadMethod::gap, PadMethod::gap},
};

std::optional<XVariant> short_row_form(int n, Precision precision, RealRows real) {
  const bool f32 = precision == Precision::f32;
  for (const ShortRowForm& f : kShortRowForms)
    if (f.n == n && f.real == real)
      return XVariant{f.radices, f.threads_per_row, f32 ? f.f32_rows_per_block : f.f64_rows_per_block,
                      f32 ? f.f32_pad : f.f64_pad, false, 0, false, real};
  return std::nullopt;
}

// Rows of the three-pass cubes that ran faster in another form than the
// heuristic's (3-D transforms with the form forced, two rounds;
// docs/BENCHMARKS.md), and the short rows above:
// - 500: gap padding and a three-blocks-per-SM hint, as the tuner had
//   picked them on an H100: 500^3 f32 2.1304-2.1312 ms against
//   2.1415-2.1434, f64 4.2653-4.2658 against 4.2780-4.2806.
// - 343 = 7 * 7 * 7: computed twiddles, as its columns take, unpadded. On
//   an H100 the twiddles gave 343^3 f32 0.7466-0.7473 against 0.7529-0.7532
//   (gap padding and the hint added 0.1 %). On an H200 the padding lost:
//   f32 with the heuristic's two rows a block 0.6040-0.6048 against
//   0.6122-0.6133 padded, four a block, with the hint; f64 one row a block
//   with the hint 1.0763-1.0772 against 1.1063-1.1068 (two rows, padded).
//   Untimed on an H100 in f64.
// - f32 8192 as 32 * 16 * 16 on 256 threads instead of 16 * 8 * 8 * 8 on
//   1024 (one radix-8 butterfly a thread): on an H200 (untimed on an
//   H100) C2C 8192x64x64 0.4183-0.4192 ms against 0.4848-0.4858 (0.85 ->
//   0.98x cuFFT), 8192x128x128 1.6487 against 1.9240-1.9244, batched rows
//   0.1598 against 0.2267 (0.62 -> 0.88x); 16 * 8 * 8 * 8 on 512 threads
//   0.4223-0.4242, 16 * 16 * 32 on 256 0.4367-0.4373, 32 * 16 * 16 on 512
//   0.4724-0.4732. With __launch_bounds__ for 3 blocks an SM (127
//   registers held it to 2): batched rows 0.1534-0.1538 against
//   0.1596-0.1597 (0.88 -> 0.91x), C2C 8192x64x64 0.4119-0.4130 against
//   0.4182-0.4184, 8192x128x128 1.6245 against 1.6511 (one round each).
// - f32 16384 as 32 * 16 * 32 on 512 threads, gap-padded, instead of
//   16 * 16 * 8 * 8 on 1024 unpadded: on an H200 (untimed on an H100)
//   batched rows 0.1882-0.1895 ms against 0.2105-0.2129 (0.95 -> 1.06-1.09x
//   cuFFT), C2C 16384x64x64 0.8812-0.8843 against 0.9193-0.9270 (0.99 ->
//   1.04x), 16384x128x32 0.8805-0.8819 against 0.9220. Unpadded, the
//   32-point stages ran slower than the heuristic's form (16 * 32 * 32:
//   0.218-0.220); 16 * 32 * 32 gap-padded 0.191-0.194, 32 * 32 * 16
//   0.205-0.207. Padding lost for rows of 8192 (32 * 16 * 16 periodic
//   0.193, 16 * 16 * 32 gap 0.162 against 0.152).
// Other lengths are untimed in these forms.
XVariant measured_row_form(int n, Precision precision, XVariant v) {
  if (std::optional<XVariant> s = short_row_form(n, precision, RealRows::none)) return *s;
  if (n == 8192 && precision == Precision::f32) {
    v.radices = {32, 16, 16};
    v.threads_per_row = 256;
    v.min_blocks_per_sm = 3;
  } else if (n == 16384 && precision == Precision::f32) {
    v.radices = {32, 16, 32};
    v.threads_per_row = 512;
    v.pad = PadMethod::gap;
  } else if (n == 500) {
    v.pad = PadMethod::gap;
    v.min_blocks_per_sm = 3;
  } else if (n == 343) {
    v.twiddle_table = false;
    v.pad = PadMethod::none;
    if (precision == Precision::f64) {
      v.rows_per_block = 1;
      v.min_blocks_per_sm = 3;
    }
  }
  return v;
}

// Real rows the same way, the short half rows above, and where their own
// 3-D transforms ran faster, on an H200 (untimed on an H100), in pairs
// (two real rows a transform) of 343:
// - f64 with computed twiddles: R2C 343^3 forward 0.5568-0.5573 ms against
//   0.5790-0.5792, C2R inverse 0.6241-0.6245 against 0.6315-0.6344; with
//   gap padding too (as MEASURE picked them), the inverse 0.6006-0.6025
//   against 0.6235-0.6246 but the forward 0.5643-0.5645 against
//   0.5522-0.5531: both directions together 1.3 % faster, and the slower
//   ratio to cuFFT 0.92 -> 0.95.
// - f32 five rows a block, gap padding (MEASURE's form; table twiddles as
//   the heuristic's): forward 0.3150-0.3157 against 0.3179-0.3192, inverse
//   0.3348-0.3359 against 0.3392-0.3399. Computed twiddles lost in f32
//   (inverse 0.3450 against 0.3420). The plain thread index (ThreadIndex)
//   then ran the inverse 0.2993-0.3004 against 0.3069-0.3076 bounded, the
//   forward 0.3116-0.3121 against 0.3138-0.3146
//   (docs/data/thread-index-twin-h200-2026-12-04.txt).
// The complex rows' form (gap padding, three blocks per SM) lost 2-13 % on
// an H100 in both precisions.
// f32 half rows of 2048 (real rows of 4096) on 128 threads, 16 points a
// thread, as f64 rows are: R2C 4096x128x128 0.4129-0.4139 / 0.4282-0.4299
// ms against 0.4330-0.4339 / 0.4362-0.4376 on 256 threads (0.98 -> 1.02x
// cuFFT forward; H200, untimed on an H100). Complex f32 rows of 4096 on
// 128 threads lost (0.7876-0.7881 against 0.7852-0.7856); half rows of 512
// with 16 points a thread lost 3 % forward (1 % won inverse), of 1024 tied.
// f32 half rows of 8192 (real rows of 16384) on 512 threads instead of
// 1024: R2C 16384x64x64 0.4610-0.4625 / 0.4856-0.4860 ms against
// 0.5179-0.5221 / 0.5392-0.5442 (0.92 / 0.82 -> 1.03 / 0.92x cuFFT; H200,
// untimed on an H100). The complex rows' 32 * 16 * 16 on 256 threads ran
// the forward faster (0.4481-0.4487) but the inverse, further below
// cuFFT, slower (0.4987-0.4991); 16 * 16 * 32 on 256 threads 0.4744-0.4754
// / 0.5236-0.5245. Since the C2R inverse takes a form of its own
// (estimate_inverse_real_rows), the forward takes MEASURE's winner there,
// 32 * 8 * 32 on 256 threads, gap-padded: R2C 16384x64x64 0.4489-0.4495
// against 0.4640-0.4645 (1.03 -> 1.07x cuFFT), 16384x128x32 0.4488-0.4493
// against 0.4633-0.4641, 16384x512x8 0.5047-0.5056 against 0.5119-0.5136
// (0.99 -> 1.005x; H200, docs/data/real-rows-directions-h200-2026-12-04.txt).
XVariant measured_real_row_form(int n, Precision precision, XVariant v) {
  if (std::optional<XVariant> s = short_row_form(n, precision, v.real)) return *s;
  if (v.real == RealRows::half && precision == Precision::f32 && n == 8192) {
    v.radices = {32, 8, 32};
    v.threads_per_row = 256;
    v.rows_per_block = 1;
    v.pad = PadMethod::gap;
    return v;
  }
  if (v.real == RealRows::half && precision == Precision::f32 && n == 2048) {
    v.threads_per_row = n / 16;  // 16 points a thread
    return v;
  }
  if (n != 343 || v.real != RealRows::pair) return v;
  v.pad = PadMethod::gap;
  if (precision == Precision::f64) {
    v.twiddle_table = false;
  } else {
    v.rows_per_block = 5;
    v.thread_index = ThreadIndex::plain;
  }
  return v;
}

// Columns whose 256-byte segments (32 f32 or 16 f64 columns) need more
// than the 96 KB budget, one block per SM, where that ran faster: f64 480
// in the tuner's shape, 16 columns of 30 threads (480 = 16 * 30), 3.701 ms
// against 3.768 on an H100 (docs/BENCHMARKS.md, "Wide column blocks"),
// 3.087 against 3.195 on an H200. 500 in both precisions and f64 400 had
// won that way on the H100 too (500^3 f32 2.105 against 2.133, C2R 1.132
// against 1.215; f64 4.136 against 4.288; f64 400^3 2.067 against 2.087),
// before column loads were grouped (kGroupedLoadRadix). Since then the
// heuristic's blocks (16 f32 or 8 f64 columns, 64 KB) ran faster on an
// H200 (untimed on an H100): 500^3 f32 1.592 against 1.657-1.663 (R2C
// forward -2.9 %, C2R inverse -3.7 %), f64 3.148-3.149 against 3.268-3.276
// (R2C forward -4.8 %, C2R inverse -5.5 %), f64 400^3 1.838-1.840 against
// 1.907-1.911. 400 in f32, 384 in f64 and 480 in f32 never took the wide
// form (R2C 400^3 f32 lost 2.2 % with it, C2R 384^3 f64 2.9 %; 480 in 32
// columns of 16 threads 1.946 against 1.884, all on the H100).
//
// Columns of 384 in two stages, 24 * 16 (one 24-point butterfly per
// thread, computed twiddles) instead of the heuristic's three (16 * 8 * 3 on
// 24 threads): on an H200 (untimed on an H100), f32 in 32 columns (98.5
// KB) 384^3 0.6080 ms against 0.6187-0.6190, R2C forward 0.353-0.354
// against 0.359, C2R inverse 0.489 against 0.492; f64 in 8 columns
// 1.5035-1.5039 against 1.5119-1.5159, C2R inverse 0.798-0.799 against
// 0.813-0.815 (16 columns lost it: 0.834). Table twiddles lost 7 % in f32.
std::optional<XVariant> measured_column_form(int n, Precision precision) {
  const bool f32 = precision == Precision::f32;
  if (n == 384) return XVariant{{24, 16}, 16, f32 ? 32 : 8, PadMethod::none, false, 0, true};
  if (n == 480 && !f32) return XVariant{{16, 30}, 30, 16, PadMethod::none, true, 0, true};
  return std::nullopt;
}

// The heuristic's f32 columns of 343 with two exchange buffers
// (XLayout::exchange_buffers), so that the middle stage needs no barrier
// between its reads and writes: f32 343^3 0.6169-0.6180 ms
// against 0.6247-0.6256 on an H200 (untimed on an H100; f64, whose blocks
// of 44 KB then hold 88, lost 7 %). Their launch asks for two blocks per
// SM, which lets ptxas keep 48 registers a thread instead of 40: 343^3
// 0.5982-0.5989 against 0.6005-0.6009, R2C forward -0.5 % (f64 columns lost
// 0.2 % that way).
XVariant measured_343_columns(int n, Precision precision, XVariant v) {
  if (n != 343 || precision != Precision::f32) return v;
  v.exchange_buffers = 2;
  v.min_blocks_per_sm = 2;
  return v;
}

// Columns of real transforms' complex sides that ran faster in another form
// than the complex grids' (H200; untimed on an H100): f64 243 in 8 columns
// (216 threads) instead of 16 (432 threads at 128 registers, one block per
// SM): R2C 243^3 forward 0.2118-0.2126 ms against 0.2269-0.2272, C2R
// inverse 0.2288-0.2301 against 0.2381. The complex 243^3, whose Z pass
// follows the fused XY pass, lost 0.4 % that way (0.3761-0.3765 against
// 0.3748).
// Columns of 128 in passes of many columns (kManyRealColumns) as 32 * 4 on
// 4 threads a column (blocks asking three an SM) instead of 16 * 8 on 8,
// the f32 form MEASURE picked: as the Y pass of wide real planes, f32
// R2C/C2R 4096x128x128 -0.4 % / -1.4 % (C2R 0.985 -> 1.00x cuFFT),
// 2048x128x256 -0.4 % / -1.6 %; f64 4096x128x128 tied / -1.6 %,
// 2048x128x256 -0.4 % / -0.6 %. As Z columns, which take them too, they
// tied (R2C 512x512x128, 4096x128x128), and so they did in complex grids'
// Z (512x512x128, 1024x256x128), which keep 16 * 8. R2C 128^3 (8320 Y
// columns, within L2) lost 2-6 % with them.
constexpr long long kManyRealColumns = 32768;

XVariant measured_real_side_columns(int n, Precision precision, long long columns, XVariant v) {
  if (n == 243 && precision == Precision::f64) {
    v.rows_per_block = 8;
  } else if (n == 128 && columns >= kManyRealColumns) {
    v.radices = {32, 4};
    v.threads_per_row = 4;
    v.min_blocks_per_sm = 3;
  }
  return v;
}

// Columns too long for 64-byte segments in 96 KB and 512 threads (from
// 1536 points in both precisions): the block grows to the device's
// shared memory (one block per SM) and each column takes fewer threads, a
// divisor of every stage's butterflies, as wide as kMinColumnSegmentBytes
// allows or else one 32-byte DRAM sector. On an H200 (fft3d-bench, ms,
// docs/data/grid-shapes-h200-2026-11-30.txt): 128x128x4096 f32 1.322
// with 2 columns of 256 threads against 1.162 with 4 of 128; f64 2.644 with
// 1 column against 2.081 with 2; 2048x2048x32 f32 1.950 with 4 columns
// against 1.893 with 8 of 64 threads (f64 tied with 4 columns: 3.758
// against 3.705 with 2). Wider than 64 bytes lost at 1024 f32 (16 columns:
// 0.906-0.947 against 0.846 with 8).
//
// Columns of 2048 take up to the device's 1024 threads, not 512: their
// wide block is one an SM (f32: 8 columns, 128 KB), which alone must hide
// the SM's memory latency. f32 on 8 columns of 128 threads instead of 64,
// H200 (untimed on an H100), ms: C2C 256x256x2048 1.540-1.545 against
// 1.579-1.583, 256x2048x64 0.481 against 0.501 (0.97 -> 1.01x cuFFT); R2C
// 256x256x2048 -4 % / -3 %, 2048x2048x64 -1.6 % / -2.6 % (C2R 0.99 ->
// 1.02x), 2048x2048x32 C2R 1.013-1.015 against 1.047-1.049 (0.98 ->
// 1.02x) (docs/BENCHMARKS.md, "Columns of 2048 on 1024 threads"). f32
// 4096 in one pass on 4 columns of 256 threads lost (C2C 128x128x4096
// 1.019 against 1.007; R2C 64x64x4096 tied); other lengths are untimed so
// (f64 2048 stays at 128 threads a column, its stages' divisor).
std::optional<XVariant> long_columns_widened(int n, Precision precision, const XVariant& v,
                                             const DeviceLimits& limits) {
  const int bytes = complex_bytes(precision);
  if (v.rows_per_block * bytes >= kMinColumnSegmentBytes) return std::nullopt;
  int butterflies = 0;  // the gcd of every stage's butterfly count
  for (int r : v.radices) butterflies = std::gcd(butterflies, n / r);
  const int max_threads = std::min(n == 2048 ? 1024 : 512, limits.threads_per_block);
  for (int cols = kMinColumnSegmentBytes / bytes; cols > v.rows_per_block && cols * bytes >= 32; cols /= 2) {
    int t = std::min(v.threads_per_row, max_threads / cols);
    while (t > 1 && butterflies % t != 0) --t;
    XVariant w = v;
    w.threads_per_row = t;
    w.rows_per_block = cols;
    if (x_variant_fits(x_variant_facts(n, precision, w), limits)) return w;
  }
  return std::nullopt;
}

}  // namespace

// The ESTIMATE heuristic, from timings of the variant space on an H100
// (docs/BENCHMARKS.md, fft3d-x-explore):
// - the most threads per row (one butterfly of some radix each) that keep at
//   least a third of them busy in the largest radix's stage, whose idle
//   threads would serialise the heaviest stage (432 = 3*9*16: 48 threads,
//   not 144; 128 = 16*8: 16, not 8); powers of two and two composite stages
//   (composite_radices) apply the largest radix first, other n the smallest;
// - padding against more than 4-way conflicts, in single precision only for
//   n <= 256: for longer rows the padded index arithmetic cost as much as the
//   conflicts it removed;
// - twiddles from a table when n is not a power of two (fewer instructions
//   than sincospi of a non-dyadic angle), computed otherwise and for
//   composite pairs (fourteen_point_pair);
// - about 256 threads per block for short power-of-two rows, else 128;
// - the forms measured faster for rows of 343 and 500 (measured_row_form),
//   for real rows of 343 and 4096 (measured_real_row_form) and for short
//   rows (short_row_form).
namespace {

// A row of n values that cannot fit a block's shared memory (whose bank
// conflicts would be counted over the whole row, for nothing) fails at once.
void check_row_fits_shared_memory(int n, Precision precision, const DeviceLimits& limits) {
  if (static_cast<long long>(n) * complex_bytes(precision) > limits.shared_bytes_per_block)
    fail(FFT3D_ERROR_UNSUPPORTED_SIZE,
         "n=" + std::to_string(n) + " does not fit the device's shared memory or registers");
}

}  // namespace

XVariant estimate_x_variant(int n, Precision precision, const DeviceLimits& limits, RealRows real) {
  check_row_fits_shared_memory(n, precision, limits);
  const std::optional<std::vector<int>> composite = composite_radices(n);
  std::vector<int> radices = composite ? *composite : preferred_radices(n);
  if (radices.empty() || n < 2)
    fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "no X kernel for n=" + std::to_string(n));
  const bool power_of_two = (n & (n - 1)) == 0;
  if (!power_of_two && !composite) std::sort(radices.begin(), radices.end());
  // Double-precision rows of a power of two ran best with at most 128 threads
  // (2048: 0.183 ms with 128, 0.189 ms with 256 on an H100).
  const int t = threads_per_row_estimate(n, radices, precision == Precision::f64 && power_of_two ? 128 : 1024);
  const int target_threads = precision == Precision::f32 && power_of_two && n <= 512 ? 256 : 128;
  for (int rows = std::max(1, target_threads / t); rows >= 1; rows /= 2) {
    XVariant v{radices, t, rows, PadMethod::none, composite ? fourteen_point_pair(*composite) : !power_of_two, 0};
    const XVariantFacts unpadded = x_variant_facts(n, precision, v);
    XVariantFacts chosen = unpadded;
    const bool worth_padding = precision == Precision::f64 || n <= 256;
    if (worth_padding && unpadded.worst_conflict_degree > 4) {
      for (PadMethod pad : {PadMethod::gap, PadMethod::periodic}) {
        XVariant p = v;
        p.pad = pad;
        const XVariantFacts f = x_variant_facts(n, precision, p);
        if (f.worst_conflict_degree < chosen.worst_conflict_degree ||
            (f.worst_conflict_degree == chosen.worst_conflict_degree && f.shared_bytes < chosen.shared_bytes)) {
          chosen = f;
          v.pad = pad;
        }
      }
    }
    if (!x_variant_fits(chosen, limits)) continue;
    v.real = real;
    const XVariant measured = real == RealRows::none ? measured_row_form(n, precision, v)
                                                     : measured_real_row_form(n, precision, v);
    return x_variant_fits(x_variant_facts(n, precision, measured), limits) ? measured : v;
  }
  fail(FFT3D_ERROR_UNSUPPORTED_SIZE,
       "n=" + std::to_string(n) + " does not fit the device's shared memory or registers");
}

// f32 half rows of 8192 (real rows of 16384) run the C2R inverse faster as
// 16 * 16 * 32 on 256 threads, gap-padded, three blocks an SM, though that
// form runs the R2C forward slower (H200, untimed on an H100; ms forward /
// inverse, the forward's form 0.4622-0.4624 / 0.4884-0.4892 on 16384x64x64):
// 0.5038-0.5039 / 0.4658-0.4660 (C2R 0.916 -> 0.965x cuFFT). 8 * 32 * 32
// gap-padded gave the inverse 0.4748, 32 * 16 * 16 unpadded 0.5235-0.5239
// (docs/data/rows-16384-gap-padded-h200-2026-12-04.txt), the forward's
// later form (32 * 8 * 32 on 256, gap-padded) 0.4890-0.4901.
std::optional<XVariant> estimate_inverse_real_rows(int n, Precision precision, const DeviceLimits& limits,
                                                   const XVariant& forward) {
  if (forward.real != RealRows::half || precision != Precision::f32 || n != 8192) return std::nullopt;
  XVariant v = forward;
  v.radices = {16, 16, 32};
  v.threads_per_row = 256;
  v.rows_per_block = 1;
  v.pad = PadMethod::gap;
  v.min_blocks_per_sm = 3;
  if (!variant_factors(v, n) || !x_variant_fits(x_variant_facts(n, precision, v), limits)) return std::nullopt;
  return v;
}

// Columns, from H100 timings of the column variant space (fft3d-x-explore
// --columns): the largest radix first, one butterfly of it per thread, no
// exchange padding (every lane reads another column, so the odd column
// stride in shared memory alone makes the accesses conflict-free and pads
// only cost index arithmetic; long f64 power-of-two columns excepted),
// computed twiddles (short f32 radix-5 columns excepted, short_f32_fives),
// and as many neighbouring columns per block as fit in 512
// threads (1024-thread blocks were slower) and 96 KB of shared memory (two
// blocks per SM), up to 32 in f32 and 16 in f64 (segments of 256 bytes);
// columns too long for 64-byte segments there take more shared memory (one
// block per SM; 2048 on up to 1024 threads) and fewer threads a column
// (long_columns_widened).
//
// Columns of composite_radices' two stages (240, 300, 400, 500) take
// the smaller radix first, one butterfly of it per thread: the tuned
// composite columns on an H200 had that shape and ran 12-46 % faster than
// the prime radices; their twiddles as fourteen_point_pair says (210 keeps
// 15 first). The columns of column_two_stages (480 = 15 * 32) and of
// column_merged_stages (420 = 7 * 4 * 15) take the first radix's butterfly
// per thread too, with table twiddles, and so do power_of_three_columns
// (243 = 9 * 27). Columns of 512 take long_column_radices (32 first),
// unpadded, in f32 in up to 132 KB (kLongColumnSharedBudget), and so do
// f32 columns of 1024 (32 * 32, within 96 KB). Columns of
// 480 in f64 take measured_column_form's wider blocks, columns of 384 its
// two stages (24 * 16), f32 columns of 343 two exchange buffers and two
// blocks per SM (measured_343_columns), and real sides' f64 columns of 243
// eight a block and, in passes of many columns, columns of 128 as 32 * 4
// (measured_real_side_columns); their Y passes of many columns of 64 take
// 32 * 2 (estimate_y_column_variant).
XVariant estimate_column_variant(int n, Precision precision, const DeviceLimits& limits, bool real_side,
                                 long long columns) {
  check_row_fits_shared_memory(n, precision, limits);
  if (const std::optional<XVariant> measured = measured_column_form(n, precision))
    if (x_variant_fits(x_variant_facts(n, precision, *measured), limits)) return *measured;
  const std::optional<std::vector<int>> composite = composite_radices(n);
  const std::optional<std::vector<int>> pow3 = power_of_three_columns(n);  // never a composite length
  const std::optional<std::vector<int>> two_stages = composite ? composite : pow3 ? pow3 : column_two_stages(n);
  const std::optional<std::vector<int>> long_pow2 = long_column_radices(n, precision);
  const std::optional<std::vector<int>> merged = two_stages ? std::nullopt : column_merged_stages(n);
  std::vector<int> radices = two_stages ? *two_stages
                             : long_pow2 ? *long_pow2
                             : merged    ? *merged
                                         : preferred_radices(n);
  if (radices.empty() || n < 2)
    fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "no column kernel for n=" + std::to_string(n));
  const bool fourteen = composite && fourteen_point_pair(*composite);
  const bool table_twiddles =
      composite ? fourteen : two_stages.has_value() || merged.has_value() || short_f32_fives(radices, n, precision);
  if (two_stages && !fourteen) std::sort(radices.begin(), radices.end());
  // One butterfly per thread of the first radix, or of the merged 15.
  const int t = n / (merged ? 15 : radices.front());
  // Long double-precision power-of-two columns of three stages were faster
  // padded (8*8*8: 0.205 against 0.224 ms for the Z pass of 256 MiB).
  const bool padded = precision == Precision::f64 && (n & (n - 1)) == 0 && n >= 512 && !long_pow2;
  const PadMethod pad = padded ? PadMethod::gap : PadMethod::none;
  const bool f32_long = long_pow2 && precision == Precision::f32 && n == 512;
  const long long budget = f32_long ? kLongColumnSharedBudget : kColumnSharedBudget;
  const int max_threads = std::min(512, limits.threads_per_block);
  for (int cols = 256 / complex_bytes(precision); cols >= 1; cols /= 2) {
    if (cols * t > max_threads && cols > 1) continue;
    const XVariant v{radices, t, cols, pad, table_twiddles, 0, true};
    const XVariantFacts f = x_variant_facts(n, precision, v);
    if (f.shared_bytes > budget && cols > 1) continue;
    if (!x_variant_fits(f, limits)) continue;
    if (const std::optional<XVariant> wide = long_columns_widened(n, precision, v, limits)) return *wide;
    // The measured forms where they fit, as for rows (estimate_x_variant).
    XVariant measured = measured_343_columns(n, precision, v);
    if (real_side) measured = measured_real_side_columns(n, precision, columns, measured);
    return x_variant_fits(x_variant_facts(n, precision, measured), limits) ? measured : v;
  }
  fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "a column of " + std::to_string(n) + " " + precision_name(precision) +
                                         " points does not fit the device's shared memory");
}

// Z columns of 1024 in f32, 16 a block (131 KB, one block an SM) instead of
// the 8 that Y columns keep, where the plane holds at least 32768 of them:
// on an H200 (untimed on an H100) C2C 64x1024x1024 0.9050-0.9053 ms against
// 0.9342-0.9350, 128x512x1024 0.7720-0.7725 against 0.8125-0.8136,
// 256x256x1024 0.6648-0.6654 against 0.6949-0.6952; R2C (complex side
// about 33000 columns) 64x1024x1024 -2 / -1.5 %, 128x512x1024 -2 / -2.5 %,
// 256x256x1024 -1.5 / -1 %. Fewer columns lost (16x1024x1024: C2C +1.5 %,
// R2C +1 / +2.5 %; 8x1024x1024 tied), and so did Y columns of 1024
// (1024x1024x64 +2 %, 128x1024x512 +2 %).
constexpr long long kWideZColumnsMin = 32768;

XVariant estimate_z_column_variant(int n, long long columns, Precision precision, const DeviceLimits& limits,
                                   bool real_side) {
  const XVariant v = estimate_column_variant(n, precision, limits, real_side, columns);
  if (n != 1024 || precision != Precision::f32 || columns < kWideZColumnsMin || v.rows_per_block != 8) return v;
  XVariant wide = v;
  wide.rows_per_block = 16;
  return x_variant_fits(x_variant_facts(n, precision, wide), limits) ? wide : v;
}

// Real sides' Y columns of 64 in passes of many columns (kManyRealColumns)
// as 32 * 2 on 2 threads a column instead of 8 * 8 on 8, on an H200
// (untimed on an H100), R2C / C2R ms: f32 8192x64x64 0.2132-0.2133 /
// 0.2234-0.2239 against 0.2173-0.2182 / 0.2298-0.2304 (C2R 0.98 -> 1.01x
// cuFFT), 4096x64x256 -3 % / -3.5 %, 64x64x8192 -1.3 % / -2.5 %,
// 16384x64x64 -2.5 % / tied; f64 8192x64x64 -2 % / -2 %, 4096x64x256
// -2.5 % / -3 %, 64x64x8192 -2.3 % / -2.3 %. Z columns of 64 did not gain
// so (R2C 1024x1024x64 tied, 256x256x64 +4 %, C2R 2048x2048x64 +5.6 %),
// nor did complex grids' Y (C2C 8192x64x64 tied) or real passes of fewer
// columns (R2C 256x64x64, 128x64x64 and 64^3, within L2 and noisy: slower
// in 15 of 20 timings).
XVariant estimate_y_column_variant(int n, long long columns, Precision precision, const DeviceLimits& limits,
                                   bool real_side) {
  const XVariant v = estimate_column_variant(n, precision, limits, real_side, columns);
  if (!real_side || n != 64 || columns < kManyRealColumns || v.radices != std::vector<int>{8, 8}) return v;
  XVariant narrow = v;
  narrow.radices = {32, 2};
  narrow.threads_per_row = 2;
  return x_variant_fits(x_variant_facts(n, precision, narrow), limits) ? narrow : v;
}

// Plane rows: one butterfly a thread in the stage with more of them, so
// that each thread holds at most max(nx, ny) values; planes a block for
// about 256 threads, within 64 KB of shared memory (several blocks an SM).
std::optional<XVariant> estimate_plane_variant(int nx, int ny, Precision precision, const DeviceLimits& limits,
                                               bool real) {
  if (nx < 2 || ny < 2 || !kern::is_supported_radix(nx) || !kern::is_supported_radix(ny)) return std::nullopt;
  const int n = nx * ny, threads = std::max(nx, ny);
  constexpr long long kPlaneBlockBytes = 64 * 1024;
  for (int planes = std::max(1, 256 / threads); planes >= 1; planes /= 2) {
    XVariant v{{ny, nx}, threads, planes, PadMethod::none, false, 0};
    v.plane_nx = nx;
    if (real) v.real = RealRows::pair;
    const XVariantFacts f = x_variant_facts(n, precision, v);
    if (x_variant_fits(f, limits) && (f.shared_bytes <= kPlaneBlockBytes || planes == 1)) return v;
  }
  return std::nullopt;
}

std::optional<XVariant> estimate_plane_column_variant(int ny, int nz, Precision precision,
                                                      const DeviceLimits& limits) {
  if (ny < 2 || nz < 2 || !kern::is_supported_radix(ny) || !kern::is_supported_radix(nz)) return std::nullopt;
  const int threads = std::max(ny, nz);  // one butterfly a thread in the larger radix's stage
  for (int columns = precision == Precision::f32 ? 32 : 16; columns >= 1; columns /= 2) {
    XVariant v{{nz, ny}, threads, columns, PadMethod::none, false, 0};
    v.columns = true;
    v.plane_nx = ny;
    if (x_variant_fits(x_variant_facts(ny * nz, precision, v), limits)) return v;
  }
  return std::nullopt;
}

}  // namespace fft3d
