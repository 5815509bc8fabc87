// The fused XY kernel (see xy_layout.h): the X and Y stages of the Stockham
// row and column kernels (stockham_stage_phase), with the X results kept in
// the cluster's shared memory instead of going back to global memory. The
// same phase function runs on the GPU (layout as compile-time constants, the
// cluster's shares reached through distributed shared memory) and in the CPU
// cluster executor (layout as run-time data, shares as plain arrays).
//
// The phases live in xy_plane_phases.h (whole rows) and
// xy_strided_phases.h (strided rows), the GPU's schedules in
// xy_plane_device.h and xy_strided_device.h. This header joins them: the
// CPU executor's run-time dispatch of a phase, and the kernel's body.
#pragma once
#include "xy/xy_plane_phases.h"
#include "xy/xy_strided_phases.h"
#if defined(__CUDACC_RTC__) || defined(__CUDACC__)
#include "xy/xy_strided_device.h"
#endif

namespace fft3d {
namespace kern {

// Strided rows on the CPU executor: phase p of one plane (a ring's rows
// at ring_offset; its loads are the executor's, see xy_kernel_host.h).
template <int Sign, typename Real, int Capacity>
inline void xy_strided_phase_on_host(const XYLayout& L, int p, int tid, int rank, long long plane,
                                     XRegs<Real, Capacity>& regs, void* const* blocks, const XYArgs<Real>& a,
                                     int ring_offset) {
  const XYPhase q = L.phase(p);
  unsigned char* smem = static_cast<unsigned char*>(blocks[rank]);
  if (q.part == kLoadPart && L.y_loads)
    return with_radix(L.local_points(), [&](auto radix) {
      xy_strided_y_load_phase<Sign, decltype(radix)::value>(L, tid, rank, plane, smem, a);
    });
  if (q.part == kLoadPart) return xy_strided_load_phase(L, tid, rank, plane, smem, a);
  const XYPartGeom G = L.part_geom(q.part, sizeof(Real));
  if (q.part == 0 && q.sub == 2 * L.x.stages)
    return L.real_pairs() ? xy_strided_pair_post_phase<Real>(G, q.group, tid, smem)
                          : xy_strided_post_phase<Real>(G, q.group, tid, smem);
  if (q.part == 0) {
    const StageGeom g = L.x.stage(q.sub / 2);
    return with_radix(g.radix, [&](auto radix) {
      xy_strided_x_phase<Sign, decltype(radix)::value>(G, q.group, g, q.sub, tid, regs, smem, a, ring_offset);
    });
  }
  if (q.sub == 0)
    return with_radix(L.local_points(), [&](auto radix) {
      xy_strided_local_phase<Sign, decltype(radix)::value>(G, L.y.stage(0), tid, rank, L.threads_per_block(), smem,
                                                           a, ring_offset);
    });
  const HostShares<Real> shares{blocks, 0};
  with_radix(L.cross_points(), [&](auto radix) {
    xy_strided_cross_phase<Sign, decltype(radix)::value>(G, tid, rank, L.threads_per_block(), plane, shares, smem,
                                                         a, ring_offset);
  });
}

// Run-time dispatch of phase p of one plane (XYLayout::phase) in share
// `buffer` (or a ring's, early rows at ring_offset), for the CPU cluster
// executor; blocks[r] is block r's shared memory.
template <int Sign, typename Real, int Capacity>
inline void xy_phase_on_host(const XYLayout& L, int p, int tid, int rank, long long plane, int buffer,
                             XRegs<Real, Capacity>& regs, void* const* blocks, const XYArgs<Real>& a,
                             int ring_offset = 0) {
  if (L.strided_rows) return xy_strided_phase_on_host<Sign>(L, p, tid, rank, plane, regs, blocks, a, ring_offset);
  const XYPhase q = L.phase(p);
  unsigned char* smem = static_cast<unsigned char*>(blocks[rank]);
  const long long share_offset = buffer * L.share_stride(sizeof(Real));
  if (q.part == kLoadPart && L.columns_first) return xy_load_columns_phase(L, tid, rank, plane, smem, a);
  if (q.part == kLoadPart) return xy_load_phase(L, tid, rank, plane, smem + share_offset, a);
  if (q.part == kUnpackPart) return xy_unpack_phase(L.part_geom(1, sizeof(Real)), tid, rank, plane, smem, a);
  if (q.part == kPackPart) return xy_pack_phase<Real>(L.part_geom(1, sizeof(Real)), tid, rank, smem);
  const XLayout& part = q.part == 0 ? L.x : L.y;
  const XYPartGeom G = L.part_geom(q.part, sizeof(Real));
  const PhaseInfo ph = part.phase(q.sub);
  const HostShares<Real> shares{blocks, share_offset};
  if (ph.stage == kPostPhase) return xy_real_post_phase<Real>(G, q.group, tid, rank, buffer, smem);
  if (ph.stage == kPrePhase) return xy_real_pre_phase<Real>(G, q.group, tid, rank, smem, shares);
  const StageGeom g = part.stage(ph.stage);
  with_radix(g.radix, [&](auto radix) {
    xy_stage_phase<Sign, decltype(radix)::value>(G, q.group, g, ph, tid, rank, plane, buffer, regs, smem, shares,
                                                 a);
  });
}

#if defined(__CUDACC_RTC__) || defined(__CUDACC__)
// The kernel's body: one block of a cluster, in the layout's form.
template <class Cfg>
__device__ __forceinline__ void xy_block_device(const XYArgs<typename Cfg::Real>& a) {
  using Real = typename Cfg::Real;
  constexpr XYLayout L = Cfg::layout();
  XRegs<Real, L.elems_per_thread()> regs;
  const int rank = static_cast<int>(__clusterRelativeBlockRank());
  long long plane = static_cast<long long>(blockIdx.x) / L.cluster;
  unsigned char* smem = fft3d_shared_memory;
  static_assert(L.row_stride_fits(), "rows apart: whole rows, one share, no split (rows_may_lie_apart)");
  if constexpr (L.strided_rows) {
    static_assert(L.buffers == 1 && L.split == 1 && !L.columns_first, "strided rows: one share, whole planes, X first");
    static_assert(!L.row_swizzle || (!L.y_loads && !L.row_pads && L.columns() % 32 == 0),
                  "swizzled share rows: rows of a multiple of 32 values, no pads, loaded in order");
    static_assert(L.ring_rows == 0 || (!L.real_rows() && !L.real_pairs()), "a ring holds complex rows");
    if constexpr (L.ring_rows > 0) return xy_ring_device<Cfg>(rank, plane, smem, a);
    if constexpr (!L.y_loads) xy_strided_load_device<Cfg>(rank, plane, smem, a);
    xy_strided_plane_device<Cfg>(rank, plane, regs, smem, a, [](int group) {
      constexpr XYLayout M = Cfg::layout();
      if (M.starts_chunk(group)) xy_await_chunk<Cfg>(M.chunk_of_group(group));
    });
  } else if constexpr (L.columns_first) {
    static_assert(L.buffers == 1 && L.split == 1, "columns first: one share, whole planes");
    xy_load_columns_device<Cfg>(rank, plane, smem, a);
    xy_columns_first_plane_device<Cfg>(rank, plane, regs, smem, a);
  } else if constexpr (L.buffers == 1) {  // one cluster per plane
    xy_load_device<Cfg>(rank, plane, smem, a);
    xy_plane_device<Cfg>(rank, plane, 0, regs, smem, a);
  } else {  // persistent: every block of a cluster walks the same planes
    static_assert(L.buffers == 2 && L.load_chunks() == 1, "double buffers load each plane in one chunk");
    constexpr long long kStride = L.share_stride(sizeof(Real));
    const long long step = static_cast<long long>(gridDim.x) / L.cluster;
    if (plane < a.planes) xy_load_device<Cfg>(rank, plane, smem, a);
#pragma unroll 1
    for (int buffer = 0; plane < a.planes; plane += step, buffer ^= 1) {
      // The other share's last readers passed the previous plane's closing
      // cluster barrier: load the next plane into it while this one computes.
      const bool next = plane + step < a.planes;
      if (next) xy_load_device<Cfg>(rank, plane + step, smem + (buffer ^ 1) * kStride, a);
      if (next) cp_async_wait_group<1>();
      else cp_async_wait_group<0>();
      __syncthreads();
      xy_plane_device<Cfg>(rank, plane, buffer, regs, smem, a);
    }
  }
}
#endif

}  // namespace kern
}  // namespace fft3d
