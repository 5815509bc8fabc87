#include "mpi/agreement.h"

#include <new>

#include "common/error.h"
#include "mpi/mpi_check.h"

namespace fft3d {
namespace mpi {

void agree(MPI_Comm comm, const std::function<void()>& body) {
  fft3d_status mine = FFT3D_SUCCESS;
  std::string message;
  try {
    body();
  } catch (const Error& e) {
    mine = e.status();
    message = e.what();
  } catch (const std::bad_alloc&) {
    mine = FFT3D_ERROR_OUT_OF_MEMORY;
    message = "out of host memory";
  } catch (const std::exception& e) {
    mine = FFT3D_ERROR_INTERNAL;
    message = std::string("internal error: ") + e.what();
  } catch (...) {
    mine = FFT3D_ERROR_INTERNAL;
    message = "internal error: unknown exception";
  }
  int worst = static_cast<int>(mine);
  FFT3D_MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &worst, 1, MPI_INT, MPI_MAX, comm));
  if (mine != FFT3D_SUCCESS) fail(mine, message);
  if (worst != FFT3D_SUCCESS) {
    const auto status = static_cast<fft3d_status>(worst);
    fail(status, std::string("failed on another rank (") + fft3d_error_string(status) + ")");
  }
}

void agree_values(MPI_Comm comm, const std::vector<NamedValue>& values) {
  // One reduction gives each minimum and (negated) maximum.
  std::vector<long long> v;
  for (const NamedValue& n : values) v.push_back(n.value);
  for (const NamedValue& n : values) v.push_back(-n.value);
  FFT3D_MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, v.data(), static_cast<int>(v.size()), MPI_LONG_LONG, MPI_MIN, comm));
  const size_t n = values.size();
  for (size_t i = 0; i < n; ++i)
    if (v[i] != -v[n + i])
      fail(FFT3D_ERROR_INVALID_ARGUMENT, std::string("ranks disagree on ") + values[i].name + " (from " +
                                             std::to_string(v[i]) + " to " + std::to_string(-v[n + i]) + ")");
}

}  // namespace mpi
}  // namespace fft3d
