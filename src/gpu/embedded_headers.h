// The kernel headers, embedded in the library as strings at build time
// (cmake/EmbedHeaders.cmake) so that NVRTC compiles exactly the code the CPU
// block executor runs, with no source tree needed at run time.
#pragma once

namespace fft3d {

struct EmbeddedHeader {
  const char* include_name;  // as written in #include, e.g. "fft1d/x_kernel.h"
  const char* text;
};

extern const EmbeddedHeader kEmbeddedHeaders[];
extern const int kEmbeddedHeaderCount;

}  // namespace fft3d
