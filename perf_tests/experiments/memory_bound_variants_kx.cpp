// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tuning questions of the memory-bound kernels of issue 15 (README.md in this folder), each as a
// ratio to Kokkos::deep_copy of the same bytes in the same run (median of 9 batches of 10 calls):
//   1. the stencil packet kernel (Impl::launch_stencil_packets): output rows per thread and side
//      elements as packets or single elements, for the 5-point star (float, double) and, as a
//      reference, the 9-point star; since run 37 also the 9-point star with four rows and the 5x5
//      box (argument `stencil`: this question alone);
//   2. the out-of-place transpose through the public API: tile edge 32 or 64, on View memory (the
//      grid shifted so that full tiles are aligned, partial tiles at two edges) against the same
//      matrix placed on a 256-byte boundary (every tile full and aligned);
//   3. reverse_static<1024> against reverse (the packet kernel), in place;
//   4. (CUDA) reverse_static<1024>'s staged-packet kernel with 32 to 256 threads a team, and a
//      persistent variant: a few teams per multiprocessor, each looping over chunk pairs and
//      issuing the next pair's loads before it stores the current pair (CSV lines `staged,...`);
//   5. (CUDA) cache hints on the global accesses of reverse_static<1024>'s staged kernel and of
//      reverse's packet kernel: evict-first (.cs) stores, .cs loads and stores, non-coherent loads
//      that skip L1; each call timed alone with a fence, as the benchmarks time them (CSV lines
//      `hint,...`).
//   6. (CUDA) the transposes' full-tile scratch layout, 4-byte elements: the padded pitch against
//      the XOR-swizzled tile (Transpose_SwizzledTile.hpp), out of place and in place, on View
//      memory, each call fenced (CSV lines `layout,...`; with the argument `layout`, question 6
//      only).
//   7. and 8.: see README.md (argument `designs`).
//   9. (CUDA) the out-of-place transpose's tile order (argument `bands`): the library's launch
//      with consecutive teams along rows of tiles, down columns, or as the library picks, float
//      and double, on Views as the benchmark allocates them, timed as Google Benchmark times the
//      benchmarks (the mean of fenced calls over 0.1 s, the median of 5 repetitions), deep_copy
//      measured again before each form (CSV lines `band,...`). Runs 15-16 were made at ad05753,
//      where the launch took bands of 1 to all rows of tiles, a diagonal order, and padded Views.
//  10. (CUDA) what separates question 9's timings from kokkostile_perf's for the same kernel
//      (argument `harness`): the data (question 9's ascending pattern, a constant, or the
//      benchmark's hashed values), and the public entry point against the library's launch, with
//      deep_copy timed on the same data (CSV lines `harness,...`).
//  11. (CUDA) tiles past Kokkos' 48 KB of team scratch (argument `raw`): a raw CUDA out-of-place
//      float transpose of full Edge x Edge tiles (64 or 128) with Threads a block, teams along
//      rows or down columns, on 256-byte aligned squares, against the library and deep_copy,
//      timed as in question 9 (CSV lines `raw,...`).
//  12. (CUDA) what the point between question 11's raw 64 x 64 kernel and the library is made of
//      (argument `launch`): on the same 256-byte aligned squares, the raw kernel, the same design
//      launched through a Kokkos TeamPolicy (question 7's TransposeDesign), the library's launch
//      and its public entry point, then the public entry point on Views (shifted grid, half tiles
//      at two edges); 256^2 shows each launch's fixed cost (CSV lines `launch,...`).
//  13. (CUDA) the boundary the out-of-place transpose's tile grid is shifted to (argument
//      `alignment`): a whole tile line or 128 bytes, on squares 0 or 128 bytes past a 256-byte
//      boundary and on Views, with (float) the raw kernel on each placement (CSV lines
//      `align,...`).
//  14. (CUDA) what is left above the raw 64 x 64 kernel (argument `persistent`): the same tiles
//      copied without a transpose, persistent blocks that load the next tile while storing the
//      current one, and evict-first stores (CSV lines `persist,...`).
//  15. (CUDA) where b lies relative to a (argument `placement`): both in one allocation, b 0 to
//      8 MiB past a's end, for the raw kernel and the library's launch, against the library on
//      Views (CSV lines `place,...`).
//  16. (CUDA) what each launch costs the host and a fenced call (argument `overhead`): raw, a
//      Kokkos TeamPolicy, the library's launch and entry point, deep_copy (CSV lines
//      `overhead,...`).
//  17. (CUDA) what the Views cost the float transpose (argument `views`): the entry point and the
//      launch on Views and on unmanaged Views of the same memory, against the aligned square (CSV
//      lines `views,...`).
//  18. (CUDA) whether occupancy separates the library kernel from the raw one (argument
//      `occupancy`): the raw kernel held to 4, 5, 6 or 8 blocks a multiprocessor by padding its
//      shared memory (CSV lines `occupancy,...`).
//  19. (CUDA) the library's launch under launch bounds <256, 5> and <256, 6> against Kokkos'
//      default, with the tile order of 4edb5c1 (argument `bounds`; CSV lines `bounds,...`).
//  20. (CUDA) the host's time to issue one call on an idle stream (argument `issue`): raw, a Kokkos
//      TeamPolicy, the library's launch and entry point, deep_copy (CSV lines `issue,...`).
//  21. (CUDA, sm_90) tiles moved by the Tensor Memory Accelerator (argument `tma`;
//      transpose_tma_tiles.hpp): one tile a block, and persistent blocks with 1 to 3 stages, on
//      the aligned square and on Views (the tile grid 32 floats before their origin), against the
//      raw 64 x 64 kernel and the library, timed as in question 9 (CSV lines `tma,...`; runs 29-31
//      also had 128 threads a tile, no L2 promotion, rows of tiles and an unshifted grid).
//  22. (CUDA) the stencil packet kernel with its taps summed input row by input row (argument
//      `rolling`): each packet row, once loaded, adds its taps to every output row that uses it,
//      so that one row's packets and the H sums are live instead of all H + 2 R rows (the library
//      loads the whole window first); rows per thread and teams per multiprocessor, for the 5x5
//      box and the 9-point and 5-point stars, against the library's launch, timed as in question
//      9 with deep_copy before each form, and checked against the library's output (CSV lines
//      `rolling,...`).
//  23. and 24.: see README.md (arguments `rteam`, `inplace`).
//  25. (CUDA) the order of the in-place transpose's tile pairs (Impl::InPlaceTileOrder: columns of
//      the upper triangle, rows, groups of tiles) and `reverse`'s pairs taken from the middle
//      outwards (argument `order`; CSV lines `inorder,...` and `rorder,...`).
//  26. (CUDA) question 22's rolling 5x5 box with three or four rows a thread at four to six
//      teams a multiprocessor (argument `boxteams`; CSV lines `rolling,...`).
//  27. (CUDA) the in-place transpose with 4 to 32 warps a team, and the diagnostic of its tile
//      pairs: the library's pair swap (FullTilePackets) on a 256-byte aligned square, written back
//      in place or into a second square (argument `inwarps`; CSV lines `inwarps,...`).
//  28. (CUDA) what a fenced call of `reverse` costs beyond its kernel: deep_copy, a raw CUDA launch
//      of the packet kernel, the same functor through a Kokkos RangePolicy, and the library's
//      entry points, at 2^10 and 2^26 elements (argument `roverhead`; CSV lines `roverhead,...`).
//  29. see README.md (argument `sbounds`).
//  30. (CUDA) what the in-place reversals lack against a copy (argument `rflight`; CSV lines
//      `rflight,...`): bytes in flight capped, the same accesses out of place, and
//      reverse_static<1024>'s chunks staged by cp.async or bulk copies.
//  31. (CUDA) question 30's chunks moved both ways by bulk copies, reversed into two more chunks
//      of scratch or swapped within the two, for chunks of 256 to 2048 elements (argument `rbulk`;
//      CSV lines `rbulk,...`).
#include <Kokkos_Core.hpp>
#include <KokkosTile.hpp>

#include "transpose_tma_tiles.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <functional>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

using Space = Kokkos::DefaultExecutionSpace;
using Memory = Space::memory_space;

/// A question run alone by its argument (named_questions), with its CSV lines' header.
struct NamedQuestion {
  const char* argument;
  const char* csv_header;
  void (*run)();
};

double median_ms(const std::function<void()>& call) {
  call();
  Kokkos::fence();
  std::vector<double> samples;
  for (int batch = 0; batch < 9; ++batch) {
    const auto start = std::chrono::steady_clock::now();
    for (int k = 0; k < 10; ++k)
      call();
    Kokkos::fence();
    const std::chrono::duration<double, std::milli> elapsed =
        std::chrono::steady_clock::now() - start;
    samples.push_back(elapsed.count() / 10);
  }
  std::sort(samples.begin(), samples.end());
  return samples[samples.size() / 2];
}

template <class T>
double copy_ms(std::int64_t count) {
  Kokkos::View<T*, Memory> a("a", count), b("b", count);
  Kokkos::deep_copy(a, T(1));
  return median_ms([&] { Kokkos::deep_copy(b, a); });
}

template <class T>
const char* type_name() {
  return sizeof(T) == 4 ? "float" : "double";
}

/// The first element of `data` on a 256-byte boundary (less than 256 bytes in).
template <class T>
T* on_256_byte_boundary(T* data) {
  const auto address = reinterpret_cast<std::uintptr_t>(data);
  return data + (256 - address % 256) % 256 / sizeof(T);
}

#if defined(KOKKOS_ENABLE_CUDA)
/// The packet kernel's fast path on LayoutRight grids whose rows are whole, aligned packets.
template <class Grid>
KokkosTile::Impl::StencilFastPath packet_fast_path(const Grid& out, const Grid& in) {
  KokkosTile::Impl::StencilFastPath fast;
  fast.usable = true;
  fast.fast_is_cols = true;
  fast.in_slow = static_cast<int>(in.stride(0));
  fast.out_slow = static_cast<int>(out.stride(0));
  fast.packets = true;
  return fast;
}

template <class T, int R, bool Star, int Rows, bool Side, unsigned Teams = 4, class Grid>
void stencil_variant(const Grid& out, const Grid& in, const KokkosTile::Stencil2D<T>& weights,
                     double copy) {
  const auto fast = packet_fast_path(out, in);
  const auto boundary = KokkosTile::BoundaryCondition<T>::clamp();
  const double ms = median_ms([&] {
    KokkosTile::Impl::launch_stencil_packets<R, Star, Grid, Grid, T, Rows, Side, Teams>(
        "variant", Kokkos::Cuda(), out, in, weights, boundary, fast);
  });
  std::printf("  %-7s %s R=%d rows/thread %d side %-8s teams/SM %u %.4f ms  %.3f of deep_copy%s\n",
              Star ? "star" : "box", type_name<T>(), R, Rows, Side ? "packets" : "elements", Teams,
              ms, copy / ms,
              (Rows == KokkosTile::Impl::stencil_rows_per_thread<T, R, Star> &&
               Side == KokkosTile::Impl::stencil_side_packets<T, R> &&
               Teams == KokkosTile::Impl::stencil_teams_per_sm<T, R, Star>)
                  ? "  (library default)"
                  : "");
}

template <class T>
void stencil_questions(int edge) {
  using Grid = Kokkos::View<T**, Kokkos::LayoutRight, Memory>;
  Grid in("in", edge, edge), out("out", edge, edge);
  Kokkos::deep_copy(in, T(1));
  const double copy = copy_ms<T>(std::int64_t(edge) * edge);
  std::printf("stencil %s %dx%d: deep_copy %.4f ms\n", type_name<T>(), edge, edge, copy);
  const auto five = KokkosTile::Stencil2D<T>::five_point(T(-4), T(1));
  stencil_variant<T, 1, true, 1, false>(out, in, five, copy);
  stencil_variant<T, 1, true, 1, true>(out, in, five, copy);
  stencil_variant<T, 1, true, 2, false>(out, in, five, copy);
  stencil_variant<T, 1, true, 2, true>(out, in, five, copy);
  stencil_variant<T, 1, true, 4, false>(out, in, five, copy);
  stencil_variant<T, 1, true, 4, true>(out, in, five, copy);
  const auto nine = KokkosTile::Stencil2D<T>::nine_point(T(-5), T(4) / 3, T(-1) / 12);
  stencil_variant<T, 2, true, 2, true>(out, in, nine, copy);
  stencil_variant<T, 2, true, 1, true>(out, in, nine, copy);
  stencil_variant<T, 2, true, 4, true>(out, in, nine, copy);
  // The 5x5 box (added in stop 40, run 37): rows per thread and side elements, as the benchmark's
  // box (every weight 1/25).
  const auto box = KokkosTile::Stencil2D<T>::box(2, std::vector<T>(25, T(1) / 25));
  stencil_variant<T, 2, false, 2, true>(out, in, box, copy);
  stencil_variant<T, 2, false, 1, true>(out, in, box, copy);
  stencil_variant<T, 2, false, 4, true>(out, in, box, copy);
  stencil_variant<T, 2, false, 2, false>(out, in, box, copy);
  // Launch bounds for 3 or 2 teams a multiprocessor (at most 80 or 128 registers): the box
  // spills at 64 (80-168 bytes of stack for float, 168-328 for double, run 37).
  stencil_variant<T, 2, false, 2, true, 3>(out, in, box, copy);
  stencil_variant<T, 2, false, 2, true, 2>(out, in, box, copy);
  stencil_variant<T, 2, false, 4, true, 3>(out, in, box, copy);
  stencil_variant<T, 2, false, 4, true, 2>(out, in, box, copy);
  stencil_variant<T, 2, true, 4, true, 3>(out, in, nine, copy);
}
#endif

template <class T>
void transpose_questions(int edge) {
  using Matrix = Kokkos::View<T**, Kokkos::LayoutRight, Memory>;
  using Unmanaged = Kokkos::View<T**, Kokkos::LayoutRight, Memory, Kokkos::MemoryUnmanaged>;
  const std::int64_t count = std::int64_t(edge) * edge;
  Matrix a("a", edge, edge), b("b", edge, edge);
  Kokkos::deep_copy(a, T(1));
  // The same matrices on a 256-byte boundary inside larger buffers.
  const std::int64_t slack = 256 / sizeof(T);
  Kokkos::View<T*, Memory> a_buffer("a_buffer", count + slack), b_buffer("b_buffer", count + slack);
  Unmanaged a_aligned(on_256_byte_boundary(a_buffer.data()), edge, edge);
  Unmanaged b_aligned(on_256_byte_boundary(b_buffer.data()), edge, edge);
  const double copy = copy_ms<T>(count);
  std::printf("transpose %s %dx%d: deep_copy %.4f ms; View data at %lu mod 256 bytes\n",
              type_name<T>(), edge, edge, copy,
              static_cast<unsigned long>(reinterpret_cast<std::uintptr_t>(a.data()) % 256));
  for (const int tile : {64, 32}) {
    const KokkosTile::TransposeOptions options{KokkosTile::TransposeVariant::tiled_padded, tile};
    const double on_views = median_ms([&] { KokkosTile::transpose(b, a, options); });
    const double on_aligned =
        median_ms([&] { KokkosTile::transpose(b_aligned, a_aligned, options); });
    std::printf("  tile %d: View memory %.3f of deep_copy, 256-byte aligned %.3f%s\n", tile,
                copy / on_views, copy / on_aligned, tile == 64 ? "  (library default)" : "");
  }
}

template <class T>
void reverse_questions(std::int64_t count) {
  Kokkos::View<T*, Memory> v("v", count);
  Kokkos::deep_copy(v, T(1));
  const double copy = copy_ms<T>(count);
  const double packets = median_ms([&] { KokkosTile::reverse(v); });
  const double staged = median_ms([&] { KokkosTile::reverse_static<1024>(v); });
  const double staged64 = median_ms([&] { KokkosTile::reverse_static<64>(v); });
  std::printf(
      "reverse %s, %ld elements: reverse %.3f, reverse_static<1024> %.3f, "
      "reverse_static<64> %.3f of deep_copy\n",
      type_name<T>(), static_cast<long>(count), copy / packets, copy / staged, copy / staged64);
}

#if defined(KOKKOS_ENABLE_CUDA)
/// Question 4's persistent variant: team g takes chunk pairs g, g + league, ...; while it stores
/// pair i from scratch it already has pair i + 1's loads in flight (PerThread packets of each chunk
/// per thread, in registers).
template <class T, int Chunk, int PerThread>
struct ReverseStagedPipelined {
  static constexpr int V = KokkosTile::Impl::packet_width<T>();
  using packet = KokkosTile::Impl::Packet<T, V>;
  using tile = KokkosTile::StaticTile1D<T, Chunk, Space>;
  using member_type = Kokkos::TeamPolicy<Space>::member_type;
  using helpers = KokkosTile::Impl::ReverseInPlaceStagedPackets<Space, T, Chunk, 0>;

  T* data;
  std::int64_t extent;
  std::int64_t chunks;

  KOKKOS_FORCEINLINE_FUNCTION int load(std::int64_t g, int t, int threads, packet* f, packet* b,
                                       T*& front, T*& back) const {
    const std::int64_t start = g * Chunk;
    const int count = KokkosTile::Impl::clipped_count(extent / 2, start, Chunk);
    const int packets = count / V;
    front = data + start;
    back = data + (extent - start - count);
    for (int u = 0; u < PerThread; ++u) {
      const int k = t + u * threads;
      if (k < packets) {
        f[u] = *reinterpret_cast<const packet*>(front + k * V);
        b[u] = *reinterpret_cast<const packet*>(back + k * V);
      }
    }
    return packets;
  }

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    std::int64_t g = team.league_rank();
    if (g >= chunks)
      return;
    const tile front_tile(team, 0), back_tile(team, 0);
    T* const fs = &front_tile(0);
    T* const bs = &back_tile(0);
    const bool whole = KokkosTile::Impl::packet_aligned(fs) && KokkosTile::Impl::packet_aligned(bs);
    const int t = team.team_rank(), threads = team.team_size();
    packet f[PerThread], b[PerThread];
    T *front = nullptr, *back = nullptr;
    int packets = load(g, t, threads, f, b, front, back);
    while (true) {
      for (int u = 0; u < PerThread; ++u) {
        const int k = t + u * threads;
        if (k < packets) {
          helpers::store_to_scratch(fs + k * V, f[u], whole);
          helpers::store_to_scratch(bs + k * V, b[u], whole);
        }
      }
      team.team_barrier();
      const int current = packets;
      T* const current_front = front;
      T* const current_back = back;
      const std::int64_t next = g + team.league_size();
      if (next < chunks)
        packets = load(next, t, threads, f, b, front, back);
      for (int u = 0; u < PerThread; ++u) {
        const int k = t + u * threads;
        if (k < current) {
          const int mirror = (current - 1 - k) * V;
          KokkosTile::Impl::store_packet(current_front + k * V,
                                         helpers::reversed_from_scratch(bs + mirror, whole));
          KokkosTile::Impl::store_packet(current_back + k * V,
                                         helpers::reversed_from_scratch(fs + mirror, whole));
        }
      }
      if (next >= chunks)
        break;
      team.team_barrier();
      g = next;
    }
  }
};

/// v(i) = i mod 1000003 (exact in float), so that a check knows where every element came from.
template <class T>
struct IndexPattern {
  Kokkos::View<T*, Memory> v;
  KOKKOS_FUNCTION void operator()(std::int64_t i) const { v(i) = T(i % 1000003); }
};

template <class T>
bool reversed_correctly(const Kokkos::View<T*, Memory>& v, std::int64_t flips) {
  auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), v);
  const std::int64_t n = host.extent(0);
  for (std::int64_t i = 0; i < n; i += 997) {
    const std::int64_t expected = flips % 2 == 0 ? i : n - 1 - i;
    if (host(i) != T(expected % 1000003))
      return false;
  }
  return true;
}

template <class T>
void staged_questions(std::int64_t count) {
  constexpr int Chunk = 1024;
  constexpr int V = KokkosTile::Impl::packet_width<T>();
  Kokkos::View<T*, Memory> v("v", count);
  Kokkos::parallel_for(Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>(0, count),
                       IndexPattern<T>{v});
  const double copy = copy_ms<T>(count);
  const std::int64_t chunks = (count / 2 + Chunk - 1) / Chunk;
  const std::size_t bytes = 2 * KokkosTile::StaticTile1D<T, Chunk, Space>::scratch_bytes();
  const int sms = KokkosTile::Impl::cuda_device_limits("kx", Space().cuda_device()).multiprocessors;
  std::int64_t flips = 0;  // each call reverses v once; checked at the end of each variant
  auto report = [&](const char* variant, int threads, int per_sm, double ms) {
    std::printf("staged,%s,%ld,%s,%d,%d,%.4f,%.3f,%s\n", type_name<T>(), static_cast<long>(count),
                variant, threads, per_sm, ms, copy / ms,
                reversed_correctly(v, flips) ? "ok" : "WRONG");
  };
  {
    const double ms = median_ms([&] {
      KokkosTile::reverse_static<Chunk>(v);
      ++flips;
    });
    report("library", 0, 0, ms);
  }
  for (const int threads : {32, 64, 128, 256}) {
    Kokkos::TeamPolicy<Space> policy(static_cast<int>(chunks), threads);
    policy.set_scratch_size(0, Kokkos::PerTeam(bytes));
    const KokkosTile::Impl::ReverseInPlaceStagedPackets<Space, T, Chunk, 0> functor{v.data(), count,
                                                                                    Chunk};
    const double ms = median_ms([&] {
      Kokkos::parallel_for("staged", policy, functor);
      ++flips;
    });
    report("one_pair_per_team", threads, 0, ms);
  }
  constexpr int packets = Chunk / V;
  auto pipelined = [&](auto per_thread) {
    constexpr int PerThread = decltype(per_thread)::value;
    const int threads = packets / PerThread;
    for (const int per_sm : {2, 4, 8, 12, 16, 24}) {
      if (per_sm * threads > 2048)
        continue;
      const std::int64_t league = std::min<std::int64_t>(chunks, std::int64_t(sms) * per_sm);
      Kokkos::TeamPolicy<Space> policy(static_cast<int>(league), threads);
      policy.set_scratch_size(0, Kokkos::PerTeam(bytes));
      const ReverseStagedPipelined<T, Chunk, PerThread> functor{v.data(), count, chunks};
      const double ms = median_ms([&] {
        Kokkos::parallel_for("pipelined", policy, functor);
        ++flips;
      });
      report("pipelined", threads, per_sm, ms);
    }
  };
  pipelined(std::integral_constant<int, 1>{});
  pipelined(std::integral_constant<int, 2>{});
  pipelined(std::integral_constant<int, 4>{});
}

/// Question 5's cache hints.
enum class Hint { none, store_cs, load_store_cs, load_nc_no_l1 };

const char* hint_name(Hint h) {
  switch (h) {
    case Hint::none:
      return "none";
    case Hint::store_cs:
      return "store_cs";
    case Hint::load_store_cs:
      return "load_store_cs";
    default:
      return "load_nc_no_l1";
  }
}

template <Hint H, class T, int V>
KOKKOS_FORCEINLINE_FUNCTION KokkosTile::Impl::Packet<T, V> hinted_load(const T* p) {
  using packet = KokkosTile::Impl::Packet<T, V>;
#ifdef __CUDA_ARCH__
  if constexpr (sizeof(packet) == 16 && (H == Hint::load_store_cs || H == Hint::load_nc_no_l1)) {
    unsigned w[4];
    if constexpr (H == Hint::load_store_cs)
      asm volatile("ld.global.cs.v4.u32 {%0, %1, %2, %3}, [%4];"
                   : "=r"(w[0]), "=r"(w[1]), "=r"(w[2]), "=r"(w[3])
                   : "l"(p));
    else
      asm volatile("ld.global.nc.L1::no_allocate.v4.u32 {%0, %1, %2, %3}, [%4];"
                   : "=r"(w[0]), "=r"(w[1]), "=r"(w[2]), "=r"(w[3])
                   : "l"(p));
    packet r;
    memcpy(&r, w, sizeof(w));
    return r;
  }
#endif
  return *reinterpret_cast<const packet*>(p);
}

template <Hint H, class T, int V>
KOKKOS_FORCEINLINE_FUNCTION void hinted_store(T* dst, const KokkosTile::Impl::Packet<T, V>& p) {
#ifdef __CUDA_ARCH__
  if constexpr (sizeof(p) == 16 && (H == Hint::store_cs || H == Hint::load_store_cs)) {
    unsigned w[4];
    memcpy(w, &p, sizeof(w));
    asm volatile("st.global.cs.v4.b32 [%0], {%1, %2, %3, %4};" ::"l"(dst), "r"(w[0]), "r"(w[1]),
                 "r"(w[2]), "r"(w[3])
                 : "memory");
    return;
  }
#endif
  KokkosTile::Impl::store_packet(dst, p);
}

/// Impl::ReverseInPlaceStagedPackets with hinted global loads and stores.
template <Hint H, class T, int Chunk>
struct ReverseStagedHinted {
  static constexpr int V = KokkosTile::Impl::packet_width<T>();
  using packet = KokkosTile::Impl::Packet<T, V>;
  using tile = KokkosTile::StaticTile1D<T, Chunk, Space>;
  using member_type = Kokkos::TeamPolicy<Space>::member_type;
  using helpers = KokkosTile::Impl::ReverseInPlaceStagedPackets<Space, T, Chunk, 0>;
  T* data;
  std::int64_t extent;

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    const tile front(team, 0), back(team, 0);
    const std::int64_t front_start = static_cast<std::int64_t>(team.league_rank()) * Chunk;
    const int packets = KokkosTile::Impl::clipped_count(extent / 2, front_start, Chunk) / V;
    T* const front_data = data + front_start;
    T* const back_data = data + (extent - front_start - std::int64_t(packets) * V);
    T* const fs = &front(0);
    T* const bs = &back(0);
    const bool whole = KokkosTile::Impl::packet_aligned(fs) && KokkosTile::Impl::packet_aligned(bs);
    KokkosTile::team_staged_copy<4>(
        team, packets,
        [&](int k) {
          return Kokkos::pair<packet, packet>(hinted_load<H, T, V>(front_data + k * V),
                                              hinted_load<H, T, V>(back_data + k * V));
        },
        [&](int k, const Kokkos::pair<packet, packet>& pair) {
          helpers::store_to_scratch(fs + k * V, pair.first, whole);
          helpers::store_to_scratch(bs + k * V, pair.second, whole);
        });
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamVectorRange(team, packets), [&](int k) {
      const int mirror = (packets - 1 - k) * V;
      hinted_store<H, T, V>(front_data + k * V, helpers::reversed_from_scratch(bs + mirror, whole));
      hinted_store<H, T, V>(back_data + k * V, helpers::reversed_from_scratch(fs + mirror, whole));
    });
  }
};

/// Impl::ReverseInPlacePackets with hinted global loads and stores.
template <Hint H, class T>
struct ReversePacketsHinted {
  static constexpr int V = KokkosTile::Impl::packet_width<T>();
  T* data;
  std::int64_t packets;
  KOKKOS_FUNCTION void operator()(std::int64_t k) const {
    T* const front = data + k * V;
    T* const back = data + (packets - 1 - k) * V;
    const auto f = hinted_load<H, T, V>(front);
    const auto b = hinted_load<H, T, V>(back);
    hinted_store<H, T, V>(front, KokkosTile::Impl::reversed(b));
    hinted_store<H, T, V>(back, KokkosTile::Impl::reversed(f));
  }
};

/// Median of 41 calls, each timed alone and fenced (as the benchmarks' time_fenced_calls), after
/// 5 warm-up calls.
double median_fenced_ms(const std::function<void()>& call) {
  for (int k = 0; k < 5; ++k)
    call();
  Kokkos::fence();
  std::vector<double> samples;
  for (int k = 0; k < 41; ++k) {
    const auto start = std::chrono::steady_clock::now();
    call();
    Kokkos::fence();
    const std::chrono::duration<double, std::milli> elapsed =
        std::chrono::steady_clock::now() - start;
    samples.push_back(elapsed.count());
  }
  std::sort(samples.begin(), samples.end());
  return samples[samples.size() / 2];
}

template <class T>
void hint_questions(std::int64_t count) {
  constexpr int Chunk = 1024;
  constexpr int V = KokkosTile::Impl::packet_width<T>();
  Kokkos::View<T*, Memory> v("v", count), w("w", count);
  Kokkos::parallel_for(Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>(0, count),
                       IndexPattern<T>{v});
  const double copy = median_fenced_ms([&] { Kokkos::deep_copy(w, v); });
  const int chunks = static_cast<int>((count / 2 + Chunk - 1) / Chunk);
  const std::size_t bytes = 2 * KokkosTile::StaticTile1D<T, Chunk, Space>::scratch_bytes();
  std::int64_t flips = 0;
  auto report = [&](const char* kernel, const char* hint, double ms) {
    std::printf("hint,%s,%ld,%s,%s,%.4f,%.3f,%s\n", type_name<T>(), static_cast<long>(count),
                kernel, hint, ms, copy / ms, reversed_correctly(v, flips) ? "ok" : "WRONG");
  };
  report("deep_copy", "-", copy);
  report("library_reverse_static", "-", median_fenced_ms([&] {
           KokkosTile::reverse_static<Chunk>(v);
           ++flips;
         }));
  report("library_reverse", "-", median_fenced_ms([&] {
           KokkosTile::reverse(v);
           ++flips;
         }));
  auto staged = [&](auto hint) {
    constexpr Hint H = decltype(hint)::value;
    Kokkos::TeamPolicy<Space> policy(chunks, std::min(256, std::max(32, Chunk / V / 2)));
    policy.set_scratch_size(0, Kokkos::PerTeam(bytes));
    const ReverseStagedHinted<H, T, Chunk> functor{v.data(), count};
    report("staged", hint_name(H), median_fenced_ms([&] {
             Kokkos::parallel_for("staged_hinted", policy, functor);
             ++flips;
           }));
  };
  auto packets = [&](auto hint) {
    constexpr Hint H = decltype(hint)::value;
    const ReversePacketsHinted<H, T> functor{v.data(), count / V};
    report("packets", hint_name(H), median_fenced_ms([&] {
             Kokkos::parallel_for(
                 "packets_hinted",
                 Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>(0, count / V / 2),
                 functor);
             ++flips;
           }));
  };
  for (int round = 0; round < 2; ++round) {
    staged(std::integral_constant<Hint, Hint::none>{});
    staged(std::integral_constant<Hint, Hint::store_cs>{});
    staged(std::integral_constant<Hint, Hint::load_store_cs>{});
    staged(std::integral_constant<Hint, Hint::load_nc_no_l1>{});
    packets(std::integral_constant<Hint, Hint::none>{});
    packets(std::integral_constant<Hint, Hint::store_cs>{});
    packets(std::integral_constant<Hint, Hint::load_store_cs>{});
    packets(std::integral_constant<Hint, Hint::load_nc_no_l1>{});
  }
}

/// m(i, j) = (i * cols + j) mod 1000003 (exact in float), for the transposes' checks.
template <class Matrix>
struct MatrixPattern {
  Matrix m;  // a rank-2 View
  KOKKOS_FUNCTION void operator()(std::int64_t i, std::int64_t j) const {
    m(i, j) = typename Matrix::value_type((i * std::int64_t(m.extent(1)) + j) % 1000003);
  }
};

/// Samples of m against the pattern of its transpose (transposed) or of itself.
template <class Matrix>
bool matrix_correct(const Matrix& m, bool transposed) {
  using T = typename Matrix::non_const_value_type;
  auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), m);
  const std::int64_t rows = host.extent(0), cols = host.extent(1);
  for (std::int64_t k = 0; k < rows * cols; k += 9973) {
    const std::int64_t i = k / cols, j = k % cols;
    const std::int64_t source = transposed ? j * rows + i : i * cols + j;
    if (host(i, j) != T(source % 1000003))
      return false;
  }
  return true;
}

/// Question 6's factors, apart: a minimal out-of-place float transpose of full 64 x 64 tiles on
/// 256-byte aligned matrices (256 threads, 4 packets staged per thread) with
///   Swizzled: the XOR-swizzled tile (else the padded pitch 65);
///   Wide: a warp's transposing store takes 2 lines x 16 packets (else 4 lines x 8, the swizzle's
///     conflict-free order);
///   Vector: the load into scratch is one st.shared.v4 per packet (else four scalar stores).
/// One st.shared.v4 (the four floats of `value` at `at`, 16-byte aligned, in shared memory).
KOKKOS_FORCEINLINE_FUNCTION void store_shared_v4(float* at,
                                                 const KokkosTile::Impl::Packet<float, 4>& value) {
#ifdef __CUDA_ARCH__
  unsigned w[4];
  memcpy(w, &value, sizeof(w));
  const auto address = KokkosTile::Impl::shared_space_address(at);
  asm volatile("st.shared.v4.b32 [%0], {%1, %2, %3, %4};" ::"r"(address), "r"(w[0]), "r"(w[1]),
               "r"(w[2]), "r"(w[3])
               : "memory");
#else
  for (int e = 0; e < 4; ++e)
    at[e] = value.v[e];
#endif
}

template <bool Swizzled, bool Wide, bool Vector>
struct TransposeFactors {
  using member = Kokkos::TeamPolicy<Space>::member_type;
  using packet = KokkosTile::Impl::Packet<float, 4>;
  static constexpr int Edge = 64, per_row = 16, pitch = Swizzled ? 64 : 65;
  const float* a;
  float* b;
  int n;  // square
  KOKKOS_INLINE_FUNCTION static int offset(int row, int col) {
    if constexpr (Swizzled)
      return row * Edge + 4 * ((col / 4) ^ ((row / 4) & 7)) + col % 4;
    return row * pitch + col;
  }
  KOKKOS_INLINE_FUNCTION static int line_of(int p) {
    return Wide ? p / per_row : (p / 32 / 2) * 4 + p % 32 / 8;
  }
  KOKKOS_INLINE_FUNCTION static int chunk_of(int p) {
    return Wide ? p % per_row : (p / 32 % 2) * 8 + p % 8;
  }
  KOKKOS_FUNCTION void operator()(const member& team) const {
    float* tile = static_cast<float*>(team.team_shmem().get_shmem_aligned(Edge * 65 * 4, 16));
    const int tiles_across = n / Edge;
    const int row0 = team.league_rank() / tiles_across * Edge;
    const int col0 = team.league_rank() % tiles_across * Edge;
    const float* src = a + std::int64_t(row0) * n + col0;
    float* dst = b + std::int64_t(col0) * n + row0;
    KokkosTile::team_staged_copy<4>(
        team, Edge * per_row,
        [&](int p) {
          return *reinterpret_cast<const packet*>(src + (p / per_row) * n + (p % per_row) * 4);
        },
        [&](int p, const packet& value) {
          float* at = tile + offset(p / per_row, (p % per_row) * 4);
          if constexpr (Vector && Swizzled) {
            store_shared_v4(at, value);
          } else {
            for (int e = 0; e < 4; ++e)
              at[e] = value.v[e];
          }
        });
    team.team_barrier();
    KokkosTile::team_staged_copy<4>(
        team, Edge * per_row,
        [&](int p) {
          const int line = line_of(p), chunk = chunk_of(p);
          packet value;
          for (int e = 0; e < 4; ++e)
            value.v[e] = tile[offset(chunk * 4 + e, line)];
          return value;
        },
        [&](int p, const packet& value) {
          KokkosTile::Impl::store_packet(dst + std::int64_t(line_of(p)) * n + chunk_of(p) * 4,
                                         value);
        });
  }
};

/// Questions 6 and 7's matrices: a and b, edge x edge LayoutRight, each on a 256-byte boundary
/// inside a buffer with 256 bytes of slack (so every full tile is aligned, and a kernel may start
/// up to 256 bytes past the boundary), a holding MatrixPattern; `copy` is the fenced deep_copy of
/// their bytes, the baseline.
template <class T>
struct AlignedSquares {
  using Unmanaged = Kokkos::View<T**, Kokkos::LayoutRight, Memory, Kokkos::MemoryUnmanaged>;
  using Flat = Kokkos::View<T*, Memory, Kokkos::MemoryUnmanaged>;
  std::int64_t count;
  Kokkos::View<T*, Memory> a_buffer, b_buffer;
  Unmanaged a, b;
  Flat flat_a, flat_b;
  double copy = 0;

  explicit AlignedSquares(int edge)
      : count(std::int64_t(edge) * edge),
        a_buffer("a_buffer", count + 256 / sizeof(T)),
        b_buffer("b_buffer", count + 256 / sizeof(T)),
        a(on_256_byte_boundary(a_buffer.data()), edge, edge),
        b(on_256_byte_boundary(b_buffer.data()), edge, edge),
        flat_a(a.data(), count),
        flat_b(b.data(), count) {
    using Policy = Kokkos::MDRangePolicy<Space, Kokkos::Rank<2>, Kokkos::IndexType<std::int64_t>>;
    Kokkos::parallel_for(Policy({0, 0}, {edge, edge}), MatrixPattern<Unmanaged>{a});
    copy = median_fenced_ms([&] { Kokkos::deep_copy(flat_b, flat_a); });
  }
};

template <class T>
void factor_questions(int edge) {
  const AlignedSquares<T> m(edge);
  auto report = [&](const char* variant, double ms) {
    std::printf("factor,%s,%d,%s,%.4f,%.3f,%s\n", type_name<T>(), edge, variant, ms, m.copy / ms,
                matrix_correct(m.b, true) ? "ok" : "WRONG");
  };
  auto run = [&](const char* variant, auto functor) {
    functor.a = m.a.data();
    functor.b = m.b.data();
    functor.n = edge;
    Kokkos::TeamPolicy<Space> policy(static_cast<int>(m.count / (64 * 64)), 8, 32);
    policy.set_scratch_size(0, Kokkos::PerTeam(64 * 65 * 4 + 16));
    Kokkos::deep_copy(m.flat_b, T(-1));
    report(variant, median_fenced_ms([&] { Kokkos::parallel_for("factor", policy, functor); }));
  };
  std::printf("factor,%s,%d,deep_copy,%.4f,1.000,ok\n", type_name<T>(), edge, m.copy);
  for (int round = 0; round < 2; ++round) {
    Kokkos::deep_copy(m.flat_b, T(-1));
    report("library_aligned", median_fenced_ms([&] {
             KokkosTile::transpose(m.b, m.a, {KokkosTile::TransposeVariant::tiled_padded});
           }));
    run("padded_wide_scalar", TransposeFactors<false, true, false>{});
    run("padded_narrow_scalar", TransposeFactors<false, false, false>{});
    run("swizzled_wide_scalar", TransposeFactors<true, true, false>{});
    run("swizzled_wide_vector", TransposeFactors<true, true, true>{});
    run("swizzled_narrow_scalar", TransposeFactors<true, false, false>{});
    run("swizzled_narrow_vector", TransposeFactors<true, false, true>{});
  }
}

template <class T>
void layout_questions(int edge) {
  using Matrix = Kokkos::View<T**, Kokkos::LayoutRight, Memory>;
  const std::int64_t count = std::int64_t(edge) * edge;
  Matrix a("a", edge, edge), b("b", edge, edge);
  using Policy = Kokkos::MDRangePolicy<Space, Kokkos::Rank<2>, Kokkos::IndexType<std::int64_t>>;
  Kokkos::parallel_for(Policy({0, 0}, {edge, edge}), MatrixPattern<Matrix>{a});
  Kokkos::View<T*, Memory> flat_a(a.data(), count), flat_b(b.data(), count);
  const double copy = median_fenced_ms([&] { Kokkos::deep_copy(flat_b, flat_a); });
  const KokkosTile::TileShape2D shape{64, 64, 1};
  auto report = [&](const char* form, int bounds, double ms, bool ok) {
    std::printf("layout,%s,%d,%s,%d,%.4f,%.3f,%s\n", type_name<T>(), edge, form, bounds, ms,
                copy / ms, ok ? "ok" : "WRONG");
  };
  report("deep_copy", -1, copy, true);
  // Launch bounds <256, MinBlocks>: registers capped for MinBlocks teams of 256 per multiprocessor.
  auto out_of_place = [&](auto bounds) {
    constexpr unsigned MinBlocks = decltype(bounds)::value;
    try {
      const double ms = median_fenced_ms([&] {
        KokkosTile::Impl::launch_transpose_tiled<64, MinBlocks>("kx", Space(), b, a, shape);
      });
      report("out_of_place", MinBlocks, ms, matrix_correct(b, true));
    } catch (const std::exception& e) {  // Kokkos refuses bounds the team cannot meet
      std::printf("layout,%s,%d,out_of_place,%u,refused: %s\n", type_name<T>(), edge, MinBlocks,
                  e.what());
    }
  };
  auto in_place = [&](auto bounds) {
    constexpr unsigned MinBlocks = decltype(bounds)::value;
    std::int64_t calls = 0;
    try {
      const double ms = median_fenced_ms([&] {
        KokkosTile::Impl::launch_transpose_in_place<64, MinBlocks>("kx", Space(), a, shape);
        ++calls;
      });
      report("in_place", MinBlocks, ms, matrix_correct(a, calls % 2 == 1));
    } catch (const std::exception& e) {
      std::printf("layout,%s,%d,in_place,%u,refused: %s\n", type_name<T>(), edge, MinBlocks,
                  e.what());
    }
    if (calls % 2 == 1)  // back to the pattern for the next form
      KokkosTile::Impl::launch_transpose_in_place<64, MinBlocks>("kx", Space(), a, shape);
  };
  for (int round = 0; round < 2; ++round) {
    out_of_place(std::integral_constant<unsigned, 0>{});
    out_of_place(std::integral_constant<unsigned, 4>{});
    out_of_place(std::integral_constant<unsigned, 5>{});
    out_of_place(std::integral_constant<unsigned, 6>{});
    out_of_place(std::integral_constant<unsigned, 7>{});
    out_of_place(std::integral_constant<unsigned, 8>{});
    in_place(std::integral_constant<unsigned, 0>{});
    in_place(std::integral_constant<unsigned, 4>{});
    in_place(std::integral_constant<unsigned, 5>{});
    in_place(std::integral_constant<unsigned, 6>{});
    in_place(std::integral_constant<unsigned, 8>{});
    report("library_out_of_place", -1, median_fenced_ms([&] { KokkosTile::transpose(b, a); }),
           matrix_correct(b, true));
  }
  factor_questions<T>(edge);
}

/// Question 7's designs: an out-of-place float transpose of full Rows x Cols tiles on 256-byte
/// aligned square matrices, Threads a team, the tile staged through registers both ways (as
/// TransposeFactors' padded_wide_scalar, which is Rows = Cols = 64, 256 threads, row order):
///   Rows x Cols: a read is Cols * 4 bytes of a source row, a write Rows * 4 bytes of a
///     destination row, so longer rows of either side than the library's 256 bytes;
///   ColumnOrder: consecutive teams walk down a column of tiles (their writes adjacent) instead of
///     along a row (their reads adjacent);
///   Stagger: with 32 chunks per output line a warp reads one scratch column 4 rows apart (4-way
///     bank conflicts at any odd pitch); thread c reads its packet's elements starting at
///     (c / 8) % 4, which spreads the 32 reads over 32 banks, then rotates them back in registers.
template <int Rows, int Cols, int Threads, bool ColumnOrder, bool Stagger>
struct TransposeDesign {
  using member = Kokkos::TeamPolicy<Space>::member_type;
  using packet = KokkosTile::Impl::Packet<float, 4>;
  static constexpr int pitch = Cols + 1, in_chunks = Cols / 4, out_chunks = Rows / 4;
  static constexpr int packets = Rows * Cols / 4, per_thread = packets / Threads;
  static_assert(packets % Threads == 0, "whole rounds");
  static constexpr int rows = Rows, cols = Cols, threads = Threads;
  static constexpr bool column_order = ColumnOrder, stagger = Stagger;
  static constexpr std::size_t scratch_bytes() { return std::size_t(Rows) * pitch * 4 + 16; }
  const float* a;
  float* b;
  int n;  // square
  KOKKOS_FUNCTION void operator()(const member& team) const {
    float* tile = static_cast<float*>(team.team_shmem().get_shmem_aligned(Rows * pitch * 4, 16));
    const int tile_rows = n / Rows, tile_cols = n / Cols;
    const int t = team.league_rank();
    const int row0 = (ColumnOrder ? t % tile_rows : t / tile_cols) * Rows;
    const int col0 = (ColumnOrder ? t / tile_rows : t % tile_cols) * Cols;
    const float* src = a + std::int64_t(row0) * n + col0;
    float* dst = b + std::int64_t(col0) * n + row0;
    KokkosTile::team_staged_copy<per_thread>(
        team, packets,
        [&](int p) {
          return *reinterpret_cast<const packet*>(src + std::int64_t(p / in_chunks) * n +
                                                  (p % in_chunks) * 4);
        },
        [&](int p, const packet& value) {
          float* at = tile + (p / in_chunks) * pitch + (p % in_chunks) * 4;
          for (int e = 0; e < 4; ++e)
            at[e] = value.v[e];
        });
    team.team_barrier();
    KokkosTile::team_staged_copy<per_thread>(
        team, packets,
        [&](int p) {
          const int line = p / out_chunks, chunk = p % out_chunks;
          const float* column = tile + chunk * 4 * pitch + line;
          packet value;
          if constexpr (Stagger) {
            const int s = chunk / 8 % 4;
            float r[4];
            for (int k = 0; k < 4; ++k)
              r[k] = column[((k + s) & 3) * pitch];
            // value.v[e] = r[(e - s) & 3], with compile-time register indices
            for (int e = 0; e < 4; ++e)
              value.v[e] = s == 0   ? r[e]
                           : s == 1 ? r[(e + 3) & 3]
                           : s == 2 ? r[(e + 2) & 3]
                                    : r[(e + 1) & 3];
          } else {
            for (int e = 0; e < 4; ++e)
              value.v[e] = column[e * pitch];
          }
          return value;
        },
        [&](int p, const packet& value) {
          KokkosTile::Impl::store_packet(
              dst + std::int64_t(p / out_chunks) * n + (p % out_chunks) * 4, value);
        });
  }
};

void design_questions(int edge) {
  using T = float;
  const AlignedSquares<T> m(edge);
  auto report = [&](const std::string& variant, double ms) {
    std::printf("design,float,%d,%s,%.4f,%.3f,%s\n", edge, variant.c_str(), ms, m.copy / ms,
                matrix_correct(m.b, true) ? "ok" : "WRONG");
  };
  // Misaligned: a and b start 128 bytes past a 256-byte boundary, where Kokkos' View header puts
  // a View's data, with every tile full (so each 256-byte tile line straddles two 256-byte blocks).
  auto run = [&](auto design, bool misaligned = false) {
    using D = decltype(design);
    D functor{};
    functor.a = m.a.data() + (misaligned ? 32 : 0);
    functor.b = m.b.data() + (misaligned ? 32 : 0);
    functor.n = edge;
    Kokkos::TeamPolicy<Space> policy(static_cast<int>(m.count / (std::int64_t(D::packets) * 4)),
                                     D::threads / 32, 32);
    policy.set_scratch_size(0, Kokkos::PerTeam(D::scratch_bytes()));
    Kokkos::deep_copy(m.flat_b, T(-1));
    const double ms = median_fenced_ms([&] { Kokkos::parallel_for("design", policy, functor); });
    const std::string name = std::to_string(D::rows) + "x" + std::to_string(D::cols) + "_t" +
                             std::to_string(D::threads) + "_" +
                             (D::column_order ? "column_order" : "row_order") +
                             (D::stagger ? "_stagger" : "") + (misaligned ? "_misaligned" : "");
    if (misaligned) {  // the check reads the aligned b: report the time with the check skipped
      std::printf("design,float,%d,%s,%.4f,%.3f,unchecked\n", edge, name.c_str(), ms, m.copy / ms);
      return;
    }
    report(name, ms);
  };
  std::printf("design,float,%d,deep_copy,%.4f,1.000,ok\n", edge, m.copy);
  for (int round = 0; round < 2; ++round) {
    Kokkos::deep_copy(m.flat_b, T(-1));
    report("library_aligned", median_fenced_ms([&] { KokkosTile::transpose(m.b, m.a); }));
    // The library's launch without its entry point (checks, label, region): the difference from
    // library_aligned is host time per call, which a fenced call pays in full.
    Kokkos::deep_copy(m.flat_b, T(-1));
    report("library_launch_aligned", median_fenced_ms([&] {
             KokkosTile::Impl::launch_transpose_tiled<64>("kx", Space(), m.b, m.a,
                                                          KokkosTile::TileShape2D{64, 64, 1});
           }));
    {
      // The library on Views, whose data starts 128 bytes past a 256-byte boundary: its tile grid
      // is shifted so that full tiles are aligned, with half tiles at the edges.
      using Matrix = Kokkos::View<T**, Kokkos::LayoutRight, Memory>;
      using Policy = Kokkos::MDRangePolicy<Space, Kokkos::Rank<2>, Kokkos::IndexType<std::int64_t>>;
      Matrix va("va", edge, edge), vb("vb", edge, edge);
      Kokkos::parallel_for(Policy({0, 0}, {edge, edge}), MatrixPattern<Matrix>{va});
      const double ms = median_fenced_ms([&] { KokkosTile::transpose(vb, va); });
      std::printf("design,float,%d,library_views,%.4f,%.3f,%s\n", edge, ms, m.copy / ms,
                  matrix_correct(vb, true) ? "ok" : "WRONG");
    }
    run(TransposeDesign<64, 64, 256, false, false>{}, true);
    run(TransposeDesign<64, 64, 256, true, false>{}, true);
    run(TransposeDesign<64, 64, 256, false, false>{});
    run(TransposeDesign<64, 64, 256, true, false>{});
    run(TransposeDesign<64, 128, 256, false, false>{});
    run(TransposeDesign<64, 128, 256, true, false>{});
    run(TransposeDesign<128, 64, 256, false, false>{});
    run(TransposeDesign<128, 64, 256, false, true>{});
    run(TransposeDesign<128, 64, 256, true, true>{});
    run(TransposeDesign<128, 64, 512, false, true>{});
    run(TransposeDesign<64, 128, 512, false, false>{});
    run(TransposeDesign<32, 128, 256, false, false>{});
  }
}

/// As Google Benchmark times kokkostile_perf's rows: one warm-up call, then 5 repetitions, each
/// the mean of fenced calls over at least 0.1 s; the median repetition.
double benchmark_like_ms(const std::function<void()>& call) {
  call();
  Kokkos::fence();
  std::vector<double> repetitions;
  for (int repetition = 0; repetition < 5; ++repetition) {
    const auto start = std::chrono::steady_clock::now();
    int calls = 0;
    std::chrono::duration<double, std::milli> elapsed{};
    do {
      call();
      Kokkos::fence();
      ++calls;
      elapsed = std::chrono::steady_clock::now() - start;
    } while (elapsed.count() < 100.0);
    repetitions.push_back(elapsed.count() / calls);
  }
  std::sort(repetitions.begin(), repetitions.end());
  return repetitions[repetitions.size() / 2];
}

/// Questions 23, 25 and 29: deep_copy of y from x (as many bytes as v), then `call`, which reverses
/// v in place, each timed by benchmark_like_ms; the calls made (warm-up included) are added to
/// `flips`, by which reversed_correctly checks v. Returns {deep_copy ms, call ms}.
template <class Vector, class Call>
std::pair<double, double> reversal_and_copy_ms(const Vector& x, const Vector& y,
                                               std::int64_t& flips, const Call& call) {
  const double copy = benchmark_like_ms([&] { Kokkos::deep_copy(Space(), y, x); });
  std::int64_t calls = 0;
  const double ms = benchmark_like_ms([&] {
    call();
    ++calls;
  });
  flips += calls;
  return {copy, ms};
}

/// Question 9: the out-of-place transpose (the library's launch, 64 x 64 padded tiles) with
/// consecutive teams along rows of tiles (order -1), down columns (1) or as the library picks (0),
/// on LayoutRight Views of rows x cols as the benchmark allocates them.
template <class T>
void band_questions(int rows, int cols) {
  using Matrix = Kokkos::View<T**, Kokkos::LayoutRight, Memory>;
  using Policy = Kokkos::MDRangePolicy<Space, Kokkos::Rank<2>, Kokkos::IndexType<std::int64_t>>;
  const std::int64_t count = std::int64_t(rows) * cols;
  Matrix a("a", rows, cols), b("b", cols, rows);
  Kokkos::parallel_for(Policy({0, 0}, {rows, cols}), MatrixPattern<Matrix>{a});
  Kokkos::View<T*, Memory> x("x", count), y("y", count);
  Kokkos::deep_copy(x, T(1));
  const std::string shape = std::to_string(rows) + "x" + std::to_string(cols);
  for (int round = 0; round < 2; ++round) {
    for (const int order : {-1, 1, 0}) {
      const double copy = benchmark_like_ms([&] { Kokkos::deep_copy(y, x); });
      Kokkos::deep_copy(b, T(-1));
      const double ms = benchmark_like_ms([&] {
        KokkosTile::Impl::launch_transpose_tiled<64>("kx", Space(), b, a,
                                                     KokkosTile::TileShape2D{64, 64, 1}, order);
      });
      std::printf("band,%s,%s,%d,%d,%.4f,%.4f,%.4f,%s\n", type_name<T>(), shape.c_str(), round,
                  order, copy, ms, copy / ms, matrix_correct(b, true) ? "ok" : "WRONG");
    }
  }
}

/// kokkostile_perf's fill_pattern (BenchmarkSpaces.hpp): hashed values from 1 to 1000.
template <class T>
struct HashedPattern {
  Kokkos::View<T*, Memory> v;
  KOKKOS_FUNCTION void operator()(std::int64_t i) const {
    const std::uint32_t hash = static_cast<std::uint32_t>(i) * 2654435761u;
    v(i) = static_cast<T>(1 + (hash >> 8) % 1000);
  }
};

/// Question 10: question 9's 8192^2 transpose and deep_copy with the data and the call varied.
template <class T>
void harness_questions(int edge) {
  using Matrix = Kokkos::View<T**, Kokkos::LayoutRight, Memory>;
  using Flat = Kokkos::View<T*, Memory>;
  using Policy = Kokkos::MDRangePolicy<Space, Kokkos::Rank<2>, Kokkos::IndexType<std::int64_t>>;
  using Range = Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>;
  const std::int64_t count = std::int64_t(edge) * edge;
  Matrix a("a", edge, edge), b("b", edge, edge);
  Flat x("x", count), y("y", count);
  const Flat flat_a(a.data(), count);
  const Space space;
  auto report = [&](const char* form, const char* data, double ms, double copy) {
    std::printf("harness,%s,%d,%s,%s,%.4f,%.4f\n", type_name<T>(), edge, form, data, ms, copy / ms);
  };
  for (int round = 0; round < 2; ++round) {
    for (const char* data : {"ascending", "constant", "hashed"}) {
      const std::string d = data;
      if (d == "ascending") {
        Kokkos::parallel_for(Policy({0, 0}, {edge, edge}), MatrixPattern<Matrix>{a});
        Kokkos::deep_copy(x, flat_a);
      } else if (d == "constant") {
        Kokkos::deep_copy(a, T(1));
        Kokkos::deep_copy(x, T(1));
      } else {
        Kokkos::parallel_for(Range(0, count), HashedPattern<T>{flat_a});
        Kokkos::deep_copy(x, flat_a);
      }
      Kokkos::fence();
      const double copy = benchmark_like_ms([&] { Kokkos::deep_copy(space, y, x); });
      report("deep_copy", data, copy, copy);
      report("launch", data, benchmark_like_ms([&] {
               KokkosTile::Impl::launch_transpose_tiled<64>("kx", space, b, a,
                                                            KokkosTile::TileShape2D{64, 64, 1});
             }),
             copy);
      report("public", data, benchmark_like_ms([&] { KokkosTile::transpose(space, b, a); }), copy);
    }
  }
}

/// Stores thread threadIdx.x's staged packets v (packet p = threadIdx.x + k * Threads of an
/// Edge x Edge float tile, Edge / 4 packets a line) into the padded scratch tile (pitch Edge + 1).
template <int Edge, int Threads>
__device__ void stage_packets_in_tile(const float4* v, float* tile) {
  constexpr int pitch = Edge + 1, chunks = Edge / 4, per_thread = Edge * chunks / Threads;
#pragma unroll
  for (int k = 0; k < per_thread; ++k) {
    const int p = threadIdx.x + k * Threads;
    float* at = tile + (p / chunks) * pitch + (p % chunks) * 4;
    at[0] = v[k].x;
    at[1] = v[k].y;
    at[2] = v[k].z;
    at[3] = v[k].w;
  }
}

/// Question 11's kernel: b = a^T for an n x n float matrix (n a multiple of Edge, both 256-byte
/// aligned), one Edge x Edge tile a block, staged through registers both ways as the library's
/// full tiles are (FullTilePackets). The tile's pitch is Edge + 1; with 32 packets a line (Edge
/// 128) a warp's scratch reads of one column would hit 8 banks, so thread c starts its packet at
/// element (c / 8) % 4 (question 7's stagger), which spreads them over 32.
template <int Edge, int Threads, bool Down>
__global__ void __launch_bounds__(Threads)
    transpose_raw_tiles(const float* __restrict__ a, float* __restrict__ b, int n) {
  extern __shared__ float4 raw_scratch[];
  float* tile = reinterpret_cast<float*>(raw_scratch);
  constexpr int pitch = Edge + 1, chunks = Edge / 4, packets = Edge * chunks;
  constexpr int per_thread = packets / Threads;
  static_assert(packets % Threads == 0, "whole rounds");
  const int tiles = n / Edge;
  const int t = blockIdx.x;
  const int tile_row = Down ? t % tiles : t / tiles;
  const int tile_col = Down ? t / tiles : t % tiles;
  const float* src = a + std::int64_t(tile_row) * Edge * n + tile_col * Edge;
  float* dst = b + std::int64_t(tile_col) * Edge * n + tile_row * Edge;
  float4 v[per_thread];
#pragma unroll
  for (int k = 0; k < per_thread; ++k) {
    const int p = threadIdx.x + k * Threads;
    v[k] = *reinterpret_cast<const float4*>(src + std::int64_t(p / chunks) * n + (p % chunks) * 4);
  }
  stage_packets_in_tile<Edge, Threads>(v, tile);
  __syncthreads();
#pragma unroll
  for (int k = 0; k < per_thread; ++k) {
    const int p = threadIdx.x + k * Threads;
    const int line = p / chunks, chunk = p % chunks;
    const float* column = tile + chunk * 4 * pitch + line;
    float r[4];
    const int s = Edge == 128 ? chunk / 8 % 4 : 0;
#pragma unroll
    for (int e = 0; e < 4; ++e)
      r[e] = column[((e + s) & 3) * pitch];
    // r[e] holds element (e + s) & 3: rotate back with compile-time register indices
    v[k] = s == 0   ? make_float4(r[0], r[1], r[2], r[3])
           : s == 1 ? make_float4(r[3], r[0], r[1], r[2])
           : s == 2 ? make_float4(r[2], r[3], r[0], r[1])
                    : make_float4(r[1], r[2], r[3], r[0]);
  }
#pragma unroll
  for (int k = 0; k < per_thread; ++k) {
    const int p = threadIdx.x + k * Threads;
    *reinterpret_cast<float4*>(dst + std::int64_t(p / chunks) * n + (p % chunks) * 4) = v[k];
  }
}

/// `call`, which must write b = a^T, timed as question 9 times, b poisoned first; check: "ok",
/// "WRONG", or the CUDA error a launch left.
template <class Matrix>
std::pair<double, const char*> timed_and_checked(const Matrix& b,
                                                 const std::function<void()>& call) {
  Kokkos::deep_copy(b, typename Matrix::non_const_value_type(-1));
  const double ms = benchmark_like_ms(call);
  const cudaError_t error = cudaGetLastError();
  return {ms, error != cudaSuccess      ? cudaGetErrorString(error)
              : matrix_correct(b, true) ? "ok"
                                        : "WRONG"};
}

/// A launch of transpose_raw_tiles (`kernel`, tile_edge x tile_edge, `threads` a block) from the
/// edge x edge square at `from` into `to` on `space`, its dynamic shared memory allowed past 48 KB
/// first.
template <class Kernel>
std::function<void()> raw_tile_launch(Kernel kernel, int tile_edge, int threads, int edge,
                                      const float* from, float* to, const Space& space) {
  const int bytes = tile_edge * (tile_edge + 1) * 4;
  cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
  const int blocks = (edge / tile_edge) * (edge / tile_edge);
  return [=] { kernel<<<blocks, threads, bytes, space.cuda_stream()>>>(from, to, edge); };
}

/// Questions 11 and 12's float matrices: question 6's aligned square, the same pattern in Views
/// allocated as the benchmark allocates them, and two flat Views for deep_copy.
struct AlignedAndViews : AlignedSquares<float> {
  using Matrix = Kokkos::View<float**, Kokkos::LayoutRight, Memory>;
  Matrix va, vb;
  Kokkos::View<float*, Memory> x, y;

  explicit AlignedAndViews(int edge)
      : AlignedSquares<float>(edge),
        va("va", edge, edge),
        vb("vb", edge, edge),
        x("x", count),
        y("y", count) {
    using Policy = Kokkos::MDRangePolicy<Space, Kokkos::Rank<2>, Kokkos::IndexType<std::int64_t>>;
    Kokkos::parallel_for(Policy({0, 0}, {edge, edge}), MatrixPattern<Matrix>{va});
    Kokkos::deep_copy(x, 1.0f);
  }

  /// `call`, which must write the aligned b, timed as question 9 times, b poisoned first; check:
  /// "ok", "WRONG", or the CUDA error a launch left.
  std::pair<double, const char*> timed_on_aligned(const std::function<void()>& call) const {
    return timed_and_checked(b, call);
  }

  /// The public entry point from va into vb (Views as the benchmark allocates them), timed and
  /// checked as timed_on_aligned.
  std::pair<double, const char*> timed_public_on_views(const Space& space) const {
    return timed_and_checked(vb, [&] { KokkosTile::transpose(space, vb, va); });
  }

  /// A launch of transpose_raw_tiles (`kernel`, tile_edge x tile_edge, `threads` a block) from a
  /// into b on `space`, its dynamic shared memory allowed past 48 KB first.
  template <class Kernel>
  std::function<void()> raw_launch(Kernel kernel, int tile_edge, int threads, int edge,
                                   const Space& space) const {
    return raw_tile_launch(kernel, tile_edge, threads, edge, a.data(), b.data(), space);
  }

  /// A launch of question 7's design D (64 x 64 tiles) from a into b through a Kokkos TeamPolicy.
  template <class D>
  std::function<void()> design_launch(int edge, const Space& space) const {
    D functor{};
    functor.a = a.data();
    functor.b = b.data();
    functor.n = edge;
    Kokkos::TeamPolicy<Space> policy(space, edge / 64 * (edge / 64), D::threads / 32, 32);
    policy.set_scratch_size(0, Kokkos::PerTeam(D::scratch_bytes()));
    return [=] { Kokkos::parallel_for("design", policy, functor); };
  }
};

/// Question 11: question 9's timing of the raw kernels above against the library and deep_copy.
void raw_questions(int edge) {
  const AlignedAndViews m(edge);
  const Space space;
  auto raw = [&](auto kernel, int tile_edge, int threads, const char* name, double copy) {
    const auto [ms, check] =
        m.timed_on_aligned(m.raw_launch(kernel, tile_edge, threads, edge, space));
    std::printf("raw,float,%d,%s,%.4f,%.4f,%s\n", edge, name, ms, copy / ms, check);
  };
  for (int round = 0; round < 2; ++round) {
    const double copy = benchmark_like_ms([&] { Kokkos::deep_copy(space, m.y, m.x); });
    std::printf("raw,float,%d,deep_copy,%.4f,1.0000,ok\n", edge, copy);
    const auto [library, check] = m.timed_public_on_views(space);
    std::printf("raw,float,%d,library_views,%.4f,%.4f,%s\n", edge, library, copy / library, check);
    raw(transpose_raw_tiles<64, 256, false>, 64, 256, "64_t256_rows", copy);
    raw(transpose_raw_tiles<64, 256, true>, 64, 256, "64_t256_down", copy);
    raw(transpose_raw_tiles<128, 256, false>, 128, 256, "128_t256_rows", copy);
    raw(transpose_raw_tiles<128, 256, true>, 128, 256, "128_t256_down", copy);
    raw(transpose_raw_tiles<128, 512, false>, 128, 512, "128_t512_rows", copy);
    raw(transpose_raw_tiles<128, 512, true>, 128, 512, "128_t512_down", copy);
    raw(transpose_raw_tiles<128, 1024, true>, 128, 1024, "128_t1024_down", copy);
  }
}

/// Question 12: the raw kernel, the same design through Kokkos, the library's launch and its entry
/// point on one aligned square, then the entry point on Views, timed as in question 9.
void launch_questions(int edge) {
  const AlignedAndViews m(edge);
  const Space space;
  auto report = [&](const char* form, double copy, const std::pair<double, const char*>& timed) {
    std::printf("launch,float,%d,%s,%.4f,%.4f,%s\n", edge, form, timed.first, copy / timed.first,
                timed.second);
  };
  auto aligned = [&](const char* form, double copy, const std::function<void()>& call) {
    report(form, copy, m.timed_on_aligned(call));
  };
  for (int round = 0; round < 2; ++round) {
    const double copy = benchmark_like_ms([&] { Kokkos::deep_copy(space, m.y, m.x); });
    report("deep_copy", copy, {copy, "ok"});
    aligned("raw_down", copy,
            m.raw_launch(transpose_raw_tiles<64, 256, true>, 64, 256, edge, space));
    aligned("raw_rows", copy,
            m.raw_launch(transpose_raw_tiles<64, 256, false>, 64, 256, edge, space));
    aligned("kokkos_design_down", copy,
            m.design_launch<TransposeDesign<64, 64, 256, true, false>>(edge, space));
    aligned("kokkos_design_rows", copy,
            m.design_launch<TransposeDesign<64, 64, 256, false, false>>(edge, space));
    aligned("library_launch", copy, [&] {
      KokkosTile::Impl::launch_transpose_tiled<64>("kx", space, m.b, m.a,
                                                   KokkosTile::TileShape2D{64, 64, 1});
    });
    aligned("library_public_aligned", copy, [&] { KokkosTile::transpose(space, m.b, m.a); });
    report("library_public_views", copy, m.timed_public_on_views(space));
  }
}

/// Question 13: whether the tile grid must be shifted to a whole tile line (256 bytes of floats,
/// 512 of doubles) or whether a 128-byte boundary, where Kokkos' header leaves View data, is as
/// good: the library's launch with the grid shifted to a tile line or to 128 bytes (on View data
/// the latter is no shift: every tile full), on squares placed 0 or 128 bytes past a 256-byte
/// boundary, on Views allocated as the benchmark allocates them, and (float) the raw kernel on
/// each placement, timed as in question 9.
template <class T>
void alignment_questions(int edge) {
  using Unmanaged = Kokkos::View<T**, Kokkos::LayoutRight, Memory, Kokkos::MemoryUnmanaged>;
  using Managed = Kokkos::View<T**, Kokkos::LayoutRight, Memory>;
  using Policy = Kokkos::MDRangePolicy<Space, Kokkos::Rank<2>, Kokkos::IndexType<std::int64_t>>;
  const std::int64_t count = std::int64_t(edge) * edge;
  const Kokkos::View<T*, Memory> a_buffer("a_buffer", count + 512 / sizeof(T)),
      b_buffer("b_buffer", count + 512 / sizeof(T)), x("x", count), y("y", count);
  const Managed va("va", edge, edge), vb("vb", edge, edge);
  Kokkos::deep_copy(x, T(1));
  Kokkos::parallel_for(Policy({0, 0}, {edge, edge}), MatrixPattern<Managed>{va});
  const Space space;
  const KokkosTile::TileShape2D shape{64, 64, 1};
  const int tile_line = 64 * sizeof(T);
  auto timed = [&](const char* form, int offset, double copy, const auto& b,
                   const std::function<void()>& call) {
    const auto [ms, check] = timed_and_checked(b, call);
    std::printf("align,%s,%d,%s,%d,%.4f,%.4f,%s\n", type_name<T>(), edge, form, offset, ms,
                copy / ms, check);
  };
  for (int round = 0; round < 2; ++round) {
    const double copy = benchmark_like_ms([&] { Kokkos::deep_copy(space, y, x); });
    std::printf("align,%s,%d,deep_copy,0,%.4f,1.0000,ok\n", type_name<T>(), edge, copy);
    for (const int offset : {0, 128}) {
      const Unmanaged a(on_256_byte_boundary(a_buffer.data()) + offset / sizeof(T), edge, edge);
      const Unmanaged b(on_256_byte_boundary(b_buffer.data()) + offset / sizeof(T), edge, edge);
      Kokkos::parallel_for(Policy({0, 0}, {edge, edge}), MatrixPattern<Unmanaged>{a});
      timed("grid_tile_line", offset, copy, b, [&] {
        KokkosTile::Impl::launch_transpose_tiled<64>("kx", space, b, a, shape, 0, tile_line);
      });
      timed("grid_128", offset, copy, b, [&] {
        KokkosTile::Impl::launch_transpose_tiled<64>("kx", space, b, a, shape, 0, 128);
      });
      if constexpr (std::is_same_v<T, float>) {
        timed("raw_down", offset, copy, b,
              raw_tile_launch(transpose_raw_tiles<64, 256, true>, 64, 256, edge, a.data(), b.data(),
                              space));
      }
    }
    const int view_offset = static_cast<int>(reinterpret_cast<std::uintptr_t>(va.data()) % 256);
    timed("views_public", view_offset, copy, vb, [&] { KokkosTile::transpose(space, vb, va); });
    timed("views_grid_128", view_offset, copy, vb, [&] {
      KokkosTile::Impl::launch_transpose_tiled<64>("kx", space, vb, va, shape, 0, 128);
    });
  }
}

/// Question 14's kernels, on question 11's aligned n x n floats (n a multiple of 64), 256 threads
/// a block and 64 x 64 tiles taken down columns of the tile grid, as transpose_raw_tiles<64, 256,
/// true>. transpose_raw_persistent: each block loops over tiles gridDim.x apart and issues the
/// next tile's loads before it stores the current one; Streaming: evict-first (st.global.cs)
/// stores. tile_copy_raw: the same tiles copied, not transposed (b = a), through registers only:
/// what 64 x 64 tiles of 256-byte lines cost against a flat copy, with no scratch at all.
template <bool Streaming>
__global__ void __launch_bounds__(256)
    transpose_raw_persistent(const float* __restrict__ a, float* __restrict__ b, int n) {
  constexpr int Edge = 64, pitch = Edge + 1, chunks = Edge / 4, per_thread = Edge * chunks / 256;
  __shared__ float tile[Edge * pitch];
  const int tiles = n / Edge, count = tiles * tiles;
  auto load = [&](float4* v, int t) {
    const float* src = a + std::int64_t(t % tiles) * Edge * n + (t / tiles) * Edge;
#pragma unroll
    for (int k = 0; k < per_thread; ++k) {
      const int p = threadIdx.x + k * 256;
      v[k] =
          *reinterpret_cast<const float4*>(src + std::int64_t(p / chunks) * n + (p % chunks) * 4);
    }
  };
  float4 v[per_thread];
  if (int(blockIdx.x) < count)
    load(v, blockIdx.x);
  for (int t = blockIdx.x; t < count; t += gridDim.x) {
    stage_packets_in_tile<Edge, 256>(v, tile);
    __syncthreads();
    if (t + int(gridDim.x) < count)
      load(v, t + gridDim.x);  // in flight while this tile is stored
    float* dst = b + std::int64_t(t / tiles) * Edge * n + (t % tiles) * Edge;
#pragma unroll
    for (int k = 0; k < per_thread; ++k) {
      const int p = threadIdx.x + k * 256;
      const int line = p / chunks, chunk = p % chunks;
      const float* column = tile + chunk * 4 * pitch + line;
      const float4 w = make_float4(column[0], column[pitch], column[2 * pitch], column[3 * pitch]);
      float4* to = reinterpret_cast<float4*>(dst + std::int64_t(line) * n + chunk * 4);
      if constexpr (Streaming)
        __stcs(to, w);
      else
        *to = w;
    }
    __syncthreads();
  }
}

__global__ void __launch_bounds__(256)
    tile_copy_raw(const float* __restrict__ a, float* __restrict__ b, int n) {
  constexpr int Edge = 64, chunks = Edge / 4, per_thread = Edge * chunks / 256;
  const int tiles = n / Edge, t = blockIdx.x;
  const std::int64_t origin = std::int64_t(t % tiles) * Edge * n + (t / tiles) * Edge;
  float4 v[per_thread];
#pragma unroll
  for (int k = 0; k < per_thread; ++k) {
    const int p = threadIdx.x + k * 256;
    v[k] = *reinterpret_cast<const float4*>(a + origin + std::int64_t(p / chunks) * n +
                                            (p % chunks) * 4);
  }
#pragma unroll
  for (int k = 0; k < per_thread; ++k) {
    const int p = threadIdx.x + k * 256;
    *reinterpret_cast<float4*>(b + origin + std::int64_t(p / chunks) * n + (p % chunks) * 4) = v[k];
  }
}

/// Question 14: what is left above the raw 64 x 64 kernel: its tiles copied without a transpose
/// (the ceiling of the access pattern), persistent blocks that overlap the next tile's loads with
/// the current tile's stores (as many blocks as fit at once, half, or twice), and evict-first
/// stores, against the raw kernel and the library on Views, timed as in question 9.
void persistent_questions(int edge) {
  const AlignedAndViews m(edge);
  const Space space;
  const int tiles = (edge / 64) * (edge / 64);
  int multiprocessors = 0, device = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device);
  const float* from = m.a.data();
  float* to = m.b.data();
  auto aligned = [&](const char* form, int blocks, double copy, const std::function<void()>& call) {
    const auto [ms, check] = m.timed_on_aligned(call);
    std::printf("persist,float,%d,%s,%d,%.4f,%.4f,%s\n", edge, form, blocks, ms, copy / ms, check);
  };
  auto persistent = [&](const char* form, auto kernel, int blocks, double copy) {
    aligned(form, blocks, copy,
            [=] { kernel<<<blocks, 256, 0, space.cuda_stream()>>>(from, to, edge); });
  };
  int resident = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, transpose_raw_persistent<false>, 256, 0);
  const int full = resident * multiprocessors;
  for (int round = 0; round < 2; ++round) {
    const double copy = benchmark_like_ms([&] { Kokkos::deep_copy(space, m.y, m.x); });
    std::printf("persist,float,%d,deep_copy,0,%.4f,1.0000,ok\n", edge, copy);
    aligned("raw_down", tiles, copy,
            m.raw_launch(transpose_raw_tiles<64, 256, true>, 64, 256, edge, space));
    Kokkos::deep_copy(m.flat_b, -1.0f);
    const double copied = benchmark_like_ms(
        [=] { tile_copy_raw<<<tiles, 256, 0, space.cuda_stream()>>>(from, to, edge); });
    std::printf("persist,float,%d,tile_copy,%d,%.4f,%.4f,%s\n", edge, tiles, copied, copy / copied,
                matrix_correct(m.b, false) ? "ok" : "WRONG");
    persistent("persistent", transpose_raw_persistent<false>, full, copy);
    persistent("persistent", transpose_raw_persistent<false>, full / 2, copy);
    persistent("persistent", transpose_raw_persistent<false>, 2 * full, copy);
    persistent("persistent_cs", transpose_raw_persistent<true>, full, copy);
    persistent("one_tile_a_block", transpose_raw_persistent<false>, tiles, copy);
    persistent("one_tile_a_block_cs", transpose_raw_persistent<true>, tiles, copy);
    const auto [library, check] = m.timed_public_on_views(space);
    std::printf("persist,float,%d,library_views,%d,%.4f,%.4f,%s\n", edge, tiles, library,
                copy / library, check);
  }
}

/// Question 15: whether where b lies relative to a moves the transpose (DRAM channels and banks
/// shared by the read and write streams): a and b in one allocation, b `gap` bytes past a's end,
/// the raw 64 x 64 kernel and the library's launch on each placement, against the library on Views
/// allocated as the benchmark allocates them, timed as in question 9.
void placement_questions(int edge) {
  using Unmanaged = Kokkos::View<float**, Kokkos::LayoutRight, Memory, Kokkos::MemoryUnmanaged>;
  using Managed = Kokkos::View<float**, Kokkos::LayoutRight, Memory>;
  using Policy = Kokkos::MDRangePolicy<Space, Kokkos::Rank<2>, Kokkos::IndexType<std::int64_t>>;
  const std::int64_t count = std::int64_t(edge) * edge;
  const std::int64_t most = std::int64_t(8) << 20;  // bytes
  const Kokkos::View<float*, Memory> buffer("buffer", 2 * count + (most + 256) / 4), x("x", count),
      y("y", count);
  const Managed va("va", edge, edge), vb("vb", edge, edge);
  Kokkos::deep_copy(x, 1.0f);
  Kokkos::parallel_for(Policy({0, 0}, {edge, edge}), MatrixPattern<Managed>{va});
  const Unmanaged a(on_256_byte_boundary(buffer.data()), edge, edge);
  Kokkos::parallel_for(Policy({0, 0}, {edge, edge}), MatrixPattern<Unmanaged>{a});
  const Space space;
  const KokkosTile::TileShape2D shape{64, 64, 1};
  auto timed = [&](const char* form, std::int64_t gap, double copy, const auto& b,
                   const std::function<void()>& call) {
    const auto [ms, check] = timed_and_checked(b, call);
    std::printf("place,float,%d,%s,%ld,%.4f,%.4f,%s\n", edge, form, long(gap), ms, copy / ms,
                check);
  };
  for (int round = 0; round < 2; ++round) {
    const double copy = benchmark_like_ms([&] { Kokkos::deep_copy(space, y, x); });
    std::printf("place,float,%d,deep_copy,0,%.4f,1.0000,ok\n", edge, copy);
    for (const std::int64_t gap :
         {std::int64_t(0), std::int64_t(256), std::int64_t(4096), std::int64_t(65536),
          std::int64_t(1) << 20, std::int64_t(2) << 20, std::int64_t(3) << 20, most}) {
      const Unmanaged b(a.data() + count + gap / 4, edge, edge);
      timed("raw_down", gap, copy, b,
            raw_tile_launch(transpose_raw_tiles<64, 256, true>, 64, 256, edge, a.data(), b.data(),
                            space));
      timed("library_launch", gap, copy, b,
            [&] { KokkosTile::Impl::launch_transpose_tiled<64>("kx", space, b, a, shape); });
    }
    const std::int64_t views_gap =
        reinterpret_cast<std::intptr_t>(vb.data()) - reinterpret_cast<std::intptr_t>(va.data());
    timed("views_public_b_minus_a", views_gap, copy, vb,
          [&] { KokkosTile::transpose(space, vb, va); });
  }
}

/// Question 16: what each launch costs the host and adds to a fenced call: on one 64 x 64 tile and
/// on 8192^2, the raw kernel, question 7's design through a Kokkos TeamPolicy, the library's
/// launch, its public entry point on aligned squares and on Views, and deep_copy: the host's time
/// per call for 2000 calls issued without a fence (enqueue only, on the small matrix), and the time
/// of a fenced call (as question 9 times it).
void overhead_questions(int edge) {
  const AlignedAndViews m(edge);
  const Space space;
  const std::vector<std::pair<const char*, std::function<void()>>> forms = {
      {"deep_copy", [&] { Kokkos::deep_copy(space, m.y, m.x); }},
      {"raw_down", m.raw_launch(transpose_raw_tiles<64, 256, true>, 64, 256, edge, space)},
      {"kokkos_design_down",
       m.design_launch<TransposeDesign<64, 64, 256, true, false>>(edge, space)},
      {"library_launch",
       [&] {
         KokkosTile::Impl::launch_transpose_tiled<64>("kx", space, m.b, m.a,
                                                      KokkosTile::TileShape2D{64, 64, 1});
       }},
      {"library_public_aligned", [&] { KokkosTile::transpose(space, m.b, m.a); }},
      {"library_public_views", [&] { KokkosTile::transpose(space, m.vb, m.va); }},
  };
  for (int round = 0; round < 2; ++round) {
    for (const auto& [form, call] : forms) {
      constexpr int calls = 2000;
      double enqueue_us = 0;
      if (edge <= 256) {
        call();
        Kokkos::fence();
        const auto start = std::chrono::steady_clock::now();
        for (int k = 0; k < calls; ++k)
          call();
        const std::chrono::duration<double, std::micro> issued =
            std::chrono::steady_clock::now() - start;
        Kokkos::fence();
        enqueue_us = issued.count() / calls;
      }
      const double fenced = benchmark_like_ms(call);
      std::printf("overhead,float,%d,%s,%.3f,%.4f\n", edge, form, enqueue_us, fenced * 1000);
    }
  }
}

/// Question 17: what the Views cost the out-of-place float transpose, in four interleaved rounds:
/// the public entry point and the library's launch on Views allocated as the benchmark allocates
/// them, both on unmanaged Views of the same memory, and the library's launch on the 256-byte
/// aligned square, timed as in question 9.
void views_questions(int edge) {
  using Unmanaged = Kokkos::View<float**, Kokkos::LayoutRight, Memory, Kokkos::MemoryUnmanaged>;
  const AlignedAndViews m(edge);
  const Space space;
  const KokkosTile::TileShape2D shape{64, 64, 1};
  const Unmanaged ua(m.va.data(), edge, edge), ub(m.vb.data(), edge, edge);
  auto timed = [&](const char* form, double copy, const auto& b,
                   const std::function<void()>& call) {
    const auto [ms, check] = timed_and_checked(b, call);
    std::printf("views,float,%d,%s,%.4f,%.4f,%s\n", edge, form, ms, copy / ms, check);
  };
  for (int round = 0; round < 4; ++round) {
    const double copy = benchmark_like_ms([&] { Kokkos::deep_copy(space, m.y, m.x); });
    std::printf("views,float,%d,deep_copy,%.4f,1.0000,ok\n", edge, copy);
    timed("public_views", copy, m.vb, [&] { KokkosTile::transpose(space, m.vb, m.va); });
    timed("launch_views", copy, m.vb,
          [&] { KokkosTile::Impl::launch_transpose_tiled<64>("kx", space, m.vb, m.va, shape); });
    timed("public_unmanaged_same_memory", copy, ub, [&] { KokkosTile::transpose(space, ub, ua); });
    timed("launch_unmanaged_same_memory", copy, ub,
          [&] { KokkosTile::Impl::launch_transpose_tiled<64>("kx", space, ub, ua, shape); });
    timed("launch_aligned", copy, m.b,
          [&] { KokkosTile::Impl::launch_transpose_tiled<64>("kx", space, m.b, m.a, shape); });
    timed("raw_aligned", copy, m.b,
          m.raw_launch(transpose_raw_tiles<64, 256, true>, 64, 256, edge, space));
  }
}

/// Question 18: whether the library kernel's occupancy (64 registers a thread: 4 teams of 256 a
/// multiprocessor) costs the float transpose against the raw kernel (32 registers: 8 blocks): the
/// raw 64 x 64 kernel with its dynamic shared memory padded so that only 4, 5, 6 or 8 blocks fit a
/// multiprocessor (the occupancy API's count printed), on the aligned square, against the library
/// on it and on Views, in two rounds, timed as in question 9.
void occupancy_questions(int edge) {
  const AlignedAndViews m(edge);
  const Space space;
  int device = 0, smem_per_sm = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&smem_per_sm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, device);
  const auto kernel = transpose_raw_tiles<64, 256, true>;
  const float* from = m.a.data();
  float* to = m.b.data();
  const int blocks = (edge / 64) * (edge / 64);
  for (int round = 0; round < 2; ++round) {
    const double copy = benchmark_like_ms([&] { Kokkos::deep_copy(space, m.y, m.x); });
    std::printf("occupancy,float,%d,deep_copy,0,0,%.4f,1.0000,ok\n", edge, copy);
    for (const int wanted : {4, 5, 6, 8}) {
      const int bytes = std::max(64 * 65 * 4, smem_per_sm / wanted - 1024 - 256);
      cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
      int resident = 0;
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, kernel, 256, bytes);
      const auto [ms, check] = m.timed_on_aligned(
          [=] { kernel<<<blocks, 256, bytes, space.cuda_stream()>>>(from, to, edge); });
      std::printf("occupancy,float,%d,raw_down,%d,%d,%.4f,%.4f,%s\n", edge, resident, bytes, ms,
                  copy / ms, check);
    }
    const auto [ms, check] = m.timed_on_aligned([&] { KokkosTile::transpose(space, m.b, m.a); });
    std::printf("occupancy,float,%d,library_aligned,4,0,%.4f,%.4f,%s\n", edge, ms, copy / ms,
                check);
    const auto [views, views_check] = m.timed_public_on_views(space);
    std::printf("occupancy,float,%d,library_views,4,0,%.4f,%.4f,%s\n", edge, views, copy / views,
                views_check);
  }
}

/// Question 19: the library's launch under launch bounds <256, MinBlocks> (0: Kokkos' default, 64
/// registers, 4 teams a multiprocessor; 5: 48 registers; 6: 40 registers and a small spill) with
/// the tile order of 4edb5c1, on Views allocated as the benchmark allocates them and on the aligned
/// square, against the raw kernel, three rounds, timed as in question 9.
void bounds_questions(int edge) {
  const AlignedAndViews m(edge);
  const Space space;
  const KokkosTile::TileShape2D shape{64, 64, 1};
  auto timed = [&](const auto& b, const char* form, int min_blocks, double copy,
                   const std::function<void()>& call) {
    const auto [ms, check] = timed_and_checked(b, call);
    std::printf("bounds,float,%d,%s,%d,%.4f,%.4f,%s\n", edge, form, min_blocks, ms, copy / ms,
                check);
  };
  auto views = [&](auto&&... args) { timed(m.vb, args...); };
  auto aligned = [&](auto&&... args) { timed(m.b, args...); };
  for (int round = 0; round < 3; ++round) {
    const double copy = benchmark_like_ms([&] { Kokkos::deep_copy(space, m.y, m.x); });
    std::printf("bounds,float,%d,deep_copy,0,%.4f,1.0000,ok\n", edge, copy);
    views("views", 0, copy,
          [&] { KokkosTile::Impl::launch_transpose_tiled<64, 0>("kx", space, m.vb, m.va, shape); });
    views("views", 5, copy,
          [&] { KokkosTile::Impl::launch_transpose_tiled<64, 5>("kx", space, m.vb, m.va, shape); });
    views("views", 6, copy,
          [&] { KokkosTile::Impl::launch_transpose_tiled<64, 6>("kx", space, m.vb, m.va, shape); });
    aligned("aligned", 0, copy,
            [&] { KokkosTile::Impl::launch_transpose_tiled<64, 0>("kx", space, m.b, m.a, shape); });
    aligned("aligned", 5, copy,
            [&] { KokkosTile::Impl::launch_transpose_tiled<64, 5>("kx", space, m.b, m.a, shape); });
    aligned("raw_down", 8, copy,
            m.raw_launch(transpose_raw_tiles<64, 256, true>, 64, 256, edge, space));
  }
}

/// Question 21: the TMA tiles of transpose_tma_tiles.hpp against the raw 64 x 64 kernel and the
/// library, three rounds, timed as in question 9.
void tma_questions(int edge) {
  const AlignedAndViews m(edge);
  const Space space;
  const cudaStream_t stream = space.cuda_stream();
  for (int round = 0; round < 3; ++round) {
    const double copy = benchmark_like_ms([&] { Kokkos::deep_copy(space, m.y, m.x); });
    std::printf("tma,float,%d,deep_copy,%.4f,1.0000,ok\n", edge, copy);
    auto timed = [&](const char* form, const auto& b, const std::function<void()>& call) {
      const auto [ms, check] = timed_and_checked(b, call);
      std::printf("tma,float,%d,%s,%.4f,%.4f,%s\n", edge, form, ms, copy / ms, check);
    };
    timed("raw_down_aligned", m.b,
          m.raw_launch(transpose_raw_tiles<64, 256, true>, 64, 256, edge, space));
    timed("library_views", m.vb, [&] { KokkosTile::transpose(space, m.vb, m.va); });
    timed("tma_t256_down_promote256_aligned", m.b,
          tma_transpose::launch<256, true>(m.a.data(), m.b.data(), edge, true, stream));
    // Views' data lie 128 bytes past a 256-byte boundary: a grid 32 floats before their origin
    // puts every tile line on a 256-byte boundary, as the library's shifted grid does.
    timed("tma_t256_down_promote256_views_shift32", m.vb,
          tma_transpose::launch<256, true>(m.va.data(), m.vb.data(), edge, true, stream, 32));
    timed("pipelined_s2_b3_views_shift32", m.vb,
          tma_transpose::launch_pipelined<2>(m.va.data(), m.vb.data(), edge, stream, 32, 3));
    timed("pipelined_s2_b2_views_shift32", m.vb,
          tma_transpose::launch_pipelined<2>(m.va.data(), m.vb.data(), edge, stream, 32, 2));
    timed("pipelined_s3_b2_views_shift32", m.vb,
          tma_transpose::launch_pipelined<3>(m.va.data(), m.vb.data(), edge, stream, 32, 2));
    timed("pipelined_s1_b6_views_shift32", m.vb,
          tma_transpose::launch_pipelined<1>(m.va.data(), m.vb.data(), edge, stream, 32, 6));
    timed("pipelined_s2_b3_aligned", m.b,
          tma_transpose::launch_pipelined<2>(m.a.data(), m.b.data(), edge, stream, 0, 3));
  }
}

/// Question 20: the host's time to issue one call with the stream idle (the median over 400 calls,
/// each fenced before it is issued and after), on one 64 x 64 tile: the raw kernel, question 7's
/// design through a Kokkos TeamPolicy, the library's launch and its public entry point on the
/// aligned square and on Views, deep_copy, and an empty Kokkos RangePolicy parallel_for.
void issue_questions() {
  const int edge = 64;
  const AlignedAndViews m(edge);
  const Space space;
  const std::vector<std::pair<const char*, std::function<void()>>> forms = {
      {"empty_range_parallel_for",
       [&] {
         Kokkos::parallel_for("empty", Kokkos::RangePolicy<Space>(space, 0, 1),
                              KOKKOS_LAMBDA(int){});
       }},
      {"deep_copy", [&] { Kokkos::deep_copy(space, m.y, m.x); }},
      {"raw_down", m.raw_launch(transpose_raw_tiles<64, 256, true>, 64, 256, edge, space)},
      {"kokkos_design_down",
       m.design_launch<TransposeDesign<64, 64, 256, true, false>>(edge, space)},
      {"library_launch_aligned",
       [&] {
         KokkosTile::Impl::launch_transpose_tiled<64>("kx", space, m.b, m.a,
                                                      KokkosTile::TileShape2D{64, 64, 1});
       }},
      {"library_public_aligned", [&] { KokkosTile::transpose(space, m.b, m.a); }},
      {"library_launch_views",
       [&] {
         KokkosTile::Impl::launch_transpose_tiled<64>("kx", space, m.vb, m.va,
                                                      KokkosTile::TileShape2D{64, 64, 1});
       }},
      {"library_public_views", [&] { KokkosTile::transpose(space, m.vb, m.va); }},
  };
  for (int round = 0; round < 2; ++round) {
    for (const auto& [form, call] : forms) {
      std::vector<double> issue;
      for (int k = 0; k < 400; ++k) {
        Kokkos::fence();
        const auto start = std::chrono::steady_clock::now();
        call();
        const std::chrono::duration<double, std::micro> took =
            std::chrono::steady_clock::now() - start;
        Kokkos::fence();
        issue.push_back(took.count());
      }
      std::sort(issue.begin(), issue.end());
      std::printf("issue,float,%d,%s,%.3f,%.3f,%.3f\n", edge, form, issue[issue.size() / 2],
                  issue[issue.size() / 10], issue[issue.size() * 9 / 10]);
    }
  }
}

/// Question 8: reverse in place in packets with Pairs packet pairs a thread (all 2 * Pairs loads
/// before any store; within a block of `block` threads, pair j of thread i is i + block j, so that
/// every warp access stays one coalesced 512-byte run), against the library's one pair a thread,
/// and a packet copy kernel out of place as the ceiling of a Kokkos kernel of this shape. Thread i
/// is a RangePolicy index (question 8, blocks of 256) or team thread t of league rank g, i = g
/// block + t (question 23, blocks of the team's size).
template <class T, int Pairs>
struct ReverseManyPairs {
  static constexpr int V = KokkosTile::Impl::packet_width<T>();
  using packet = KokkosTile::Impl::Packet<T, V>;
  T* data;
  std::int64_t packets;  // multiple of 2 * block * Pairs
  int block;

  template <class Member>
  KOKKOS_FUNCTION void operator()(const Member& team) const {
    (*this)(std::int64_t(team.league_rank()) * block + team.team_rank());
  }

  KOKKOS_FUNCTION void operator()(std::int64_t i) const {
    const std::int64_t base = i / block * block * Pairs + i % block;
    packet f[Pairs], r[Pairs];
    for (int j = 0; j < Pairs; ++j) {
      f[j] = *reinterpret_cast<const packet*>(data + (base + block * j) * V);
      r[j] = *reinterpret_cast<const packet*>(data + (packets - 1 - base - block * j) * V);
    }
    for (int j = 0; j < Pairs; ++j) {
      KokkosTile::Impl::store_packet(data + (base + block * j) * V,
                                     KokkosTile::Impl::reversed(r[j]));
      KokkosTile::Impl::store_packet(data + (packets - 1 - base - block * j) * V,
                                     KokkosTile::Impl::reversed(f[j]));
    }
  }
};

template <class T>
struct CopyPackets {
  static constexpr int V = KokkosTile::Impl::packet_width<T>();
  using packet = KokkosTile::Impl::Packet<T, V>;
  const T* src;
  T* dst;
  KOKKOS_FUNCTION void operator()(std::int64_t k) const {
    KokkosTile::Impl::store_packet(dst + k * V, *reinterpret_cast<const packet*>(src + k * V));
  }
};

template <class T>
void reverse_design_questions(std::int64_t count) {
  constexpr int V = KokkosTile::Impl::packet_width<T>();
  using Range = Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>;
  Kokkos::View<T*, Memory> v("v", count), w("w", count);
  Kokkos::parallel_for(Range(0, count), IndexPattern<T>{v});
  const double copy = median_fenced_ms([&] { Kokkos::deep_copy(w, v); });
  std::int64_t flips = 0;
  auto report = [&](const char* kernel, int pairs, double ms, bool ok) {
    std::printf("rdesign,%s,%ld,%s,%d,%.4f,%.3f,%s\n", type_name<T>(), static_cast<long>(count),
                kernel, pairs, ms, copy / ms, ok ? "ok" : "WRONG");
  };
  auto many = [&](auto pairs) {
    constexpr int P = decltype(pairs)::value;
    const ReverseManyPairs<T, P> functor{v.data(), count / V, 256};
    const double ms = median_fenced_ms([&] {
      Kokkos::parallel_for("many_pairs",
                           Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>(
                               Space(), 0, count / V / 2 / P, Kokkos::ChunkSize(256)),
                           functor);
      ++flips;
    });
    report("packets_many_pairs", P, ms, reversed_correctly(v, flips));
  };
  report("deep_copy", 0, copy, true);
  for (int round = 0; round < 2; ++round) {
    report("library_reverse", 1, median_fenced_ms([&] {
             KokkosTile::reverse(v);
             ++flips;
           }),
           reversed_correctly(v, flips));
    report("library_reverse_static", 1, median_fenced_ms([&] {
             KokkosTile::reverse_static<1024>(v);
             ++flips;
           }),
           reversed_correctly(v, flips));
    many(std::integral_constant<int, 1>{});
    many(std::integral_constant<int, 2>{});
    many(std::integral_constant<int, 4>{});
    const CopyPackets<T> copier{v.data(), w.data()};
    report("copy_packets_out_of_place", 0, median_fenced_ms([&] {
             Kokkos::parallel_for("copy_packets", Range(0, count / V), copier);
           }),
           true);
  }
}

#if defined(KOKKOS_ENABLE_CUDA)
/// Question 22: the library's packet kernel (side packets, clamped boundary) with a chosen
/// tuning: Rows output rows a thread, Teams teams a multiprocessor, and the taps summed input row
/// by input row (Rolling, StencilPackets::rolling) or over the whole window.
template <int R, bool Star, int Rows, unsigned Teams, bool Rolling, class Grid, class T>
void packets_tuned(const Grid& out, const Grid& in, const KokkosTile::Stencil2D<T>& weights) {
  KokkosTile::Impl::launch_stencil_packets<R, Star, Grid, Grid, T, Rows, true, Teams, Rolling>(
      "rolling", Kokkos::Cuda(), out, in, weights, KokkosTile::BoundaryCondition<T>::clamp(),
      packet_fast_path(out, in));
}

template <class T>
void rolling_questions(int edge, bool box_only = false) {
  using Grid = Kokkos::View<T**, Kokkos::LayoutRight, Memory>;
  using Policy = Kokkos::MDRangePolicy<Space, Kokkos::Rank<2>, Kokkos::IndexType<std::int64_t>>;
  Grid in("in", edge, edge), out("out", edge, edge), expected("expected", edge, edge);
  Kokkos::parallel_for(Policy({0, 0}, {edge, edge}), MatrixPattern<Grid>{in});
  Kokkos::View<T*, Memory> x("x", std::int64_t(edge) * edge), y("y", std::int64_t(edge) * edge);
  Kokkos::deep_copy(x, T(1));
  const auto clamp = KokkosTile::BoundaryCondition<T>::clamp();
  const auto run_shape = [&](const char* shape, const KokkosTile::Stencil2D<T>& weights,
                             auto forms) {
    KokkosTile::stencil(expected, in, weights, clamp);
    Kokkos::fence();
    const auto want = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), expected);
    // |pattern| < 1000003 and the weights' |w| sum to at most 32 / 3 (the 9-point star), so a
    // float sum of n taps rounds by less than n * 2^-23 * 32 / 3 * 1000003, about 11 for the
    // 9-point star and 3 for the box: inside 4e-5 of the pattern's bound (40).
    const double tolerance = (sizeof(T) == 4 ? 4e-5 : 4e-13) * 1000003.0;
    forms([&](const char* form, const auto& call) {
      const double copy = benchmark_like_ms([&] { Kokkos::deep_copy(Space(), y, x); });
      Kokkos::deep_copy(out, T(-1));
      call();
      Kokkos::fence();
      const auto got = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
      double worst = 0;
      for (int i = 0; i < edge; i += 7)
        for (int j = 0; j < edge; ++j)
          worst = std::max(worst, std::abs(double(got(i, j)) - double(want(i, j))));
      const bool ok = worst <= tolerance;
      const double ms = benchmark_like_ms(call);
      std::printf("rolling,%s,%d,%s,%s,%.4f,%.4f,%.3f,%s\n", type_name<T>(), edge, shape, form,
                  copy, ms, copy / ms, ok ? "ok" : "WRONG");
    });
  };
  const auto box = KokkosTile::Stencil2D<T>::box(2, std::vector<T>(25, T(1) / 25));
  if (!box_only)
    run_shape("box5x5", box, [&](auto form) {
      form("library", [&] { KokkosTile::stencil(out, in, box, clamp); });
      form("packets_4rows_3teams", [&] { packets_tuned<2, false, 4, 3, false>(out, in, box); });
      form("rolling_4rows_4teams", [&] { packets_tuned<2, false, 4, 4, true>(out, in, box); });
      form("rolling_4rows_3teams", [&] { packets_tuned<2, false, 4, 3, true>(out, in, box); });
      form("rolling_8rows_4teams", [&] { packets_tuned<2, false, 8, 4, true>(out, in, box); });
      form("rolling_8rows_3teams", [&] { packets_tuned<2, false, 8, 3, true>(out, in, box); });
      form("rolling_2rows_4teams", [&] { packets_tuned<2, false, 2, 4, true>(out, in, box); });
    });
  if (box_only) {
    // Question 26: the rolling box at four rows a thread with more teams a multiprocessor (fewer
    // registers a thread: 5 teams of 256 threads hold a thread to 48, 6 to 40).
    run_shape("box5x5", box, [&](auto form) {
      form("library", [&] { KokkosTile::stencil(out, in, box, clamp); });
      form("rolling_4rows_5teams", [&] { packets_tuned<2, false, 4, 5, true>(out, in, box); });
      form("rolling_4rows_6teams", [&] { packets_tuned<2, false, 4, 6, true>(out, in, box); });
      form("rolling_3rows_4teams", [&] { packets_tuned<2, false, 3, 4, true>(out, in, box); });
      form("rolling_3rows_5teams", [&] { packets_tuned<2, false, 3, 5, true>(out, in, box); });
      form("rolling_4rows_4teams", [&] { packets_tuned<2, false, 4, 4, true>(out, in, box); });
    });
    return;
  }
  const auto nine = KokkosTile::Stencil2D<T>::nine_point(T(-5), T(4) / 3, T(-1) / 12);
  run_shape("star9", nine, [&](auto form) {
    form("library", [&] { KokkosTile::stencil(out, in, nine, clamp); });
    form("rolling_4rows_4teams", [&] { packets_tuned<2, true, 4, 4, true>(out, in, nine); });
    form("rolling_8rows_4teams", [&] { packets_tuned<2, true, 8, 4, true>(out, in, nine); });
  });
  const auto five = KokkosTile::Stencil2D<T>::five_point(T(-4), T(1));
  run_shape("star5", five, [&](auto form) {
    form("library", [&] { KokkosTile::stencil(out, in, five, clamp); });
    form("packets_2rows", [&] { packets_tuned<1, true, 2, 4, false>(out, in, five); });
    form("packets_4rows", [&] { packets_tuned<1, true, 4, 4, false>(out, in, five); });
    form("rolling_4rows_4teams", [&] { packets_tuned<1, true, 4, 4, true>(out, in, five); });
    form("rolling_8rows_4teams", [&] { packets_tuned<1, true, 8, 4, true>(out, in, five); });
  });
}
#endif

#if defined(KOKKOS_ENABLE_CUDA)
/// Question 24: the in-place square transpose (pairs of tiles swapped through scratch) with 32 x 32
/// tiles (4 warps a team, the library's choice for 8-byte elements) or 64 x 64 (8 warps, its
/// choice for 4-byte ones), each under launch bounds promising MinBlocks teams of 256 threads a
/// multiprocessor (0: Kokkos' default), on LayoutRight Views as the benchmark allocates them.
template <class T>
void in_place_questions(int edge) {
  using Matrix = Kokkos::View<T**, Kokkos::LayoutRight, Memory>;
  using Policy = Kokkos::MDRangePolicy<Space, Kokkos::Rank<2>, Kokkos::IndexType<std::int64_t>>;
  const std::int64_t count = std::int64_t(edge) * edge;
  Matrix a("a", edge, edge);
  Kokkos::parallel_for(Policy({0, 0}, {edge, edge}), MatrixPattern<Matrix>{a});
  Kokkos::View<T*, Memory> x("x", count), y("y", count);
  std::int64_t calls = 0;  // each call transposes a once
  const auto timed = [&](const char* form, int tile, int min_blocks, const auto& call) {
    const double copy = benchmark_like_ms([&] { Kokkos::deep_copy(Space(), y, x); });
    const double ms = benchmark_like_ms([&] {
      call();
      ++calls;
    });
    std::printf("inplace,%s,%d,%s,%d,%d,%.4f,%.4f,%.3f,%s\n", type_name<T>(), edge, form, tile,
                min_blocks, copy, ms, copy / ms,
                matrix_correct(a, calls % 2 == 1) ? "ok" : "WRONG");
  };
  const auto launch = [&](auto tile, auto min_blocks) {
    constexpr int Tile = decltype(tile)::value;
    constexpr unsigned MinBlocks = decltype(min_blocks)::value;
    KokkosTile::TransposeOptions options;
    options.tile = Tile;
    const auto shape = KokkosTile::Impl::transpose_tile_shape<Space>(
        "inplace", options, KokkosTile::Impl::resolve<Space>(options.variant));
    timed("launch", Tile, MinBlocks, [&] {
      KokkosTile::Impl::launch_transpose_in_place<Tile, MinBlocks>("inplace", Space(), a, shape);
    });
  };
  using std::integral_constant;
  for (int round = 0; round < 2; ++round) {
    timed("library", 0, 0, [&] { KokkosTile::transpose(a); });
    if constexpr (sizeof(T) <= 4)
      launch(integral_constant<int, 64>{}, integral_constant<unsigned, 0>{});
    // Launch bounds count teams of 256 threads (TilePolicy): 4, 6 and 8 hold a 128-thread team to
    // 64, 42 and 32 registers, for 16, 24 and 32 teams of 128 a multiprocessor.
    launch(integral_constant<int, 32>{}, integral_constant<unsigned, 0>{});
    launch(integral_constant<int, 32>{}, integral_constant<unsigned, 4>{});
    launch(integral_constant<int, 32>{}, integral_constant<unsigned, 6>{});
    launch(integral_constant<int, 32>{}, integral_constant<unsigned, 8>{});
  }
}

/// Question 23: `reverse`'s in-place packet kernel (one packet and its mirror a thread) under a
/// TeamPolicy of `threads` threads a team, each thread taking one or two packet pairs
/// (ReverseManyPairs with blocks of the team's size). The library's RangePolicy launch gets 128
/// threads a block from Kokkos' block size deduction (the smallest of at least 128 at full
/// occupancy).
template <class T>
void reverse_team_questions(std::int64_t count) {
  constexpr int V = KokkosTile::Impl::packet_width<T>();
  Kokkos::View<T*, Memory> v("v", count), x("x", count), y("y", count);
  Kokkos::parallel_for(Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>(0, count),
                       IndexPattern<T>{v});
  std::int64_t flips = 0;  // each call reverses v once
  const auto report = [&](const char* form, int threads, int pairs, double copy, double ms) {
    std::printf("rteam,%s,%ld,%s,%d,%d,%.4f,%.4f,%.3f,%s\n", type_name<T>(),
                static_cast<long>(count), form, threads, pairs, copy, ms, copy / ms,
                reversed_correctly(v, flips) ? "ok" : "WRONG");
  };
  const auto timed = [&](const char* form, int threads, int pairs, const auto& call) {
    const auto [copy, ms] = reversal_and_copy_ms(x, y, flips, call);
    report(form, threads, pairs, copy, ms);
  };
  const auto team_form = [&](auto pairs, int threads) {
    constexpr int P = decltype(pairs)::value;
    const ReverseManyPairs<T, P> functor{v.data(), count / V, threads};
    const int league = static_cast<int>(count / V / 2 / threads / P);
    timed("team", threads, P, [&] {
      Kokkos::parallel_for("reverse_team", Kokkos::TeamPolicy<Space>(Space(), league, threads),
                           functor);
    });
  };
  for (int round = 0; round < 2; ++round) {
    timed("library_reverse", 128, 1, [&] { KokkosTile::reverse(v); });
    timed("library_reverse_static1024", 0, 0, [&] { KokkosTile::reverse_static<1024>(v); });
    for (const int threads : {128, 256, 512, 1024}) {
      team_form(std::integral_constant<int, 1>{}, threads);
      team_form(std::integral_constant<int, 2>{}, threads);
    }
  }
}

/// Question 29: reverse_static<1024>'s staged kernel (one pair of chunks a team, the library's
/// ReverseInPlaceStagedPackets) under launch bounds that promise MinBlocks teams a multiprocessor
/// (0: Kokkos' default; the library's kernel takes 56-60 registers, so 8 teams of 128 threads).
/// Scratch allows 13 teams of two 8 KiB double chunks. (16 teams of 128 threads, 32 registers, is
/// refused by Kokkos' team-size check: run 51 stopped there, after the double rows.)
template <class T>
void staged_bound_questions(std::int64_t count) {
  constexpr int Chunk = 1024;
  Kokkos::View<T*, Memory> v("v", count), x("x", count), y("y", count);
  Kokkos::parallel_for(Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>(0, count),
                       IndexPattern<T>{v});
  std::int64_t flips = 0;  // each call reverses v once
  const std::int64_t chunks = (count / 2 + Chunk - 1) / Chunk;
  const std::size_t bytes = 2 * KokkosTile::StaticTile1D<T, Chunk, Space>::scratch_bytes();
  const auto timed = [&](const char* form, int threads, int min_blocks, const auto& call) {
    const auto [copy, ms] = reversal_and_copy_ms(x, y, flips, call);
    std::printf("sbounds,%s,%ld,%s,%d,%d,%.4f,%.4f,%.3f,%s\n", type_name<T>(),
                static_cast<long>(count), form, threads, min_blocks, copy, ms, copy / ms,
                reversed_correctly(v, flips) ? "ok" : "WRONG");
  };
  const KokkosTile::Impl::ReverseInPlaceStagedPackets<Space, T, Chunk, 0> functor{v.data(), count,
                                                                                  Chunk};
  const auto bounded = [&](auto threads, auto min_blocks) {
    constexpr unsigned Threads = decltype(threads)::value, MinBlocks = decltype(min_blocks)::value;
    Kokkos::TeamPolicy<Space, Kokkos::LaunchBounds<Threads, MinBlocks>> policy(
        static_cast<int>(chunks), static_cast<int>(Threads));
    policy.set_scratch_size(0, Kokkos::PerTeam(bytes));
    timed("bounded", Threads, MinBlocks, [&] { Kokkos::parallel_for("staged", policy, functor); });
  };
  using std::integral_constant;
  for (int round = 0; round < 2; ++round) {
    timed("library_reverse_static1024", 0, 0, [&] { KokkosTile::reverse_static<Chunk>(v); });
    for (const int threads : {128, 256}) {
      Kokkos::TeamPolicy<Space> policy(static_cast<int>(chunks), threads);
      policy.set_scratch_size(0, Kokkos::PerTeam(bytes));
      timed("default_bounds", threads, 0, [&] { Kokkos::parallel_for("staged", policy, functor); });
    }
    bounded(integral_constant<unsigned, 128>{}, integral_constant<unsigned, 10>{});
    bounded(integral_constant<unsigned, 128>{}, integral_constant<unsigned, 12>{});
    bounded(integral_constant<unsigned, 128>{}, integral_constant<unsigned, 13>{});
    bounded(integral_constant<unsigned, 256>{}, integral_constant<unsigned, 5>{});
    bounded(integral_constant<unsigned, 256>{}, integral_constant<unsigned, 6>{});
  }
}
#endif

#if defined(KOKKOS_ENABLE_CUDA)
/// Question 25: the order in which the in-place transpose's teams take their tile pairs
/// (Impl::InPlaceTileOrder): column by column over the upper triangle (the library's), its mirror
/// image (rows of tiles, consecutive teams along rows of the upper triangle), and groups of
/// `group` x `group` tiles column by column, row by row inside each; the library's tile edge, on
/// LayoutRight Views as the benchmark allocates them.
template <class T>
void in_place_order_questions(int edge) {
  using Matrix = Kokkos::View<T**, Kokkos::LayoutRight, Memory>;
  using Policy = Kokkos::MDRangePolicy<Space, Kokkos::Rank<2>, Kokkos::IndexType<std::int64_t>>;
  constexpr int Tile = sizeof(T) <= 4 ? 64 : 32;
  const std::int64_t count = std::int64_t(edge) * edge;
  Matrix a("a", edge, edge);
  Kokkos::parallel_for(Policy({0, 0}, {edge, edge}), MatrixPattern<Matrix>{a});
  Kokkos::View<T*, Memory> x("x", count), y("y", count);
  KokkosTile::TransposeOptions options;
  options.tile = Tile;
  const auto shape = KokkosTile::Impl::transpose_tile_shape<Space>(
      "inorder", options, KokkosTile::Impl::resolve<Space>(options.variant));
  std::int64_t calls = 0;  // each call transposes a once
  const auto timed = [&](const char* form, int group, const auto& call) {
    const double copy = benchmark_like_ms([&] { Kokkos::deep_copy(Space(), y, x); });
    const double ms = benchmark_like_ms([&] {
      call();
      ++calls;
    });
    std::printf("inorder,%s,%d,%s,%d,%.4f,%.4f,%.3f,%s\n", type_name<T>(), edge, form, group, copy,
                ms, copy / ms, matrix_correct(a, calls % 2 == 1) ? "ok" : "WRONG");
  };
  const auto ordered = [&](const char* form, int group, bool mirrored) {
    KokkosTile::Impl::InPlaceTileOrder order;
    order.group = group;
    order.mirrored = mirrored;
    timed(form, group, [&] {
      KokkosTile::Impl::launch_transpose_in_place<Tile>("inorder", Space(), a, shape, order);
    });
  };
  for (int round = 0; round < 2; ++round) {
    timed("library", 1, [&] { KokkosTile::transpose(a); });
    ordered("columns", 1, false);
    ordered("rows", 1, true);
    for (const int group : {2, 4, 8, 16})
      ordered("groups", group, false);
  }
}

/// Question 25, reversal: `reverse`'s in-place packet kernel with the pairs taken from the middle
/// outwards (thread k swaps packets h - 1 - k and h + k, h = packets / 2), so that the front half
/// is walked downwards and the back half upwards, against the library (from the ends inwards).
template <class T>
struct ReverseMiddleOut {
  static constexpr int V = KokkosTile::Impl::packet_width<T>();
  using packet = KokkosTile::Impl::Packet<T, V>;
  T* data;
  std::int64_t packets;

  KOKKOS_FUNCTION void operator()(std::int64_t k) const {
    const std::int64_t middle = packets / 2;
    T* const front = data + (middle - 1 - k) * V;
    T* const back = data + (middle + k) * V;
    const packet f = *reinterpret_cast<const packet*>(front);
    const packet b = *reinterpret_cast<const packet*>(back);
    KokkosTile::Impl::store_packet(front, KokkosTile::Impl::reversed(b));
    KokkosTile::Impl::store_packet(back, KokkosTile::Impl::reversed(f));
  }
};

template <class T>
void reverse_order_questions(std::int64_t count) {
  constexpr int V = KokkosTile::Impl::packet_width<T>();
  Kokkos::View<T*, Memory> v("v", count), x("x", count), y("y", count);
  Kokkos::parallel_for(Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>(0, count),
                       IndexPattern<T>{v});
  std::int64_t flips = 0;  // each call reverses v once
  const auto timed = [&](const char* form, const auto& call) {
    const auto [copy, ms] = reversal_and_copy_ms(x, y, flips, call);
    std::printf("rorder,%s,%ld,%s,%.4f,%.4f,%.3f,%s\n", type_name<T>(), static_cast<long>(count),
                form, copy, ms, copy / ms, reversed_correctly(v, flips) ? "ok" : "WRONG");
  };
  const std::int64_t packets = count / V;
  for (int round = 0; round < 2; ++round) {
    timed("library", [&] { KokkosTile::reverse(v); });
    timed("middle_out", [&] {
      Kokkos::parallel_for(
          "middle_out",
          Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>(Space(), 0, packets / 2),
          ReverseMiddleOut<T>{v.data(), packets});
    });
  }
}
#endif

#if defined(KOKKOS_ENABLE_CUDA)
/// Question 27, the diagnostic: the library's full-tile pair swap (FullTilePackets, two tiles a
/// team, Warps warps) on a 256-byte aligned square whose edge is a multiple of Edge, writing either
/// back into the square (in place, as the library) or into a second square (the same reads, every
/// write to a line the team did not read).
template <class T, int Edge, int Warps>
struct PairTiles {
  using tile_type = KokkosTile::Tile2D<T, Space>;
  using member_type = Kokkos::TeamPolicy<Space>::member_type;
  static constexpr int V = KokkosTile::Impl::packet_width<T>();
  const T* src;
  T* dst;
  int slow;
  KokkosTile::TileShape2D shape;

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    const auto t = KokkosTile::Impl::upper_tile_of_rank(team.league_rank());
    const tile_type upper(team, 0, shape), lower(team, 0, shape);
    const std::int64_t above = std::int64_t(t.row) * Edge * slow + std::int64_t(t.col) * Edge;
    const std::int64_t below = std::int64_t(t.col) * Edge * slow + std::int64_t(t.row) * Edge;
    using tiles = KokkosTile::Impl::FullTilePackets<T, Edge, V, 2, 32 * Warps>;
    T* const scratch_upper = upper.storage().data();
    T* const scratch_lower = lower.storage().data();
    tiles::load(team, {src + above, src + below}, slow, {scratch_upper, scratch_lower},
                shape.pitch());
    team.team_barrier();
    tiles::store(team, {scratch_upper, scratch_lower}, shape.pitch(), {dst + below, dst + above},
                 slow, true);
  }
};

template <class T>
void in_place_warp_questions(int edge) {
  using Matrix = Kokkos::View<T**, Kokkos::LayoutRight, Memory>;
  using Unmanaged = Kokkos::View<T**, Kokkos::LayoutRight, Memory, Kokkos::MemoryUnmanaged>;
  using Policy = Kokkos::MDRangePolicy<Space, Kokkos::Rank<2>, Kokkos::IndexType<std::int64_t>>;
  const std::int64_t count = std::int64_t(edge) * edge;
  Matrix a("a", edge, edge);
  Kokkos::parallel_for(Policy({0, 0}, {edge, edge}), MatrixPattern<Matrix>{a});
  const std::int64_t slack = 256 / sizeof(T);
  Kokkos::View<T*, Memory> a_buffer("a_buffer", count + slack), b_buffer("b_buffer", count + slack);
  Unmanaged sa(on_256_byte_boundary(a_buffer.data()), edge, edge);
  Unmanaged sb(on_256_byte_boundary(b_buffer.data()), edge, edge);
  Kokkos::parallel_for(Policy({0, 0}, {edge, edge}), MatrixPattern<Unmanaged>{sa});
  Kokkos::View<T*, Memory> x("x", count), y("y", count);
  std::int64_t calls = 0, square_calls = 0;  // transposes of a, of sa in place
  const auto timed = [&](const char* form, int tile, int warps, const auto& call, const auto& ok) {
    const double copy = benchmark_like_ms([&] { Kokkos::deep_copy(Space(), y, x); });
    const double ms = benchmark_like_ms(call);
    std::printf("inwarps,%s,%d,%s,%d,%d,%.4f,%.4f,%.3f,%s\n", type_name<T>(), edge, form, tile,
                warps, copy, ms, copy / ms, ok() ? "ok" : "WRONG");
  };
  const auto on_view = [&](auto tile, auto warps) {
    constexpr int Tile = decltype(tile)::value;
    constexpr int Warps = decltype(warps)::value;
    KokkosTile::TransposeOptions options;
    options.tile = Tile;
    const auto shape = KokkosTile::Impl::transpose_tile_shape<Space>(
        "inwarps", options, KokkosTile::Impl::resolve<Space>(options.variant));
    timed(
        "view", Tile, Warps,
        [&] {
          KokkosTile::Impl::launch_transpose_in_place<Tile, 0, Warps>("inwarps", Space(), a, shape);
          ++calls;
        },
        [&] { return matrix_correct(a, calls % 2 == 1); });
  };
  const auto pairs = [&](auto tile, auto warps) {
    constexpr int Tile = decltype(tile)::value;
    constexpr int Warps = decltype(warps)::value;
    const KokkosTile::TileShape2D shape{Tile, Tile, 1};
    const int tiles = edge / Tile;
    const auto policy =
        Kokkos::TeamPolicy<Space>(Space(), tiles * (tiles + 1) / 2, Warps, 32)
            .set_scratch_size(0, Kokkos::PerTeam(2 * Tile * (Tile + 1) * sizeof(T)));
    const PairTiles<T, Tile, Warps> in_place{sa.data(), sa.data(), edge, shape};
    const PairTiles<T, Tile, Warps> out_of_place{sa.data(), sb.data(), edge, shape};
    timed(
        "pairs_in_place", Tile, Warps,
        [&] {
          Kokkos::parallel_for("pairs", policy, in_place);
          ++square_calls;
        },
        [&] { return matrix_correct(sa, square_calls % 2 == 1); });
    timed(
        "pairs_out_of_place", Tile, Warps,
        [&] { Kokkos::parallel_for("pairs", policy, out_of_place); },
        [&] { return matrix_correct(sb, square_calls % 2 == 0); });
  };
  using std::integral_constant;
  for (int round = 0; round < 2; ++round) {
    if constexpr (sizeof(T) <= 4) {
      on_view(integral_constant<int, 64>{}, integral_constant<int, 0>{});
      on_view(integral_constant<int, 64>{}, integral_constant<int, 4>{});
      on_view(integral_constant<int, 64>{}, integral_constant<int, 16>{});
      on_view(integral_constant<int, 64>{}, integral_constant<int, 32>{});
      pairs(integral_constant<int, 64>{}, integral_constant<int, 8>{});
      pairs(integral_constant<int, 64>{}, integral_constant<int, 16>{});
    }
    on_view(integral_constant<int, 32>{}, integral_constant<int, 0>{});
    on_view(integral_constant<int, 32>{}, integral_constant<int, 8>{});
    pairs(integral_constant<int, 32>{}, integral_constant<int, 4>{});
  }
}
#endif

#if defined(KOKKOS_ENABLE_CUDA)
/// Question 28: what a fenced call of `reverse` costs beyond its kernel: the fenced time (timed as
/// question 9) of deep_copy, a raw CUDA launch of the packet kernel (128 threads a block), the
/// same functor through a Kokkos RangePolicy (as the library launches it), and the library's
/// entry points, at 2^10 elements (the fixed cost alone) and 2^26.
template <class T>
__global__ void __launch_bounds__(128) reverse_packets_raw(T* data, std::int64_t packets) {
  const std::int64_t k = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (k < packets / 2)
    KokkosTile::Impl::ReverseInPlacePackets<T>{data, packets}(k);
}

template <class T>
void reverse_overhead_questions(std::int64_t count) {
  constexpr int V = KokkosTile::Impl::packet_width<T>();
  Kokkos::View<T*, Memory> v("v", count), w("w", count), x("x", count), y("y", count);
  Kokkos::parallel_for(Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>(0, count),
                       IndexPattern<T>{v});
  const std::int64_t packets = count / V;
  const Space space;
  std::int64_t flips = 0;
  const auto timed = [&](const char* form, const std::function<void()>& call, bool flips_v) {
    std::int64_t calls = 0;
    const double ms = benchmark_like_ms([&] {
      call();
      ++calls;
    });
    if (flips_v)
      flips += calls;  // the untimed first call included
    std::printf("roverhead,%s,%ld,%s,%.4f,%s\n", type_name<T>(), static_cast<long>(count), form,
                ms * 1000, reversed_correctly(v, flips) ? "ok" : "WRONG");
  };
  for (int round = 0; round < 2; ++round) {
    timed(
        "deep_copy", [&] { Kokkos::deep_copy(space, y, x); }, false);
    timed(
        "raw",
        [&] {
          const auto pairs = packets / 2;
          reverse_packets_raw<T>
              <<<static_cast<unsigned>((pairs + 127) / 128), 128, 0, space.cuda_stream()>>>(
                  v.data(), packets);
        },
        true);
    timed(
        "kokkos_range",
        [&] {
          Kokkos::parallel_for(
              "kx_reverse",
              Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>(space, 0, packets / 2),
              KokkosTile::Impl::ReverseInPlacePackets<T>{v.data(), packets});
        },
        true);
    timed(
        "library_reverse", [&] { KokkosTile::reverse(space, v); }, true);
    timed(
        "library_reverse_copy", [&] { KokkosTile::reverse_copy(space, x, w); }, false);
  }
}
#endif

#if defined(KOKKOS_ENABLE_CUDA)
/// Question 30: what the in-place reversals lack against a copy. `reverse`'s packet kernel (one
/// pair of packets a thread) as persistent blocks of 128 threads, `Blocks` a multiprocessor,
/// walking the pairs with a grid stride (bytes in flight capped by the grid), and the plain kernel
/// with its blocks a multiprocessor capped by padding dynamic shared memory; the same four runs
/// written out of place (front and back of x read, their reversals stored into y: the four streams
/// of the in-place kernel without a line read and then written). reverse_static<1024>'s chunks
/// staged by cp.async (16 bytes a thread, no registers) or by two bulk copies (the tensor memory
/// accelerator, one thread), and stored from scratch as the library stores them, or (bulk_both)
/// reversed into two more chunks of scratch and stored by two bulk copies.
template <class T>
__global__ void __launch_bounds__(128) reverse_packets_strided(T* data, std::int64_t packets) {
  const std::int64_t step = std::int64_t(gridDim.x) * blockDim.x;
  for (std::int64_t k = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x; k < packets / 2;
       k += step)
    KokkosTile::Impl::ReverseInPlacePackets<T>{data, packets}(k);
}

template <class T>
__global__ void __launch_bounds__(128)
    reverse_pairs_out_of_place(const T* src, T* dst, std::int64_t packets) {
  constexpr int V = KokkosTile::Impl::packet_width<T>();
  using packet = KokkosTile::Impl::Packet<T, V>;
  const std::int64_t k = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (k < packets / 2) {
    const packet f = *reinterpret_cast<const packet*>(src + k * V);
    const packet b = *reinterpret_cast<const packet*>(src + (packets - 1 - k) * V);
    KokkosTile::Impl::store_packet(dst + k * V, KokkosTile::Impl::reversed(b));
    KokkosTile::Impl::store_packet(dst + (packets - 1 - k) * V, KokkosTile::Impl::reversed(f));
  }
}

enum class Staging { async, bulk, bulk_both, bulk_swap, bulk_swap_split };

/// One pair of Chunk-element chunks a block of 128 threads, as ReverseInPlaceStagedPackets.
template <class T, int Chunk, Staging How>
__global__ void __launch_bounds__(128) reverse_staged_raw(T* data, std::int64_t extent) {
#if defined(__CUDA_ARCH__)  // the copy helpers exist in the device pass only
  constexpr int V = KokkosTile::Impl::packet_width<T>();
  using packet = KokkosTile::Impl::Packet<T, V>;
  constexpr int Buffers = How == Staging::bulk_both ? 4 : 2;
  __shared__ alignas(128) T chunks[Buffers][Chunk];
  __shared__ std::uint64_t barrier;
  const std::int64_t front_start = std::int64_t(blockIdx.x) * Chunk;
  const std::int64_t half = extent / 2;
  const int count = static_cast<int>(half - front_start < Chunk ? half - front_start : Chunk);
  const int packets = count / V;
  T* const front_data = data + front_start;
  T* const back_data = data + (extent - front_start - count);
  const unsigned bytes = unsigned(count) * sizeof(T);
  if constexpr (How == Staging::async) {
    for (int k = threadIdx.x; k < packets; k += blockDim.x) {
      KokkosTile::Impl::async_copy_to_shared<16>(&chunks[0][k * V], front_data + k * V);
      KokkosTile::Impl::async_copy_to_shared<16>(&chunks[1][k * V], back_data + k * V);
    }
    KokkosTile::Impl::async_copy_commit();
    KokkosTile::Impl::async_copy_wait_all();
    __syncthreads();
  } else {
    if (threadIdx.x == 0) {
      KokkosTile::Impl::mbarrier_init(&barrier, 1);
      KokkosTile::Impl::mbarrier_arrive_expect_bytes(&barrier, 2 * bytes);
      // bulk_swap_split: copies of at most 4 KiB (question 31's best size) for any chunk.
      const unsigned piece = How == Staging::bulk_swap_split ? 4096u : bytes;
      for (unsigned at = 0; at < bytes; at += piece) {
        const unsigned n = bytes - at < piece ? bytes - at : piece;
        KokkosTile::Impl::bulk_copy_to_shared(reinterpret_cast<char*>(chunks[0]) + at,
                                              reinterpret_cast<const char*>(front_data) + at, n,
                                              &barrier);
        KokkosTile::Impl::bulk_copy_to_shared(reinterpret_cast<char*>(chunks[1]) + at,
                                              reinterpret_cast<const char*>(back_data) + at, n,
                                              &barrier);
      }
    }
    __syncthreads();  // the barrier initialised before anyone waits on it
    KokkosTile::Impl::mbarrier_wait(&barrier, 0);
  }
  if constexpr (How == Staging::bulk_swap || How == Staging::bulk_swap_split) {
    // Thread k owns packets k and packets - 1 - k of both chunks: no other thread touches them.
    for (int k = threadIdx.x; k < (packets + 1) / 2; k += blockDim.x) {
      const int m = packets - 1 - k;
      const packet a0 = *reinterpret_cast<const packet*>(&chunks[0][k * V]);
      const packet a1 = *reinterpret_cast<const packet*>(&chunks[1][k * V]);
      const packet b0 = *reinterpret_cast<const packet*>(&chunks[0][m * V]);
      const packet b1 = *reinterpret_cast<const packet*>(&chunks[1][m * V]);
      KokkosTile::Impl::store_packet(&chunks[0][k * V], KokkosTile::Impl::reversed(b1));
      KokkosTile::Impl::store_packet(&chunks[1][k * V], KokkosTile::Impl::reversed(b0));
      KokkosTile::Impl::store_packet(&chunks[0][m * V], KokkosTile::Impl::reversed(a1));
      KokkosTile::Impl::store_packet(&chunks[1][m * V], KokkosTile::Impl::reversed(a0));
    }
  }
  if constexpr (How != Staging::async && How != Staging::bulk) {
    constexpr int Out = How == Staging::bulk_both ? 2 : 0;
    if constexpr (How == Staging::bulk_both)
      for (int k = threadIdx.x; k < packets; k += blockDim.x) {
        const int mirror = (packets - 1 - k) * V;
        KokkosTile::Impl::store_packet(
            &chunks[2][k * V],
            KokkosTile::Impl::reversed(*reinterpret_cast<const packet*>(&chunks[1][mirror])));
        KokkosTile::Impl::store_packet(
            &chunks[3][k * V],
            KokkosTile::Impl::reversed(*reinterpret_cast<const packet*>(&chunks[0][mirror])));
      }
    KokkosTile::Impl::fence_before_bulk_copies();
    __syncthreads();
    if (threadIdx.x == 0) {
      const unsigned piece = How == Staging::bulk_swap_split ? 4096u : bytes;
      for (unsigned at = 0; at < bytes; at += piece) {
        const unsigned n = bytes - at < piece ? bytes - at : piece;
        KokkosTile::Impl::bulk_copy_to_global(reinterpret_cast<char*>(front_data) + at,
                                              reinterpret_cast<const char*>(chunks[Out]) + at, n);
        KokkosTile::Impl::bulk_copy_to_global(reinterpret_cast<char*>(back_data) + at,
                                              reinterpret_cast<const char*>(chunks[Out + 1]) + at,
                                              n);
      }
      KokkosTile::Impl::bulk_copies_to_global_wait_read();
    }
  } else {
    for (int k = threadIdx.x; k < packets; k += blockDim.x) {
      const int mirror = (packets - 1 - k) * V;
      KokkosTile::Impl::store_packet(
          front_data + k * V,
          KokkosTile::Impl::reversed(*reinterpret_cast<const packet*>(&chunks[1][mirror])));
      KokkosTile::Impl::store_packet(
          back_data + k * V,
          KokkosTile::Impl::reversed(*reinterpret_cast<const packet*>(&chunks[0][mirror])));
    }
  }
#else
  (void)data;
  (void)extent;
#endif
}

template <class T>
void reverse_flight_questions(std::int64_t count) {
  constexpr int V = KokkosTile::Impl::packet_width<T>();
  constexpr int Chunk = 1024;
  Kokkos::View<T*, Memory> v("v", count), x("x", count), y("y", count);
  Kokkos::parallel_for(Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>(0, count),
                       IndexPattern<T>{v});
  const int sms = KokkosTile::Impl::cuda_device_limits("kx", Space().cuda_device()).multiprocessors;
  const std::int64_t packets = count / V;
  const unsigned blocks = static_cast<unsigned>((packets / 2 + 127) / 128);
  const cudaStream_t stream = Space().cuda_stream();
  std::int64_t flips = 0;  // each call reverses v once
  const auto timed = [&](const char* form, int per_sm, const auto& call) {
    const auto [copy, ms] = reversal_and_copy_ms(x, y, flips, call);
    std::printf("rflight,%s,%ld,%s,%d,%.4f,%.4f,%.3f,%s\n", type_name<T>(),
                static_cast<long>(count), form, per_sm, copy, ms, copy / ms,
                reversed_correctly(v, flips) ? "ok" : "WRONG");
  };
  // Out of place: v is not touched, so its check is that of the flips so far.
  const auto timed_out_of_place = [&](const char* form, int per_sm, const auto& call) {
    std::int64_t none = 0;
    const auto [copy, ms] = reversal_and_copy_ms(x, y, none, call);
    std::printf("rflight,%s,%ld,%s,%d,%.4f,%.4f,%.3f,%s\n", type_name<T>(),
                static_cast<long>(count), form, per_sm, copy, ms, copy / ms, "-");
  };
  // Dynamic shared memory that leaves room for `per_sm` blocks of 128 threads a multiprocessor.
  const auto padding = [](int per_sm) { return per_sm >= 16 ? 0 : 233472 / per_sm - 1024 - 64; };
  cudaFuncSetAttribute(reverse_packets_raw<T>, cudaFuncAttributeMaxDynamicSharedMemorySize, 232448);
  cudaFuncSetAttribute(reverse_pairs_out_of_place<T>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                       232448);
  for (int round = 0; round < 2; ++round) {
    timed("library_reverse", 16, [&] { KokkosTile::reverse(v); });
    for (const int per_sm : {16, 12, 8, 6, 4}) {
      timed("capped", per_sm, [&] {
        reverse_packets_raw<T><<<blocks, 128, padding(per_sm), stream>>>(v.data(), packets);
      });
      timed_out_of_place("capped_out_of_place", per_sm, [&] {
        reverse_pairs_out_of_place<T>
            <<<blocks, 128, padding(per_sm), stream>>>(x.data(), y.data(), packets);
      });
    }
    for (const int per_sm : {16, 12, 8, 4, 2})
      timed("strided", per_sm, [&] {
        reverse_packets_strided<T>
            <<<static_cast<unsigned>(sms * per_sm), 128, 0, stream>>>(v.data(), packets);
      });
    const unsigned chunks = static_cast<unsigned>((count / 2 + Chunk - 1) / Chunk);
    timed("library_reverse_static1024", 0, [&] { KokkosTile::reverse_static<Chunk>(v); });
    timed("staged_async", 0, [&] {
      reverse_staged_raw<T, Chunk, Staging::async><<<chunks, 128, 0, stream>>>(v.data(), count);
    });
    timed("staged_bulk", 0, [&] {
      reverse_staged_raw<T, Chunk, Staging::bulk><<<chunks, 128, 0, stream>>>(v.data(), count);
    });
    timed("staged_bulk_both", 0, [&] {
      reverse_staged_raw<T, Chunk, Staging::bulk_both><<<chunks, 128, 0, stream>>>(v.data(), count);
    });
  }
  KokkosTile::Impl::check_cuda("question 30", "a launch", cudaGetLastError());
}
#endif

#if defined(KOKKOS_ENABLE_CUDA)
/// Question 31 (see the list at the top).
template <class T>
void reverse_bulk_questions(std::int64_t count) {
  Kokkos::View<T*, Memory> v("v", count), x("x", count), y("y", count);
  Kokkos::parallel_for(Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>(0, count),
                       IndexPattern<T>{v});
  const cudaStream_t stream = Space().cuda_stream();
  std::int64_t flips = 0;  // each call reverses v once
  const auto timed = [&](const char* form, int chunk, const auto& call) {
    const auto [copy, ms] = reversal_and_copy_ms(x, y, flips, call);
    std::printf("rbulk,%s,%ld,%s,%d,%.4f,%.4f,%.3f,%s\n", type_name<T>(), static_cast<long>(count),
                form, chunk, copy, ms, copy / ms, reversed_correctly(v, flips) ? "ok" : "WRONG");
  };
  const auto staged = [&](const char* form, auto how, auto chunk) {
    constexpr Staging How = decltype(how)::value;
    constexpr int Chunk = decltype(chunk)::value;
    constexpr int Buffers = How == Staging::bulk_both ? 4 : 2;
    if constexpr (Buffers * Chunk * sizeof(T) <= 48 * 1024) {
      const unsigned blocks = static_cast<unsigned>((count / 2 + Chunk - 1) / Chunk);
      timed(form, Chunk, [&] {
        reverse_staged_raw<T, Chunk, How><<<blocks, 128, 0, stream>>>(v.data(), count);
      });
    }
  };
  using std::integral_constant;
  using both = integral_constant<Staging, Staging::bulk_both>;
  using swap = integral_constant<Staging, Staging::bulk_swap>;
  using split = integral_constant<Staging, Staging::bulk_swap_split>;
  for (int round = 0; round < 2; ++round) {
    timed("library_reverse", 0, [&] { KokkosTile::reverse(v); });
    timed("library_reverse_static1024", 1024, [&] { KokkosTile::reverse_static<1024>(v); });
    staged("bulk_both", both{}, integral_constant<int, 1024>{});
    staged("bulk_swap", swap{}, integral_constant<int, 1024>{});
    staged("bulk_both", both{}, integral_constant<int, 512>{});
    staged("bulk_swap", swap{}, integral_constant<int, 512>{});
    staged("bulk_both", both{}, integral_constant<int, 2048>{});
    staged("bulk_swap", swap{}, integral_constant<int, 2048>{});
    staged("bulk_swap", swap{}, integral_constant<int, 256>{});
    staged("bulk_swap_split", split{}, integral_constant<int, 1024>{});
    staged("bulk_swap_split", split{}, integral_constant<int, 2048>{});
  }
  KokkosTile::Impl::check_cuda("question 31", "a launch", cudaGetLastError());
}
#endif

void each_edge(std::initializer_list<int> edges, void (*question)(int)) {
  for (const int edge : edges)
    question(edge);
}

/// Questions 7 and 9 to 28: each runs alone when its argument is the program's last.
std::vector<NamedQuestion> named_questions() {
  return {
      {"designs", "design,type,edge,variant,ms,of_deep_copy,check",
       [] {
         for (const int edge : {256, 1024, 8192, 16384})
           design_questions(edge);
         std::printf("rdesign,type,elements,kernel,pairs,ms,of_deep_copy,check\n");
         for (const std::int64_t count : {std::int64_t(1) << 26, std::int64_t(1) << 28}) {
           reverse_design_questions<float>(count);
           reverse_design_questions<double>(count);
         }
       }},
      {"bands", "band,type,shape,round,order,deep_copy_ms,ms,of_deep_copy,check",
       [] {
         for (const auto& [rows, cols] : {std::pair{8192, 8192}, std::pair{16384, 4096},
                                          std::pair{4096, 16384}, std::pair{16384, 16384}}) {
           band_questions<float>(rows, cols);
           band_questions<double>(rows, cols);
         }
       }},
      {"harness", "harness,type,edge,form,data,ms,of_deep_copy",
       [] {
         harness_questions<float>(8192);
         harness_questions<double>(8192);
         harness_questions<float>(8192);
       }},
      {"raw", "raw,type,edge,form,ms,of_deep_copy,check",
       [] {
         each_edge({8192, 16384}, raw_questions);
       }},
      {"launch", "launch,type,edge,form,ms,of_deep_copy,check",
       [] {
         each_edge({256, 8192, 16384}, launch_questions);
       }},
      {"alignment", "align,type,edge,form,offset_bytes,ms,of_deep_copy,check",
       [] {
         for (const int edge : {8192, 16384}) {
           alignment_questions<float>(edge);
           alignment_questions<double>(edge);
         }
       }},
      {"persistent", "persist,type,edge,form,blocks,ms,of_deep_copy,check",
       [] {
         each_edge({8192, 16384}, persistent_questions);
       }},
      {"placement", "place,type,edge,form,gap_bytes,ms,of_deep_copy,check",
       [] {
         each_edge({8192, 16384}, placement_questions);
       }},
      {"overhead", "overhead,type,edge,form,host_enqueue_us,fenced_call_us",
       [] {
         each_edge({64, 8192}, overhead_questions);
       }},
      {"views", "views,type,edge,form,ms,of_deep_copy,check",
       [] {
         each_edge({8192, 16384}, views_questions);
       }},
      {"occupancy",
       "occupancy,type,edge,form,blocks_per_sm,dynamic_shared_bytes,ms,of_deep_copy,check",
       [] {
         each_edge({8192, 16384}, occupancy_questions);
       }},
      {"bounds", "bounds,type,edge,form,min_blocks,ms,of_deep_copy,check",
       [] {
         each_edge({8192, 16384}, bounds_questions);
       }},
      {"issue", "issue,type,edge,form,median_us,p10_us,p90_us", [] { issue_questions(); }},
      {"tma", "tma,type,edge,form,ms,of_deep_copy,check",
       [] {
         each_edge({8192, 16384}, tma_questions);
       }},
      {"rolling", "rolling,type,edge,shape,form,deep_copy_ms,ms,of_deep_copy,check",
       [] {
         const auto limits = KokkosTile::Impl::cuda_device_limits("rolling", Space().cuda_device());
         std::printf("# peak memory %.3g B/s over %d multiprocessors: %.3g a multiprocessor, %s\n",
                     limits.memory_bytes_per_second, limits.multiprocessors,
                     limits.memory_bytes_per_second / limits.multiprocessors,
                     KokkosTile::Impl::bandwidth_rich(limits.memory_bytes_per_second,
                                                      limits.multiprocessors)
                         ? "rich in bandwidth"
                         : "not rich in bandwidth");
         rolling_questions<float>(8192);
         rolling_questions<double>(8192);
       }},
      {"rteam", "rteam,type,elements,form,threads,pairs,deep_copy_ms,ms,of_deep_copy,check",
       [] {
         reverse_team_questions<float>(std::int64_t(1) << 26);
         reverse_team_questions<double>(std::int64_t(1) << 26);
       }},
      {"sbounds",
       "sbounds,type,elements,form,threads,min_blocks,deep_copy_ms,ms,of_deep_copy,check",
       [] {
         staged_bound_questions<double>(std::int64_t(1) << 26);
         staged_bound_questions<float>(std::int64_t(1) << 26);
       }},
      {"inplace", "inplace,type,edge,form,tile,min_blocks,deep_copy_ms,ms,of_deep_copy,check",
       [] {
         in_place_questions<float>(8192);
         in_place_questions<double>(8192);
       }},
      {"order", "inorder,type,edge,form,group,deep_copy_ms,ms,of_deep_copy,check",
       [] {
         in_place_order_questions<float>(8192);
         in_place_order_questions<double>(8192);
         in_place_order_questions<float>(16384);
         std::printf("rorder,type,elements,form,deep_copy_ms,ms,of_deep_copy,check\n");
         reverse_order_questions<float>(std::int64_t(1) << 26);
         reverse_order_questions<double>(std::int64_t(1) << 26);
       }},
      {"boxteams", "rolling,type,edge,shape,form,deep_copy_ms,ms,of_deep_copy,check",
       [] {
         for (int round = 0; round < 2; ++round) {
           rolling_questions<float>(8192, true);
           rolling_questions<double>(8192, true);
         }
       }},
      {"inwarps", "inwarps,type,edge,form,tile,warps,deep_copy_ms,ms,of_deep_copy,check",
       [] {
         in_place_warp_questions<float>(8192);
         in_place_warp_questions<double>(8192);
         in_place_warp_questions<float>(16384);
       }},
      {"roverhead", "roverhead,type,elements,form,fenced_us,check",
       [] {
         for (const std::int64_t count : {std::int64_t(1) << 10, std::int64_t(1) << 26}) {
           reverse_overhead_questions<float>(count);
           reverse_overhead_questions<double>(count);
         }
       }},
      {"rflight", "rflight,type,elements,form,blocks_per_sm,deep_copy_ms,ms,of_deep_copy,check",
       [] {
         reverse_flight_questions<float>(std::int64_t(1) << 26);
         reverse_flight_questions<double>(std::int64_t(1) << 26);
       }},
      {"rbulk", "rbulk,type,elements,form,chunk,deep_copy_ms,ms,of_deep_copy,check",
       [] {
         reverse_bulk_questions<float>(std::int64_t(1) << 26);
         reverse_bulk_questions<double>(std::int64_t(1) << 26);
       }},
      {"stencil", "(question 1 alone; its own line format)",
       [] {
         for (const int edge : {8192, 16384}) {
           stencil_questions<float>(edge);
           stencil_questions<double>(edge);
         }
       }},
  };
}
#else
std::vector<NamedQuestion> named_questions() {
  return {};
}
#endif

}  // namespace

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // lines survive an abort
  // An argument naming a question runs that question only (`staged`: questions 4 and 5; `hints`:
  // question 5); none runs questions 1 to 3, then 6, 4 and 5.
  const std::string last = argc > 1 ? argv[argc - 1] : "";
  const std::vector<NamedQuestion> named = named_questions();
  const bool one_question =
      last == "staged" || last == "hints" || last == "layout" ||
      std::any_of(named.begin(), named.end(), [&](const auto& q) { return last == q.argument; });
  std::printf("execution space %s\n", Space::name());
  if (!one_question) {
#if defined(KOKKOS_ENABLE_CUDA)
    for (const int edge : {8192, 16384}) {
      stencil_questions<float>(edge);
      stencil_questions<double>(edge);
    }
#endif
    for (const int edge : {8192, 16384}) {
      transpose_questions<float>(edge);
      transpose_questions<double>(edge);
    }
    for (const std::int64_t count : {std::int64_t(1) << 26, std::int64_t(1) << 28}) {
      reverse_questions<float>(count);
      reverse_questions<double>(count);
    }
  }
#if defined(KOKKOS_ENABLE_CUDA)
  for (const NamedQuestion& question : named) {
    if (last == question.argument) {
      std::printf("%s\n", question.csv_header);
      question.run();
      return 0;
    }
  }
  std::printf("layout,type,edge,form,min_blocks,ms,of_deep_copy,check\n");
  for (const int edge : {8192, 16384})
    layout_questions<float>(edge);
  if (last == "layout")
    return 0;
  if (last != "hints") {
    std::printf("staged,type,elements,variant,threads,teams_per_sm,ms,of_deep_copy,check\n");
    for (const std::int64_t count :
         {std::int64_t(1) << 24, std::int64_t(1) << 26, std::int64_t(1) << 28}) {
      staged_questions<float>(count);
      staged_questions<double>(count);
    }
  }
  std::printf("hint,type,elements,kernel,hint,ms,of_deep_copy,check\n");
  for (const std::int64_t count : {std::int64_t(1) << 26, std::int64_t(1) << 28}) {
    hint_questions<float>(count);
    hint_questions<double>(count);
  }
#endif
  return 0;
}
