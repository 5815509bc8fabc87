// Which transports this build and this MPI library offer, and the choice
// for a plan. The compile-time switches of the MPI layer live here.
#include <mpi.h>

#include <climits>

#if __has_include(<mpi-ext.h>)
#include <mpi-ext.h>  // Open MPI: MPIX_Query_cuda_support
#endif

#include "common/error.h"
#include "mpi/transport.h"

namespace fft3d {
namespace mpi {

const char* transport_name(TransportKind kind) {
  switch (kind) {
    case TransportKind::host: return "host";
    case TransportKind::nccl: return "nccl";
    case TransportKind::gpu_aware: return "gpu-aware";
  }
  return "unknown";
}

bool nccl_transport_built() {
#ifdef FFT3D_MPI_HAVE_NCCL
  return true;
#else
  return false;
#endif
}

bool mpi_reports_cuda_support() {
#if defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
  return MPIX_Query_cuda_support() == 1;
#else
  return false;
#endif
}

TransportKind choose_transport(fft3d_mpi_transport requested, MemoryKind memory) {
  const bool device = memory == MemoryKind::device;
  switch (requested) {
    case FFT3D_MPI_TRANSPORT_AUTO:
      if (!device) return TransportKind::host;
      if (nccl_transport_built()) return TransportKind::nccl;
      return mpi_reports_cuda_support() ? TransportKind::gpu_aware : TransportKind::host;
    case FFT3D_MPI_TRANSPORT_HOST: return TransportKind::host;
    case FFT3D_MPI_TRANSPORT_NCCL:
      if (!device) fail(FFT3D_ERROR_INVALID_ARGUMENT, "the NCCL transport needs a GPU plan");
      if (!nccl_transport_built())
        fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "this build has no NCCL transport (nccl.h was not found at configure time)");
      return TransportKind::nccl;
    case FFT3D_MPI_TRANSPORT_GPU_AWARE:
      if (!device) fail(FFT3D_ERROR_INVALID_ARGUMENT, "the GPU-aware MPI transport needs a GPU plan");
      if (!mpi_reports_cuda_support())
        fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "the MPI library does not report CUDA support (MPIX_Query_cuda_support)");
      return TransportKind::gpu_aware;
  }
  fail(FFT3D_ERROR_INVALID_ARGUMENT, "unknown transport " + std::to_string(static_cast<int>(requested)));
}

PipelineKind pipeline_kind(TransportKind kind, MemoryKind memory) {
  if (kind == TransportKind::nccl) return PipelineKind::stream;
  if (kind == TransportKind::host && memory == MemoryKind::device) return PipelineKind::none;  // staging
  return PipelineKind::host_mpi;
}

void Transport::exchange_pieces(const std::vector<PieceTraffic>&, const PieceSlots&, PieceWork&, CUstream_st*) {
  fail(FFT3D_ERROR_INTERNAL, name() + " has no pipelined exchange");
}

std::unique_ptr<Transport> make_transport(TransportKind kind, MemoryKind memory, MPI_Comm group, int element_bytes,
                                          long long max_elements) {
  const bool pairwise = max_elements > INT_MAX;
  const long long chunk = 1LL << 30;
  if (kind == TransportKind::nccl) return make_nccl_transport(group, element_bytes);
  if (kind == TransportKind::gpu_aware) return make_mpi_transport(group, element_bytes, true, pairwise, chunk);
  if (memory == MemoryKind::device) return make_staging_transport(group, element_bytes, max_elements);
  return make_mpi_transport(group, element_bytes, false, pairwise, chunk);
}

#ifndef FFT3D_MPI_HAVE_CUDA
std::unique_ptr<Transport> make_staging_transport(MPI_Comm, int, long long) {
  fail(FFT3D_ERROR_NO_DEVICE, "this build has no GPU support");
}
#endif

#ifndef FFT3D_MPI_HAVE_NCCL
std::unique_ptr<Transport> make_nccl_transport(MPI_Comm, int) {
  fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "this build has no NCCL transport");
}
#endif

}  // namespace mpi
}  // namespace fft3d
