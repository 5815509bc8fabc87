#include "mpi/copy_tiles.h"

#include <algorithm>

#include "common/error.h"

namespace fft3d {
namespace mpi {

namespace {

struct Loop {
  long long n, src_stride, dst_stride;
};

int log2_ceil(long long n) {
  int k = 0;
  while ((1LL << k) < n) ++k;
  return k;
}

// The copy's loops of extent > 1, sorted by source stride, with each loop
// folded into the previous one where both sides continue contiguously
// (e.g. whole x rows of a slab's pack become one run).
std::vector<Loop> simplified_loops(const BoxCopy& c) {
  std::vector<Loop> loops;
  for (int k = 0; k < 3; ++k)
    if (c.extent[k] > 1) loops.push_back({c.extent[k], c.src_stride[k], c.dst_stride[k]});
  std::stable_sort(loops.begin(), loops.end(),
                   [](const Loop& a, const Loop& b) { return a.src_stride < b.src_stride; });
  std::vector<Loop> merged;
  for (const Loop& l : loops) {
    if (!merged.empty()) {
      Loop& m = merged.back();
      if (m.src_stride * m.n == l.src_stride && m.dst_stride * m.n == l.dst_stride) {
        m.n *= l.n;
        continue;
      }
    }
    merged.push_back(l);
  }
  return merged;
}

int index_of_unit(const std::vector<Loop>& loops, bool src) {
  for (size_t k = 0; k < loops.size(); ++k)
    if ((src ? loops[k].src_stride : loops[k].dst_stride) == 1) return static_cast<int>(k);
  return -1;
}

// Loop `first` (and `second` if >= 0), then the rest, longest first (a
// rows tile spans loop 1, so the longer one wastes fewer threads).
std::vector<Loop> ordered(const std::vector<Loop>& loops, int first, int second) {
  std::vector<Loop> out, rest;
  if (first >= 0) out.push_back(loops[static_cast<size_t>(first)]);
  if (second >= 0) out.push_back(loops[static_cast<size_t>(second)]);
  for (size_t k = 0; k < loops.size(); ++k)
    if (static_cast<int>(k) != first && static_cast<int>(k) != second) rest.push_back(loops[k]);
  std::stable_sort(rest.begin(), rest.end(), [](const Loop& a, const Loop& b) { return a.n > b.n; });
  out.insert(out.end(), rest.begin(), rest.end());
  while (out.size() < 3) out.push_back({1, 0, 0});
  return out;
}

// TA x TB = 1024: 32 x 32, or a narrow side fitted to a short axis (at
// least 8) with the other side longer.
void transpose_tile(long long na, long long nb, int* log_a, int* log_b) {
  constexpr int kLogTile = 10;  // log2 kTransposeTileElements
  if (na >= 32 && nb >= 32) {
    *log_a = *log_b = 5;
  } else if (na <= nb) {
    *log_a = std::max(3, log2_ceil(na));
    *log_b = kLogTile - *log_a;
  } else {
    *log_b = std::max(3, log2_ceil(nb));
    *log_a = kLogTile - *log_b;
  }
}

}  // namespace

kern::CopyTask make_copy_task(const BoxCopy& c, int element_bytes) {
  if (element_bytes != 8 && element_bytes != 16)
    fail(FFT3D_ERROR_INTERNAL, "GPU box copy of " + std::to_string(element_bytes) + "-byte elements");
  if (c.volume() <= 0) fail(FFT3D_ERROR_INTERNAL, "a copy task for an empty box copy");
  const std::vector<Loop> loops = simplified_loops(c);
  const int a = index_of_unit(loops, true), b = index_of_unit(loops, false);
  kern::CopyTask t{};
  t.src_offset = c.src_offset;
  t.dst_offset = c.dst_offset;
  const bool transpose = a >= 0 && b >= 0 && a != b;
  t.kind = transpose ? kern::kCopyTranspose : kern::kCopyRows;
  const std::vector<Loop> l = transpose ? ordered(loops, a, b) : ordered(loops, a >= 0 ? a : b, -1);
  for (int k = 0; k < 3; ++k) {
    t.n[k] = l[static_cast<size_t>(k)].n;
    t.src_stride[k] = l[static_cast<size_t>(k)].src_stride;
    t.dst_stride[k] = l[static_cast<size_t>(k)].dst_stride;
  }
  if (transpose) {
    transpose_tile(t.n[0], t.n[1], &t.log_w, &t.log_h);
  } else {
    const int log_tile = log2_ceil(kern::kRowTileBytes / element_bytes);
    t.log_w = std::min(log_tile, std::max(5, log2_ceil(t.n[0])));
    t.log_h = log_tile - t.log_w;
    auto even = [](long long v) { return v % 2 == 0; };
    t.paired = element_bytes == 8 && t.src_stride[0] == 1 && t.dst_stride[0] == 1 && even(t.n[0]) &&
               even(t.src_offset) && even(t.dst_offset) && even(t.src_stride[1]) && even(t.src_stride[2]) &&
               even(t.dst_stride[1]) && even(t.dst_stride[2]);
  }
  t.tiles0 = (t.n[0] + (1LL << t.log_w) - 1) >> t.log_w;
  t.tiles1 = (t.n[1] + (1LL << t.log_h) - 1) >> t.log_h;
  return t;
}

CopyTiles make_copy_tiles(const std::vector<BoxCopy>& copies, int element_bytes) {
  CopyTiles tiles;
  tiles.element_bytes = element_bytes;
  for (const BoxCopy& c : copies) {
    if (c.volume() == 0) continue;
    kern::CopyTask t = make_copy_task(c, element_bytes);
    t.first_block = tiles.blocks;
    tiles.blocks += t.tiles0 * t.tiles1 * t.n[2];
    tiles.tasks.push_back(t);
  }
  if (tiles.tasks.size() > 0x7fffffffu) fail(FFT3D_ERROR_INTERNAL, "too many box copies for one launch");
  return tiles;
}

void run_copy_tiles_on_host(const CopyTiles& tiles, const void* src, void* dst, bool aligned16) {
  if (tiles.element_bytes == 8)
    emulate_copy_tiles<unsigned long long, kern::Word16>(tiles, src, dst, aligned16);
  else if (tiles.element_bytes == 16)
    emulate_copy_tiles<kern::Word16, kern::Word16>(tiles, src, dst, aligned16);
  else
    fail(FFT3D_ERROR_INTERNAL, "box copy tiles of " + std::to_string(tiles.element_bytes) + "-byte elements");
}

}  // namespace mpi
}  // namespace fft3d
