// Host side of the five-step column form: which split n1 * n2 a column
// length allows, the layouts of its two passes, their NVRTC source, and a
// runner for the CPU block executor.
#pragma once
#include <string>
#include <utility>

#include "common/precision.h"
#include "fft1d/x_kernel.h"
#include "multirow/five_step_kernel.h"

namespace fft3d {

struct FiveStepVariant {
  int n1 = 0, n2 = 0;          // 0: the length has no five-step split
  int columns_per_block = 16;
  bool twiddle_table = false;

  std::string name() const;    // e.g. "fivestep16x16.cols16.tw-sincos"
};

// The split for a column of n points: n1 * n2 = n with both factors codelet
// radices (2, 3, 4, 5, 7, 8, 9, 16), as balanced as possible (256 = 16 x 16);
// n1 = 0 when there is none.
FiveStepVariant estimate_five_step_variant(int n, Precision precision);

kern::FiveStepLayout five_step_layout(const FiveStepVariant& v, bool pass_b);

// Source with kernels fft3d_fivestep_{a,b}_{forward,inverse}.
// reversed: every kernel walks its blocks from the last (see x_kernel_source).
std::string five_step_kernel_source(const FiveStepVariant& v, Precision precision, bool reversed = false);

// Runs both passes with the CPU block executor (tests): pass A walks its
// blocks as args.reversed says, pass B as reversed_b.
template <typename Real>
void run_five_step_on_cpu(const FiveStepVariant& v, int sign, const kern::XArgs<Real>& args,
                          bool reversed_b = false);

}  // namespace fft3d
