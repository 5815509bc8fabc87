#include "mpi/gpu_box_copy.h"

#include <algorithm>
#include <cstdint>

#include "gpu/cuda_check.h"
#include "gpu/module_cache.h"
#include "mpi/copy_tiles.h"

namespace fft3d {
namespace mpi {

// The text of box_copy_kernel.h, embedded at configure time (CMakeLists.txt).
extern const char* const kBoxCopyKernelHeaderText;

namespace {

constexpr long long kMaxBlocksPerLaunch = 0x7fffffffLL;  // grid x limit

}  // namespace

const std::string& box_copy_kernel_source() {
  static const std::string source =
      std::string("// fft3d box-copy kernel (src/mpi/box_copy_kernel.h)\n") + kBoxCopyKernelHeaderText +
      R"(
using fft3d::mpi::kern::CopyArgs;
using fft3d::mpi::kern::Word16;

extern "C" __global__ void __launch_bounds__(fft3d::mpi::kern::kCopyThreads) fft3d_box_copy_8(const CopyArgs a) {
  fft3d::mpi::kern::box_copy_block<unsigned long long, Word16>(a);
}
extern "C" __global__ void __launch_bounds__(fft3d::mpi::kern::kCopyThreads) fft3d_box_copy_16(const CopyArgs a) {
  fft3d::mpi::kern::box_copy_block<Word16, Word16>(a);
}
)";
  return source;
}

const char* box_copy_kernel_name(int element_bytes) {
  if (element_bytes == 8) return "fft3d_box_copy_8";
  if (element_bytes == 16) return "fft3d_box_copy_16";
  fail(FFT3D_ERROR_INTERNAL, "GPU box copy of " + std::to_string(element_bytes) + "-byte elements");
}

BoxCopyKernel::BoxCopyKernel(const std::string& arch, int element_bytes) : element_bytes_(element_bytes) {
  const char* name = box_copy_kernel_name(element_bytes);
  library_ = std::make_unique<GpuLibrary>(cached_cubin(box_copy_kernel_source(), arch));
  kernel_ = library_->kernel(name, 0);
}

GpuBoxCopies::GpuBoxCopies(const BoxCopyKernel& kernel, const std::vector<BoxCopy>& copies,
                           CUstream_st* const* stream)
    : kernel_(kernel.get()), stream_(stream) {
  const CopyTiles tiles = make_copy_tiles(copies, kernel.element_bytes());
  count_ = static_cast<int>(tiles.tasks.size());
  blocks_ = tiles.blocks;
  if (!count_) return;
  const size_t bytes = tiles.tasks.size() * sizeof(kern::CopyTask);
  tasks_ = DeviceBuffer(bytes);
  FFT3D_CUDA_CHECK(cudaMemcpy(tasks_.get(), tiles.tasks.data(), bytes, cudaMemcpyHostToDevice));
}

void GpuBoxCopies::run(const void* src, void* dst) {
  if (!count_) return;
  const auto aligned = (reinterpret_cast<std::uintptr_t>(src) | reinterpret_cast<std::uintptr_t>(dst)) % 16 == 0;
  kern::CopyArgs args{src, dst, static_cast<const kern::CopyTask*>(tasks_.get()), 0, count_, aligned ? 1 : 0};
  void* params[] = {&args};
  for (long long first = 0; first < blocks_; first += kMaxBlocksPerLaunch) {
    args.block_base = first;
    const auto n = static_cast<unsigned>(std::min(kMaxBlocksPerLaunch, blocks_ - first));
    FFT3D_CUDA_CHECK(cudaLaunchKernel(reinterpret_cast<const void*>(kernel_), dim3(n), dim3(kern::kCopyThreads),
                                      params, 0, reinterpret_cast<cudaStream_t>(*stream_)));
    FFT3D_CUDA_CHECK(cudaGetLastError());
  }
}

}  // namespace mpi
}  // namespace fft3d
