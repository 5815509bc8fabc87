// Probe of the fused XY pass's cross stage alone (issue 9): every block of a
// cluster fills its share, then reads its slice of (row, x) items from every
// block's share (distributed shared memory), as xy_strided_cross_phase does,
// 8 bytes (one f32 complex value) or 16 bytes (two neighbouring values) a
// load, or pushed the other way (remote stores, then a cluster barrier), or
// through the L2: each block stores its rows to the cluster's plane in
// global memory, a cluster barrier, then the same slice loaded from there
// (`ld.global.cg`, past the incoherent L1).
// Prints the throughput of the cross stage, timed as the difference between
// REPS and one repetition of it in each block, so that launch and fill
// costs cancel.
//   nvcc -std=c++17 -arch=sm_90 -O3 -o dsmem-probe apps/tools/dsmem_probe.cu && ./dsmem-probe
#include <cooperative_groups.h>

#include <cstdio>

#include "probe_timing.h"

namespace cg = cooperative_groups;

extern __shared__ float2 share[];

// Fills the block's share with values that name their place and block, then
// (after a cluster barrier) points shares[c] at block c's share.
template <int C, class Cluster, class Share>
__device__ void fill_and_map(Cluster& cluster, int rank, int count, Share (&shares)[C]) {
  for (int i = threadIdx.x; i < count; i += blockDim.x) share[i] = make_float2(float(i), float(rank));
  cluster.sync();
#pragma unroll
  for (int c = 0; c < C; ++c) shares[c] = cluster.map_shared_rank(share, c);
}

// Vec values per load (1: 8 bytes, 2: 16 bytes); C blocks per cluster;
// Sync: a cluster barrier after each stage, as the fused kernel has.
template <int C, int Vec, bool Sync>
__global__ void cross_probe(float* out, int rows, int n, int reps) {
  cg::cluster_group cluster = cg::this_cluster();
  const int rank = static_cast<int>(cluster.block_rank());
  const float2* shares[C];
  fill_and_map(cluster, rank, rows * n, shares);
  const int per_block = rows * n / C;
  float acc = 0.f;
  for (int rep = 0; rep < reps; ++rep) {
    for (int i = threadIdx.x * Vec; i < per_block; i += blockDim.x * Vec) {
      const int item = rank * per_block + i, k1 = item / n, x = item % n;
      const int at = k1 * n + x;
      if constexpr (Vec == 1) {
        float2 v[C];
#pragma unroll
        for (int c = 0; c < C; ++c) v[c] = shares[c][at];
#pragma unroll
        for (int c = 0; c < C; ++c) acc += v[c].x * v[c].y;
      } else {
        float4 v[C];
#pragma unroll
        for (int c = 0; c < C; ++c) v[c] = *reinterpret_cast<const float4*>(shares[c] + at);
#pragma unroll
        for (int c = 0; c < C; ++c) acc += v[c].x * v[c].y + v[c].z * v[c].w;
      }
    }
    asm volatile("" ::: "memory");  // no load hoisted out of the repetitions
    if (Sync) cluster.sync();
  }
  cluster.sync();
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// The other direction: every block writes what each block's slice needs
// from it into that block's share (remote stores, which no warp waits on),
// then the cluster barrier; the destination would read them locally.
template <int C>
__global__ void push_probe(float* out, int rows, int n, int reps) {
  cg::cluster_group cluster = cg::this_cluster();
  const int rank = static_cast<int>(cluster.block_rank());
  float2* shares[C];
  fill_and_map(cluster, rank, rows * n, shares);
  const int per_block = rows * n / C;
  for (int rep = 0; rep < reps; ++rep) {
    for (int i = threadIdx.x; i < per_block; i += blockDim.x) {
      float2 v[C];
#pragma unroll
      for (int c = 0; c < C; ++c) v[c] = share[c * per_block + i];
#pragma unroll
      for (int c = 0; c < C; ++c) shares[c][rank * per_block + i] = v[c];
    }
    cluster.sync();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = share[rank].x;
}

// The cross stage through the L2 instead of the SM-to-SM network: the
// cluster's plane in global memory (g_planes, one per cluster) stands in for
// the shares; the stores are what a fused kernel would write after X.
__device__ float2* g_planes;

// Global: how many of the C blocks' rows go through the L2 (the last ones);
// the others are read from their shares.
template <int C, int Global>
__global__ void l2_probe(float* out, int rows, int n, int reps) {
  cg::cluster_group cluster = cg::this_cluster();
  const int rank = static_cast<int>(cluster.block_rank());
  float2* plane = g_planes + static_cast<size_t>(blockIdx.x / C) * C * rows * n;
  const float2* shares[C];
  fill_and_map(cluster, rank, rows * n, shares);
  const int per_block = rows * n / C;
  float acc = 0.f;
  for (int rep = 0; rep < reps; ++rep) {
    if (rank >= C - Global)
      for (int i = threadIdx.x; i < rows * n; i += blockDim.x) __stcg(plane + rank * rows * n + i, share[i]);
    cluster.sync();
    for (int i = threadIdx.x; i < per_block; i += blockDim.x) {
      const int at = rank * per_block + i;  // the item's place in every block's rows
      float2 v[C];
#pragma unroll
      for (int c = 0; c < C; ++c) v[c] = c >= C - Global ? __ldcg(plane + c * rows * n + at) : shares[c][at];
#pragma unroll
      for (int c = 0; c < C; ++c) acc += v[c].x * v[c].y;
    }
    cluster.sync();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

template <int C, int Mode>
float time_ms(int rows, int n, int threads, int clusters, int reps, float* out) {
  // Mode 1, 2: pull 8- or 16-byte loads; 3: pull 8 bytes with a cluster
  // barrier per stage; 4: push with a barrier per stage; 5: through the L2;
  // 6: a quarter of the blocks' rows through the L2; 7: half.
  auto kernel = Mode == 7   ? l2_probe<C, C / 2>
                : Mode == 6 ? l2_probe<C, C / 4>
                : Mode == 5 ? l2_probe<C, C>
                : Mode == 4 ? push_probe<C>
                : Mode == 3 ? cross_probe<C, 1, true>
                : Mode == 2 ? cross_probe<C, 2, false>
                            : cross_probe<C, 1, false>;
  const size_t smem = static_cast<size_t>(rows) * n * sizeof(float2);
  cudaLaunchAttribute attr;
  const cudaLaunchConfig_t config = cluster_config(kernel, C, clusters * C, threads, smem, &attr);
  return median_ms([&] { CHECK(cudaLaunchKernelEx(&config, kernel, out, rows, n, reps)); });
}

const char* mode_name(int mode) {
  static const char* const names[] = {"",           "pull 8 B",       "pull 16 B",      "pull 8 B, barrier",
                                      "push, barrier", "through L2", "1/4 through L2", "half through L2"};
  return names[mode];
}

template <int C, int Mode>
void report(const char* what, int rows, int n, int threads, int clusters, float* out) {
  const int reps = 8;
  const float t1 = time_ms<C, Mode>(rows, n, threads, clusters, 1, out);
  const float tr = time_ms<C, Mode>(rows, n, threads, clusters, reps, out);
  const double bytes = static_cast<double>(clusters) * C * rows * n * sizeof(float2);  // one cross stage
  const double per_stage = (tr - t1) / (reps - 1);
  std::printf("%-18s C=%2d rows=%3d n=%3d threads=%3d %-17s: one stage %.4f ms (%.0f GB/s); "
              "kernel with one stage %.4f ms\n",
              what, C, rows, n, threads, mode_name(Mode), per_stage, bytes / per_stage / 1e6, t1);
}

int main() {
  float* out = nullptr;
  CHECK(cudaMalloc(&out, 64 << 20));
  float2* planes = nullptr;  // 512 planes of 512^2 f32, the largest case
  CHECK(cudaMalloc(&planes, 512ull * 512 * 512 * sizeof(float2)));
  CHECK(cudaMemcpyToSymbol(g_planes, &planes, sizeof(planes)));
  // The strided-rows shapes: 512^2 f32 (16 blocks of 32 rows, 256 threads),
  // 384^2 (12 of 32, 128 threads), 256^2 (16 of 16, 128 threads).
  report<16, 1>("512^2 plane", 32, 512, 256, 512, out);
  report<16, 3>("512^2 plane", 32, 512, 256, 512, out);
  report<16, 4>("512^2 plane", 32, 512, 256, 512, out);
  report<16, 3>("512^2 plane", 32, 512, 512, 512, out);
  report<16, 4>("512^2 plane", 32, 512, 512, 512, out);
  report<16, 5>("512^2 plane", 32, 512, 256, 512, out);
  report<16, 5>("512^2 plane", 32, 512, 512, 512, out);
  report<16, 6>("512^2 plane", 32, 512, 256, 512, out);
  report<16, 7>("512^2 plane", 32, 512, 256, 512, out);
  report<16, 6>("512^2 plane", 32, 512, 512, 512, out);
  report<12, 1>("384^2 plane", 32, 384, 128, 384, out);
  report<12, 3>("384^2 plane", 32, 384, 128, 384, out);
  report<12, 4>("384^2 plane", 32, 384, 128, 384, out);
  report<12, 5>("384^2 plane", 32, 384, 128, 384, out);
  report<16, 1>("256^2 plane", 16, 256, 128, 256, out);
  report<16, 3>("256^2 plane", 16, 256, 128, 256, out);
  report<16, 4>("256^2 plane", 16, 256, 128, 256, out);
  report<16, 5>("256^2 plane", 16, 256, 128, 256, out);
  report<16, 6>("256^2 plane", 16, 256, 128, 256, out);
  report<16, 7>("256^2 plane", 16, 256, 128, 256, out);
  report<8, 3>("256^2 plane", 32, 256, 128, 256, out);
  report<8, 5>("256^2 plane", 32, 256, 128, 256, out);
  CHECK(cudaFree(planes));
  CHECK(cudaFree(out));
  return 0;
}
