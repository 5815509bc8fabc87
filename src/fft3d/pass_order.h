// The order in which the passes of a grid schedule walk the volume. A pass
// reads what the one before it wrote; on an H100 the last ~50 MB written are
// still in L2, so a pass that starts where the previous one ended reads
// that much from L2 instead of DRAM. Every kernel walks its blocks from 0
// unless its GridPass says `reversed`; the order decides which passes do.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "fft3d/grid_schedule.h"

namespace fft3d {

// in_order: every pass walks from its first block (the default).
// alternating: a sweep walks opposite to the one before it where that makes
// it start on the data the previous sweep wrote last (see apply_pass_order).
enum class PassOrder { in_order, alternating };

// "in-order" or "alternating": the names of FFT3D_PASS_ORDER and wisdom.
const char* pass_order_name(PassOrder order);
std::optional<PassOrder> parse_pass_order(const std::string& name);

// Sets the passes' reversed flags for `order`. Alternating reverses a sweep
// relative to the previous one where both walk the volume plane by plane
// (X rows and Y columns of a grid with nz > 1, and the fused XY pass, walk z
// upwards: the next starts on the top planes the previous wrote last), and
// between the two sweeps of a five-step pass (the same columns, so B starts
// on the columns A wrote last). Z columns each cover every plane, so no
// direction of theirs starts on the previous pass's last planes: they, and a
// pass after them, stay unreversed. The fused XY pass is never reversed.
void apply_pass_order(std::vector<GridPass>& passes, PassOrder order);

// Whether any sweep of the passes walks reversed.
bool any_reversed(const std::vector<GridPass>& passes);

}  // namespace fft3d
