#include "read_field.h"

#include <filesystem>
#include <limits>
#include <vector>

#include "box_selection.h"
#include "h5_handle.h"
#include "h5fft_error.h"

namespace h5fft {

namespace {

// How the dataset's element type reads as a field.
struct ElementType {
  Precision precision;
  bool is_complex;                 // a compound {r, i}
  std::string re_name, im_name;    // compound member names
};

std::string where(const std::string& path, const std::string& dataset) {
  return "dataset '" + dataset + "' in '" + path + "'";
}

// Each link of the path must exist in turn (H5Lexists fails, rather than
// answering no, when a parent is missing).
bool path_exists(hid_t file, const std::string& dataset) {
  std::string prefix;
  size_t start = dataset[0] == '/' ? 1 : 0;
  while (start <= dataset.size()) {
    const size_t slash = dataset.find('/', start);
    const std::string part = dataset.substr(start, slash - start);
    if (!part.empty()) {
      prefix += "/" + part;
      if (H5Lexists(file, prefix.c_str(), H5P_DEFAULT) <= 0) return false;
    }
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  return !prefix.empty();
}

bool is_imaginary_name(const std::string& name) {
  return name == "i" || name == "im" || name == "imag" || name == "imaginary";
}

bool float_of_size(hid_t type, size_t size) {
  return H5Tget_class(type) == H5T_FLOAT && H5Tget_size(type) == size;
}

ElementType element_type(hid_t type, const std::string& what) {
  const H5T_class_t cls = H5Tget_class(type);
  if (cls == H5T_FLOAT) {
    const size_t size = H5Tget_size(type);
    if (size == 4) return {Precision::f32, false, "", ""};
    if (size == 8) return {Precision::f64, false, "", ""};
    throw H5fftError("unsupported type: " + what + " holds " + std::to_string(8 * size) +
                     "-bit floats; h5fft reads 32- and 64-bit floats");
  }
  if (cls == H5T_COMPOUND && H5Tget_nmembers(type) == 2) {
    const H5Handle re(H5Tget_member_type(type, 0), H5Tclose), im(H5Tget_member_type(type, 1), H5Tclose);
    char* re_name = H5Tget_member_name(type, 0);
    char* im_name = H5Tget_member_name(type, 1);
    ElementType e{Precision::f64, true, re_name ? re_name : "", im_name ? im_name : ""};
    H5free_memory(re_name);
    H5free_memory(im_name);
    // The real part is the first member unless the names say otherwise.
    if (is_imaginary_name(e.re_name) && !is_imaginary_name(e.im_name)) std::swap(e.re_name, e.im_name);
    for (size_t size : {4, 8})
      if (float_of_size(re.get(), size) && float_of_size(im.get(), size)) {
        e.precision = size == 4 ? Precision::f32 : Precision::f64;
        return e;
      }
  }
  const char* name = cls == H5T_INTEGER ? "integers"
                     : cls == H5T_STRING ? "strings"
                     : cls == H5T_COMPOUND ? "a compound that is not {real, imaginary} floats"
                                           : "a type that is not floating point";
  throw H5fftError(std::string("unsupported type: ") + what + " holds " + name +
                   "; h5fft reads float or double, real or complex (compound {r, i} or a trailing dimension of 2)");
}

// Extents of the dataset as (nx, ny, nz), and whether a trailing 2 makes it
// complex.
void read_extents(hid_t dataset, const ElementType& type, const std::string& what, Field& f) {
  const H5Handle space = space_handle(H5Dget_space(dataset));
  const int rank = H5Sget_simple_extent_ndims(space.get());
  std::vector<hsize_t> dims(rank > 0 ? rank : 0);
  if (rank > 0) H5Sget_simple_extent_dims(space.get(), dims.data(), nullptr);
  std::string shape = "[";
  for (size_t i = 0; i < dims.size(); ++i) shape += (i ? "][" : "") + std::to_string(dims[i]);
  shape += "]";
  const bool pair = !type.is_complex && rank == 4 && dims[3] == 2;
  if (rank != 3 && !pair)
    throw H5fftError("wrong rank: " + what + " has rank " + std::to_string(rank) + " " + shape +
                     "; h5fft needs a 3-D dataset [nz][ny][nx]" +
                     (type.is_complex ? "" : ", or [nz][ny][nx][2] for complex values as (re, im) pairs"));
  for (int i = 0; i < 3; ++i)
    if (dims[i] < 1 || dims[i] > hsize_t(std::numeric_limits<int>::max()))
      throw H5fftError("unsupported size: " + what + " has dims " + shape +
                       "; each extent must be between 1 and 2^31-1");
  f.nz = static_cast<long long>(dims[0]);
  f.ny = static_cast<long long>(dims[1]);
  f.nx = static_cast<long long>(dims[2]);
  f.precision = type.precision;
  f.is_complex = type.is_complex || pair;
  f.storage = pair ? ComplexStorage::trailing_pair : ComplexStorage::compound;
}

std::optional<std::array<long long, 3>> read_grid_size(hid_t dataset) {
  if (H5Aexists(dataset, "grid_size") <= 0) return std::nullopt;
  const H5Handle attr = attribute_handle(H5Aopen(dataset, "grid_size", H5P_DEFAULT));
  if (!attr.valid()) return std::nullopt;
  const H5Handle space = space_handle(H5Aget_space(attr.get()));
  if (H5Sget_simple_extent_npoints(space.get()) != 3) return std::nullopt;
  std::array<long long, 3> g{};
  if (H5Aread(attr.get(), H5T_NATIVE_LLONG, g.data()) < 0) return std::nullopt;
  return g;
}

}  // namespace

void require_hdf5_file(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) throw H5fftError("missing file: input '" + path + "' does not exist");
  if (std::filesystem::is_directory(path, ec)) throw H5fftError("input '" + path + "' is a directory, not a file");
  if (H5Fis_hdf5(path.c_str()) <= 0) throw H5fftError("input '" + path + "' is not an HDF5 file");
}

DatasetReader::DatasetReader(const std::string& path, const std::string& dataset, const FileAccess& access)
    : access_(access), what_(where(path, dataset)) {
  file_ = file_handle(H5Fopen(path.c_str(), H5F_ACC_RDONLY, access.file_access));
  access.check.require(file_.valid(), H5fftError("cannot open '" + path + "' for reading"));
  // Reading metadata needs no other rank; the outcome is agreed once.
  access.check.run([&] {
    if (dataset.empty() || !path_exists(file_.get(), dataset)) throw H5fftError("missing dataset: no " + what_);
    {
      const H5Handle object = object_handle(H5Oopen(file_.get(), dataset.c_str(), H5P_DEFAULT));
      if (!object.valid() || H5Iget_type(object.get()) != H5I_DATASET)
        throw H5fftError("missing dataset: '" + dataset + "' in '" + path + "' is not a dataset (a group?)");
    }
    dataset_ = dataset_handle(H5Dopen2(file_.get(), dataset.c_str(), H5P_DEFAULT));
    if (!dataset_.valid()) throw H5fftError("cannot open " + what_);
    const H5Handle file_type = type_handle(H5Dget_type(dataset_.get()));
    if (!file_type.valid()) throw H5fftError("cannot read the element type of " + what_);
    const ElementType type = element_type(file_type.get(), what_);
    read_extents(dataset_.get(), type, what_, shape_);
    grid_size_ = read_grid_size(dataset_.get());
    // Memory type: doubles, HDF5 converting from float where needed; a
    // compound is matched by member name, so {r, i} or {re, im} alike.
    if (type.is_complex) {
      memory_type_ = type_handle(H5Tcreate(H5T_COMPOUND, 2 * sizeof(double)));
      if (!memory_type_.valid() ||
          H5Tinsert(memory_type_.get(), type.re_name.c_str(), 0, H5T_NATIVE_DOUBLE) < 0 ||
          H5Tinsert(memory_type_.get(), type.im_name.c_str(), sizeof(double), H5T_NATIVE_DOUBLE) < 0)
        throw H5fftError("cannot build the memory type to read " + what_);
    }
  });
}

std::vector<double> DatasetReader::read(const Box& box) const {
  std::vector<double> values(size_t(box.points()) * (shape_.is_complex ? 2 : 1));
  BoxSelection selection;
  access_.check.run([&] { selection = select_box(dataset_.get(), shape_, box); });
  const hid_t memory_type = memory_type_.valid() ? memory_type_.get() : H5T_NATIVE_DOUBLE;
  double nothing = 0;  // an empty box still passes a buffer
  const herr_t read = H5Dread(dataset_.get(), memory_type, selection.memory_space.get(), selection.file_space.get(),
                              access_.transfer, values.empty() ? &nothing : values.data());
  access_.check.require(read >= 0, H5fftError("cannot read " + what_ + " (HDF5 could not convert or read the data)"));
  return values;
}

}  // namespace h5fft
