// Small HDF5 helpers for the h5fft tests: read what h5fft wrote, and write
// the odd files its error cases need. Independent of h5fft's own reader.
#pragma once
#include <hdf5.h>

#include <complex>
#include <string>
#include <vector>

namespace h5fft_test {

struct Dataset {
  std::vector<hsize_t> dims;           // slowest first, as stored
  std::vector<std::complex<double>> z;  // complex datasets (compound {r, i} or trailing 2)
  std::vector<double> x;               // real datasets
  size_t element_bytes = 0;            // bytes of one real component in the file (4 or 8)
  bool compound = false;
};

// Reads a float/double dataset, real, compound {r, i} or [..][2] (taken as
// complex when `pair_is_complex`), converting to double.
Dataset read_dataset(const std::string& file, const std::string& path, bool pair_is_complex = true);

std::string read_string_attribute(const std::string& file, const std::string& path, const std::string& name);
std::vector<long long> read_ints_attribute(const std::string& file, const std::string& path, const std::string& name);
double read_double_attribute(const std::string& file, const std::string& path, const std::string& name);

// Writes one dataset `path` into a new file: dims as given, of `file_type`,
// from `data` in `memory_type`.
void write_dataset(const std::string& file, const std::string& path, const std::vector<hsize_t>& dims,
                   hid_t file_type, hid_t memory_type, const void* data);
// A file with only a group at `path`.
void write_group(const std::string& file, const std::string& path);

}  // namespace h5fft_test
