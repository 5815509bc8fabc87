// HDF5 velocity snapshots: written in C order (nz, ny, nx) without the
// padding, with the attributes a reader needs; read back with the HDF5 C API.
#include <gtest/gtest.h>
#include <hdf5.h>

#include <cstdio>
#include <string>

#include "snapshot.h"

namespace {

double read_attribute(hid_t file, const char* name) {
  double v = -1;
  const hid_t attr = H5Aopen(file, name, H5P_DEFAULT);
  EXPECT_GE(attr, 0) << name;
  EXPECT_GE(H5Aread(attr, H5T_NATIVE_DOUBLE, &v), 0) << name;
  H5Aclose(attr);
  return v;
}

TEST(Snapshot, WritesUnpaddedComponentsAndAttributes) {
  const solvers::Grid g{6, 4, 3};
  std::array<std::vector<float>, 3> padded;
  for (int a = 0; a < 3; ++a) {
    padded[a].assign(g.padded_reals(), -999.0f);  // padding must not appear in the file
    for (int z = 0; z < g.nz; ++z)
      for (int y = 0; y < g.ny; ++y)
        for (int x = 0; x < g.nx; ++x) padded[a][g.real_index(x, y, z)] = float(1000 * a + 100 * z + 10 * y + x);
  }
  const std::string path = ::testing::TempDir() + "fft3d_snapshot_test.h5";
  taylor_green::write_snapshot(path, g, 1.5, 42, 1.0 / 1600, padded);

  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  ASSERT_GE(file, 0);
  const char* names[3] = {"u", "v", "w"};
  for (int a = 0; a < 3; ++a) {
    const hid_t set = H5Dopen2(file, names[a], H5P_DEFAULT);
    ASSERT_GE(set, 0) << names[a];
    const hid_t space = H5Dget_space(set);
    hsize_t dims[3] = {0, 0, 0};
    ASSERT_EQ(H5Sget_simple_extent_dims(space, dims, nullptr), 3);
    EXPECT_EQ(dims[0], hsize_t(g.nz));
    EXPECT_EQ(dims[1], hsize_t(g.ny));
    EXPECT_EQ(dims[2], hsize_t(g.nx));
    std::vector<float> data(g.points());
    ASSERT_GE(H5Dread(set, H5T_NATIVE_FLOAT, H5S_ALL, H5S_ALL, H5P_DEFAULT, data.data()), 0);
    for (int z = 0; z < g.nz; ++z)
      for (int y = 0; y < g.ny; ++y)
        for (int x = 0; x < g.nx; ++x)
          EXPECT_EQ(data[(z * g.ny + y) * g.nx + x], float(1000 * a + 100 * z + 10 * y + x));
    H5Sclose(space);
    H5Dclose(set);
  }
  EXPECT_EQ(read_attribute(file, "time"), 1.5);
  EXPECT_EQ(read_attribute(file, "step"), 42);
  EXPECT_EQ(read_attribute(file, "nu"), 1.0 / 1600);
  H5Fclose(file);
  std::remove(path.c_str());
}

}  // namespace
