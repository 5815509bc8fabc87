// What h5fft says about a finished transform: the attributes of the output
// dataset, and the lines it prints.
#pragma once
#include <string>
#include <vector>

#include "field.h"
#include "options.h"
#include "peak.h"
#include "transform_support.h"
#include "write_field.h"

namespace h5fft {

std::vector<Attribute> output_attributes(const Options& o, const TransformRequest& r, const TransformFacts& t,
                                         Precision precision);

// `ranks`: the MPI ranks that shared the transform (0 when h5fft ran alone).
std::string summary_text(const Options& o, const TransformRequest& r, const Field& in, const Field& out,
                         const TransformFacts& t, const Peak& peak, int ranks);

}  // namespace h5fft
