#include "rank_device.h"

#include <string>

#include "h5fft_error.h"
#include "rank_agreement.h"

#if H5FFT_HAVE_CUDA
#include <cuda_runtime_api.h>
#endif

namespace h5fft {

void select_device_for_rank(MPI_Comm comm) {
  // The rank among those sharing this node.
  int rank = 0, local_rank = 0;
  MPI_Comm node = MPI_COMM_NULL;
  check_mpi(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
  check_mpi(MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node), "MPI_Comm_split_type");
  const int ranked = MPI_Comm_rank(node, &local_rank);
  MPI_Comm_free(&node);
  check_mpi(ranked, "MPI_Comm_rank");
#if H5FFT_HAVE_CUDA
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    cudaGetLastError();  // no driver or no device: the CPU it is
    return;
  }
  const cudaError_t set = cudaSetDevice(local_rank % devices);
  if (set != cudaSuccess)
    throw H5fftError("cannot select GPU " + std::to_string(local_rank % devices) + " for rank " +
                     std::to_string(rank) + ": " + cudaGetErrorString(set));
#else
  (void)local_rank;
#endif
}

}  // namespace h5fft
