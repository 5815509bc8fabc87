#include "mpi/distributed_plan.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <sstream>

#include "common/error.h"
#include "mpi/mpi_check.h"

namespace fft3d {
namespace mpi {

namespace {

// FFT3D_MPI_CPU_LOCAL=rows runs the CPU backend's local FFTs the GPU
// engine's way (for tests); fftw or unset: FFTW guru plans.
CpuLocalMethod cpu_local_method_from_environment() {
  const char* env = std::getenv("FFT3D_MPI_CPU_LOCAL");
  if (!env || !*env || std::string(env) == "fftw") return CpuLocalMethod::fftw_guru;
  if (std::string(env) == "rows") return CpuLocalMethod::rows;
  fail(FFT3D_ERROR_INVALID_ARGUMENT, "FFT3D_MPI_CPU_LOCAL must be 'fftw' or 'rows', not '" + std::string(env) + "'");
}

DecompositionRequest decomposition_request(const fft3d_mpi_options& o, bool rows_only_engine) {
  DecompositionRequest r;
  r.rows_only_engine = rows_only_engine;
  r.choose_kind = o.decomposition == FFT3D_MPI_DECOMPOSITION_AUTO;
  r.kind = o.decomposition == FFT3D_MPI_PENCIL ? DecompositionKind::pencil : DecompositionKind::slab;
  r.p1 = o.p1;
  r.p2 = o.p2;
  return r;
}

}  // namespace

DistributedPlan::DistributedPlan(Comm world, const DistributedRequest& request)
    : world_(std::move(world)), request_(request) {
  const Problem& p = request_.problem;
  const Grid grid{p.nx, p.ny, p.nz, p.is_real()};
  rank_ = world_.rank();
  const bool rows_only = request_.backend == FFT3D_BACKEND_GPU || cpu_local_method_from_environment() == CpuLocalMethod::rows;
  d_ = choose_decomposition(grid, world_.size(), decomposition_request(request_.options, rows_only));
  r1_ = rank_ % d_.pg.p1;
  r2_ = rank_ / d_.pg.p1;
  schedule_ = make_schedule(d_.num_layouts(), request_.options.transposed_out != 0);
  if (d_.kind == DecompositionKind::pencil) {
    row_ = split_group(world_, d_.pg, Group::row);
    column_ = split_group(world_, d_.pg, Group::column);
  }
}

void DistributedPlan::build() {
  const Problem& p = request_.problem;
  const Grid& grid = d_.grid;
  if (request_.backend == FFT3D_BACKEND_GPU)
    engine_ = make_gpu_engine(p.precision());
  else
    engine_ = make_cpu_engine(p.precision(), cpu_local_method_from_environment());
  transport_kind_ = choose_transport(request_.options.transport, engine_->memory());
  for (int k = 0; k < d_.num_layouts(); ++k) {
    LocalFftSpec spec;
    spec.precision = p.precision();
    spec.box = d_.box(k, r1_, r2_);
    spec.axes = d_.layouts[static_cast<size_t>(k)].fft_axes;
    spec.real = grid.real && k == 0;
    spec.nx = grid.nx;
    spec.normalize = request_.normalize;
    spec.mode = request_.mode;
    ffts_.push_back(engine_->make_fft(spec));
    alloc_elements_ = std::max(alloc_elements_, spec.box.volume());
  }
  for (const std::vector<Step>* steps : {&schedule_.forward, &schedule_.inverse})
    for (const Step& s : *steps) {
      if (s.kind != Step::reshape || reshapes_.count({s.layout, s.to})) continue;
      Reshape r;
      r.plan = make_reshape_plan(d_, s.layout, s.to, r1_, r2_);
      const int chunks = pipeline_chunks_for(r.plan);
      if (d_.group_size(r.plan.group) == 1) {
        r.direct = engine_->make_copies({make_box_copy(r.plan.from_box, 0, r.plan.to_box, 0, r.plan.from_box)});
      } else if (chunks > 0) {
        r.pipeline = std::make_unique<PipelinedReshape>(*engine_, r.plan, chunks);
        slot_elements_ = std::max(slot_elements_, r.pipeline->slot_elements());
      } else {
        r.pack = engine_->make_copies(r.plan.pack);
        r.unpack = engine_->make_copies(r.plan.unpack);
      }
      reshapes_.emplace(std::make_pair(s.layout, s.to), std::move(r));
    }
  work_ = engine_->allocate(alloc_elements_ * engine_->element_bytes());
  const bool pipelined =
      std::any_of(reshapes_.begin(), reshapes_.end(), [](const auto& e) { return e.second.pipeline != nullptr; });
  if (pipelined) {  // even when this rank's pieces are all empty
    slot_elements_ = (slot_elements_ + 63) / 64 * 64;  // slots start 512-byte aligned, as the copy kernel likes
    const long long bytes = kPipelineSlots * slot_elements_ * engine_->element_bytes();
    send_slots_ = engine_->allocate(bytes);
    recv_slots_ = engine_->allocate(bytes);
  }
}

// Pieces per peer of a reshape (0: one all-to-all), alike on every member of
// its group: the message size comes from the global grid.
int DistributedPlan::pipeline_chunks_for(const ReshapePlan& plan) const {
  const Grid& g = d_.grid;
  const int members = d_.group_size(plan.group);
  const long long bytes = static_cast<long long>(g.complex_nx()) * g.ny * g.nz * engine_->element_bytes();
  return pipeline_chunks(request_.options.pipeline_chunks, pipeline_kind(transport_kind_, engine_->memory()),
                         members, bytes / d_.pg.ranks() / members);
}

void DistributedPlan::connect() {
  // Every member must take the same MPI path, so the bound on message sizes
  // is the largest buffer of any rank.
  long long largest = alloc_elements_;
  FFT3D_MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &largest, 1, MPI_LONG_LONG, MPI_MAX, world_.get()));
  const int eb = engine_->element_bytes();
  const MemoryKind memory = engine_->memory();
  if (d_.kind == DecompositionKind::slab) {
    if (d_.pg.p2 > 1) column_transport_ = make_transport(transport_kind_, memory, world_.get(), eb, largest);
  } else {
    if (d_.pg.p1 > 1) row_transport_ = make_transport(transport_kind_, memory, row_.get(), eb, largest);
    if (d_.pg.p2 > 1) column_transport_ = make_transport(transport_kind_, memory, column_.get(), eb, largest);
  }
  for (auto& entry : reshapes_) {
    Reshape& r = entry.second;
    r.transport = r.plan.group == Group::row ? row_transport_.get() : column_transport_.get();
  }
}

Box DistributedPlan::in_box() const {
  Box b = d_.box(schedule_.in_layout, r1_, r2_);
  if (d_.grid.real && !b.empty()) b.size[kX] = d_.grid.nx;
  return b;
}

Box DistributedPlan::out_box() const { return d_.box(schedule_.out_layout, r1_, r2_); }

long long DistributedPlan::bytes_of(int layout) const {
  return d_.box(layout, r1_, r2_).volume() * engine_->element_bytes();
}

void DistributedPlan::check_arguments(const void* in, const void* out, long long out_elements, int sign) const {
  if (!in || !out) fail(FFT3D_ERROR_INVALID_POINTER, "a data pointer is NULL");
  if (out_elements < alloc_elements_)
    fail(FFT3D_ERROR_INVALID_ARGUMENT,
         "the buffer holds " + std::to_string(out_elements) + " complex values, but this rank needs " +
             std::to_string(alloc_elements_) + " (fft3d_mpi_local_size)");
  engine_->check_pointer(in, "the input");
  if (in == out) return;
  engine_->check_pointer(out, "the output");
  // The input of an out-of-place transform is only its box.
  const int in_layout = sign < 0 ? schedule_.in_layout : schedule_.out_layout;
  long long in_bytes = bytes_of(in_layout);
  if (d_.grid.real && sign < 0) in_bytes = in_box().volume() * (engine_->element_bytes() / 2);
  const auto a = reinterpret_cast<std::uintptr_t>(in), b = reinterpret_cast<std::uintptr_t>(out);
  const auto out_bytes = static_cast<std::uintptr_t>(alloc_elements_ * engine_->element_bytes());
  if (a < b + out_bytes && b < a + static_cast<std::uintptr_t>(in_bytes))
    fail(FFT3D_ERROR_INVALID_ARGUMENT, "in and out overlap without being the same buffer");
}

void DistributedPlan::phase_end(double& counter, double& started) {
  if (request_.options.time_phases) engine_->synchronize();
  const double now = MPI_Wtime();
  counter += now - started;
  started = now;
}

void DistributedPlan::execute(const void* in, void* out, int sign) {
  Where cur = in == out ? Where::out : Where::in;
  for (const Step& s : sign < 0 ? schedule_.forward : schedule_.inverse) {
    if (s.kind == Step::fft) {
      run_fft(s.layout, cur, in, out, sign);
      continue;
    }
    run_reshape(reshape(s.layout, s.to), cur, in, out);
  }
  double t0 = MPI_Wtime();
  if (cur != Where::out) {
    const int last = sign < 0 ? schedule_.out_layout : schedule_.in_layout;
    engine_->copy(out, cur == Where::in ? in : work_->data(), bytes_of(last));
  }
  engine_->synchronize();
  timings_.local += MPI_Wtime() - t0;
  ++timings_.transforms;
}

void DistributedPlan::run_fft(int layout, Where& cur, const void* in, void* out, int sign) {
  double t = MPI_Wtime();
  const bool in_place = in == out;
  const bool c2r = d_.grid.real && layout == 0 && sign > 0;
  LocalFft& fft = *ffts_[static_cast<size_t>(layout)];
  const void* src = cur == Where::in ? in : cur == Where::out ? out : work_->data();
  if (cur == Where::work && fft.prefers_in_place() && !c2r) {
    // Stay in the work buffer; a later reshape or the final copy moves on.
    fft.run(work_->data(), work_->data(), sign, true);
    phase_end(timings_.local, t);
    return;
  }
  // A c2r may overwrite its input: out of place it must read a buffer we own.
  if (c2r && !in_place && cur != Where::work) {
    engine_->copy(work_->data(), src, bytes_of(0));
    src = work_->data();
  }
  fft.run(src, out, sign, in_place);
  cur = Where::out;
  phase_end(timings_.local, t);
}

void DistributedPlan::run_reshape(Reshape& r, Where& cur, const void* in, void* out) {
  double t = MPI_Wtime();
  auto at = [&](Where w) -> void* {
    return w == Where::in ? const_cast<void*>(in) : w == Where::out ? out : work_->data();
  };
  // Send buffer, receive buffer, destination: never the caller's input.
  const Where send = cur == Where::work ? Where::out : Where::work;
  const Where recv = cur == Where::work ? Where::work : Where::out;
  const Where dest = send;
  if (r.direct) {
    r.direct->run(at(cur), at(dest));
    cur = dest;
    phase_end(timings_.pack, t);
    return;
  }
  const auto self = static_cast<size_t>(r.plan.member);
  timings_.bytes_sent += (r.plan.send_total() - r.plan.send_counts[self]) * engine_->element_bytes();
  if (r.pipeline) {
    // Phases overlap: pack is the host's time in packing and unpacking
    // calls, exchange the rest of the reshape's wall time.
    const double packing = r.pipeline->run(*r.transport, {send_slots_->data(), recv_slots_->data(), slot_elements_},
                                           at(cur), at(dest));
    cur = dest;
    timings_.pack += packing;
    t += packing;
    phase_end(timings_.exchange, t);
    return;
  }
  r.pack->run(at(cur), at(send));
  if (r.transport->needs_idle_buffers()) engine_->synchronize();
  phase_end(timings_.pack, t);
  r.transport->exchange(at(send), at(recv),
                        {r.plan.send_counts, r.plan.send_displs, r.plan.recv_counts, r.plan.recv_displs},
                        engine_->stream());
  phase_end(timings_.exchange, t);
  r.unpack->run(at(recv), at(dest));
  cur = dest;
  phase_end(timings_.pack, t);
}

std::string DistributedPlan::describe_pipeline() const {
  const int requested = request_.options.pipeline_chunks;
  const std::string option = "pipeline_chunks " + std::to_string(requested);
  for (const auto& entry : reshapes_)
    if (entry.second.pipeline) return "on (" + option + "; pieces per reshape below)";
  bool exchanges = false;
  for (const auto& entry : reshapes_) exchanges = exchanges || !entry.second.direct;
  if (!exchanges) return "off (no exchange crosses ranks)";
  if (requested == 1) return "off (" + option + ")";
  if (pipeline_kind(transport_kind_, engine_->memory()) == PipelineKind::none)
    return "off (host staging runs each exchange whole)";
  return "off (" + option + ": chosen off for MPI transports)";
}

std::string DistributedPlan::describe() const {
  std::ostringstream s;
  const Problem& p = request_.problem;
  s << "fft3d MPI plan: " << p.str() << ", " << d_.str() << ", rank " << rank_ << " of " << d_.pg.ranks();
  if (d_.kind == DecompositionKind::pencil) s << " at (" << r1_ << ", " << r2_ << ")";
  s << "\n  engine: " << engine_->name() << "\n  transport: " << transport_name(transport_kind_);
  const Transport* t = column_transport_ ? column_transport_.get() : row_transport_.get();
  s << " (" << (t ? t->name() : "none: no exchange crosses ranks") << ")";
  s << "\n  pipeline: " << describe_pipeline();
  s << "\n  output: " << (request_.options.transposed_out ? "transposed (final exchanges skipped)" : "natural");
  s << "\n  input box: " << in_box().str();
  if (d_.grid.real) s << " (reals; in place each x row is padded to " << 2 * (p.nx / 2 + 1) << ")";
  s << "\n  output box: " << out_box().str() << "\n  alloc elements: " << alloc_elements_;
  for (int k = 0; k < d_.num_layouts(); ++k)
    s << "\n  layout " << k << ": " << ffts_[static_cast<size_t>(k)]->describe();
  s << "\n  forward: " << describe_steps(schedule_.forward);
  for (const auto& entry : reshapes_) {
    const ReshapePlan& r = entry.second.plan;
    s << "\n  reshape " << r.from << "->" << r.to << ": " << (r.group == Group::row ? "row" : "column")
      << " group of " << d_.group_size(r.group) << ", sends " << r.send_total() << " and receives "
      << r.recv_total() << " elements";
    const Reshape& x = entry.second;
    s << ", " << (x.pipeline ? x.pipeline->describe() : x.direct ? "a local copy" : "one all-to-all");
  }
  return s.str();
}

}  // namespace mpi
}  // namespace fft3d
