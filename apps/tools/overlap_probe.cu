// Probe (issue 9): can the fused XY pass's cross stage overlap its DRAM
// traffic? At 512^2 f32 one block of 128 KB fills an SM, so load, cross
// stage and store run in turn. A pipelined kernel would stream the next
// plane while the cross stage pulls this one through distributed shared
// memory. That pays only if the SM-to-SM network and the DRAM path do not
// share one bottleneck (the GPC's port, the SM's load/store pipes).
//
// Each block has cross warps, which pull their slice of (row, x) items from
// every block of the cluster as xy_strided_cross_phase does, and copy
// warps, which stream one block's share of a plane from DRAM through a
// shared-memory ring and write as many bytes back: one pass's traffic.
// Modes: cross warps alone, copy warps alone, both at once. If both take
// max(cross, copy) the two overlap; if they take the sum, they share a limit.
// Times are the difference between REPS and one repetition, as in
// dsmem_probe.cu, so that launch and fill costs cancel.
//   nvcc -std=c++17 -arch=sm_90 -O3 -o overlap-probe apps/tools/overlap_probe.cu && ./overlap-probe
#include <cooperative_groups.h>

#include <cstdio>

#include "probe_timing.h"

namespace cg = cooperative_groups;

extern __shared__ float4 dynamic_share[];

constexpr int kRingBytes = 64 << 10;  // the copy warps' staging ring
constexpr int kUnroll = 8;            // 16-byte loads in flight per copy thread

enum Mode { kCross = 1, kCopy = 2, kBoth = 3 };

// Streams `bytes` from src to dst through the ring: every load lands in
// shared memory, as a pipelined kernel's next plane would, and the stores
// read it back from there.
__device__ float copy_slice(const float4* src, float4* dst, float4* ring, int lane, int lanes, int bytes) {
  const int count = bytes / 16, ring_count = kRingBytes / 16;
  float acc = 0.f;
  for (int base = lane; base < count; base += lanes * kUnroll) {
    float4 v[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const int i = base + u * lanes;
      v[u] = i < count ? __ldcs(src + i) : make_float4(0.f, 0.f, 0.f, 0.f);
    }
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) ring[(base + u * lanes) % ring_count] = v[u];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const int i = base + u * lanes;
      if (i < count) __stcs(dst + i, ring[i % ring_count]);
      acc += v[u].x;
    }
  }
  return acc;
}

// C blocks a cluster, each holding rows x n f32 complex values; the first
// cross_threads threads pull, the rest copy.
template <int C>
__global__ void overlap_probe(const float4* src, float4* dst, int slices, float* out, int rows, int n,
                              int cross_threads, int mode, int reps) {
  cg::cluster_group cluster = cg::this_cluster();
  const int rank = static_cast<int>(cluster.block_rank());
  const int count = rows * n;
  float2* share = reinterpret_cast<float2*>(dynamic_share);
  float4* ring = reinterpret_cast<float4*>(share + count);
  for (int i = threadIdx.x; i < count; i += blockDim.x) share[i] = make_float2(float(i), float(rank));
  cluster.sync();
  const int slice_bytes = count * static_cast<int>(sizeof(float2));
  float acc = 0.f;
  if (static_cast<int>(threadIdx.x) < cross_threads) {
    if (mode & kCross) {
      const float2* shares[C];
#pragma unroll
      for (int c = 0; c < C; ++c) shares[c] = cluster.map_shared_rank(share, c);
      const int per_block = count / C;
      for (int rep = 0; rep < reps; ++rep) {
        for (int i = threadIdx.x; i < per_block; i += cross_threads) {
          const int at = rank * per_block + i;
          float2 v[C];
#pragma unroll
          for (int c = 0; c < C; ++c) v[c] = shares[c][at];
#pragma unroll
          for (int c = 0; c < C; ++c) acc += v[c].x * v[c].y;
        }
        asm volatile("" ::: "memory");  // no load hoisted out of the repetitions
      }
    }
  } else if (mode & kCopy) {
    const int lane = threadIdx.x - cross_threads, lanes = blockDim.x - cross_threads;
    const size_t per_slice = slice_bytes / 16;
    for (int rep = 0; rep < reps; ++rep) {
      const size_t slice = (static_cast<size_t>(blockIdx.x) * reps + rep) % slices;  // fresh bytes, past L2
      acc += copy_slice(src + slice * per_slice, dst + slice * per_slice, ring, lane, lanes, slice_bytes);
    }
  }
  cluster.sync();  // no block leaves while others read its share
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

struct Shape {
  const char* what;
  int rows, n, cross_threads, copy_threads;
};

template <int C>
float time_ms(const Shape& s, const float4* src, float4* dst, int slices, float* out, int mode, int reps,
              int clusters) {
  auto kernel = overlap_probe<C>;
  const size_t smem = static_cast<size_t>(s.rows) * s.n * sizeof(float2) + kRingBytes;
  cudaLaunchAttribute attr;
  const cudaLaunchConfig_t config =
      cluster_config(kernel, C, clusters * C, s.cross_threads + s.copy_threads, smem, &attr);
  return median_ms([&] {
    CHECK(cudaLaunchKernelEx(&config, kernel, src, dst, slices, out, s.rows, s.n, s.cross_threads, mode, reps));
  });
}

template <int C>
void report(const Shape& s, const float4* src, float4* dst, size_t buffer_bytes, float* out) {
  const int reps = 8, clusters = 512;
  const int slices = static_cast<int>(buffer_bytes / (static_cast<size_t>(s.rows) * s.n * sizeof(float2)));
  const double plane_bytes = static_cast<double>(clusters) * C * s.rows * s.n * sizeof(float2);
  double per_stage[4] = {};
  for (int mode : {kCross, kCopy, kBoth}) {
    const float t1 = time_ms<C>(s, src, dst, slices, out, mode, 1, clusters);
    const float tr = time_ms<C>(s, src, dst, slices, out, mode, reps, clusters);
    per_stage[mode] = (tr - t1) / (reps - 1);
  }
  std::printf("%-12s C=%2d rows=%3d n=%3d cross %3d + copy %3d threads: cross alone %.4f ms (%.0f GB/s), "
              "copy alone %.4f ms (%.0f GB/s read + written), both %.4f ms = %.2f of the sum, %.2f of the max\n",
              s.what, C, s.rows, s.n, s.cross_threads, s.copy_threads, per_stage[kCross],
              plane_bytes / per_stage[kCross] / 1e6, per_stage[kCopy], 2 * plane_bytes / per_stage[kCopy] / 1e6,
              per_stage[kBoth], per_stage[kBoth] / (per_stage[kCross] + per_stage[kCopy]),
              per_stage[kBoth] / std::max(per_stage[kCross], per_stage[kCopy]));
}

int main() {
  const size_t buffer_bytes = 1ull << 30;  // 8192 slices of 128 KB each way, far past the L2
  float4 *src = nullptr, *dst = nullptr;
  float* out = nullptr;
  CHECK(cudaMalloc(&src, buffer_bytes));
  CHECK(cudaMalloc(&dst, buffer_bytes));
  CHECK(cudaMemset(src, 0, buffer_bytes));
  CHECK(cudaMalloc(&out, 64 << 20));
  // 512^2 f32 on clusters of 16 (the fused kernel's 256 threads), with
  // copy warps of 128 or 256 threads; then 384^2 on 12 as a second shape.
  report<16>({"512^2 plane", 32, 512, 256, 128}, src, dst, buffer_bytes, out);
  report<16>({"512^2 plane", 32, 512, 256, 256}, src, dst, buffer_bytes, out);
  report<16>({"512^2 plane", 32, 512, 128, 128}, src, dst, buffer_bytes, out);
  report<12>({"384^2 plane", 32, 384, 128, 128}, src, dst, buffer_bytes, out);
  CHECK(cudaFree(src));
  CHECK(cudaFree(dst));
  CHECK(cudaFree(out));
  return 0;
}
