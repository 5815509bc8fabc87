// Shared by the MPI tests that run every rank of a decomposition in one
// process (test_mpi_layout, test_reshape_pieces): the decompositions of some
// grids over 1..max_ranks ranks, a global index per point, a walk over a
// box's points, and which rank is member j of a rank's group.
#pragma once
#include <vector>

#include "mpi/box.h"
#include "mpi/decomposition.h"
#include "mpi/reshape_plan.h"

namespace fft3d {
namespace mpi {

struct DecompositionCase {
  Grid grid;
  DecompositionKind kind;
  ProcessGrid pg;
};

// The slab and every pencil process grid of each grid, for 1..max_ranks ranks.
inline std::vector<DecompositionCase> decomposition_cases(const std::vector<Grid>& grids, int max_ranks) {
  std::vector<DecompositionCase> out;
  for (const Grid& g : grids)
    for (int ranks = 1; ranks <= max_ranks; ++ranks) {
      out.push_back({g, DecompositionKind::slab, {1, ranks}});
      for (int p1 = 1; p1 <= ranks; ++p1)
        if (ranks % p1 == 0) out.push_back({g, DecompositionKind::pencil, {p1, ranks / p1}});
    }
  return out;
}

inline long long point_id(const Index3& p) { return p[0] + 1000LL * (p[1] + 1000LL * p[2]); }

template <typename F>
void for_each_point(const Box& b, F f) {
  for (int z = b.lo[2]; z < b.lo[2] + b.size[2]; ++z)
    for (int y = b.lo[1]; y < b.lo[1] + b.size[1]; ++y)
      for (int x = b.lo[0]; x < b.lo[0] + b.size[0]; ++x) f(Index3{x, y, z});
}

// Member j of rank r's group is the rank at (j, r2) for rows, (r1, j) for columns.
inline int rank_of_member(const Decomposition& d, const ReshapePlan& p, int r, int j) {
  return p.group == Group::row ? j + (r / d.pg.p1) * d.pg.p1 : (r % d.pg.p1) + j * d.pg.p1;
}

}  // namespace mpi
}  // namespace fft3d
