// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// What the batched benchmarks share (Bench_GemmBatched.cpp, Bench_FusedEpilogue.cpp): the batch
// for a work target, and seeded values in [-0.5, 0.5) for every element a View spans.

#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstdint>

namespace KokkosTileBench {

/// Matrices of n x n x n multiply-adds for at least `flops` per call.
inline std::int64_t batch_for(int n, double flops) {
  return std::int64_t(std::ceil(flops / (2.0 * n * n * n)));
}

template <class Space, class ViewType>
void fill_batched(const Space& space, const ViewType& view, std::uint32_t seed) {
  using T = typename ViewType::non_const_value_type;
  Kokkos::View<T*, typename ViewType::memory_space> flat(view.data(), view.span());
  Kokkos::parallel_for(
      "KokkosTileBench::fill_batched", Kokkos::RangePolicy<Space>(space, 0, flat.extent(0)),
      KOKKOS_LAMBDA(std::int64_t i) {
        std::uint32_t h = static_cast<std::uint32_t>(i) * 2654435761u + seed * 40503u;
        h ^= h >> 15;
        h *= 2246822519u;
        flat(i) = static_cast<T>(double(h >> 8) / double(1u << 24) - 0.5);
      });
  space.fence();
}

}  // namespace KokkosTileBench
