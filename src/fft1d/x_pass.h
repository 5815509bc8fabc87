// One Stockham pass on the GPU: a compiled variant (NVRTC, cached) that
// transforms rows of n contiguous elements, or strided columns, in place.
#pragma once
#include <cuda_runtime_api.h>

#include <memory>
#include <string>

#include "fft1d/x_kernel.h"
#include "fft1d/x_variant.h"
#include "gpu/device.h"
#include "gpu/device_buffer.h"
#include "gpu/gpu_pass.h"
#include "gpu/gpu_library.h"

namespace fft3d {

class XPass final : public GpuPass {
 public:
  // cross > 0: the Z columns of the split-Y schedule (XLayout::cross); they
  // run with a RowGeometry whose split is cross.
  XPass(int n, Precision precision, const XVariant& variant, const DeviceInfo& device, int cross = 0);

  // Transforms `rows` rows (or columns, for column variants, located by
  // geometry) starting at data, in place; sign -1 forward, +1 inverse.
  // Enqueued on stream; does not synchronise.
  void run(void* data, long long rows, int sign, cudaStream_t stream,
           kern::RowGeometry geometry = {1, 0, 1}, double scale = 1.0) const override;

  // Rows from `in` to `out` (equal: in place; otherwise not overlapping),
  // consecutive rows in_pitch and out_pitch reals apart (0: dense complex
  // rows of n). Real-rows variants read and write real data on their side.
  void run_rows(const void* in, void* out, long long rows, int sign, cudaStream_t stream, long long in_pitch,
                long long out_pitch, double scale = 1.0) const;

  // Later runs walk the blocks from the last (same results; see
  // XArgs::reversed): kernels compiled that way, the first time it is asked.
  void set_reversed(bool reversed);

  // Later runs stream through L2 (FFT3D_L2_STREAMING, fft1d/x_kernel.h),
  // as the last pass of a transform should: kernels compiled that way, the
  // first time it is asked.
  void set_streaming(bool streams);

  const XVariant& variant() const { return variant_; }
  std::string describe() const override;

 private:
  void launch_rows(const void* in, void* out, long long rows, int sign, cudaStream_t stream,
                   kern::RowGeometry geometry, double scale, long long in_pitch, long long out_pitch) const;
  void copy_rows(const void* in, void* out, long long rows, long long in_pitch, long long out_pitch,
                 cudaStream_t stream) const;

  int n_;
  int cross_;
  Precision precision_;
  XVariant variant_;
  XVariantFacts facts_{};
  int rows_per_line_ = 1;  // rows of data per block line (kern::XLayout::rows_per_line)
  // The kernels of one compiled form: forward and inverse.
  struct Kernels {
    std::unique_ptr<GpuLibrary> library;
    cudaKernel_t forward = nullptr, inverse = nullptr;
  };
  // Compiles the form (reversed, streams) unless it is already.
  void compile(bool reversed, bool streams);

  std::string arch_;
  Kernels kernels_[2][2];  // [reversed][streams], compiled when first asked
  DeviceBuffer twiddles_;
  bool reversed_ = false;
  bool streams_ = false;
};

}  // namespace fft3d
