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
  int row_stride;  // reals from one shared row to the next (re parts of every line, then im parts)
  int threads;     // threads a block
  int columns;     // W neighbouring columns a cluster (ClusterRowLayout::columns); 0: one row
  int gather_items;  // columns: k2 positions a thread takes in the gather (ClusterRowLayout::gather_items)
  FFT3D_HD constexpr long long length() const { return static_cast<long long>(cluster) * n; }
  // Lines (rows or columns) a cluster transforms together, one shared row each.
  FFT3D_HD constexpr int lines() const { return columns > 0 ? columns : 1; }
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
  // Cluster columns: W > 0 neighbouring Y or Z columns of a grid a cluster
  // (XArgs::geometry; local.rows_per_block = W, one shared row a column),
  // so that each global access moves W values of a grid row: 64-byte rows
  // of long columns copied at 60-74 % of the 128-byte rows' rate. Their
  // scatter is local (block j1 loads its own subsequence, rows C j2 + j1,
  // W values each), and their gather takes three phases so that remote
  // reads and global writes are both contiguous: the C-point DFTs with
  // neighbouring threads on neighbouring k2 (remote reads), a cluster
  // barrier, the results into the block's own share, a block barrier, then
  // out with neighbouring threads on neighbouring columns. n % C == 0. 0: rows.
  int columns = 0;

  FFT3D_HD constexpr int threads() const { return local.threads_per_block(); }
  FFT3D_HD constexpr int gather_phases() const { return columns > 0 ? 3 : 1; }
  FFT3D_HD constexpr int phases() const { return 2 * local.stages + 1 + gather_phases(); }
  // Phase 0 scatters, 1 + 2 s reads stage s and 2 + 2 s writes it, the
  // last gather_phases() gather (gather_step 0, 1, 2).
  FFT3D_HD constexpr bool scatters(int p) const { return p == 0; }
  FFT3D_HD constexpr int gather_step(int p) const { return p - 2 * local.stages - 1; }
  FFT3D_HD constexpr bool gathers(int p) const { return gather_step(p) >= 0; }
  FFT3D_HD constexpr int stage_of(int p) const { return (p - 1) / 2; }
  FFT3D_HD constexpr bool stage_reads(int p) const { return (p - 1) % 2 == 0; }
  // A cluster barrier follows the last stage's write (the gather reads
  // every block) and the gather's remote reads (rows: the whole gather, so
  // that no block leaves while others read it; columns: step 0, before a
  // block overwrites its share); the rows' scatter too (it writes every
  // block). A block barrier every other phase.
  FFT3D_HD constexpr bool cluster_barrier_after(int p) const {
    return p == 2 * local.stages || gather_step(p) == 0 || (p == 0 && columns == 0);
  }
  // The gather's values a thread holds between its steps 0 and 1 (columns).
  FFT3D_HD constexpr int gather_items() const {
    return columns > 0 ? (n_per_share() * columns + threads() - 1) / threads() : 0;
  }
  FFT3D_HD constexpr int n_per_share() const { return local.n / cluster; }
  // Stage s of the block's transform: from and to shared memory only (the
  // scatter fills the exchange, the gather empties it).
  FFT3D_HD constexpr StageGeom stage(int s) const {
    StageGeom g = local.stage(s);
    g.first = false;
    g.last = false;
    return g;
  }
  FFT3D_HD constexpr ClusterRowShape shape() const {
    return ClusterRowShape{local.n, cluster, local.row_stride(), threads(), columns, gather_items()};
  }
};

// Whether a cluster-row kernel bounds its thread index (kern::thread_index):
// f32 real rows only. H200, f32: R2C 131072x8x8 0.0735-0.0743 ms plain
// against 0.0649-0.0653 bounded (65536x16x16 level); complex rows ran
// faster plain, C2C 32768x8x32 0.1348-0.1354 against 0.1383-0.1397 and
// 32768x32x32 0.4445-0.4486 against 0.4645-0.4673 (docs/BENCHMARKS.md).
FFT3D_HD constexpr bool cluster_row_bounds_thread_index(bool real, int real_bytes) { return real && real_bytes == 4; }

}  // namespace kern
}  // namespace fft3d
