#include "engine.h"

#include <cstdlib>
#include <stdexcept>

namespace solvers {

Backend parse_backend(const std::string& name) {
  if (name == "auto") return Backend::automatic;
  if (name == "cpu") return Backend::cpu;
  if (name == "gpu") return Backend::gpu;
  throw std::invalid_argument("backend must be auto, cpu or gpu, not '" + name + "'");
}

namespace {

bool environment_asks_for_cpu() {
  const char* env = std::getenv("FFT3D_BACKEND");
  return env && std::string(env) == "cpu";
}

}  // namespace

template <typename Real>
Engine<Real> Engine<Real>::create(const Grid& grid, Backend choice, unsigned tune) {
  const fft3d_type type = sizeof(Real) == sizeof(float) ? FFT3D_R2C_F32 : FFT3D_R2C_F64;
  const unsigned flags = tune | FFT3D_NORMALIZE;
  std::string notice;
  const bool try_gpu = choice == Backend::gpu ||
                       (choice == Backend::automatic && !environment_asks_for_cpu() && cuda_device_available());
  if (try_gpu) {
    if (!cuda_device_available()) throw std::runtime_error("--backend gpu: no usable CUDA device in this build");
    try {
      fft3d::Plan plan = fft3d::Plan::grid3d(grid.nx, grid.ny, grid.nz, type, flags | FFT3D_BACKEND_GPU);
      plan.set_stream(nullptr);  // the legacy default stream, where the field kernels run
      return Engine(make_cuda_field_ops<Real>(grid), std::move(plan), "");
    } catch (const fft3d::Error& e) {
      const bool fall_back = choice == Backend::automatic && (e.status() == FFT3D_ERROR_UNSUPPORTED_SIZE ||
                                                               e.status() == FFT3D_ERROR_NO_DEVICE);
      if (!fall_back) throw;
      notice = std::string("notice: no fft3d GPU plan for this grid (") + e.what() + "), running on the CPU backend";
    }
  }
  fft3d::Plan plan = fft3d::Plan::grid3d(grid.nx, grid.ny, grid.nz, type, flags | FFT3D_BACKEND_CPU);
  return Engine(make_cpu_field_ops<Real>(grid), std::move(plan), notice);
}

template <typename Real>
template <class F>
void Engine<Real>::timed(std::initializer_list<Real*> fields, F transform) {
  ops_->synchronize();  // earlier kernels are not transform time
  Stopwatch clock;
  for (Real* f : fields) transform(f);
  ops_->synchronize();
  seconds_ += clock.seconds();
  count_ += static_cast<long long>(fields.size());
}

template <typename Real>
void Engine<Real>::forward(std::initializer_list<Real*> fields) {
  timed(fields, [this](Real* f) { plan_.forward(static_cast<void*>(f)); });
}

template <typename Real>
void Engine<Real>::inverse(std::initializer_list<Real*> fields) {
  timed(fields, [this](Real* f) { plan_.inverse(static_cast<void*>(f)); });
}

template class Engine<float>;
template class Engine<double>;

}  // namespace solvers
