// Wisdom the library ships, like FFTW's system wisdom: the tuner's verdicts
// for the benchmark sweep's cubes on the GPUs they were measured on
// (wisdom/*.json, embedded at build time; docs/TUNING.md says how they are
// made). An ESTIMATE plan of a grid for which it holds a whole-plan verdict
// on a GPU of the same model is built as the tuner built it there
// (make_gpu_plan), unless the process's own wisdom has a verdict for that
// grid or the environment forces the XY form. The process's wisdom is not
// changed: exports and fft3d_wisdom_forget leave the shipped entries out.
// FFT3D_BUILTIN_WISDOM=0 turns it off (A/B against the heuristics).
#pragma once
#include <memory>

#include "tune/wisdom.h"

namespace fft3d {

// One embedded file: its name under wisdom/ and its JSON text.
struct BuiltinWisdomFile {
  const char* name;
  const char* text;
};
extern const BuiltinWisdomFile kBuiltinWisdomFiles[];
extern const int kBuiltinWisdomFileCount;

// The embedded files' entries, parsed once. A file that does not parse is
// left out (a test checks that every one parses).
const Wisdom& builtin_wisdom();

// False where FFT3D_BUILTIN_WISDOM is "0".
bool builtin_wisdom_enabled();

// The same GPU model: name, SM count and compute capability. Driver and
// runtime versions may differ, unlike for the process's own wisdom.
bool same_gpu_model(const DeviceSignature& a, const DeviceSignature& b);

// The wisdom an ESTIMATE plan of one grid is built from on `device`, where
// it is not `own` alone: `builtin`'s entries for this GPU model, signed as
// `device`, under `own`'s (which win where both hold a key). Nothing
// (nullptr) where `own` holds the grid's whole-plan verdict (`verdict_key`,
// a "plan-source" key) or `builtin` holds none for this model.
std::unique_ptr<Wisdom> wisdom_with_builtin(const Wisdom& own, const Wisdom& builtin, const DeviceSignature& device,
                                          const PassKey& verdict_key);

}  // namespace fft3d
