#include "box_selection.h"

#include "h5fft_error.h"

namespace h5fft {

namespace {

bool trailing_pair(const Field& f) { return f.is_complex && f.storage == ComplexStorage::trailing_pair; }

}  // namespace

std::vector<hsize_t> dataset_dims(const Field& shape) {
  std::vector<hsize_t> dims = {hsize_t(shape.nz), hsize_t(shape.ny), hsize_t(shape.nx)};
  if (trailing_pair(shape)) dims.push_back(2);
  return dims;
}

BoxSelection select_box(hid_t dataset, const Field& shape, const Box& box) {
  BoxSelection s;
  s.file_space = space_handle(H5Dget_space(dataset));
  if (!s.file_space.valid()) throw H5fftError("cannot get the dataspace of the dataset");
  if (box.points() == 0) {
    // A rank with no points still takes part in collective transfers.
    const hsize_t one = 1;
    s.memory_space = space_handle(H5Screate_simple(1, &one, nullptr));
    if (!s.memory_space.valid() || H5Sselect_none(s.memory_space.get()) < 0 || H5Sselect_none(s.file_space.get()) < 0)
      throw H5fftError("cannot select an empty box of the dataset");
    return s;
  }
  // HDF5 lists dims slowest first: z, y, x (then the pair).
  std::vector<hsize_t> start = {hsize_t(box.start[2]), hsize_t(box.start[1]), hsize_t(box.start[0])};
  std::vector<hsize_t> count = {hsize_t(box.size[2]), hsize_t(box.size[1]), hsize_t(box.size[0])};
  if (trailing_pair(shape)) start.push_back(0), count.push_back(2);
  if (H5Sselect_hyperslab(s.file_space.get(), H5S_SELECT_SET, start.data(), nullptr, count.data(), nullptr) < 0)
    throw H5fftError("cannot select the box [z " + std::to_string(box.start[2]) + "+" + std::to_string(box.size[2]) +
                     "][y " + std::to_string(box.start[1]) + "+" + std::to_string(box.size[1]) + "][x " +
                     std::to_string(box.start[0]) + "+" + std::to_string(box.size[0]) + "] of the dataset");
  s.memory_space = space_handle(H5Screate_simple(int(count.size()), count.data(), nullptr));
  if (!s.memory_space.valid()) throw H5fftError("cannot create the memory dataspace of a box");
  return s;
}

}  // namespace h5fft
