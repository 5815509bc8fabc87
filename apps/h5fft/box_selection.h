// The two dataspaces that move one box of a field between its dataset and
// memory: a hyperslab of the dataset, and the box's values held densely.
#pragma once
#include <vector>

#include "field.h"
#include "h5_handle.h"

namespace h5fft {

struct BoxSelection {
  H5Handle file_space;    // the dataset's dataspace with the box selected (nothing, for an empty box)
  H5Handle memory_space;  // the box's values, x fastest (with the trailing extent of 2 where stored so)
};

// `dataset` holds the field `shape` (dims [nz][ny][nx], or [nz][ny][nx][2]
// for trailing-pair complex values). Throws an H5fftError if HDF5 cannot
// build the selection.
BoxSelection select_box(hid_t dataset, const Field& shape, const Box& box);

// The dataset's dims for `shape`, slowest first.
std::vector<hsize_t> dataset_dims(const Field& shape);

}  // namespace h5fft
