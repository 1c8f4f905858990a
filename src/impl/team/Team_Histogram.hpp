// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// team_histogram's body (KokkosTile_TeamHistogram.hpp validates and forwards here): the team's
// samples counted into bins in scratch with scratch atomics (on GPUs, shared-memory atomics: no
// global traffic per sample), then each non-empty bin added once to the global counts.

#include <Kokkos_Core.hpp>

#include "KokkosTile_TeamLoops.hpp"

#include "impl/core/Core_ClampedBin.hpp"
#include "impl/team/Team_Copies.hpp"

#include <cstdint>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

template <class TeamMember, class Samples, class Bins, class Counts>
KOKKOS_INLINE_FUNCTION void team_histogram_run(const TeamMember& team, const Samples& samples,
                                               const Bins& bins, const Counts& counts) {
  using count_type = std::remove_cv_t<typename Counts::value_type>;
  const int nbins = team_extent(bins, 0), n = team_extent(samples, 0);
  team_vector_for(team, nbins, [&](int b) { bins(b) = 0; });
  team.team_barrier();
  team_vector_for(team, n,
                  [&](int i) { Kokkos::atomic_add(&bins(clamped_bin(samples(i), nbins)), 1u); });
  team.team_barrier();
  team_vector_for(team, nbins, [&](int b) {
    const unsigned count = bins(b);
    if (count != 0)
      Kokkos::atomic_add(&counts(b), static_cast<count_type>(count));
  });
}

}  // namespace Impl
}  // namespace KokkosTile
