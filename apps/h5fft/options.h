// h5fft's command line: the options, their checks, and the transform they ask
// for.
#pragma once
#include <array>
#include <optional>
#include <string>

#include "field.h"
#include "transform_support.h"

namespace h5fft {

struct Options {
  std::string input, dataset, output, out_dataset, type = "c2c", backend = "auto";
  bool inverse = false, normalize = false, force = false;
  long long nx = 0;  // --inverse --type r2c only
};

// Parses the command line into `o`. Returns an exit status when the program
// should stop there (--help, or a malformed command line; CLI11 prints the
// message unless `quiet`); throws a usage error for options that cannot work
// together.
std::optional<int> parse_options(int argc, char** argv, Options& o, bool quiet);

// The output must be a new file in an existing folder, unless --force: never
// the input, nor any existing file, replaced by accident.
void check_output(const Options& o);

// The transform the options ask of `input`. An r2c inverse takes the real
// grid's nx from --nx, else from the grid_size attribute h5fft's forward
// wrote (a usage error when neither fixes it).
TransformRequest transform_request(const Options& o, const Field& input,
                                   const std::optional<std::array<long long, 3>>& grid_size);

}  // namespace h5fft
