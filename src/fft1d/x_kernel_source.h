// The NVRTC source of one X-axis variant: a compile-time Cfg per direction
// and two extern "C" kernels, fft3d_x_forward and fft3d_x_inverse, that run
// x_block_device<Cfg> from the embedded fft1d/x_kernel.h.
#pragma once
#include <string>

#include "fft1d/x_variant.h"

namespace fft3d {

constexpr const char* kXForwardKernel = "fft3d_x_forward";
constexpr const char* kXInverseKernel = "fft3d_x_inverse";

// The parameter list of an X-family kernel whose Real is `real` ("float" or
// "double"), and the kern::XArgs its body builds from them (two parameters
// of at most 128 bytes each: see kern::XArgs).
std::string x_kernel_parameters(const std::string& real);
std::string x_kernel_arguments(const std::string& real);

// The layout as a C++ aggregate initialiser ("fft3d::kern::XLayout{...}"),
// so that a kernel sees its geometry as constants.
std::string x_layout_initializer(const kern::XLayout& L);

// The Cfg member naming a kernel's thread-index form ("static constexpr int
// kThreadIndex = ...;", kern::bounds_thread_index); empty for the rule's.
std::string thread_index_member(ThreadIndex form);

// reversed: the kernels walk their blocks from the last (pass_order.h), a
// compile-time choice so that the usual kernels carry no trace of it (as a
// run-time flag it cost f64 kernels up to 6 registers and 7-10 %, H100).
// cross: XLayout::cross, the split-Y schedule's Z columns (0: none).
// streams: FFT3D_L2_STREAMING (x_kernel.h), for a transform's last pass.
// long_n2: XLayout::long_n2, pass A of long columns (0: none).
// transposed_store: pass B of long rows (long_row_b_layout).
std::string x_kernel_source(int n, Precision precision, const XVariant& v, bool reversed = false, int cross = 0,
                            bool streams = false, int long_n2 = 0, bool transposed_store = false);

}  // namespace fft3d
