// Reading a 3-D field from an HDF5 dataset: float or double, real or complex
// (compound {r, i} as h5py writes it, or a trailing dimension of 2). Every
// problem is an H5fftError naming the file and the dataset.
#pragma once
#include <array>
#include <optional>
#include <string>

#include "field.h"

namespace h5fft {

struct InputField {
  Field field;
  // The "grid_size" attribute (nx, ny, nz) h5fft writes on its outputs: the
  // real grid of an r2c spectrum, which its inverse needs.
  std::optional<std::array<long long, 3>> grid_size;
};

// Fails unless `path` exists and is an HDF5 file (checked before anything
// else, so that a missing input is reported as such).
void require_hdf5_file(const std::string& path);

InputField read_field(const std::string& path, const std::string& dataset);

}  // namespace h5fft
