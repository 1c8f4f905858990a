#pragma once
// The kernels behind KokkosTile::gemm, C = alpha * op(A) * op(B) + beta * C:
//
//   GemmNaive    one thread per element of C, operands straight from global memory (the seed's
//                first kernel);
//   GemmTiled16  16 x 16 tiles of op(A) and op(B) in scratch, one thread per element of C (the
//                seed's second kernel, for any extents);
//   GemmTuned    a BM x BN team tile in scratch, a TM x TN register tile per thread, K in steps of
//                BK, two scratch stages on devices (the next tile is copied in while the current
//                one is multiplied), fragments read from scratch as 16-byte packets. An operand
//                whose contiguous index is k can keep k contiguous in scratch (AAlongK, BAlongK),
//                so that its tiles are copied in 16-byte packets too.
//
// Team kernels work for any team size: on devices the team has one thread per virtual thread and
// per-thread state lives in registers; on host backends a thread walks its team's virtual threads,
// their state in a local array (device_pass tells the two compilation passes apart).

#include <Kokkos_Core.hpp>

#include "impl/gemm/Gemm_Operand.hpp"
#include "impl/core/Core_AsyncCopy.hpp"
#include "impl/gemm/Gemm_Dmma.hpp"
#include "impl/core/Core_Packet.hpp"
#include "impl/core/Core_Unroll.hpp"

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

/// C(i, j) = alpha * product + beta * C(i, j); with beta = 0, C is not read (NaN in it is ignored).
template <class CView, class T>
KOKKOS_FORCEINLINE_FUNCTION void gemm_store(const CView& c, std::int64_t i, std::int64_t j,
                                            T product, T alpha, T beta) {
  if (beta == T(0)) {
    c(i, j) = alpha * product;
  } else {
    c(i, j) = alpha * product + beta * c(i, j);
  }
}

/// C = beta * C: what gemm does when alpha = 0 or K = 0 (op(A) and op(B) are not read).
template <class CView, class T>
struct GemmScaleC {
  CView c;
  T beta;
  std::int64_t n;
  KOKKOS_FUNCTION void operator()(std::int64_t k) const {
    const std::int64_t i = k / n, j = k % n;
    c(i, j) = beta == T(0) ? T(0) : beta * c(i, j);
  }
};

template <class CView, class AOperand, class BOperand>
struct GemmNaive {
  using T = typename CView::non_const_value_type;
  AOperand a;
  BOperand b;
  CView c;
  T alpha, beta;
  std::int64_t m, n, k;
  bool c_rows_contiguous;  // consecutive threads take consecutive rows (else columns) of C

  KOKKOS_FUNCTION void operator()(std::int64_t index) const {
    const std::int64_t i = c_rows_contiguous ? index % m : index / n;
    const std::int64_t j = c_rows_contiguous ? index / m : index % n;
    T sum = 0;
    for (std::int64_t p = 0; p < k; ++p)
      sum += a(i, p) * b(p, j);
    gemm_store(c, i, j, sum, alpha, beta);
  }
};

/// Scratch pointer for `count` elements of T at 16-byte alignment (the size request adds the slack
/// through gemm_scratch_bytes).
template <class T, class TeamMember>
KOKKOS_INLINE_FUNCTION T* gemm_scratch(const TeamMember& team, int level, std::size_t count) {
  return static_cast<T*>(team.team_scratch(level).get_shmem_aligned(count * sizeof(T), 16));
}

template <class T>
constexpr std::size_t gemm_scratch_bytes(std::size_t count) {
  return count * sizeof(T) + 16;
}

template <class ExecSpace, class CView, class AOperand, class BOperand>
struct GemmTiled16 {
  using T = typename CView::non_const_value_type;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  static constexpr int E = 16, threads = E * E;
  static constexpr int slots = device_pass ? 1 : threads;

  AOperand a;
  BOperand b;
  CView c;
  T alpha, beta;
  std::int64_t m, n, k;
  int tiles_n;
  int level;

  static std::size_t scratch_bytes() { return 2 * gemm_scratch_bytes<T>(E * E); }

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    T* as = gemm_scratch<T>(team, level, E * E);
    T* bs = gemm_scratch<T>(team, level, E * E);
    const std::int64_t row0 = std::int64_t(team.league_rank() / tiles_n) * E;
    const std::int64_t col0 = std::int64_t(team.league_rank() % tiles_n) * E;
    const int rank = team.team_rank(), size = team.team_size();
    T acc[slots];
    for (int s = 0; s < slots; ++s)
      acc[s] = 0;
    for (std::int64_t k0 = 0; k0 < k; k0 += E) {
      for (int e = rank; e < E * E; e += size) {
        int r, cc;
        const T va = load_gemm_tile_element(a, m, k, row0, k0, E, E, e, r, cc);
        as[r * E + cc] = va;
        const T vb = load_gemm_tile_element(b, k, n, k0, col0, E, E, e, r, cc);
        bs[r * E + cc] = vb;
      }
      team.team_barrier();
      for (int s = 0; s < slots; ++s) {
        const int v = rank + s * size;
        if (v < threads) {
          const int ty = v / E, tx = v % E;
          for (int p = 0; p < E; ++p)
            acc[s] += as[ty * E + p] * bs[p * E + tx];
        }
      }
      team.team_barrier();
    }
    for (int s = 0; s < slots; ++s) {
      const int v = rank + s * size;
      const std::int64_t i = row0 + v / E, j = col0 + v % E;
      if (v < threads && i < m && j < n)
        gemm_store(c, i, j, acc[s], alpha, beta);
    }
  }
};

/// Tile shape of GemmTuned: a BM x BN team tile, K in steps of BK, TM x TN per thread.
template <int BM_, int BN_, int BK_, int TM_, int TN_>
struct GemmTunedShape {
  static constexpr int BM = BM_, BN = BN_, BK = BK_, TM = TM_, TN = TN_;
  static constexpr int threads = (BM / TM) * (BN / TN);
  static_assert(BM % TM == 0 && BN % TN == 0, "register tiles must divide the team tile");
};

/// Units of `width` elements of a tile of `elements` that one of `threads` threads reads (the last
/// threads may have fewer), and the registers that takes with units of 1 or of `packet` elements.
KOKKOS_INLINE_FUNCTION constexpr int gemm_units_per_thread(int elements, int width, int threads) {
  return (elements / width + threads - 1) / threads;
}
KOKKOS_INLINE_FUNCTION constexpr int gemm_register_count(int elements, int packet, int threads) {
  const int scalar = gemm_units_per_thread(elements, 1, threads);
  const int packets = gemm_units_per_thread(elements, packet, threads) * packet;
  return scalar > packets ? scalar : packets;
}

/// V consecutive elements (16-byte aligned) read as one packet: ld.global.v4 / v2 on GPUs.
template <class T, int V>
KOKKOS_FORCEINLINE_FUNCTION void load_fragment(const T* src, T* dst) {
  const auto packet = *reinterpret_cast<const Packet<T, V>*>(src);
  for (int e = 0; e < V; ++e)
    dst[e] = packet.v[e];
}

#if defined(__CUDA_ARCH__)
/// The shared-space address of a pointer into shared memory.
KOKKOS_FORCEINLINE_FUNCTION unsigned shared_address(const void* pointer) {
  return static_cast<unsigned>(__cvta_generic_to_shared(pointer));
}

/// V elements at a shared-space address, as one 16-byte ld.shared.
template <class T, int V>
KOKKOS_FORCEINLINE_FUNCTION void load_shared_packet(unsigned address, T* dst) {
  static_assert((V == 4 && std::is_same_v<T, float>) || (V == 2 && std::is_same_v<T, double>),
                "16-byte packets: float x 4 or double x 2");
  if constexpr (V == 4) {
    asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];"
                 : "=f"(dst[0]), "=f"(dst[1]), "=f"(dst[2]), "=f"(dst[3])
                 : "r"(address));
  } else {
    asm volatile("ld.shared.v2.f64 {%0, %1}, [%2];" : "=d"(dst[0]), "=d"(dst[1]) : "r"(address));
  }
}
#endif

/// Writes a V-element fragment to a scratch row as one 16-byte packet (st.shared with
/// SharedSpace, as load_fragment).
template <bool SharedSpace, class T, int V>
KOKKOS_FORCEINLINE_FUNCTION void store_fragment(T* dst, const T* src) {
#if defined(__CUDA_ARCH__)
  if constexpr (SharedSpace && V == 4 && std::is_same_v<T, float>) {
    const auto address = static_cast<unsigned>(__cvta_generic_to_shared(dst));
    asm volatile("st.shared.v4.f32 [%0], {%1, %2, %3, %4};" ::"r"(address), "f"(src[0]),
                 "f"(src[1]), "f"(src[2]), "f"(src[3]));
    return;
  } else if constexpr (SharedSpace && V == 2 && std::is_same_v<T, double>) {
    const auto address = static_cast<unsigned>(__cvta_generic_to_shared(dst));
    asm volatile("st.shared.v2.f64 [%0], {%1, %2};" ::"r"(address), "d"(src[0]), "d"(src[1]));
    return;
  }
#endif
  Packet<T, V> packet;
  for (int e = 0; e < V; ++e)
    packet.v[e] = src[e];
  store_packet(dst, packet);
}

template <class ExecSpace, class Shape, bool SharedSpace, bool Packets, bool AAlongK, bool BAlongK,
          class CView, class AOperand, class BOperand>
struct GemmTuned {
  using T = typename CView::non_const_value_type;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  static constexpr int BM = Shape::BM, BN = Shape::BN, BK = Shape::BK, TM = Shape::TM,
                       TN = Shape::TN, threads = Shape::threads;
  static constexpr int V = packet_width<T>();
  // Scratch layouts. By default the A tile is k-major (element (r, c) at c * pitch_a + r) and the B
  // tile is stored as it is (r * pitch_b + c): for each k, a thread's rows of A and columns of B
  // are packets of a scratch row. Their rows are padded by four elements: a whole packet for
  // float, and for double the pitch of 4 modulo 16 that spreads DMMA's fragment loads over the
  // banks.
  // An operand stored along k (A: r * pitch_a + c, B: c * pitch_b + r) is read as one packet of V
  // k steps per thread row (column). Its pitch is an odd number of packets: the eight lanes of a
  // warp that read consecutive rows (columns) then hit eight distinct groups of banks.
  static constexpr int pitch_k = BK + (BK / V % 2 == 0 ? V : 2 * V);
  static constexpr int pitch_a = AAlongK ? pitch_k : BM + 4, pitch_b = BAlongK ? pitch_k : BN + 4;
  static constexpr int a_elements = AAlongK ? BM * pitch_a : BK * pitch_a;
  static constexpr int b_elements = BAlongK ? BN * pitch_b : BK * pitch_b;
  static_assert(4 % V == 0, "padded rows stay packet-aligned");
#ifdef KOKKOSTILE_HAVE_DMMA
  /// fp64 tensor cores (mma.sync m8n8k4) for the 128 x 64 tile when scratch is shared memory and
  /// both tiles take the default layouts.
  static constexpr bool use_dmma =
      SharedSpace && std::is_same_v<T, double> && gemm_dmma_shape<Shape> && !AAlongK && !BAlongK;
#else
  static constexpr bool use_dmma = false;
#endif
  static constexpr int stages = device_pass ? 2 : 1;
  static_assert(BM % V == 0 && BN % V == 0 && BK % V == 0, "tiles are whole packets");
  static constexpr int slots = device_pass ? 1 : threads;
  template <int W>
  KOKKOS_INLINE_FUNCTION static constexpr int units_per_thread(int elements) {
    return gemm_units_per_thread(elements, W, threads);
  }
  static constexpr int a_loads = gemm_register_count(BM * BK, V, threads);
  static constexpr int b_loads = gemm_register_count(BK * BN, V, threads);
  static_assert(TM % V == 0 && TN % V == 0, "register tiles are read in whole packets");
  // A thread's TM rows are TM / V packets spread BM / (TM / V) apart (likewise its columns), so
  // that the lanes of a warp read consecutive packets of a scratch row: no bank conflicts.
  static constexpr int row_groups = TM / V, col_groups = TN / V;
  static constexpr int threads_across = BN / TN, threads_down = BM / TM;
  // Lanes of a warp cover a 4 x 8 block of threads (4 distinct A fragments, 8 distinct B ones),
  // when the team's thread grid allows it.
  static constexpr int lanes_across = threads_across >= 8 ? 8 : threads_across;
  static constexpr int lanes_down = 32 / lanes_across;
  static constexpr bool warp_blocks = threads_down % lanes_down == 0 && threads % 32 == 0;

  AOperand a;
  BOperand b;
  CView c;
  T alpha, beta;
  std::int64_t m, n, k;
  int tiles_n;
  int level;

  /// Scratch per team: `stages` copies of the A tile and the B tile, in one block.
  static constexpr int stage_elements = a_elements + b_elements;
  static std::size_t scratch_bytes(bool device) {
    return gemm_scratch_bytes<T>(std::size_t(device ? 2 : 1) * stage_elements);
  }

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    T* const scratch = gemm_scratch<T>(team, level, std::size_t(stages) * stage_elements);
    std::int64_t row0, col0;
    grouped_tile_origin(team.league_rank(), row0, col0);
    const int rank = team.team_rank(), size = team.team_size();
    const int k_steps = int((k + BK - 1) / BK);

    T acc[slots][TM][TN];
    for (int s = 0; s < slots; ++s) {
      KOKKOSTILE_UNROLL
      for (int i = 0; i < TM; ++i) {
        KOKKOSTILE_UNROLL
        for (int j = 0; j < TN; ++j)
          acc[s][i][j] = 0;
      }
    }

    if constexpr (device_pass) {
      constexpr int W = Packets ? V : 1;
      // Packets: every tile lies inside, so each unit's address is a fixed pointer plus k0 times
      // the K stride, worked out once.
      const T* a_unit[units_per_thread<W>(BM * BK)];
      const T* b_unit[units_per_thread<W>(BK * BN)];
      if constexpr (Packets) {
        unit_pointers<W, BM, BK>(a, row0, 0, rank, a_unit);
        unit_pointers<W, BK, BN>(b, 0, col0, rank, b_unit);
      }
#ifdef KOKKOSTILE_HAVE_CP_ASYNC
      if constexpr (Packets && SharedSpace) {
        // Step q + 1 goes from global to shared memory (cp.async) while step q is multiplied; no
        // registers hold it on the way.
        auto copy = [&](int q, T* stage) {
          const std::int64_t k0 = std::int64_t(q) * BK;
          async_copy_tile<W, BM, BK, !AAlongK>(stage, pitch_a, a.rows_contiguous, rank, a_unit,
                                               k0 * a.col_stride);
          async_copy_tile<W, BK, BN, BAlongK>(stage + a_elements, pitch_b, b.rows_contiguous, rank,
                                              b_unit, k0 * b.row_stride);
          async_copy_commit();
        };
        copy(0, scratch);
        async_copy_wait_all();
        team.team_barrier();
        for (int q = 0; q < k_steps; ++q) {
          T* const current = scratch + (q & 1) * stage_elements;
          if (q + 1 < k_steps)
            copy(q + 1, scratch + ((q + 1) & 1) * stage_elements);
          multiply_step(current, current + a_elements, rank, acc[0]);
          async_copy_wait_all();
          team.team_barrier();
        }
      } else
#endif
      {
        // Read step q + 1 into registers while step q is multiplied, then store it to scratch.
        T a_next[a_loads], b_next[b_loads];
        auto read = [&](int q) {
          const std::int64_t k0 = std::int64_t(q) * BK;
          if constexpr (Packets) {
            KOKKOSTILE_UNROLL
            for (int u = 0; u < units_per_thread<W>(BM * BK); ++u)
              load_fragment<T, W>(a_unit[u] + k0 * a.col_stride, a_next + u * W);
            KOKKOSTILE_UNROLL
            for (int u = 0; u < units_per_thread<W>(BK * BN); ++u)
              load_fragment<T, W>(b_unit[u] + k0 * b.row_stride, b_next + u * W);
          } else {
            read_tile<BM, BK>(a, m, k, row0, k0, rank, a_next);
            read_tile<BK, BN>(b, k, n, k0, col0, rank, b_next);
          }
        };
        auto write = [&](T* stage) {
          write_tile<W, BM, BK, !AAlongK>(stage, pitch_a, a.rows_contiguous, rank, a_next);
          write_tile<W, BK, BN, BAlongK>(stage + a_elements, pitch_b, b.rows_contiguous, rank,
                                         b_next);
        };
        read(0);
        write(scratch);
        team.team_barrier();
        for (int q = 0; q < k_steps; ++q) {
          T* const current = scratch + (q & 1) * stage_elements;
          T* const following = scratch + ((q + 1) & 1) * stage_elements;
          if (q + 1 < k_steps)
            read(q + 1);
          multiply_step(current, current + a_elements, rank, acc[0]);
          if (q + 1 < k_steps)
            write(following);
          team.team_barrier();
        }
      }
    } else {
      for (int q = 0; q < k_steps; ++q) {
        const std::int64_t k0 = std::int64_t(q) * BK;
        for (int t = rank; t < threads; t += size) {
          T a_now[a_loads], b_now[b_loads];
          read_tile<BM, BK>(a, m, k, row0, k0, t, a_now);
          read_tile<BK, BN>(b, k, n, k0, col0, t, b_now);
          write_tile<1, BM, BK, !AAlongK>(scratch, pitch_a, a.rows_contiguous, t, a_now);
          write_tile<1, BK, BN, BAlongK>(scratch + a_elements, pitch_b, b.rows_contiguous, t,
                                         b_now);
        }
        team.team_barrier();
        for (int s = 0; s < slots; ++s) {
          const int t = rank + s * size;
          if (t < threads)
            multiply_step(scratch, scratch + a_elements, t, acc[s]);
        }
        team.team_barrier();
      }
    }

    for (int s = 0; s < slots; ++s) {
      const int t = rank + s * size;
      if (t >= threads)
        continue;
      if constexpr (use_dmma) {
        KOKKOSTILE_UNROLL
        for (int f = 0; f < TM * TN; ++f) {
          const std::int64_t row = row0 + GemmDmmaLayout::row(t / 32, t % 32, f);
          const std::int64_t col = col0 + GemmDmmaLayout::col(t / 32, t % 32, f);
          if (row < m && col < n)
            gemm_store(c, row, col, acc[s][f / TN][f % TN], alpha, beta);
        }
        continue;
      }
      int ty, tx;
      thread_coordinates(t, ty, tx);
      KOKKOSTILE_UNROLL
      for (int i = 0; i < TM; ++i) {
        const std::int64_t row = row0 + tile_row(ty, i);
        KOKKOSTILE_UNROLL
        for (int j = 0; j < TN; ++j) {
          const std::int64_t col = col0 + tile_col(tx, j);
          if (row < m && col < n)
            gemm_store(c, row, col, acc[s][i][j], alpha, beta);
        }
      }
    }
  }

  /// The C tile of league rank `league`: ranks walk tile columns within groups of 8 tile rows, so
  /// that the teams running at once share their A tiles and a few B tiles in L2 (row-major order
  /// would stream all of B past every wave of teams).
  KOKKOS_FORCEINLINE_FUNCTION void grouped_tile_origin(int league, std::int64_t& row0,
                                                       std::int64_t& col0) const {
    constexpr int group = 8;
    const int tiles_m = int((m + BM - 1) / BM);
    const int per_group = group * tiles_n;
    const int first_row = (league / per_group) * group;
    const int rows_here = tiles_m - first_row < group ? tiles_m - first_row : group;
    const int within = league % per_group;
    row0 = std::int64_t(first_row + within % rows_here) * BM;
    col0 = std::int64_t(within / rows_here) * BN;
  }

  /// Unit u (W elements along the operand's contiguous index) of a TR x TC tile: its first
  /// element's tile coordinates. Consecutive units are consecutive addresses.
  template <int W, int TR, int TC>
  KOKKOS_FORCEINLINE_FUNCTION static void place_unit(bool rows_contiguous, int u, int& r, int& cc) {
    if (rows_contiguous) {
      r = (u % (TR / W)) * W;
      cc = u / (TR / W);
    } else {
      cc = (u % (TC / W)) * W;
      r = u / (TC / W);
    }
  }

  /// The first address of each unit of W elements that virtual thread t reads from the TR x TC
  /// tile of op(X) at (r0, c0). Threads past the last unit (a tile with fewer units than the team
  /// has threads) get the tile's first unit: they read it and write nothing.
  template <int W, int TR, int TC, class Operand>
  KOKKOS_FORCEINLINE_FUNCTION static void unit_pointers(const Operand& x, std::int64_t r0,
                                                        std::int64_t c0, int t,
                                                        const T** pointers) {
    KOKKOSTILE_UNROLL
    for (int q = 0; q < units_per_thread<W>(TR * TC); ++q) {
      const int u = t + q * threads;
      int r, cc;
      place_unit<W, TR, TC>(x.rows_contiguous, u < TR * TC / W ? u : 0, r, cc);
      pointers[q] = x.data + (r0 + r) * x.row_stride + (c0 + cc) * x.col_stride;
    }
  }

  /// Reads virtual thread t's elements of the TR x TC tile of op(X) at (r0, c0) into regs, zero
  /// outside op(X)'s rows x cols, consecutive threads on consecutive addresses.
  template <int TR, int TC, class Operand>
  KOKKOS_FORCEINLINE_FUNCTION static void read_tile(const Operand& x, std::int64_t rows,
                                                    std::int64_t cols, std::int64_t r0,
                                                    std::int64_t c0, int t, T* regs) {
    KOKKOSTILE_UNROLL
    for (int q = 0; q < units_per_thread<1>(TR * TC); ++q) {
      const int u = t + q * threads;
      if (u >= TR * TC)
        break;
      int r, cc;
      place_unit<1, TR, TC>(x.rows_contiguous, u, r, cc);
      regs[q] = (r0 + r < rows && c0 + cc < cols) ? x(r0 + r, c0 + cc) : T(0);
    }
  }

  /// Stores what was read for the TR x TC tile into scratch: column-major (element (r, c) at
  /// c * pitch + r) or row-major (r * pitch + c). A unit that runs along a scratch row goes as one
  /// packet.
  template <int W, int TR, int TC, bool ColumnMajor>
  KOKKOS_FORCEINLINE_FUNCTION static void write_tile(T* tile, int pitch, bool rows_contiguous,
                                                     int t, const T* regs) {
    const bool along_row = ColumnMajor ? rows_contiguous : !rows_contiguous;
    KOKKOSTILE_UNROLL
    for (int q = 0; q < units_per_thread<W>(TR * TC); ++q) {
      const int u = t + q * threads;
      if (u >= TR * TC / W)
        break;
      int r, cc;
      place_unit<W, TR, TC>(rows_contiguous, u, r, cc);
      if (W > 1 && along_row) {
        store_fragment<SharedSpace, T, W>(tile + (ColumnMajor ? cc * pitch + r : r * pitch + cc),
                                          regs + q * W);
        continue;
      }
      KOKKOSTILE_UNROLL
      for (int e = 0; e < W; ++e) {
        const int er = rows_contiguous ? r + e : r, ec = rows_contiguous ? cc : cc + e;
        tile[ColumnMajor ? ec * pitch + er : er * pitch + ec] = regs[q * W + e];
      }
    }
  }

#ifdef KOKKOSTILE_HAVE_CP_ASYNC
  /// write_tile's placement for copies that go straight from global memory (unit q of this
  /// thread at pointers[q] + offset) to shared memory: one 16-byte cp.async for a unit that runs
  /// along a scratch row, one per element otherwise.
  template <int W, int TR, int TC, bool ColumnMajor>
  KOKKOS_FORCEINLINE_FUNCTION static void async_copy_tile(T* tile, int pitch, bool rows_contiguous,
                                                          int t, const T* const* pointers,
                                                          std::int64_t offset) {
    const bool along_row = ColumnMajor ? rows_contiguous : !rows_contiguous;
    KOKKOSTILE_UNROLL
    for (int q = 0; q < units_per_thread<W>(TR * TC); ++q) {
      const int u = t + q * threads;
      if (u >= TR * TC / W)
        break;
      int r, cc;
      place_unit<W, TR, TC>(rows_contiguous, u, r, cc);
      const T* source = pointers[q] + offset;
      if (along_row) {
        async_copy_to_shared<W * sizeof(T)>(
            shared_address(tile + (ColumnMajor ? cc * pitch + r : r * pitch + cc)), source);
        continue;
      }
      KOKKOSTILE_UNROLL
      for (int e = 0; e < W; ++e) {
        const int er = rows_contiguous ? r + e : r, ec = rows_contiguous ? cc : cc + e;
        async_copy_to_shared<sizeof(T)>(
            shared_address(tile + (ColumnMajor ? ec * pitch + er : er * pitch + ec)), source + e);
      }
    }
  }
#endif

  /// Virtual thread t's place in the team's threads_down x threads_across grid.
  KOKKOS_FORCEINLINE_FUNCTION static void thread_coordinates(int t, int& ty, int& tx) {
    if constexpr (warp_blocks) {
      const int warp = t / 32, lane = t % 32;
      constexpr int warps_across = threads_across / lanes_across;
      ty = (warp / warps_across) * lanes_down + lane / lanes_across;
      tx = (warp % warps_across) * lanes_across + lane % lanes_across;
    } else {
      ty = t / threads_across;
      tx = t % threads_across;
    }
  }
  /// Tile row of the thread's register row i (tile column of register column j, with BN, V):
  /// packets of V rows for a k-major A tile, single rows threads_down apart for one along k.
  KOKKOS_FORCEINLINE_FUNCTION static int tile_row(int ty, int i) {
    if constexpr (AAlongK) {
      return i * threads_down + ty;
    } else {
      return (i / V) * (BM / row_groups) + ty * V + i % V;
    }
  }
  KOKKOS_FORCEINLINE_FUNCTION static int tile_col(int tx, int j) {
    if constexpr (BAlongK) {
      return j * threads_across + tx;
    } else {
      return (j / V) * (BN / col_groups) + tx * V + j % V;
    }
  }

  /// acc += (TM rows of the A tile) x (TN columns of the B tile) over the BK step.
  KOKKOS_FORCEINLINE_FUNCTION void multiply_step(const T* a_tile, const T* b_tile, int t,
                                                 T (&acc)[TM][TN]) const {
#ifdef KOKKOSTILE_HAVE_DMMA
    if constexpr (use_dmma) {
      gemm_dmma_step<BK, pitch_a, pitch_b>(a_tile, b_tile, t, &acc[0][0]);
    } else {
      multiply_step_simt(a_tile, b_tile, t, acc);
    }
#else
    multiply_step_simt(a_tile, b_tile, t, acc);
#endif
  }

  /// multiply_step on the FMA units, V steps of k at a time, every loop unrolled (a loop left
  /// over k would load each step's fragments just before its multiply-adds wait on them). A
  /// k-major tile gives, per k, the thread's TM rows (TN columns) as row_groups (col_groups)
  /// packets; a tile along k gives, per row (column), one packet of V steps. Every fragment is a
  /// constant offset from the thread's first row and column.
  KOKKOS_FORCEINLINE_FUNCTION void multiply_step_simt(const T* a_tile, const T* b_tile, int t,
                                                      T (&acc)[TM][TN]) const {
    int ty, tx;
    thread_coordinates(t, ty, tx);
    const auto a_base = fragment_base(a_tile + (AAlongK ? ty * pitch_a : tile_row(ty, 0)));
    const auto b_base = fragment_base(b_tile + (BAlongK ? tx * pitch_b : tile_col(tx, 0)));
    KOKKOSTILE_UNROLL
    for (int p0 = 0; p0 < BK; p0 += V) {
      [[maybe_unused]] T a_run[AAlongK ? TM : 1][V];
      [[maybe_unused]] T b_run[BAlongK ? TN : 1][V];
      if constexpr (AAlongK) {
        KOKKOSTILE_UNROLL
        for (int i = 0; i < TM; ++i)
          load_fragment_at(a_base, i * threads_down * pitch_a + p0, a_run[i]);
      }
      if constexpr (BAlongK) {
        KOKKOSTILE_UNROLL
        for (int j = 0; j < TN; ++j)
          load_fragment_at(b_base, j * threads_across * pitch_b + p0, b_run[j]);
      }
      KOKKOSTILE_UNROLL
      for (int e = 0; e < V; ++e) {
        const int p = p0 + e;
        T a_frag[TM], b_frag[TN];
        if constexpr (AAlongK) {
          KOKKOSTILE_UNROLL
          for (int i = 0; i < TM; ++i)
            a_frag[i] = a_run[i][e];
        } else {
          KOKKOSTILE_UNROLL
          for (int g = 0; g < row_groups; ++g)
            load_fragment_at(a_base, p * pitch_a + g * (BM / row_groups), a_frag + g * V);
        }
        if constexpr (BAlongK) {
          KOKKOSTILE_UNROLL
          for (int j = 0; j < TN; ++j)
            b_frag[j] = b_run[j][e];
        } else {
          KOKKOSTILE_UNROLL
          for (int g = 0; g < col_groups; ++g)
            load_fragment_at(b_base, p * pitch_b + g * (BN / col_groups), b_frag + g * V);
        }
        KOKKOSTILE_UNROLL
        for (int i = 0; i < TM; ++i) {
          KOKKOSTILE_UNROLL
          for (int j = 0; j < TN; ++j)
            acc[i][j] += a_frag[i] * b_frag[j];
        }
      }
    }
  }

  /// Where a thread's fragments start. In CUDA shared memory: the shared-space address, worked out
  /// once, so that every fragment is a constant offset that ptxas folds into the ld.shared
  /// ([register + immediate]) instead of converting a generic pointer at each load.
  KOKKOS_FORCEINLINE_FUNCTION static auto fragment_base(const T* first) {
#if defined(__CUDA_ARCH__)
    if constexpr (SharedSpace) {
      return shared_address(first);
    } else {
      return first;
    }
#else
    return first;
#endif
  }

  /// The V elements `offset` elements after a fragment base, as one 16-byte load.
  KOKKOS_FORCEINLINE_FUNCTION static void load_fragment_at(unsigned base, int offset, T* dst) {
#if defined(__CUDA_ARCH__)
    load_shared_packet<T, V>(base + offset * sizeof(T), dst);
#else
    (void)base;
    (void)offset;
    (void)dst;
#endif
  }
  KOKKOS_FORCEINLINE_FUNCTION static void load_fragment_at(const T* base, int offset, T* dst) {
    load_fragment<T, V>(base + offset, dst);
  }
};

}  // namespace Impl
}  // namespace KokkosTile
