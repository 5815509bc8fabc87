// Cluster rows and columns (fft1d/cluster_row_kernel.h) as the CPU cluster
// executor runs them: the layout is run-time data, each phase dispatches on radices.
#pragma once
#include <stdexcept>

#include "common/cluster_executor.h"
#include "fft1d/cluster_row_kernel.h"

namespace fft3d {

template <typename Real, int Sign>
struct ClusterRowKernelOnHost {
  static constexpr int kCapacity = 64;  // registers per thread the host model allows (as XKernelOnHost)
  using Regs = kern::XRegs<Real, kCapacity>;

  kern::ClusterRowLayout layout;
  kern::XArgs<Real> args;

  int cluster() const { return layout.cluster; }
  int threads() const { return layout.threads(); }
  long long shared_bytes() const { return layout.local.shared_bytes(sizeof(Real)); }
  int phases() const { return layout.phases(); }
  kern::XYBarrier barrier_after(int p) const {
    return layout.cluster_barrier_after(p) ? kern::kClusterBarrier : kern::kBlockBarrier;
  }
  void phase(int p, int tid, int rank, long long row, Regs& regs, void* const* shared) const {
    auto shares = [shared](int r) { return static_cast<Real*>(shared[r]); };
    kern::cluster_row_phase_on_host<Sign>(layout, p, tid, rank, row, regs, shares, args);
  }
};

// args.rows rows of the layout's length, in place unless args.out is set;
// cluster columns (layout.columns): args.rows columns at args.geometry, in
// place. Outputs times args.scale. Sign -1 is forward.
template <typename Real>
void run_cluster_rows_on_cpu(const kern::ClusterRowLayout& layout, int sign, const kern::XArgs<Real>& args,
                             BlockOrder order = BlockOrder::ascending) {
  if (layout.local.elems_per_thread() > ClusterRowKernelOnHost<Real, -1>::kCapacity)
    throw std::invalid_argument("cluster-row layout holds more registers per thread than the executor models");
  const long long clusters = layout.columns > 0 ? (args.rows + layout.columns - 1) / layout.columns : args.rows;
  if (sign < 0)
    run_clusters_on_cpu(ClusterRowKernelOnHost<Real, -1>{layout, args}, clusters, order);
  else
    run_clusters_on_cpu(ClusterRowKernelOnHost<Real, +1>{layout, args}, clusters, order);
}

}  // namespace fft3d
