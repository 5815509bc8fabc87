// What the GPU backend's plans share (gpu_plan.cpp: complex, gpu_real_plan.cpp:
// real): the GpuPlan base, pass construction, normalisation, and where
// kernel variants come from (environment, wisdom, estimate).
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "fft3d/grid_schedule.h"
#include "fft3d/plan.h"
#include "gpu/device.h"
#include "gpu/device_buffer.h"
#include "gpu/gpu_pass.h"
#include "tune/wisdom.h"
#include "xy/xy_variant.h"

namespace fft3d {

// Device memory only, aligned to one complex value; copies on the device.
class GpuPlan : public Plan {
 public:
  GpuPlan(const Problem& problem, const DeviceInfo& device) : Plan(problem), device_(device) {}

  unsigned backend() const override { return FFT3D_BACKEND_GPU; }
  void check_pointer(const void* data) const override;
  void copy(void* out, const void* in, CUstream_st* stream) override;

  // Every pass launched as a programmatic dependent (gpu/dependent_launch.h) or not.
  virtual void set_dependent_launch(bool on) = 0;

  // Whether the fused XY pass of the in-place transform in direction `sign`
  // may leave planes to separate passes beside it (GridPass::side), and
  // leaving `planes` to them (0: none). Plans without such a pass have no
  // choice.
  virtual bool has_side_planes_choice(int /*sign*/) const { return false; }
  virtual void set_side_planes(int /*sign*/, int /*planes*/) {}

  // Whether the ESTIMATE launches the plan's passes as programmatic
  // dependents beyond L2 too (dependent_launch_pays): complex plans whose
  // passes all run on one stream (a fused XY pass over whole planes that
  // leaves none to side passes, or separate passes only), real plans of
  // separate passes only.
  virtual bool dependent_beyond_l2() const { return false; }

  // The passes and how they run (describe_passes), then the notes.
  std::string describe() const final;
  // The description without the notes on how the plan was chosen: plans
  // with the same text run the same kernels.
  virtual std::string describe_passes() const = 0;

  // A line the description ends with (how the plan was chosen).
  void add_note(std::string note) { notes_.push_back(std::move(note)); }

 protected:
  DeviceInfo device_;
  std::vector<std::string> notes_;
};

// The wisdom GPU plans are built from: the process's, or an empty one on
// this thread while a WisdomSetAside lives there, or another while a
// WisdomInUse does. The plan builders read wisdom in many places; the
// whole-plan check (with_plan_source_checked in gpu_plan.cpp) sets it aside
// to build the plan ESTIMATE makes without any, and an ESTIMATE plan of a
// grid the shipped wisdom knows uses that (tune/builtin_wisdom.h).
Wisdom& plan_wisdom();

class WisdomInUse {
 public:
  explicit WisdomInUse(Wisdom* wisdom);  // nullptr: plan_wisdom() stays as it is
  ~WisdomInUse();
  WisdomInUse(const WisdomInUse&) = delete;
  WisdomInUse& operator=(const WisdomInUse&) = delete;

 private:
  Wisdom* outer_;
};

// An empty wisdom in use: the plan ESTIMATE builds without any.
class WisdomSetAside {
  Wisdom empty_;  // declared first: in_use_ points plan_wisdom() at it
  WisdomInUse in_use_{&empty_};
};

// While one lives on this thread, the plans built there run every column
// pass on the wisdom entry of its length (stride 0), not its own stride's:
// the whole-plan check's shared columns (tune/plan_source_choice.h).
class OwnColumnsSetAside {
 public:
  OwnColumnsSetAside();
  ~OwnColumnsSetAside();
  OwnColumnsSetAside(const OwnColumnsSetAside&) = delete;
  OwnColumnsSetAside& operator=(const OwnColumnsSetAside&) = delete;

 private:
  bool outer_;
};

// Scratch data for timing plans under MEASURE: `bytes` of finite values
// (the FFT's speed does not depend on them).
DeviceBuffer timing_scratch(long long bytes);

// Median time of `plan` transforming `data` in place in direction `sign`,
// after warm-up, with CUDA events.
double median_execute_ms(Plan& plan, void* data, int sign, cudaStream_t stream);

// Whether a 3-D plan launches its kernels as programmatic dependents
// (choose_dependent_launch): forced by FFT3D_PDL, from wisdom, under MEASURE
// and EXHAUSTIVE its in-place forward timed both ways on scratch data of
// `bytes` (the verdict to wisdom), else the rule (dependent_launch_pays).
// The choice is applied to the plan, and its note returned (empty for the
// rule, but for its case beyond L2).
std::string settle_dependent_launch(GpuPlan& plan, long long bytes, const DeviceInfo& device, TuneMode mode);

// The side planes of a 3-D plan's direction `sign` where it has that
// choice (choose_side_planes): forced by FFT3D_SIDE_PLANES, from wisdom,
// under MEASURE and EXHAUSTIVE its in-place transform timed with each
// candidate count on scratch data of `bytes` (the verdict to wisdom), else
// `estimate`. The choice is applied to the plan, and its note returned
// (empty for the estimate).
std::string settle_side_planes(GpuPlan& plan, int sign, int estimate, long long bytes, const DeviceInfo& device,
                               TuneMode mode);

// FFT3D_X_VARIANT (an X variant name, for experiments) where it names rows
// of the asked kind: real rows (.real-*) for real plans, complex rows for
// the others; nothing where unset or of the other kind.
std::optional<XVariant> x_variant_from_environment(bool real);

// 1/N for a normalised inverse, else 1: applied as the last pass stores.
double normalisation(const Problem& p, int sign);

// One compiled pass (X-kernel, five-step, long columns, cluster rows, fused
// XY) per schedule entry, walking its blocks as the entry's reversed flags
// say (set_direction).
std::vector<std::unique_ptr<GpuPass>> make_gpu_passes(const std::vector<GridPass>& schedule, Precision precision,
                                                      const DeviceInfo& device);

// X pass `rows` (compiled as `pass`) from `in` to `out` (equal: in place),
// whichever form it takes: one pass, cluster rows or long rows.
void run_rows_out(const GridPass& rows, const GpuPass& pass, const void* in, void* out, int sign,
                  cudaStream_t stream, double scale);

// Makes `pass`, compiled for `p`, walk its blocks as p.reversed (and, five-step,
// p.reversed_b) say; the fused XY pass is never reversed.
void set_direction(const GridPass& p, GpuPass& pass);

DeviceSignature signature_of(const DeviceInfo& device);

// The variants a plan takes before its ESTIMATE: those FFT3D_X_VARIANT and
// FFT3D_COLUMN_VARIANT force (with_forced_variants), else those the
// plan wisdom holds for this GPU, five-step verdicts included
// (wisdom_variants; own strides' entries unless an OwnColumnsSetAside lives
// on this thread); a wisdom name that no longer parses is ignored.
VariantPreference variant_preference(const DeviceInfo& device, Precision precision);

// FFT3D_SIDE_PLANES=k (for experiments): the last k planes of a fused pass
// to separate passes beside it (0: none), instead of the chosen count.
std::optional<int> side_planes_from_environment();

// FFT3D_L2_STREAMING=0|1 (for experiments): whether a transform's last
// pass streams through L2 (set_last_pass_streaming); nothing where unset.
std::optional<bool> l2_streaming_from_environment();

// Whether a plan streams its last pass through L2, on a device with L2
// cache policies (sm_80 and later): as FFT3D_L2_STREAMING says, else as
// streams_last_pass decides for `bytes` of data after a fused pass or not.
bool last_pass_streams(const DeviceInfo& device, bool after_fused_pass, long long bytes);

// FFT3D_LONG_COLUMN_WORK_MB=M (for experiments): long-column passes get a
// workspace budget of M MiB instead of the ESTIMATE's (kLongColumnWorkBytes).
LongColumnVariant with_long_column_work_from_environment(LongColumnVariant v);

// FFT3D_COLUMN_METHOD=one-pass|five-step|long forces how Y and Z columns
// are transformed (for experiments and side-by-side schedules).
ColumnMethod column_method_from_environment();

// FFT3D_ROW_METHOD=one-pass|cluster|long forces how X rows of complex
// plans (3-D and batched 1-D) are transformed (for experiments).
RowMethod row_method_from_environment();

// FFT3D_ROW_CLUSTER=C (for experiments): batched 1-D plans of cluster rows
// take clusters of C blocks (0 or unset: the ESTIMATE's).
int row_cluster_from_environment();

// FFT3D_XY_PASS=fused|separate|split|plane-rows|fused-xz|plane-columns|automatic
// forces how X and Y are transformed.
PlaneMethod plane_method_from_environment();

// FFT3D_XY_VARIANT (an XY variant name, for experiments) replaces a fused
// pass's ESTIMATE variant for planes of nx by ny (real: nx real values per
// row, R2C forward), where it is a variant of that kind (complex or real
// rows); Error(INVALID_ARGUMENT) where it is not valid for those planes.
std::optional<XYVariant> xy_variant_from_environment(int nx, int ny, bool real, Precision precision,
                                                     const DeviceInfo& device);

// Whether the environment forces the XY form: FFT3D_XY_PASS other than
// automatic, or FFT3D_XY_VARIANT set (shipped wisdom then stays out: its
// verdicts belong to the plan they were measured with).
bool xy_form_forced_by_environment();

// Real-to-complex plans (R2C forward, C2R inverse): 3-D grids and batched
// rows. MEASURE and EXHAUSTIVE time a grid's fused XY passes against
// separate ones where wisdom has no verdict yet.
std::unique_ptr<GpuPlan> make_gpu_real_plan(const Problem& problem, const DeviceInfo& device, TuneMode mode);

}  // namespace fft3d
