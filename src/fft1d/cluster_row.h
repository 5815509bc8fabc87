// Host side of cluster rows (fft1d/cluster_row_kernel.h): the split of a
// row length into C blocks of n points, the kernel layout, its NVRTC
// source (the CPU cluster executor's runner: fft1d/cluster_row_host.h).
#pragma once
#include <optional>
#include <string>

#include "common/precision.h"
#include "fft1d/cluster_row_layout.h"
#include "fft1d/x_variant.h"

namespace fft3d {

struct ClusterRowVariant {
  int cluster = 0;    // C blocks a row; 0: none
  XVariant local;     // the n-point row kernel of each block (one row a block)
  bool real = false;  // real rows of 2 length reals (ClusterRowLayout::real): R2C forward, C2R inverse

  // e.g. "cluster2.r32-32-16.t512.rows1.pad-none.tw-sincos.mb0", real rows
  // "cluster2.real-half.r32-...".
  std::string name() const;
  bool operator==(const ClusterRowVariant& o) const {
    return cluster == o.cluster && local == o.local && real == o.real;
  }
};

// The layout of rows of `length` points in clusters of v.cluster blocks.
// Throws Error(INTERNAL) where v.cluster does not divide length or the
// local variant is not a complex row kernel of one row a block and one
// exchange buffer.
kern::ClusterRowLayout make_cluster_row_layout(int length, Precision precision, const ClusterRowVariant& v);

// Whether v fits the device: its local kernel (threads, shared memory,
// registers, the executor's model) and the cluster size.
bool cluster_row_fits(int length, Precision precision, const ClusterRowVariant& v, const DeviceLimits& limits);

// The smallest cluster C (a codelet radix of at most limits.max_cluster
// that divides length) whose n = length / C row kernel (estimate_x_variant,
// one row a block) fits; `cluster` > 0 asks for that C only. None where no
// C fits (or the device has no clusters).
std::optional<ClusterRowVariant> cluster_row_variant(int length, Precision precision, const DeviceLimits& limits,
                                                     int cluster = 0);

// Blocks of at most this many threads run several to an SM.
constexpr int kClusterRowBlockThreads = 256;

// The ESTIMATE, measured on an H200 (batched 1-D, ms; docs/BENCHMARKS.md,
// "Cluster rows"):
// 1. the smallest C of at most kPortableCluster blocks with at most
//    kClusterRowBlockThreads threads, so that several blocks share an SM
//    and one's scatter and gather overlap another's stages: f32 32768 on 8
//    blocks of 256 threads 0.527, against 0.682 on 2 of 1024 and 0.804 on 4
//    of 1024; f64 16384 on 4 of 256 0.489, against 0.658 on 2 of 512;
// 2. else the smallest such C with larger blocks: f32 65536 on 4 of 1024
//    0.737, against 0.867 on 8 of 1024 and 0.904 on 16 of 256; f64 65536
//    on 8 of 512 0.773, against 0.784 on 16 of 256 and long rows' 0.811;
// 3. else, in single precision, the smallest C that fits (f32 262144 on 16
//    of 1024: 1.328, against long rows' 2.070); in double none, so long
//    rows (f64 131072: 0.907, against 1.099 on 16 of 512).
// Clusters of 16 lost wherever a smaller one fit (f32 131072: 1.277
// against 0.794 on 8; f64 16384: 0.669 against 0.476).
std::optional<ClusterRowVariant> estimate_cluster_row_variant(int length, Precision precision,
                                                              const DeviceLimits& limits);

// Source with kernels fft3d_cluster_row_forward and fft3d_cluster_row_inverse.
std::string cluster_row_source(int length, Precision precision, const ClusterRowVariant& v);
constexpr const char* kClusterRowForwardKernel = "fft3d_cluster_row_forward";
constexpr const char* kClusterRowInverseKernel = "fft3d_cluster_row_inverse";

}  // namespace fft3d
