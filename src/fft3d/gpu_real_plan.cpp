// Real-to-complex transforms on the GPU: R2C forward, C2R inverse, in the
// layout of FFTW and cuFFT (nx/2 + 1 complex values along x). The X pass is
// a real-rows kernel (half-length transform with fused post/pre-processing
// for even nx, full-length for odd; even rows beyond one block on clusters
// of blocks, fft1d/cluster_row_kernel.h), the Y and Z passes the complex column
// passes over the nx/2 + 1 columns. Forward: X, then Y and Z on the output;
// inverse: Z and Y on the input (which is overwritten, as FFTW's and cuFFT's
// C2R do), then X into the output. Each pass takes its variant from
// wisdom (the tuner's "real-rows", "real-rows-inverse" and "columns" entries, and for columns
// its "five-step" verdicts, through make_column_schedule) where valid, else
// the ESTIMATE choice. Where the plan fuses, the in-place forward runs X
// and Y as one fused pass per plane (xy/), then Z: two passes over memory;
// the in-place inverse likewise runs Z, then Y and X as one fused pass with
// its columns first; out-of-place transforms keep the separate passes.
// Small planes (plane_rows_pay) instead take real plane rows, two planes to
// a 2-D DFT in one X pass (make_real_plane_rows_pass), in and out of place,
// and then only the Z columns: FFT3D_XY_PASS=plane-rows forces them.
// Small YZ planes of the complex side (real_plane_columns_pay) take plane
// columns, Y and Z as one pass after X (before it in the inverse):
// FFT3D_XY_PASS=plane-columns forces them.
// The in-place forward of some f32 slabs (real_fused_xz_pays), or any under
// FFT3D_XY_PASS=fused-xz, runs as one fused pass over the XZ planes (X with
// its post-processing, then Z; make_real_xz_pass), then the Y columns; the
// inverse likewise (its own rule) as the Y columns, then Z and X (with its
// pre-processing) fused over the XZ planes.
// FFT3D_X_VARIANT naming real rows (.real-*) replaces the X variant (for
// experiments). Whether each direction fuses: FFT3D_XY_PASS=fused|separate,
// else a verdict in wisdom, else under MEASURE and EXHAUSTIVE timed (fused
// candidates against separate passes, the verdict to wisdom), else the
// ESTIMATE (fft3d/real_xy_form.h). The inverse runs its columns from Z
// down, so that in alternating pass order (pass_order.h, the default) Y
// walks the planes after X in the forward, and X after Y in the inverse,
// from the top plane, where the pass before ended.
#include <initializer_list>
#include <limits>
#include <sstream>

#include "common/error.h"
#include "fft1d/cluster_row_pass.h"
#include "fft1d/x_pass.h"
#include "fft3d/gpu_plan_common.h"
#include "fft3d/pass_order.h"
#include "fft3d/real_xy_form.h"
#include "gpu/cuda_check.h"
#include "gpu/dependent_launch.h"
#include "gpu/side_stream.h"
#include "tune/pass_order_choice.h"
#include "tune/wisdom.h"
#include "xy/xy_pass.h"

namespace fft3d {

namespace {

class GpuRealPlan final : public GpuPlan {
 public:
  GpuRealPlan(const Problem& problem, RealRowsPass x, bool x_from_wisdom, std::vector<GridPass> columns,
              std::unique_ptr<XYPass> fused, std::unique_ptr<XYPass> fused_inverse, std::unique_ptr<XYPass> fused_xz,
              std::unique_ptr<XYPass> fused_xz_inverse, PassOrder order, const DeviceInfo& device)
      : GpuPlan(problem, device),
        x_(std::move(x)),
        x_from_wisdom_(x_from_wisdom),
        columns_(std::move(columns)),
        column_passes_(make_gpu_passes(columns_, problem.precision(), device)),
        fused_(std::move(fused)),
        fused_inverse_(std::move(fused_inverse)),
        fused_xz_(std::move(fused_xz)),
        fused_xz_inverse_(std::move(fused_xz_inverse)),
        order_(order) {
    if (x_.is_cluster_row())
      cluster_x_ = std::make_unique<ClusterRowPass>(x_.kernel_n, problem.precision(), x_.cluster_row, device);
    else if (x_.kernel_n > 0)
      x_pass_ = std::make_unique<XPass>(x_.kernel_n, problem.precision(), x_.variant, device);
    if (x_pass_ && x_.inverse_variant)
      x_inverse_pass_ = std::make_unique<XPass>(x_.kernel_n, problem.precision(), *x_.inverse_variant, device);
    set_dependent_launch(dependent_launch_pays(device, problem.complex_side_bytes(), dependent_beyond_l2()));
    half_ = problem.nx / 2 + 1;
    for (bool after_fused : {false, true})
      last_pass_streams_[after_fused] = last_pass_streams(device, after_fused, problem.complex_side_bytes());
    // Compiles the reversed kernels either direction needs now, not in the
    // first execute: a run only flips the passes' directions.
    set_directions(+1);
    set_directions(-1);
  }

  void execute(void* data, int sign, CUstream_st* stream) override { run(data, data, sign, stream); }
  void execute_out(const void* in, void* out, int sign, CUstream_st* stream) override {
    run(const_cast<void*>(in), out, sign, stream);
  }

  std::string describe_passes() const override {
    std::ostringstream s;
    long long passes = 1;  // X (or X and Y: plane rows)
    for (const GridPass& p : columns_) passes += p.passes_over_memory();  // two for long or five-step columns
    s << problem().str() << " on " << device_.name << " (" << device_.arch() << ")\n"
      << "  " << passes << " passes over memory; " << half_
      << " complex values per x row, in place the real rows are padded to " << 2 * half_ << " reals\n";
    if (fused_)
      s << "  in-place forward in " << fused_passes() << " passes: pass xy: " << fused_->describe()
        << describe_side_planes(-1) << (has_z() ? ", then the z pass below" : "")
        << (has_z() && last_pass_streams_[true] ? ", streaming through L2" : "")
        << "\n";
    if (fused_inverse_)
      s << "  in-place inverse in " << fused_passes() << " passes: " << (has_z() ? "the z pass below, then " : "")
        << "pass yx: " << fused_inverse_->describe() << describe_side_planes(+1) << "\n";
    if (fused_xz_)
      s << "  in-place forward in " << fused_xz_passes() << " passes: pass xz: " << fused_xz_->describe()
        << ", then the y pass below\n";
    if (fused_xz_inverse_)
      s << "  in-place inverse in " << fused_xz_passes()
        << " passes: the y pass below, then pass zx: " << fused_xz_inverse_->describe() << "\n";
    if (fused_ || fused_inverse_ || fused_xz_ || fused_xz_inverse_) s << "  otherwise:\n";
    s << "  " << describe_real_rows_pass(x_, problem().precision())
      << (x_.kernel_n == 0 ? "" : x_from_wisdom_ ? "; variant from wisdom (tuned)" : "; ESTIMATE variant") << "\n";
    for (const GridPass& p : columns_) {
      std::istringstream lines(describe_pass(p, problem().precision()));
      for (std::string line; std::getline(lines, line);) s << "  " << line << "\n";
    }
    s << "  pass order " << pass_order_name(order_)
      << (order_ == PassOrder::alternating ? ": the forward's Y and the inverse's X (after Z, Y) walk from the top plane"
                                            : "")
      << "\n";
    return s.str();
  }

  // Every pass, fused ones included, launched as a programmatic dependent
  // or not; not beside side planes (their join is an event).
  void set_dependent_launch(bool on) override {
    dependent_ = on;
    on = on && side_planes_[0] == 0 && side_planes_[1] == 0;
    for (GpuPass* pass : std::initializer_list<GpuPass*>{x_pass_.get(), x_inverse_pass_.get(), cluster_x_.get(),
                                                         fused_.get(), fused_inverse_.get(), fused_xz_.get(),
                                                         fused_xz_inverse_.get()})
      if (pass) pass->set_dependent_launch(on);
    for (auto& pass : column_passes_) pass->set_dependent_launch(on);
  }

  // Separate passes both ways (R2C f32 343^3 on an H200: forward and
  // inverse -1.0 to -1.3 %; fused, R2C f32 243^3 lost 11 % on an H100).
  bool dependent_beyond_l2() const override {
    return !fused_ && !fused_inverse_ && !fused_xz_ && !fused_xz_inverse_;
  }

  // Whether the in-place transform of direction `sign` is fused, with X
  // and Y passes for the planes it may leave to the side.
  bool has_side_planes_choice(int sign) const override {
    return (sign < 0 ? fused_ : fused_inverse_) && x_pass_ && !columns_.empty() && columns_[0].axis == 'y';
  }

  // That fused pass leaves its last `planes` planes to the separate X and Y
  // passes, on a second stream beside it (as the complex plan's
  // GridPass::side); 0: none.
  void set_side_planes(int sign, int planes) override {
    if (planes < 0 || planes >= problem().nz)
      fail(FFT3D_ERROR_INVALID_ARGUMENT, "side planes must be at least 0 and fewer than the " +
                                             std::to_string(problem().nz) + " planes of the fused pass");
    side_planes_[sign > 0] = has_side_planes_choice(sign) ? planes : 0;
    if (side_planes_[sign > 0] > 0 && !side_stream_) side_stream_ = std::make_unique<SideStream>();
    set_dependent_launch(dependent_);
  }

  // MEASURE of one direction's XY form (inverse: the C2R's): times the
  // in-place transform with separate passes and with each fused candidate
  // (beside `side_planes` side planes: the ESTIMATE's or the forced count)
  // on scratch data, keeps the fastest, and writes the verdict to wisdom
  // under `key`.
  // A candidate the device cannot schedule is skipped. The side planes are
  // left at none, for settle_side_planes.
  void time_xy_forms(bool inverse, const std::vector<XYVariant>& candidates, const PassKey& key, int side_planes) {
    std::unique_ptr<XYPass>& slot = inverse ? fused_inverse_ : fused_;
    const int sign = inverse ? +1 : -1;
    const DeviceBuffer scratch = timing_scratch(problem().complex_side_bytes());
    auto median_ms = [&] { return median_execute_ms(*this, scratch.get(), sign, nullptr); };
    slot.reset();
    std::unique_ptr<XYPass> best;
    double best_ms = median_ms();
    std::string verdict = kSeparateXY;
    std::ostringstream note;
    note << "XY form of the in-place " << (inverse ? "inverse" : "forward") << " chosen by timing: separate passes "
         << best_ms << " ms";
    std::optional<XYVariant> fastest_fused;
    double fastest_fused_ms = std::numeric_limits<double>::infinity();
    auto time_fused = [&](const XYVariant& v) {
      try {
        slot = std::make_unique<XYPass>(problem().nx, problem().ny, problem().precision(), v, device_);
        set_side_planes(sign, side_planes);  // which also sets the new pass's launch mode
      } catch (const Error& e) {
        if (e.status() != FFT3D_ERROR_UNSUPPORTED_SIZE) throw;
        return;  // the device cannot schedule this cluster
      }
      const double ms = median_ms();
      note << ", fused " << v.name() << " " << ms << " ms"
           << (side_planes > 0 ? " (" + std::to_string(side_planes) + " side planes)" : "");
      if (ms < fastest_fused_ms) {
        fastest_fused_ms = ms;
        fastest_fused = v;
      }
      if (ms < best_ms) {
        best_ms = ms;
        best = std::move(slot);
        verdict = v.name();
      }
    };
    for (const XYVariant& v : candidates) time_fused(v);
    // The fastest in its other thread-index form (xy_thread_index_switched).
    if (fastest_fused)
      if (const auto twin = xy_thread_index_switched(*fastest_fused, problem().precision());
          twin && std::find(candidates.begin(), candidates.end(), *twin) == candidates.end())
        time_fused(*twin);
    slot = std::move(best);
    set_side_planes(sign, 0);
    plan_wisdom().remember(WisdomEntry{signature_of(device_), key, verdict, best_ms});
    add_note(note.str() + (verdict == kSeparateXY ? "; separate kept" : "; fused kept"));
  }

 private:
  // The last column pass is the Z pass where the grid has nz > 1.
  bool has_z() const { return !columns_.empty() && columns_.back().axis == 'z'; }
  // The in-place fused transform's passes over memory: XY, then Z (two for long columns).
  int fused_passes() const { return 1 + (has_z() ? columns_.back().passes_over_memory() : 0); }
  // The fused XZ transform's: XZ, then Y (the first column pass; two for long columns).
  int fused_xz_passes() const { return 1 + columns_.front().passes_over_memory(); }

  void run(void* in, void* out, int sign, CUstream_st* stream) {
    const bool in_place = in == out;
    const long long real_pitch = in_place ? 2 * half_ : problem().nx, complex_pitch = 2 * half_;
    const double scale = normalisation(problem(), sign);
    set_directions(sign, in_place);
    if (sign < 0 && in_place && fused_) {  // the forward needs no scale
      run_fused(out, sign, 1.0, stream);
      if (has_z())
        column_passes_.back()->run(out, columns_.back().count, sign, stream, columns_.back().geometry, 1.0);
      return;
    }
    if (sign < 0 && in_place && fused_xz_) {  // X and Z fused over the ny XZ planes, then Y
      fused_xz_->run_out(out, out, problem().ny, sign, stream, half_, 1.0);
      column_passes_.front()->run(out, columns_.front().count, sign, stream, columns_.front().geometry, 1.0);
      return;
    }
    if (sign > 0 && in_place && fused_xz_inverse_) {  // Y, then Z and X fused over the XZ planes (which normalises)
      column_passes_.front()->run(in, columns_.front().count, sign, stream, columns_.front().geometry, 1.0);
      fused_xz_inverse_->run_out(in, in, problem().ny, sign, stream, half_, scale);
      return;
    }
    if (sign > 0 && in_place && fused_inverse_) {  // Z, then Y and X fused (which normalises)
      if (has_z())
        column_passes_.back()->run(in, columns_.back().count, sign, stream, columns_.back().geometry, 1.0);
      run_fused(in, sign, scale, stream);
      return;
    }
    if (sign < 0) {
      run_rows(in, out, sign, real_pitch, complex_pitch, 1.0, stream);
      run_columns(out, sign, 1.0, stream);
    } else {
      // With no X kernel (nx = 1) the last column pass normalises.
      run_columns(in, sign, x_.kernel_n > 0 ? 1.0 : scale, stream);
      run_rows(in, out, sign, complex_pitch, real_pitch, scale, stream);
    }
  }

  // The in-place fused pass of direction `sign` over the planes, and beside
  // it, on the side stream, the separate passes of its side planes: X then
  // Y forward, Y then X inverse.
  void run_fused(void* data, int sign, double scale, CUstream_st* stream) {
    XYPass& fused = sign < 0 ? *fused_ : *fused_inverse_;
    const int side_planes = side_planes_[sign > 0];
    const long long plane = half_ * problem().ny;  // complex values
    const long long fused_planes = problem().nz - side_planes;
    auto run_fused_planes = [&] { fused.run_out(data, data, fused_planes, sign, stream, plane, scale); };
    if (side_planes == 0) return run_fused_planes();
    void* side = static_cast<char*>(data) + fused_planes * plane * complex_bytes(problem().precision());
    side_stream_->run_beside(stream, run_fused_planes, [&](cudaStream_t side_stream) {
      auto run_x = [&] {
        x_pass(sign)->run_rows(side, side, static_cast<long long>(problem().ny) * side_planes, sign, side_stream,
                               2 * half_, 2 * half_, scale);
      };
      auto run_y = [&] {
        column_passes_.front()->run(side, half_ * side_planes, sign, side_stream, columns_.front().geometry, 1.0);
      };
      if (sign < 0) {
        run_x();
        run_y();
      } else {
        run_y();
        run_x();
      }
    });
  }

  std::string describe_side_planes(int sign) const {
    const int planes = side_planes_[sign > 0];
    if (planes == 0) return "";
    return ", its last " + std::to_string(planes) + " planes through the " + (sign < 0 ? "x and y" : "y and x") +
           " passes below on a second stream beside it";
  }

  // The forward's columns Y then Z; the inverse's Z then Y.
  size_t column_index(int sign, size_t i) const { return sign < 0 ? i : columns_.size() - 1 - i; }

  void run_columns(void* data, int sign, double last_scale, CUstream_st* stream) {
    for (size_t i = 0; i < columns_.size(); ++i) {
      const size_t c = column_index(sign, i);
      column_passes_[c]->run(data, columns_[c].count, sign, stream, columns_[c].geometry,
                             i + 1 == columns_.size() ? last_scale : 1.0);
    }
  }

  // Each pass's direction for the sequence `sign` runs (X then the columns,
  // or the columns then X), as apply_pass_order sets them in order_, and
  // whether its last pass streams through L2 (in_place: the run's).
  void set_directions(int sign, bool in_place = true) {
    GridPass x{};
    x.axis = 'x';
    std::vector<GridPass> sequence;
    if (sign < 0) sequence.push_back(x);
    for (size_t i = 0; i < columns_.size(); ++i) sequence.push_back(columns_[column_index(sign, i)]);
    if (sign > 0) sequence.push_back(x);
    apply_pass_order(sequence, order_);
    // The forward's last pass (a column pass) may stream through L2: after
    // the fused pass in place, out of place after the separate passes. The
    // inverse's columns come before its X pass.
    const bool after_fused = sign < 0 && in_place && fused_ != nullptr;
    set_last_pass_streaming(sequence, sign < 0 && last_pass_streams_[after_fused]);
    const size_t first_column = sign < 0 ? 1 : 0;
    if (x_pass_) x_pass(sign)->set_reversed(sequence[sign < 0 ? 0 : sequence.size() - 1].reversed);
    for (size_t i = 0; i < columns_.size(); ++i)
      set_direction(sequence[first_column + i], *column_passes_[column_index(sign, i)]);
  }

  // The real-rows kernel of direction `sign` (x_pass_ must be set).
  XPass* x_pass(int sign) const { return sign > 0 && x_inverse_pass_ ? x_inverse_pass_.get() : x_pass_.get(); }

  void run_rows(const void* in, void* out, int sign, long long in_pitch, long long out_pitch, double scale,
                CUstream_st* stream) {
    // (plane rows: the pitches from plane to plane)
    const long long lines = x_.x_rows_per_row();
    if (x_pass_)
      return x_pass(sign)->run_rows(in, out, x_.rows, sign, stream, in_pitch * lines, out_pitch * lines, scale);
    if (cluster_x_) return cluster_x_->run_rows(in, out, x_.rows, sign, stream, in_pitch, out_pitch, scale);
    // nx = 1: X[0] = x[0]. Move the reals between the sides; the forward
    // clears the imaginary parts.
    const size_t real = static_cast<size_t>(fft3d::real_bytes(problem().precision()));
    const size_t rows = static_cast<size_t>(x_.rows);
    if (in != out)
      FFT3D_CUDA_CHECK(cudaMemcpy2DAsync(out, static_cast<size_t>(out_pitch) * real, in,
                                         static_cast<size_t>(in_pitch) * real, real, rows,
                                         cudaMemcpyDeviceToDevice, stream));
    if (sign < 0)
      FFT3D_CUDA_CHECK(cudaMemset2DAsync(static_cast<char*>(out) + real, static_cast<size_t>(out_pitch) * real, 0,
                                         real, rows, stream));
  }

  RealRowsPass x_;
  bool x_from_wisdom_;
  std::vector<GridPass> columns_;
  std::vector<std::unique_ptr<GpuPass>> column_passes_;
  std::unique_ptr<XPass> x_pass_;               // the real-rows kernel, or
  std::unique_ptr<XPass> x_inverse_pass_;       //   (the C2R inverse's, where it has its own)
  std::unique_ptr<ClusterRowPass> cluster_x_;   // real cluster rows (x_.is_cluster_row())
  std::unique_ptr<XYPass> fused_;          // the in-place forward's X and Y, where fused
  std::unique_ptr<XYPass> fused_inverse_;  // the in-place inverse's Y and X, where fused
  std::unique_ptr<XYPass> fused_xz_;       // the in-place forward's X and Z, where fused so
  std::unique_ptr<XYPass> fused_xz_inverse_;  // the in-place inverse's Z and X, where fused so
  PassOrder order_;
  long long half_ = 0;
  // Whether the forward's last pass streams through L2 (last_pass_streams),
  // without and with the fused pass before it: settled once, not per run.
  bool last_pass_streams_[2] = {false, false};
  int side_planes_[2] = {0, 0};              // the in-place forward's and inverse's, beside the fused pass
  std::unique_ptr<SideStream> side_stream_;  // where they run
  bool dependent_ = false;          // programmatic dependent launches (gpu/dependent_launch.h)
};

// The real-rows variant FFT3D_X_VARIANT names, if it names one; one that
// does not fit nx is an error.
std::optional<XVariant> forced_real_rows(int nx, Precision precision, const DeviceInfo& device) {
  const std::optional<XVariant> v = x_variant_from_environment(true);
  if (!v) return std::nullopt;
  const VariantPreference offer = [&](const std::string&, int, long long) -> std::optional<PreferredVariant> {
    return *v;
  };
  if (!valid_preference(offer, "real-rows", nx, precision, device.limits()))
    fail(FFT3D_ERROR_INVALID_ARGUMENT,
         "FFT3D_X_VARIANT " + v->name() + " is not valid for real rows of " + std::to_string(nx));
  return v;
}

// The in-place R2C forward's (C2R inverse's) fused pass over the ny XZ
// planes of nx reals by nz (real_fused_xz_pays, FFT3D_XY_PASS=fused-xz): the
// real ESTIMATE's form of those planes in whole rows, X first (columns
// first), rows (nx/2 + 1) * ny complex values apart. Fails
// (FFT3D_ERROR_UNSUPPORTED_SIZE) where the grid has no such planes (ny or
// nz 1) or no such form fits.
std::unique_ptr<XYPass> make_real_xz_pass(const Problem& problem, const DeviceInfo& device, bool inverse) {
  const std::optional<XYVariant> v = real_xz_variant(problem, device.limits(), inverse);
  if (!v)
    fail(FFT3D_ERROR_UNSUPPORTED_SIZE, std::string("no fused XZ pass for the ") +
                                           (inverse ? "C2R inverse" : "R2C forward") + " of " + problem.str() +
                                           " (its XZ planes need a fused form of real whole rows)");
  return std::make_unique<XYPass>(problem.nx, problem.nz, problem.precision(), *v, device, 1,
                                  static_cast<int>((problem.nx / 2 + 1) * problem.ny));
}

}  // namespace

std::unique_ptr<GpuPlan> make_gpu_real_plan(const Problem& problem, const DeviceInfo& device, TuneMode mode) {
  const Precision precision = problem.precision();
  const VariantPreference preferred = variant_preference(device, precision);
  const bool grid = problem.shape == Shape::grid3d;
  const PlaneMethod planes = plane_method_from_environment();
  // Small planes as real plane rows, X and Y in one pass (automatic, or
  // forced by FFT3D_XY_PASS=plane-rows).
  std::optional<RealRowsPass> plane_rows;
  if (grid && (planes == PlaneMethod::automatic || planes == PlaneMethod::plane_rows))
    plane_rows = make_real_plane_rows_pass(problem.nx, problem.ny, problem.nz, precision, device.limits(),
                                           planes == PlaneMethod::plane_rows);
  if (grid && planes == PlaneMethod::plane_rows && !plane_rows)
    fail_without_plane_rows(problem.nx, problem.ny, precision);
  // Small YZ planes of the complex side as plane columns, Y and Z in one
  // pass (automatic, or forced by FFT3D_XY_PASS=plane-columns).
  const int half = problem.nx / 2 + 1;
  std::optional<GridPass> plane_columns;
  if (grid && !plane_rows &&
      (planes == PlaneMethod::plane_columns ||
       (planes == PlaneMethod::automatic && real_plane_columns_pay(problem, device.limits()))))
    plane_columns = plane_columns_pass(half, problem.ny, problem.nz, precision, device.limits(), preferred);
  if (grid && planes == PlaneMethod::plane_columns && !plane_columns)
    fail_without_plane_columns(problem.ny, problem.nz, precision);
  RealRowsPass x = plane_rows ? *plane_rows
                              : make_real_rows_pass(problem.nx, problem.rows(), precision, device.limits(), preferred);
  const bool row_kernel = !plane_rows && x.kernel_n > 0 && !x.is_cluster_row();
  // make_real_rows_pass takes either direction's entry whenever it is valid
  auto tuned = [&](const char* kind) {
    return valid_preference(preferred, kind, problem.nx, precision, device.limits()).has_value();
  };
  const bool x_from_wisdom = row_kernel && (tuned("real-rows") || tuned("real-rows-inverse"));
  const std::optional<XVariant> forced_x = row_kernel ? forced_real_rows(problem.nx, precision, device) : std::nullopt;
  if (forced_x) {  // both directions
    x.variant = *forced_x;
    x.inverse_variant.reset();
  }
  std::vector<GridPass> columns;
  RealXYForm forward, inverse;  // the in-place forward's and inverse's XY forms
  std::unique_ptr<XYPass> fused, fused_inverse, fused_xz, fused_xz_inverse;
  if (grid) {
    columns = plane_columns ? std::vector<GridPass>{*plane_columns}
                            : make_column_schedule(half, problem.ny, problem.nz, precision, device.limits(),
                                                   column_method_from_environment(), preferred, /*real_side=*/true);
    if (plane_rows) columns = without_y_columns(std::move(columns));
    // The split-Y schedule is complex only: real plans keep separate passes.
    // Plane rows (columns) are X and Y (Y and Z) in one pass already: no
    // fused form to choose.
    if (planes == PlaneMethod::automatic && problem.ny > 1 && !plane_rows && !plane_columns) {
      const DeviceSignature signature = signature_of(device);
      forward = automatic_real_xy_form(problem, plan_wisdom(), signature, device.limits(), mode, false);
      inverse = automatic_real_xy_form(problem, plan_wisdom(), signature, device.limits(), mode, true);
    } else if (planes == PlaneMethod::fused && problem.ny > 1) {
      forward.fused = estimate_real_xy_variant(problem.nx, problem.ny, problem.nz, precision, device.limits(), false);
      inverse.fused =
          estimate_real_xy_variant(problem.nx, problem.ny, problem.nz, precision, device.limits(), false, true);
    }
    // A forced variant replaces the fused pass of its direction, or its timing.
    if (forward.fused || inverse.fused || forward.timed || inverse.timed) {
      if (auto forced = xy_variant_from_environment(problem.nx, problem.ny, true, precision, device)) {
        RealXYForm& replaced = forced->columns_first ? inverse : forward;
        if (replaced.fused || replaced.timed) replaced = RealXYForm{*forced, false, "XY variant from FFT3D_XY_VARIANT"};
      }
    }
    // The fused pass `make` builds, or none where no such form fits or the
    // device cannot schedule it (FFT3D_ERROR_UNSUPPORTED_SIZE): separate passes.
    auto where_it_fits = [](auto make) -> std::unique_ptr<XYPass> {
      try {
        return make();
      } catch (const Error& e) {
        if (e.status() != FFT3D_ERROR_UNSUPPORTED_SIZE) throw;
      }
      return nullptr;
    };
    auto make_fused = [&](const std::optional<XYVariant>& v) {
      return where_it_fits([&]() -> std::unique_ptr<XYPass> {
        return v ? std::make_unique<XYPass>(problem.nx, problem.ny, precision, *v, device) : nullptr;
      });
    };
    if (!forward.timed) fused = make_fused(forward.fused);
    if (!inverse.timed) fused_inverse = make_fused(inverse.fused);
    if (planes == PlaneMethod::fused_xz) {
      fused_xz = make_real_xz_pass(problem, device, false);
      fused_xz_inverse = make_real_xz_pass(problem, device, true);
    } else {
      if (forward.fused_xz) fused_xz = where_it_fits([&] { return make_real_xz_pass(problem, device, false); });
      if (inverse.fused_xz) fused_xz_inverse = where_it_fits([&] { return make_real_xz_pass(problem, device, true); });
    }
  }
  const PassOrder order = pass_order_from_environment().value_or(kDefaultPassOrder);
  auto plan = std::make_unique<GpuRealPlan>(problem, std::move(x), x_from_wisdom && !forced_x, std::move(columns),
                                            std::move(fused), std::move(fused_inverse), std::move(fused_xz),
                                            std::move(fused_xz_inverse), order, device);
  if (forced_x) plan->add_note("X variant from FFT3D_X_VARIANT");
  std::vector<XYVariant> candidates[2];
  for (const RealXYForm* form : {&forward, &inverse}) {
    const bool is_inverse = form == &inverse;
    if (form->timed) candidates[is_inverse] = real_fused_candidates(problem, device.limits(), is_inverse);
  }
  // Each direction's side planes: the ESTIMATE's count for settle_side_planes,
  // and the count its fused candidates are timed beside (FFT3D_SIDE_PLANES
  // where set, as the complex plan's MEASURE does).
  const int side_estimate[2] = {
      estimate_real_side_planes(problem.nx, problem.ny, problem.nz, precision, false),
      estimate_real_side_planes(problem.nx, problem.ny, problem.nz, precision, true)};
  const std::optional<int> forced_side = side_planes_from_environment();
  std::vector<XYVariant> both = candidates[0];
  both.insert(both.end(), candidates[1].begin(), candidates[1].end());
  precompile_xy_variants(problem.nx, problem.ny, precision, both, device);
  for (const RealXYForm* form : {&forward, &inverse}) {
    const bool is_inverse = form == &inverse;
    if (form->timed)
      plan->time_xy_forms(is_inverse, candidates[is_inverse], real_xy_key(problem, is_inverse),
                          forced_side.value_or(side_estimate[is_inverse]));
    else if (!form->note.empty())
      plan->add_note(form->note);
  }
  if (grid) {  // after the XY forms: they time the plan as built
    for (int sign : {-1, +1}) {
      const std::string side =
          settle_side_planes(*plan, sign, side_estimate[sign > 0], problem.complex_side_bytes(), device, mode);
      if (!side.empty()) plan->add_note((sign < 0 ? "forward: " : "inverse: ") + side);
    }
    const std::string note = settle_dependent_launch(*plan, problem.complex_side_bytes(), device, mode);
    if (!note.empty()) plan->add_note(note);
  }
  return plan;
}

}  // namespace fft3d
