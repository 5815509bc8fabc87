// What the numbers were measured on: printed at the top of every run.
#pragma once
#include <ostream>

namespace fft3d_bench {

// Device name, SM count, memory, driver/runtime/cuFFT/fft3d versions of the
// current device.
void print_device_info(std::ostream& out);

}  // namespace fft3d_bench
