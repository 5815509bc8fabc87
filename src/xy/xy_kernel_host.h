// The fused XY kernel as the CPU cluster executor runs it: the layout is
// run-time data and each phase dispatches on its stage's radix.
//
// A double-buffered layout runs persistently, as on the GPU: `grid_clusters`
// clusters, cluster c taking planes c, c + grid_clusters, ... Its phases are
// the first plane's load into share 0, then per iteration i (share i % 2)
// the load of the next plane into the other share, followed by the plane's
// X and Y phases. The executor completes each load at once, so a load into
// a share some block still reads shows up as a wrong result.
//
// A ring (XYLayout::ring_rows) runs persistently the same way: the first
// phase loads the first plane's early rows, and iteration i's load phase
// loads its plane's late rows and the next plane's early rows into their
// ring rows, as the GPU issues them; a ring row loaded while some block
// still reads it shows up the same way.
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
  long long grid_clusters;  // persistent layouts (double-buffered, a ring): clusters in the grid

  bool persistent() const { return layout.persistent(); }
  long long iterations() const { return persistent() ? (args.planes + grid_clusters - 1) / grid_clusters : 1; }
  long long clusters() const { return persistent() ? grid_clusters : layout.clusters_for(args.planes); }

  int cluster() const { return layout.cluster; }
  int threads() const { return layout.threads_per_block(); }
  long long shared_bytes() const { return layout.shared_bytes(sizeof(Real)); }
  int phases() const {
    return persistent() ? 1 + static_cast<int>(iterations()) * layout.phases() : layout.phases();
  }
  int barrier_after(int p) const {
    if (!persistent() || p == 0) return layout.phase(p).barrier_after;
    return layout.phase((p - 1) % layout.phases()).barrier_after;  // a load ends in a block barrier
  }
  void phase(int p, int tid, int rank, long long c, Regs& regs, void* const* shared) const {
    if (!persistent()) return kern::xy_phase_on_host<Sign>(layout, p, tid, rank, c, 0, regs, shared, args);
    if (layout.ring_rows > 0) return ring_phase(p, tid, rank, c, regs, shared);
    if (p == 0) {
      if (c < args.planes) kern::xy_phase_on_host<Sign>(layout, 0, tid, rank, c, 0, regs, shared, args);
      return;
    }
    const long long i = (p - 1) / layout.phases();
    const int q = (p - 1) % layout.phases();
    const long long plane = c + i * grid_clusters;
    const int buffer = static_cast<int>(i % 2);
    if (plane >= args.planes) return;
    if (q > 0) return kern::xy_phase_on_host<Sign>(layout, q, tid, rank, plane, buffer, regs, shared, args);
    if (plane + grid_clusters < args.planes)  // q = 0: the next plane's load
      kern::xy_phase_on_host<Sign>(layout, 0, tid, rank, plane + grid_clusters, 1 - buffer, regs, shared, args);
  }
  void ring_phase(int p, int tid, int rank, long long c, Regs& regs, void* const* shared) const {
    unsigned char* smem = static_cast<unsigned char*>(shared[rank]);
    const int rows = layout.rows_per_cta(), early = layout.ring_early_rows();
    if (p == 0) {
      if (c < args.planes) kern::xy_strided_rows_load(layout, tid, rank, c, 0, 0, early, smem, args);
      return;
    }
    const long long i = (p - 1) / layout.phases();
    const int q = (p - 1) % layout.phases();
    const long long plane = c + i * grid_clusters;
    const int offset = layout.ring_offset(i);
    if (plane >= args.planes) return;
    if (q > 0) return kern::xy_phase_on_host<Sign>(layout, q, tid, rank, plane, 0, regs, shared, args, offset);
    kern::xy_strided_rows_load(layout, tid, rank, plane, offset, early, rows, smem, args);  // q = 0: the loads
    if (plane + grid_clusters < args.planes)
      kern::xy_strided_rows_load(layout, tid, rank, plane + grid_clusters, layout.ring_offset(i + 1), 0, early,
                                 smem, args);
  }
};

// Transforms args.planes planes in place with the executor; sign -1 forward
// (real rows: the R2C forward X first, or the C2R inverse columns first).
// Persistent layouts (double-buffered, a ring) run on grid_clusters clusters (at least 1).
template <typename Real>
void run_xy_kernel_on_cpu(const kern::XYLayout& layout, int sign, const kern::XYArgs<Real>& args,
                          BlockOrder order = BlockOrder::ascending, long long grid_clusters = 1) {
  if (layout.elems_per_thread() > XYKernelOnHost<Real, -1>::kCapacity)
    throw std::invalid_argument("XY layout holds more registers per thread than the executor models");
  if (layout.cluster < 1 || layout.cluster > kern::kMaxCluster)
    throw std::invalid_argument("XY layout with a cluster size outside 1..16");
  if (layout.buffers < 1 || layout.buffers > 2 || grid_clusters < 1)
    throw std::invalid_argument("XY layout with other than 1 or 2 buffers, or an empty grid");
  if (layout.ring_rows > 0 &&
      (!layout.strided_rows || !layout.row_swizzle || layout.y_loads || layout.buffers != 1 ||
       layout.real_rows() || layout.real_pairs() ||
       layout.ring_early_rows() < 1 || layout.ring_early_rows() > layout.rows_per_cta()))
    throw std::invalid_argument(
        "a ring holds swizzled strided complex rows, more than a plane's and at most two planes'");
  if (layout.real_rows() && (sign > 0) != layout.columns_first)
    throw std::invalid_argument("the fused XY pass of real rows runs forward X first, or inverse columns first");
  if (layout.real_pairs() && (sign > 0 || !layout.strided_rows))
    throw std::invalid_argument("the fused XY pass of real pairs runs forward, in strided rows");
  if (layout.columns_first && (layout.buffers != 1 || layout.split != 1))
    throw std::invalid_argument("a columns-first XY layout holds one share of whole planes");
  if (!layout.row_stride_fits())
    throw std::invalid_argument("rows apart (XZ planes) take whole rows, one share, no split (rows_may_lie_apart)");
  kern::XYLayout directed = layout;  // real rows: the X part's pre- or post-processing
  directed.x = layout.x.for_direction(sign);
  if (sign < 0) {
    const XYKernelOnHost<Real, -1> k{directed, args, grid_clusters};
    run_clusters_on_cpu(k, k.clusters(), order);
  } else {
    const XYKernelOnHost<Real, +1> k{directed, args, grid_clusters};
    run_clusters_on_cpu(k, k.clusters(), order);
  }
}

}  // namespace fft3d
