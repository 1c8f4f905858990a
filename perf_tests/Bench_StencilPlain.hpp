// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The stencil a Kokkos user writes without KokkosTile when they care about speed: the
// `plain_kokkos` row of Bench_Stencil.cpp, with the contiguous index innermost and no scratch or
// tiling (what the library's tiles must beat).
//
// - Devices: one RangePolicy iteration computes one aligned 16-byte packet of consecutive outputs
//   of a row (the widest load a CUDA thread issues; a global-memory 5-point star in float4 loads
//   reaches about 1.03 of a copy kernel on an H100, issue 15). A thread reads the packets of its
//   column on the rows above and below, and the packets on either side where a tap reaches beyond
//   its own (the centre row of a star, every row of a box); neighbouring threads' reads of the
//   same packets are served by the caches. The clamp is resolved only in packets at the edge.
// - Host backends: one iteration per row, an inner loop over the row's interior that the compiler
//   vectorizes, the rows above and below clamped once per row and the R columns at each end
//   clamped per tap.

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <type_traits>

namespace KokkosTileBench {

template <class T, int Bytes>
struct alignas(Bytes) PlainPacket {
  T v[Bytes / sizeof(T)];
};

/// The device form. Radius R (1 or 2), a star (taps on the axes only) or a full box; weights row by
/// row, w[(di + R) * (2 R + 1) + dj + R], clamp boundary. `packets` is false when the Views' data
/// or row strides are not whole packets: every iteration then takes the element path.
template <class Space, class T, int R, bool Star>
struct PlainStencilPackets {
  static constexpr int packet_bytes = 16;
  static constexpr int V = packet_bytes / static_cast<int>(sizeof(T));
  static constexpr int D = 2 * R + 1;
  static_assert(R >= 1 && R <= V, "side taps lie in the neighbouring packets");
  using packet = PlainPacket<T, packet_bytes>;

  const T* in;
  T* out;
  std::int64_t in_stride;   // elements between rows
  std::int64_t out_stride;  // elements between rows
  int rows;
  int cols;
  int packets_per_row;
  bool packets;
  T w[D * D];

  KOKKOS_INLINE_FUNCTION T clamped(int i, int j) const {
    i = i < 0 ? 0 : (i >= rows ? rows - 1 : i);
    j = j < 0 ? 0 : (j >= cols ? cols - 1 : j);
    return in[i * in_stride + j];
  }

  KOKKOS_INLINE_FUNCTION const packet& packet_at(int i, int j) const {
    return *reinterpret_cast<const packet*>(in + i * in_stride + j);
  }

  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t index) const {
    const int i = static_cast<int>(index / packets_per_row);
    const int j0 = static_cast<int>(index - std::int64_t(i) * packets_per_row) * V;
    if (packets && i >= R && i + R < rows && j0 >= V && j0 + 2 * V <= cols) {
      T sum[V];
      for (int v = 0; v < V; ++v)
        sum[v] = T(0);
      for (int di = -R; di <= R; ++di) {
        if (Star && di != 0) {
          const packet column = packet_at(i + di, j0);
          for (int v = 0; v < V; ++v)
            sum[v] += w[(di + R) * D + R] * column.v[v];
          continue;
        }
        // The row's own packet and the side packets the taps reach into.
        const packet left = packet_at(i + di, j0 - V);
        const packet middle = packet_at(i + di, j0);
        const packet right = packet_at(i + di, j0 + V);
        T line[3 * V];
        for (int v = 0; v < V; ++v) {
          line[v] = left.v[v];
          line[V + v] = middle.v[v];
          line[2 * V + v] = right.v[v];
        }
        for (int dj = -R; dj <= R; ++dj)
          for (int v = 0; v < V; ++v)
            sum[v] += w[(di + R) * D + dj + R] * line[V + v + dj];
      }
      packet result;
      for (int v = 0; v < V; ++v)
        result.v[v] = sum[v];
      *reinterpret_cast<packet*>(out + i * out_stride + j0) = result;
      return;
    }
    for (int v = 0; v < V && j0 + v < cols; ++v) {
      const int j = j0 + v;
      T sum = T(0);
      for (int di = -R; di <= R; ++di)
        for (int dj = -R; dj <= R; ++dj)
          if (!Star || di == 0 || dj == 0)
            sum += w[(di + R) * D + dj + R] * clamped(i + di, j + dj);
      out[i * out_stride + j] = sum;
    }
  }
};

/// The host form: one row per iteration (see the top of the file).
template <class T, int R, bool Star>
struct PlainStencilRows {
  static constexpr int D = 2 * R + 1;
  const T* in;
  T* out;
  std::int64_t in_stride;
  std::int64_t out_stride;
  int rows;
  int cols;
  T w[D * D];

  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t row) const {
    const int i = static_cast<int>(row);
    const T* line[D];
    for (int di = -R; di <= R; ++di) {
      const int clamped = i + di < 0 ? 0 : (i + di >= rows ? rows - 1 : i + di);
      line[di + R] = in + clamped * in_stride;
    }
    T* const result = out + i * out_stride;
    const auto tap_sum = [&](int j, auto column) {
      T sum = T(0);
      for (int di = -R; di <= R; ++di)
        for (int dj = -R; dj <= R; ++dj)
          if (!Star || di == 0 || dj == 0)
            sum += w[(di + R) * D + dj + R] * line[di + R][column(j + dj)];
      return sum;
    };
    const auto clamp_column = [&](int j) { return j < 0 ? 0 : (j >= cols ? cols - 1 : j); };
    const auto inside = [](int j) { return j; };
    const int first = cols > 2 * R ? R : cols;
    const int last = cols > 2 * R ? cols - R : cols;
    for (int j = 0; j < first; ++j)
      result[j] = tap_sum(j, clamp_column);
    for (int j = first; j < last; ++j)
      result[j] = tap_sum(j, inside);
    for (int j = last; j < cols; ++j)
      result[j] = tap_sum(j, clamp_column);
  }
};

/// Launches the plain kernel on `space` for rank-2 LayoutRight Views; `weight(di, dj)` gives the
/// stencil's weights.
template <int R, bool Star, class Space, class Grid, class Weights>
void plain_stencil(const Space& space, const Grid& out, const Grid& in, const Weights& weight) {
  static_assert(std::is_same_v<typename Grid::array_layout, Kokkos::LayoutRight>,
                "the plain kernel reads rows with unit stride");
  using T = typename Grid::non_const_value_type;
  constexpr int D = 2 * R + 1;
  const auto set_weights = [&](T(&w)[D * D]) {
    for (int di = -R; di <= R; ++di)
      for (int dj = -R; dj <= R; ++dj)
        w[(di + R) * D + dj + R] = weight(di, dj);
  };
  if constexpr (Kokkos::SpaceAccessibility<Kokkos::HostSpace,
                                           typename Space::memory_space>::accessible) {
    using functor = PlainStencilRows<T, R, Star>;
    functor f{in.data(),
              out.data(),
              static_cast<std::int64_t>(in.stride(0)),
              static_cast<std::int64_t>(out.stride(0)),
              static_cast<int>(in.extent(0)),
              static_cast<int>(in.extent(1)),
              {}};
    set_weights(f.w);
    Kokkos::parallel_for("KokkosTileBench::plain_stencil",
                         Kokkos::RangePolicy<Space>(space, 0, f.rows), f);
  } else {
    using functor = PlainStencilPackets<Space, T, R, Star>;
    constexpr int V = functor::V;
    functor f{in.data(),
              out.data(),
              static_cast<std::int64_t>(in.stride(0)),
              static_cast<std::int64_t>(out.stride(0)),
              static_cast<int>(in.extent(0)),
              static_cast<int>(in.extent(1)),
              static_cast<int>((in.extent(1) + V - 1) / V),
              false,
              {}};
    const auto whole_packets = [](const void* data, std::int64_t stride) {
      return reinterpret_cast<std::uintptr_t>(data) % functor::packet_bytes == 0 &&
             stride * static_cast<std::int64_t>(sizeof(T)) % functor::packet_bytes == 0;
    };
    f.packets = whole_packets(f.in, f.in_stride) && whole_packets(f.out, f.out_stride);
    set_weights(f.w);
    Kokkos::parallel_for(
        "KokkosTileBench::plain_stencil",
        Kokkos::RangePolicy<Space>(space, 0, std::int64_t(f.rows) * f.packets_per_row), f);
  }
}

}  // namespace KokkosTileBench
