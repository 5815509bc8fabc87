// The five-step column form on the GPU: its two kernels (pass A, pass B),
// compiled with NVRTC (cached), launched one after the other.
#pragma once
#include <memory>

#include "gpu/device.h"
#include "gpu/device_buffer.h"
#include "gpu/gpu_library.h"
#include "gpu/gpu_pass.h"
#include "multirow/five_step.h"

namespace fft3d {

class FiveStepPass final : public GpuPass {
 public:
  FiveStepPass(const FiveStepVariant& variant, Precision precision, const DeviceInfo& device);
  void run(void* data, long long columns, int sign, cudaStream_t stream,
           kern::RowGeometry geometry, double scale = 1.0) const override;
  std::string describe() const override;
  // Later runs walk the blocks of pass A and of pass B from the last (same
  // results; see XArgs::reversed): kernels compiled that way, the first time
  // either is asked.
  void set_reversed(bool a, bool b);

 private:
  FiveStepVariant variant_;
  Precision precision_;
  std::unique_ptr<GpuLibrary> library_;
  std::string arch_;
  std::unique_ptr<GpuLibrary> reversed_library_;
  cudaKernel_t kernels_[2][2] = {};           // [pass b][inverse]
  cudaKernel_t reversed_kernels_[2][2] = {};  // the same, walking from the last block
  DeviceBuffer twiddles_;
  bool reversed_[2] = {false, false};  // [pass b]
};

}  // namespace fft3d
