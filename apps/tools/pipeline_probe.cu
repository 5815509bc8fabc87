// Probe (issue 9): the fused XY pass of 512^2 f32 planes with a pipelined
// load. overlap_probe.cu showed that the cross stage's DSMEM pulls and a
// pass's DRAM streaming overlap when separate warps issue them. Here that
// schedule runs with the fused kernel's work, as a timing model (the
// arithmetic has the real kernel's shape, but the probe checks no output):
//
// - serial: what the library runs (xy.c16 ... r32-16.t16.rows16 |
//   r32-16 columns, 256 threads): one cluster of 16 blocks per plane,
//   each block loading its 32 strided rows (128 KB), X as 32 * 16 on 16
//   threads a row, Y's 32-point stage over the block's rows, a cluster
//   barrier, the 16-point cross stage from every block's share, stores.
// - pipelined: a persistent cluster walks the planes with a ring of 55
//   share rows; plane i's row j lives in ring row (32 i + j) mod 55. The
//   next plane's first 23 rows load while this one runs, the last 9 into
//   this plane's first rows once the cluster has read them. Three ways:
//   - a producer warpgroup loads them through registers while 8 consumer
//     warps transform (split cluster barriers, arrive early and wait late,
//     let the producers skip the barriers that order only the consumers);
//   - one producer thread issues a bulk copy (TMA) a row, completing on
//     mbarriers;
//   - no producer warps: the consumers' warp 0 issues the bulk copies.
// Each runs with the consumers' twiddles from a global table, a shared one
// or sincos, and prints the cycles a block spends in each stretch.
//   nvcc -std=c++17 -gencode arch=compute_90a,code=sm_90a -O3 -o pipeline-probe apps/tools/pipeline_probe.cu
//   ./pipeline-probe      (-arch=sm_90: no register reallocation, and the
//                          producer warpgroup's consumers spill)
#include <cooperative_groups.h>

#include <cstdio>

#include "probe_timing.h"

namespace cg = cooperative_groups;

// Share rows without pads, so that a row is one bulk copy: the loads write
// them in order, X's first stage reads them so, and every later access goes
// through `swizzled` (the library pads one value in 32 instead).
constexpr int kCluster = 16, kRows = 32, kN = 512, kPitch = kN;
constexpr int kRingRows = 55, kEarlyRows = kRingRows - kRows;  // 23 rows load early
constexpr int kConsumers = 256, kProducers = 128;  // 384 threads: 168 registers (SMs allot warps four at a time)
constexpr int kProducerUnroll = 16;                 // 32 KB in flight a block, as 256 threads * 8
// Built for sm_90a, the producers' warpgroup gives 80 registers a thread to
// the two consumer warpgroups (setmaxnreg); 168 - 88 = (208 - 168) * 2.
[[maybe_unused]] constexpr int kProducerRegisters = 88, kConsumerRegisters = 208;
constexpr int kPlanes = 512;

__constant__ float2 c_tw32[16], c_tw16[8];  // exp(-2 pi i k / R), k < R / 2

extern __shared__ float2 smem[];

__device__ __forceinline__ float2 cmul(float2 a, float2 b) {
  return make_float2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

// In-register radix-2 DIF FFT of R values (output in bit-reversed order,
// which a timing model does not mind), twiddles from constant memory; one
// template level a stage, so that every index is a compile-time constant.
template <int R, int Half>
__device__ __forceinline__ void fft_stage(float2 (&v)[R], const float2* tw) {
  if constexpr (Half >= 1) {
    constexpr int kStep = R / (2 * Half);
#pragma unroll
    for (int start = 0; start < R; start += 2 * Half) {
#pragma unroll
      for (int k = 0; k < Half; ++k) {
        const float2 a = v[start + k], b = v[start + k + Half];
        v[start + k] = make_float2(a.x + b.x, a.y + b.y);
        const float2 d = make_float2(a.x - b.x, a.y - b.y);
        if (k == 0)  // trivial twiddles cost nothing, as in a codelet
          v[start + k + Half] = d;
        else if (4 * k * kStep == R)
          v[start + k + Half] = make_float2(d.y, -d.x);
        else
          v[start + k + Half] = cmul(d, tw[k * kStep]);
      }
    }
    fft_stage<R, Half / 2>(v, tw);
  }
}

template <int R>
__device__ __forceinline__ void fft(float2 (&v)[R], const float2* tw) {
  fft_stage<R, R / 2>(v, tw);
}

__device__ const float2* g_twiddles;  // exp(-2 pi i k / kN), k < kN

// Where the consumers' twiddles come from: a table in global memory (loads
// through L1, as tw-table), the same table in shared memory, or sincos.
enum TwiddleSource { kGlobalTable, kSharedTable, kSincos };
const char* const kTwiddleNames[] = {"global table", "shared table", "sincos"};

// v[m] *= w^(e m), w = exp(-2 pi i / kN).
template <int Tw, int R>
__device__ __forceinline__ void twiddle(float2 (&v)[R], int e, const float2* shared_table) {
#pragma unroll
  for (int m = 1; m < R; ++m) {
    const int k = (e * m) % kN;
    float2 w;
    if constexpr (Tw == kSincos)
      __sincosf(-6.283185307f / kN * static_cast<float>(k), &w.y, &w.x);
    else if constexpr (Tw == kSharedTable)
      w = shared_table[k];
    else
      w = __ldg(g_twiddles + k);
    v[m] = cmul(v[m], w);
  }
}

// Fills the shared table (kSharedTable) after `rows` share rows.
template <int Tw>
__device__ const float2* shared_twiddles(int rows, int t, int threads) {
  float2* table = smem + rows * kPitch;
  if constexpr (Tw == kSharedTable)
    for (int k = t; k < kN; k += threads) table[k] = g_twiddles[k];
  return table;
}

// Value idx of a row in its 32-value piece, XORed with the piece's index:
// the strided X accesses (32 q + m) and the column accesses then meet no
// bank conflicts, as with pads.
__device__ __forceinline__ int swizzled(int idx) { return idx ^ ((idx >> 5) & 15); }

// A plane's share rows: row j in ring row (first + j) mod kRingRows, with
// first < kRingRows and j < kRingRows (one compare, no division).
struct Ring {
  int first;
  __device__ __forceinline__ float2* row(int j) const {
    const int at = first + j;
    return smem + (at >= kRingRows ? at - kRingRows : at) * kPitch;
  }
};

// Block `rank`'s rows j0..j1-1 of plane `plane` (global rows rank + 16 j)
// into share rows ring.row(j), 16-byte loads, Unroll in flight a thread.
template <int Unroll>
__device__ void load_rows(const float4* in, int plane, int rank, int j0, int j1, Ring ring, int lane, int lanes) {
  constexpr int kPerRow = kN / 2;  // float4s
  const int count = (j1 - j0) * kPerRow;
  for (int first = lane; first < count; first += Unroll * lanes) {
    float4 v[Unroll];
#pragma unroll
    for (int u = 0; u < Unroll; ++u) {
      const int i = first + u * lanes, j = j0 + i / kPerRow;
      v[u] = i < count ? __ldcs(in + (static_cast<size_t>(plane) * kN + rank + kCluster * j) * kPerRow + i % kPerRow)
                       : make_float4(0.f, 0.f, 0.f, 0.f);
    }
#pragma unroll
    for (int u = 0; u < Unroll; ++u) {
      const int i = first + u * lanes;
      if (i >= count) break;
      const int j = j0 + i / kPerRow;
      reinterpret_cast<float4*>(ring.row(j))[i % kPerRow] = v[u];
    }
  }
}

// Bulk copies (TMA): rows j0..j1-1, a row of 4 KB a copy, straight into
// the share rows, past registers and L1; `full` (an mbarrier) completes
// when their bytes have landed. Lane 0 of the `lanes` calling threads arms
// it, then lane l copies rows j0 + l, j0 + l + lanes, ... (from a whole
// warp: one issue slot for the warp, not one a row).
__device__ __forceinline__ unsigned shared_address(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__device__ void bulk_rows(const float2* in, int plane, int rank, int j0, int j1, Ring ring, unsigned long long* full,
                          int lane, int lanes) {
  constexpr int kRowBytes = kN * sizeof(float2);
  const unsigned bar = shared_address(full);
  if (lane == 0) {
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");  // the rows' last reads come before the copies
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"((j1 - j0) * kRowBytes)
                 : "memory");
  }
  __syncwarp(__activemask());
  for (int j = j0 + lane; j < j1; j += lanes)
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                     shared_address(ring.row(j))),
                 "l"(in + (static_cast<size_t>(plane) * kN + rank + kCluster * j) * kN), "n"(kRowBytes), "r"(bar)
                 : "memory");
}

__device__ __forceinline__ void wait_full(unsigned long long* full, int parity) {
  const unsigned bar = shared_address(full);
  asm volatile(
      "{\n.reg .pred done;\nwait:\n"
      "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
      "@!done bra wait;\n}" ::"r"(bar),
      "r"(parity)
      : "memory");
}

__device__ __forceinline__ void consumer_sync() { asm volatile("bar.sync 1, %0;" ::"n"(kConsumers)); }

// X (32 * 16 on 16 threads a row, two groups of 16 rows) and Y's 32-point
// stage over the block's rows, in the share rows ring.row(j).
template <int Tw>
__device__ void transform_rows(Ring ring, int rank, int t, bool serial, const float2* table) {
  const auto sync = [&] { serial ? __syncthreads() : consumer_sync(); };
  const int q = t % 16;
#pragma unroll 1
  for (int g = 0; g < 2; ++g) {  // a group of 16 rows at a time, as the kernel's rows16
    float2* row = ring.row(16 * g + t / 16);
    float2 a[32];
#pragma unroll
    for (int m = 0; m < 32; ++m) a[m] = row[q + 16 * m];  // as loaded
    fft<32>(a, c_tw32);
    twiddle<Tw>(a, q, table);
    sync();
#pragma unroll
    for (int m = 0; m < 32; ++m) row[swizzled(32 * q + m)] = a[m];
    sync();
    float2 b[2][16];
#pragma unroll
    for (int h = 0; h < 2; ++h) {  // two butterflies of 16 a thread
#pragma unroll
      for (int m = 0; m < 16; ++m) b[h][m] = row[swizzled(q + 16 * h + 32 * m)];
      fft<16>(b[h], c_tw16);
    }
    sync();
#pragma unroll
    for (int h = 0; h < 2; ++h)
#pragma unroll
      for (int m = 0; m < 16; ++m) row[swizzled(q + 16 * h + 32 * m)] = b[h][m];
  }
  sync();
#pragma unroll
  for (int c = 0; c < 2; ++c) {  // Y's first stage: columns t and t + 256 over the 32 rows
    const int x = t + 256 * c;
    float2 v[32];
#pragma unroll
    for (int j = 0; j < 32; ++j) v[j] = ring.row(j)[swizzled(x)];
    fft<32>(v, c_tw32);
    twiddle<Tw>(v, rank, table);
#pragma unroll
    for (int j = 0; j < 32; ++j) ring.row(j)[swizzled(x)] = v[j];
  }
}

// The cross stage: items (k1, x) of block `rank`'s slice, 16 values from
// the 16 blocks' share rows ring.row(k1), a 16-point DFT, stores.
__device__ void cross_and_store(cg::cluster_group& cluster, float2* out, int plane, Ring ring, int rank, int t) {
#pragma unroll 1
  for (int b = 0; b < 4; ++b) {
    const int item = rank * 1024 + t + kConsumers * b, k1 = item / kN, x = item % kN;
    float2* at = ring.row(k1) + swizzled(x);
    float2 v[16];
#pragma unroll
    for (int c = 0; c < 16; ++c) v[c] = *cluster.map_shared_rank(at, c);
    fft<16>(v, c_tw16);
#pragma unroll
    for (int k2 = 0; k2 < 16; ++k2) __stcs(out + (static_cast<size_t>(plane) * kN + k1 + 32 * k2) * kN + x, v[k2]);
  }
}

// Where a block's time goes: one consumer and one producer thread per block
// add the clock cycles of each stretch (kSpanNames) to g_spans.
__device__ unsigned long long g_spans[2][5];
const char* const kSpanNames[2][5] = {
    {"wait for the plane's rows", "X and Y's first stage", "barrier A", "cross stage and stores", "barrier B"},
    {"early rows' loads", "barrier A", "barrier B", "last rows' loads", ""}};

__device__ __forceinline__ long long cycles() {
  long long now;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(now));
  return now;
}

struct SpanClock {
  int role;  // 0 consumer, 1 producer, -1 not timed
  long long last;
  __device__ explicit SpanClock(int r) : role(r), last(cycles()) {}
  __device__ void mark(int span) {
    const long long now = cycles();
    if (role >= 0) atomicAdd(&g_spans[role][span], static_cast<unsigned long long>(now - last));
    last = now;
  }
};

// The library's schedule, on 256 threads with up to 255 registers as the
// library's kernel. `first` is 0, a run-time value so that the share rows'
// addresses cost what the pipelined kernel's ring addresses do.
template <int Tw>
__global__ void __maxnreg__(255) serial_kernel(const float4* in, float2* out, int first) {
  cg::cluster_group cluster = cg::this_cluster();
  const int rank = static_cast<int>(cluster.block_rank()), plane = blockIdx.x / kCluster, t = threadIdx.x;
  const Ring ring{first};
  SpanClock clock(t == 0 ? 0 : -1);
  const float2* table = shared_twiddles<Tw>(kRows, t, kConsumers);
  load_rows<8>(in, plane, rank, 0, kRows, ring, t, kConsumers);
  __syncthreads();
  clock.mark(0);
  transform_rows<Tw>(ring, rank, t, true, table);
  clock.mark(1);
  cluster.sync();
  clock.mark(2);
  cross_and_store(cluster, out, plane, ring, rank, t);
  clock.mark(3);
  cluster.sync();
  clock.mark(4);
}

__device__ __forceinline__ void cluster_arrive() { asm volatile("barrier.cluster.arrive.release.aligned;" ::: "memory"); }
__device__ __forceinline__ void cluster_wait() { asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory"); }

// One plane of a persistent kernel's consumers: X and Y's first stage,
// barrier A, the cross stage and stores, barrier B (clock spans 1 to 4);
// after_reads runs once barrier B says the cluster has read the plane.
template <int Tw, class AfterReads>
__device__ void consume_plane(cg::cluster_group& cluster, float2* out, int plane, Ring ring, int rank, int t,
                              bool block_barriers, const float2* table, SpanClock& clock, AfterReads after_reads) {
  // Opaque copies of the rank and thread keep ptxas from hoisting their
  // twiddles and mapped shares out of the plane loop (live across it,
  // they spill).
  int r, u;
  asm volatile("mov.b32 %0, %1;" : "=r"(r) : "r"(rank));
  asm volatile("mov.b32 %0, %1;" : "=r"(u) : "r"(t));
  transform_rows<Tw>(ring, r, u, block_barriers, table);
  clock.mark(1);
  cluster_arrive();
  cluster_wait();
  clock.mark(2);
  cross_and_store(cluster, out, plane, ring, r, u);
  clock.mark(3);
  cluster_arrive();
  cluster_wait();
  after_reads();
  clock.mark(4);
}

// Bulk: the producers' rows come by bulk copies that one thread issues
// (completion on two mbarriers, the early and the last rows); otherwise
// the producer warpgroup loads them through registers.
template <int Tw, bool Bulk>
__global__ void __maxnreg__(168) pipelined_kernel(const float4* in, float2* out) {
  cg::cluster_group cluster = cg::this_cluster();
  const int rank = static_cast<int>(cluster.block_rank()), t = threadIdx.x;
  const int first = blockIdx.x / kCluster, step = gridDim.x / kCluster;
  const bool producer = t >= kConsumers;
  const float2* table = shared_twiddles<Tw>(kRingRows, t, kConsumers + kProducers);
  // The mbarriers of the early and the last rows, after the table.
  auto* full = reinterpret_cast<unsigned long long*>(smem + kRingRows * kPitch + kN);
  const auto* in2 = reinterpret_cast<const float2*>(in);
  if (Bulk && t == kConsumers) {
    for (int b = 0; b < 2; ++b)
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(shared_address(full + b)) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  if (Bulk) {
    if (t == kConsumers) {
      bulk_rows(in2, first, rank, 0, kEarlyRows, Ring{0}, full, 0, 1);
      bulk_rows(in2, first, rank, kEarlyRows, kRows, Ring{0}, full + 1, 0, 1);
    }
  } else {
    if (producer) load_rows<kProducerUnroll>(in, first, rank, 0, kRows, Ring{0}, t - kConsumers, kProducers);
    __syncthreads();
  }
  const auto next_of = [](Ring ring) {
    return Ring{ring.first + kRows >= kRingRows ? ring.first + kRows - kRingRows : ring.first + kRows};
  };
  Ring ring{0};
  if (producer) {
#ifdef __CUDA_ARCH_FEAT_SM90_ALL  // sm_90a: the producers' warpgroup gives registers to the consumers'
    asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;" ::"n"(kProducerRegisters));
#endif
    SpanClock clock(t == kConsumers ? 1 : -1);
    for (int plane = first; plane < kPlanes; plane += step, ring = next_of(ring)) {
      const int next = plane + step;
      // The next plane's first rows go to ring rows this plane does not hold.
      cluster_arrive();  // barrier A orders the consumers' X results only
      if (next < kPlanes) {
        if (!Bulk)
          load_rows<kProducerUnroll>(in, next, rank, 0, kEarlyRows, next_of(ring), t - kConsumers, kProducers);
        else if (t == kConsumers)
          bulk_rows(in2, next, rank, 0, kEarlyRows, next_of(ring), full, 0, 1);
      }
      clock.mark(0);
      cluster_wait();
      cluster_arrive();  // barrier B: this plane's rows are read
      clock.mark(1);
      cluster_wait();
      clock.mark(2);
      if (next < kPlanes) {
        if (!Bulk)
          load_rows<kProducerUnroll>(in, next, rank, kEarlyRows, kRows, next_of(ring), t - kConsumers, kProducers);
        else if (t == kConsumers)
          bulk_rows(in2, next, rank, kEarlyRows, kRows, next_of(ring), full + 1, 0, 1);
      }
      if (!Bulk) asm volatile("bar.arrive 2, %0;" ::"n"(kConsumers + kProducers) : "memory");
      clock.mark(3);
    }
    return;
  }
#ifdef __CUDA_ARCH_FEAT_SM90_ALL
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;" ::"n"(kConsumerRegisters));
#endif
  SpanClock clock(t == 0 ? 0 : -1);
  int parity = 0;
  for (int plane = first; plane < kPlanes; plane += step, ring = next_of(ring), parity ^= 1) {
    if (Bulk) {  // this plane's rows are in
      wait_full(full, parity);
      wait_full(full + 1, parity);
      clock.mark(0);
    }
    consume_plane<Tw>(cluster, out, plane, ring, rank, t, false, table, clock, [] {});
    if (!Bulk) {
      asm volatile("bar.sync 2, %0;" ::"n"(kConsumers + kProducers) : "memory");  // the next plane is in
      clock.mark(0);
    }
  }
}

// No producer warps: the consumers' warp 0 issues the bulk copies itself
// (the early rows as a plane starts, the last ones after its closing
// barrier), so the block keeps 256 threads and 255 registers, and needs no
// sm_90a.
template <int Tw>
__global__ void __maxnreg__(255) self_bulk_kernel(const float4* in, float2* out) {
  cg::cluster_group cluster = cg::this_cluster();
  const int rank = static_cast<int>(cluster.block_rank()), t = threadIdx.x;
  const int first = blockIdx.x / kCluster, step = gridDim.x / kCluster;
  const float2* table = shared_twiddles<Tw>(kRingRows, t, kConsumers);
  auto* full = reinterpret_cast<unsigned long long*>(smem + kRingRows * kPitch + kN);
  const auto* in2 = reinterpret_cast<const float2*>(in);
  if (t == 0) {
    for (int b = 0; b < 2; ++b)
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(shared_address(full + b)) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  if (t < 32) {
    bulk_rows(in2, first, rank, 0, kEarlyRows, Ring{0}, full, t, 32);
    bulk_rows(in2, first, rank, kEarlyRows, kRows, Ring{0}, full + 1, t, 32);
  }
  const auto next_of = [](Ring ring) {
    return Ring{ring.first + kRows >= kRingRows ? ring.first + kRows - kRingRows : ring.first + kRows};
  };
  Ring ring{0};
  SpanClock clock(t == 0 ? 0 : -1);
  int parity = 0;
  for (int plane = first; plane < kPlanes; plane += step, ring = next_of(ring), parity ^= 1) {
    const int next = plane + step;
    wait_full(full, parity);
    wait_full(full + 1, parity);
    // The early rows of the next plane: ring rows this one does not hold,
    // free since the previous plane's closing barrier.
    if (t < 32 && next < kPlanes) bulk_rows(in2, next, rank, 0, kEarlyRows, next_of(ring), full, t, 32);
    clock.mark(0);
    consume_plane<Tw>(cluster, out, plane, ring, rank, t, true, table, clock, [&] {
      // The last rows of the next plane, into the rows this one freed.
      if (t < 32 && next < kPlanes) bulk_rows(in2, next, rank, kEarlyRows, kRows, next_of(ring), full + 1, t, 32);
    });
  }
}

int main() {
  float2 tw32[16], tw16[8];
  for (int k = 0; k < 16; ++k) tw32[k] = make_float2(cosf(-6.283185307f * k / 32), sinf(-6.283185307f * k / 32));
  for (int k = 0; k < 8; ++k) tw16[k] = make_float2(cosf(-6.283185307f * k / 16), sinf(-6.283185307f * k / 16));
  CHECK(cudaMemcpyToSymbol(c_tw32, tw32, sizeof(tw32)));
  CHECK(cudaMemcpyToSymbol(c_tw16, tw16, sizeof(tw16)));
  std::vector<float2> table(kN);
  for (int k = 0; k < kN; ++k) table[k] = make_float2(cosf(-6.283185307f * k / kN), sinf(-6.283185307f * k / kN));
  float2* twiddles = nullptr;
  CHECK(cudaMalloc(&twiddles, kN * sizeof(float2)));
  CHECK(cudaMemcpy(twiddles, table.data(), kN * sizeof(float2), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpyToSymbol(g_twiddles, &twiddles, sizeof(twiddles)));
  const size_t bytes = static_cast<size_t>(kPlanes) * kN * kN * sizeof(float2);
  float4* in = nullptr;
  float2* out = nullptr;
  CHECK(cudaMalloc(&in, bytes));
  CHECK(cudaMalloc(&out, bytes));
  CHECK(cudaMemset(in, 0, bytes));
  cudaLaunchAttribute attr{};
  const auto print_spans = [](const char* what, int roles, double launches) {
    unsigned long long spans[2][5];
    CHECK(cudaMemcpyFromSymbol(spans, g_spans, sizeof(spans)));
    const unsigned long long zero[2][5] = {};
    CHECK(cudaMemcpyToSymbol(g_spans, zero, sizeof(zero)));
    for (int role = 0; role < roles; ++role) {
      std::printf("    %s, %s thread's cycles a plane:", what, role == 0 ? "a consumer" : "a producer");
      for (int span = 0; span < 5; ++span)
        if (kSpanNames[role][span][0] != 0)
          std::printf(" %s %.0f;", kSpanNames[role][span], spans[role][span] / (launches * kPlanes * kCluster));
      std::printf("\n");
    }
  };
  const double traffic = 2.0 * bytes;
  const size_t table_bytes = kN * sizeof(float2);
  const size_t serial_smem = static_cast<size_t>(kRows) * kPitch * sizeof(float2) + table_bytes;
  const size_t ring_smem = static_cast<size_t>(kRingRows) * kPitch * sizeof(float2) + table_bytes + 16;
  std::printf("512 planes of 512^2 f32, fused XY model, us (GB/s read + written); "
              "serial's span 0 is its own load\n");
  const auto run = [&](auto serial_kernel, auto pipelined_kernel, auto bulk_kernel, auto self_kernel, int tw) {
    cudaLaunchConfig_t serial = cluster_config(serial_kernel, kCluster, kPlanes * kCluster, kConsumers, serial_smem, &attr);
    print_spans("", 0, 1);
    const float serial_ms = median_ms([&] { CHECK(cudaLaunchKernelEx(&serial, serial_kernel, in, out, 0)); });
    std::printf("  twiddles from a %s: serial %.1f (%.0f)\n", kTwiddleNames[tw], serial_ms * 1e3,
                traffic / serial_ms / 1e6);
    print_spans("serial", 1, 12);
    cudaLaunchConfig_t probe = cluster_config(pipelined_kernel, kCluster, kCluster, kConsumers + kProducers, ring_smem, &attr);
    int clusters = 0;
    CHECK(cudaOccupancyMaxActiveClusters(&clusters, pipelined_kernel, &probe));
    if (clusters < 1) {
      std::fprintf(stderr, "the pipelined kernel fits no cluster of %d blocks\n", kCluster);
      std::exit(1);
    }
    cudaLaunchConfig_t pipelined =
        cluster_config(pipelined_kernel, kCluster, clusters * kCluster, kConsumers + kProducers, ring_smem, &attr);
    const float pipelined_ms = median_ms([&] { CHECK(cudaLaunchKernelEx(&pipelined, pipelined_kernel, in, out)); });
    std::printf("  twiddles from a %s: pipelined on %d resident clusters %.1f (%.0f), %.3f of serial\n",
                kTwiddleNames[tw], clusters, pipelined_ms * 1e3, traffic / pipelined_ms / 1e6,
                pipelined_ms / serial_ms);
    print_spans("pipelined", 2, 12);
    cudaLaunchConfig_t bulk = cluster_config(bulk_kernel, kCluster, clusters * kCluster, kConsumers + kProducers, ring_smem, &attr);
    const float bulk_ms = median_ms([&] { CHECK(cudaLaunchKernelEx(&bulk, bulk_kernel, in, out)); });
    std::printf("  twiddles from a %s: pipelined, bulk copies %.1f (%.0f), %.3f of serial\n", kTwiddleNames[tw],
                bulk_ms * 1e3, traffic / bulk_ms / 1e6, bulk_ms / serial_ms);
    print_spans("bulk copies", 2, 12);
    cudaLaunchConfig_t self = cluster_config(self_kernel, kCluster, clusters * kCluster, kConsumers, ring_smem, &attr);
    const float self_ms = median_ms([&] { CHECK(cudaLaunchKernelEx(&self, self_kernel, in, out)); });
    std::printf("  twiddles from a %s: pipelined, bulk copies from warp 0, no producer warps %.1f (%.0f), "
                "%.3f of serial\n",
                kTwiddleNames[tw], self_ms * 1e3, traffic / self_ms / 1e6, self_ms / serial_ms);
    print_spans("bulk copies from warp 0 (span 0 includes their issue)", 1, 12);
  };
  run(serial_kernel<kGlobalTable>, pipelined_kernel<kGlobalTable, false>, pipelined_kernel<kGlobalTable, true>,
      self_bulk_kernel<kGlobalTable>, kGlobalTable);
  run(serial_kernel<kSharedTable>, pipelined_kernel<kSharedTable, false>, pipelined_kernel<kSharedTable, true>,
      self_bulk_kernel<kSharedTable>, kSharedTable);
  run(serial_kernel<kSincos>, pipelined_kernel<kSincos, false>, pipelined_kernel<kSincos, true>,
      self_bulk_kernel<kSincos>, kSincos);
  CHECK(cudaFree(twiddles));
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  return 0;
}
