// Probe of the column passes' memory traffic alone (issue 9): each block
// loads a block of neighbouring columns of an n^3 complex cube into
// registers, waits at a barrier and stores them back, as a column kernel's
// first and last stages do, for Y columns (elements one row apart) and Z
// columns (one plane apart), with rows of 128 or 256 bytes a block (the
// same threads a column and elements a thread, so twice the threads a
// block for 256). Prints the copy rate (bytes read and written over the
// median of 10 timed runs after two warm-ups).
//   nvcc -std=c++17 -arch=sm_90 -O3 -o column-stride-probe apps/tools/column_stride_probe.cu && ./column-stride-probe
#include <cstdio>

#include "probe_timing.h"

// Block (bx, by) takes columns [bx * W, bx * W + W) and their elements
// [by * NZ, by * NZ + NZ), NZ / TPC a thread: W * TPC threads. In a cube,
// the elements of a column lie `step` apart (n for Y, a plane for Z), and
// column c starts at c % step in plane c / step.
template <typename T, int W, int NZ, int TPC>
__global__ void column_copy(T* data, long long step, long long plane) {
  const long long col = static_cast<long long>(blockIdx.x) * W + threadIdx.x % W;
  const int t = threadIdx.x / W;
  if (col >= plane) return;  // a cube has a plane's worth of columns either way
  T* base = data + (col % step + col / step * plane) + static_cast<long long>(blockIdx.y) * NZ * step;
  T v[NZ / TPC];
#pragma unroll
  for (int k = 0; k < NZ / TPC; ++k) v[k] = base[(t + k * TPC) * step];
  __syncthreads();
#pragma unroll
  for (int k = 0; k < NZ / TPC; ++k) base[(t + k * TPC) * step] = v[k];
}

template <typename T, int W, int NZ, int TPC>
void report(const char* precision, T* data, int n, char axis) {
  const long long plane = 1LL * n * n;
  // Y: columns x + z * plane, elements a row apart; Z: columns x + y * n,
  // elements a plane apart.
  const long long step = axis == 'y' ? n : plane;
  const dim3 grid(static_cast<unsigned>((plane + W - 1) / W), static_cast<unsigned>(n / NZ));
  const float ms = median_ms([&] { column_copy<T, W, NZ, TPC><<<grid, W * TPC>>>(data, step, plane); });
  std::printf("%s %3d^3 %c columns, %3zu-byte rows, %3d z a block, %3d threads: %.4f ms, %4.0f GB/s\n", precision, n,
              axis, W * sizeof(T), NZ, W * TPC, ms, 2.0 * plane * n * sizeof(T) / ms / 1e6);
}

int main() {
  void* data = cube_buffer();
  double2* d = static_cast<double2*>(data);
  float2* f = static_cast<float2*>(data);
  for (char axis : {'y', 'z'}) {
    // Whole columns of 512 on 16 threads each: f64 in the ESTIMATE's 8
    // columns; f32 in 16 (the ESTIMATE's 32 hold more registers than a
    // thread of this probe has).
    report<double2, 8, 512, 16>("f64", d, 512, axis);
    report<float2, 16, 512, 16>("f32", f, 512, axis);
    // 128- against 256-byte rows, same threads a column and elements a thread.
    report<double2, 8, 128, 4>("f64", d, 512, axis);
    report<double2, 16, 128, 4>("f64", d, 512, axis);
    report<float2, 16, 128, 4>("f32", f, 512, axis);
    report<float2, 32, 128, 4>("f32", f, 512, axis);
    report<double2, 8, 64, 4>("f64", d, 384, axis);
    report<double2, 16, 64, 4>("f64", d, 384, axis);
    report<double2, 8, 100, 4>("f64", d, 500, axis);
    report<double2, 16, 100, 4>("f64", d, 500, axis);
    report<float2, 16, 64, 4>("f32", f, 320, axis);
    report<float2, 32, 64, 4>("f32", f, 320, axis);
    report<float2, 16, 80, 4>("f32", f, 400, axis);
    report<float2, 32, 80, 4>("f32", f, 400, axis);
  }
  CHECK(cudaFree(data));
  return 0;
}
