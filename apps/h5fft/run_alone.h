// h5fft alone (no mpirun): this process reads the whole field, transforms it
// with fft3d's host entry points and writes the result.
#pragma once
#include "options.h"

namespace h5fft {

// Prints the summary on success; throws an H5fftError on failure.
void run_alone(const Options& o);

}  // namespace h5fft
