// Box copies for the copy-kernel tests (CPU emulation and GPU): every copy
// the slab and pencil decompositions make for one rank (packs, unpacks,
// whole-box transposes of groups of one, the rows engine's scratch
// transposes), random copies between random boxes, and random strided
// copies with padded pitches. Header-only, shared by both test programs.
#pragma once
#include <algorithm>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "mpi/box_copy.h"
#include "mpi/decomposition.h"
#include "mpi/reshape_plan.h"

namespace fft3d {
namespace mpi {
namespace copy_test {

// One pack, unpack or direct copy: a list run by one launch.
struct CopyList {
  enum Role { pack, permute } role;  // permute: unpack, direct or scratch (a transpose)
  std::string name;
  std::vector<BoxCopy> copies;
};

// The elements a buffer needs so that every copy's src (or dst) fits.
inline long long reach(const std::vector<BoxCopy>& copies, bool src) {
  long long n = 0;
  for (const BoxCopy& c : copies) {
    if (c.volume() == 0) continue;
    long long last = src ? c.src_offset : c.dst_offset;
    for (int k = 0; k < 3; ++k) last += (c.extent[k] - 1) * (src ? c.src_stride[k] : c.dst_stride[k]);
    n = std::max(n, last + 1);
  }
  return n;
}

// The box with axis a fastest and the others in b's order (rows_local_fft).
inline Box with_fastest(const Box& b, int a) {
  Box t = b;
  t.order[0] = a;
  int k = 1;
  for (int x : b.order)
    if (x != a) t.order[static_cast<size_t>(k++)] = x;
  return t;
}

// Everything the distributed plan makes for the rank at (r1, r2).
inline std::vector<CopyList> rank_copies(const Decomposition& d, int r1, int r2) {
  std::vector<CopyList> out;
  const std::string at = d.str() + " of " + std::to_string(d.grid.nx) + "x" + std::to_string(d.grid.ny) + "x" +
                         std::to_string(d.grid.nz) + (d.grid.real ? " real" : "") + " at (" + std::to_string(r1) +
                         "," + std::to_string(r2) + ") ";
  for (int k = 0; k + 1 < d.num_layouts(); ++k)
    for (const auto& ft : {std::make_pair(k, k + 1), std::make_pair(k + 1, k)}) {
      const ReshapePlan p = make_reshape_plan(d, ft.first, ft.second, r1, r2);
      const std::string name = at + std::to_string(ft.first) + "->" + std::to_string(ft.second);
      if (d.group_size(p.group) == 1) {
        if (!p.from_box.empty())
          out.push_back({CopyList::permute, name + " direct", {make_box_copy(p.from_box, 0, p.to_box, 0, p.from_box)}});
        continue;
      }
      out.push_back({CopyList::pack, name + " pack", p.pack});
      out.push_back({CopyList::permute, name + " unpack", p.unpack});
    }
  for (int k = 0; k < d.num_layouts(); ++k) {
    const Box b = d.box(k, r1, r2);
    if (b.empty()) continue;
    for (int a : d.layouts[static_cast<size_t>(k)].fft_axes) {
      if (b.order[0] == a) continue;
      const Box t = with_fastest(b, a);
      const std::string name = at + "layout " + std::to_string(k) + " scratch " + "xyz"[a];
      out.push_back({CopyList::permute, name + " to", {make_box_copy(b, 0, t, 0, b)}});
      out.push_back({CopyList::permute, name + " from", {make_box_copy(t, 0, b, 0, b)}});
    }
  }
  return out;
}

// Every rank's copies for slabs and pencils of a few grids (odd sizes,
// real grids, more ranks than planes so that some boxes are empty).
inline std::vector<CopyList> decomposition_copies() {
  std::vector<CopyList> out;
  const std::vector<Grid> grids = {{8, 6, 4, false}, {7, 13, 5, false}, {9, 5, 6, true}, {12, 10, 9, false}};
  const std::vector<ProcessGrid> pencils = {{1, 1}, {1, 2}, {2, 1}, {2, 2}, {3, 2}, {2, 3}, {1, 4}, {4, 1}, {3, 3}};
  for (const Grid& g : grids) {
    for (int p = 1; p <= 4; ++p) {
      const Decomposition d = make_decomposition(g, DecompositionKind::slab, {1, p});
      for (int r = 0; r < p; ++r)
        for (CopyList& l : rank_copies(d, 0, r)) out.push_back(std::move(l));
    }
    for (const ProcessGrid& pg : pencils) {
      const Decomposition d = make_decomposition(g, DecompositionKind::pencil, pg);
      for (int r2 = 0; r2 < pg.p2; ++r2)
        for (int r1 = 0; r1 < pg.p1; ++r1)
          for (CopyList& l : rank_copies(d, r1, r2)) out.push_back(std::move(l));
    }
  }
  return out;
}

inline Index3 random_order(std::mt19937& rng) {
  Index3 o{kX, kY, kZ};
  std::shuffle(o.begin(), o.end(), rng);
  return o;
}

inline Box random_sub_box(std::mt19937& rng, const Index3& grid) {
  Box b;
  for (int a = 0; a < 3; ++a) {
    const int lo = std::uniform_int_distribution<int>(0, grid[a] - 1)(rng);
    b.lo[a] = lo;
    b.size[a] = std::uniform_int_distribution<int>(1, grid[a] - lo)(rng);
  }
  b.order = random_order(rng);
  return b;
}

// `count` copies between random boxes of a random grid (up to `max_n` per
// axis), each from its own source box into its own destination box, the
// boxes laid one after another in the two buffers (so destinations never
// overlap). Some regions are empty.
inline std::vector<BoxCopy> random_box_copies(std::mt19937& rng, int count, int max_n) {
  std::vector<BoxCopy> out;
  long long src_at = 0, dst_at = 0;
  for (int i = 0; i < count; ++i) {
    Index3 grid;
    for (int& n : grid) n = std::uniform_int_distribution<int>(1, max_n)(rng);
    const Box src = random_sub_box(rng, grid), dst = random_sub_box(rng, grid);
    const Box region = intersect(src, dst);
    if (region.empty()) {
      out.push_back(BoxCopy{});
      continue;
    }
    src_at += std::uniform_int_distribution<int>(0, 3)(rng);  // odd offsets too
    dst_at += std::uniform_int_distribution<int>(0, 3)(rng);
    out.push_back(make_box_copy(src, src_at, dst, dst_at, region));
    src_at += src.volume();
    dst_at += dst.volume();
  }
  return out;
}

// A layout of `extent` in a random axis order with padded pitches; the
// fastest stride is sometimes 2 (no unit stride: the general path).
inline Strides3 random_strides(std::mt19937& rng, const Strides3& extent) {
  const Index3 order = random_order(rng);
  Strides3 s{};
  long long step = std::uniform_int_distribution<int>(0, 3)(rng) == 0 ? 2 : 1;
  for (int k = 0; k < 3; ++k) {
    const int a = order[static_cast<size_t>(k)];
    s[static_cast<size_t>(a)] = step;
    step *= extent[static_cast<size_t>(a)] + std::uniform_int_distribution<int>(0, 2)(rng);
  }
  return s;
}

// One copy of random extents (up to max_n) between two padded layouts.
inline BoxCopy random_strided_copy(std::mt19937& rng, int max_n) {
  BoxCopy c;
  for (long long& e : c.extent) e = std::uniform_int_distribution<int>(1, max_n)(rng);
  c.src_stride = random_strides(rng, c.extent);
  c.dst_stride = random_strides(rng, c.extent);
  c.src_offset = std::uniform_int_distribution<int>(0, 5)(rng);
  c.dst_offset = std::uniform_int_distribution<int>(0, 5)(rng);
  return c;
}

}  // namespace copy_test
}  // namespace mpi
}  // namespace fft3d
