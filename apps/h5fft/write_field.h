// Writing h5fft's result: a new HDF5 file holding one dataset and its
// attributes, written under a temporary name beside the output and renamed
// over it only once complete, so that a failure never leaves a half-written
// output (nor touches an existing file). Alone, one process writes the whole
// field; under mpirun every rank writes its own box (a hyperslab) of the one
// dataset, collectively, and rank 0 renames the file once all have closed it.
#pragma once
#include <string>
#include <variant>
#include <vector>

#include "field.h"
#include "file_access.h"

namespace h5fft {

// A dataset attribute: a string, a double, or a list of integers. Under
// mpirun every rank must pass the same attributes.
struct Attribute {
  std::string name;
  std::variant<std::string, double, std::vector<long long>> value;
};

// `shape` is the whole output field (its values unused); `values` are those
// of `box`, x fastest, complex ones as (re, im) pairs.
void write_field(const std::string& path, const std::string& dataset, const Field& shape, const Box& box,
                 const std::vector<double>& values, const std::vector<Attribute>& attributes,
                 const FileAccess& access);

}  // namespace h5fft
