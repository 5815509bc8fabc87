// Padding of an exchange buffer against bank conflicts on its read (the
// methods of Nukada & Matsuoka). Chosen on the host per exchange and stored in
// XLayout::exchange as a kern::PadMap.
#pragma once
#include "fft1d/stockham_index.h"

namespace fft3d {

enum class PadMethod { none = 0, gap = 1, periodic = 2 };

const char* pad_method_name(PadMethod method);

// Pad map of one exchange whose reader has stride P, radix r and `threads`
// butterflies, for `banks` banks (32 for float, 16 for double).
kern::PadMap choose_pad_map(PadMethod method, int P, int r, int threads, int banks);

}  // namespace fft3d
