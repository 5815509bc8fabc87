#include "distributed_transform.h"

#include <algorithm>
#include <optional>

#include "h5fft_error.h"

namespace h5fft {

namespace {

Box natural_box(const fft3d_mpi_box& b, const char* which) {
  if (b.order[0] != 0 || b.order[1] != 1 || b.order[2] != 2)
    throw H5fftError(std::string("fft3d_mpi gave the ") + which + " box in a transposed order; h5fft needs x fastest");
  return Box{{b.start[0], b.start[1], b.start[2]}, {b.size[0], b.size[1], b.size[2]}};
}

// Device memory from fft3d's helpers (GPU plans take device pointers).
class DeviceBuffer {
 public:
  explicit DeviceBuffer(size_t bytes) {
    check_fft3d(fft3d_device_malloc(&ptr_, std::max<size_t>(bytes, 16)), "fft3d_device_malloc");
  }
  ~DeviceBuffer() { fft3d_device_free(ptr_); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  void* get() const { return ptr_; }

 private:
  void* ptr_ = nullptr;
};

}  // namespace

DistributedTransform::DistributedTransform(MPI_Comm comm, const Field& input, const TransformRequest& request)
    : input_(input), request_(request) {
  input_.values.clear();
  TransformFacts grid;
  set_grid(input, request, grid);
  const auto t0 = Clock::now();
  check_fft3d(fft3d_mpi_plan_create_3d(&plan_, comm, int(grid.nx), int(grid.ny), int(grid.nz),
                                       transform_type(input.precision, request.kind), plan_flags(request), nullptr),
              "fft3d_mpi_plan_create_3d");
  plan_seconds_ = seconds_since(t0);
  fft3d_mpi_box forward_in{}, forward_out{};
  check_fft3d(fft3d_mpi_local_size(plan_, &forward_in, &forward_out, &alloc_elements_), "fft3d_mpi_local_size");
  // The inverse takes the forward's output box and returns its input box.
  input_box_ = natural_box(request.inverse ? forward_out : forward_in, "input");
  output_box_ = natural_box(request.inverse ? forward_in : forward_out, "output");
  check_fft3d(fft3d_mpi_plan_get_backend(plan_, &backend_), "fft3d_mpi_plan_get_backend");
}

TransformFacts DistributedTransform::facts() const {
  TransformFacts facts;
  set_grid(input_, request_, facts);
  facts.backend = backend_name(backend_);
  facts.device = device_text(backend_);
  facts.plan = describe_text([&](char* buf, size_t len, size_t* needed) {
    return fft3d_mpi_plan_describe(plan_, buf, len, needed);
  }, "fft3d_mpi_plan_describe");
  facts.plan_seconds = plan_seconds_;
  facts.transform_seconds = transform_seconds_;
  return facts;
}

std::vector<double> DistributedTransform::execute(const std::vector<double>& input_values, const StepCheck& check) {
  return input_.precision == Precision::f32 ? execute_in<float>(input_values, check)
                                            : execute_in<double>(input_values, check);
}

// Out of place: the input box densely (real rows of nx reals, unpadded), the
// output into a buffer of alloc_elements complex values that starts with the
// output box.
template <typename Real>
std::vector<double> DistributedTransform::execute_in(const std::vector<double>& input_values, const StepCheck& check) {
  const bool complex_input = request_.kind == Kind::c2c || request_.inverse;
  const bool complex_output = request_.kind == Kind::c2c || !request_.inverse;
  const size_t out_reals = size_t(output_box_.points()) * (complex_output ? 2 : 1);
  const bool on_gpu = backend_ == FFT3D_BACKEND_GPU;
  std::vector<Real> in, out;
  std::optional<DeviceBuffer> device_in, device_out;
  check.run([&] {
    in = transform_input<Real>(input_values, input_.is_complex, complex_input);
    in.resize(std::max<size_t>(in.size(), 2));  // an empty box still passes a buffer
    out.resize(size_t(2 * std::max(alloc_elements_, 1LL)));
    if (!on_gpu) return;
    device_in.emplace(in.size() * sizeof(Real));
    device_out.emplace(out.size() * sizeof(Real));
    check_fft3d(fft3d_memcpy_to_device(device_in->get(), in.data(), in.size() * sizeof(Real)),
                "fft3d_memcpy_to_device");
  });
  const void* from = on_gpu ? device_in->get() : in.data();
  void* to = on_gpu ? device_out->get() : out.data();
  const auto t0 = Clock::now();
  // Collective; fft3d_mpi agrees on the status over the ranks.
  const fft3d_status status = request_.inverse ? fft3d_mpi_inverse_out(plan_, from, to, alloc_elements_)
                                               : fft3d_mpi_forward_out(plan_, from, to, alloc_elements_);
  transform_seconds_ = seconds_since(t0);
  check.run([&] {
    check_fft3d(status, request_.inverse ? "fft3d_mpi_inverse_out" : "fft3d_mpi_forward_out");
    if (on_gpu && out_reals > 0)
      check_fft3d(fft3d_memcpy_to_host(out.data(), device_out->get(), out_reals * sizeof(Real)),
                  "fft3d_memcpy_to_host");
  });
  return std::vector<double>(out.begin(), out.begin() + std::ptrdiff_t(out_reals));
}

}  // namespace h5fft
