#include "fft3d/pass_order.h"

namespace fft3d {

namespace {

// Whether a pass's blocks advance through the volume plane by plane, each
// block staying within a plane or two: X rows, the fused XY pass, and Y
// columns where there is more than one plane (count / inner = nz groups).
// Z columns each span every plane.
bool walks_planes(const GridPass& pass) {
  if (pass.is_long_column()) return false;  // walks its chunks upwards, always
  if (pass.is_cluster_row()) return false;  // one cluster a row, in order
  if (pass.is_fused_xy() || pass.axis == 'x') return true;
  return pass.axis == 'y' && pass.count > pass.geometry.inner;
}

}  // namespace

const char* pass_order_name(PassOrder order) {
  return order == PassOrder::alternating ? "alternating" : "in-order";
}

std::optional<PassOrder> parse_pass_order(const std::string& name) {
  if (name == "in-order") return PassOrder::in_order;
  if (name == "alternating") return PassOrder::alternating;
  return std::nullopt;
}

void apply_pass_order(std::vector<GridPass>& passes, PassOrder order) {
  const GridPass* previous = nullptr;
  for (GridPass& pass : passes) {
    pass.reversed = pass.reversed_b = false;
    if (order == PassOrder::alternating) {
      // The direction of the previous pass's last sweep.
      const bool before = previous && (previous->is_five_step() ? previous->reversed_b : previous->reversed);
      if (previous && !pass.is_fused_xy() && walks_planes(*previous) && walks_planes(pass)) pass.reversed = !before;
      if (pass.is_five_step()) pass.reversed_b = !pass.reversed;  // B starts on the columns A wrote last
    }
    previous = &pass;
  }
}

bool any_reversed(const std::vector<GridPass>& passes) {
  for (const GridPass& pass : passes)
    if (pass.reversed || pass.reversed_b) return true;
  return false;
}

}  // namespace fft3d
