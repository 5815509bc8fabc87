// The NVRTC source of one fused XY variant: a compile-time Cfg per direction
// and two extern "C" kernels, fft3d_xy_forward and fft3d_xy_inverse (only
// the forward for real rows, R2C), that run xy_block_device<Cfg> from the
// embedded xy/xy_kernel.h. The cluster size is given at launch (a launch
// attribute), not compiled in.
#pragma once
#include <string>

#include "xy/xy_variant.h"

namespace fft3d {

constexpr const char* kXYForwardKernel = "fft3d_xy_forward";
constexpr const char* kXYInverseKernel = "fft3d_xy_inverse";

// split > 1: the split-Y schedule's first pass (kern::XYLayout::split);
// row_stride > 0: rows that far apart (kern::XYLayout::row_stride, XZ planes).
std::string xy_kernel_source(int nx, int ny, Precision precision, const XYVariant& v, int split = 1,
                             int row_stride = 0);

}  // namespace fft3d
