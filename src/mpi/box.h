// Boxes of the global grid: which points a rank owns and how they sit in
// memory. Pure value types and arithmetic, no MPI (unit-tested on their own).
#pragma once
#include <array>
#include <string>

namespace fft3d {
namespace mpi {

constexpr int kX = 0, kY = 1, kZ = 2;

using Index3 = std::array<int, 3>;        // one value per axis x, y, z
using Strides3 = std::array<long long, 3>;

// The points lo[a] <= i_a < lo[a] + size[a], stored densely with axis
// order[0] fastest and order[2] slowest.
struct Box {
  Index3 lo{0, 0, 0};
  Index3 size{0, 0, 0};
  Index3 order{kX, kY, kZ};

  long long volume() const {
    return static_cast<long long>(size[0]) * size[1] * size[2];
  }
  bool empty() const { return volume() == 0; }
  // Element stride of each axis (indexed by axis, not by order).
  Strides3 strides() const;
  // Offset of global point p, which must lie in the box.
  long long offset(const Index3& p) const;
  bool contains(const Index3& p) const;
  std::string str() const;  // e.g. "[0,8)x[2,4)x[0,5) order zxy"
};

bool operator==(const Box& a, const Box& b);

// The points in both a and b (empty: size 0 on some axis), in a's order.
Box intersect(const Box& a, const Box& b);

// A balanced split of n points over `parts`: part k gets n / parts points,
// one more for k < n % parts, in order. Throws on parts < 1 or k outside.
struct Extent {
  int start = 0, size = 0;
};
Extent split(int n, int parts, int k);

// Whether order is a permutation of {x, y, z}.
bool valid_order(const Index3& order);
// "xyz", "zxy", ...: the axes fastest first.
std::string order_name(const Index3& order);

}  // namespace mpi
}  // namespace fft3d
