#include "write_field.h"

#include <unistd.h>

#include <cstdio>
#include <filesystem>

#include "h5_handle.h"
#include "h5fft_error.h"

namespace h5fft {

namespace {

// The file's element type: little-endian IEEE floats of the field's
// precision, as a compound {r, i} for complex values stored that way (what
// h5py reads as numpy complex).
H5Handle file_element_type(const Field& f) {
  const hid_t real = f.precision == Precision::f32 ? H5T_IEEE_F32LE : H5T_IEEE_F64LE;
  if (!f.is_complex || f.storage == ComplexStorage::trailing_pair) return type_handle(H5Tcopy(real));
  const size_t size = f.precision == Precision::f32 ? 4 : 8;
  H5Handle t = type_handle(H5Tcreate(H5T_COMPOUND, 2 * size));
  H5Tinsert(t.get(), "r", 0, real);
  H5Tinsert(t.get(), "i", size, real);
  return t;
}

// The in-memory type of Field::values: doubles, or {r, i} pairs of doubles.
H5Handle memory_element_type(const Field& f) {
  if (!f.is_complex || f.storage == ComplexStorage::trailing_pair) return type_handle(H5Tcopy(H5T_NATIVE_DOUBLE));
  H5Handle t = type_handle(H5Tcreate(H5T_COMPOUND, 2 * sizeof(double)));
  H5Tinsert(t.get(), "r", 0, H5T_NATIVE_DOUBLE);
  H5Tinsert(t.get(), "i", sizeof(double), H5T_NATIVE_DOUBLE);
  return t;
}

void check(herr_t result, const std::string& what) {
  if (result < 0) throw H5fftError("cannot write " + what);
}

void write_attribute(hid_t dataset, const Attribute& a, const std::string& what) {
  const std::string where = "attribute '" + a.name + "' of " + what;
  if (const auto* text = std::get_if<std::string>(&a.value)) {
    const H5Handle type = type_handle(H5Tcopy(H5T_C_S1));
    H5Tset_size(type.get(), text->size() + 1);
    H5Tset_strpad(type.get(), H5T_STR_NULLTERM);
    const H5Handle space = space_handle(H5Screate(H5S_SCALAR));
    const H5Handle attr = attribute_handle(H5Acreate2(dataset, a.name.c_str(), type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT));
    if (!attr.valid()) throw H5fftError("cannot create " + where);
    check(H5Awrite(attr.get(), type.get(), text->c_str()), where);
  } else if (const auto* number = std::get_if<double>(&a.value)) {
    const H5Handle space = space_handle(H5Screate(H5S_SCALAR));
    const H5Handle attr = attribute_handle(H5Acreate2(dataset, a.name.c_str(), H5T_IEEE_F64LE, space.get(), H5P_DEFAULT, H5P_DEFAULT));
    if (!attr.valid()) throw H5fftError("cannot create " + where);
    check(H5Awrite(attr.get(), H5T_NATIVE_DOUBLE, number), where);
  } else {
    const auto& list = std::get<std::vector<long long>>(a.value);
    const hsize_t n = list.size();
    const H5Handle space = space_handle(H5Screate_simple(1, &n, nullptr));
    const H5Handle attr = attribute_handle(H5Acreate2(dataset, a.name.c_str(), H5T_STD_I64LE, space.get(), H5P_DEFAULT, H5P_DEFAULT));
    if (!attr.valid()) throw H5fftError("cannot create " + where);
    check(H5Awrite(attr.get(), H5T_NATIVE_LLONG, list.data()), where);
  }
}

void write_file(const std::string& path, const std::string& dataset, const Field& f,
                const std::vector<Attribute>& attributes, const std::string& what) {
  H5Handle file = file_handle(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT));
  if (!file.valid()) throw H5fftError("cannot create '" + path + "'");
  std::vector<hsize_t> dims = {hsize_t(f.nz), hsize_t(f.ny), hsize_t(f.nx)};
  if (f.is_complex && f.storage == ComplexStorage::trailing_pair) dims.push_back(2);
  const H5Handle space = space_handle(H5Screate_simple(int(dims.size()), dims.data(), nullptr));
  const H5Handle links = plist_handle(H5Pcreate(H5P_LINK_CREATE));
  H5Pset_create_intermediate_group(links.get(), 1);  // --out-dataset /a/b/c makes /a and /a/b
  const H5Handle file_type = file_element_type(f);
  const H5Handle d = dataset_handle(
      H5Dcreate2(file.get(), dataset.c_str(), file_type.get(), space.get(), links.get(), H5P_DEFAULT, H5P_DEFAULT));
  if (!d.valid()) throw H5fftError("cannot create " + what);
  const H5Handle memory_type = memory_element_type(f);
  check(H5Dwrite(d.get(), memory_type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, f.values.data()), what);
  for (const Attribute& a : attributes) write_attribute(d.get(), a, what);
  if (H5Fflush(file.get(), H5F_SCOPE_GLOBAL) < 0 || !file.close())
    throw H5fftError("cannot finish writing '" + path + "' (disk full?)");
}

}  // namespace

void write_field(const std::string& path, const std::string& dataset, const Field& field,
                 const std::vector<Attribute>& attributes) {
  // Beside the output, so that the rename stays within one file system.
  const std::string temporary = path + ".h5fft-tmp-" + std::to_string(getpid());
  const std::string what = "dataset '" + dataset + "' in '" + path + "'";
  try {
    write_file(temporary, dataset, field, attributes, what);
  } catch (...) {
    std::remove(temporary.c_str());
    throw;
  }
  std::error_code ec;
  std::filesystem::rename(temporary, path, ec);
  if (ec) {
    std::remove(temporary.c_str());
    throw H5fftError("cannot rename the finished output to '" + path + "': " + ec.message());
  }
}

}  // namespace h5fft
