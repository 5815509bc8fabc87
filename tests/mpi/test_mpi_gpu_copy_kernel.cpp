// The GPU box-copy kernel compiles with NVRTC (no GPU needed), to PTX and to
// the CUBIN the GPU engine loads, for both element sizes.
#include <gtest/gtest.h>

#include "gpu/nvrtc_compiler.h"
#include "mpi/gpu_box_copy.h"

namespace fft3d {
namespace mpi {
namespace {

TEST(MpiGpuBoxCopy, KernelCompilesToPtx) {
  const std::string ptx = compile_to_ptx(box_copy_kernel_source(), "compute_" FFT3D_TEST_CUDA_ARCH);
  EXPECT_NE(ptx.find(box_copy_kernel_name(8)), std::string::npos);
  EXPECT_NE(ptx.find(box_copy_kernel_name(16)), std::string::npos);
  // 16-byte elements move as one vector access each way.
  const bool wide_store = ptx.find("st.global.v4.u32") != std::string::npos ||
                          ptx.find("st.global.v2.u64") != std::string::npos;
  EXPECT_TRUE(wide_store);
  EXPECT_THROW(box_copy_kernel_name(4), Error);
  // The GPU engine loads a CUBIN built with the library's own options.
  EXPECT_FALSE(compile_with_nvrtc(box_copy_kernel_source(), "sm_" FFT3D_TEST_CUDA_ARCH).cubin.empty());
}

}  // namespace
}  // namespace mpi
}  // namespace fft3d
