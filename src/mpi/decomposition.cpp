#include "mpi/decomposition.h"

#include <algorithm>

#include "common/error.h"

namespace fft3d {
namespace mpi {

Box Decomposition::box(int k, int r1, int r2) const {
  const Layout& l = layouts.at(static_cast<size_t>(k));
  const Index3 n{grid.complex_nx(), grid.ny, grid.nz};
  Box b;
  b.order = l.order;
  for (int a = 0; a < 3; ++a) {
    Extent e{0, n[a]};
    if (l.spread[a] == Spread::over_p1) e = split(n[a], pg.p1, r1);
    if (l.spread[a] == Spread::over_p2) e = split(n[a], pg.p2, r2);
    b.lo[a] = e.start;
    b.size[a] = e.size;
  }
  if (b.empty()) b.size = {0, 0, 0};
  return b;
}

std::string Decomposition::str() const {
  if (kind == DecompositionKind::slab) return "slab over " + std::to_string(pg.ranks()) + " ranks";
  return "pencil " + std::to_string(pg.p1) + "x" + std::to_string(pg.p2);
}

Decomposition make_decomposition(const Grid& grid, DecompositionKind kind, const ProcessGrid& pg) {
  if (pg.p1 < 1 || pg.p2 < 1) fail(FFT3D_ERROR_INVALID_ARGUMENT, "process grid sizes must be positive");
  Decomposition d;
  d.grid = grid;
  d.kind = kind;
  d.pg = pg;
  const auto W = Spread::whole, P1 = Spread::over_p1, P2 = Spread::over_p2;
  if (kind == DecompositionKind::slab) {
    if (pg.p1 != 1) fail(FFT3D_ERROR_INTERNAL, "a slab is a 1 x P process grid");
    // Each later layout puts the axis it transforms fastest; the others keep
    // their relative order.
    d.layouts = {{{W, W, P2}, {kX, kY, kZ}, {kX, kY}},
                 {{W, P2, W}, {kZ, kX, kY}, {kZ}}};
    d.reshape_group = {Group::column};
  } else {
    d.layouts = {{{W, P1, P2}, {kX, kY, kZ}, {kX}},
                 {{P1, W, P2}, {kY, kX, kZ}, {kY}},
                 {{P1, P2, W}, {kZ, kX, kY}, {kZ}}};
    d.reshape_group = {Group::row, Group::column};
  }
  return d;
}

int empty_ranks(const Decomposition& d) {
  int count = 0;
  for (int r = 0; r < d.pg.ranks(); ++r)
    for (int k = 0; k < d.num_layouts(); ++k)
      if (d.box_of_rank(k, r).empty()) {
        ++count;
        break;
      }
  return count;
}

namespace {

Decomposition best_pencil(const Grid& grid, int ranks) {
  Decomposition best;
  int best_empty = -1;
  for (int p1 = 1; p1 <= ranks; ++p1) {
    if (ranks % p1) continue;
    const int p2 = ranks / p1;
    Decomposition d = make_decomposition(grid, DecompositionKind::pencil, {p1, p2});
    const int e = empty_ranks(d);
    // Fewest empty ranks, then the squarest grid (the smaller of two
    // exchanges is largest), then the smaller row group.
    const bool better = best_empty < 0 || e < best_empty ||
                        (e == best_empty && std::max(p1, p2) < std::max(best.pg.p1, best.pg.p2));
    if (better) {
      best = d;
      best_empty = e;
    }
  }
  return best;
}

}  // namespace

Decomposition choose_decomposition(const Grid& grid, int ranks, const DecompositionRequest& request) {
  if (ranks < 1) fail(FFT3D_ERROR_INVALID_ARGUMENT, "a communicator of " + std::to_string(ranks) + " ranks");
  const bool grid_given = request.p1 != 0 || request.p2 != 0;
  if (grid_given) {
    if (request.p1 < 1 || request.p2 < 1 || static_cast<long long>(request.p1) * request.p2 != ranks)
      fail(FFT3D_ERROR_INVALID_ARGUMENT, "process grid " + std::to_string(request.p1) + " x " +
                                             std::to_string(request.p2) + " does not match " +
                                             std::to_string(ranks) + " ranks (p1 * p2 must equal it)");
    if (!request.choose_kind && request.kind == DecompositionKind::slab && request.p1 != 1)
      fail(FFT3D_ERROR_INVALID_ARGUMENT, "a slab decomposition has the process grid 1 x P, not " +
                                             std::to_string(request.p1) + " x " + std::to_string(request.p2));
    if (request.choose_kind || request.kind == DecompositionKind::pencil)
      return make_decomposition(grid, DecompositionKind::pencil, {request.p1, request.p2});
  }
  DecompositionKind kind = request.kind;
  if (request.choose_kind)
    kind = ranks <= grid.ny && ranks <= grid.nz ? DecompositionKind::slab : DecompositionKind::pencil;
  if (kind == DecompositionKind::slab) {
    if (request.choose_kind && request.rows_only_engine)
      return make_decomposition(grid, DecompositionKind::pencil, {1, ranks});
    return make_decomposition(grid, kind, {1, ranks});
  }
  return best_pencil(grid, ranks);
}

}  // namespace mpi
}  // namespace fft3d
