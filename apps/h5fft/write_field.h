// Writing h5fft's result: a new HDF5 file holding one dataset and its
// attributes, written under a temporary name beside the output and renamed
// over it only once complete, so that a failure never leaves a half-written
// output (nor touches an existing file).
#pragma once
#include <string>
#include <variant>
#include <vector>

#include "field.h"

namespace h5fft {

// A dataset attribute: a string, a double, or a list of integers.
struct Attribute {
  std::string name;
  std::variant<std::string, double, std::vector<long long>> value;
};

void write_field(const std::string& path, const std::string& dataset, const Field& field,
                 const std::vector<Attribute>& attributes);

}  // namespace h5fft
