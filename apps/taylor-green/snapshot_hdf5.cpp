#include <hdf5.h>

#include <stdexcept>
#include <type_traits>

#include "snapshot.h"

namespace taylor_green {

namespace {

// Closes an HDF5 handle when it goes out of scope.
class Handle {
 public:
  Handle(hid_t id, herr_t (*close)(hid_t), const char* what) : id_(id), close_(close) {
    if (id < 0) throw std::runtime_error(std::string("HDF5: ") + what + " failed");
  }
  ~Handle() { close_(id_); }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  operator hid_t() const { return id_; }

 private:
  hid_t id_;
  herr_t (*close_)(hid_t);
};

void check(herr_t status, const char* what) {
  if (status < 0) throw std::runtime_error(std::string("HDF5: ") + what + " failed");
}

template <typename T>
void attribute(hid_t file, const char* name, hid_t type, T value) {
  Handle space(H5Screate(H5S_SCALAR), H5Sclose, "H5Screate");
  Handle attr(H5Acreate2(file, name, type, space, H5P_DEFAULT, H5P_DEFAULT), H5Aclose, "H5Acreate2");
  check(H5Awrite(attr, type, &value), "H5Awrite");
}

}  // namespace

bool snapshots_available() { return true; }

template <typename Real>
void write_snapshot(const std::string& path, const solvers::Grid& g, double time, long long step, double nu,
                    const std::array<std::vector<Real>, 3>& padded) {
  const hid_t type = std::is_same<Real, float>::value ? H5T_NATIVE_FLOAT : H5T_NATIVE_DOUBLE;
  Handle file(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose, "H5Fcreate");
  const hsize_t dims[3] = {hsize_t(g.nz), hsize_t(g.ny), hsize_t(g.nx)};
  Handle space(H5Screate_simple(3, dims, nullptr), H5Sclose, "H5Screate_simple");
  std::vector<Real> packed(g.points());
  const char* names[3] = {"u", "v", "w"};
  for (int a = 0; a < 3; ++a) {
    for (long long row = 0; row < g.rows(); ++row)
      for (long long x = 0; x < g.nx; ++x) packed[row * g.nx + x] = padded[a][row * g.row_reals() + x];
    Handle set(H5Dcreate2(file, names[a], type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Dclose,
               "H5Dcreate2");
    check(H5Dwrite(set, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, packed.data()), "H5Dwrite");
  }
  attribute(file, "time", H5T_NATIVE_DOUBLE, time);
  attribute(file, "step", H5T_NATIVE_LLONG, step);
  attribute(file, "nu", H5T_NATIVE_DOUBLE, nu);
}

template void write_snapshot<float>(const std::string&, const solvers::Grid&, double, long long, double,
                                    const std::array<std::vector<float>, 3>&);
template void write_snapshot<double>(const std::string&, const solvers::Grid&, double, long long, double,
                                     const std::array<std::vector<double>, 3>&);

}  // namespace taylor_green
