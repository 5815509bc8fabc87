// find_peak (peak.h) over a field spread across MPI ranks: the same point,
// ties and position as find_peak on the whole field would give.
#pragma once
#include <vector>

#include "field.h"
#include "peak.h"
#include "rank_agreement.h"

namespace h5fft {

// Collective: each rank passes its box of the field `shape` and that box's
// values; every rank gets the peak.
Peak find_distributed_peak(const RankAgreement& ranks, const Field& shape, const Box& box,
                           const std::vector<double>& values, bool spectrum, long long real_nx);

}  // namespace h5fft
