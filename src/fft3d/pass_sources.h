// The kernel sources a schedule's passes compile, as the GPU passes build
// them (make_gpu_passes, the real plan's row pass): for offline checks that
// a plan's kernels compile and what they cost in registers and spills
// (fft3d-kernel-resources). Needs no GPU.
#pragma once
#include <string>
#include <vector>

#include "fft3d/grid_schedule.h"

namespace fft3d {

struct PassSource {
  std::string label;   // the pass and its variant, e.g. "z r16-16.t16.rows8...cols"
  std::string source;  // what NVRTC compiles
};

// The sources of one pass: the fused XY kernel (axis 'p'), the five-step
// form's, a long-column pass's A and B, cluster rows', or the X kernel in
// the walk order and streaming the pass carries (a plan sets those after
// making the schedule: pass_order.h, set_last_pass_streaming); then its
// side passes' (labels "side ..."). The long-column pass's work budget
// from the environment does not change its kernels.
std::vector<PassSource> pass_sources(const GridPass& pass, Precision precision);

// The sources of a real transform's X pass: its row kernel (the C2R
// inverse's own too, where it has one), or its real cluster rows.
std::vector<PassSource> real_rows_sources(const RealRowsPass& pass, Precision precision);

}  // namespace fft3d
