#include "run_distributed.h"

#include <iostream>
#include <memory>
#include <optional>

#include "distributed_peak.h"
#include "distributed_transform.h"
#include "parallel_file_access.h"
#include "rank_device.h"
#include "read_field.h"
#include "report.h"
#include "write_field.h"

namespace h5fft {

namespace {

// The attributes are written collectively and must match on every rank: the
// slowest rank's times, rank 0's device name and plan description.
TransformFacts agreed_facts(const RankAgreement& ranks, TransformFacts facts) {
  facts.plan_seconds = ranks.max(facts.plan_seconds);
  facts.transform_seconds = ranks.max(facts.transform_seconds);
  facts.device = ranks.from_root(facts.device);
  facts.plan = ranks.from_root(facts.plan);
  return facts;
}

}  // namespace

void run_distributed(const Options& o, const RankAgreement& ranks) {
  ranks.run([&] {
    require_hdf5_file(o.input);
    check_output(o);
  });
  if (o.backend != "cpu") ranks.run([&] { select_device_for_rank(ranks.comm()); });
  const ParallelFileAccess files(ranks);
  const FileAccess& access = files.get();

  Field in;
  TransformRequest request;
  std::unique_ptr<DistributedTransform> transform;
  std::vector<double> in_values;
  {
    // Closed before the output is written: with --force it may be the same file.
    const DatasetReader reader(o.input, o.dataset, access);
    in = reader.shape();
    ranks.run([&] {
      request = transform_request(o, in, reader.grid_size());
      validate_request(in, request);
    });
    ranks.run([&] { transform = std::make_unique<DistributedTransform>(ranks.comm(), in, request); });
    in_values = reader.read(transform->input_box());
  }
  const std::vector<double> out_values = transform->execute(in_values, ranks);
  TransformFacts facts;
  ranks.run([&] { facts = transform->facts(); });
  facts = agreed_facts(ranks, facts);

  const Field out = output_shape(in, request);
  write_field(o.output, o.out_dataset, out, transform->output_box(), out_values,
              output_attributes(o, request, facts, in.precision), access);
  const Peak peak = find_distributed_peak(ranks, out, transform->output_box(), out_values, !request.inverse,
                                          request.kind == Kind::r2c ? facts.nx : 0);
  if (ranks.rank() == 0) std::cout << summary_text(o, request, in, out, facts, peak, ranks.size()) << std::endl;
}

}  // namespace h5fft
