// The fused XY pass on the GPU: a compiled XY variant (NVRTC, cached)
// launched with one thread-block cluster per plane.
#pragma once
#include <cuda_runtime_api.h>

#include <memory>
#include <string>
#include <vector>

#include "gpu/device.h"
#include "gpu/device_buffer.h"
#include "gpu/gpu_library.h"
#include "gpu/gpu_pass.h"
#include "xy/xy_variant.h"

namespace fft3d {

class XYPass final : public GpuPass {
 public:
  // Throws Error(UNSUPPORTED_SIZE) when the variant does not fit the device,
  // or the device cannot schedule one of its clusters.
  // split > 1: the first pass of the split-Y schedule (kern::XYLayout::split),
  // ny rows of each residue class modulo split; `planes` then counts
  // residue classes (split per memory plane). row_stride > 0: the plane's
  // rows lie that many complex values apart (kern::XYLayout::row_stride):
  // the fused XZ pass, ny its Z length.
  XYPass(int nx, int ny, Precision precision, const XYVariant& variant, const DeviceInfo& device, int split = 1,
         int row_stride = 0);

  // Transforms `planes` nx * ny planes, geometry.outer complex values apart,
  // in place; sign -1 forward. Enqueued on stream; does not synchronise.
  void run(void* data, long long planes, int sign, cudaStream_t stream, kern::RowGeometry geometry,
           double scale = 1.0) const override;

  // Planes read from `in` and written to `out` (equal: in place; otherwise
  // not overlapping), both `plane_stride` complex values apart. A variant of
  // real rows runs one way (else Error(INTERNAL)): forward (sign -1), or
  // inverse (+1) where its columns come first.
  void run_out(const void* in, void* out, long long planes, int sign, cudaStream_t stream, long long plane_stride,
               double scale = 1.0) const;

  std::string describe() const override;

 private:
  int nx_, ny_;
  int split_;       // kern::XYLayout::split
  int row_stride_;  // kern::XYLayout::row_stride
  Precision precision_;
  XYVariant variant_;
  XYVariantFacts facts_{};
  int max_active_clusters_ = 0;
  std::unique_ptr<GpuLibrary> library_;
  cudaKernel_t forward_ = nullptr, inverse_ = nullptr;
  DeviceBuffer x_twiddles_, y_twiddles_;
};

// Compiles the kernels of the variants the device can run into the module
// cache, in parallel, so that a tuner building and timing one XYPass at a
// time waits for NVRTC once rather than once per variant. Does nothing
// without a module cache (the cubins would be thrown away); a variant that
// fails to compile is left for its XYPass to report.
void precompile_xy_variants(int nx, int ny, Precision precision, const std::vector<XYVariant>& variants,
                            const DeviceInfo& device);

}  // namespace fft3d
