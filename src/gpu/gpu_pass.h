// One pass of a GPU plan over the data: a compiled kernel (or pair) that
// transforms rows or columns in place on a stream.
#pragma once
#include <cuda_runtime_api.h>

#include <string>

#include "fft1d/x_kernel.h"

namespace fft3d {

class GpuPass {
 public:
  virtual ~GpuPass() = default;
  // Transforms `count` rows or columns located by geometry; sign -1 forward.
  // Outputs are multiplied by scale as they are stored (normalisation fused
  // into the last pass).
  virtual void run(void* data, long long count, int sign, cudaStream_t stream,
                   kern::RowGeometry geometry, double scale = 1.0) const = 0;
  virtual std::string describe() const = 0;

  // Launches its kernels as programmatic dependents (gpu/dependent_launch.h)
  // where `on`. Passes start without; plans decide (dependent_launch_pays).
  void set_dependent_launch(bool on) { dependent_ = on; }

 protected:
  bool dependent_ = false;
};

}  // namespace fft3d
