// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The bin of an integer sample, as every KokkosTile histogram counts one (histogram's
// ClampedBins, team_histogram): the sample clamped to [0, nbins), so that every sample counts.

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

/// Below 0 counts in bin 0, nbins and above in the last bin (the seed's rule).
template <class T>
KOKKOS_FORCEINLINE_FUNCTION int clamped_bin(T sample, int nbins) {
  if constexpr (std::is_signed_v<T>) {
    if (sample < 0)
      return 0;
  }
  return static_cast<std::uint64_t>(sample) >= static_cast<std::uint64_t>(nbins)
             ? nbins - 1
             : static_cast<int>(sample);
}

}  // namespace Impl
}  // namespace KokkosTile
