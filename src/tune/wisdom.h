// Wisdom: the kernel variants that won for a problem on a GPU, kept as
// human-readable JSON so a plan made again (in this or a later process)
// skips the search. Entries are keyed by the GPU (name, SM count, compute
// capability, driver and runtime versions) and by the pass (kind, length,
// precision, element stride); entries of other GPUs are kept but never used.
// Like FFTW's, an import that fails leaves the current wisdom untouched.
#pragma once
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "common/precision.h"

namespace fft3d {

struct DeviceSignature {
  std::string name;
  int sm_count = 0, cc_major = 0, cc_minor = 0, driver = 0, runtime = 0;
  bool operator==(const DeviceSignature& o) const;
};

struct PassKey {
  // "rows" (X), "real-rows" / "real-rows-inverse" (X of real data, n = nx:
  // the R2C forward's, and the C2R inverse's where tuned apart), "columns" (Y, Z
  // one-pass), "five-step" (Y, Z in two register passes: present where
  // the tuner found it faster than one pass), "xy-plane": how a 3-D plan
  // transforms X and Y, fused (the XYVariant name), "separate", "split-y"
  // (the split-Y schedule), "plane-rows", "fused-xz" (X and Z fused over
  // the XZ planes, then Y) or "plane-columns" (X, then Y and Z as plane
  // columns), as timed
  // for `planes` planes of n x ny, "xy-real-forward" / "xy-real-inverse":
  // the same for an in-place R2C forward / C2R inverse (n = nx reals per
  // row; a fused variant of real rows, or "separate"), or "pass-order": the
  // order its passes walk the volume, "in-order" or "alternating"
  // (fft3d/pass_order.h), keyed like xy-plane, or "dependent-launch" /
  // "dependent-launch-real": whether a complex / real plan launches its
  // kernels as programmatic dependents, "on" or "off"
  // (tune/dependent_launch_choice.h), keyed the same, or "side-planes" /
  // "side-planes-real" / "side-planes-real-inverse": how many planes a
  // complex plan's fused pass / the R2C forward's / the C2R inverse's leaves
  // to separate passes beside it (tune/side_planes_choice.h), keyed the same,
  // or "plan-source" / "plan-source-real": whether a complex / real plan is
  // built from the tuned variants or as ESTIMATE builds it without wisdom,
  // "tuned" or "estimate" (tune/plan_source_choice.h), keyed the same.
  std::string kind;
  int n = 0;
  Precision precision = Precision::f32;
  // Elements between a column's points: the Y or Z pass it was tuned in. 0:
  // any geometry (the variant a plan uses for every pass of this kind and
  // length; files without the field have only these).
  long long stride = 0;
  int ny = 0;            // the grid kinds only (xy-plane, xy-real-*, pass-order, ...)
  long long planes = 0;  // the grid kinds only
  bool operator==(const PassKey& o) const;
};

// The xy-plane verdict's value for separate X and Y passes, for the
// split-Y schedule, for plane rows, for the fused XZ schedule and for
// plane columns (fft3d/grid_schedule.h).
constexpr const char* kSeparateXY = "separate";
constexpr const char* kSplitXY = "split-y";
constexpr const char* kPlaneRowsXY = "plane-rows";
constexpr const char* kFusedXZ = "fused-xz";
constexpr const char* kPlaneColumnsYZ = "plane-columns";

struct WisdomEntry {
  DeviceSignature device;
  PassKey pass;
  std::string variant;  // an XVariant, five-step or XYVariant name, kSeparateXY, kSplitXY, kPlaneRowsXY, kFusedXZ,
                        // kPlaneColumnsYZ or a pass order
  double ms = 0;        // its measured time (informative)
};

class Wisdom {
 public:
  // Replace-or-add the entry for (device, pass).
  void remember(const WisdomEntry& entry);
  std::optional<std::string> lookup(const DeviceSignature& device, const PassKey& pass) const;
  // Removes the entry for (device, pass), if any.
  void erase(const DeviceSignature& device, const PassKey& pass);
  void forget();
  size_t size() const;
  std::vector<WisdomEntry> entries() const;  // a copy, in insertion order

  // Adds the entries of a JSON text (later entries win); throws
  // Error(FFT3D_ERROR_WISDOM) naming the problem, and changes nothing then.
  void import_json(const std::string& text);
  std::string export_json() const;
  void import_file(const std::string& path);
  // Written to a temporary file in the same folder, then renamed, so that
  // concurrent writers never leave a torn file.
  void export_file(const std::string& path) const;

 private:
  mutable std::mutex mutex_;
  std::vector<WisdomEntry> entries_;
};

// The process's wisdom; the file named by FFT3D_WISDOM is imported at first
// use (a file that fails to import is ignored, as if absent).
Wisdom& process_wisdom();

}  // namespace fft3d
