// One staging state per plan handle, made on the plan's first host call and
// released by fft3d_plan_destroy. Kept here, beside the plans rather than in
// them, so that backends know nothing of host arrays.
#include "fft3d/host_staging.h"

#include <atomic>
#include <map>
#include <mutex>

#include "common/error.h"
#include "fft3d/host_staging_kinds.h"
#include "fft3d/plan.h"
#include "gpu/device.h"

namespace fft3d {

namespace {

constexpr size_t kDefaultChunkBytes = size_t(8) << 20;  // ~0.2 ms over PCIe 5, ~1 ms of host memcpy
std::atomic<size_t> g_chunk_bytes{kDefaultChunkBytes};

// A state and the lock that makes calls on one plan take turns.
struct PlanStaging {
  std::mutex running;
  std::unique_ptr<HostStaging> staging;
};

// Never destroyed: plans still alive at exit keep their pinned buffers until
// the process ends, rather than freeing them after the CUDA runtime has gone.
std::mutex& g_states_mutex = *new std::mutex;
std::map<fft3d_plan, std::shared_ptr<PlanStaging>>& g_states = *new std::map<fft3d_plan, std::shared_ptr<PlanStaging>>;

std::shared_ptr<PlanStaging> state_of(fft3d_plan handle) {
  std::lock_guard<std::mutex> lock(g_states_mutex);
  std::shared_ptr<PlanStaging>& s = g_states[handle];
  if (!s) s = std::make_shared<PlanStaging>();
  return s;
}

// A state whose last call failed may hold a broken stream or half-filled
// buffers: forget it, so that the next call starts afresh.
void forget(fft3d_plan handle, const std::shared_ptr<PlanStaging>& state) {
  std::lock_guard<std::mutex> lock(g_states_mutex);
  auto it = g_states.find(handle);
  if (it != g_states.end() && it->second == state) g_states.erase(it);
}

}  // namespace

void run_gpu_plan_on_host(fft3d_plan handle, Plan& plan, void* host, int sign) {
  if (is_device_pointer(host))
    fail(FFT3D_ERROR_INVALID_POINTER,
         "the host entry points take host memory; this is device memory (give it to fft3d_forward / fft3d_inverse)");
  const std::shared_ptr<PlanStaging> state = state_of(handle);
  std::lock_guard<std::mutex> turn(state->running);
  try {
    if (!state->staging) {
      const Problem& p = plan.problem();
      state->staging = p.shape == Shape::grid3d ? make_volume_staging(p, host_staging_chunk_bytes())
                                                : make_row_staging(p, host_staging_chunk_bytes());
    }
    state->staging->run(plan, host, sign);
  } catch (...) {
    state->staging.reset();
    forget(handle, state);
    throw;
  }
}

void release_host_staging(fft3d_plan handle) noexcept {
  std::shared_ptr<PlanStaging> state;
  {
    std::lock_guard<std::mutex> lock(g_states_mutex);
    auto it = g_states.find(handle);
    if (it == g_states.end()) return;
    state = std::move(it->second);
    g_states.erase(it);
  }
  // Freed here, outside the map's lock (or by a call still running on it).
}

void set_host_staging_chunk_bytes(size_t bytes) { g_chunk_bytes = bytes ? bytes : kDefaultChunkBytes; }
size_t host_staging_chunk_bytes() { return g_chunk_bytes; }

}  // namespace fft3d
