// The GPU backend's plans: batched 1-D complex transforms (one X pass over
// the rows) and 3-D complex grids (the passes of a GridSchedule, in place).
#include <algorithm>
#include <cstdlib>
#include <functional>
#include <future>
#include <iomanip>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/factor.h"
#include "fft1d/cluster_row_pass.h"
#include "fft1d/x_pass.h"
#include "fft3d/forced_variants.h"
#include "fft3d/gpu_plan_common.h"
#include "fft3d/grid_schedule.h"
#include "fft3d/gpu_schedule_support.h"
#include "fft3d/pass_order.h"
#include "gpu/cuda_check.h"
#include "gpu/dependent_launch.h"
#include "gpu/device.h"
#include "gpu/device_buffer.h"
#include "gpu/event_timer.h"
#include "gpu/side_stream.h"
#include "multirow/five_step_pass.h"
#include "multirow/long_column_pass.h"
#include "tune/builtin_wisdom.h"
#include "tune/dependent_launch_choice.h"
#include "tune/pass_order_choice.h"
#include "tune/plan_source_choice.h"
#include "tune/side_planes_choice.h"
#include "tune/tune_grid.h"
#include "tune/tune_schedule.h"
#include "tune/wisdom.h"
#include "xy/xy_pass.h"

namespace fft3d {

namespace {

class GpuBatchedPlan final : public GpuPlan {
 public:
  GpuBatchedPlan(const Problem& problem, const XVariant& variant, const DeviceInfo& device)
      : GpuPlan(problem, device), x_(problem.nx, problem.precision(), variant, device) {
    set_dependent_launch(dependent_launch_pays(device, problem.bytes()));
  }

  void set_dependent_launch(bool on) override { x_.set_dependent_launch(on); }

  void execute(void* data, int sign, CUstream_st* stream) override { execute_out(data, data, sign, stream); }

  // Out of place the kernel reads `in` and writes `out`: no extra pass.
  void execute_out(const void* in, void* out, int sign, CUstream_st* stream) override {
    x_.run_rows(in, out, problem().batch, sign, stream, 0, 0, normalisation(problem(), sign));
  }

  std::string describe_passes() const override {
    std::ostringstream s;
    const long long bytes = problem().bytes();
    s << problem().str() << " on " << device_.name << " (" << device_.arch() << ")\n"
      << "  1 pass over memory, " << 2 * bytes << " bytes moved (read + written)\n"
      << "  " << x_.describe() << "\n";
    return s.str();
  }

 private:
  XPass x_;
};

// Batched 1-D transforms of rows too long for one block's shared memory:
// cluster rows (one pass) or long rows (GridPass::long_column over each
// row, two passes through a workspace).
class GpuBatchedClusterOrLongRowsPlan final : public GpuPlan {
 public:
  GpuBatchedClusterOrLongRowsPlan(const Problem& problem, const GridPass& rows, const DeviceInfo& device)
      : GpuPlan(problem, device),
        rows_(rows),
        pass_(std::move(make_gpu_passes({rows}, problem.precision(), device)[0])) {
    set_dependent_launch(dependent_launch_pays(device, problem.bytes()));
  }

  void set_dependent_launch(bool on) override { pass_->set_dependent_launch(on); }

  void execute(void* data, int sign, CUstream_st* stream) override { execute_out(data, data, sign, stream); }

  // The pass reads `in` and writes `out`: no extra pass out of place.
  void execute_out(const void* in, void* out, int sign, CUstream_st* stream) override {
    run_rows_out(rows_, *pass_, in, out, sign, stream, normalisation(problem(), sign));
  }

  std::string describe_passes() const override {
    std::ostringstream s;
    const long long bytes = problem().bytes();
    s << problem().str() << " on " << device_.name << " (" << device_.arch() << ")\n"
      << "  " << rows_.passes_over_memory() << " pass" << (rows_.passes_over_memory() > 1 ? "es" : "")
      << " over memory, " << 2 * rows_.passes_over_memory() * bytes << " bytes moved (read + written)\n";
    std::istringstream lines(describe_pass(rows_, problem().precision()));
    for (std::string line; std::getline(lines, line);) s << "  " << line << "\n";
    return s.str();
  }

 private:
  GridPass rows_;
  std::unique_ptr<GpuPass> pass_;
};

// The schedule with its last pass marked to stream through L2 where
// last_pass_streams says so: after a fused pass over whole planes.
std::vector<GridPass> with_last_pass_streaming(std::vector<GridPass> passes, const Problem& problem,
                                               const DeviceInfo& device) {
  const bool after_fused =
      passes.size() == 2 && (passes[0].is_plane_rows() ||
                             (passes[0].is_fused_xy() && passes[0].split <= 1 && passes[0].row_stride == 0));
  set_last_pass_streaming(passes, last_pass_streams(device, after_fused, problem.bytes()));
  return passes;
}

class GpuGridPlan final : public GpuPlan {
 public:
  GpuGridPlan(const Problem& problem, std::vector<GridPass> passes, const DeviceInfo& device)
      : GpuPlan(problem, device),
        schedule_(with_last_pass_streaming(std::move(passes), problem, device)),
        passes_(make_gpu_passes(schedule_, problem.precision(), device)) {
    // Forced here as well as in settle_side_planes: MEASURE times its plane
    // methods (time_plane_methods) before the count is settled, and under
    // FFT3D_SIDE_PLANES it should time them with the forced count.
    if (const std::optional<int> forced = side_planes_from_environment(); forced && fuses_whole_planes())
      fft3d::set_side_planes(schedule_, problem.nx, problem.ny, *forced, problem.precision(), device.limits(),
                             variant_preference(device, problem.precision()));
    compile_side_passes();
    set_dependent_launch(dependent_launch_pays(device, problem.bytes(), dependent_beyond_l2()));
  }

  // Not beside side planes: their join is an event, and the passes around
  // it were not measured as programmatic dependents.
  void set_dependent_launch(bool on) override {
    dependent_launch_ = on;
    for (auto& pass : passes_) pass->set_dependent_launch(on && !side_stream_);
  }

  // Whether the schedule starts with a fused pass over whole planes, which
  // may leave planes to side passes: one count for both directions, chosen
  // by the forward.
  bool has_side_planes_choice(int sign) const override {
    return sign < 0 && fuses_whole_planes();
  }
  bool dependent_beyond_l2() const override {
    const bool separate_passes =
        std::none_of(schedule_.begin(), schedule_.end(), [](const GridPass& p) { return p.is_fused_xy(); });
    return !side_stream_ && (fuses_whole_planes() || separate_passes);
  }
  bool fuses_whole_planes() const {
    return !schedule_.empty() && schedule_[0].is_fused_xy() && schedule_[0].split <= 1 &&
           schedule_[0].row_stride == 0;
  }

  // Gives the fused pass's last `planes` planes to side passes (0: none).
  void set_side_planes(int /*sign*/, int planes) override {
    if (planes == schedule_[0].side_planes()) return;
    const Problem& p = problem();
    fft3d::set_side_planes(schedule_, p.nx, p.ny, planes, p.precision(), device_.limits(),
                           variant_preference(device_, p.precision()));
    compile_side_passes();
    set_dependent_launch(dependent_launch_);
  }

  const std::vector<GridPass>& schedule() const { return schedule_; }

  // Which passes walk their blocks from the last (apply_pass_order); the
  // compiled passes are kept, the direction is a run-time argument.
  void set_pass_order(PassOrder order) {
    apply_pass_order(schedule_, order);
    for (size_t i = 0; i < schedule_.size(); ++i) set_direction(schedule_[i], *passes_[i]);
  }

  void execute(void* data, int sign, CUstream_st* stream) override {
    if (side_stream_) {
      run_fused_and_side(data, data, sign, stream);
      run_passes(data, 1, sign, stream);
    } else {
      run_passes(data, 0, sign, stream);
    }
  }

  // Out of place the first pass (X or fused XY) reads `in` and writes `out`,
  // the others work on `out`: no extra pass. Without an X pass (nx = 1), a
  // copy comes first.
  void execute_out(const void* in, void* out, int sign, CUstream_st* stream) override {
    if (schedule_.empty()) return Plan::execute_out(in, out, sign, stream);
    const GridPass& first = schedule_[0];
    if (first.is_fused_xy()) {  // the fused pass reads `in` and writes `out`
      run_fused_and_side(in, out, sign, stream);
    } else if (first.axis == 'x') {
      run_rows_out(first, *passes_[0], in, out, sign, stream, scale_of(0, sign));
    } else {
      return Plan::execute_out(in, out, sign, stream);
    }
    run_passes(out, 1, sign, stream);
  }

  std::string describe_passes() const override {
    std::ostringstream s;
    const long long bytes = problem().bytes();
    long long passes = 0;
    double side = 0;  // the side planes' second pass, as a fraction of one over the array
    for (const GridPass& p : schedule_) {
      passes += p.passes_over_memory();
      if (p.side.empty()) continue;
      const double planes = static_cast<double>(p.side_planes());
      int side_passes = 0;
      for (const GridPass& q : p.side) side_passes += q.passes_over_memory();
      side += (side_passes - 1) * planes / (planes + static_cast<double>(p.count));
    }
    s << problem().str() << " on " << device_.name << " (" << device_.arch() << ")\n"
      << "  " << passes << " passes over memory";
    if (side > 0) s << " and " << std::fixed << std::setprecision(3) << side << std::defaultfloat << " for side planes";
    s << ", " << static_cast<long long>(2.0 * static_cast<double>(bytes) * (static_cast<double>(passes) + side))
      << " bytes moved (read + written)\n";
    for (const GridPass& p : schedule_) {
      std::istringstream lines(describe_pass(p, problem().precision()));
      for (std::string line; std::getline(lines, line);) s << "  " << line << "\n";
    }
    return s.str();
  }

 private:
  // Normalisation is fused into the last pass.
  double scale_of(size_t i, int sign) const {
    return i + 1 == schedule_.size() ? normalisation(problem(), sign) : 1.0;
  }
  void compile_side_passes() {
    side_passes_.clear();
    if (schedule_.empty() || schedule_[0].side.empty()) {
      side_stream_.reset();
      return;
    }
    side_passes_ = make_gpu_passes(schedule_[0].side, problem().precision(), device_);
    if (!side_stream_) side_stream_ = std::make_unique<SideStream>();
  }

  // The fused pass from `in` to `out` (equal: in place), and beside it, on
  // the side stream, the separate X and Y passes of its side planes.
  void run_fused_and_side(const void* in, void* out, int sign, cudaStream_t stream) {
    const GridPass& fused = schedule_[0];
    auto run_fused = [&] {
      static_cast<const XYPass&>(*passes_[0])
          .run_out(in, out, fused.count, sign, stream, fused.geometry.outer, scale_of(0, sign));
    };
    if (!side_stream_) return run_fused();
    const long long offset = fused.side_offset * complex_bytes(problem().precision());
    void* side_out = static_cast<char*>(out) + offset;
    side_stream_->run_beside(stream, run_fused, [&](cudaStream_t side) {
      static_cast<const XPass&>(*side_passes_[0])
          .run_rows(static_cast<const char*>(in) + offset, side_out, fused.side[0].count, sign, side, 0, 0);
      side_passes_[1]->run(side_out, fused.side[1].count, sign, side, fused.side[1].geometry, scale_of(0, sign));
    });
  }

  void run_passes(void* data, size_t first, int sign, CUstream_st* stream) {
    for (size_t i = first; i < schedule_.size(); ++i)
      passes_[i]->run(data, schedule_[i].count, sign, stream, schedule_[i].geometry, scale_of(i, sign));
  }

  std::vector<GridPass> schedule_;
  std::vector<std::unique_ptr<GpuPass>> side_passes_;  // schedule_[0].side, compiled
  std::unique_ptr<SideStream> side_stream_;              // where side_passes_ run
  bool dependent_launch_ = false;                        // as last asked (set_dependent_launch)
  std::vector<std::unique_ptr<GpuPass>> passes_;
};

// The schedule of a 3-D complex plan, with X and Y transformed as `planes` says.
std::vector<GridPass> grid_schedule_for(const Problem& problem, const DeviceInfo& device, PlaneMethod planes) {
  return make_grid_schedule(problem.nx, problem.ny, problem.nz, problem.precision(), device.limits(),
                            column_method_from_environment(), variant_preference(device, problem.precision()), planes,
                            row_method_from_environment());
}

// The key of a 3-D plan's XY verdict in wisdom.
PassKey xy_key(const Problem& problem) {
  return PassKey{"xy-plane", problem.nx, problem.precision(), 0, problem.ny, problem.nz};
}

// An xy-plane verdict in words.
std::string xy_form_name(const std::string& verdict) {
  if (verdict == kSeparateXY) return "separate passes";
  if (verdict == kSplitXY) return "split Y";
  if (verdict == kPlaneRowsXY) return "plane rows";
  if (verdict == kFusedXZ) return "fused XZ";
  if (verdict == kPlaneColumnsYZ) return "plane columns";
  return "fused " + verdict;
}

// The XY form a MEASURE plan timed before, in this process or an earlier one
// (wisdom), without timing again: nullptr where wisdom has no verdict or its
// fused variant no longer fits.
std::unique_ptr<GpuGridPlan> plan_from_xy_verdict(const Problem& problem, const DeviceInfo& device) {
  const std::optional<std::string> verdict = plan_wisdom().lookup(signature_of(device), xy_key(problem));
  if (!verdict) return nullptr;
  std::vector<GridPass> schedule;
  try {
    if (*verdict == kSeparateXY) {
      schedule = grid_schedule_for(problem, device, PlaneMethod::separate);
    } else if (*verdict == kSplitXY) {
      schedule = grid_schedule_for(problem, device, PlaneMethod::split);
    } else if (*verdict == kPlaneRowsXY) {
      schedule = grid_schedule_for(problem, device, PlaneMethod::plane_rows);
    } else if (*verdict == kFusedXZ) {
      schedule = grid_schedule_for(problem, device, PlaneMethod::fused_xz);
    } else if (*verdict == kPlaneColumnsYZ) {
      schedule = grid_schedule_for(problem, device, PlaneMethod::plane_columns);
    } else {
      const XYVariant v = parse_xy_variant(*verdict);
      if (!xy_variant_valid(problem.nx, problem.ny, problem.precision(), v, device.limits())) return nullptr;
      schedule = grid_schedule_for(problem, device, PlaneMethod::fused);
      schedule[0].xy = v;
    }
  } catch (const Error&) {
    return nullptr;  // a malformed name, or no fused pass on this device after all
  }
  auto plan = std::make_unique<GpuGridPlan>(problem, std::move(schedule), device);
  plan->add_note("XY form from wisdom: " + xy_form_name(*verdict));
  return plan;
}

// The fused XY variants a MEASURE plan times: built from the ESTIMATE's rows
// and columns, the ESTIMATE with its row pads switched where its rows are
// strided, with its share rows swizzled or not, with a ring or without
// (ring_switched, where one block fills an SM), with Y loads switched where
// they load in one chunk and, where its rows run two radices, with X's
// stages in the other order, as the
// other pairs of at least 10 points a stage (320^3 f32 on an H200: 32 * 10
// 0.3500 ms against the ESTIMATE's 16 * 20 0.3576) and on the other counts
// of threads a row that fill one stage (x_threads_other), also with half
// and twice its cluster (twice also with its groups halved), in both orders
// (columns first), with its load in chunks and double-buffered, and from
// the tuned ones in wisdom (the fastest rows and columns on their own are not always the fastest inside the fused kernel:
// on an H100 the tuned ones made 256^3 slower fused than separate; 300^3
// f32 ran 10 % faster with clusters of 8 than with the ESTIMATE's 16, 320^3
// 14 % slower; the load in chunks gained 1-5 % at 192, 256, 320 and 400 and
// lost 2.5-9 % at 240, 300 and 384).
std::vector<XYVariant> fused_candidates(const Problem& problem, const DeviceInfo& device) {
  const Precision precision = problem.precision();
  const VariantPreference preferred = variant_preference(device, precision);
  const XYBase tuned{valid_preference(preferred, "rows", problem.nx, precision, device.limits()),
                     valid_preference(preferred, "columns", problem.ny, precision, device.limits()), 0, {}, {}};
  std::vector<XYVariant> out;
  auto add = [&](const XYBase& base) -> std::optional<XYVariant> {
    const auto v = estimate_xy_variant(problem.nx, problem.ny, problem.nz, precision, device.limits(), false, base);
    if (v && std::find(out.begin(), out.end(), *v) == out.end()) out.push_back(*v);
    return v;
  };
  if (const auto estimate = add(XYBase{})) {
    if (const auto twin = row_pads_switched(problem.nx, problem.ny, precision, *estimate, device.limits()))
      out.push_back(*twin);
    if (const auto twin = row_swizzle_switched(problem.nx, problem.ny, precision, *estimate, device.limits()))
      out.push_back(*twin);
    if (const auto twin = ring_switched(problem.nx, problem.ny, precision, *estimate, device.limits()))
      out.push_back(*twin);
    if (const auto twin = y_loads_switched(problem.nx, problem.ny, precision, *estimate, device.limits()))
      out.push_back(*twin);
    if (const auto twin = x_order_switched(problem.nx, problem.ny, precision, *estimate, device.limits()))
      out.push_back(*twin);
    for (const XYVariant& pair : x_pairs_other(problem.nx, problem.ny, precision, *estimate, device.limits()))
      out.push_back(pair);
    for (const XYVariant& twin : x_threads_other(problem.nx, problem.ny, precision, *estimate, device.limits()))
      if (std::find(out.begin(), out.end(), twin) == out.end()) out.push_back(twin);
    add(XYBase{{}, {}, estimate->cluster / 2, {}, {}});
    if (const auto wider = add(XYBase{{}, {}, estimate->cluster * 2, {}, {}})) {
      // Its groups halved: half the threads, twice the blocks per SM (256^3
      // f32 on the H100: 0.2220 ms on 16 blocks of 128 threads, 0.2291 on
      // the ESTIMATE's 8 of 256).
      XYVariant halved = *wider;
      halved.x.rows_per_block = std::max(1, halved.x.rows_per_block / 2);
      halved.y.rows_per_block = std::max(1, halved.y.rows_per_block / 2);
      if (!(halved == *wider) && xy_variant_valid(problem.nx, problem.ny, precision, halved, device.limits()))
        out.push_back(halved);
    }
    // Both orders: columns first and X first (256^3 on the H100: f64
    // 0.459 ms columns first against 0.476, f32 0.240 against 0.222).
    const auto x_first = add(XYBase{{}, {}, 0, false, false});
    add(XYBase{{}, {}, 0, true, {}});
    // Strided rows (no exchange buffers: 256^3 f32 on the H100 0.2086 ms
    // against 0.2226 X first), on the ESTIMATE's cluster and on 16.
    add(XYBase{{}, {}, 0, false, true});
    add(XYBase{{}, {}, kern::kMaxCluster, false, true});
    if (!x_first) return out;
    // The load in chunks and double buffers take X first.
    XYVariant chunked = *x_first;
    chunked.load_chunks = kern::kMaxLoadChunks;
    if (xy_variant_valid(problem.nx, problem.ny, precision, chunked, device.limits())) out.push_back(chunked);
    // Double-buffered (256^3 f64 on the H100: 0.552 ms against 0.654 with
    // one share; f32 lost 0-27 %), also on twice the cluster, whose halved
    // shares keep two blocks per SM.
    std::vector<XYVariant> doubled = {*x_first};
    const XYBase wider{{}, {}, x_first->cluster * 2, false, false};
    if (auto v = estimate_xy_variant(problem.nx, problem.ny, problem.nz, precision, device.limits(), false, wider))
      doubled.push_back(*v);
    for (XYVariant v : doubled) {
      v.buffers = 2;
      if (xy_variant_valid(problem.nx, problem.ny, precision, v, device.limits())) out.push_back(v);
    }
  }
  add(tuned);
  return out;
}

// The whole-plan choice of MEASURE and EXHAUSTIVE: the fused XY pass (also
// where the ESTIMATE rule would not fuse; the variants of fused_candidates),
// the split-Y schedule where ny allows it, plane rows where the planes
// have them, plane columns where the YZ planes have them and, where no
// fused XY pass fits, the fused XZ schedule where its planes fuse, against
// separate X and Y passes, each timed on scratch
// data; the fastest is kept, and the verdict goes to wisdom, where later
// plans (ESTIMATE ones too) find it.
std::unique_ptr<GpuGridPlan> time_plane_methods(const Problem& problem, const DeviceInfo& device) {
  auto best = std::make_unique<GpuGridPlan>(problem, grid_schedule_for(problem, device, PlaneMethod::separate), device);
  best->set_pass_order(kDefaultPassOrder);  // the forms as plans without a pass-order verdict run them
  const std::vector<XYVariant> fused = fused_candidates(problem, device);
  const bool split = make_split_y_schedule(problem.nx, problem.ny, problem.nz, problem.precision(),
                                           device.limits())
                         .has_value();
  const bool plane_rows =
      estimate_plane_variant(problem.nx, problem.ny, problem.precision(), device.limits()).has_value();
  bool fused_xz = false;
  if (fused.empty()) {
    try {
      fused_xz = !make_xz_schedule(problem.nx, problem.ny, problem.nz, problem.precision(), device.limits()).empty();
    } catch (const Error& e) {
      if (e.status() != FFT3D_ERROR_UNSUPPORTED_SIZE && e.status() != FFT3D_ERROR_INVALID_ARGUMENT) throw;
    }
  }
  const bool plane_columns = problem.nx > 1 && estimate_plane_column_variant(problem.ny, problem.nz,
                                                                             problem.precision(), device.limits());
  if (fused.empty() && !split && !plane_rows && !fused_xz && !plane_columns) return best;
  precompile_xy_variants(problem.nx, problem.ny, problem.precision(), fused, device);
  const DeviceBuffer scratch = timing_scratch(problem.bytes());
  double best_ms = median_execute_ms(*best, scratch.get(), -1, nullptr);
  std::string verdict = kSeparateXY;
  std::optional<XYVariant> fastest_fused;
  double fastest_fused_ms = std::numeric_limits<double>::infinity();
  std::ostringstream note;
  note << "XY form chosen by timing: separate passes " << best_ms << " ms";
  // One candidate: the fused variant *v (method fused), or the schedule of
  // method (split Y, plane rows, fused XZ) as the verdict `name` names it.
  auto time_candidate = [&](PlaneMethod method, const XYVariant* v, const std::string& name) {
    std::unique_ptr<GpuGridPlan> plan;
    try {
      std::vector<GridPass> schedule = grid_schedule_for(problem, device, method);
      if (v) schedule[0].xy = *v;
      plan = std::make_unique<GpuGridPlan>(problem, std::move(schedule), device);
      plan->set_pass_order(kDefaultPassOrder);
    } catch (const Error& e) {
      if (e.status() != FFT3D_ERROR_UNSUPPORTED_SIZE) throw;
      return;  // the device cannot schedule this cluster
    }
    const double ms = median_execute_ms(*plan, scratch.get(), -1, nullptr);
    note << ", " << xy_form_name(name) << " " << ms << " ms";
    if (v && ms < fastest_fused_ms) {
      fastest_fused_ms = ms;
      fastest_fused = *v;
    }
    if (ms < best_ms) {
      best_ms = ms;
      best = std::move(plan);
      verdict = name;
    }
  };
  for (const XYVariant& v : fused) time_candidate(PlaneMethod::fused, &v, v.name());
  // The fastest fused variant in its other thread-index form (192^3 f32 on
  // an H200 ran 3.5-4.8 % slower with its fused kernel's index bounded).
  if (fastest_fused)
    if (const auto twin = xy_thread_index_switched(*fastest_fused, problem.precision());
        twin && std::find(fused.begin(), fused.end(), *twin) == fused.end()) {
      precompile_xy_variants(problem.nx, problem.ny, problem.precision(), {*twin}, device);
      time_candidate(PlaneMethod::fused, &*twin, twin->name());
    }
  if (split) time_candidate(PlaneMethod::split, nullptr, kSplitXY);
  if (plane_rows) time_candidate(PlaneMethod::plane_rows, nullptr, kPlaneRowsXY);
  if (fused_xz) time_candidate(PlaneMethod::fused_xz, nullptr, kFusedXZ);
  if (plane_columns) time_candidate(PlaneMethod::plane_columns, nullptr, kPlaneColumnsYZ);
  plan_wisdom().remember(WisdomEntry{signature_of(device), xy_key(problem), verdict, best_ms});
  best->add_note(note.str() + "; " + xy_form_name(verdict) + " kept");
  return best;
}

// The pass order of a 3-D complex plan (choose_pass_order): forced by
// FFT3D_PASS_ORDER, from wisdom, or under MEASURE and EXHAUSTIVE both
// orders timed on scratch data like the XY forms, the verdict to wisdom.
void settle_pass_order(GpuGridPlan& plan, const Problem& problem, const DeviceInfo& device, TuneMode mode) {
  std::unique_ptr<DeviceBuffer> scratch;  // only when timing
  const PlanOrderTimer time = [&](PassOrder order) {
    if (!scratch) scratch = std::make_unique<DeviceBuffer>(timing_scratch(problem.bytes()));
    plan.set_pass_order(order);
    return median_execute_ms(plan, scratch->get(), -1, nullptr);
  };
  const PassKey key = pass_order_key(problem.nx, problem.ny, problem.nz, problem.precision());
  const PassOrderChoice choice = choose_pass_order(plan.schedule(), pass_order_from_environment(), mode,
                                                   plan_wisdom(), signature_of(device), key, time);
  plan.set_pass_order(choice.order);
  if (!choice.note.empty()) plan.add_note(choice.note);
}

void force_xy_variant_from_environment(std::vector<GridPass>& schedule, Precision precision,
                                       const DeviceInfo& device) {
  if (schedule.empty() || !schedule[0].is_fused_xy()) return;
  GridPass& pass = schedule[0];
  if (auto v = xy_variant_from_environment(pass.n, pass.ny, false, precision, device)) {
    if (pass.row_stride > 0 && !xy_rows_may_stride(pass.n, pass.ny, precision, *v))
      fail(FFT3D_ERROR_INVALID_ARGUMENT, "FFT3D_XY_VARIANT " + v->name() +
                                             ": the fused XZ pass takes complex whole rows, X first, one share");
    pass.xy = *v;
  }
}

// A 3-D complex plan as `mode` and the plan wisdom make it.
std::unique_ptr<GpuPlan> make_grid_plan(const Problem& problem, const DeviceInfo& device, TuneMode mode) {
  const PlaneMethod planes = plane_method_from_environment();
  std::unique_ptr<GpuGridPlan> plan;
  if (planes == PlaneMethod::automatic) {
    plan = plan_from_xy_verdict(problem, device);
    if (!plan && mode != TuneMode::estimate) plan = time_plane_methods(problem, device);
  }
  if (!plan) {
    std::vector<GridPass> schedule = grid_schedule_for(problem, device, planes);
    force_xy_variant_from_environment(schedule, problem.precision(), device);
    plan = std::make_unique<GpuGridPlan>(problem, std::move(schedule), device);
  }
  settle_pass_order(*plan, problem, device, mode);  // after the XY form: it times the plan as built
  const std::string side = settle_side_planes(
      *plan, -1, estimate_side_planes(problem.nx, problem.ny, problem.nz, problem.precision()), problem.bytes(), device,
      mode);
  if (!side.empty()) plan->add_note(side);
  const std::string note = settle_dependent_launch(*plan, problem.bytes(), device, mode);
  if (!note.empty()) plan->add_note(note);
  return plan;
}

// FFT3D_PLAN_SOURCE=tuned|estimate|shared-columns forces the whole-plan check's verdict.
std::optional<PlanSource> plan_source_from_environment() {
  const char* env = std::getenv("FFT3D_PLAN_SOURCE");
  if (!env || !*env) return std::nullopt;
  if (const std::optional<PlanSource> source = parse_plan_source(env)) return source;
  fail(FFT3D_ERROR_INVALID_ARGUMENT,
       std::string("FFT3D_PLAN_SOURCE must be 'tuned', 'estimate' or 'shared-columns', not '") + env + "'");
}

// A 3-D plan (complex or real) that `make` builds as `mode` and the plan
// wisdom say, that plan with its column passes on their lengths' shared
// entries, or the plan ESTIMATE builds without wisdom, as choose_plan_source
// decides: under MEASURE and EXHAUSTIVE each is built and timed on scratch
// data (real plans: forward and inverse), the verdict to wisdom.
std::unique_ptr<Plan> with_plan_source_checked(
    const Problem& problem, const DeviceInfo& device, TuneMode mode,
    const std::function<std::unique_ptr<GpuPlan>(TuneMode)>& make) {
  const auto make_estimate = [&] {
    WisdomSetAside none;
    return make(TuneMode::estimate);
  };
  const auto make_shared_columns = [&] {
    OwnColumnsSetAside shared;
    return make(mode);  // finds the whole-plan verdicts the tuned plan's build left in wisdom
  };
  const auto make_from = [&](PlanSource source) {
    if (source == PlanSource::estimate) return make_estimate();
    if (source == PlanSource::shared_columns) return make_shared_columns();
    return make(mode);
  };
  // choose_plan_source times the tuned plan first: that timing starts the
  // ESTIMATE's build on a second thread before building the tuned plan
  // (and timing its whole-plan choices), so that the ESTIMATE's kernels
  // compile meanwhile (NVRTC; seconds on an empty module cache).
  std::future<std::unique_ptr<GpuPlan>> estimate_built;
  std::unique_ptr<GpuPlan> built[3];  // by PlanSource, as the timer builds them
  std::unique_ptr<DeviceBuffer> scratch;
  const long long bytes = problem.is_real() ? problem.complex_side_bytes() : problem.bytes();
  const PlanSourceTimer time = [&](PlanSource source) -> std::optional<double> {
    std::unique_ptr<GpuPlan>& plan = built[static_cast<int>(source)];
    if (source == PlanSource::tuned) {
      estimate_built = std::async(std::launch::async, [&] {
        FFT3D_CUDA_CHECK(cudaSetDevice(device.ordinal));  // each thread has its own current device
        return make_estimate();
      });
      plan = make_from(source);
    } else if (source == PlanSource::estimate) {
      plan = estimate_built.valid() ? estimate_built.get() : make_from(source);
    } else {
      try {
        plan = make_from(source);
      } catch (const Error& e) {
        if (e.status() != FFT3D_ERROR_OUT_OF_MEMORY) throw;
        return std::nullopt;  // no room for a third plan: the other two are still compared
      }
      const GpuPlan* tuned = built[static_cast<int>(PlanSource::tuned)].get();
      if (tuned && plan->describe_passes() == tuned->describe_passes()) {  // no own column entry was taken
        plan.reset();
        return std::nullopt;
      }
    }
    if (!scratch) scratch = std::make_unique<DeviceBuffer>(timing_scratch(bytes));
    double ms = median_execute_ms(*plan, scratch->get(), -1, nullptr);
    if (problem.is_real()) ms += median_execute_ms(*plan, scratch->get(), +1, nullptr);
    return ms;
  };
  const PassKey key = plan_source_key(problem.nx, problem.ny, problem.nz, problem.precision(), problem.is_real());
  PlanSourceChoice choice;
  try {
    choice =
        choose_plan_source(plan_source_from_environment(), mode, plan_wisdom(), signature_of(device), key, time);
  } catch (const Error& e) {
    // No room for a second plan or for scratch data: the tuned plan, unchecked.
    if (e.status() != FFT3D_ERROR_OUT_OF_MEMORY) throw;
    built[static_cast<int>(PlanSource::estimate)].reset();
    built[static_cast<int>(PlanSource::shared_columns)].reset();
    choice = {PlanSource::tuned, "whole plan not checked against the ESTIMATE's: out of device memory"};
  }
  std::unique_ptr<GpuPlan> plan = std::move(built[static_cast<int>(choice.source)]);
  if (!plan) plan = make_from(choice.source);
  if (!choice.note.empty()) plan->add_note(choice.note);
  return plan;
}

}  // namespace

namespace {
// FFT3D_XY_VARIANT's value, or nullptr where it is unset or empty.
const char* forced_xy_variant_name() {
  const char* forced = std::getenv("FFT3D_XY_VARIANT");
  return forced && *forced ? forced : nullptr;
}
}  // namespace

bool xy_form_forced_by_environment() {
  return plane_method_from_environment() != PlaneMethod::automatic || forced_xy_variant_name() != nullptr;
}

std::optional<XYVariant> xy_variant_from_environment(int nx, int ny, bool real, Precision precision,
                                                     const DeviceInfo& device) {
  const char* forced = forced_xy_variant_name();
  if (!forced) return std::nullopt;
  const XYVariant v = parse_xy_variant(forced);
  if ((v.x.real != RealRows::none) != real) return std::nullopt;  // one for the other kind of plan
  if (!xy_variant_valid(nx, ny, precision, v, device.limits()))
    fail(FFT3D_ERROR_INVALID_ARGUMENT, std::string("FFT3D_XY_VARIANT ") + forced + " is not valid for " +
                                           std::to_string(nx) + " x " + std::to_string(ny));
  return v;
}

namespace {
thread_local Wisdom* wisdom_in_use = nullptr;  // the innermost WisdomInUse's, on this thread
thread_local bool own_columns_set_aside = false;  // while an OwnColumnsSetAside lives on this thread
}  // namespace

Wisdom& plan_wisdom() { return wisdom_in_use ? *wisdom_in_use : process_wisdom(); }

WisdomInUse::WisdomInUse(Wisdom* wisdom) : outer_(wisdom_in_use) {
  if (wisdom) wisdom_in_use = wisdom;
}

WisdomInUse::~WisdomInUse() { wisdom_in_use = outer_; }

OwnColumnsSetAside::OwnColumnsSetAside() : outer_(own_columns_set_aside) { own_columns_set_aside = true; }

OwnColumnsSetAside::~OwnColumnsSetAside() { own_columns_set_aside = outer_; }

DeviceBuffer timing_scratch(long long bytes) {
  DeviceBuffer scratch(static_cast<size_t>(bytes));
  FFT3D_CUDA_CHECK(cudaMemset(scratch.get(), 0x3c, scratch.bytes()));  // finite values
  return scratch;
}

double median_execute_ms(Plan& plan, void* data, int sign, cudaStream_t stream) {
  EventTimer timer(7);
  return timer.median_ms(stream, 2, [&] { plan.execute(data, sign, stream); });
}

std::string settle_dependent_launch(GpuPlan& plan, long long bytes, const DeviceInfo& device, TuneMode mode) {
  std::unique_ptr<DeviceBuffer> scratch;  // only when timing
  const DependentLaunchTimer time = [&](bool on) {
    if (!scratch) scratch = std::make_unique<DeviceBuffer>(timing_scratch(bytes));
    plan.set_dependent_launch(on);
    return median_execute_ms(plan, scratch->get(), -1, nullptr);
  };
  const Problem& p = plan.problem();
  const DependentLaunchChoice choice = choose_dependent_launch(
      dependent_launch_supported(device), dependent_launch_forced(),
      dependent_launch_pays(device, bytes, plan.dependent_beyond_l2()), mode,
      plan_wisdom(), signature_of(device), dependent_launch_key(p.nx, p.ny, p.nz, p.precision(), p.is_real()),
      time);
  plan.set_dependent_launch(choice.on);
  // The rule's one case beyond L2 is worth a line of the description.
  if (choice.note.empty() && choice.on && bytes > device.l2_bytes)
    return "dependent launch on: beyond L2, but all passes on one stream";
  return choice.note;
}

std::string settle_side_planes(GpuPlan& plan, int sign, int estimate, long long bytes, const DeviceInfo& device,
                               TuneMode mode) {
  if (!plan.has_side_planes_choice(sign)) return "";
  std::unique_ptr<DeviceBuffer> scratch;  // only when timing
  // Each count timed with dependent launches as the ESTIMATE would set them
  // for it: none leaves the fused plan on one stream, where they pay, and
  // side planes rule them out (settle_dependent_launch decides after).
  const SidePlanesTimer time = [&](int planes) {
    if (!scratch) scratch = std::make_unique<DeviceBuffer>(timing_scratch(bytes));
    plan.set_side_planes(sign, planes);
    plan.set_dependent_launch(dependent_launch_pays(device, bytes, plan.dependent_beyond_l2()));
    return median_execute_ms(plan, scratch->get(), sign, nullptr);
  };
  const Problem& p = plan.problem();
  const SidePlanesChoice choice =
      choose_side_planes(side_planes_from_environment(), estimate, p.nz, mode, plan_wisdom(), signature_of(device),
                         side_planes_key(p.nx, p.ny, p.nz, p.precision(), p.is_real(), sign > 0), time);
  plan.set_side_planes(sign, choice.planes);
  return choice.note;
}

std::optional<XVariant> x_variant_from_environment(bool real) {
  const char* forced = std::getenv("FFT3D_X_VARIANT");
  if (!forced || !*forced) return std::nullopt;
  const XVariant v = parse_x_variant(forced);
  if ((v.real != RealRows::none) != real) return std::nullopt;
  return v;
}

double normalisation(const Problem& p, int sign) {
  return sign > 0 && p.normalize ? 1.0 / static_cast<double>(p.transform_length()) : 1.0;
}

std::string GpuPlan::describe() const {
  std::string text = describe_passes();
  for (const std::string& note : notes_) text += "  " + note + "\n";
  return text;
}

void GpuPlan::check_pointer(const void* data) const {
  if (!is_device_pointer(data))
    fail(FFT3D_ERROR_INVALID_POINTER, "a GPU plan was given a pointer that is not device memory");
  const auto alignment = static_cast<std::uintptr_t>(complex_bytes(problem().precision()));
  if (reinterpret_cast<std::uintptr_t>(data) % alignment != 0)
    fail(FFT3D_ERROR_INVALID_POINTER, "GPU data must be aligned to " + std::to_string(alignment) +
                                          " bytes (one complex value), as cudaMalloc's are");
}

void GpuPlan::copy(void* out, const void* in, CUstream_st* stream) {
  FFT3D_CUDA_CHECK(
      cudaMemcpyAsync(out, in, static_cast<size_t>(problem().bytes()), cudaMemcpyDeviceToDevice, stream));
}

LongColumnVariant with_long_column_work_from_environment(LongColumnVariant v) {
  const char* env = std::getenv("FFT3D_LONG_COLUMN_WORK_MB");
  if (env && *env) v.work_bytes = std::max(1LL, std::atoll(env)) << 20;
  return v;
}

std::vector<std::unique_ptr<GpuPass>> make_gpu_passes(const std::vector<GridPass>& schedule, Precision precision,
                                                      const DeviceInfo& device) {
  std::vector<std::unique_ptr<GpuPass>> passes;
  for (const GridPass& p : schedule) {
    if (p.is_fused_xy())
      passes.push_back(
          std::make_unique<XYPass>(p.n, p.ny, precision, p.xy, device, std::max(p.split, 1), p.row_stride));
    else if (p.is_five_step())
      passes.push_back(std::make_unique<FiveStepPass>(p.five_step, precision, device));
    else if (p.is_long_column())
      passes.push_back(std::make_unique<LongColumnPass>(with_long_column_work_from_environment(p.long_column),
                                                        precision, device, p.count, p.geometry));
    else if (p.is_cluster_row())
      passes.push_back(std::make_unique<ClusterRowPass>(p.n, precision, p.cluster_row, device));
    else
      passes.push_back(std::make_unique<XPass>(p.n, precision, p.variant, device, p.split));
    set_direction(p, *passes.back());
  }
  return passes;
}

void run_rows_out(const GridPass& rows, const GpuPass& pass, const void* in, void* out, int sign,
                  cudaStream_t stream, double scale) {
  if (rows.is_long_column())  // pass A reads `in`, pass B writes `out`
    static_cast<const LongColumnPass&>(pass).run_out(in, out, rows.count, sign, stream, rows.geometry, scale);
  else if (rows.is_cluster_row())
    static_cast<const ClusterRowPass&>(pass).run_out(in, out, rows.count, sign, stream, scale);
  else
    static_cast<const XPass&>(pass).run_rows(in, out, rows.count, sign, stream, 0, 0, scale);
}

void set_direction(const GridPass& p, GpuPass& pass) {
  if (p.is_five_step()) {
    static_cast<FiveStepPass&>(pass).set_reversed(p.reversed, p.reversed_b);
  } else if (!p.is_fused_xy() && !p.is_long_column() && !p.is_cluster_row()) {
    // (the fused pass walks its planes upwards, long columns their chunks, cluster rows their rows)
    static_cast<XPass&>(pass).set_reversed(p.reversed);
    static_cast<XPass&>(pass).set_streaming(p.streams);
  }
}

DeviceSignature signature_of(const DeviceInfo& d) {
  return DeviceSignature{d.name, d.sm_count, d.cc_major, d.cc_minor, d.driver_version, d.runtime_version};
}

VariantPreference variant_preference(const DeviceInfo& device, Precision precision) {
  const VariantPreference wisdom =
      wisdom_variants(plan_wisdom(), signature_of(device), precision, !own_columns_set_aside);
  return with_forced_variants(wisdom, precision, device.limits());
}

std::optional<bool> l2_streaming_from_environment() {
  const char* env = std::getenv("FFT3D_L2_STREAMING");
  if (!env || !*env) return std::nullopt;
  return std::string(env) != "0";
}

bool last_pass_streams(const DeviceInfo& device, bool after_fused_pass, long long bytes) {
  if (device.cc_major < 8) return false;
  return l2_streaming_from_environment().value_or(streams_last_pass(after_fused_pass, bytes, device.l2_bytes));
}

std::optional<int> side_planes_from_environment() {
  const char* env = std::getenv("FFT3D_SIDE_PLANES");
  if (!env || !*env) return std::nullopt;
  return std::atoi(env);
}

// FFT3D_COLUMN_METHOD=one-pass|five-step|long|cluster forces how Y and Z
// columns are transformed (for experiments and side-by-side schedules;
// FFT3D_COLUMN_CLUSTER=CxW names the clusters).
ColumnMethod column_method_from_environment() {
  const char* env = std::getenv("FFT3D_COLUMN_METHOD");
  if (!env || !*env) return ColumnMethod::automatic;
  const std::string v = env;
  if (v == "one-pass") return ColumnMethod::one_pass;
  if (v == "five-step") return ColumnMethod::five_step;
  if (v == "long") return ColumnMethod::long_column;
  if (v == "cluster") return ColumnMethod::cluster_column;
  fail(FFT3D_ERROR_INVALID_ARGUMENT,
       "FFT3D_COLUMN_METHOD must be 'one-pass', 'five-step', 'long' or 'cluster', not '" + v + "'");
}

RowMethod row_method_from_environment() {
  const char* env = std::getenv("FFT3D_ROW_METHOD");
  if (!env || !*env) return RowMethod::automatic;
  const std::string v = env;
  if (v == "one-pass") return RowMethod::one_pass;
  if (v == "cluster") return RowMethod::cluster_row;
  if (v == "long") return RowMethod::long_row;
  fail(FFT3D_ERROR_INVALID_ARGUMENT, "FFT3D_ROW_METHOD must be 'one-pass', 'cluster' or 'long', not '" + v + "'");
}

int row_cluster_from_environment() {
  const char* env = std::getenv("FFT3D_ROW_CLUSTER");
  return env && *env ? std::max(0, std::atoi(env)) : 0;
}

// FFT3D_XY_PASS=fused|separate|split|plane-rows|fused-xz|plane-columns|automatic
// forces how X and Y are transformed (for experiments and side-by-side
// schedules; split: the split-Y schedule; plane-rows: small planes as 2-D
// rows; fused-xz: X with Z over the XZ planes, then Y; plane-columns: X,
// then small YZ planes as 2-D columns); automatic by default.
PlaneMethod plane_method_from_environment() {
  const char* env = std::getenv("FFT3D_XY_PASS");
  if (!env || !*env) return PlaneMethod::automatic;
  const std::string v = env;
  if (v == "fused") return PlaneMethod::fused;
  if (v == "separate") return PlaneMethod::separate;
  if (v == "automatic") return PlaneMethod::automatic;
  if (v == "split") return PlaneMethod::split;
  if (v == "plane-rows") return PlaneMethod::plane_rows;
  if (v == "fused-xz") return PlaneMethod::fused_xz;
  if (v == "plane-columns") return PlaneMethod::plane_columns;
  fail(FFT3D_ERROR_INVALID_ARGUMENT, "FFT3D_XY_PASS must be 'fused', 'separate', 'split', 'plane-rows', 'fused-xz', "
                                     "'plane-columns' or 'automatic', not '" + v + "'");
}

bool gpu_backend_usable() { return gpu_present(); }

bool gpu_backend_supports(const Problem& problem) {
  return gpu_schedule_exists(problem, current_device_info().limits());
}

bool pointer_is_on_device(const void* ptr) { return is_device_pointer(ptr); }

std::unique_ptr<Plan> make_gpu_plan(const Problem& problem, TuneMode mode) {
  if (!gpu_backend_usable()) fail(FFT3D_ERROR_NO_DEVICE, "no usable CUDA device for a GPU plan");
  // MEASURE / EXHAUSTIVE: time the variants (once per problem and process)
  // and write the winners to wisdom, where the choices below find them.
  tune_if_needed(problem, mode);
  if (problem.shape == Shape::grid3d) {
    const DeviceInfo device = current_device_info();
    // ESTIMATE takes the shipped wisdom's plan for a grid it knows on this
    // GPU model, unless the environment forces another XY form (its
    // verdicts belong to the plan they were measured with).
    const std::unique_ptr<Wisdom> shipped =
        mode == TuneMode::estimate && builtin_wisdom_enabled() && !xy_form_forced_by_environment()
            ? wisdom_with_builtin(process_wisdom(), builtin_wisdom(), signature_of(device),
                                  plan_source_key(problem.nx, problem.ny, problem.nz, problem.precision(),
                                                  problem.is_real()))
            : nullptr;
    WisdomInUse use(shipped.get());
    return with_plan_source_checked(problem, device, mode, [&](TuneMode m) -> std::unique_ptr<GpuPlan> {
      std::unique_ptr<GpuPlan> plan =
          problem.is_real() ? make_gpu_real_plan(problem, device, m) : make_grid_plan(problem, device, m);
      if (shipped && &plan_wisdom() == shipped.get())  // not the ESTIMATE set aside from wisdom
        plan->add_note("built from the wisdom shipped for the " + device.name + " (FFT3D_BUILTIN_WISDOM=0: without)");
      return plan;
    });
  }
  if (problem.is_real()) return make_gpu_real_plan(problem, current_device_info(), mode);
  const int n = problem.nx;
  if (long long f = first_unsupported_factor(n))
    fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "n=" + std::to_string(n) + " has the prime factor " +
                                           std::to_string(f) + "; the GPU kernels support 2, 3, 5 and 7");
  const DeviceInfo device = current_device_info();
  if (n == 1) return std::make_unique<GpuBatchedPlan>(problem, XVariant{}, device);
  if (std::optional<XVariant> forced = x_variant_from_environment(false))
    return std::make_unique<GpuBatchedPlan>(problem, *forced, device);
  // Rows in shared memory where they fit (the tuned variant, else the
  // ESTIMATE), else cluster rows, else long rows.
  const GridPass rows = row_pass(n, problem.batch, problem.precision(), device.limits(),
                                 variant_preference(device, problem.precision()), row_method_from_environment(),
                                 row_cluster_from_environment());
  if (rows.is_long_column() || rows.is_cluster_row())
    return std::make_unique<GpuBatchedClusterOrLongRowsPlan>(problem, rows, device);
  return std::make_unique<GpuBatchedPlan>(problem, rows.variant, device);
}

}  // namespace fft3d
