// The long-column form on the GPU (multirow/long_column.h): pass A (the
// column kernel of n1 with XLayout::long_n2) and pass B (n2-point DFTs in
// registers; split in balance, the column kernel of n2 out of place, or for
// long rows the row kernel of n2 with XLayout::transposed_store), compiled
// with NVRTC (cached), launched chunk by chunk through the pass's workspace.
#pragma once
#include <memory>
#include <vector>

#include "gpu/device.h"
#include "gpu/device_buffer.h"
#include "gpu/gpu_library.h"
#include "gpu/gpu_pass.h"
#include "multirow/long_column.h"

namespace fft3d {

class LongColumnPass final : public GpuPass {
 public:
  // columns, geometry: those the pass will run on (its workspace is sized
  // for their chunks; run refuses others that need more).
  LongColumnPass(const LongColumnVariant& variant, Precision precision, const DeviceInfo& device, long long columns,
                 const kern::RowGeometry& geometry);
  void run(void* data, long long columns, int sign, cudaStream_t stream, kern::RowGeometry geometry,
           double scale = 1.0) const override;
  // Out of place: pass A reads `in`, pass B writes `out` (the workspace
  // lies between them, so this costs no extra pass); `in` is not written.
  void run_out(const void* in, void* out, long long columns, int sign, cudaStream_t stream,
               kern::RowGeometry geometry, double scale = 1.0) const;
  std::string describe() const override;

 private:
  template <typename Real>
  void launch_chunks(const std::vector<LongColumnChunk>& chunks, const void* in, void* out, int inverse,
                     double scale, cudaStream_t stream) const;

  LongColumnVariant variant_;
  Precision precision_;
  long long a_shared_bytes_ = 0, b_shared_bytes_ = 0;
  int a_threads_ = 0, b_threads_ = 0;
  int b_lines_per_block_ = 0;  // pass B's lines a block (threads where it works in registers)
  std::unique_ptr<GpuLibrary> library_a_, library_b_;
  cudaKernel_t a_[2] = {}, b_[2] = {};  // [inverse]
  DeviceBuffer twiddles_n1_, twiddles_n2_, twiddles_length_, work_;
  // The chunks of the columns the pass was made for, computed once; run
  // recomputes them only for others.
  long long columns_ = 0;
  kern::RowGeometry geometry_{};
  std::vector<LongColumnChunk> chunks_;
};

}  // namespace fft3d
