// Launch configurations of thread-block clusters (the fused XY pass,
// cluster rows). Clusters beyond kPortableCluster blocks (fft1d/x_variant.h)
// need cudaFuncAttributeNonPortableClusterSizeAllowed on their kernel.
#pragma once
#include <cuda_runtime_api.h>

#include "fft1d/x_variant.h"
#include "gpu/dependent_launch.h"

namespace fft3d {

// The launch of `blocks` blocks of `threads` threads and `shared_bytes` of
// dynamic shared memory in clusters of cluster_size, a programmatic
// dependent one where `dependent` (gpu/dependent_launch.h); attrs holds the
// attributes the config points to.
inline cudaLaunchConfig_t cluster_launch(long long blocks, int threads, long long shared_bytes, cudaStream_t stream,
                                         cudaLaunchAttribute (&attrs)[2], int cluster_size, bool dependent) {
  attrs[0].id = cudaLaunchAttributeClusterDimension;
  attrs[0].val.clusterDim.x = static_cast<unsigned>(cluster_size);
  attrs[0].val.clusterDim.y = 1;
  attrs[0].val.clusterDim.z = 1;
  attrs[1] = dependent_launch_attribute();
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(static_cast<unsigned>(blocks));
  config.blockDim = dim3(static_cast<unsigned>(threads));
  config.dynamicSmemBytes = static_cast<size_t>(shared_bytes);
  config.stream = stream;
  config.attrs = attrs;
  config.numAttrs = dependent ? 2 : 1;
  return config;
}

}  // namespace fft3d
