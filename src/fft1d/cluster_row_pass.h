// Cluster rows on the GPU (fft1d/cluster_row_kernel.h): X rows too long for
// one block's shared memory in one pass over memory, each on a cluster of
// blocks (distributed shared memory), compiled with NVRTC (cached); or
// cluster columns, groups of neighbouring Y or Z columns the same way.
#pragma once
#include <memory>
#include <string>

#include "fft1d/cluster_row.h"
#include "gpu/device.h"
#include "gpu/device_buffer.h"
#include "gpu/gpu_library.h"
#include "gpu/gpu_pass.h"

namespace fft3d {

class ClusterRowPass final : public GpuPass {
 public:
  ClusterRowPass(int length, Precision precision, const ClusterRowVariant& variant, const DeviceInfo& device);
  // Dense rows of `length` points, in place (geometry is ignored: rows are
  // contiguous and `length` apart); cluster columns (variant.columns): the
  // `rows` columns at `geometry`, in place.
  void run(void* data, long long rows, int sign, cudaStream_t stream, kern::RowGeometry geometry,
           double scale = 1.0) const override;
  // From `in` to `out` (equal: in place; otherwise not overlapping); `in`
  // is not written.
  void run_out(const void* in, void* out, long long rows, int sign, cudaStream_t stream, double scale = 1.0) const;
  // As run_out, consecutive rows in_pitch and out_pitch reals apart (0:
  // dense complex rows of `length`); real variants read and write real rows
  // of 2 length reals on their real side, as XPass::run_rows.
  void run_rows(const void* in, void* out, long long rows, int sign, cudaStream_t stream, long long in_pitch,
                long long out_pitch, double scale = 1.0) const;
  std::string describe() const override;

 private:
  template <typename Real>
  void launch(const void* in, void* out, long long rows, int sign, cudaStream_t stream, long long in_pitch,
              long long out_pitch, double scale) const;
  template <typename Real>
  void launch_columns(void* data, long long columns, int sign, cudaStream_t stream, kern::RowGeometry geometry,
                      double scale) const;
  template <typename Real>
  void enqueue(const kern::XArgs<Real>& a, long long clusters, int sign, cudaStream_t stream) const;

  int length_;
  Precision precision_;
  ClusterRowVariant variant_;
  kern::ClusterRowLayout layout_;
  long long shared_bytes_ = 0;
  std::unique_ptr<GpuLibrary> library_;
  cudaKernel_t kernels_[2] = {};  // [inverse]
  DeviceBuffer twiddles_;         // the local n-point table (table variants)
};

}  // namespace fft3d
