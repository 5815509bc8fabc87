// Host arrays on GPU plans: the array is copied to the device through pinned
// staging buffers, transformed there and copied back (fft3d_forward_host).
// The staging state (pinned buffers, device scratch, streams) is made on a
// plan's first host call, kept for the next, and released with the plan.
#pragma once
#include <cstddef>
#include <memory>

#include "fft3d.h"
#include "fft3d/problem.h"

namespace fft3d {

class Plan;

// Bytes of a problem's data in place, as the caller's array holds it: real
// rows are padded to nx/2+1 complex values (the layout in fft3d.h), so this
// is the complex side of a real transform. Taken from the public layout, not
// from a plan, so that no backend can make the host copy read past the array.
inline long long in_place_bytes(const Problem& problem) {
  return problem.is_real() ? problem.complex_side_bytes() : problem.bytes();
}

// Bytes of one batched row in place (a 3-D problem is one "row").
inline long long in_place_row_bytes(const Problem& problem) {
  return problem.shape == Shape::batched1d ? in_place_bytes(problem) / problem.batch : in_place_bytes(problem);
}

// Transforms `host` (host memory, in place) with the GPU plan behind handle;
// returns when the result is back in `host`. Throws Error like the C API.
void run_gpu_plan_on_host(fft3d_plan handle, Plan& plan, void* host, int sign);

// Frees the staging state of a handle, if it has one (fft3d_plan_destroy).
void release_host_staging(fft3d_plan handle) noexcept;

// Size of one staging chunk for states made from now on (default 8 MiB).
// For tests that want many chunks from small problems.
void set_host_staging_chunk_bytes(size_t bytes);
size_t host_staging_chunk_bytes();

}  // namespace fft3d
