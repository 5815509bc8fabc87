// How a grid is spread over ranks: the sequence of layouts a transform
// passes through, the axes transformed in each, and which group of ranks
// exchanges data between consecutive layouts. Pure data, no MPI: the same
// description serves every rank, and tests check it for many rank counts.
#pragma once
#include <string>
#include <vector>

#include "mpi/box.h"

namespace fft3d {
namespace mpi {

// The grid as the distributed transform sees it. For real transforms the
// layouts hold complex values: x has nx/2+1 points after the first step.
struct Grid {
  int nx = 1, ny = 1, nz = 1;
  bool real = false;
  int complex_nx() const { return real ? nx / 2 + 1 : nx; }
};

enum class DecompositionKind { slab, pencil };

// p1 x p2 ranks; rank r sits at (r1, r2) = (r % p1, r / p1). A slab is the
// grid 1 x P.
struct ProcessGrid {
  int p1 = 1, p2 = 1;
  int ranks() const { return p1 * p2; }
};

// Who exchanges in a reshape: the p1 ranks of equal r2 (row), or the p2 ranks
// of equal r1 (column). A member's index in its group is r1 (row) or r2
// (column); for a slab the column group is every rank.
enum class Group { row, column };

// How one axis of a layout is distributed.
enum class Spread { whole, over_p1, over_p2 };

struct Layout {
  std::array<Spread, 3> spread;  // per axis x, y, z
  Index3 order;                  // memory order, fastest first
  std::vector<int> fft_axes;     // transformed while in this layout, in forward order
};

struct Decomposition {
  Grid grid;
  DecompositionKind kind = DecompositionKind::slab;
  ProcessGrid pg;
  std::vector<Layout> layouts;      // layouts[0]: the input
  std::vector<Group> reshape_group;  // [k-1]: between layouts k-1 and k

  int num_layouts() const { return static_cast<int>(layouts.size()); }
  // The complex box of layout k owned by the rank at (r1, r2).
  Box box(int k, int r1, int r2) const;
  Box box_of_rank(int k, int rank) const { return box(k, rank % pg.p1, rank / pg.p1); }
  // Members of a row or column group.
  int group_size(Group g) const { return g == Group::row ? pg.p1 : pg.p2; }
  std::string str() const;  // "pencil 2x3" / "slab over 4 ranks"
};

// Slab over P ranks (layouts: z split, then y split with z fastest), or
// pencil over p1 x p2 (z split over p2 throughout; y over p1, then x over p1,
// then y over p2).
Decomposition make_decomposition(const Grid& grid, DecompositionKind kind, const ProcessGrid& pg);

// The decomposition for `ranks` when the user leaves it to us (kind or grid
// unset): a slab when every rank owns planes in both slab layouts (it
// exchanges once), else the pencil grid that leaves fewest ranks empty and
// is closest to square. p1, p2 > 0 fix the grid (p1 * p2 must be ranks).
// Where a strided axis costs extra passes (the GPU engine transforms rows
// only), the slab's boxes are taken as the pencil 1 x P instead: the same
// boxes and one exchange, with a local transpose before y in place of the
// slab's transpose-transform-transpose back.
struct DecompositionRequest {
  bool choose_kind = true;
  DecompositionKind kind = DecompositionKind::slab;
  int p1 = 0, p2 = 0;
  bool rows_only_engine = false;
};
Decomposition choose_decomposition(const Grid& grid, int ranks, const DecompositionRequest& request);

// How many ranks own nothing in some layout of d.
int empty_ranks(const Decomposition& d);

}  // namespace mpi
}  // namespace fft3d
