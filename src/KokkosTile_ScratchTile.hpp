// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Typed tiles in a Kokkos team's scratch pad. Level 0 is CUDA __shared__ memory on NVIDIA GPUs and
// a small per-team buffer on the host backends; level 1 is larger and slower (global memory on
// GPUs). A tile is a thin wrapper over an unmanaged scratch View, so it costs what the View costs.
//
// Every thread of a team constructs the team's tiles, in the same order, from the same level:
// Kokkos hands out scratch as a bump allocator shared by the team (a ClusterMember, too:
// KokkosTile_Cluster.hpp).

#include <Kokkos_Core.hpp>

#include <cstddef>

namespace KokkosTile {

/// A rows x cols tile whose rows are stored `pad` elements apart beyond `cols`. Padding by one
/// element makes the threads of a warp that walk down a column hit 32 different banks (a 32x33
/// array of floats instead of 32x32), which is what a transposing access pattern needs.
struct TileShape2D {
  int rows = 0;
  int cols = 0;
  int pad = 0;
  KOKKOS_INLINE_FUNCTION constexpr int pitch() const { return cols + pad; }
};

/// A 2-D tile in team scratch, row-major with the padded pitch of its TileShape2D.
template <class T, class ExecSpace>
class Tile2D {
 public:
  using value_type = T;
  using execution_space = ExecSpace;
  using scratch_space = typename ExecSpace::scratch_memory_space;
  using storage_type = Kokkos::View<T**, Kokkos::LayoutRight, scratch_space,
                                    Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

  /// Bytes of team scratch one tile of this shape takes, alignment included.
  static std::size_t scratch_bytes(const TileShape2D& shape) {
    return storage_type::shmem_size(shape.rows, shape.pitch());
  }

  KOKKOS_DEFAULTED_FUNCTION Tile2D() = default;

  template <class TeamMember>
  KOKKOS_INLINE_FUNCTION Tile2D(const TeamMember& team, int level, const TileShape2D& shape)
      : storage_(team.team_scratch(level), shape.rows, shape.pitch()), cols_(shape.cols) {}

  KOKKOS_INLINE_FUNCTION T& operator()(int row, int col) const { return storage_(row, col); }
  KOKKOS_INLINE_FUNCTION int rows() const { return static_cast<int>(storage_.extent(0)); }
  KOKKOS_INLINE_FUNCTION int cols() const { return cols_; }
  KOKKOS_INLINE_FUNCTION int pitch() const { return static_cast<int>(storage_.extent(1)); }
  /// rows() for 0, cols() for 1: a tile reads like a rank-2 View (team_gemm takes either).
  KOKKOS_INLINE_FUNCTION int extent(int dim) const { return dim == 0 ? rows() : cols_; }
  /// The padded storage (rows x pitch).
  KOKKOS_INLINE_FUNCTION const storage_type& storage() const { return storage_; }

 private:
  storage_type storage_;
  int cols_ = 0;
};

/// A 1-D tile in team scratch whose extent is chosen at run time.
template <class T, class ExecSpace>
class Tile1D {
 public:
  using value_type = T;
  using execution_space = ExecSpace;
  using scratch_space = typename ExecSpace::scratch_memory_space;
  using storage_type = Kokkos::View<T*, scratch_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

  static std::size_t scratch_bytes(std::size_t extent) { return storage_type::shmem_size(extent); }

  KOKKOS_DEFAULTED_FUNCTION Tile1D() = default;

  template <class TeamMember>
  KOKKOS_INLINE_FUNCTION Tile1D(const TeamMember& team, int level, std::size_t extent)
      : storage_(team.team_scratch(level), extent) {}

  KOKKOS_INLINE_FUNCTION T& operator()(int i) const { return storage_(i); }
  KOKKOS_INLINE_FUNCTION int extent() const { return static_cast<int>(storage_.extent(0)); }
  /// extent() for 0: a tile reads like a rank-1 View (team_reverse takes either).
  KOKKOS_INLINE_FUNCTION int extent(int) const { return extent(); }
  KOKKOS_INLINE_FUNCTION const storage_type& storage() const { return storage_; }

 private:
  storage_type storage_;
};

/// A 1-D tile in team scratch whose extent is a compile-time constant, the Kokkos counterpart of
/// `__shared__ T buffer[Extent]`: indexing needs no run-time extent.
template <class T, std::size_t Extent, class ExecSpace>
class StaticTile1D {
  static_assert(Extent > 0, "KokkosTile::StaticTile1D: the extent must be positive");

 public:
  using value_type = T;
  using execution_space = ExecSpace;
  using scratch_space = typename ExecSpace::scratch_memory_space;
  using storage_type =
      Kokkos::View<T[Extent], scratch_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

  static std::size_t scratch_bytes() { return storage_type::shmem_size(); }

  KOKKOS_DEFAULTED_FUNCTION StaticTile1D() = default;

  template <class TeamMember>
  KOKKOS_INLINE_FUNCTION StaticTile1D(const TeamMember& team, int level)
      : storage_(team.team_scratch(level)) {}

  KOKKOS_INLINE_FUNCTION T& operator()(int i) const { return storage_(i); }
  KOKKOS_INLINE_FUNCTION static constexpr int extent() { return static_cast<int>(Extent); }
  KOKKOS_INLINE_FUNCTION static constexpr int extent(int) { return static_cast<int>(Extent); }
  KOKKOS_INLINE_FUNCTION const storage_type& storage() const { return storage_; }

 private:
  storage_type storage_;
};

}  // namespace KokkosTile
