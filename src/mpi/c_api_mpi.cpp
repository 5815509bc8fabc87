// The distributed C API (fft3d_mpi.h): adapters that validate, agree with
// the other ranks, and call the DistributedPlan. Every entry point returns a
// status through `guarded` and never aborts.
#include <cstring>
#include <mutex>
#include <set>

#include "fft3d/backend_choice.h"
#include "fft3d/c_api_support.h"
#include "fft3d_mpi.h"
#include "mpi/agreement.h"
#include "mpi/distributed_plan.h"
#include "mpi/mpi_check.h"

struct fft3d_mpi_plan_st {
  std::unique_ptr<fft3d::mpi::DistributedPlan> impl;
};

namespace fft3d {
namespace mpi {

namespace {

constexpr int kMaxPipelineChunks = 1024;  // pieces per peer; more only costs
std::mutex g_plans_mutex;
std::set<const fft3d_mpi_plan_st*> g_live_plans;

DistributedPlan& live(fft3d_mpi_plan plan) {
  if (!plan) fail(FFT3D_ERROR_INVALID_ARGUMENT, "plan is NULL");
  std::lock_guard<std::mutex> lock(g_plans_mutex);
  if (!g_live_plans.count(plan))
    fail(FFT3D_ERROR_INVALID_ARGUMENT, "plan is not a live fft3d MPI plan (destroyed, or never created)");
  return *plan->impl;
}

void require_mpi() {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (!initialized || finalized) fail(FFT3D_ERROR_MPI, "MPI is not initialised (or already finalised)");
}

// The int a C caller stored in an enum, read without assuming it is one of
// the enumerators (C++ may not load other values of an enum type).
template <class Enum>
int raw(const Enum& e) {
  static_assert(sizeof(Enum) == sizeof(int), "C enums are ints");
  int v;
  std::memcpy(&v, &e, sizeof v);
  return v;
}

void check_options(const fft3d_mpi_options& o) {
  const int decomposition = raw(o.decomposition), transport = raw(o.transport);
  if (decomposition < FFT3D_MPI_DECOMPOSITION_AUTO || decomposition > FFT3D_MPI_PENCIL)
    fail(FFT3D_ERROR_INVALID_ARGUMENT, "unknown decomposition " + std::to_string(decomposition));
  if (transport < FFT3D_MPI_TRANSPORT_AUTO || transport > FFT3D_MPI_TRANSPORT_GPU_AWARE)
    fail(FFT3D_ERROR_INVALID_ARGUMENT, "unknown transport " + std::to_string(transport));
  if (o.p1 < 0 || o.p2 < 0)
    fail(FFT3D_ERROR_INVALID_ARGUMENT, "process grid sizes must be 0 (chosen) or positive");
  if (o.pipeline_chunks < 0 || o.pipeline_chunks > kMaxPipelineChunks)
    fail(FFT3D_ERROR_INVALID_ARGUMENT, "pipeline_chunks must be 0 (chosen), 1 (off) or up to " +
                                           std::to_string(kMaxPipelineChunks) + " pieces per peer, not " +
                                           std::to_string(o.pipeline_chunks));
}

fft3d_mpi_box to_c(const Box& b) {
  fft3d_mpi_box c;
  for (int a = 0; a < 3; ++a) {
    c.start[a] = b.lo[a];
    c.size[a] = b.size[a];
    c.order[a] = b.order[a];
  }
  return c;
}

void create(fft3d_mpi_plan* plan, MPI_Comm comm, int nx, int ny, int nz, int type, unsigned flags,
            const fft3d_mpi_options* opts) {
  require_mpi();
  if (comm == MPI_COMM_NULL) fail(FFT3D_ERROR_INVALID_ARGUMENT, "the communicator is MPI_COMM_NULL");
  int inter = 0;
  FFT3D_MPI_CHECK(MPI_Comm_test_inter(comm, &inter));
  if (inter) fail(FFT3D_ERROR_INVALID_ARGUMENT, "an intercommunicator cannot hold a distributed FFT");
  Comm world = duplicate(comm);
  const MPI_Comm w = world.get();
  const fft3d_mpi_options o = opts ? *opts : fft3d_mpi_options{};
  DistributedRequest request;
  agree(w, [&] {
    if (!plan) fail(FFT3D_ERROR_INVALID_ARGUMENT, "plan output pointer is NULL");
    check_options(o);
    if (type < FFT3D_C2C_F32 || type > FFT3D_R2C_F64)
      fail(FFT3D_ERROR_INVALID_ARGUMENT, "unknown transform type " + std::to_string(type));
    request.problem = make_3d_problem(nx, ny, nz, static_cast<fft3d_type>(type));
    const PlanChoice choice = choose_backend(request.problem, flags);
    request.backend = choice.backend;
    request.mode = choice.mode;
    request.normalize = (flags & FFT3D_NORMALIZE) != 0;
    request.options = o;
  });
  agree_values(w, {{"nx", nx},
                   {"ny", ny},
                   {"nz", nz},
                   {"the type", type},
                   {"the flags", flags},
                   {"the decomposition", raw(o.decomposition)},
                   {"p1", o.p1},
                   {"p2", o.p2},
                   {"transposed_out", o.transposed_out != 0},
                   {"the transport", raw(o.transport)},
                   {"time_phases", o.time_phases != 0},
                   {"pipeline_chunks", o.pipeline_chunks},
                   {"the backend (set FFT3D_BACKEND alike or pass a backend flag)", request.backend}});
  auto handle = std::make_unique<fft3d_mpi_plan_st>();
  handle->impl = std::make_unique<DistributedPlan>(std::move(world), request);
  DistributedPlan& p = *handle->impl;
  agree(w, [&] { p.build(); });
  agree(w, [&] { p.connect(); });
  std::lock_guard<std::mutex> lock(g_plans_mutex);
  g_live_plans.insert(handle.get());
  *plan = handle.release();
}

fft3d_status execute(fft3d_mpi_plan plan, const void* in, void* out, long long out_elements, int sign) {
  return guarded([&] {
    DistributedPlan& p = live(plan);
    agree(p.comm(), [&] { p.check_arguments(in, out, out_elements, sign); });
    p.execute(in, out, sign);
  });
}

}  // namespace

}  // namespace mpi
}  // namespace fft3d

using namespace fft3d;
using namespace fft3d::mpi;

extern "C" {

fft3d_status fft3d_mpi_plan_create_3d(fft3d_mpi_plan* plan, MPI_Comm comm, int nx, int ny, int nz, fft3d_type type,
                                      unsigned flags, const fft3d_mpi_options* opts) {
  if (plan) *plan = nullptr;
  const int type_value = raw(type);
  return guarded([&] { create(plan, comm, nx, ny, nz, type_value, flags, opts); });
}

fft3d_status fft3d_mpi_plan_destroy(fft3d_mpi_plan plan) {
  return guarded([&] {
    if (!plan) return;
    {
      std::lock_guard<std::mutex> lock(g_plans_mutex);
      if (!g_live_plans.erase(plan))
        fail(FFT3D_ERROR_INVALID_ARGUMENT, "plan is not a live fft3d MPI plan (destroyed twice?)");
    }
    delete plan;
  });
}

fft3d_status fft3d_mpi_local_size(fft3d_mpi_plan plan, fft3d_mpi_box* in, fft3d_mpi_box* out,
                                  long long* alloc_elements) {
  return guarded([&] {
    DistributedPlan& p = live(plan);
    if (in) *in = to_c(p.in_box());
    if (out) *out = to_c(p.out_box());
    if (alloc_elements) *alloc_elements = p.alloc_elements();
  });
}

fft3d_status fft3d_mpi_forward(fft3d_mpi_plan plan, void* data, long long elements) {
  return execute(plan, data, data, elements, -1);
}
fft3d_status fft3d_mpi_inverse(fft3d_mpi_plan plan, void* data, long long elements) {
  return execute(plan, data, data, elements, +1);
}
fft3d_status fft3d_mpi_forward_out(fft3d_mpi_plan plan, const void* in, void* out, long long out_elements) {
  return execute(plan, in, out, out_elements, -1);
}
fft3d_status fft3d_mpi_inverse_out(fft3d_mpi_plan plan, const void* in, void* out, long long out_elements) {
  return execute(plan, in, out, out_elements, +1);
}

fft3d_status fft3d_mpi_set_stream(fft3d_mpi_plan plan, struct CUstream_st* stream) {
  return guarded([&] { live(plan).engine().set_stream(stream); });
}

fft3d_status fft3d_mpi_plan_get_backend(fft3d_mpi_plan plan, unsigned* backend) {
  return guarded([&] {
    if (!backend) fail(FFT3D_ERROR_INVALID_ARGUMENT, "backend output pointer is NULL");
    *backend = live(plan).backend();
  });
}

fft3d_status fft3d_mpi_plan_describe(fft3d_mpi_plan plan, char* buf, size_t len, size_t* needed) {
  return guarded([&] {
    copy_text_out(live(plan).describe(), buf, len, needed);
  });
}

fft3d_status fft3d_mpi_get_timings(fft3d_mpi_plan plan, fft3d_mpi_timings* timings, int reset) {
  return guarded([&] {
    if (!timings) fail(FFT3D_ERROR_INVALID_ARGUMENT, "timings output pointer is NULL");
    DistributedPlan& p = live(plan);
    *timings = p.timings();
    if (reset) p.timings() = fft3d_mpi_timings{};
  });
}

}  // extern "C"
