// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The weights of a 2-D stencil of run-time radius; its boundary condition (Boundary,
// BoundaryCondition) is in impl/core/Core_Boundary.hpp, shared with team_load_halo. A Stencil2D is
// a small trivially copyable value: kernels take it by value, so on CUDA the weights travel with
// the kernel's parameters into constant memory, the read-only cache every thread of a warp reads
// at once when all lanes apply the same tap.

#include <Kokkos_Core.hpp>

#include "KokkosTile_Assert.hpp"
#include "impl/core/Core_Boundary.hpp"

#include <vector>

namespace KokkosTile {

/// Weights w(di, dj), -radius <= di, dj <= radius, of out(i, j) = sum w(di, dj) in(i + di, j + dj).
template <class T>
class Stencil2D {
 public:
  static constexpr int max_radius = 8;
  static constexpr int max_width = 2 * max_radius + 1;

  /// The 5-point star: center weight and the weight of the four nearest neighbours.
  static Stencil2D five_point(T center, T neighbour) {
    Stencil2D stencil(1);
    stencil.set(0, 0, center);
    for (int d : {-1, 1}) {
      stencil.set(d, 0, neighbour);
      stencil.set(0, d, neighbour);
    }
    return stencil;
  }

  /// The 9-point star of radius 2: center, the four neighbours at distance 1 and at distance 2.
  static Stencil2D nine_point(T center, T near_neighbour, T far_neighbour) {
    Stencil2D stencil(2);
    stencil.set(0, 0, center);
    for (int d : {-1, 1}) {
      stencil.set(d, 0, near_neighbour);
      stencil.set(0, d, near_neighbour);
      stencil.set(2 * d, 0, far_neighbour);
      stencil.set(0, 2 * d, far_neighbour);
    }
    return stencil;
  }

  /// A general (2 radius + 1) x (2 radius + 1) box, weights given row by row (di outer).
  static Stencil2D box(int radius, const std::vector<T>& weights) {
    Stencil2D stencil(radius);
    const std::size_t width = 2 * radius + 1;
    KOKKOSTILE_EXPECT(weights.size() == width * width, InvalidArgument,
                      "KokkosTile::Stencil2D::box",
                      "a radius-" << radius << " box needs " << width * width << " weights, got "
                                  << weights.size());
    for (int di = -radius; di <= radius; ++di)
      for (int dj = -radius; dj <= radius; ++dj)
        stencil.set(di, dj, weights[(di + radius) * width + (dj + radius)]);
    return stencil;
  }

  explicit Stencil2D(int radius) : radius_(radius) {
    KOKKOSTILE_EXPECT(radius >= 0 && radius <= max_radius, InvalidArgument, "KokkosTile::Stencil2D",
                      "radius " << radius << " is outside [0, " << max_radius << "]");
    for (T& w : weights_)
      w = T(0);
  }

  void set(int di, int dj, T weight) {
    KOKKOSTILE_EXPECT(di >= -radius_ && di <= radius_ && dj >= -radius_ && dj <= radius_,
                      InvalidArgument, "KokkosTile::Stencil2D::set",
                      "offset (" << di << ", " << dj << ") is outside radius " << radius_);
    weights_[(di + max_radius) * max_width + (dj + max_radius)] = weight;
  }

  KOKKOS_INLINE_FUNCTION int radius() const { return radius_; }
  KOKKOS_INLINE_FUNCTION T weight(int di, int dj) const {
    return weights_[(di + max_radius) * max_width + (dj + max_radius)];
  }

  /// True when only the center row and column carry weight: kernels then visit 4r + 1 taps
  /// instead of (2r + 1)^2.
  bool is_star() const {
    for (int di = -radius_; di <= radius_; ++di)
      for (int dj = -radius_; dj <= radius_; ++dj)
        if (di != 0 && dj != 0 && weight(di, dj) != T(0))
          return false;
    return true;
  }

 private:
  int radius_ = 0;
  T weights_[max_width * max_width];
};

}  // namespace KokkosTile
