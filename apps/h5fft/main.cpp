// h5fft: the 3-D FFT of one HDF5 dataset, written to a new HDF5 file.
//
//   h5fft --input FILE --dataset PATH --output FILE [--out-dataset PATH]
//         [--inverse] [--type c2c|r2c] [--normalize] [--backend auto|cpu|gpu]
//         [--nx N] [--force]
//   mpirun -np P h5fft ...   (built with the parallel HDF5 and fft3d_mpi)
//
// Reads a 3-D float or double dataset, real or complex, transforms it with
// fft3d (on the GPU when there is one, else FFTW; --backend chooses), and
// writes the result with attributes saying what was done. Dataset dims
// [nz][ny][nx] are the grid (nx, ny, nz) with x fastest (field.h). Under
// mpirun every rank reads, transforms and writes only its own box
// (run_distributed.h). Exit status: 0 done, 1 an error with the data or
// files, 2 a command line that cannot work. The output appears only when
// complete, and never replaces an existing file (the input least of all)
// without --force.
#include <exception>
#include <iostream>
#include <optional>

#include "h5_handle.h"
#include "h5fft_error.h"
#include "launcher.h"
#include "options.h"
#include "run_alone.h"
#if H5FFT_DISTRIBUTED
#include "distributed_main.h"
#endif

namespace {

int run_alone_main(int argc, char** argv) {
  try {
    h5fft::Options o;
    if (const std::optional<int> status = h5fft::parse_options(argc, argv, o, false)) return *status;
    h5fft::silence_hdf5_errors();
    h5fft::run_alone(o);
    return h5fft::kOk;
  } catch (const h5fft::H5fftError& e) {
    std::cerr << "h5fft: error: " << e.what() << std::endl;
    return e.exit_status();
  } catch (const std::exception& e) {
    std::cerr << "h5fft: error: " << e.what() << std::endl;
    return h5fft::kFailed;
  }
}

}  // namespace

int main(int argc, char** argv) {
  const h5fft::LaunchedRanks launched = h5fft::launched_ranks();
#if H5FFT_DISTRIBUTED
  if (launched.ranks > 0) return h5fft::distributed_main(argc, argv);
#else
  // Each rank would read the whole input and write the whole output.
  if (launched.ranks > 1) {
    if (launched.rank == 0)
      std::cerr << "h5fft: error: started as " << launched.ranks << " MPI ranks, but this h5fft runs on one "
                << "process only: " << H5FFT_WHY_NOT_DISTRIBUTED << ". Run it without mpirun, or rebuild fft3d "
                << "with the parallel HDF5 (libhdf5-openmpi-dev) and MPI." << std::endl;
    return h5fft::kUsage;
  }
#endif
  return run_alone_main(argc, argv);
}
