// The GPU box-copy kernel, one thread's work per phase. Compiled two ways:
// by NVRTC (src/mpi/CMakeLists.txt embeds this file's text in the kernel
// source, so it must include nothing), and by the host compiler, where
// copy_tiles.h runs the same phases for every thread of every block to check
// the index math on the CPU.
//
// One launch runs a whole pack or unpack: a list of tasks (one per box
// copy, made on the host by copy_tiles.cpp), each owning a range of blocks;
// a block finds its task by binary search and its tile by two divisions,
// then moves the tile with no division per element. Two kinds of task:
//   rows:      loop 0 is a run (contiguous on both sides for a pack); a tile
//              is W x H elements, W along the run (a power of two, >= 32),
//              H consecutive rows of loop 1 in one plane of loop 2. Rows of
//              8-byte elements move as 16-byte pairs when everything is even
//              and both buffers are 16-byte aligned. With other strides the
//              same code is the general fallback.
//   transpose: loop 0 is contiguous in src, loop 1 in dst. A tile of
//              TA x TB = 1024 elements is read along loop 0 into shared
//              memory (rows padded to TA + 1, odd, so the column reads that
//              follow hit distinct banks) and written along loop 1.
#pragma once

#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define FFT3D_COPY_HD __host__ __device__ __forceinline__
#else
#define FFT3D_COPY_HD inline
#endif

namespace fft3d {
namespace mpi {
namespace kern {

constexpr int kCopyThreads = 256;            // threads per block
constexpr int kRowTileBytes = 16384;         // a rows tile: 2048 8-byte or 1024 16-byte elements
constexpr int kTransposeTileElements = 1024;  // TA * TB, 4 per thread
// The largest TB * (TA + 1) of the tile shapes copy_tiles.cpp picks
// (TA, TB powers of two from 8 to 128 with TA * TB = 1024).
constexpr int kTransposeSharedElements = 1152;

constexpr int kCopyRows = 0;
constexpr int kCopyTranspose = 1;

struct alignas(16) Word16 {
  unsigned long long lo, hi;
};

// One box copy as the kernel sees it: extents and strides (in elements) of
// three loops ordered for its kind, and its tiling.
struct CopyTask {
  long long first_block;  // the task owns blocks [first_block, next task's first_block)
  long long src_offset, dst_offset;
  long long n[3];
  long long src_stride[3], dst_stride[3];
  long long tiles0, tiles1;  // tiles along loops 0 and 1; one tile row per index of loop 2
  int kind;                  // kCopyRows or kCopyTranspose
  int log_w, log_h;          // log2 of the tile's extent along loops 0 and 1
  int paired;                // rows of 8-byte elements that may move as 16-byte pairs
};
static_assert(sizeof(CopyTask) == 14 * 8 + 4 * 4, "the host and the device see one layout");

struct CopyArgs {
  const void* src;
  void* dst;
  const CopyTask* tasks;
  long long block_base;  // block index of blockIdx.x == 0 (launches of at most 2^31 - 1 blocks)
  int count;             // tasks
  int aligned16;         // src and dst are 16-byte aligned
};

// The tile a block copies: its first index along loops 0 and 1, its loop-2 index.
struct TilePos {
  long long i0, i1, i2;
};

// The last task whose first block is <= block.
FFT3D_COPY_HD int find_task(const CopyTask* tasks, int count, long long block) {
  int lo = 0, hi = count - 1;
  while (lo < hi) {
    const int mid = (lo + hi + 1) / 2;
    if (tasks[mid].first_block <= block)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

// Two divisions per block, 32-bit ones (far cheaper on the GPU) whenever
// the numbers fit, as they do short of 2^32 tiles.
FFT3D_COPY_HD TilePos tile_position(const CopyTask& t, long long block) {
  const long long local = block - t.first_block;
  long long c0, c1, i2;
  if (((local | t.tiles0 | t.tiles1) >> 32) == 0) {
    const unsigned l = static_cast<unsigned>(local), n0 = static_cast<unsigned>(t.tiles0),
                   n1 = static_cast<unsigned>(t.tiles1);
    const unsigned r = l / n0, q = r / n1;
    c0 = l - r * n0;
    c1 = r - q * n1;
    i2 = q;
  } else {
    const long long r = local / t.tiles0, q = r / t.tiles1;
    c0 = local - r * t.tiles0;
    c1 = r - q * t.tiles1;
    i2 = q;
  }
  TilePos p;
  p.i0 = c0 << t.log_w;
  p.i1 = c1 << t.log_h;
  p.i2 = i2;
  return p;
}

// A rows tile in words of Word (Unit = log2 of elements per word: 0, or 1
// for pairs, where every offset, stride but loop 0's and the run are even).
// Count words per thread, in rounds of 4 loads then 4 stores (enough
// loads in flight, few registers).
template <typename Word, int Count, int Unit>
FFT3D_COPY_HD void copy_rows_tile(const CopyTask& t, const TilePos& p, int tid, const void* src_bytes,
                                  void* dst_bytes) {
  const Word* src = static_cast<const Word*>(src_bytes);
  Word* dst = static_cast<Word*>(dst_bytes);
  const int log_w = t.log_w - Unit;
  const long long w_mask = (1LL << log_w) - 1;
  const long long n0 = t.n[0] >> Unit, c0 = p.i0 >> Unit, rows = t.n[1] - p.i1;
  const long long s0 = t.src_stride[0], d0 = t.dst_stride[0];  // 1 when paired
  const long long s1 = t.src_stride[1] >> Unit, d1 = t.dst_stride[1] >> Unit;
  const long long src_at = (t.src_offset + p.i2 * t.src_stride[2] + p.i1 * t.src_stride[1]) >> Unit;
  const long long dst_at = (t.dst_offset + p.i2 * t.dst_stride[2] + p.i1 * t.dst_stride[1]) >> Unit;
  constexpr int kRound = Count < 4 ? Count : 4;
  for (int first = 0; first < Count; first += kRound) {
    Word v[kRound] = {};
    long long to[kRound];  // destination index, -1 where the tile overhangs
    for (int k = 0; k < kRound; ++k) {
      const int idx = tid + (first + k) * kCopyThreads;
      const long long col = c0 + (idx & w_mask), row = idx >> log_w;
      to[k] = col < n0 && row < rows ? dst_at + col * d0 + row * d1 : -1;
      if (to[k] >= 0) v[k] = src[src_at + col * s0 + row * s1];
    }
    for (int k = 0; k < kRound; ++k)
      if (to[k] >= 0) dst[to[k]] = v[k];
  }
}

// Transpose phase 0: read the tile along loop 0 into shared memory.
template <typename E>
FFT3D_COPY_HD void transpose_load(const CopyTask& t, const TilePos& p, int tid, const E* src, E* smem) {
  const int log_a = t.log_w, pitch = (1 << log_a) + 1;
  const long long na = t.n[0] - p.i0, nb = t.n[1] - p.i1;
  const E* base = src + t.src_offset + p.i2 * t.src_stride[2] + p.i0 * t.src_stride[0] + p.i1 * t.src_stride[1];
  for (int k = 0; k < kTransposeTileElements / kCopyThreads; ++k) {
    const int idx = tid + k * kCopyThreads;
    const int a = idx & ((1 << log_a) - 1), b = idx >> log_a;
    if (a < na && b < nb) smem[b * pitch + a] = base[a * t.src_stride[0] + b * t.src_stride[1]];
  }
}

// Transpose phase 1 (after a barrier): write the tile along loop 1.
template <typename E>
FFT3D_COPY_HD void transpose_store(const CopyTask& t, const TilePos& p, int tid, E* dst, const E* smem) {
  const int log_a = t.log_w, log_b = t.log_h, pitch = (1 << log_a) + 1;
  const long long na = t.n[0] - p.i0, nb = t.n[1] - p.i1;
  E* base = dst + t.dst_offset + p.i2 * t.dst_stride[2] + p.i0 * t.dst_stride[0] + p.i1 * t.dst_stride[1];
  for (int k = 0; k < kTransposeTileElements / kCopyThreads; ++k) {
    const int idx = tid + k * kCopyThreads;
    const int b = idx & ((1 << log_b) - 1), a = idx >> log_b;
    if (a < na && b < nb) base[a * t.dst_stride[0] + b * t.dst_stride[1]] = smem[b * pitch + a];
  }
}

// Phases a task's blocks run (a barrier between them).
FFT3D_COPY_HD int copy_phases(const CopyTask& t) { return t.kind == kCopyTranspose ? 2 : 1; }

// One thread's work in one phase. E: the element (8 or 16 bytes); Pair: a
// 16-byte word for paired rows.
template <typename E, typename Pair>
FFT3D_COPY_HD void box_copy_phase(int phase, const CopyTask& t, const TilePos& p, int tid, const CopyArgs& a,
                                  E* smem) {
  if (t.kind == kCopyTranspose) {
    if (phase == 0)
      transpose_load(t, p, tid, static_cast<const E*>(a.src), smem);
    else
      transpose_store(t, p, tid, static_cast<E*>(a.dst), smem);
    return;
  }
  constexpr int kWords = kRowTileBytes / static_cast<int>(sizeof(E)) / kCopyThreads;
  if (sizeof(E) == 8 && t.paired && a.aligned16)
    copy_rows_tile<Pair, kWords / 2, 1>(t, p, tid, a.src, a.dst);
  else
    copy_rows_tile<E, kWords, 0>(t, p, tid, a.src, a.dst);
}

#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
// One block of the launch.
template <typename E, typename Pair>
__device__ __forceinline__ void box_copy_block(const CopyArgs& a) {
  __shared__ E smem[kTransposeSharedElements];
  const long long block = a.block_base + blockIdx.x;
  const CopyTask t = a.tasks[find_task(a.tasks, a.count, block)];
  const TilePos p = tile_position(t, block);
  box_copy_phase<E, Pair>(0, t, p, threadIdx.x, a, smem);
  if (copy_phases(t) == 1) return;  // the same for the whole block
  __syncthreads();
  box_copy_phase<E, Pair>(1, t, p, threadIdx.x, a, smem);
}
#endif

}  // namespace kern
}  // namespace mpi
}  // namespace fft3d
