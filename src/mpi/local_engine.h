// Where a distributed plan's local work runs: the 1-D / 2-D FFTs of a layout,
// the packing copies, buffers. The CPU engine uses FFTW; the GPU engine the
// library's batched 1-D GPU plans and one copy kernel. The distributed plan
// is written once against this interface.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "common/precision.h"
#include "fft3d/plan.h"
#include "mpi/box_copy.h"

namespace fft3d {
namespace mpi {

enum class MemoryKind { host, device };

// The FFTs along `axes` (forward order) of every line of a box, in place or
// from one buffer of the box's layout to another.
struct LocalFftSpec {
  Precision precision = Precision::f64;
  Box box;                    // the complex layout (x extent nx/2+1 if real)
  std::vector<int> axes;      // e.g. {x, y}: x first in the forward
  bool real = false;          // x is real <-> complex (x must be first and fastest)
  int nx = 0;                 // the real length of x when real
  bool normalize = false;     // the inverse scales by 1 / (product of the axis lengths)
  TuneMode mode = TuneMode::estimate;
};

class LocalFft {
 public:
  virtual ~LocalFft() = default;
  // sign -1 forward, +1 inverse; in == out is in place. Out of place the
  // forward leaves `in` untouched; the inverse of a real stage may overwrite
  // it (as FFTW's c2r does). padded_real_rows: the real side's x rows hold
  // 2*(nx/2+1) reals (required in place), else nx.
  virtual void run(const void* in, void* out, int sign, bool padded_real_rows) = 0;
  // Whether out of place costs an extra pass over memory (a copy, then in
  // place), so the plan should transform where the data is instead.
  virtual bool prefers_in_place() const = 0;
  virtual std::string describe() const = 0;
};

// A fixed list of box copies (one pack or unpack), ready to run.
class BoxCopies {
 public:
  virtual ~BoxCopies() = default;
  virtual void run(const void* src, void* dst) = 0;
};

class Buffer {
 public:
  virtual ~Buffer() = default;
  virtual void* data() const = 0;
};

class LocalEngine {
 public:
  virtual ~LocalEngine() = default;
  virtual MemoryKind memory() const = 0;
  virtual std::string name() const = 0;
  virtual Precision precision() const = 0;
  int element_bytes() const { return complex_bytes(precision()); }

  virtual std::unique_ptr<LocalFft> make_fft(const LocalFftSpec& spec) = 0;
  virtual std::unique_ptr<BoxCopies> make_copies(const std::vector<BoxCopy>& copies) = 0;
  virtual std::unique_ptr<Buffer> allocate(long long bytes) = 0;
  virtual void copy(void* dst, const void* src, long long bytes) = 0;
  // Throws Error(INVALID_POINTER) if p is not memory this engine works on.
  virtual void check_pointer(const void* p, const std::string& what) const = 0;
  // GPU engines queue work on a stream; the CPU engine ignores it.
  virtual void set_stream(CUstream_st* stream) = 0;
  virtual CUstream_st* stream() const = 0;
  // Waits until all work queued so far is done.
  virtual void synchronize() = 0;
};

// fftw_guru: one FFTW plan per stage over the strided lines (the default).
// rows: the GPU engine's local FFTs (rows_local_fft.h) on the CPU backend,
// to test that path without a GPU (FFT3D_MPI_CPU_LOCAL=rows).
enum class CpuLocalMethod { fftw_guru, rows };
std::unique_ptr<LocalEngine> make_cpu_engine(Precision precision, CpuLocalMethod method = CpuLocalMethod::fftw_guru);
// Throws Error(NO_DEVICE) in a build without CUDA or with no usable GPU.
std::unique_ptr<LocalEngine> make_gpu_engine(Precision precision);

}  // namespace mpi
}  // namespace fft3d
