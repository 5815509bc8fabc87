#include "distributed_main.h"

#include <mpi.h>

#include <exception>
#include <iostream>
#include <optional>

#include "h5_handle.h"
#include "h5fft_error.h"
#include "options.h"
#include "rank_agreement.h"
#include "run_distributed.h"

namespace h5fft {

namespace {

// MPI_Init on construction, MPI_Finalize on destruction (after every HDF5
// object and fft3d_mpi plan is gone).
class MpiSession {
 public:
  MpiSession(int* argc, char*** argv) { check_mpi(MPI_Init(argc, argv), "MPI_Init"); }
  ~MpiSession() { MPI_Finalize(); }
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;
};

void print_error(const std::exception& e) { std::cerr << "h5fft: error: " << e.what() << std::endl; }

}  // namespace

int distributed_main(int argc, char** argv) {
  MpiSession mpi(&argc, &argv);
  const RankAgreement ranks(MPI_COMM_WORLD);
  const bool root = ranks.rank() == 0;
  Options o;
  try {
    // The same command line on every rank: the same outcome, printed once.
    if (const std::optional<int> status = parse_options(argc, argv, o, !root)) return *status;
  } catch (const H5fftError& e) {
    if (root) print_error(e);
    return e.exit_status();
  }
  silence_hdf5_errors();
  try {
    run_distributed(o, ranks);
    return kOk;
  } catch (const AgreedError& e) {
    if (root) print_error(e);
    return e.exit_status();
  } catch (const std::exception& e) {
    // Only this rank failed, and the others may be waiting for it in a
    // collective call: end the whole job.
    std::cerr << "h5fft: error on rank " << ranks.rank() << ": " << e.what() << std::endl;
    const H5fftError* h5 = dynamic_cast<const H5fftError*>(&e);
    MPI_Abort(MPI_COMM_WORLD, h5 ? h5->exit_status() : kFailed);
    return kFailed;
  }
}

}  // namespace h5fft
