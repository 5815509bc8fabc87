// The shape of a cluster-row kernel (fft1d/cluster_row_kernel.h) as plain
// constexpr data: the n-point row kernel of each block and the cluster
// size, and from them the phases, barriers and shares that the kernel, the
// launcher and the CPU executor agree on.
#pragma once
#include "fft1d/x_layout.h"

namespace fft3d {
namespace kern {

// The scalars the scatter and gather phases need, apart from the layout's
// arrays, so that on the GPU they pass as constants (a layout passed by
// reference stayed in local memory, 236 bytes a thread).
struct ClusterRowShape {
  int n;           // points a block
  int cluster;     // C
  int row_stride;  // the exchange's im parts start this many reals after its re parts
  int threads;     // threads a block
  FFT3D_HD constexpr long long length() const { return static_cast<long long>(cluster) * n; }
  // Block b's share of the positions j2 (scatter) and k2 (gather).
  FFT3D_HD constexpr int share_begin(int rank) const { return rank * n / cluster; }
  FFT3D_HD constexpr int share_end(int rank) const { return (rank + 1) * n / cluster; }
  // Real rows: block b's share of the pair indices p in [0, n / 2], each
  // the positions p and n - p (the real scatter and gather).
  FFT3D_HD constexpr int pair_share_begin(int rank) const { return rank * (n / 2 + 1) / cluster; }
  FFT3D_HD constexpr int pair_share_end(int rank) const { return (rank + 1) * (n / 2 + 1) / cluster; }
};

struct ClusterRowLayout {
  // The n-point row kernel of one subsequence: complex rows, one a block,
  // one exchange buffer (the scatter fills it, the gather reads it).
  XLayout local;
  int cluster;        // C, a codelet radix (the gather's DFT)
  bool real = false;  // rows of 2 C n reals as C n complex points: the forward's
                      // gather post-processes, the inverse's scatter pre-processes

  FFT3D_HD constexpr int threads() const { return local.threads_per_block(); }
  FFT3D_HD constexpr int phases() const { return 2 * local.stages + 2; }
  // Phase 0 scatters, 1 + 2 s reads stage s and 2 + 2 s writes it, the last gathers.
  FFT3D_HD constexpr bool scatters(int p) const { return p == 0; }
  FFT3D_HD constexpr bool gathers(int p) const { return p == phases() - 1; }
  FFT3D_HD constexpr int stage_of(int p) const { return (p - 1) / 2; }
  FFT3D_HD constexpr bool stage_reads(int p) const { return (p - 1) % 2 == 0; }
  // A cluster barrier follows the scatter, the last stage's write and the
  // gather; a block barrier every other phase.
  FFT3D_HD constexpr bool cluster_barrier_after(int p) const { return p == 0 || p >= phases() - 2; }
  // Stage s of the block's transform: from and to shared memory only (the
  // scatter fills the exchange, the gather empties it).
  FFT3D_HD constexpr StageGeom stage(int s) const {
    StageGeom g = local.stage(s);
    g.first = false;
    g.last = false;
    return g;
  }
  FFT3D_HD constexpr ClusterRowShape shape() const {
    return ClusterRowShape{local.n, cluster, local.row_stride(), threads()};
  }
};

}  // namespace kern
}  // namespace fft3d
