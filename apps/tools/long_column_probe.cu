// Probe of long columns' memory traffic (issue 9): in 1024^3 and
// 2048 x 2048 x 32 f32 grids the column passes of 1024 and 2048 points run
// at 53-74 % of DRAM throughput (Y) and 60 % (Z of 1024^3), cuFFT's alike,
// against 85 % for X. Is that the pattern (64-byte rows: 8 columns a block)
// or the kernels' occupancy (one or two blocks of 64-128 KB per SM, load,
// compute and store in turn)? Each block copies W neighbouring columns,
// NZ elements of each, through registers (NZ / TPC a thread), optionally
// holding `smem` bytes of shared memory so that it runs at the column
// kernels' occupancy. Prints the copy rate (bytes read and written over the
// median of 10 timed runs after two warm-ups). The shared memory is only
// reserved at launch, never touched. Rows of 96 and 192 bytes (12 and 24
// columns) straddle 128-byte lines: they copied at about 60 % of the rate
// of 64-byte rows on an H200 (docs/BENCHMARKS.md, "Long rows split in
// balance").
//   nvcc -std=c++17 -arch=sm_90 -O3 -o long-column-probe apps/tools/long_column_probe.cu && ./long-column-probe
#include <cstdio>

#include "probe_timing.h"

// Column c of the pass: Y columns are x + z * nx * ny (elements nx apart),
// Z columns x + y * nx (elements a plane apart). Block (bx, by) takes
// columns [bx * W, bx * W + W) and their elements [by * NZ, by * NZ + NZ).
template <typename T, int W, int NZ, int TPC, int MinBlocks>
__global__ void __launch_bounds__(W * TPC, MinBlocks) column_copy(T* data, long long nx, long long step, long long columns, int y_axis) {
  const long long col = static_cast<long long>(blockIdx.x) * W + threadIdx.x % W;
  const int t = threadIdx.x / W;
  if (col >= columns) return;
  // Y: step = nx, column (x, z) starts at x + z * nx * ny, ny = gridDim.y * NZ.
  T* base = data + (y_axis ? col % nx + (col / nx) * (step * gridDim.y * NZ) : col) +
            static_cast<long long>(blockIdx.y) * NZ * step;
  T v[NZ / TPC];
#pragma unroll
  for (int k = 0; k < NZ / TPC; ++k) v[k] = base[(t + k * TPC) * step];
  __syncthreads();
#pragma unroll
  for (int k = 0; k < NZ / TPC; ++k) base[(t + k * TPC) * step] = v[k];
}

template <typename T, int W, int NZ, int TPC, int MinBlocks = 1>
void report(T* data, long long nx, long long ny, long long nz, char axis, int smem) {
  const long long length = axis == 'y' ? ny : nz;
  const long long step = axis == 'y' ? nx : nx * ny;
  const long long columns = nx * ny * nz / length;
  const dim3 grid(static_cast<unsigned>((columns + W - 1) / W), static_cast<unsigned>(length / NZ));
  auto kernel = column_copy<T, W, NZ, TPC, MinBlocks>;
  CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem > 0 ? smem : 1));
  const float ms = median_ms([&] { kernel<<<grid, W * TPC, smem>>>(data, nx, step, columns, axis == 'y'); });
  int per_sm = 0;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, W * TPC, smem));
  std::printf("f32 %lldx%lldx%lld %c columns, %3zu-byte rows, %4d elements a block, %4d threads, %6d B shared, "
              "%2d blocks/SM: %.4f ms, %4.0f GB/s\n",
              nx, ny, nz, axis, W * sizeof(T), NZ, W * TPC, smem, per_sm, ms,
              2.0 * nx * ny * nz * sizeof(T) / ms / 1e6);
}

int main() {
  float2* f = nullptr;
  CHECK(cudaMalloc(&f, 8ull << 30));
  CHECK(cudaMemset(f, 0, 8ull << 30));
  for (char axis : {'y', 'z'}) {
    // 1024^3: the ESTIMATE's block (8 columns, 256 threads, 64 KB) and one
    // of 16 columns (128 KB), then the pattern alone: 256 elements a block,
    // 16 a thread, 64-, 128- and 256-byte rows, at full occupancy and with
    // the shares such blocks would hold.
    report<float2, 8, 1024, 32, 2>(f, 1024, 1024, 1024, axis, 65600);
    report<float2, 16, 1024, 32, 1>(f, 1024, 1024, 1024, axis, 131264);
    report<float2, 8, 256, 16, 8>(f, 1024, 1024, 1024, axis, 0);
    report<float2, 16, 256, 16, 4>(f, 1024, 1024, 1024, axis, 0);
    report<float2, 32, 256, 16, 2>(f, 1024, 1024, 1024, axis, 0);
    report<float2, 8, 256, 16, 8>(f, 1024, 1024, 1024, axis, 16448);
    report<float2, 16, 256, 16, 4>(f, 1024, 1024, 1024, axis, 32832);
    report<float2, 32, 256, 16, 2>(f, 1024, 1024, 1024, axis, 65600);
    // Blocks of 12 columns (96-byte rows, 96 KB: two an SM) and 24 (192
    // bytes, 192 KB: one an SM), then 96-byte rows alone.
    report<float2, 12, 1024, 32, 2>(f, 1024, 1024, 1024, axis, 98368);
    report<float2, 24, 1024, 32, 1>(f, 1024, 1024, 1024, axis, 196672);
    report<float2, 12, 256, 16, 4>(f, 1024, 1024, 1024, axis, 0);
  }
  // 2048 x 2048 x 32, Y columns of 2048: the ESTIMATE's block (8 columns,
  // 512 threads, 128 KB), then the pattern alone.
  report<float2, 8, 2048, 64, 1>(f, 2048, 2048, 32, 'y', 131264);
  report<float2, 8, 256, 16, 8>(f, 2048, 2048, 32, 'y', 0);
  report<float2, 16, 256, 16, 4>(f, 2048, 2048, 32, 'y', 0);
  report<float2, 32, 256, 16, 2>(f, 2048, 2048, 32, 'y', 0);
  report<float2, 8, 512, 16, 4>(f, 2048, 2048, 32, 'y', 32832);
  report<float2, 16, 512, 16, 2>(f, 2048, 2048, 32, 'y', 65600);
  report<float2, 12, 2048, 64, 1>(f, 2048, 2048, 32, 'y', 196672);
  CHECK(cudaFree(f));
  return 0;
}
