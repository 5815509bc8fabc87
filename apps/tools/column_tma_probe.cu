// Probe of the column passes' traffic with the tensor memory accelerator
// (issue 9): does a TMA copy of a block's whole columns into shared memory
// move Y and Z columns faster than the threads' own loads? Each block takes
// W neighbouring columns of an n^3 complex cube, all n elements of each, in
// a share as large as the column kernels' (n * W values: one block per SM
// at 512^3), and copies them back in place:
//   threads   each thread loads its elements into registers, barrier, stores
//             (the column kernels' first and last stages, without the FFT);
//   tma-load  one thread loads the share with 3-D tensor boxes of W values
//             by up to 256 rows (cp.async.bulk.tensor, mbarrier), the threads
//             read it into registers, barrier, store from registers;
//   tma-both  TMA load, then the share stored back by TMA (no thread copies).
// Prints the copy rate (bytes read and written over the median of 10 timed
// runs after two warm-ups).
//   nvcc -std=c++17 -arch=sm_90 -O3 -o column-tma-probe apps/tools/column_tma_probe.cu -lcuda && ./column-tma-probe
#include <cuda.h>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "probe_timing.h"

enum class Mode { threads, tma_load, tma_both };
const char* mode_name(Mode m) { return m == Mode::threads ? "threads " : m == Mode::tma_load ? "tma-load" : "tma-both"; }

__device__ uint32_t smem_address(const void* p) { return static_cast<uint32_t>(__cvta_generic_to_shared(p)); }

// Block b's columns: x = (b % (n / W)) * W .. + W, and y (Z columns) or z
// (Y columns) = b / (n / W); its elements lie `step` apart.
template <typename T, int W, int Threads>
__global__ void __launch_bounds__(Threads) column_copy(T* data, const __grid_constant__ CUtensorMap map, int n,
                                                   char axis, Mode mode) {
  extern __shared__ __align__(128) unsigned char share_bytes[];
  T* share = reinterpret_cast<T*>(share_bytes);
  __shared__ __align__(8) uint64_t full;
  const long long plane = 1LL * n * n;
  const long long step = axis == 'y' ? n : plane;
  const int x0 = (blockIdx.x % (n / W)) * W, other = blockIdx.x / (n / W);
  T* base = data + x0 + (axis == 'y' ? other * plane : other * static_cast<long long>(n));
  const int c = threadIdx.x % W, t = threadIdx.x / W;
  constexpr int tpc = Threads / W, most = 512 / tpc;  // elements a thread, at most

  if (mode == Mode::threads) {
    T v[most];
#pragma unroll
    for (int k = 0; k < most; ++k)
      if (t + k * tpc < n) v[k] = base[c + (t + k * tpc) * step];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < most; ++k)
      if (t + k * tpc < n) base[c + (t + k * tpc) * step] = v[k];
    return;
  }

  // Boxes of W values by `rows` elements along the column axis.
  const int rows = n < 256 ? n : 256, boxes = n / rows;
  const uint32_t bytes = static_cast<uint32_t>(n) * W * sizeof(T);
  const uint64_t map_address = reinterpret_cast<uint64_t>(&map);
  const int xf = x0 * static_cast<int>(sizeof(T) / sizeof(float));  // the map's inner unit is a float
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem_address(&full)));
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem_address(&full)), "r"(bytes)
                 : "memory");
    for (int b = 0; b < boxes; ++b) {
      const int y = axis == 'y' ? b * rows : other, z = axis == 'y' ? other : b * rows;
      asm volatile(
          "cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" ::
              "r"(smem_address(share + b * rows * W)),
          "l"(map_address), "r"(xf), "r"(y), "r"(z), "r"(smem_address(&full))
          : "memory");
    }
  }
  __syncthreads();  // the barrier is initialised before anyone waits on it
  uint32_t done = 0;
  while (!done)
    asm volatile(
        "{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
        : "=r"(done)
        : "r"(smem_address(&full))
        : "memory");

  if (mode == Mode::tma_load) {
    T v[most];
#pragma unroll
    for (int k = 0; k < most; ++k)
      if (t + k * tpc < n) v[k] = share[(t + k * tpc) * W + c];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < most; ++k)
      if (t + k * tpc < n) base[c + (t + k * tpc) * step] = v[k];
    return;
  }
  if (threadIdx.x == 0) {
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    for (int b = 0; b < boxes; ++b) {
      const int y = axis == 'y' ? b * rows : other, z = axis == 'y' ? other : b * rows;
      asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%0, {%1, %2, %3}], [%4];" ::"l"(map_address),
                   "r"(xf), "r"(y), "r"(z), "r"(smem_address(share + b * rows * W))
                   : "memory");
    }
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
  }
}

// The cube as floats: dims (2 n or 4 n floats, n, n), box (W values, rows
// along the column axis).
CUtensorMap cube_map(void* data, int n, int floats_per_value, int w, char axis) {
  CUtensorMap map;
  const cuuint64_t dims[3] = {static_cast<cuuint64_t>(n) * floats_per_value, static_cast<cuuint64_t>(n),
                              static_cast<cuuint64_t>(n)};
  const cuuint64_t row = static_cast<cuuint64_t>(n) * floats_per_value * sizeof(float);
  const cuuint64_t strides[2] = {row, row * n};
  const cuuint32_t rows = n < 256 ? n : 256;
  const cuuint32_t box[3] = {static_cast<cuuint32_t>(w * floats_per_value), axis == 'y' ? rows : 1u,
                             axis == 'y' ? 1u : rows};
  const cuuint32_t unit[3] = {1, 1, 1};
  const CUresult r = cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 3, data, dims, strides, box, unit,
                                            CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
                                            CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS) {
    std::fprintf(stderr, "cuTensorMapEncodeTiled failed: %d\n", static_cast<int>(r));
    std::exit(1);
  }
  return map;
}

template <typename T, int W, int Threads>
void report(const char* precision, T* data, int n, char axis, Mode mode) {
  const CUtensorMap map = cube_map(data, n, sizeof(T) / sizeof(float), W, axis);
  const size_t share = static_cast<size_t>(n) * W * sizeof(T);
  CHECK(cudaFuncSetAttribute(column_copy<T, W, Threads>, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(share)));
  const unsigned blocks = static_cast<unsigned>(1LL * n * n / W);
  const float ms = median_ms([&] { column_copy<T, W, Threads><<<blocks, Threads, share>>>(data, map, n, axis, mode); });
  std::printf("%s %3d^3 %c columns, %3zu-byte rows, %3d threads, %s: %.4f ms, %4.0f GB/s\n", precision, n, axis,
              W * sizeof(T), Threads, mode_name(mode), ms, 2.0 * n * n * n * sizeof(T) / ms / 1e6);
}

// Checks that every mode leaves the cube as it found it.
template <typename T, int W, int Threads>
bool unchanged(T* data, int n, char axis, Mode mode) {
  const size_t count = 1ull * n * n * n, bytes = count * sizeof(T);
  std::vector<float> before(bytes / sizeof(float)), after(before.size());
  for (size_t i = 0; i < before.size(); ++i) before[i] = static_cast<float>(i % 1000003);
  CHECK(cudaMemcpy(data, before.data(), bytes, cudaMemcpyHostToDevice));
  const CUtensorMap map = cube_map(data, n, sizeof(T) / sizeof(float), W, axis);
  const size_t share = static_cast<size_t>(n) * W * sizeof(T);
  CHECK(cudaFuncSetAttribute(column_copy<T, W, Threads>, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(share)));
  column_copy<T, W, Threads><<<static_cast<unsigned>(1LL * n * n / W), Threads, share>>>(data, map, n, axis, mode);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(after.data(), data, bytes, cudaMemcpyDeviceToHost));
  return before == after;
}

int main() {
  void* data = cube_buffer();
  float2* f = static_cast<float2*>(data);
  double2* d = static_cast<double2*>(data);
  const Mode modes[] = {Mode::threads, Mode::tma_load, Mode::tma_both};
  for (Mode m : modes)
    std::printf("%s leaves a 64^3 cube unchanged: %s\n", mode_name(m),
                unchanged<float2, 32, 512>(f, 64, 'z', m) && unchanged<float2, 32, 512>(f, 64, 'y', m) ? "yes" : "NO");
  for (char axis : {'y', 'z'})
    for (Mode m : modes) {
      // The column kernels' blocks: 512 f32 as 32 columns on 512 threads
      // (128 KB, one block per SM), f64 as 8 on 128 (64 KB) and 16 on 256;
      // 256 f32 as 32 on 512 (64 KB).
      report<float2, 32, 512>("f32", f, 512, axis, m);
      report<double2, 8, 128>("f64", d, 512, axis, m);
      report<double2, 16, 256>("f64", d, 512, axis, m);
      report<float2, 32, 512>("f32", f, 256, axis, m);
      report<double2, 8, 128>("f64", d, 256, axis, m);
    }
  CHECK(cudaFree(data));
  return 0;
}
