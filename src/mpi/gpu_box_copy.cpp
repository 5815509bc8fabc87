#include "mpi/gpu_box_copy.h"

#include <algorithm>

#include "gpu/cuda_check.h"
#include "gpu/module_cache.h"

namespace fft3d {
namespace mpi {

namespace {

// The descriptor as the kernel sees it (11 64-bit integers).
struct Descriptor {
  long long src_offset, dst_offset;
  long long extent[3], src_stride[3], dst_stride[3];
};
static_assert(sizeof(Descriptor) == 11 * sizeof(long long), "descriptor layout");

constexpr int kThreads = 256;
constexpr long long kMaxBlocksX = 1 << 16;   // grid-stride beyond this
constexpr long long kMaxCopiesPerLaunch = 65535;  // grid y limit

}  // namespace

const std::string& box_copy_kernel_source() {
  // Elements move as whole 8- or 16-byte words. Each thread walks its copy
  // with a grid stride; the index split uses 32-bit division when the copy
  // is small enough, which is always, short of 4 G elements per message.
  static const std::string source = R"(
struct Descriptor {
  long long src_offset, dst_offset;
  long long extent[3], src_stride[3], dst_stride[3];
};
struct alignas(16) Word16 { unsigned long long lo, hi; };

template <typename E>
__device__ void box_copy(const E* __restrict__ src, E* __restrict__ dst, const Descriptor* __restrict__ copies) {
  const Descriptor d = copies[blockIdx.y];
  const long long n = d.extent[0] * d.extent[1] * d.extent[2];
  const long long step = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step) {
    long long i0, i1, i2;
    if (n <= 0xffffffffLL) {
      const unsigned u = (unsigned)i, e0 = (unsigned)d.extent[0], e1 = (unsigned)d.extent[1];
      const unsigned t = u / e0;
      i0 = u - t * e0;
      i1 = t % e1;
      i2 = t / e1;
    } else {
      const long long t = i / d.extent[0];
      i0 = i - t * d.extent[0];
      i1 = t % d.extent[1];
      i2 = t / d.extent[1];
    }
    dst[d.dst_offset + i0 * d.dst_stride[0] + i1 * d.dst_stride[1] + i2 * d.dst_stride[2]] =
        src[d.src_offset + i0 * d.src_stride[0] + i1 * d.src_stride[1] + i2 * d.src_stride[2]];
  }
}

extern "C" __global__ void fft3d_box_copy_8(const unsigned long long* src, unsigned long long* dst,
                                            const Descriptor* copies) {
  box_copy(src, dst, copies);
}
extern "C" __global__ void fft3d_box_copy_16(const Word16* src, Word16* dst, const Descriptor* copies) {
  box_copy(src, dst, copies);
}
)";
  return source;
}

const char* box_copy_kernel_name(int element_bytes) {
  if (element_bytes == 8) return "fft3d_box_copy_8";
  if (element_bytes == 16) return "fft3d_box_copy_16";
  fail(FFT3D_ERROR_INTERNAL, "GPU box copy of " + std::to_string(element_bytes) + "-byte elements");
}

BoxCopyKernel::BoxCopyKernel(const std::string& arch, int element_bytes) {
  library_ = std::make_unique<GpuLibrary>(cached_cubin(box_copy_kernel_source(), arch));
  kernel_ = library_->kernel(box_copy_kernel_name(element_bytes), 0);
}

GpuBoxCopies::GpuBoxCopies(cudaKernel_t kernel, const std::vector<BoxCopy>& copies, CUstream_st* const* stream)
    : kernel_(kernel), stream_(stream) {
  std::vector<Descriptor> host;
  for (const BoxCopy& c : copies) {
    if (c.volume() == 0) continue;
    Descriptor d{c.src_offset, c.dst_offset, {}, {}, {}};
    for (int k = 0; k < 3; ++k) {
      d.extent[k] = c.extent[k];
      d.src_stride[k] = c.src_stride[k];
      d.dst_stride[k] = c.dst_stride[k];
    }
    host.push_back(d);
    max_volume_ = std::max(max_volume_, c.volume());
  }
  count_ = static_cast<long long>(host.size());
  if (!count_) return;
  descriptors_ = DeviceBuffer(host.size() * sizeof(Descriptor));
  FFT3D_CUDA_CHECK(cudaMemcpy(descriptors_.get(), host.data(), host.size() * sizeof(Descriptor),
                              cudaMemcpyHostToDevice));
}

void GpuBoxCopies::run(const void* src, void* dst) {
  if (!count_) return;
  const auto blocks_x = static_cast<unsigned>(std::min(kMaxBlocksX, (max_volume_ + kThreads - 1) / kThreads));
  for (long long first = 0; first < count_; first += kMaxCopiesPerLaunch) {
    const auto n = static_cast<unsigned>(std::min(kMaxCopiesPerLaunch, count_ - first));
    const Descriptor* table = static_cast<const Descriptor*>(descriptors_.get()) + first;
    void* params[] = {&src, &dst, &table};
    FFT3D_CUDA_CHECK(cudaLaunchKernel(reinterpret_cast<const void*>(kernel_), dim3(blocks_x, n), dim3(kThreads), params,
                                      0, reinterpret_cast<cudaStream_t>(*stream_)));
    FFT3D_CUDA_CHECK(cudaGetLastError());
  }
}

}  // namespace mpi
}  // namespace fft3d
