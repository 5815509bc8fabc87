// The fused XY kernel on the GPU (see xy_kernel.h), the contiguous form:
// the cluster's shares through distributed shared memory, cp.async loads,
// the barriers, and the schedule of one plane (X first, or columns first).
// The GPU only: the CPU executor runs the phases (xy_plane_phases.h).
#pragma once
#include "xy/xy_plane_phases.h"

namespace fft3d {
namespace kern {

#if defined(__CUDACC_RTC__) || defined(__CUDACC__)
// threadIdx.x in the fused kernels (Cfg provides Real and layout()), in the
// form Cfg names, else bounded (thread_index) as xy_bounds_thread_index_by_rule says.
template <class Cfg>
__device__ __forceinline__ int xy_thread_index() {
  constexpr bool bounded = bounds_thread_index<Cfg>(xy_bounds_thread_index_by_rule(sizeof(typename Cfg::Real)));
  return thread_index<Cfg::layout().threads_per_block(), bounded>();
}

// The cluster's shares on the GPU: block rank's share mapped into this
// block's view of distributed shared memory.
template <typename Real, bool kClusterLoads = false>
struct ClusterShares {
  const Complex<Real>* local;
  __device__ __forceinline__ const Complex<Real>* of(int rank) const {
    return static_cast<const Complex<Real>*>(__cluster_map_shared_rank(local, static_cast<unsigned>(rank)));
  }
  // Value `index` of block rank's share. With kClusterLoads, through a 32-bit
  // shared::cluster address (mapa) instead of a 64-bit generic pointer: fewer
  // registers in some kernels (f64 real pairs of 256^2: 168 against 210; the
  // f32 C2R inverse's 256^2: 128 against 165), slower code in others.
  __device__ __forceinline__ Complex<Real> at(int rank, int index) const {
    if constexpr (!kClusterLoads) {
      return of(rank)[index];
    } else {
      unsigned address;
      asm("mapa.shared::cluster.u32 %0, %1, %2;"
          : "=r"(address)
          : "r"(static_cast<unsigned>(__cvta_generic_to_shared(local))), "r"(rank));
      address += static_cast<unsigned>(index * sizeof(Complex<Real>));
      Complex<Real> v;
      if constexpr (sizeof(Real) == 4)
        asm volatile("ld.shared::cluster.v2.f32 {%0, %1}, [%2];" : "=f"(v.re), "=f"(v.im) : "r"(address));
      else
        asm volatile("ld.shared::cluster.v2.f64 {%0, %1}, [%2];" : "=d"(v.re), "=d"(v.im) : "r"(address));
      return v;
    }
  }
};

// Bytes [begin, end) of the block's rows copied into the share with
// cp.async, 16-byte pieces where source and length allow, else 8-byte.
__device__ __forceinline__ void xy_copy_async(const char* src, unsigned dst, unsigned begin, unsigned end,
                                              int threads) {
  if ((reinterpret_cast<unsigned long long>(src) | begin | end) % 16 == 0) {
    for (unsigned i = begin + 16 * threadIdx.x; i < end; i += 16 * threads)
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst + i), "l"(src + i) : "memory");
  } else {
    for (unsigned i = begin + 8 * threadIdx.x; i < end; i += 8 * threads)
      asm volatile("cp.async.ca.shared.global [%0], [%1], 8;\n" ::"r"(dst + i), "l"(src + i) : "memory");
  }
}

// Rows [begin, end) of `row_bytes` each, `step` bytes apart in memory,
// copied into share rows `dst_pitch` bytes apart with cp.async (the split-Y
// pass's residue class of rows, the fused XZ pass's rows, the columns-first
// pass's columns), 16-byte pieces where alignment allows, else 8.
__device__ __forceinline__ void xy_copy_rows_async(const char* src, long long step, unsigned dst, unsigned dst_pitch,
                                                   unsigned row_bytes, int begin, int end, int threads) {
  const bool wide = (reinterpret_cast<unsigned long long>(src) | step | row_bytes | dst | dst_pitch) % 16 == 0;
  const unsigned piece = wide ? 16 : 8, per_row = row_bytes / piece;
  for (unsigned i = begin * per_row + threadIdx.x; i < end * per_row; i += threads) {
    const unsigned row = i / per_row, at = i % per_row * piece;
    const char* from = src + row * step + at;
    const unsigned to = dst + row * dst_pitch + at;
    if (wide)
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(to), "l"(from) : "memory");
    else
      asm volatile("cp.async.ca.shared.global [%0], [%1], 8;\n" ::"r"(to), "l"(from) : "memory");
  }
}

// The load phase on the GPU: the block's rows are contiguous (unless split
// or of XZ planes: then copied row by row), so they are copied into `share`
// with cp.async, every copy in flight at once, in load_chunks() commit
// groups of whole X groups; xy_await_chunk waits for one.
template <class Cfg, typename Real>
__device__ __forceinline__ void xy_load_device(int rank, long long plane, unsigned char* share,
                                               const XYArgs<Real>& a) {
  constexpr XYLayout L = Cfg::layout();
  int count = 0;
  const Complex<Real>* rows = xy_block_rows(L, rank, plane, a, &count);
  const char* src = reinterpret_cast<const char*>(rows);
  const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(share));
  const long long bytes = static_cast<long long>(count) * sizeof(Complex<Real>);
  constexpr long long kChunkRowBytes =
      static_cast<long long>(L.x.rows_per_block) * L.pitch() * sizeof(Complex<Real>);
  constexpr unsigned kRowBytes = L.pitch() * sizeof(Complex<Real>);
  const int row_count = static_cast<int>(bytes / kRowBytes);
#pragma unroll 1
  for (int c = 0; c < L.load_chunks(); ++c) {
    if constexpr (L.row_step() != L.pitch()) {  // rows apart
      const int begin = min_of(L.first_group_of_chunk(c) * L.x.rows_per_block, row_count);
      const int end = min_of(L.first_group_of_chunk(c + 1) * L.x.rows_per_block, row_count);
      xy_copy_rows_async(src, L.row_step() * static_cast<long long>(sizeof(Complex<Real>)), dst, kRowBytes, kRowBytes,
                         begin, end, L.threads_per_block());
    } else {
      const long long begin = min_of(L.first_group_of_chunk(c) * kChunkRowBytes, bytes);
      const long long end = min_of(L.first_group_of_chunk(c + 1) * kChunkRowBytes, bytes);
      xy_copy_async(src, dst, static_cast<unsigned>(begin), static_cast<unsigned>(end), L.threads_per_block());
    }
    asm volatile("cp.async.commit_group;\n" ::: "memory");
  }
}

template <int Pending>
__device__ __forceinline__ void cp_async_wait_group() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(Pending) : "memory");
}

// Waits until load chunk c is in the share (the chunks after it may still
// be in flight), for every thread of the block.
template <class Cfg>
__device__ __forceinline__ void xy_await_chunk(int c) {
  constexpr XYLayout L = Cfg::layout();
  static_assert(kMaxLoadChunks == 4, "one case per chunk still in flight");
  switch (L.load_chunks() - 1 - c) {
    case 0: cp_async_wait_group<0>(); break;
    case 1: cp_async_wait_group<1>(); break;
    case 2: cp_async_wait_group<2>(); break;
    default: cp_async_wait_group<3>(); break;
  }
  __syncthreads();
}

// The columns-first load on the GPU (xy_load_columns_phase's copies, with
// cp.async), awaited by the whole block.
template <class Cfg, typename Real>
__device__ __forceinline__ void xy_load_columns_device(int rank, long long plane, unsigned char* smem,
                                                       const XYArgs<Real>& a) {
  constexpr XYLayout L = Cfg::layout();
  constexpr unsigned kValue = sizeof(Complex<Real>);
  constexpr long long kStep = static_cast<long long>(L.row_step()) * kValue;  // rows apart in XZ planes
  int cols = 0;
  const int first = xy_block_columns(L, rank, &cols);
  const Complex<Real>* in = (a.in ? a.in : a.data) + plane * a.plane_stride;
  const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  if (cols > 0)
    xy_copy_rows_async(reinterpret_cast<const char*>(in + first), kStep, dst, L.share_pitch() * kValue, cols * kValue,
                       0, L.ny(), L.threads_per_block());
  if (L.real_rows() && rank == 0)  // column n, for xy_pack_phase
    xy_copy_rows_async(reinterpret_cast<const char*>(in + L.columns()), kStep,
                       dst + static_cast<unsigned>(L.unpack_offset(sizeof(Real))), kValue, kValue, 0, L.ny(),
                       L.threads_per_block());
  asm volatile("cp.async.commit_group;\n" ::: "memory");
  cp_async_wait_group<0>();
  __syncthreads();
}

// Every block's shared-memory writes before it, visible to every block
// after it. The shares are the only memory the barrier publishes, so each
// thread releases only its writes to its own block's shared memory
// (fence.release.sync_restrict::shared::cta) and then arrives
// relaxed. The default release arrive fenced all memory at cluster scope:
// its membar stalls were 9.6 % of the R2C 256^2 kernel's warp samples, and
// f64 256^3 took 0.425 ms with it against 0.406-0.409 (H100).
__device__ __forceinline__ void xy_cluster_sync() {
  asm volatile("fence.release.sync_restrict::shared::cta.cluster;\n" ::: "memory");
  __cluster_barrier_arrive_relaxed();
  __cluster_barrier_wait();
}

// The barrier between the phases of X rows: a warp barrier where the rows
// are warp-private (XYLayout::x_rows_in_warps), else a block barrier (rows
// of 9, 20 or 27 threads, or of more than a warp), as the layout's phases say.
template <class Cfg>
__device__ __forceinline__ void xy_x_barrier() {
  if constexpr (Cfg::layout().x_rows_in_warps())
    __syncwarp();
  else
    __syncthreads();
}

// The phases of one group of one part, unrolled at compile time. Cfg
// provides `Real`, `kSign` and a constexpr `layout()` (an XYLayout).
template <class Cfg, int Part, int Sub, typename Real, int Capacity, class Shares>
__device__ __forceinline__ void xy_run_part(int group, int rank, long long plane, int buffer,
                                            XRegs<Real, Capacity>& regs, unsigned char* smem, const Shares& shares,
                                            const XYArgs<Real>& a) {
  constexpr XYLayout L = Cfg::layout();
  constexpr XLayout P = Part == 0 ? L.x : L.y;
  if constexpr (Sub < P.phases()) {
    constexpr PhaseInfo ph = P.phase(Sub);
    constexpr XYPartGeom G = L.part_geom(Part, sizeof(Real));
    if constexpr (ph.stage == kPostPhase) {
      xy_real_post_phase<Real>(G, group, xy_thread_index<Cfg>(), rank, buffer, smem);
    } else if constexpr (ph.stage == kPrePhase) {
      xy_real_pre_phase<Real>(G, group, xy_thread_index<Cfg>(), rank, smem, shares);
    } else {
      constexpr StageGeom g = P.stage(ph.stage);
      xy_stage_phase<Cfg::kSign, g.radix>(G, group, g, ph, xy_thread_index<Cfg>(), rank, plane, buffer,
                                          regs, smem, shares, a);
    }
    if constexpr (Part == 0)
      xy_x_barrier<Cfg>();
    else
      __syncthreads();
    xy_run_part<Cfg, Part, Sub + 1>(group, rank, plane, buffer, regs, smem, shares, a);
  }
}

// The X groups (each after its load chunk has arrived), the cluster barrier,
// the Y groups and the closing cluster barrier of one plane in share
// `buffer`.
template <class Cfg, typename Real, int Capacity>
__device__ __forceinline__ void xy_plane_device(int rank, long long plane, int buffer, XRegs<Real, Capacity>& regs,
                                                unsigned char* smem, const XYArgs<Real>& a) {
  constexpr XYLayout L = Cfg::layout();
  const ClusterShares<Real> shares{
      reinterpret_cast<const Complex<Real>*>(smem + buffer * L.share_stride(sizeof(Real)))};
#pragma unroll 1
  for (int group = 0; group < L.x_groups(); ++group) {
    if (L.buffers == 1 && L.starts_chunk(group))
      xy_await_chunk<Cfg>(L.chunk_of_group(group));
    xy_run_part<Cfg, 0, 0>(group, rank, plane, buffer, regs, smem, shares, a);
  }
  xy_cluster_sync();  // every share complete
#pragma unroll 1
  for (int group = 0; group < L.y_groups(); ++group)
    xy_run_part<Cfg, 1, 0>(group, rank, plane, buffer, regs, smem, shares, a);
  // The last Y phase ended in a block barrier: column 0's transform is whole.
  if constexpr (L.real_rows()) {
    constexpr XYPartGeom G = L.part_geom(1, sizeof(Real));
    xy_unpack_phase(G, xy_thread_index<Cfg>(), rank, plane, smem, a);
  }
  // No block leaves (or reloads its share) while another reads it. Relaxed:
  // every read of another share was consumed before this point, and a
  // release here would wait for the plane's global stores to complete.
  __cluster_barrier_arrive_relaxed();
  __cluster_barrier_wait();
}

// Columns first (one share, one load): the pack phase (real rows), the Y
// groups in the share, the cluster barrier, the X groups across the
// cluster, the closing cluster barrier.
template <class Cfg, typename Real, int Capacity>
__device__ __forceinline__ void xy_columns_first_plane_device(int rank, long long plane, XRegs<Real, Capacity>& regs,
                                                              unsigned char* smem, const XYArgs<Real>& a) {
  constexpr XYLayout L = Cfg::layout();
  // Cluster loads in single precision: the C2R inverse's 256^2 kernel fell
  // from 165 to 128 registers (four blocks per SM instead of three) and
  // 384^3 ran 10 % faster, 256^3 0.6 % (H200); f64 256^3 lost 4.8 %.
  const ClusterShares<Real, sizeof(Real) == 4> shares{reinterpret_cast<const Complex<Real>*>(smem)};
  if constexpr (L.real_rows()) {
    xy_pack_phase<Real>(L.part_geom(1, sizeof(Real)), xy_thread_index<Cfg>(), rank, smem);
    __syncthreads();
  }
#pragma unroll 1
  for (int group = 0; group < L.y_groups(); ++group)
    xy_run_part<Cfg, 1, 0>(group, rank, plane, 0, regs, smem, shares, a);
  xy_cluster_sync();  // every share's columns transformed
#pragma unroll 1
  for (int group = 0; group < L.x_groups(); ++group)
    xy_run_part<Cfg, 0, 0>(group, rank, plane, 0, regs, smem, shares, a);
  // No block leaves while another reads its share (relaxed, as in xy_plane_device).
  __cluster_barrier_arrive_relaxed();
  __cluster_barrier_wait();
}
#endif

}  // namespace kern
}  // namespace fft3d
