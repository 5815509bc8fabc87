// Kernel sources compile with NVRTC (no GPU needed) to register-only code,
// and the on-disk module cache rebuilds any entry that fails its checks.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>
#include <tuple>
#include <unistd.h>

#include "common/error.h"
#include "fft1d/cluster_row.h"
#include "fft1d/x_kernel_source.h"
#include "fft1d/x_variant.h"
#include "fft3d/grid_schedule.h"
#include "gpu/module_cache.h"
#include "gpu/nvrtc_compiler.h"
#include "multirow/five_step.h"
#include "multirow/long_column.h"
#include "text_search.h"
#include "xy/xy_kernel_source.h"
#include "xy/xy_pass.h"

namespace fft3d {
namespace {

const std::string kArch = "sm_" FFT3D_TEST_CUDA_ARCH;

using fft3d_test::count_of;

// Lines of PTX that take the address of a kernel parameter: what NVRTC does
// with a by-value parameter of more than 128 bytes (see kern::XArgs).
int parameter_addresses(const std::string& ptx) {
  int n = 0;
  size_t start = 0;
  for (size_t end = ptx.find('\n'); end != std::string::npos; start = end + 1, end = ptx.find('\n', start)) {
    const std::string line = ptx.substr(start, end - start);
    if (line.find("mov.") != std::string::npos && line.find("_param_") != std::string::npos) ++n;
  }
  return n;
}

// Each variant's kernels compile to a CUBIN, and their PTX declares no local
// memory: every register array is indexed by constants only. (Register
// spills would show in ptxas -v, which NVRTC does not always report.) Nor
// does it take a parameter's address.
TEST(Nvrtc, XKernelsCompileWithoutLocalMemory) {
  const std::vector<std::pair<int, XVariant>> cases = {
      {480, XVariant{{3, 4, 5, 8}, 60, 4, PadMethod::gap, false, 0}},
      {4096, estimate_x_variant(4096, Precision::f32, DeviceLimits{})},
      {343, XVariant{{7, 7, 7}, 49, 2, PadMethod::none, true, 2}},
      {432, estimate_x_variant(432, Precision::f64, DeviceLimits{})},
      {256, estimate_x_variant(256, Precision::f64, DeviceLimits{})},
      // Real rows: nx = 512 through the half-length 256-point kernel, nx = 243
      // full length, one row or two to a transform.
      {256, XVariant{{16, 16}, 16, 4, PadMethod::gap, false, 0, false, RealRows::half}},
      {243, XVariant{{3, 9, 9}, 27, 2, PadMethod::none, false, 0, false, RealRows::full}},
      {243, XVariant{{27, 9}, 27, 4, PadMethod::none, true, 0, false, RealRows::pair}},
      // Composite codelets (their twiddles a constexpr table: no local copy).
      {500, XVariant{{25, 20}, 25, 16, PadMethod::none, true, 0, true}},
      {512, XVariant{{32, 16}, 16, 8, PadMethod::none, false, 0}},
      {240, XVariant{{15, 16}, 16, 8, PadMethod::gap, true, 0}},
      {216, XVariant{{27, 8}, 27, 4, PadMethod::none, true, 0, true}},
  };
  const std::string virtual_arch = "compute_" FFT3D_TEST_CUDA_ARCH;
  for (const auto& [n, v] : cases) {
    for (Precision p : {Precision::f32, Precision::f64}) {
      if (p == Precision::f64 && n == 4096) continue;
      const std::string source = x_kernel_source(n, p, v);
      EXPECT_GT(compile_with_nvrtc(source, kArch).cubin.size(), 1000u);
      const std::string ptx = compile_to_ptx(source, virtual_arch);
      EXPECT_EQ(count_of(ptx, ".entry"), 2) << n << " " << v.name();
      EXPECT_EQ(count_of(ptx, ".local"), 0) << n << " " << v.name();
      EXPECT_EQ(parameter_addresses(ptx), 0) << n << " " << v.name();
      EXPECT_EQ(count_of(ptx, "ld.local"), 0) << n << " " << v.name();
    }
  }
}

// X-family kernels read their parameters (kern::XMainArgs, kern::XLongArgs)
// directly, so that a column's start, computed from them by a 64-bit
// division in the first phase, is reused by the store phase: one division a
// kernel. Through the parameter's address (one XArgs of 176 bytes) the store
// phase divided again and f32 343^3 took 1.5 % longer on an H200.
TEST(Nvrtc, XKernelsReadTheirParametersDirectly) {
  const XVariant columns_343{{7, 7, 7}, 49, 8, PadMethod::none, false, 2, true};
  for (Precision p : {Precision::f32, Precision::f64}) {
    const std::string ptx = compile_to_ptx(x_kernel_source(343, p, columns_343), "compute_" FFT3D_TEST_CUDA_ARCH);
    EXPECT_EQ(parameter_addresses(ptx), 0) << precision_name(p);
    EXPECT_EQ(count_of(ptx, "div.s64"), 2) << precision_name(p);  // one in each direction's kernel
    const LongColumnVariant v = estimate_long_column_variant(16384, p, DeviceLimits{}, false);
    const std::string pass_a = x_kernel_source(v.n1, p, v.a, false, 0, false, v.n2);
    EXPECT_EQ(parameter_addresses(compile_to_ptx(pass_a, "compute_" FFT3D_TEST_CUDA_ARCH)), 0) << v.name();
    const FiveStepVariant f = estimate_five_step_variant(256, p);
    EXPECT_EQ(parameter_addresses(compile_to_ptx(five_step_kernel_source(f, p), "compute_" FFT3D_TEST_CUDA_ARCH)), 0)
        << f.name();
  }
}

// Sign fix-ups of signed divisions by powers of two (shr.s32 x, x, 31).
int sign_fixups(const std::string& ptx) {
  const std::regex fixup(R"(shr\.s32\s+%r\d+,\s*%r\d+,\s*31;)");
  return static_cast<int>(std::distance(std::sregex_iterator(ptx.begin(), ptx.end(), fixup), std::sregex_iterator()));
}

// Single-precision row kernels know their thread index lies in [0, threads)
// (kern::thread_index), so their index divisions carry no sign fix-ups
// (the C2R rows of 16384 reals: 3000 SASS instructions instead of 3688).
// Column kernels, complex cluster rows and double precision keep the
// unbounded index, which measured faster there (docs/BENCHMARKS.md).
TEST(Nvrtc, SinglePrecisionRowKernelsBoundTheirThreadIndex) {
  const std::string arch = "compute_" FFT3D_TEST_CUDA_ARCH;
  const std::tuple<int, const char*> rows[] = {{256, "r16-16.t16.rows16.pad-gap.tw-sincos.mb2"},
                                               {8192, "r16-16-32.t256.rows1.pad-gap.tw-sincos.mb3.real-half"}};
  for (const auto& [n, name] : rows) {
    const XVariant v = parse_x_variant(name);
    EXPECT_EQ(sign_fixups(compile_to_ptx(x_kernel_source(n, Precision::f32, v), arch)), 0) << name;
    EXPECT_GT(sign_fixups(compile_to_ptx(x_kernel_source(n, Precision::f64, v), arch)), 10) << name;
  }
  const XVariant columns = parse_x_variant("r16-16.t16.rows32.pad-none.tw-sincos.mb2.cols");
  EXPECT_GT(sign_fixups(compile_to_ptx(x_kernel_source(256, Precision::f32, columns), arch)), 0);
  // Cluster rows of 32768 f32 (kern::cluster_row_bounds_thread_index): real
  // ones bounded (136 fix-ups complex, 4 real when this was written).
  if (std::atoi(FFT3D_TEST_CUDA_ARCH) >= 90) {
    auto complex_rows = cluster_row_variant(32768, Precision::f32, DeviceLimits{}, 0);
    auto real_rows = estimate_cluster_row_variant(32768, Precision::f32, DeviceLimits{});
    ASSERT_TRUE(complex_rows && real_rows);
    real_rows->real = true;
    EXPECT_GT(sign_fixups(compile_to_ptx(cluster_row_source(32768, Precision::f32, *complex_rows), arch)), 40);
    EXPECT_LT(sign_fixups(compile_to_ptx(cluster_row_source(32768, Precision::f32, *real_rows), arch)), 20);
  }
}

// A variant that names its thread-index form (ThreadIndex, the tuner's
// twin) compiles in that form whatever the rule: f32 rows plain carry the
// fix-ups, f32 columns and f64 rows bounded lose theirs, and so does the
// f32 fused XY kernel plain or bounded; the rule's form is named nowhere.
TEST(Nvrtc, NamedThreadIndexFormsOverrideTheRule) {
  const std::string arch = "compute_" FFT3D_TEST_CUDA_ARCH;
  const auto fixups = [&](int n, Precision p, const std::string& name) {
    return sign_fixups(compile_to_ptx(x_kernel_source(n, p, parse_x_variant(name)), arch));
  };
  const std::string row = "r16-16.t16.rows16.pad-gap.tw-sincos.mb2";
  EXPECT_EQ(fixups(256, Precision::f32, row), 0);
  EXPECT_GT(fixups(256, Precision::f32, row + ".idx-plain"), 10);
  EXPECT_EQ(fixups(256, Precision::f64, row + ".idx-bound"), 0);
  EXPECT_EQ(*thread_index_switched(parse_x_variant(row), Precision::f32), parse_x_variant(row + ".idx-plain"));
  EXPECT_FALSE(thread_index_switched(parse_x_variant(row), Precision::f64));
  const std::string columns = "r16-16.t16.rows32.pad-none.tw-sincos.mb2.cols";
  EXPECT_LT(fixups(256, Precision::f32, columns + ".idx-bound"), fixups(256, Precision::f32, columns));
  EXPECT_EQ(thread_index_switched(parse_x_variant(columns), Precision::f32)->name(), columns + ".idx-bound");
  EXPECT_EQ(x_kernel_source(256, Precision::f32, parse_x_variant(row)).find("kThreadIndex"), std::string::npos);

  const std::optional<XYVariant> fused = estimate_xy_variant(192, 192, 192, Precision::f32, DeviceLimits{});
  ASSERT_TRUE(fused);
  const std::optional<XYVariant> plain = xy_thread_index_switched(*fused, Precision::f32);
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->thread_index, ThreadIndex::plain);
  EXPECT_EQ(parse_xy_variant(plain->name()), *plain);
  const int bounded_fixups = sign_fixups(compile_to_ptx(xy_kernel_source(192, 192, Precision::f32, *fused), arch));
  EXPECT_GT(sign_fixups(compile_to_ptx(xy_kernel_source(192, 192, Precision::f32, *plain), arch)), bounded_fixups);
  EXPECT_FALSE(xy_thread_index_switched(*fused, Precision::f64));
}

TEST(Nvrtc, FiveStepKernelsCompileWithoutLocalMemory) {
  for (int n : {256, 144, 49}) {
    for (Precision p : {Precision::f32, Precision::f64}) {
      const FiveStepVariant v = estimate_five_step_variant(n, p);
      const std::string source = five_step_kernel_source(v, p);
      EXPECT_GT(compile_with_nvrtc(source, kArch).cubin.size(), 1000u);
      const std::string ptx = compile_to_ptx(source, "compute_" FFT3D_TEST_CUDA_ARCH);
      EXPECT_EQ(count_of(ptx, ".entry"), 4) << v.name();
      EXPECT_EQ(count_of(ptx, ".local"), 0) << v.name();
    }
  }
}

// Long columns: pass A (the column kernel of n1, out of place and
// twiddled) and pass B, both precisions, without local memory; and long
// rows' splits.
TEST(Nvrtc, LongColumnKernelsCompileWithoutLocalMemory) {
  // Columns of 16384 and 1250 split in balance (128 x 128, 50 x 25), pass B
  // the column kernel out of place; columns of 405 = 45 x 9 have no such
  // split: pass B in registers. Rows of 2048 have no balanced split: n2 = 32
  // in registers; rows of 32768 split in balance (256 x 128), pass B the row
  // kernel with the transposed store.
  for (int n : {16384, 1250, 405, 2048, 32768}) {
    for (Precision p : {Precision::f32, Precision::f64}) {
      const bool rows = n == 2048 || n == 32768;
      const LongColumnVariant v = estimate_long_column_variant(n, p, DeviceLimits{}, rows);
      if (n == 2048) EXPECT_EQ(v.n2, 32);
      EXPECT_EQ(v.rows_in_shared_memory(), n == 32768);
      EXPECT_EQ(v.columns_in_shared_memory(), n == 16384 || n == 1250) << v.name();
      std::string b;
      if (!v.b_in_shared_memory()) {
        b = long_column_b_source(v, p);
      } else {
        const kern::XLayout L = long_column_b_layout_in_shared_memory(v, p);
        b = x_kernel_source(v.n2, p, v.b, false, 0, false, L.long_n2, L.transposed_store);
      }
      for (const std::string& source : {x_kernel_source(v.n1, p, v.a, false, 0, false, v.n2), b}) {
        EXPECT_GT(compile_with_nvrtc(source, kArch).cubin.size(), 1000u) << v.name();
        const std::string ptx = compile_to_ptx(source, "compute_" FFT3D_TEST_CUDA_ARCH);
        EXPECT_EQ(count_of(ptx, ".entry"), 2) << v.name();
        EXPECT_EQ(count_of(ptx, ".local"), 0) << v.name();
      }
    }
  }
}

// Plane rows (a 2-D DFT a row, the spectrum stored through shared memory):
// the ESTIMATE's kernels of 16 x 16, 32 x 32 and 5 x 12 planes, complex and
// real (two planes a row, R2C and C2R).
TEST(Nvrtc, PlaneRowKernelsCompileWithoutLocalMemory) {
  for (const auto& [nx, ny] : {std::pair{16, 16}, std::pair{32, 32}, std::pair{5, 12}}) {
    for (const auto& [p, real] : {std::pair{Precision::f32, false}, std::pair{Precision::f64, false},
                                  std::pair{Precision::f32, true}, std::pair{Precision::f64, true}}) {
      const std::optional<XVariant> v = estimate_plane_variant(nx, ny, p, DeviceLimits{}, real);
      ASSERT_TRUE(v) << nx << "x" << ny;
      const std::string source = x_kernel_source(nx * ny, p, *v, false);
      EXPECT_NE(source.find(", false, " + std::to_string(nx) + "}"), std::string::npos) << v->name();
      const std::string ptx = compile_to_ptx(source, "compute_" FFT3D_TEST_CUDA_ARCH);
      EXPECT_EQ(count_of(ptx, ".entry"), 2) << v->name();
      EXPECT_EQ(count_of(ptx, ".local"), 0) << v->name();
    }
  }
}

// Cluster-row kernels (distributed shared memory, cluster barriers: sm_90)
// compile without local memory: clusters of 2 and 16 (non-portable), a
// cluster of 3 with shares that do not divide evenly.
TEST(Nvrtc, ClusterRowKernelsCompileWithoutLocalMemory) {
  if (std::atoi(FFT3D_TEST_CUDA_ARCH) < 90) GTEST_SKIP() << "clusters need sm_90";
  // Real rows too (R2C forward's gather, C2R inverse's scatter): n = 16384 f64, 32768 f32.
  const std::vector<std::tuple<int, Precision, bool>> rows = {
      {32768, Precision::f32, false}, {32768, Precision::f64, false}, {1 << 18, Precision::f32, false},
      {3 * 6144, Precision::f32, false}, {32768, Precision::f32, true}, {16384, Precision::f64, true}};
  for (const auto& [n, p, real] : rows) {
    auto v = real ? estimate_cluster_row_variant(n, p, DeviceLimits{})
                  : cluster_row_variant(n, p, DeviceLimits{}, n == 3 * 6144 ? 3 : 0);
    ASSERT_TRUE(v) << n;
    v->real = real;
    const std::string source = cluster_row_source(n, p, *v);
    EXPECT_GT(compile_with_nvrtc(source, kArch).cubin.size(), 1000u) << v->name();
    const std::string ptx = compile_to_ptx(source, "compute_" FFT3D_TEST_CUDA_ARCH);
    EXPECT_EQ(count_of(ptx, ".entry"), 2) << v->name();
    EXPECT_EQ(count_of(ptx, ".local"), 0) << v->name();
    EXPECT_EQ(parameter_addresses(ptx), 0) << v->name();
    EXPECT_GT(count_of(ptx, "barrier.cluster.arrive"), 0) << v->name();
  }
  // Cluster columns: 1024 f32 on 4 blocks of 16 columns, 2048 f64 on 8 of 8.
  for (const auto& [n, p, cluster, columns] :
       std::vector<std::tuple<int, Precision, int, int>>{{1024, Precision::f32, 4, 16}, {2048, Precision::f64, 8, 8}}) {
    const auto v = cluster_column_variant(n, p, DeviceLimits{}, cluster, columns);
    ASSERT_TRUE(v) << n;
    const std::string source = cluster_row_source(n, p, *v);
    EXPECT_GT(compile_with_nvrtc(source, kArch).cubin.size(), 1000u) << v->name();
    const std::string ptx = compile_to_ptx(source, "compute_" FFT3D_TEST_CUDA_ARCH);
    EXPECT_EQ(count_of(ptx, ".local"), 0) << v->name();
    EXPECT_GT(count_of(ptx, "barrier.cluster.arrive"), 0) << v->name();
  }
}

// The fused XY kernels (cluster barriers and distributed shared memory are
// sm_90 features) compile without local memory, both precisions, with the
// load in chunks (240) and double-buffered (192).
TEST(Nvrtc, FusedXYKernelsCompileWithoutLocalMemory) {
  if (std::atoi(FFT3D_TEST_CUDA_ARCH) < 90) GTEST_SKIP() << "clusters need sm_90";
  for (int n : {256, 240, 512, 192}) {
    for (Precision p : {Precision::f32, Precision::f64}) {
      // 192: whole rows, double-buffered (its ESTIMATE, strided rows, has one share).
      XYBase base;
      if (n == 192) base.strided_rows = false;
      auto v = estimate_xy_variant(n, n, n, p, DeviceLimits{}, false, base);
      if (!v) continue;  // 512 x 512 doubles do not fit a cluster
      v->load_chunks = n == 240 ? 4 : 1;
      v->buffers = n == 192 ? 2 : 1;
      const std::string source = xy_kernel_source(n, n, p, *v);
      EXPECT_GT(compile_with_nvrtc(source, kArch).cubin.size(), 1000u);
      const std::string ptx = compile_to_ptx(source, "compute_" FFT3D_TEST_CUDA_ARCH);
      EXPECT_EQ(count_of(ptx, ".entry"), 2) << v->name();
      EXPECT_EQ(count_of(ptx, ".local"), 0) << v->name();
      EXPECT_EQ(parameter_addresses(ptx), 0) << v->name();  // XYArgs: one parameter within 128 bytes
      EXPECT_GT(count_of(ptx, "barrier.cluster"), 0) << v->name();
      EXPECT_GT(count_of(ptx, "cp.async.wait_group"), 0) << v->name();  // the load, in chunks or whole
      EXPECT_EQ(count_of(ptx, "ld.shared::cluster"), 0) << v->name();     // generic loads (ClusterShares::at)
    }
  }
  // Real rows (R2C forward): one kernel, the forward; strided rows (column 0
  // unpacked from registers) with the load in two chunks.
  const auto real = estimate_real_xy_variant(256, 256, 256, Precision::f32, DeviceLimits{}, false);
  ASSERT_TRUE(real && real->strided_rows && real->load_chunks == 2) << (real ? real->name() : "none");
  const std::string ptx = compile_to_ptx(xy_kernel_source(256, 256, Precision::f32, *real), "compute_" FFT3D_TEST_CUDA_ARCH);
  EXPECT_EQ(count_of(ptx, ".entry"), 1) << real->name();
  EXPECT_EQ(count_of(ptx, ".local"), 0) << real->name();
  // Real pairs (two planes as one complex plane): the complex planes'
  // strided form, forward only, in both precisions.
  for (Precision p : {Precision::f32, Precision::f64}) {
    XYVariant pairs = *estimate_xy_variant(256, 256, 256, p, DeviceLimits{}, false);
    if (pairs.row_swizzle) pairs = *row_swizzle_switched(256, 256, p, pairs, DeviceLimits{});  // padded pairs
    pairs.x.real = RealRows::pair;
    ASSERT_TRUE(pairs.strided_rows && xy_variant_valid(256, 256, p, pairs, DeviceLimits{})) << pairs.name();
    const std::string pair_ptx = compile_to_ptx(xy_kernel_source(256, 256, p, pairs), "compute_" FFT3D_TEST_CUDA_ARCH);
    EXPECT_EQ(count_of(pair_ptx, ".entry"), 1) << pairs.name();
    EXPECT_EQ(count_of(pair_ptx, ".local"), 0) << pairs.name();
    // The f64 pairs' cross stage loads through shared::cluster addresses
    // (ClusterShares::at), the others through generic pointers.
    if (p == Precision::f64)
      EXPECT_GT(count_of(pair_ptx, "ld.shared::cluster.v2.f64"), 0) << pairs.name();
    else
      EXPECT_EQ(count_of(pair_ptx, "ld.shared::cluster"), 0) << pairs.name();
  }
  EXPECT_EQ(count_of(ptx, "ld.shared::cluster"), 0) << real->name();
}

// The fused XZ pass's kernels (XYLayout::row_stride): the thin form of
// 2048 x 32 f32 planes and a 1024 x 32 f64 one, rows 2048 * 2048 and 1024 *
// 1024 values apart, compile without local memory, the stride compiled in,
// their load row by row (cp.async of each row, not one run of the plane);
// so do the R2C forward's and the C2R inverse's, 2048 reals by 32.
TEST(Nvrtc, FusedXZKernelsCompileWithRowsApart) {
  if (std::atoi(FFT3D_TEST_CUDA_ARCH) < 90) GTEST_SKIP() << "clusters need sm_90";
  for (const auto& [nx, nz, p] : {std::tuple{2048, 32, Precision::f32}, std::tuple{1024, 32, Precision::f64}}) {
    const std::vector<GridPass> passes =
        make_xz_schedule(nx, nx, nz, p, DeviceLimits{}, ColumnMethod::automatic, {});
    ASSERT_EQ(passes[0].row_stride, nx * nx);
    const std::string source = xy_kernel_source(nx, nz, p, passes[0].xy, 1, passes[0].row_stride);
    EXPECT_NE(source.find(", 0, " + std::to_string(nx * nx) + "}"), std::string::npos) << source;
    const std::string ptx = compile_to_ptx(source, "compute_" FFT3D_TEST_CUDA_ARCH);
    EXPECT_EQ(count_of(ptx, ".entry"), 2) << passes[0].xy.name();
    EXPECT_EQ(count_of(ptx, ".local"), 0) << passes[0].xy.name();
    EXPECT_GT(count_of(ptx, "cp.async.wait_group"), 0) << passes[0].xy.name();
    EXPECT_GT(compile_with_nvrtc(source, kArch).cubin.size(), 1000u);
  }
  // The R2C forward's (real rows, X first) and the C2R inverse's (columns
  // first), one kernel each: 2048 reals by 32, rows 1025 * 2048 apart.
  for (bool inverse : {false, true}) {
    const auto real = estimate_real_xy_variant(2048, 32, 4096, Precision::f32, DeviceLimits{}, false, inverse);
    ASSERT_TRUE(real && real->columns_first == inverse && xy_rows_may_stride(2048, 32, Precision::f32, *real));
    const std::string source = xy_kernel_source(2048, 32, Precision::f32, *real, 1, 1025 * 2048);
    const std::string ptx = compile_to_ptx(source, "compute_" FFT3D_TEST_CUDA_ARCH);
    EXPECT_EQ(count_of(ptx, ".entry"), 1) << real->name();
    EXPECT_EQ(count_of(ptx, ".local"), 0) << real->name();
    EXPECT_GT(compile_with_nvrtc(source, kArch).cubin.size(), 1000u);
  }
}

// Swizzled share rows (XYVariant::row_swizzle): 512^2 f32 (one block per
// SM) and 256^2 in both precisions compile without local memory; the f32
// load copies two values at a time (16 bytes, cp.async.cg) where the padded
// rows' copies take one (8 bytes, cp.async.ca).
TEST(Nvrtc, SwizzledRowKernelsCompileWithWideCopies) {
  if (std::atoi(FFT3D_TEST_CUDA_ARCH) < 90) GTEST_SKIP() << "clusters need sm_90";
  for (const auto& [n, p] : {std::pair{512, Precision::f32}, std::pair{256, Precision::f32},
                             std::pair{256, Precision::f64}}) {
    auto swizzled = estimate_xy_variant(n, n, n, p, DeviceLimits{});
    ASSERT_TRUE(swizzled && swizzled->row_swizzle) << n;
    if (swizzled->ring_rows > 0) swizzled = ring_switched(n, n, p, *swizzled, DeviceLimits{});  // 512^2 f32's ring
    ASSERT_TRUE(swizzled && swizzled->ring_rows == 0) << n;
    const auto padded = row_swizzle_switched(n, n, p, *swizzled, DeviceLimits{});
    ASSERT_TRUE(padded && padded->row_pads) << swizzled->name();
    const std::string source = xy_kernel_source(n, n, p, *swizzled);
    EXPECT_NE(source.find(", false, false, true}"), std::string::npos) << source;  // row_pads, y_loads, row_swizzle
    const std::string ptx = compile_to_ptx(source, "compute_" FFT3D_TEST_CUDA_ARCH);
    EXPECT_EQ(count_of(ptx, ".entry"), 2) << swizzled->name();
    EXPECT_EQ(count_of(ptx, ".local"), 0) << swizzled->name();
    if (p == Precision::f32) {
      EXPECT_GT(count_of(ptx, "cp.async.cg.shared.global"), 0) << swizzled->name();
      const std::string padded_ptx = compile_to_ptx(xy_kernel_source(n, n, p, *padded), "compute_" FFT3D_TEST_CUDA_ARCH);
      EXPECT_EQ(count_of(padded_ptx, "cp.async.cg.shared.global"), 0) << padded->name();
    }
    EXPECT_GT(compile_with_nvrtc(source, kArch).cubin.size(), 1000u);
  }
}

// A ring of share rows (XYVariant::ring_rows) compiles for the GPU with its
// bulk copies on mbarriers and its cp.async fallback, without spills.
// (512^2 f32: the ESTIMATE's; f64 384^2: MEASURE's twin.)
TEST(Nvrtc, RingKernelsCompileWithBulkCopies) {
  if (std::atoi(FFT3D_TEST_CUDA_ARCH) < 90) GTEST_SKIP() << "clusters and bulk copies need sm_90";
  for (const auto& [n, p] : {std::pair{512, Precision::f32}, std::pair{384, Precision::f64}}) {
    const auto estimate = estimate_xy_variant(n, n, n, p, DeviceLimits{}, false);
    ASSERT_TRUE(estimate) << n;
    const auto ring = estimate->ring_rows > 0 ? estimate : ring_switched(n, n, p, *estimate, DeviceLimits{});
    ASSERT_TRUE(ring && ring->ring_rows > 0) << estimate->name();
    const std::string source = xy_kernel_source(n, n, p, *ring);
    EXPECT_NE(source.find(", true, " + std::to_string(ring->ring_rows) + "}"), std::string::npos) << source;
    const std::string ptx = compile_to_ptx(source, "compute_" FFT3D_TEST_CUDA_ARCH);
    EXPECT_EQ(count_of(ptx, ".entry"), 2) << ring->name();
    EXPECT_EQ(count_of(ptx, ".local"), 0) << ring->name();
    EXPECT_GT(count_of(ptx, "cp.async.bulk.shared::cluster.global"), 0) << ring->name();
    EXPECT_GT(count_of(ptx, "mbarrier.try_wait.parity"), 0) << ring->name();
    EXPECT_GT(count_of(ptx, "cp.async.ca.shared.global"), 0) << ring->name();  // 8-byte aligned arrays
    EXPECT_GT(compile_with_nvrtc(source, kArch).cubin.size(), 1000u);
  }
}

// A column pass compiled to stream through L2 (the last pass of a
// transform) loads and stores with an evict_first cache policy; the usual
// kernels carry no cache hint.
TEST(Nvrtc, StreamingColumnKernelsCarryEvictFirstHints) {
  if (std::atoi(FFT3D_TEST_CUDA_ARCH) < 80) GTEST_SKIP() << "L2 cache policies need sm_80";
  for (Precision p : {Precision::f32, Precision::f64}) {
    const XVariant v = estimate_column_variant(256, p, DeviceLimits{});
    const std::string plain = compile_to_ptx(x_kernel_source(256, p, v), "compute_" FFT3D_TEST_CUDA_ARCH);
    const std::string streaming =
        compile_to_ptx(x_kernel_source(256, p, v, false, 0, true), "compute_" FFT3D_TEST_CUDA_ARCH);
    EXPECT_EQ(count_of(plain, "cache_hint"), 0);
    EXPECT_GT(count_of(streaming, "createpolicy.fractional.L2::evict_first"), 0);
    EXPECT_GT(count_of(streaming, "ld.global.L2::cache_hint"), 0);
    EXPECT_GT(count_of(streaming, "st.global.L2::cache_hint"), 0);
    EXPECT_EQ(count_of(streaming, ".local"), 0);
    EXPECT_GT(compile_with_nvrtc(x_kernel_source(256, p, v, true, 0, true), kArch).cubin.size(), 1000u);
  }
}

// Columns first: the C2R inverse of real rows (one kernel) and complex
// planes (both directions), one load awaited whole, both precisions.
TEST(Nvrtc, ColumnsFirstKernelsCompileWithoutLocalMemory) {
  if (std::atoi(FFT3D_TEST_CUDA_ARCH) < 90) GTEST_SKIP() << "clusters need sm_90";
  for (Precision p : {Precision::f32, Precision::f64}) {
    const auto real = estimate_real_xy_variant(256, 256, 256, p, DeviceLimits{}, false, true);
    const auto complex = estimate_xy_variant(240, 240, 240, p, DeviceLimits{}, false, XYBase{{}, {}, 0, true, {}});
    ASSERT_TRUE(real && complex);
    for (const auto& [v, n, kernels] : {std::tuple{*real, 256, 1}, std::tuple{*complex, 240, 2}}) {
      const std::string ptx = compile_to_ptx(xy_kernel_source(n, n, p, v), "compute_" FFT3D_TEST_CUDA_ARCH);
      EXPECT_EQ(count_of(ptx, ".entry"), kernels) << v.name();
      EXPECT_EQ(count_of(ptx, ".local"), 0) << v.name();
      EXPECT_GT(count_of(ptx, "barrier.cluster"), 0) << v.name();
      EXPECT_GT(count_of(ptx, "cp.async.wait_group"), 0) << v.name();
      // Single precision reads across the cluster through shared::cluster
      // addresses (ClusterShares::at), double through generic pointers.
      if (p == Precision::f32)
        EXPECT_GT(count_of(ptx, "ld.shared::cluster.v2.f32"), 0) << v.name();
      else
        EXPECT_EQ(count_of(ptx, "ld.shared::cluster"), 0) << v.name();
    }
  }
}

// Every kernel entry waits for the previous grid before anything else and
// then lets the next one launch (programmatic dependent launch, sm_90): one
// griddepcontrol.wait and one launch_dependents per entry, X rows, five-step
// columns and the fused pass alike.
TEST(Nvrtc, EveryKernelAwaitsThePreviousGrid) {
  if (std::atoi(FFT3D_TEST_CUDA_ARCH) < 90) GTEST_SKIP() << "griddepcontrol needs sm_90";
  const auto xy = estimate_xy_variant(64, 64, 64, Precision::f32, DeviceLimits{}, false);
  ASSERT_TRUE(xy);
  for (const std::string& source :
       {x_kernel_source(320, Precision::f64, estimate_x_variant(320, Precision::f64, DeviceLimits{})),
        five_step_kernel_source(FiveStepVariant{16, 16, 16, true}, Precision::f32),
        xy_kernel_source(64, 64, Precision::f32, *xy)}) {
    const std::string ptx = compile_to_ptx(source, "compute_" FFT3D_TEST_CUDA_ARCH);
    const int entries = count_of(ptx, ".entry");
    EXPECT_GT(entries, 0);
    EXPECT_EQ(count_of(ptx, "griddepcontrol.wait"), entries) << source.substr(0, 80);
    EXPECT_EQ(count_of(ptx, "griddepcontrol.launch_dependents"), entries) << source.substr(0, 80);
  }
}

// Kernels that walk their blocks from the last are compiled as such (a
// compile-time Cfg::kReversed, so the usual kernels carry no trace of it).
TEST(Nvrtc, ReversedKernelsCompileWithoutLocalMemory) {
  const XVariant x = estimate_x_variant(320, Precision::f64, DeviceLimits{});
  const FiveStepVariant f{16, 16, 16, true};
  for (const auto& [plain, reversed] :
       {std::pair{x_kernel_source(320, Precision::f64, x), x_kernel_source(320, Precision::f64, x, true)},
        std::pair{five_step_kernel_source(f, Precision::f32), five_step_kernel_source(f, Precision::f32, true)}}) {
    EXPECT_NE(plain.find("kReversed = false"), std::string::npos);
    EXPECT_NE(reversed.find("kReversed = true"), std::string::npos);
    const std::string ptx = compile_to_ptx(reversed, "compute_" FFT3D_TEST_CUDA_ARCH);
    EXPECT_EQ(count_of(ptx, ".local"), 0);
    EXPECT_NE(ptx, compile_to_ptx(plain, "compute_" FFT3D_TEST_CUDA_ARCH));
  }
}

TEST(Nvrtc, CompileErrorCarriesLog) {
  try {
    compile_with_nvrtc("extern \"C\" __global__ void k() { this_is_not_defined(); }", kArch);
    FAIL() << "expected an NVRTC error";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), FFT3D_ERROR_NVRTC);
    EXPECT_NE(std::string(e.what()).find("this_is_not_defined"), std::string::npos);
  }
}

class ModuleCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/fft3d-cache-test-XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
    setenv("FFT3D_CACHE_DIR", dir_.c_str(), 1);
  }
  void TearDown() override {
    unsetenv("FFT3D_CACHE_DIR");
    std::system(("rm -rf " + dir_).c_str());
  }
  std::string dir_;
};

TEST_F(ModuleCacheTest, EntryRoundTripAndCorruption) {
  const std::vector<char> payload = {'c', 'u', 'b', 'i', 'n', 0, 1, 2, 3};
  const std::string path = dir_ + "/entry.cubin";
  ASSERT_TRUE(write_cache_entry(path, "key-a", payload));
  std::vector<char> got;
  ASSERT_TRUE(read_cache_entry(path, "key-a", &got));
  EXPECT_EQ(got, payload);
  EXPECT_FALSE(read_cache_entry(path, "key-b", &got));  // another key
  EXPECT_FALSE(read_cache_entry(dir_ + "/missing", "key-a", &got));
  {  // flip one payload byte
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(-2, std::ios::end);
    f.put('X');
  }
  EXPECT_FALSE(read_cache_entry(path, "key-a", &got));
  ASSERT_TRUE(write_cache_entry(path, "key-a", payload));
  ASSERT_EQ(truncate(path.c_str(), 20), 0);  // torn file
  EXPECT_FALSE(read_cache_entry(path, "key-a", &got));
}

TEST_F(ModuleCacheTest, CorruptEntryIsRebuilt) {
  EXPECT_EQ(module_cache_dir(), dir_);
  const XVariant v = estimate_x_variant(64, Precision::f32, DeviceLimits{});
  const std::string source = x_kernel_source(64, Precision::f32, v);
  const std::vector<char> first = cached_cubin(source, kArch);
  const std::string path = dir_ + "/" + module_cache_key(source, kArch) + ".cubin";
  std::vector<char> stored;
  ASSERT_TRUE(read_cache_entry(path, module_cache_key(source, kArch), &stored));
  EXPECT_EQ(stored, first);
  {
    std::ofstream garbage(path, std::ios::binary | std::ios::trunc);
    garbage << "not a cubin";
  }
  EXPECT_EQ(cached_cubin(source, kArch), first);
  ASSERT_TRUE(read_cache_entry(path, module_cache_key(source, kArch), &stored));
  // Another architecture or another source is another key.
  EXPECT_NE(module_cache_key(source, kArch), module_cache_key(source, "sm_80"));
  EXPECT_NE(module_cache_key(source, kArch), module_cache_key(source + " ", kArch));
}

// The tuner's fused candidates compile together into the cache, where the
// XYPass of each finds its CUBIN; a variant the device cannot run is not
// compiled.
TEST_F(ModuleCacheTest, PrecompiledXYVariantsAreCached) {
  if (std::atoi(FFT3D_TEST_CUDA_ARCH) < 90) GTEST_SKIP() << "clusters need sm_90";
  DeviceInfo device;
  device.cc_major = std::atoi(FFT3D_TEST_CUDA_ARCH) / 10;
  device.cc_minor = std::atoi(FFT3D_TEST_CUDA_ARCH) % 10;
  device.shared_bytes_per_block_optin = 227 * 1024;
  const int nx = 96, ny = 64;
  const auto forward = estimate_real_xy_variant(nx, ny, 32, Precision::f32, device.limits(), false);
  const auto inverse = estimate_real_xy_variant(nx, ny, 32, Precision::f32, device.limits(), false, true);
  ASSERT_TRUE(forward && inverse);
  XYVariant too_wide = *forward;
  too_wide.cluster = 2 * device.limits().max_cluster;
  ASSERT_FALSE(xy_variant_valid(nx, ny, Precision::f32, too_wide, device.limits()));
  precompile_xy_variants(nx, ny, Precision::f32, {*forward, too_wide, *inverse}, device);
  for (const XYVariant& v : {*forward, *inverse}) {
    const std::string key = module_cache_key(xy_kernel_source(nx, ny, Precision::f32, v), device.arch());
    std::vector<char> cubin;
    EXPECT_TRUE(read_cache_entry(dir_ + "/" + key + ".cubin", key, &cubin)) << v.name();
    EXPECT_GT(cubin.size(), 1000u) << v.name();
  }
  int entries = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir_)) entries += entry.path().extension() == ".cubin";
  EXPECT_EQ(entries, 2);
}

}  // namespace
}  // namespace fft3d
