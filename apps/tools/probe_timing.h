// What the standalone probes in apps/tools share: a checked CUDA call that
// exits on failure (a probe is a program, not the library), the buffer the
// column probes copy cubes in, the launch of a kernel on clusters, and the
// median time of a launch over 10 runs after two warm-ups, from events.
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                              \
  do {                                                                                           \
    cudaError_t e_ = (call);                                                                     \
    if (e_ != cudaSuccess) {                                                                     \
      std::fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
      std::exit(1);                                                                              \
    }                                                                                            \
  } while (0)

// A zeroed device buffer that holds a 512^3 f64 cube and some (the column
// probes' cubes, up to that size, in either precision); cudaFree it.
inline void* cube_buffer() {
  const size_t bytes = 2200ull << 20;
  void* data = nullptr;
  CHECK(cudaMalloc(&data, bytes));
  CHECK(cudaMemset(data, 0, bytes));
  return data;
}

// `launch` enqueues the work once on the default stream.
template <class Launch>
float median_ms(Launch&& launch) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  std::vector<float> times;
  for (int i = 0; i < 12; ++i) {
    CHECK(cudaEventRecord(a));
    launch();
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(b));
    CHECK(cudaEventSynchronize(b));
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, a, b));
    if (i >= 2) times.push_back(ms);  // two warm-ups
  }
  CHECK(cudaEventDestroy(a));
  CHECK(cudaEventDestroy(b));
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

// A launch of `blocks` blocks of `threads` on clusters of `cluster` blocks
// (up to 16: non-portable sizes allowed) with `smem` bytes of dynamic shared
// memory; *attr must outlive the returned configuration.
template <class Kernel>
cudaLaunchConfig_t cluster_config(Kernel kernel, int cluster, int blocks, int threads, size_t smem,
                                  cudaLaunchAttribute* attr) {
  CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
  CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  *attr = cudaLaunchAttribute{};
  attr->id = cudaLaunchAttributeClusterDimension;
  attr->val.clusterDim.x = cluster;
  attr->val.clusterDim.y = 1;
  attr->val.clusterDim.z = 1;
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(blocks);
  config.blockDim = dim3(threads);
  config.dynamicSmemBytes = smem;
  config.attrs = attr;
  config.numAttrs = 1;
  return config;
}
