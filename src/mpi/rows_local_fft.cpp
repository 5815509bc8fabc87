#include "mpi/rows_local_fft.h"

#include <sstream>
#include <string>
#include <vector>

#include "common/error.h"

namespace fft3d {
namespace mpi {

namespace {

void check_status(fft3d_status s, const char* call) {
  if (s != FFT3D_SUCCESS) fail(s, std::string(call) + ": " + fft3d_last_error_message());
}

// A batched 1-D plan handle that destroys itself.
class BatchedPlan {
 public:
  BatchedPlan(int n, long long rows, fft3d_type type, unsigned flags) {
    check_status(fft3d_plan_create_1d_batched(&plan_, n, rows, type, flags), "fft3d_plan_create_1d_batched");
  }
  ~BatchedPlan() { fft3d_plan_destroy(plan_); }
  BatchedPlan(const BatchedPlan&) = delete;
  BatchedPlan& operator=(const BatchedPlan&) = delete;
  fft3d_plan get() const { return plan_; }

 private:
  fft3d_plan plan_ = nullptr;
};

// One axis of a local FFT.
struct AxisPass {
  int axis = 0;
  bool contiguous = true;  // the axis is the layout's fastest
  bool real = false;       // x of a real stage
  std::unique_ptr<BatchedPlan> plan;
  std::unique_ptr<BoxCopies> to_scratch, from_scratch;  // when not contiguous
};

class RowsLocalFft final : public LocalFft {
 public:
  RowsLocalFft(const LocalFftSpec& spec, LocalEngine& engine, unsigned backend) : spec_(spec), engine_(engine) {
    if (spec_.real && (spec_.axes.empty() || spec_.axes[0] != kX || spec_.box.order[0] != kX))
      fail(FFT3D_ERROR_INTERNAL, "a real stage must transform x first with x fastest");
    if (spec_.box.empty()) return;
    const bool f32 = spec_.precision == Precision::f32;
    const unsigned flags = backend | static_cast<unsigned>(spec_.mode) | (spec_.normalize ? FFT3D_NORMALIZE : 0u);
    bool need_scratch = false;
    for (int a : spec_.axes) {
      AxisPass p;
      p.axis = a;
      p.real = spec_.real && a == kX;
      p.contiguous = spec_.box.order[0] == a;
      const int n = p.real ? spec_.nx : spec_.box.size[a];
      const long long rows = spec_.box.volume() / spec_.box.size[a];
      const fft3d_type type = p.real ? (f32 ? FFT3D_R2C_F32 : FFT3D_R2C_F64) : (f32 ? FFT3D_C2C_F32 : FFT3D_C2C_F64);
      // Each plan normalises by its own length: together 1 / (product).
      p.plan = std::make_unique<BatchedPlan>(n, rows, type, flags);
      if (!p.contiguous) {
        Box t = spec_.box;  // the same points with this axis fastest
        t.order[0] = a;
        int k = 1;
        for (int b : spec_.box.order)
          if (b != a) t.order[static_cast<size_t>(k++)] = b;
        p.to_scratch = engine_.make_copies({make_box_copy(spec_.box, 0, t, 0, spec_.box)});
        p.from_scratch = engine_.make_copies({make_box_copy(t, 0, spec_.box, 0, spec_.box)});
        need_scratch = true;
      }
      passes_.push_back(std::move(p));
    }
    if (need_scratch) scratch_ = engine_.allocate(bytes());
  }

  void run(const void* in, void* out, int sign, bool padded) override {
    if (spec_.box.empty()) return;
    void* const in_mut = const_cast<void*>(in);
    // Out of place onto unpadded real rows, the inverse keeps its complex
    // data in `in` (which it may overwrite) until the final c2r moves it.
    const bool keep_in_input = spec_.real && sign > 0 && !padded && in != out;
    void* cur = in_mut;
    auto each = [&](AxisPass& p) {
      if (p.real) {
        run_real(p, cur, out, sign, padded);
        cur = out;
        return;
      }
      void* target = keep_in_input ? in_mut : out;
      if (p.contiguous) {
        if (cur != target) engine_.copy(target, cur, bytes());
        execute_in_place(p, target, sign);
      } else {
        p.to_scratch->run(cur, scratch_->data());
        execute_in_place(p, scratch_->data(), sign);
        p.from_scratch->run(scratch_->data(), target);
      }
      cur = target;
    };
    if (sign < 0)
      for (auto& p : passes_) each(p);
    else
      for (auto it = passes_.rbegin(); it != passes_.rend(); ++it) each(*it);
    if (cur != out) engine_.copy(out, cur, bytes());
  }

  bool prefers_in_place() const override { return true; }  // out of place is a copy first

  std::string describe() const override {
    std::ostringstream s;
    s << "batched 1-D plans along";
    for (const auto& p : passes_) s << ' ' << "xyz"[p.axis] << (p.contiguous ? "" : " (via transpose)");
    s << " of " << spec_.box.str();
    return s.str();
  }

 private:
  long long bytes() const { return spec_.box.volume() * engine_.element_bytes(); }

  void execute_in_place(const AxisPass& p, void* data, int sign) {
    check_status(sign < 0 ? fft3d_forward_on_stream(p.plan->get(), data, engine_.stream())
                          : fft3d_inverse_on_stream(p.plan->get(), data, engine_.stream()),
                 "batched 1-D transform");
  }

  // The real axis. In place needs padded rows; out of place the library's
  // real plans read or write unpadded rows, so padded rows out of place are
  // copied over first (they take as many bytes as the complex side) and
  // transformed in place.
  void run_real(const AxisPass& p, void* cur, void* out, int sign, bool padded) {
    if (cur == out || padded) {
      if (cur != out) engine_.copy(out, cur, bytes());
      execute_in_place(p, out, sign);
      return;
    }
    check_status(fft3d_set_stream(p.plan->get(), engine_.stream()), "fft3d_set_stream");
    check_status(sign < 0 ? fft3d_forward_out(p.plan->get(), cur, out) : fft3d_inverse_out(p.plan->get(), cur, out),
                 "batched 1-D real transform");
  }

  LocalFftSpec spec_;
  LocalEngine& engine_;
  std::vector<AxisPass> passes_;
  std::unique_ptr<Buffer> scratch_;
};

}  // namespace

std::unique_ptr<LocalFft> make_rows_local_fft(const LocalFftSpec& spec, LocalEngine& engine, unsigned backend) {
  return std::make_unique<RowsLocalFft>(spec, engine, backend);
}

}  // namespace mpi
}  // namespace fft3d
