// The fused XY kernel on the GPU (see xy_kernel.h), strided rows: their
// loads, the schedule of one plane, and the persistent ring of share rows
// (XYLayout::ring_rows) with its bulk copies and mbarriers. The GPU only:
// the CPU executor runs the phases (xy_strided_phases.h).
#pragma once
#include "xy/xy_plane_device.h"
#include "xy/xy_strided_phases.h"

namespace fft3d {
namespace kern {

#if defined(__CUDACC_RTC__) || defined(__CUDACC__)
// Strided rows, the load on the GPU: xy_strided_load_phase's copies with
// cp.async (one complex value each: the padded share rows leave 8-byte
// values of f32 without 16-byte alignment; real pairs: one pair of reals),
// in load_chunks() commit groups of whole X groups (xy_await_chunk waits
// for one). Swizzled f32 rows (no pads, in order; not real pairs) take two
// values a copy where the block's input is 16-byte aligned.
template <class Cfg, typename Real>
__device__ __forceinline__ void xy_strided_load_device(int rank, long long plane, unsigned char* smem,
                                                       const XYArgs<Real>& a) {
  constexpr XYLayout L = Cfg::layout();
  constexpr int kColumns = L.columns();
  constexpr unsigned kValue = sizeof(Complex<Real>);
  const Complex<Real>* in = xy_strided_block_input(L, rank, plane, a);
  const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  // Unsigned, so that the divisions by constants are plain shifts or
  // multiplications; offsets within a plane fit 32 bits.
  constexpr unsigned kRowStep = L.cluster * L.pitch();
  constexpr unsigned kHalf = kColumns / 2;
  const bool plane_b = L.real_pairs() && xy_has_plane_b(plane, a);
  if constexpr (L.row_swizzle && !L.real_pairs() && kValue == 8 && L.share_pitch() % 2 == 0 && kRowStep % 2 == 0) {
    if ((reinterpret_cast<unsigned long long>(in) & 15) == 0) {  // then every row's start is too
#pragma unroll 1
      for (int c = 0; c < L.load_chunks(); ++c) {
        const unsigned begin = L.first_row_of_chunk(c) * kHalf, end = L.first_row_of_chunk(c + 1) * kHalf;
        for (unsigned i = begin + threadIdx.x; i < end; i += L.threads_per_block()) {
          const unsigned j = i / kHalf, x = 2 * (i % kHalf);
          asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst + (j * L.share_pitch() + x) * kValue),
                       "l"(in + (j * kRowStep + x))
                       : "memory");
        }
        asm volatile("cp.async.commit_group;\n" ::: "memory");
      }
      return;
    }
  }
#pragma unroll 1
  for (int c = 0; c < L.load_chunks(); ++c) {
    const unsigned begin = L.first_row_of_chunk(c) * kColumns, end = L.first_row_of_chunk(c + 1) * kColumns;
    for (unsigned i = begin + threadIdx.x; i < end; i += L.threads_per_block()) {
      const unsigned j = i / kColumns, x = i % kColumns;
      const Complex<Real>* from = in + (j * kRowStep + x);
      unsigned to = dst + (j * L.share_pitch() + xy_share_slot(static_cast<int>(x), L.row_pads)) * kValue;
      if constexpr (L.real_pairs()) {  // a pair of reals of plane a's or b's row (xy_strided_load_phase)
        const unsigned b = x / kHalf, m = x % kHalf;
        from = in + (j * kRowStep + m) + (b == 0 ? 0 : a.plane_stride);
        to = dst + j * L.share_pitch() * kValue + (b * L.pair_offset() + 2 * m) * sizeof(Real);
        if (b == 1 && !plane_b) {
          *reinterpret_cast<Complex<Real>*>(smem + (to - dst)) = make_complex(Real(0), Real(0));
          continue;
        }
      }
      if constexpr (kValue == 16)
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(to), "l"(from) : "memory");
      else
        asm volatile("cp.async.ca.shared.global [%0], [%1], 8;\n" ::"r"(to), "l"(from) : "memory");
    }
    asm volatile("cp.async.commit_group;\n" ::: "memory");
  }
}

// Strided rows: the X stages of one group, read and write phases a barrier
// apart (xy_x_barrier), and (real rows) the post-processing.
template <class Cfg, int Sub, typename Real, int Capacity>
__device__ __forceinline__ void xy_strided_x_group(int group, XRegs<Real, Capacity>& regs, unsigned char* smem,
                                                   const XYArgs<Real>& a, int ring_offset = 0) {
  constexpr XYLayout L = Cfg::layout();
  if constexpr (Sub < 2 * L.x.stages) {
    constexpr StageGeom g = L.x.stage(Sub / 2);
    xy_strided_x_phase<Cfg::kSign, g.radix>(L.part_geom(0, sizeof(Real)), group, g, Sub,
                                             xy_thread_index<Cfg>(), regs, smem, a, ring_offset);
    xy_x_barrier<Cfg>();
    xy_strided_x_group<Cfg, Sub + 1>(group, regs, smem, a, ring_offset);
  } else if constexpr (L.real_rows()) {
    xy_strided_post_phase<Real>(L.part_geom(0, sizeof(Real)), group, xy_thread_index<Cfg>(), smem);
    xy_x_barrier<Cfg>();
  } else if constexpr (L.real_pairs()) {
    xy_strided_pair_post_phase<Real>(L.part_geom(0, sizeof(Real)), group, xy_thread_index<Cfg>(), smem);
    xy_x_barrier<Cfg>();
  }
}

// Strided rows: X in place (each group once await_group(group) says its
// rows have arrived: its load chunk, or a ring's rows), Y's first stage in
// place, the cluster barrier, Y's second stage across the cluster into
// global memory, the closing cluster barrier. Y loads: Y's first stage from
// global memory, then X in place, the cluster barrier and the rest as
// before. A ring's early rows lie at ring row ring_offset.
template <class Cfg, typename Real, int Capacity, class AwaitGroup>
__device__ __forceinline__ void xy_strided_plane_device(int rank, long long plane, XRegs<Real, Capacity>& regs,
                                                        unsigned char* smem, const XYArgs<Real>& a,
                                                        AwaitGroup await_group, int ring_offset = 0) {
  constexpr XYLayout L = Cfg::layout();
  constexpr XYPartGeom G = L.part_geom(1, sizeof(Real));
  const int tid = xy_thread_index<Cfg>();
  if constexpr (L.y_loads) {
    xy_strided_y_load_phase<Cfg::kSign, L.local_points()>(L, tid, rank, plane, smem, a);
    __syncthreads();
#pragma unroll 1
    for (int group = 0; group < L.x_groups(); ++group) xy_strided_x_group<Cfg, 0>(group, regs, smem, a);
  } else {
#pragma unroll 1
    for (int group = 0; group < L.x_groups(); ++group) {
      await_group(group);
      xy_strided_x_group<Cfg, 0>(group, regs, smem, a, ring_offset);
    }
    __syncthreads();
    xy_strided_local_phase<Cfg::kSign, L.local_points()>(G, L.y.stage(0), tid, rank, L.threads_per_block(), smem,
                                                         a, ring_offset);
  }
  xy_cluster_sync();  // every share's first Y stage (and X) done
  // Cluster loads only for f64 real pairs: the R2C forward's 240^3 and 256^3
  // ran 12 % and 8 % faster with them (H200), complex planes and f32 real
  // rows tied or lost up to 3 % (256^3 f32, 210^3 f64).
  const ClusterShares<Real, L.real_pairs() && sizeof(Real) == 8> shares{reinterpret_cast<const Complex<Real>*>(smem)};
  xy_strided_cross_phase<Cfg::kSign, L.cross_points()>(G, tid, rank, L.threads_per_block(), plane, shares, smem, a,
                                                       ring_offset);
  // No block leaves while another reads its share (relaxed, as in xy_plane_device).
  __cluster_barrier_arrive_relaxed();
  __cluster_barrier_wait();
}

// A ring's mbarrier at `bar` (a shared-memory address): armed for `bytes`
// by one thread, completed by the bulk copies' bytes, awaited by every
// thread for the phase of parity `parity`.
__device__ __forceinline__ void ring_barrier_arm(unsigned bar, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes) : "memory");
}
__device__ __forceinline__ void ring_barrier_wait(unsigned bar, unsigned parity) {
  unsigned done = 0;
  do {
    asm volatile(
        "{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\nselp.u32 %0, 1, 0, p;\n}"
        : "=r"(done)
        : "r"(bar), "r"(parity)
        : "memory");
  } while (!done);
}

// A ring's rows [j0, j1) of `plane` into their ring rows (early rows at
// `offset`): with `bulk`, one bulk copy (TMA) a row issued by warp 0's
// lanes, completing on the mbarrier `bar` (lane 0 arms it; each lane first
// orders the rows' last reads and writes, which came before a barrier,
// before its copies'); else (rows only 8-byte aligned) 8-byte cp.async by
// every thread, in one commit group.
template <class Cfg, typename Real>
__device__ __forceinline__ void xy_ring_load_device(int rank, long long plane, int offset, int j0, int j1,
                                                    unsigned char* smem, const XYArgs<Real>& a, bool bulk,
                                                    unsigned bar) {
  constexpr XYLayout L = Cfg::layout();
  constexpr unsigned kRowBytes = L.columns() * sizeof(Complex<Real>);
  constexpr unsigned kPitchBytes = L.share_pitch() * sizeof(Complex<Real>);
  constexpr long long kRowStep = static_cast<long long>(L.cluster) * L.pitch();
  constexpr int kEarly = L.ring_early_rows();
  const Complex<Real>* in = xy_strided_block_input(L, rank, plane, a);
  const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  if (bulk) {
    if (threadIdx.x >= kWarpSize || j1 <= j0) return;
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");  // every issuing lane
    if (threadIdx.x == 0) ring_barrier_arm(bar, static_cast<unsigned>(j1 - j0) * kRowBytes);
    __syncwarp();
    for (int j = j0 + xy_thread_index<Cfg>(); j < j1; j += kWarpSize)
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                       dst + xy_ring_row(kEarly, offset, j) * kPitchBytes),
                   "l"(in + j * kRowStep), "n"(kRowBytes), "r"(bar)
                   : "memory");
    return;
  }
  // Its own loop, not xy_copy_rows_async: that one's run-time piece size
  // took the 512^2 f32 ring kernels from 247 to 255 registers.
  constexpr unsigned kPerRow = kRowBytes / 8;
  for (unsigned i = j0 * kPerRow + threadIdx.x; i < j1 * kPerRow; i += L.threads_per_block()) {
    const int j = static_cast<int>(i / kPerRow);
    const unsigned at = i % kPerRow * 8;
    const char* from = reinterpret_cast<const char*>(in + j * kRowStep) + at;
    const unsigned to = dst + xy_ring_row(kEarly, offset, j) * kPitchBytes + at;
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8;\n" ::"r"(to), "l"(from) : "memory");
  }
  asm volatile("cp.async.commit_group;\n" ::: "memory");
}

// A ring (XYLayout::ring_rows): the cluster walks planes plane, plane +
// step, ... (step = the grid's clusters); as iteration i starts, the block
// loads plane i's late rows and plane i + 1's early rows into the ring rows
// plane i - 1 freed at its closing cluster barrier (xy_ring_row: the late
// rows' and the early rows' at the other offset), then transforms plane i
// (xy_strided_plane_device), awaiting its early rows before X's first group
// and its late ones before their first group. Bulk copies need 16-byte
// aligned rows in memory; other arrays load with cp.async, every row of the
// plane awaited before X.
template <class Cfg, typename Real>
__device__ __forceinline__ void xy_ring_device(int rank, long long plane, unsigned char* smem, const XYArgs<Real>& a) {
  constexpr XYLayout L = Cfg::layout();
  constexpr int kRows = L.rows_per_cta(), kEarly = L.ring_early_rows();
  static_assert(kEarly > 0 && kEarly <= kRows && L.load_chunks() == 1 && !L.y_loads && L.row_swizzle &&
                    L.share_pitch() * sizeof(Complex<Real>) % 16 == 0,
                "a ring: swizzled rows of whole 16-byte pieces, rows_per_cta < ring_rows <= 2 rows_per_cta");
  const long long step = static_cast<long long>(gridDim.x) / L.cluster;
  // Bulk copies need 16-byte aligned rows: the array's start and planes (the
  // rows' pitch is whole 16-byte pieces).
  const unsigned long long base_address = reinterpret_cast<unsigned long long>(a.in ? a.in : a.data);
  const bool bulk = (base_address | static_cast<unsigned long long>(a.plane_stride) * sizeof(Complex<Real>)) % 16 == 0;
  // mbarriers: [0], [1] the early rows of even and odd iterations, [2] the late rows.
  const unsigned bars = static_cast<unsigned>(__cvta_generic_to_shared(smem + L.ring_barrier_offset(sizeof(Real))));
  if (bulk && threadIdx.x == 0) {
    for (int b = 0; b < kRingBarriers; ++b)
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(bars + 8 * b) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  if (plane < a.planes) xy_ring_load_device<Cfg>(rank, plane, 0, 0, kEarly, smem, a, bulk, bars);
#pragma unroll 1
  for (unsigned i = 0; plane < a.planes; plane += step, ++i) {
    const int offset = (i % 2) * kEarly, next_offset = kEarly - offset;
    xy_ring_load_device<Cfg>(rank, plane, offset, kEarly, kRows, smem, a, bulk, bars + 16);
    if (plane + step < a.planes)
      xy_ring_load_device<Cfg>(rank, plane + step, next_offset, 0, kEarly, smem, a, bulk, bars + 8 * ((i + 1) % 2));
    else if (!bulk)
      asm volatile("cp.async.commit_group;\n" ::: "memory");  // an empty group: one behind, as every iteration
    // What does not change from plane to plane (the twiddles, the rows' and
    // the cluster's shares' addresses) is computed once and held through the
    // loop: 247 registers at 512^2 f32, against 209 for one plane a cluster,
    // but the SM holds one block anyway (f64 384^2 spills 392 bytes).
    // Laundering the shared memory's address and the thread's index had them
    // computed plane after plane: 224 registers, and 512^3 took 1.721 ms
    // against 1.558-1.560 (H200).
    XRegs<Real, L.elems_per_thread()> regs;
    xy_strided_plane_device<Cfg>(
        rank, plane, regs, smem, a,
        [&](int group) {
          if (!bulk) {
            if (group == 0) {  // this plane's rows: all but the next plane's early ones
              cp_async_wait_group<1>();
              __syncthreads();
            }
            return;
          }
          if (group == 0) ring_barrier_wait(bars + 8 * (i % 2), (i / 2) % 2);
          if (kEarly < kRows && group == L.ring_late_group()) ring_barrier_wait(bars + 16, i % 2);
        },
        offset);
  }
}
#endif

}  // namespace kern
}  // namespace fft3d
