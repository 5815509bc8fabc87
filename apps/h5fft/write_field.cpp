#include "write_field.h"

#include <cstdio>
#include <filesystem>

#include "box_selection.h"
#include "h5_handle.h"
#include "h5fft_error.h"

namespace h5fft {

namespace {

// Type and dataspace calls fail only without memory; they throw at once.
H5Handle built(H5Handle h, const char* what) {
  if (!h.valid()) throw H5fftError(std::string("cannot build ") + what);
  return h;
}

H5Handle pair_type(size_t component_size, hid_t component, const char* what) {
  H5Handle t = built(type_handle(H5Tcreate(H5T_COMPOUND, 2 * component_size)), what);
  if (H5Tinsert(t.get(), "r", 0, component) < 0 || H5Tinsert(t.get(), "i", component_size, component) < 0)
    throw H5fftError(std::string("cannot build ") + what);
  return t;
}

// The file's element type: little-endian IEEE floats of the field's
// precision, as a compound {r, i} for complex values stored that way (what
// h5py reads as numpy complex).
H5Handle file_element_type(const Field& f) {
  const hid_t real = f.precision == Precision::f32 ? H5T_IEEE_F32LE : H5T_IEEE_F64LE;
  if (!f.is_complex || f.storage == ComplexStorage::trailing_pair)
    return built(type_handle(H5Tcopy(real)), "the file's element type");
  return pair_type(f.precision == Precision::f32 ? 4 : 8, real, "the file's element type");
}

// The in-memory type of the values: doubles, or {r, i} pairs of doubles.
H5Handle memory_element_type(const Field& f) {
  if (!f.is_complex || f.storage == ComplexStorage::trailing_pair)
    return built(type_handle(H5Tcopy(H5T_NATIVE_DOUBLE)), "the memory element type");
  return pair_type(sizeof(double), H5T_NATIVE_DOUBLE, "the memory element type");
}

// An attribute's value as HDF5 takes it: its type and space in the file, and
// its memory type and bytes.
struct AttributeData {
  H5Handle file_type, space;
  hid_t memory_type = H5I_INVALID_HID;
  const void* data = nullptr;
};

AttributeData attribute_data(const Attribute& a) {
  AttributeData d;
  if (const auto* text = std::get_if<std::string>(&a.value)) {
    d.file_type = built(type_handle(H5Tcopy(H5T_C_S1)), "a string type");
    if (H5Tset_size(d.file_type.get(), text->size() + 1) < 0 || H5Tset_strpad(d.file_type.get(), H5T_STR_NULLTERM) < 0)
      throw H5fftError("cannot build the string type of attribute '" + a.name + "'");
    d.space = built(space_handle(H5Screate(H5S_SCALAR)), "a scalar dataspace");
    d.memory_type = d.file_type.get();
    d.data = text->c_str();
  } else if (const auto* number = std::get_if<double>(&a.value)) {
    d.file_type = built(type_handle(H5Tcopy(H5T_IEEE_F64LE)), "a double type");
    d.space = built(space_handle(H5Screate(H5S_SCALAR)), "a scalar dataspace");
    d.memory_type = H5T_NATIVE_DOUBLE;
    d.data = number;
  } else {
    const auto& list = std::get<std::vector<long long>>(a.value);
    const hsize_t n = list.size();
    d.file_type = built(type_handle(H5Tcopy(H5T_STD_I64LE)), "an integer type");
    d.space = built(space_handle(H5Screate_simple(1, &n, nullptr)), "a list dataspace");
    d.memory_type = H5T_NATIVE_LLONG;
    d.data = list.data();
  }
  return d;
}

void write_attribute(hid_t dataset, const Attribute& a, const std::string& what, const StepCheck& check) {
  const std::string where = "attribute '" + a.name + "' of " + what;
  const AttributeData d = attribute_data(a);
  const H5Handle attr = attribute_handle(
      H5Acreate2(dataset, a.name.c_str(), d.file_type.get(), d.space.get(), H5P_DEFAULT, H5P_DEFAULT));
  check.require(attr.valid(), H5fftError("cannot create " + where));
  check.require(H5Awrite(attr.get(), d.memory_type, d.data) >= 0, H5fftError("cannot write " + where));
}

void write_file(const std::string& path, const std::string& dataset, const Field& shape, const Box& box,
                const std::vector<double>& values, const std::vector<Attribute>& attributes, const std::string& what,
                const FileAccess& access) {
  const StepCheck& check = access.check;
  H5Handle file = file_handle(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, access.file_access));
  check.require(file.valid(), H5fftError("cannot create '" + path + "'"));
  const std::vector<hsize_t> dims = dataset_dims(shape);
  const H5Handle space = built(space_handle(H5Screate_simple(int(dims.size()), dims.data(), nullptr)), "the dataspace");
  const H5Handle links = built(plist_handle(H5Pcreate(H5P_LINK_CREATE)), "link creation properties");
  if (H5Pset_create_intermediate_group(links.get(), 1) < 0)  // --out-dataset /a/b/c makes /a and /a/b
    throw H5fftError("cannot set link creation properties");
  const H5Handle file_type = file_element_type(shape);
  H5Handle d = dataset_handle(
      H5Dcreate2(file.get(), dataset.c_str(), file_type.get(), space.get(), links.get(), H5P_DEFAULT, H5P_DEFAULT));
  check.require(d.valid(), H5fftError("cannot create " + what));
  BoxSelection selection;
  check.run([&] { selection = select_box(d.get(), shape, box); });
  const H5Handle memory_type = memory_element_type(shape);
  const double nothing = 0;  // an empty box still passes a buffer
  const herr_t written = H5Dwrite(d.get(), memory_type.get(), selection.memory_space.get(), selection.file_space.get(),
                                  access.transfer, values.empty() ? &nothing : values.data());
  check.require(written >= 0, H5fftError("cannot write " + what));
  for (const Attribute& a : attributes) write_attribute(d.get(), a, what, check);
  const bool flushed = H5Fflush(file.get(), H5F_SCOPE_GLOBAL) >= 0;
  check.require(flushed, H5fftError("cannot finish writing '" + path + "' (disk full?)"));
  d.close();  // before the file, whose close is where the data reaches the disk
  check.require(file.close(), H5fftError("cannot finish writing '" + path + "' (disk full?)"));
}

}  // namespace

void write_field(const std::string& path, const std::string& dataset, const Field& shape, const Box& box,
                 const std::vector<double>& values, const std::vector<Attribute>& attributes,
                 const FileAccess& access) {
  // Beside the output, so that the rename stays within one file system.
  const std::string temporary = path + ".h5fft-tmp-" + std::to_string(access.temporary_id);
  const std::string what = "dataset '" + dataset + "' in '" + path + "'";
  try {
    write_file(temporary, dataset, shape, box, values, attributes, what, access);
  } catch (...) {
    // Every rank has closed the file by now (the error was agreed).
    if (access.manages_files) std::remove(temporary.c_str());
    throw;
  }
  // Every rank has closed the file (the close was agreed): rename it.
  access.check.run([&] {
    if (!access.manages_files) return;
    std::error_code ec;
    std::filesystem::rename(temporary, path, ec);
    if (ec) {
      std::remove(temporary.c_str());
      throw H5fftError("cannot rename the finished output to '" + path + "': " + ec.message());
    }
  });
}

}  // namespace h5fft
