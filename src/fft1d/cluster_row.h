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
  XVariant local;     // the n-point row kernel of each block (one row a block; columns: one row a column)
  bool real = false;  // real rows of 2 length reals (ClusterRowLayout::real): R2C forward, C2R inverse
  int columns = 0;    // cluster columns: W neighbouring Y or Z columns a cluster (ClusterRowLayout::columns)

  // e.g. "cluster2.r32-32-16.t512.rows1.pad-none.tw-sincos.mb0", real rows
  // "cluster2.real-half.r32-...", columns "cluster4.cols16.r16-16.t8.rows16...".
  std::string name() const;
  bool operator==(const ClusterRowVariant& o) const {
    return cluster == o.cluster && local == o.local && real == o.real && columns == o.columns;
  }
};

// The layout of rows of `length` points in clusters of v.cluster blocks.
// Throws Error(INTERNAL) where v.cluster does not divide length or the
// local variant is not a complex row kernel of one row a block (columns:
// one row a column) and one exchange buffer. Columns get an odd row stride
// (in banks), so that the scatter's and the gather's neighbouring columns,
// in neighbouring lanes, touch other banks.
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

// Blocks of at most this many threads run several to an SM; the smallest
// (4096 points at 32 values a thread) ran best.
constexpr int kClusterRowSmallBlockThreads = 128;
constexpr int kClusterRowBlockThreads = 256;

// A cluster block's local kernel holds this many values a thread (the row
// ESTIMATE holds 16 at these lengths) where its SM still runs at least
// kClusterMinWarpsPerSm warps of such blocks; else the row ESTIMATE's.
// Measured on an H200 (batched 1-D, ms; docs/BENCHMARKS.md, "Cluster rows
// holding 32 values a thread"): f32 65536 on 8 blocks of 256 threads
// 0.686 against 0.867 on 1024; f32 262144 on 16 of 512 1.064 against
// 1.290 on 1024; f64 32768 on 8 of 128 0.542 against 0.599 on 256. But
// f64 8192-point blocks (147 KB, one an SM) lost on 256 threads: 8 warps
// an SM (f64 65536 on 8: 0.825 against 0.768 on 512).
constexpr int kClusterValuesPerThread = 32;
constexpr int kClusterMinWarpsPerSm = 12;

// The ESTIMATE, measured on an H200 (batched 1-D, ms; docs/BENCHMARKS.md,
// "Cluster rows" and "Cluster rows holding 32 values a thread"):
// 1. the smallest C of at most kPortableCluster blocks with at most
//    kClusterRowSmallBlockThreads threads, then kClusterRowBlockThreads,
//    so that several blocks share an SM and one's scatter and gather
//    overlap another's stages: f32 32768 on 8 blocks of 128 threads 0.493,
//    against 0.597 on 4 of 256; f32 65536 on 8 of 256 0.683, against 0.760
//    on 4 of 512 and 0.694 on 16 of 128; f64 16384 on 4 of 128 0.457,
//    against 0.502 on 8 of 64; f64 32768 on 8 of 128 0.542, against 0.793
//    on 4 of 256;
// 2. else, in double precision, the smallest C of up to 16 blocks of at
//    most kClusterRowBlockThreads threads:
//    f64 65536 on 16 of 128 0.693, against 0.768 on 8 of 512; none for
//    f64 131072 (16 of 512: 1.116, 16 of 256: 0.967), which takes long
//    rows (0.91);
// 3. else, in single precision, the smallest C of at most kPortableCluster
//    blocks: f32 131072 on 8 of 512 0.779, against 0.931 on 16 of 256;
// 4. else, in single precision, the smallest C that fits (f32 262144 on 16
//    of 512: 1.064, against long rows' 2.070).
// Single-precision clusters of 16 lost wherever a smaller one fit.
std::optional<ClusterRowVariant> estimate_cluster_row_variant(int length, Precision precision,
                                                              const DeviceLimits& limits);

// Cluster columns of `length` points, `columns` neighbouring columns a
// cluster of `cluster` blocks: each block's local kernel is the row
// ESTIMATE's radices for length / cluster on the fewest threads a column
// that hold at most kClusterValuesPerThread values a thread. None where C
// does not divide length / C (the gather's shares), or no such kernel fits
// the device.
std::optional<ClusterRowVariant> cluster_column_variant(int length, Precision precision, const DeviceLimits& limits,
                                                        int cluster, int columns);

// Source with kernels fft3d_cluster_row_forward and fft3d_cluster_row_inverse.
std::string cluster_row_source(int length, Precision precision, const ClusterRowVariant& v);
constexpr const char* kClusterRowForwardKernel = "fft3d_cluster_row_forward";
constexpr const char* kClusterRowInverseKernel = "fft3d_cluster_row_inverse";

}  // namespace fft3d
