// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The strip kernel of KokkosTile::apply_stencil, its default path for radii 1 and 2 (float stencils
// and boxes of double, where it measured faster) when both Views have a unit-stride fast index in
// the same orientation and the input may be read in 16-byte packets.
//
// Why not one tile per team: a team that loads its tile, waits at a barrier, then computes and
// stores has no loads in flight while it computes, and at the occupancy its scratch allows the
// other teams do not fill that gap (0.57 of deep_copy on an H200). Here each team walks a list of
// chunks (64 fast-index columns by 64 slow rows for float, 32 for double: about 19 KB with halo)
// with two scratch buffers: the next chunk's rows go global -> shared by cp.async while the team
// computes the current chunk from the other buffer. The league is the number of teams that fit
// on the device at once, so there is no tail of half-empty waves; chunk g of the list is strip
// g % strips, so the teams running at one time sweep the same rows of the grid together and the
// halo rows a chunk shares with its neighbour above are still in L2.
//
// On sm_90 one thread per team moves each chunk with one bulk copy (TMA) per line, completing on an
// mbarrier, instead of every thread issuing a cp.async per 16 bytes.
//
// Boundaries are resolved while loading: a halo packet that lies inside the grid is copied, one
// that does not is assembled element by element through the boundary condition. Each thread
// computes V consecutive outputs (one packet) from the three packets of each row it needs and
// stores them as one packet when the output allows it. Host backends run the same code with plain
// copies (a team is one thread there, so there is nothing to overlap).

#include <Kokkos_Core.hpp>

#include "KokkosTile_Stencil2D.hpp"
#include "impl/core/Core_AsyncCopy.hpp"
#include "impl/core/Core_Packet.hpp"
#include "impl/core/Core_Unroll.hpp"

#include <cstddef>
#include <cstdint>

namespace KokkosTile {
namespace Impl {

/// Geometry of the strip decomposition, in (slow, fast) coordinates of the Views.
struct StencilStripGeometry {
  std::int64_t slow_extent = 0;
  std::int64_t fast_extent = 0;
  std::int64_t strips = 0;   // whole strips of StencilStrip::edge columns
  std::int64_t chunks = 0;   // strips * chunks down one strip
  int in_slow = 0;           // stride of in along its slow index
  int out_slow = 0;          // stride of out along its slow index
  bool fast_is_cols = true;  // the fast index is the column index (j)
  bool out_packets = false;  // outputs may be stored as aligned packets
  bool async = false;        // halo packets may go global -> shared by cp.async
  bool bulk = false;         // lines may go global -> shared by bulk copies (sm_90)
};

/// Level: the scratch level, compiled in, so that level 0 on CUDA gets shared-memory instructions
/// (with a run-time level nvcc emits generic ones; see with_scratch_level).
template <class ExecSpace, class OutView, class InView, class T, int R, int Level>
struct StencilStrip {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using packet = Packet<T, packet_width<T>()>;

  static constexpr int V = packet_width<T>();
  /// Outputs across one strip (fast index) and down one chunk (slow index).
  static constexpr int edge = 64;
  static constexpr int chunk_rows = sizeof(T) <= 4 ? 64 : 32;
  /// Halo columns on each side, whole packets, so that every scratch packet is aligned.
  static constexpr int margin = (R + V - 1) / V * V;
  static constexpr int pitch = edge + 2 * margin;
  static constexpr int lines = chunk_rows + 2 * R;
  static constexpr int buffer_elements = lines * pitch;
  static_assert(R >= 1 && R <= V, "the packets left and right of a packet cover the radius");

  /// Team scratch for two buffers and their two mbarriers, with the slack for alignment.
  static constexpr std::size_t scratch_bytes() {
    return 2 * buffer_elements * sizeof(T) + 16 + 2 * sizeof(std::uint64_t) + 8;
  }

  OutView out;
  InView in;
  Stencil2D<T> oriented;  // first offset along the slow index
  BoundaryCondition<T> boundary;
  bool star;
  StencilStripGeometry geo;

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    std::int64_t g = team.league_rank();
    const std::int64_t step = team.league_size();
    if (g >= geo.chunks)
      return;
    T* const buffers = static_cast<T*>(
        team.team_scratch(Level).get_shmem_aligned(2 * buffer_elements * sizeof(T), 16));
    std::uint64_t* const barriers = static_cast<std::uint64_t*>(
        team.team_scratch(Level).get_shmem_aligned(2 * sizeof(std::uint64_t), 8));
#ifdef KOKKOSTILE_HAVE_BULK_COPY
    if (geo.bulk) {
      run_with_bulk_copies(team, g, step, buffers, barriers);
      return;
    }
#endif
    (void)barriers;
    load_chunk(team, g, buffers);
    for (int i = 0; g < geo.chunks; ++i, g += step) {
      const std::int64_t next = g + step;
      if (next < geo.chunks) {
        load_chunk(team, next, buffers + ((i + 1) & 1) * buffer_elements);
        wait_for_loads<1>();
      } else {
        wait_for_loads<0>();
      }
      team.team_barrier();  // the current buffer is complete
      if (star) {
        compute_chunk<true>(team, g, buffers + (i & 1) * buffer_elements);
      } else {
        compute_chunk<false>(team, g, buffers + (i & 1) * buffer_elements);
      }
      team.team_barrier();  // nobody reads the current buffer when the next load overwrites it
    }
  }

#ifdef KOKKOSTILE_HAVE_BULK_COPY
  /// The chunk loop with bulk copies: one thread of the team starts one bulk copy per chunk line
  /// (the part of the line inside the grid) on the buffer's mbarrier; every thread waits on it.
  /// Parity: buffer b is filled at iterations b, b + 2, ..., so its k-th fill is phase k % 2.
  KOKKOS_INLINE_FUNCTION void run_with_bulk_copies(const member_type& team, std::int64_t g,
                                                   std::int64_t step, T* buffers,
                                                   std::uint64_t* barriers) const {
    const bool issuer = threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0;
    if (issuer) {
      mbarrier_init(barriers, 1);
      mbarrier_init(barriers + 1, 1);
    }
    team.team_barrier();
    issue_chunk(team, g, buffers, barriers, issuer);
    for (int i = 0; g < geo.chunks; ++i, g += step) {
      const std::int64_t next = g + step;
      if (next < geo.chunks)
        issue_chunk(team, next, buffers + ((i + 1) & 1) * buffer_elements, barriers + ((i + 1) & 1),
                    issuer);
      mbarrier_wait(barriers + (i & 1), unsigned(i >> 1) & 1u);
      team.team_barrier();  // the parts outside the grid, written by every thread, are complete
      if (star) {
        compute_chunk<true>(team, g, buffers + (i & 1) * buffer_elements);
      } else {
        compute_chunk<false>(team, g, buffers + (i & 1) * buffer_elements);
      }
      team.team_barrier();  // nobody reads the current buffer when the next fill overwrites it
    }
  }

  /// Starts filling `buffer` with chunk g: bulk copies for what lies inside the grid (whole
  /// packets, so every copy is a multiple of 16 bytes at 16-byte aligned ends), the boundary
  /// condition element by element for the rest.
  KOKKOS_INLINE_FUNCTION void issue_chunk(const member_type& team, std::int64_t g, T* buffer,
                                          std::uint64_t* barrier, bool issuer) const {
    const std::int64_t slow0 = (g / geo.strips) * chunk_rows - R;
    const std::int64_t fast0 = (g % geo.strips) * edge - margin;
    const std::int64_t lo = fast0 < 0 ? 0 : fast0;
    const std::int64_t hi = fast0 + pitch < geo.fast_extent ? fast0 + pitch : geo.fast_extent;
    const std::int64_t first = slow0 < 0 ? 0 : slow0;
    const std::int64_t last = slow0 + lines < geo.slow_extent ? slow0 + lines : geo.slow_extent;
    if (issuer) {
      const unsigned line_bytes = static_cast<unsigned>((hi - lo) * sizeof(T));
      fence_before_bulk_copies();
      mbarrier_arrive_expect_bytes(barrier, line_bytes * static_cast<unsigned>(last - first));
      const T* source = in.data() + first * geo.in_slow + lo;
      T* destination = buffer + (first - slow0) * pitch + (lo - fast0);
      for (std::int64_t line = first; line < last; ++line) {
        bulk_copy_to_shared(destination, source, line_bytes, barrier);
        source += geo.in_slow;
        destination += pitch;
      }
    }
    if (first != slow0 || last != slow0 + lines || lo != fast0 || hi != fast0 + pitch) {
      Kokkos::parallel_for(Kokkos::TeamVectorRange(team, lines * pitch), [&](int k) {
        const std::int64_t s = slow0 + k / pitch, f = fast0 + k % pitch;
        if (s < first || s >= last || f < lo || f >= hi)
          buffer[k] = read_element(s, f);
      });
    }
  }
#endif

  /// in at (slow, fast), or what the boundary condition says outside the grid.
  KOKKOS_INLINE_FUNCTION T read_element(std::int64_t slow, std::int64_t fast) const {
    const bool inside = slow >= 0 && slow < geo.slow_extent && fast >= 0 && fast < geo.fast_extent;
    if (!inside && boundary.kind == Boundary::constant)
      return boundary.value;
    const std::int64_t s = inside ? slow : boundary_line(slow, geo.slow_extent);
    const std::int64_t f = inside ? fast : boundary_line(fast, geo.fast_extent);
    return geo.fast_is_cols ? in(s, f) : in(f, s);
  }

  KOKKOS_INLINE_FUNCTION std::int64_t boundary_line(std::int64_t index, std::int64_t extent) const {
    if (boundary.kind == Boundary::periodic) {
      const std::int64_t wrapped = index % extent;
      return wrapped < 0 ? wrapped + extent : wrapped;
    }
    return index < 0 ? 0 : (index >= extent ? extent - 1 : index);
  }

  /// Starts loading chunk g (its rows plus R halo rows above and below, `margin` halo columns each
  /// side) into `buffer`, and closes this thread's group of asynchronous copies.
  KOKKOS_INLINE_FUNCTION void load_chunk(const member_type& team, std::int64_t g, T* buffer) const {
    constexpr int per_line = pitch / V;
    const std::int64_t slow0 = (g / geo.strips) * chunk_rows - R;
    const std::int64_t fast0 = (g % geo.strips) * edge - margin;
    const T* const source = in.data();
    Kokkos::parallel_for(Kokkos::TeamVectorRange(team, lines * per_line), [&](int k) {
      const int line = k / per_line, column = (k % per_line) * V;
      const std::int64_t s = slow0 + line, f = fast0 + column;
      T* const dst = buffer + line * pitch + column;
      if (s >= 0 && s < geo.slow_extent && f >= 0 && f + V <= geo.fast_extent) {
        const T* const src = source + s * geo.in_slow + f;
#ifdef KOKKOSTILE_HAVE_CP_ASYNC
        if (geo.async) {
          async_copy_to_shared<sizeof(packet)>(static_cast<void*>(dst), src);
          return;
        }
#endif
        *reinterpret_cast<packet*>(dst) = *reinterpret_cast<const packet*>(src);
      } else {
        for (int e = 0; e < V; ++e)
          dst[e] = read_element(s, f + e);
      }
    });
#ifdef KOKKOSTILE_HAVE_CP_ASYNC
    if (geo.async)
      async_copy_commit();
#endif
  }

  template <int Pending>
  KOKKOS_INLINE_FUNCTION void wait_for_loads() const {
#ifdef KOKKOSTILE_HAVE_CP_ASYNC
    if (geo.async)
      async_copy_wait<Pending>();
#endif
  }

  /// The outputs of chunk g from `buffer`: one packet of V consecutive outputs per thread and step.
  template <bool Star>
  KOKKOS_INLINE_FUNCTION void compute_chunk(const member_type& team, std::int64_t g,
                                            const T* buffer) const {
    constexpr int per_row = edge / V;
    const std::int64_t slow0 = (g / geo.strips) * chunk_rows;
    const std::int64_t fast0 = (g % geo.strips) * edge;
    const std::int64_t left = geo.slow_extent - slow0;
    const int rows = left < chunk_rows ? static_cast<int>(left) : chunk_rows;
    T* const out_chunk = out.data() + slow0 * geo.out_slow + fast0;
    Kokkos::parallel_for(Kokkos::TeamVectorRange(team, rows * per_row), [&](int k) {
      const int row = k / per_row, column = (k % per_row) * V;
      const packet result = taps<Star>(buffer + (row + R) * pitch + margin + column);
      T* const dst = out_chunk + row * geo.out_slow + column;
      if (geo.out_packets) {
        store_packet(dst, result);
      } else {
        KOKKOSTILE_UNROLL
        for (int e = 0; e < V; ++e)
          dst[e] = result.v[e];
      }
    });
  }

  /// V outputs whose first center is at `center` (a packet-aligned scratch address). The sum runs
  /// in the order of the other paths: the center first, then the taps row by row.
  template <bool Star>
  KOKKOS_INLINE_FUNCTION packet taps(const T* center) const {
    packet sum;
    const packet middle = *reinterpret_cast<const packet*>(center);
    const T w0 = oriented.weight(0, 0);
    KOKKOSTILE_UNROLL
    for (int e = 0; e < V; ++e)
      sum.v[e] = w0 * middle.v[e];
    KOKKOSTILE_UNROLL
    for (int ds = -R; ds <= R; ++ds) {
      const T* const line = center + ds * pitch;
      const packet mid = *reinterpret_cast<const packet*>(line);
      const bool sides = !Star || ds == 0;
      const packet lo = sides ? *reinterpret_cast<const packet*>(line - V) : mid;
      const packet hi = sides ? *reinterpret_cast<const packet*>(line + V) : mid;
      KOKKOSTILE_UNROLL
      for (int df = -R; df <= R; ++df) {
        if ((ds != 0 || df != 0) && (!Star || ds == 0 || df == 0)) {
          const T w = oriented.weight(ds, df);
          KOKKOSTILE_UNROLL
          for (int e = 0; e < V; ++e) {
            const int x = e + df;
            const T value = x < 0 ? lo.v[x + V] : (x >= V ? hi.v[x - V] : mid.v[x]);
            sum.v[e] += w * value;
          }
        }
      }
    }
    return sum;
  }
};

}  // namespace Impl
}  // namespace KokkosTile
