#include "h5_test_files.h"

#include <stdexcept>

namespace h5fft_test {

namespace {

void require(bool ok, const std::string& what) {
  if (!ok) throw std::runtime_error("HDF5 test helper: " + what);
}

// Opens file and dataset for the duration of `body(dataset)`.
template <class F>
auto with_dataset(const std::string& file, const std::string& path, F body) {
  const hid_t f = H5Fopen(file.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  require(f >= 0, "cannot open " + file);
  const hid_t d = H5Dopen2(f, path.c_str(), H5P_DEFAULT);
  if (d < 0) {
    H5Fclose(f);
    require(false, "no dataset " + path + " in " + file);
  }
  struct Close {
    hid_t f, d;
    ~Close() {
      H5Dclose(d);
      H5Fclose(f);
    }
  } close{f, d};
  return body(d);
}

}  // namespace

Dataset read_dataset(const std::string& file, const std::string& path, bool pair_is_complex) {
  return with_dataset(file, path, [&](hid_t d) {
    Dataset out;
    const hid_t space = H5Dget_space(d);
    out.dims.resize(H5Sget_simple_extent_ndims(space));
    H5Sget_simple_extent_dims(space, out.dims.data(), nullptr);
    const size_t n = size_t(H5Sget_simple_extent_npoints(space));
    H5Sclose(space);
    const hid_t type = H5Dget_type(d);
    out.compound = H5Tget_class(type) == H5T_COMPOUND;
    if (out.compound) {
      const hid_t member = H5Tget_member_type(type, 0);
      out.element_bytes = H5Tget_size(member);
      H5Tclose(member);
      const hid_t mem = H5Tcreate(H5T_COMPOUND, 16);
      H5Tinsert(mem, "r", 0, H5T_NATIVE_DOUBLE);
      H5Tinsert(mem, "i", 8, H5T_NATIVE_DOUBLE);
      out.z.resize(n);
      require(H5Dread(d, mem, H5S_ALL, H5S_ALL, H5P_DEFAULT, out.z.data()) >= 0, "read " + path);
      H5Tclose(mem);
    } else {
      out.element_bytes = H5Tget_size(type);
      std::vector<double> v(n);
      require(H5Dread(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v.data()) >= 0, "read " + path);
      if (pair_is_complex && out.dims.size() == 4 && out.dims[3] == 2) {
        out.z.resize(n / 2);
        for (size_t i = 0; i < n / 2; ++i) out.z[i] = {v[2 * i], v[2 * i + 1]};
      } else {
        out.x = std::move(v);
      }
    }
    H5Tclose(type);
    return out;
  });
}

std::string read_string_attribute(const std::string& file, const std::string& path, const std::string& name) {
  return with_dataset(file, path, [&](hid_t d) {
    const hid_t a = H5Aopen(d, name.c_str(), H5P_DEFAULT);
    require(a >= 0, "no attribute " + name);
    const hid_t type = H5Aget_type(a);
    std::string s(H5Tget_size(type), '\0');
    H5Aread(a, type, s.data());
    H5Tclose(type);
    H5Aclose(a);
    return std::string(s.c_str());
  });
}

std::vector<long long> read_ints_attribute(const std::string& file, const std::string& path, const std::string& name) {
  return with_dataset(file, path, [&](hid_t d) {
    const hid_t a = H5Aopen(d, name.c_str(), H5P_DEFAULT);
    require(a >= 0, "no attribute " + name);
    const hid_t space = H5Aget_space(a);
    std::vector<long long> v(size_t(H5Sget_simple_extent_npoints(space)));
    H5Aread(a, H5T_NATIVE_LLONG, v.data());
    H5Sclose(space);
    H5Aclose(a);
    return v;
  });
}

double read_double_attribute(const std::string& file, const std::string& path, const std::string& name) {
  return with_dataset(file, path, [&](hid_t d) {
    const hid_t a = H5Aopen(d, name.c_str(), H5P_DEFAULT);
    require(a >= 0, "no attribute " + name);
    double v = 0;
    H5Aread(a, H5T_NATIVE_DOUBLE, &v);
    H5Aclose(a);
    return v;
  });
}

void write_dataset(const std::string& file, const std::string& path, const std::vector<hsize_t>& dims,
                   hid_t file_type, hid_t memory_type, const void* data) {
  const hid_t f = H5Fcreate(file.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  require(f >= 0, "cannot create " + file);
  const hid_t space = H5Screate_simple(int(dims.size()), dims.data(), nullptr);
  const hid_t lcpl = H5Pcreate(H5P_LINK_CREATE);
  H5Pset_create_intermediate_group(lcpl, 1);
  const hid_t d = H5Dcreate2(f, path.c_str(), file_type, space, lcpl, H5P_DEFAULT, H5P_DEFAULT);
  const bool ok = d >= 0 && H5Dwrite(d, memory_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data) >= 0;
  if (d >= 0) H5Dclose(d);
  H5Pclose(lcpl);
  H5Sclose(space);
  H5Fclose(f);
  require(ok, "cannot write " + path + " in " + file);
}

void write_group(const std::string& file, const std::string& path) {
  const hid_t f = H5Fcreate(file.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  require(f >= 0, "cannot create " + file);
  const hid_t g = H5Gcreate2(f, path.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  H5Gclose(g);
  H5Fclose(f);
  require(g >= 0, "cannot create group " + path);
}

}  // namespace h5fft_test
