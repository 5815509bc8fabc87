// The CPU block executor: runs a kernel written as barrier-separated
// per-thread phases exactly as the GPU would order it. For each block, each
// phase runs for every thread in turn, so every write of a phase is visible to
// every read of the next, as after __syncthreads(). Shared memory is a plain
// array poisoned with NaN before each block, so a read of an element no thread
// wrote shows up in the output. Guard bytes past the end catch a block that
// writes beyond its shared memory (on the GPU: an illegal address, or another
// block's data).
//
// A Kernel provides: `Regs` (one thread's registers), threads(),
// shared_bytes(), phases() and phase(p, ThreadCoord, Regs&, void* shared).
#pragma once
#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "fft1d/x_kernel.h"

namespace fft3d {

template <class Kernel>
void run_blocks_on_cpu(const Kernel& kernel, long long blocks) {
  using Regs = typename Kernel::Regs;
  std::vector<Regs> regs(static_cast<size_t>(kernel.threads()));
  constexpr size_t kGuardBytes = 256;
  const size_t bytes = static_cast<size_t>(kernel.shared_bytes());
  std::vector<unsigned char> shared(bytes + kGuardBytes);
  for (long long b = 0; b < blocks; ++b) {
    std::memset(shared.data(), 0xFF, shared.size());  // all-ones bits are NaN
    for (int p = 0; p < kernel.phases(); ++p)
      for (int t = 0; t < kernel.threads(); ++t)
        kernel.phase(p, kern::ThreadCoord{t, b}, regs[static_cast<size_t>(t)], shared.data());
    if (std::any_of(shared.begin() + static_cast<long>(bytes), shared.end(), [](unsigned char c) { return c != 0xFF; }))
      throw std::logic_error("block executor: a block wrote past its shared memory");
  }
}

}  // namespace fft3d
