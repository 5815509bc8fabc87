// One five-step pass (A or B) as a kernel of the CPU block executor
// (common/block_executor.h): the layout is run-time data and each phase
// dispatches on the split's radices.
#pragma once
#include "multirow/five_step_kernel.h"

namespace fft3d {

template <typename Real, int Sign>
struct FiveStepOnHost {
  using Regs = kern::FiveStepRegs<Real>;
  kern::FiveStepLayout layout;
  kern::XArgs<Real> args;
  int threads() const { return layout.threads_per_block(); }
  long long shared_bytes() const { return 0; }
  int phases() const { return layout.phases(); }
  void phase(int p, const kern::ThreadCoord& tc, Regs& regs, void*) const {
    kern::five_step_phase_on_host<Sign>(layout, p, tc, regs, args);
  }
};

}  // namespace fft3d
