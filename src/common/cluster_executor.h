// The CPU cluster executor: runs a kernel written as per-thread phases over
// thread-block clusters, the way the block executor runs single blocks (see
// block_executor.h), with each block's shared memory a plain array that the
// other blocks of its cluster can address (distributed shared memory).
//
// Phases end in a block barrier or a cluster barrier. Between two cluster
// barriers the executor runs one block's phases to completion before the
// next block's, in the given block order: a block that reads another
// block's shared memory without a cluster barrier in between sees either
// the other block's old contents (poisoned with NaN) or its finished ones,
// depending on the order. Tests run both orders, so a missing cluster
// barrier shows up as NaN or a wrong result in one of them. Phases joined
// by warp barriers run the same way, one warp to completion before the
// next in that order, so a warp that reads another warp's results without
// a block barrier gets them in one order and not in the other.
//
// A Kernel provides: `Regs`, cluster(), threads(), shared_bytes(), phases(),
// barrier_after(p) (kern::XYBarrier) and
// phase(p, tid, rank, cluster_index, Regs&, void* const* shared) where
// shared[r] is block r's shared memory.
#pragma once
#include <cstring>
#include <vector>

#include "xy/xy_layout.h"

namespace fft3d {

enum class BlockOrder { ascending, descending };
constexpr BlockOrder kBothBlockOrders[] = {BlockOrder::ascending, BlockOrder::descending};

template <class Kernel>
void run_clusters_on_cpu(const Kernel& kernel, long long clusters, BlockOrder order = BlockOrder::ascending) {
  using Regs = typename Kernel::Regs;
  const int blocks = kernel.cluster();
  const size_t threads = static_cast<size_t>(kernel.threads());
  std::vector<Regs> regs(static_cast<size_t>(blocks) * threads);
  std::vector<std::vector<unsigned char>> shared(static_cast<size_t>(blocks));
  std::vector<void*> pointers(static_cast<size_t>(blocks));
  for (int b = 0; b < blocks; ++b) {
    shared[static_cast<size_t>(b)].resize(static_cast<size_t>(kernel.shared_bytes()) + 16);
    pointers[static_cast<size_t>(b)] = shared[static_cast<size_t>(b)].data();
  }
  for (long long c = 0; c < clusters; ++c) {
    for (auto& s : shared) std::memset(s.data(), 0xFF, s.size());  // all-ones bits are NaN
    for (int first = 0; first < kernel.phases();) {
      int end = first;  // the phases up to and including the next cluster barrier
      while (end + 1 < kernel.phases() && kernel.barrier_after(end) != kern::kClusterBarrier) ++end;
      for (int i = 0; i < blocks; ++i) {
        const int rank = order == BlockOrder::ascending ? i : blocks - 1 - i;
        auto run = [&](int p, size_t t) {
          kernel.phase(p, static_cast<int>(t), rank, c, regs[static_cast<size_t>(rank) * threads + t],
                       pointers.data());
        };
        for (int p = first; p <= end;) {
          int last = p;  // phases p..last are joined by warp barriers
          while (last < end && kernel.barrier_after(last) == kern::kWarpBarrier) ++last;
          if (last == p) {
            for (size_t t = 0; t < threads; ++t) run(p, t);
          } else {
            const size_t warps = (threads + kern::kWarpSize - 1) / kern::kWarpSize;
            for (size_t j = 0; j < warps; ++j) {
              const size_t w = order == BlockOrder::ascending ? j : warps - 1 - j;
              for (int q = p; q <= last; ++q)
                for (size_t t = w * kern::kWarpSize; t < threads && t < (w + 1) * kern::kWarpSize; ++t) run(q, t);
            }
          }
          p = last + 1;
        }
      }
      first = end + 1;
    }
  }
}

}  // namespace fft3d
