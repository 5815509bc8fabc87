#include "copy_bandwidth.h"

#include "check.h"

namespace fft3d_bench {

double time_device_copy_ms(const Stream& stream, void* dst, const void* src, size_t bytes,
                           int repeats) {
  const int warmup = 2;  // first copy pays for lazy context / page-table setup
  return median(time_repetitions(stream, warmup, repeats, {}, [&] {
    CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, stream.get()));
  }));
}

}  // namespace fft3d_bench
