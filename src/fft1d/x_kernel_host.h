// The X-axis kernel as the CPU block executor runs it: the layout is run-time
// data and each phase dispatches on the stage's radix.
#pragma once
#include <stdexcept>

#include "common/block_executor.h"
#include "fft1d/x_kernel.h"

namespace fft3d {

template <typename Real, int Sign>
struct XKernelOnHost {
  static constexpr int kCapacity = 64;  // registers per thread the host model allows
  using Regs = kern::XRegs<Real, kCapacity>;

  kern::XLayout layout;
  kern::XArgs<Real> args;
  long long shared;  // as the GPU launcher gives both directions: the forward layout's

  int threads() const { return layout.threads_per_block(); }
  long long shared_bytes() const { return shared; }
  int phases() const { return layout.phases(); }
  void phase(int p, const kern::ThreadCoord& tc, Regs& regs, void* shared) const {
    kern::x_phase_on_host<Sign>(layout, p, tc, regs, static_cast<Real*>(shared), args);
  }
};

// Transforms args.rows rows with the executor (in place unless args.out is
// set). Sign -1 is forward; a real-rows layout runs its form for that sign.
template <typename Real>
void run_x_kernel_on_cpu(const kern::XLayout& forward_layout, int sign, const kern::XArgs<Real>& args) {
  const kern::XLayout layout = forward_layout.for_direction(sign);
  if (layout.elems_per_thread() > XKernelOnHost<Real, -1>::kCapacity)
    throw std::invalid_argument("X layout holds more registers per thread than the executor models");
  const long long blocks = (layout.lines(args.rows) + layout.rows_per_block - 1) / layout.rows_per_block;
  const long long shared = forward_layout.shared_bytes(sizeof(Real));
  if (sign < 0)
    run_blocks_on_cpu(XKernelOnHost<Real, -1>{layout, args, shared}, blocks);
  else
    run_blocks_on_cpu(XKernelOnHost<Real, +1>{layout, args, shared}, blocks);
}

}  // namespace fft3d
