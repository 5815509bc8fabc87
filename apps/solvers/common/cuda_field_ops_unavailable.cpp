// Built instead of cuda_field_ops.cu when there is no CUDA toolkit: the
// solvers then run on the CPU backend only.
#include <stdexcept>

#include "field_ops.h"

namespace solvers {

bool cuda_device_available() { return false; }

template <typename Real>
std::unique_ptr<FieldOps<Real>> make_cuda_field_ops(const Grid&) {
  throw std::runtime_error("the solvers were built without CUDA");
}

template std::unique_ptr<FieldOps<float>> make_cuda_field_ops<float>(const Grid&);
template std::unique_ptr<FieldOps<double>> make_cuda_field_ops<double>(const Grid&);

}  // namespace solvers
