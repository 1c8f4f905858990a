// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// A histogram of one team's samples, inside the caller's own TeamPolicy kernel, added to global
// counts:
//
//   KokkosTile::Tile1D<unsigned, Space> bins(team, level, nbins);     // team scratch
//   KokkosTile::team_histogram(team, my_samples, bins, counts);       // counts(b) += ...
//
// samples: a rank-1 View or tile of integers, the team's share (a subview); each counts in bin
// `sample` clamped to [0, nbins), as KokkosTile::histogram counts integer samples. bins: nbins
// unsigned counters in team scratch (a Tile1D<unsigned, Space>; ScratchBudget
// .add<Tile1D<unsigned, Space>>(nbins)), overwritten. counts: a rank-1 View of nbins 32- or 64-bit
// unsigned counts in global memory, added to atomically (other teams add to it too).
//
// Contract: every thread and vector lane of the team calls it with the same arguments; it
// synchronises the team twice (its bins must be complete before they are merged), so that a
// caller may reuse the bins' scratch after it returns; bins and counts of different extents abort
// the kernel. A team's samples must number fewer than 2^32.

#include <Kokkos_Core.hpp>

#include "impl/team/Team_Histogram.hpp"

#include <cstdint>
#include <type_traits>

namespace KokkosTile {

template <class TeamMember, class Samples, class Bins, class Counts>
KOKKOS_INLINE_FUNCTION void team_histogram(const TeamMember& team, const Samples& samples,
                                           const Bins& bins, const Counts& counts) {
  static_assert(std::is_integral_v<std::remove_cv_t<typename Samples::value_type>>,
                "KokkosTile::team_histogram: integer samples");
  static_assert(std::is_same_v<std::remove_cv_t<typename Bins::value_type>, unsigned>,
                "KokkosTile::team_histogram: the bins are unsigned (32-bit) counters");
  using count_type = typename Counts::value_type;
  static_assert(
      std::is_same_v<count_type, std::uint32_t> || std::is_same_v<count_type, std::uint64_t>,
      "KokkosTile::team_histogram: counts are uint32_t or uint64_t (not const)");
  if (Impl::team_extent(bins, 0) != Impl::team_extent(counts, 0) || Impl::team_extent(bins, 0) == 0)
    Kokkos::abort(
        "KokkosTile::team_histogram: bins and counts must have the same, non-zero extent");
  Impl::team_histogram_run(team, samples, bins, counts);
}

}  // namespace KokkosTile
