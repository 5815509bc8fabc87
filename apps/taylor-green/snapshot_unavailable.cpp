// Built instead of snapshot_hdf5.cpp when CMake finds no HDF5.
#include <stdexcept>

#include "snapshot.h"

namespace taylor_green {

bool snapshots_available() { return false; }

template <typename Real>
void write_snapshot(const std::string&, const solvers::Grid&, double, long long, double,
                    const std::array<std::vector<Real>, 3>&) {
  throw std::runtime_error("taylor-green was built without HDF5: no snapshots");
}

template void write_snapshot<float>(const std::string&, const solvers::Grid&, double, long long, double,
                                    const std::array<std::vector<float>, 3>&);
template void write_snapshot<double>(const std::string&, const solvers::Grid&, double, long long, double,
                                     const std::array<std::vector<double>, 3>&);

}  // namespace taylor_green
