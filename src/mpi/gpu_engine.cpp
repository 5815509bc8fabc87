// The GPU engine: local FFTs as the library's batched 1-D GPU plans on
// contiguous rows (rows_local_fft.cpp), packing with the box-copy kernel,
// device buffers, all queued on the plan's stream.
#include <algorithm>

#include "common/error.h"
#include "gpu/cuda_check.h"
#include "gpu/device.h"
#include "gpu/device_buffer.h"
#include "mpi/gpu_box_copy.h"
#include "mpi/local_engine.h"
#include "mpi/rows_local_fft.h"

namespace fft3d {
namespace mpi {

namespace {

class DeviceMemory final : public Buffer {
 public:
  explicit DeviceMemory(long long bytes) : buffer_(static_cast<size_t>(std::max(bytes, 1LL))) {}
  void* data() const override { return buffer_.get(); }

 private:
  DeviceBuffer buffer_;
};

class GpuEngine final : public LocalEngine {
 public:
  explicit GpuEngine(Precision precision) : precision_(precision) {
    if (!gpu_backend_usable()) fail(FFT3D_ERROR_NO_DEVICE, "no usable CUDA device for a GPU plan");
    device_ = current_device_info();
    copy_kernel_ = std::make_unique<BoxCopyKernel>(device_.arch(), element_bytes());
  }

  MemoryKind memory() const override { return MemoryKind::device; }
  std::string name() const override { return "GPU " + device_.name + " (batched 1-D plans, box-copy kernel)"; }
  Precision precision() const override { return precision_; }

  std::unique_ptr<LocalFft> make_fft(const LocalFftSpec& spec) override {
    return make_rows_local_fft(spec, *this, FFT3D_BACKEND_GPU);
  }
  std::unique_ptr<BoxCopies> make_copies(const std::vector<BoxCopy>& copies) override {
    return std::make_unique<GpuBoxCopies>(*copy_kernel_, copies, &stream_);
  }
  std::unique_ptr<Buffer> allocate(long long bytes) override { return std::make_unique<DeviceMemory>(bytes); }
  void copy(void* dst, const void* src, long long bytes) override {
    if (bytes > 0 && dst != src)
      FFT3D_CUDA_CHECK(cudaMemcpyAsync(dst, src, static_cast<size_t>(bytes), cudaMemcpyDeviceToDevice, cuda_stream()));
  }
  void check_pointer(const void* p, const std::string& what) const override {
    if (!pointer_is_on_device(p))
      fail(FFT3D_ERROR_INVALID_POINTER, what + " is not device memory, but the plan runs on the GPU");
  }
  void set_stream(CUstream_st* stream) override { stream_ = stream; }
  CUstream_st* stream() const override { return stream_; }
  void synchronize() override { FFT3D_CUDA_CHECK(cudaStreamSynchronize(cuda_stream())); }

 private:
  cudaStream_t cuda_stream() const { return reinterpret_cast<cudaStream_t>(stream_); }

  Precision precision_;
  DeviceInfo device_;
  std::unique_ptr<BoxCopyKernel> copy_kernel_;
  CUstream_st* stream_ = nullptr;
};

}  // namespace

std::unique_ptr<LocalEngine> make_gpu_engine(Precision precision) { return std::make_unique<GpuEngine>(precision); }

}  // namespace mpi
}  // namespace fft3d
