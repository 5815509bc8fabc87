// The C API: thin adapters that validate, build a Problem, and call one
// constructor or method. Every entry point catches everything, records the
// detail for fft3d_last_error_message() and returns a status.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <new>
#include <set>
#include <string>

#include "common/error.h"
#include "fft3d.h"
#include "fft3d/backend_choice.h"
#include "fft3d/c_api_support.h"
#include "fft3d/host_staging.h"
#include "fft3d/plan.h"
#include "tune/wisdom.h"

struct fft3d_plan_st {
  std::unique_ptr<fft3d::Plan> impl;
};

namespace fft3d {

namespace {

thread_local std::string t_last_error;

// Live handles, so that a destroyed or foreign handle is reported instead of
// dereferenced.
std::mutex g_plans_mutex;
std::set<const fft3d_plan_st*> g_live_plans;


fft3d_status create(fft3d_plan* out, Problem problem, unsigned flags) {
  const PlanChoice c = choose_backend(problem, flags);
  problem.normalize = (flags & FFT3D_NORMALIZE) != 0;
  auto handle = std::make_unique<fft3d_plan_st>();
  handle->impl = c.backend == FFT3D_BACKEND_GPU ? make_gpu_plan(problem, c.mode) : make_cpu_plan(problem, c.mode);
  std::lock_guard<std::mutex> lock(g_plans_mutex);
  g_live_plans.insert(handle.get());
  *out = handle.release();
  return FFT3D_SUCCESS;
}

fft3d_status execute(fft3d_plan plan, void* data, int sign, const CUstream_st* const* stream) {
  return guarded([&] {
    Plan& p = live_plan(plan);
    if (!data) fail(FFT3D_ERROR_INVALID_POINTER, "data is NULL");
    p.check_pointer(data);
    p.execute(data, sign, stream ? const_cast<CUstream_st*>(*stream) : p.stream());
  });
}

// Out of place; in == out is the in-place transform.
fft3d_status execute_out(fft3d_plan plan, const void* in, void* out, int sign) {
  return guarded([&] {
    Plan& p = live_plan(plan);
    if (!in || !out) fail(FFT3D_ERROR_INVALID_POINTER, "in or out is NULL");
    p.check_pointer(in);
    p.check_pointer(out);
    if (in == out) return p.execute(out, sign, p.stream());
    const auto a = reinterpret_cast<std::uintptr_t>(in), b = reinterpret_cast<std::uintptr_t>(out);
    const auto na = static_cast<std::uintptr_t>(p.in_bytes(sign));
    const auto nb = static_cast<std::uintptr_t>(p.out_bytes(sign));
    if (a < b + nb && b < a + na)
      fail(FFT3D_ERROR_INVALID_ARGUMENT, "in and out overlap without being the same buffer");
    p.execute_out(in, out, sign, p.stream());
  });
}

}  // namespace

Plan& live_plan(fft3d_plan plan) {
  if (!plan) fail(FFT3D_ERROR_INVALID_ARGUMENT, "plan is NULL");
  std::lock_guard<std::mutex> lock(g_plans_mutex);
  if (!g_live_plans.count(plan))
    fail(FFT3D_ERROR_INVALID_ARGUMENT, "plan is not a live fft3d plan (destroyed, or never created)");
  return *plan->impl;
}

void set_last_error_message(const std::string& message) { t_last_error = message; }
const char* last_error_message() { return t_last_error.c_str(); }

}  // namespace fft3d

using namespace fft3d;

extern "C" {

fft3d_status fft3d_plan_create_3d(fft3d_plan* plan, int nx, int ny, int nz, fft3d_type type, unsigned flags) {
  if (!plan) return guarded([] { fail(FFT3D_ERROR_INVALID_ARGUMENT, "plan output pointer is NULL"); });
  *plan = nullptr;
  return guarded([&] { create(plan, make_3d_problem(nx, ny, nz, type), flags); });
}

fft3d_status fft3d_plan_create_1d_batched(fft3d_plan* plan, int n, long long batch, fft3d_type type,
                                          unsigned flags) {
  if (!plan) return guarded([] { fail(FFT3D_ERROR_INVALID_ARGUMENT, "plan output pointer is NULL"); });
  *plan = nullptr;
  return guarded([&] { create(plan, make_batched_problem(n, batch, type), flags); });
}

fft3d_status fft3d_plan_destroy(fft3d_plan plan) {
  return guarded([&] {
    if (!plan) return;  // like free(NULL)
    {
      std::lock_guard<std::mutex> lock(g_plans_mutex);
      if (!g_live_plans.erase(plan))
        fail(FFT3D_ERROR_INVALID_ARGUMENT, "plan is not a live fft3d plan (destroyed twice?)");
    }
    release_host_staging(plan);  // pinned buffers and device scratch of fft3d_forward_host
    delete plan;
  });
}

fft3d_status fft3d_forward(fft3d_plan plan, void* data) { return execute(plan, data, -1, nullptr); }
fft3d_status fft3d_inverse(fft3d_plan plan, void* data) { return execute(plan, data, +1, nullptr); }

fft3d_status fft3d_forward_out(fft3d_plan plan, const void* in, void* out) { return execute_out(plan, in, out, -1); }
fft3d_status fft3d_inverse_out(fft3d_plan plan, const void* in, void* out) { return execute_out(plan, in, out, +1); }

fft3d_status fft3d_forward_on_stream(fft3d_plan plan, void* data, struct CUstream_st* stream) {
  const CUstream_st* s = stream;
  return execute(plan, data, -1, &s);
}
fft3d_status fft3d_inverse_on_stream(fft3d_plan plan, void* data, struct CUstream_st* stream) {
  const CUstream_st* s = stream;
  return execute(plan, data, +1, &s);
}

fft3d_status fft3d_set_stream(fft3d_plan plan, struct CUstream_st* stream) {
  return guarded([&] { live_plan(plan).set_stream(stream); });
}

fft3d_status fft3d_plan_get_backend(fft3d_plan plan, unsigned* backend) {
  return guarded([&] {
    if (!backend) fail(FFT3D_ERROR_INVALID_ARGUMENT, "backend output pointer is NULL");
    *backend = live_plan(plan).backend();
  });
}

fft3d_status fft3d_plan_describe(fft3d_plan plan, char* buf, size_t len, size_t* needed) {
  return guarded([&] {
    copy_text_out(live_plan(plan).describe(), buf, len, needed);
  });
}

fft3d_status fft3d_wisdom_import(const char* path) {
  return guarded([&] {
    if (!path) fail(FFT3D_ERROR_INVALID_ARGUMENT, "path is NULL");
    process_wisdom().import_file(path);
  });
}

fft3d_status fft3d_wisdom_export(const char* path) {
  return guarded([&] {
    if (!path) fail(FFT3D_ERROR_INVALID_ARGUMENT, "path is NULL");
    process_wisdom().export_file(path);
  });
}

fft3d_status fft3d_wisdom_forget(void) {
  return guarded([] { process_wisdom().forget(); });
}

const char* fft3d_error_string(fft3d_status status) {
  switch (status) {
    case FFT3D_SUCCESS: return "success";
    case FFT3D_ERROR_INVALID_ARGUMENT: return "invalid argument";
    case FFT3D_ERROR_UNSUPPORTED_SIZE: return "unsupported transform size or type";
    case FFT3D_ERROR_INVALID_POINTER: return "invalid data pointer for this plan";
    case FFT3D_ERROR_OUT_OF_MEMORY: return "out of memory";
    case FFT3D_ERROR_NO_DEVICE: return "no usable CUDA device";
    case FFT3D_ERROR_CUDA: return "CUDA error";
    case FFT3D_ERROR_NVRTC: return "NVRTC compilation error";
    case FFT3D_ERROR_WISDOM: return "wisdom error";
    case FFT3D_ERROR_MPI: return "MPI error";
    case FFT3D_ERROR_INTERNAL: return "internal error";
  }
  return "unknown status";
}

const char* fft3d_last_error_message(void) { return last_error_message(); }

#define FFT3D_STR2(x) #x
#define FFT3D_STR(x) FFT3D_STR2(x)
const char* fft3d_version_string(void) {
  return "fft3d " FFT3D_STR(FFT3D_VERSION_MAJOR) "." FFT3D_STR(FFT3D_VERSION_MINOR) "." FFT3D_STR(FFT3D_VERSION_PATCH);
}

}  // extern "C"
