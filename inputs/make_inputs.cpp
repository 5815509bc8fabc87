// Makes the small HDF5 fields in inputs/ (built as h5fft-make-inputs by
// apps/h5fft; run as `h5fft-make-inputs inputs`). Each file holds one dataset
// "/field" with dims [nz][ny][nx] (x fastest, as h5fft reads them) and
// attributes describing it; complex values are a compound {r, i}, as h5py
// writes numpy complex arrays. Object timestamps are off, so a rerun gives
// the same data.
//
//   gaussian_blob.h5  real f32, 32x32x32: exp(-|r - c|^2 / (2 sigma^2)),
//                     c = (16, 16, 16), sigma = 3. Its spectrum is a real
//                     Gaussian peaked at k = 0.
//   plane_wave.h5     complex f64, nx=32, ny=24, nz=16:
//                     exp(2 pi i (3 x/nx - 5 y/ny + 2 z/nz)). Its forward
//                     spectrum is nx*ny*nz at (kx, ky, kz) = (3, -5, 2), zero
//                     elsewhere (attribute wave_vector).
//   sine_product.h5   real f64, nx=32, ny=16, nz=24:
//                     sin(2 pi 2x/nx) sin(2 pi 3y/ny) sin(2 pi 1z/nz). Its
//                     spectrum is nx*ny*nz/8 in magnitude at the 8 points
//                     (+-2, +-3, +-1), zero elsewhere (attribute wave_vector).
#include <hdf5.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace {

const double kTwoPi = 6.283185307179586476925286766559005768;

struct Grid {
  int nx, ny, nz;
  size_t points() const { return size_t(nx) * ny * nz; }
};

bool ok(herr_t r, const char* what) {
  if (r < 0) std::fprintf(stderr, "make_inputs: %s failed\n", what);
  return r >= 0;
}

void string_attribute(hid_t object, const char* name, const std::string& value) {
  const hid_t type = H5Tcopy(H5T_C_S1);
  H5Tset_size(type, value.size() + 1);
  const hid_t space = H5Screate(H5S_SCALAR);
  const hid_t attr = H5Acreate2(object, name, type, space, H5P_DEFAULT, H5P_DEFAULT);
  ok(H5Awrite(attr, type, value.c_str()), name);
  H5Aclose(attr);
  H5Sclose(space);
  H5Tclose(type);
}

void ints_attribute(hid_t object, const char* name, const std::vector<long long>& values) {
  const hsize_t n = values.size();
  const hid_t space = H5Screate_simple(1, &n, nullptr);
  const hid_t attr = H5Acreate2(object, name, H5T_STD_I64LE, space, H5P_DEFAULT, H5P_DEFAULT);
  ok(H5Awrite(attr, H5T_NATIVE_LLONG, values.data()), name);
  H5Aclose(attr);
  H5Sclose(space);
}

void double_attribute(hid_t object, const char* name, double value) {
  const hid_t space = H5Screate(H5S_SCALAR);
  const hid_t attr = H5Acreate2(object, name, H5T_IEEE_F64LE, space, H5P_DEFAULT, H5P_DEFAULT);
  ok(H5Awrite(attr, H5T_NATIVE_DOUBLE, &value), name);
  H5Aclose(attr);
  H5Sclose(space);
}

// Writes /field ([nz][ny][nx] of file_type, from doubles or {r, i} double
// pairs in memory) and hands the dataset to `describe` for its attributes.
template <class Describe>
bool write(const std::string& path, const Grid& g, hid_t file_type, hid_t memory_type, const std::vector<double>& values,
           Describe describe) {
  const hid_t fcpl = H5Pcreate(H5P_FILE_CREATE);
  H5Pset_obj_track_times(fcpl, 0);  // the root group's header too
  const hid_t file = H5Fcreate(path.c_str(), H5F_ACC_TRUNC, fcpl, H5P_DEFAULT);
  H5Pclose(fcpl);
  if (file < 0) {
    std::fprintf(stderr, "make_inputs: cannot create %s\n", path.c_str());
    return false;
  }
  const hsize_t dims[3] = {hsize_t(g.nz), hsize_t(g.ny), hsize_t(g.nx)};
  const hid_t space = H5Screate_simple(3, dims, nullptr);
  const hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
  H5Pset_obj_track_times(dcpl, 0);  // no timestamps: the same bytes on every run
  const hid_t dataset = H5Dcreate2(file, "field", file_type, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
  bool good = dataset >= 0 && ok(H5Dwrite(dataset, memory_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()), "write");
  if (good) {
    ints_attribute(dataset, "grid_size", {g.nx, g.ny, g.nz});
    string_attribute(dataset, "layout", "HDF5 dims [nz][ny][nx], x varying fastest; grid_size is (nx, ny, nz)");
    describe(dataset);
  }
  H5Dclose(dataset);
  H5Pclose(dcpl);
  H5Sclose(space);
  good = ok(H5Fclose(file), "close") && good;
  std::printf("wrote %s\n", path.c_str());
  return good;
}

hid_t complex_type(hid_t real, size_t size) {
  const hid_t t = H5Tcreate(H5T_COMPOUND, 2 * size);
  H5Tinsert(t, "r", 0, real);
  H5Tinsert(t, "i", size, real);
  return t;
}

bool gaussian_blob(const std::string& dir) {
  const Grid g{32, 32, 32};
  const double sigma = 3, c = 16;
  std::vector<double> v(g.points());
  for (int z = 0; z < g.nz; ++z)
    for (int y = 0; y < g.ny; ++y)
      for (int x = 0; x < g.nx; ++x) {
        const double r2 = (x - c) * (x - c) + (y - c) * (y - c) + (z - c) * (z - c);
        v[(size_t(z) * g.ny + y) * g.nx + x] = std::exp(-r2 / (2 * sigma * sigma));
      }
  return write(dir + "/gaussian_blob.h5", g, H5T_IEEE_F32LE, H5T_NATIVE_DOUBLE, v, [&](hid_t d) {
    string_attribute(d, "description", "real Gaussian blob exp(-|r - c|^2 / (2 sigma^2)), c = (16, 16, 16)");
    double_attribute(d, "sigma", sigma);
  });
}

bool plane_wave(const std::string& dir) {
  const Grid g{32, 24, 16};
  const int k[3] = {3, -5, 2};
  std::vector<double> v(2 * g.points());
  for (int z = 0; z < g.nz; ++z)
    for (int y = 0; y < g.ny; ++y)
      for (int x = 0; x < g.nx; ++x) {
        // Phase reduced to one period in integers first, so it is exact.
        const long long m = (long long)(k[0] * x) * g.ny * g.nz + (long long)(k[1] * y) * g.nx * g.nz +
                            (long long)(k[2] * z) * g.nx * g.ny;
        const long long period = (long long)g.nx * g.ny * g.nz;
        const double phase = kTwoPi * double(((m % period) + period) % period) / double(period);
        const size_t i = (size_t(z) * g.ny + y) * g.nx + x;
        v[2 * i] = std::cos(phase);
        v[2 * i + 1] = std::sin(phase);
      }
  const hid_t file_type = complex_type(H5T_IEEE_F64LE, 8), memory_type = complex_type(H5T_NATIVE_DOUBLE, 8);
  const bool good = write(dir + "/plane_wave.h5", g, file_type, memory_type, v, [&](hid_t d) {
    string_attribute(d, "description", "complex plane wave exp(2 pi i (kx x/nx + ky y/ny + kz z/nz))");
    ints_attribute(d, "wave_vector", {k[0], k[1], k[2]});
  });
  H5Tclose(file_type);
  H5Tclose(memory_type);
  return good;
}

bool sine_product(const std::string& dir) {
  const Grid g{32, 16, 24};
  const int k[3] = {2, 3, 1};
  std::vector<double> v(g.points());
  for (int z = 0; z < g.nz; ++z)
    for (int y = 0; y < g.ny; ++y)
      for (int x = 0; x < g.nx; ++x)
        v[(size_t(z) * g.ny + y) * g.nx + x] = std::sin(kTwoPi * k[0] * x / g.nx) *
                                               std::sin(kTwoPi * k[1] * y / g.ny) *
                                               std::sin(kTwoPi * k[2] * z / g.nz);
  return write(dir + "/sine_product.h5", g, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, v, [&](hid_t d) {
    string_attribute(d, "description",
                     "sin(2 pi kx x/nx) sin(2 pi ky y/ny) sin(2 pi kz z/nz): |X| = nx*ny*nz/8 at (+-kx, +-ky, +-kz)");
    ints_attribute(d, "wave_vector", {k[0], k[1], k[2]});
  });
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <folder>   (writes gaussian_blob.h5, plane_wave.h5, sine_product.h5)\n", argv[0]);
    return 2;
  }
  const std::string dir = argv[1];
  const bool good = gaussian_blob(dir) & plane_wave(dir) & sine_product(dir);
  return good ? 0 : 1;
}
