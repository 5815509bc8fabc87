// Reading a 3-D field from an HDF5 dataset: float or double, real or complex
// (compound {r, i} as h5py writes it, or a trailing dimension of 2), the whole
// grid or one box of it (a hyperslab). Every problem is an H5fftError naming
// the file and the dataset.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "field.h"
#include "file_access.h"
#include "h5_handle.h"

namespace h5fft {

// Fails unless `path` exists and is an HDF5 file (checked before anything
// else, so that a missing input is reported as such).
void require_hdf5_file(const std::string& path);

// An input dataset, open. Under mpirun every rank makes one and calls read()
// in step: the file is opened and read collectively.
class DatasetReader {
 public:
  DatasetReader(const std::string& path, const std::string& dataset, const FileAccess& access);

  // Extents, precision and complex storage; no values.
  const Field& shape() const { return shape_; }
  // The "grid_size" attribute (nx, ny, nz) h5fft writes on its outputs: the
  // real grid of an r2c spectrum, which its inverse needs.
  const std::optional<std::array<long long, 3>>& grid_size() const { return grid_size_; }

  // The values of `box`, x fastest, complex ones as (re, im) pairs, converted
  // to double whatever the file holds.
  std::vector<double> read(const Box& box) const;

 private:
  const FileAccess& access_;
  std::string what_;  // "dataset 'D' in 'F'", for messages
  H5Handle file_, dataset_, memory_type_;
  Field shape_;
  std::optional<std::array<long long, 3>> grid_size_;
};

}  // namespace h5fft
