#include "run_alone.h"

#include <iostream>
#include <optional>

#include "file_access.h"
#include "peak.h"
#include "read_field.h"
#include "report.h"
#include "transform.h"
#include "write_field.h"

namespace h5fft {

void run_alone(const Options& o) {
  require_hdf5_file(o.input);
  check_output(o);
  const FileAccess access = local_file_access();
  Field in;
  std::optional<std::array<long long, 3>> grid_size;
  {
    // Closed before the output is written: with --force it may be the same file.
    const DatasetReader reader(o.input, o.dataset, access);
    in = reader.shape();
    in.values = reader.read(Box::whole(in));
    grid_size = reader.grid_size();
  }
  const TransformRequest request = transform_request(o, in, grid_size);
  const TransformResult result = transform(in, request);
  const Field& out = result.output;
  write_field(o.output, o.out_dataset, out, Box::whole(out), out.values,
              output_attributes(o, request, result.facts, in.precision), access);
  const Peak peak = find_peak(out, !request.inverse, request.kind == Kind::r2c ? result.facts.nx : 0);
  std::cout << summary_text(o, request, in, out, result.facts, peak, 0) << std::endl;
}

}  // namespace h5fft
