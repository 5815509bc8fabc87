// Box copies as GPU work: each copy becomes one task of the box-copy kernel
// (box_copy_kernel.h), a rows copy or a tiled transpose, with its own range
// of blocks, so one launch runs a whole pack or unpack. Plain C++: the plan
// makes the list once, and the tests run it on the CPU, thread by thread,
// with the kernel's own phase functions.
//
// The copies the distributed plans make (make_box_copy loops in the source's
// memory order, so loop 0 is contiguous in src):
//   pack (any reshape with a group > 1): the message keeps the source order,
//     so loop 0 is contiguous in dst too: runs of the source's fastest axis,
//     cut to the receiver's part when the next layout splits that axis
//     (n/p long), merged with loop 1 when it is whole (the slab's pack:
//     nx * ny/p). -> rows.
//   unpack: message (source order) -> the target box, whose fastest axis is
//     another: a 2-D transpose with a batch loop. Pencil xyz->yxz and back
//     yxz->xyz: dst contiguous along loop 1, batch loop 2 (z); pencil
//     yxz->zxy, zxy->yxz and the slab's xyz->zxy, zxy->xyz: dst contiguous
//     along loop 2, batch loop 1 (the middle axis). -> transpose.
//   direct (a group of one: 1 GPU, or the p1 = 1 row reshape of the GPU's
//     slab-as-pencil 1 x P): the whole box, the same transposes.
//   rows_local_fft's scratch copies (an FFT axis that is not the fastest,
//     e.g. y of the slab's layout 0): xyz <-> yxz transposes.
// Anything else (random boxes, a contiguous axis of extent 1) runs as rows
// with general strides.
#pragma once
#include <cstring>
#include <vector>

#include "mpi/box_copy.h"
#include "mpi/box_copy_kernel.h"

namespace fft3d {
namespace mpi {

struct CopyTiles {
  int element_bytes = 8;
  std::vector<kern::CopyTask> tasks;  // empty copies have none
  long long blocks = 0;               // of the whole launch
};

// The task of one non-empty copy (first_block 0): extent-1 loops dropped,
// loops merged where both sides run on contiguously, ordered and tiled for
// its kind.
kern::CopyTask make_copy_task(const BoxCopy& c, int element_bytes);

// The tasks of a pack or unpack, for 8- or 16-byte elements.
CopyTiles make_copy_tiles(const std::vector<BoxCopy>& copies, int element_bytes);

// Runs the launch on the CPU as the GPU would order it: for each block, each
// phase for every thread, shared memory poisoned first. E: the element
// type; Pair: the 16-byte word of paired rows (tests pass types that count
// their stores).
template <typename E, typename Pair>
void emulate_copy_tiles(const CopyTiles& tiles, const void* src, void* dst, bool aligned16) {
  if (tiles.tasks.empty()) return;
  const kern::CopyArgs args{src, dst, tiles.tasks.data(), 0, static_cast<int>(tiles.tasks.size()), aligned16 ? 1 : 0};
  std::vector<E> smem(kern::kTransposeSharedElements);
  E poison;
  std::memset(static_cast<void*>(&poison), 0xA5, sizeof(E));
  for (long long b = 0; b < tiles.blocks; ++b) {
    const kern::CopyTask& t = tiles.tasks[static_cast<size_t>(kern::find_task(args.tasks, args.count, b))];
    const kern::TilePos p = kern::tile_position(t, b);
    for (E& e : smem) e = poison;
    for (int phase = 0; phase < kern::copy_phases(t); ++phase)
      for (int tid = 0; tid < kern::kCopyThreads; ++tid) kern::box_copy_phase<E, Pair>(phase, t, p, tid, args, smem.data());
  }
}

// The emulation with plain 8- or 16-byte words.
void run_copy_tiles_on_host(const CopyTiles& tiles, const void* src, void* dst, bool aligned16);

}  // namespace mpi
}  // namespace fft3d
