// The fused XY kernel as the CPU cluster executor runs it: the layout is
// run-time data and each phase dispatches on its stage's radix.
#pragma once
#include <stdexcept>

#include "common/cluster_executor.h"
#include "xy/xy_kernel.h"

namespace fft3d {

template <typename Real, int Sign>
struct XYKernelOnHost {
  static constexpr int kCapacity = 64;  // registers per thread the host model allows
  using Regs = kern::XRegs<Real, kCapacity>;

  kern::XYLayout layout;
  kern::XYArgs<Real> args;

  int cluster() const { return layout.cluster; }
  int threads() const { return layout.threads_per_block(); }
  long long shared_bytes() const { return layout.shared_bytes(sizeof(Real)); }
  int phases() const { return layout.phases(); }
  int barrier_after(int p) const { return layout.phase(p).barrier_after; }
  void phase(int p, int tid, int rank, long long plane, Regs& regs, void* const* shared) const {
    kern::xy_phase_on_host<Sign>(layout, p, tid, rank, plane, regs, static_cast<unsigned char*>(shared[rank]),
                                 kern::HostShares<Real>{shared}, args);
  }
};

// Transforms args.planes planes in place with the executor; sign -1 forward.
template <typename Real>
void run_xy_kernel_on_cpu(const kern::XYLayout& layout, int sign, const kern::XYArgs<Real>& args,
                          BlockOrder order = BlockOrder::ascending) {
  if (layout.elems_per_thread() > XYKernelOnHost<Real, -1>::kCapacity)
    throw std::invalid_argument("XY layout holds more registers per thread than the executor models");
  if (layout.cluster < 1 || layout.cluster > kern::kMaxCluster)
    throw std::invalid_argument("XY layout with a cluster size outside 1..16");
  if (sign < 0)
    run_clusters_on_cpu(XYKernelOnHost<Real, -1>{layout, args}, args.planes, order);
  else
    run_clusters_on_cpu(XYKernelOnHost<Real, +1>{layout, args}, args.planes, order);
}

}  // namespace fft3d
