// ptxas's report of each kernel (registers, stack, spills) read from NVRTC's
// log, and the kernel sources of every kind of pass a schedule holds
// (fft3d/pass_sources.h) compiling to kernels: offline, no GPU needed.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "fft3d/grid_schedule.h"
#include "fft3d/pass_sources.h"
#include "gpu/kernel_resources.h"

namespace fft3d {
namespace {

const std::string kArch = "sm_" FFT3D_TEST_CUDA_ARCH;

const KernelResources* find_kernel(const std::vector<KernelResources>& kernels, const std::string& entry) {
  for (const KernelResources& k : kernels)
    if (k.entry == entry) return &k;
  return nullptr;
}

// Two kernels: one light, one that holds 64 values across a barrier under a
// 32-register cap (1024 threads, two blocks an SM) and must spill; and a
// device function kept out of line, which is not a kernel.
const char* const kTwoKernels = R"(
__device__ __noinline__ float scaled(float x, float s) { return x * s; }
extern "C" __global__ void light(float* p) { p[threadIdx.x] = scaled(p[threadIdx.x], 2.0f); }
extern "C" __global__ void __launch_bounds__(1024, 2) heavy(float* p) {
  float a[64];
#pragma unroll
  for (int i = 0; i < 64; ++i) a[i] = p[threadIdx.x + i * 1024];
  __syncthreads();
#pragma unroll
  for (int i = 0; i < 64; ++i) p[threadIdx.x + i * 1024] = a[63 - i] * p[i];
}
)";

TEST(KernelResources, ReportsEachKernelsRegistersAndSpills) {
  const std::vector<KernelResources> kernels = kernel_resources(kTwoKernels, kArch);
  ASSERT_EQ(kernels.size(), 2u);  // not the device function
  const KernelResources* light = find_kernel(kernels, "light");
  const KernelResources* heavy = find_kernel(kernels, "heavy");
  ASSERT_TRUE(light && heavy);
  EXPECT_GT(light->registers, 0);
  EXPECT_EQ(light->spill_store_bytes, 0);
  EXPECT_EQ(light->spill_load_bytes, 0);
  EXPECT_LE(heavy->registers, 32);
  EXPECT_GT(heavy->spill_store_bytes, 0);
  EXPECT_GT(heavy->spill_load_bytes, 0);
  EXPECT_GE(heavy->stack_bytes, heavy->spill_store_bytes / 2);  // spills live in the stack frame
}

TEST(KernelResources, ReadsAPtxasLogLineByLine) {
  // ptxas's words, as NVRTC returns them: a device function's properties
  // between two entries belong to neither.
  const std::string log =
      "ptxas info    : 0 bytes gmem\n"
      "ptxas info    : Compiling entry function 'a' for 'sm_90'\n"
      "ptxas info    : Function properties for a\n"
      "ptxas         .     16 bytes stack frame, 12 bytes spill stores, 8 bytes spill loads\n"
      "ptxas info    : Used 255 registers, used 1 barriers, 16 bytes cumulative stack size\n"
      "ptxas info    : Function properties for helper\n"
      "ptxas         .     40 bytes stack frame, 40 bytes spill stores, 40 bytes spill loads\n"
      "ptxas info    : Compiling entry function 'b' for 'sm_90'\n"
      "ptxas info    : Function properties for b\n"
      "ptxas         .     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
      "ptxas info    : Used 40 registers, used 0 barriers\n";
  const std::vector<KernelResources> kernels = parse_ptxas_report(log);
  ASSERT_EQ(kernels.size(), 2u);
  EXPECT_EQ(kernels[0].entry, "a");
  EXPECT_EQ(kernels[0].registers, 255);
  EXPECT_EQ(kernels[0].stack_bytes, 16);
  EXPECT_EQ(kernels[0].spill_store_bytes, 12);
  EXPECT_EQ(kernels[0].spill_load_bytes, 8);
  EXPECT_EQ(kernels[1].entry, "b");
  EXPECT_EQ(kernels[1].registers, 40);
  EXPECT_EQ(kernels[1].stack_bytes, 0);
  EXPECT_EQ(kernels[1].spill_store_bytes, 0);
  EXPECT_TRUE(parse_ptxas_report("").empty());
}

// Each pass's kind, axis first: "p:fused z:one-pass", side passes after a "+".
std::string kinds_of(const std::vector<GridPass>& schedule) {
  std::string kinds;
  for (const GridPass& p : schedule) {
    const char* kind = p.is_fused_xy()         ? "fused"
                       : p.is_five_step()      ? "five-step"
                       : p.is_long_column()    ? "long"
                       : p.is_cluster_row()    ? "cluster"
                       : p.is_plane_rows()     ? "plane-rows"
                       : p.is_plane_columns()  ? "plane-columns"
                                               : "one-pass";
    kinds += std::string(kinds.empty() ? "" : " ") + p.axis + ":" + kind + (p.side.empty() ? "" : "+side");
  }
  return kinds;
}

// Every pass of these schedules (ESTIMATE, an H100's limits) gives sources
// named after its axis, each compiling to kernels: the fused XY pass and a
// column pass (256^3), side passes and long columns (64 x 64 x 16384), long
// rows and plane columns (65536 x 16 x 16), cluster rows (32768 x 32 x 32),
// plane rows (16 x 16 x 64) and the five-step form (forced).
TEST(PassSources, EveryKindOfPassCompilesToKernels) {
  if (std::atoi(FFT3D_TEST_CUDA_ARCH) < 90) GTEST_SKIP() << "clusters need sm_90";
  const DeviceLimits limits;
  const Precision p = Precision::f32;
  struct Case {
    int nx, ny, nz;
    ColumnMethod columns;
    const char* kinds;  // kinds_of the schedule
    int sources;        // of the whole schedule
  };
  for (const Case& c : {Case{256, 256, 256, ColumnMethod::automatic, "p:fused z:one-pass", 2},
                        Case{64, 64, 16384, ColumnMethod::automatic, "p:fused+side z:long", 5},
                        Case{65536, 16, 16, ColumnMethod::automatic, "x:long z:plane-columns", 3},
                        Case{32768, 32, 32, ColumnMethod::automatic, "x:cluster z:plane-columns", 2},
                        Case{16, 16, 64, ColumnMethod::automatic, "x:plane-rows z:one-pass", 2},
                        Case{64, 64, 256, ColumnMethod::five_step, "x:one-pass y:five-step z:five-step", 3}}) {
    const std::vector<GridPass> schedule =
        make_grid_schedule(c.nx, c.ny, c.nz, p, limits, c.columns, {}, PlaneMethod::automatic);
    EXPECT_EQ(kinds_of(schedule), c.kinds) << c.nx << "x" << c.ny << "x" << c.nz;
    int count = 0;
    for (const GridPass& pass : schedule) {
      const std::vector<PassSource> sources = pass_sources(pass, p);
      EXPECT_FALSE(sources.empty()) << c.nx << "x" << c.ny << "x" << c.nz << " pass " << pass.axis;
      for (const PassSource& s : sources) {
        ++count;
        const bool own = s.label.rfind(std::string(1, pass.axis) + " ", 0) == 0;
        EXPECT_TRUE(own || s.label.rfind("side ", 0) == 0) << s.label;
        const std::vector<KernelResources> kernels = kernel_resources(s.source, kArch);
        EXPECT_GE(kernels.size(), 1u) << s.label;
        for (const KernelResources& k : kernels) EXPECT_GT(k.registers, 0) << s.label << " " << k.entry;
      }
    }
    EXPECT_EQ(count, c.sources) << c.nx << "x" << c.ny << "x" << c.nz;
  }
}

// A real transform's X pass: the row kernel (the C2R inverse's own where it
// has one), or real cluster rows beyond one block.
TEST(PassSources, RealRowsCompileToKernels) {
  if (std::atoi(FFT3D_TEST_CUDA_ARCH) < 90) GTEST_SKIP() << "clusters need sm_90";
  const DeviceLimits limits;
  for (int nx : {256, 131072}) {
    const RealRowsPass pass = make_real_rows_pass(nx, 64, Precision::f32, limits);
    const std::vector<PassSource> sources = real_rows_sources(pass, Precision::f32);
    ASSERT_EQ(sources.size(), pass.inverse_variant ? 2u : 1u) << nx;
    EXPECT_EQ(sources[0].label.find("cluster") != std::string::npos, pass.is_cluster_row()) << sources[0].label;
    for (const PassSource& s : sources) EXPECT_GE(kernel_resources(s.source, kArch).size(), 1u) << s.label;
  }
  EXPECT_TRUE(make_real_rows_pass(131072, 64, Precision::f32, limits).is_cluster_row());
}

}  // namespace
}  // namespace fft3d
