// The two ways a GPU plan runs on a host array: a whole volume (3-D: upload,
// transform, download) and rows in chunks (batched 1-D: pipelined). Each
// owns its buffers and streams; host_staging.cpp keeps one per plan.
#pragma once
#include <cstddef>
#include <memory>

#include "fft3d/problem.h"

namespace fft3d {

class Plan;

class HostStaging {
 public:
  virtual ~HostStaging() = default;
  // In place on `host` (host memory of in_place_bytes(plan.problem())),
  // complete on return. Not reentrant: the caller serialises calls.
  virtual void run(Plan& plan, void* host, int sign) = 0;
};

std::unique_ptr<HostStaging> make_volume_staging(const Problem& problem, size_t chunk_bytes);
std::unique_ptr<HostStaging> make_row_staging(const Problem& problem, size_t chunk_bytes);

}  // namespace fft3d
