// The copy-bandwidth ceiling: a device-to-device cudaMemcpyAsync of the same
// bytes an FFT set reads and writes. An out-of-L2 FFT in place can at best
// match it, so "% of copy" is how close a transform gets to memory speed.
#pragma once
#include <cstddef>

#include "gpu_timer.h"

namespace fft3d_bench {

// Median milliseconds of `repeats` copies of `bytes` from src to dst.
double time_device_copy_ms(const Stream& stream, void* dst, const void* src, size_t bytes,
                           int repeats);

// Bytes moved per second, counting the read and the write, in GB/s (1e9).
inline double read_write_gbps(double bytes, double ms) { return 2.0 * bytes / (ms * 1e6); }

}  // namespace fft3d_bench
