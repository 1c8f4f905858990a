// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The host GEMM (Serial, OpenMP, Threads): BLIS' five loops around a register micro-kernel,
// written with Kokkos policies so that every host backend runs it.
//
//   for jc in n by NC:                      (driver)
//     for pc in k by KC:                    (driver)
//       pack op(B)(pc, jc) into B~          RangePolicy over B~'s micro-panels, shared by all
//       for ic in m by MC:                  TeamPolicy of team size 1, one team per block (and,
//                                           when there are fewer blocks than threads, per part of
//                                           the jr loop)
//         pack op(A)(ic, pc) into A~        per-team scratch (level 1 on host backends)
//         for jr in nc by NR:               (macro-kernel)
//           for ir in mc by MR:
//             micro-kernel                  C(ic + ir, jc + jr) = alpha A~ B~ + beta' C
//
// beta applies on the first k panel only (later panels add with beta' = 1), so beta = 0 never
// reads C. The micro-kernel writes C along its rows, so a C contiguous along its columns
// (LayoutRight) is computed as C^T = op(B)^T op(A)^T. The micro-kernel and its blocking are chosen
// at run time for the CPU (Gemm_HostMicroKernel.hpp); packing is in Gemm_HostPack.hpp.

#include <Kokkos_Core.hpp>

#include "impl/core/Core_InternalAllocation.hpp"
#include "KokkosTile_ScratchBudget.hpp"
#include "impl/core/Core_ViewChecks.hpp"
#include "impl/gemm/Gemm_HostMicroKernel.hpp"
#include "impl/gemm/Gemm_HostPack.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>

namespace KokkosTile {
namespace Impl {

inline std::int64_t gemm_host_round_up(std::int64_t a, std::int64_t b) {
  return ceil_div(a, b) * b;
}

/// Packs B~'s micro-panel s (one per index of the RangePolicy).
template <class Kernel, class T, class BufferView>
struct GemmHostPackB {
  GemmHostMatrix<const T> b;  // the kc x nc panel's corner
  BufferView packed;
  std::int64_t nc, kc;

  void operator()(std::int64_t s) const {
    gemm_pack_b_micro_panel<Kernel::NR, Kernel::NE>(b, nc, kc, s, packed.data());
  }
};

/// The rows of C cut into blocks for the ic loop: `groups` equal shares of MR-row micro-panels
/// (one per thread while there are enough rows), each cut into `per_group` blocks of at most MC
/// rows whose sizes differ by at most one micro-panel. A thread that runs consecutive teams (as
/// Kokkos' static schedules do) then gets as many rows as any other.
struct GemmHostRowBlocks {
  std::int64_t m = 0, mr = 1, panels = 0, groups = 1, per_group = 1;

  GemmHostRowBlocks() = default;
  GemmHostRowBlocks(std::int64_t m_, int mr_, int mc, std::int64_t threads)
      : m(m_), mr(mr_), panels(ceil_div(m_, mr_)) {
    groups = std::max<std::int64_t>(1, std::min(threads, panels));
    per_group = ceil_div(ceil_div(panels, groups), std::max(1, mc / mr_));
  }
  std::int64_t count() const { return groups * per_group; }
  /// Rows in the largest block.
  std::int64_t max_rows() const { return ceil_div(ceil_div(panels, groups), per_group) * mr; }
  /// First row of block b (b = count() gives m).
  std::int64_t begin(std::int64_t b) const {
    const std::int64_t g = b / per_group, l = b % per_group;
    const std::int64_t g0 = g * panels / groups, g1 = (g + 1) * panels / groups;
    return std::min(m, (g0 + l * (g1 - g0) / per_group) * mr);
  }
};

/// One team: packs its mc x kc block of op(A) into scratch and multiplies it by its share of B~'s
/// micro-panels.
template <class Kernel, class ExecSpace, class T, class BufferView>
struct GemmHostMacroKernel {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  static constexpr int MR = Kernel::MR, NR = Kernel::NR;

  GemmHostMatrix<const T> a;  // op(A) at (0, pc)
  BufferView packed_b;
  GemmHostMatrix<T> c;  // C at (0, jc)
  T alpha, beta;
  std::int64_t nc, kc;
  GemmHostRowBlocks blocks;
  std::int64_t panels_per_part;  // B~ micro-panels per part of the jr loop
  int parts;                     // parts of the jr loop per block
  int level;

  static std::size_t scratch_bytes(std::int64_t mc, std::int64_t kc) {
    return std::size_t(gemm_host_round_up(mc, MR) * kc) * sizeof(T) + 64;
  }

  void operator()(const member_type& team) const {
    const std::int64_t block = team.league_rank() / parts, part = team.league_rank() % parts;
    const std::int64_t i0 = blocks.begin(block), rows = blocks.begin(block + 1) - i0;
    const std::int64_t s_begin = part * panels_per_part;
    const std::int64_t s_end = std::min(ceil_div(nc, NR), s_begin + panels_per_part);
    if (rows <= 0 || s_begin >= s_end)
      return;
    T* packed_a = static_cast<T*>(
        team.team_scratch(level).get_shmem_aligned(scratch_bytes(rows, kc) - 64, 64));
    gemm_pack_a<MR>(GemmHostMatrix<const T>{a.at(i0, 0), a.rs, a.cs}, rows, kc, packed_a);

    for (std::int64_t s = s_begin; s < s_end; ++s) {
      const std::int64_t j0 = s * NR;
      const int cols = int(std::min<std::int64_t>(NR, nc - j0));
      const T* b_panel = packed_b.data() + j0 * kc;
      // A last micro-panel of at most NE columns was packed NE wide (gemm_pack_b_micro_panel).
      const auto run =
          cols <= Kernel::NE ? &Kernel::template run<Kernel::NE> : &Kernel::template run<NR>;
      for (std::int64_t ir = 0; ir < rows; ir += MR) {
        run(kc, packed_a + ir * kc, b_panel, alpha, beta, c.at(i0 + ir, j0), c.rs, c.cs,
            int(std::min<std::int64_t>(MR, rows - ir)), cols);
      }
    }
  }
};

/// C = alpha op(A) op(B) + beta C with Kernel, C's rows contiguous (or neither index).
template <class Kernel, class ExecSpace, class T>
void gemm_host_run(const std::string& call, const ExecSpace& space,
                   const GemmHostMatrix<const T>& a, const GemmHostMatrix<const T>& b,
                   const GemmHostMatrix<T>& c, T alpha, T beta, std::int64_t m, std::int64_t n,
                   std::int64_t k) {
  constexpr int MR = Kernel::MR, NR = Kernel::NR;
  const std::int64_t threads = std::max(1, int(space.concurrency()));

  // Even blocks no larger than KC and NC, so that no panel is a thin remainder.
  const std::int64_t kc_max = ceil_div(k, ceil_div(k, Kernel::KC));
  const std::int64_t nc_max = gemm_host_round_up(ceil_div(n, ceil_div(n, Kernel::NC)), NR);

  const GemmHostRowBlocks blocks(m, MR, Kernel::MC, threads);

  using buffer_type = Kokkos::View<T*, typename ExecSpace::memory_space>;
  const std::size_t packed_count = std::size_t(nc_max * kc_max);
  const buffer_type packed_b =
      allocate_internal(call, "the packed panel of op(B)", packed_count * sizeof(T), [&] {
        return buffer_type(Kokkos::view_alloc(Kokkos::WithoutInitializing, call + "::packed_b"),
                           packed_count);
      });
  using macro_kernel = GemmHostMacroKernel<Kernel, ExecSpace, T, buffer_type>;
  const ScratchPlacement placement =
      place_team_scratch(call, space, macro_kernel::scratch_bytes(blocks.max_rows(), kc_max));

  for (std::int64_t jc = 0; jc < n; jc += nc_max) {
    const std::int64_t nc = std::min(nc_max, n - jc);
    const std::int64_t panels = ceil_div(nc, NR);
    // Fewer blocks than threads (small m): the jr loop is split too, each part packing its
    // block of op(A) again.
    const std::int64_t parts = std::min(panels, ceil_div(threads, blocks.count()));
    const std::int64_t panels_per_part = ceil_div(panels, parts);
    const int league = checked_league_size(call, blocks.count() * parts);
    for (std::int64_t pc = 0; pc < k; pc += kc_max) {
      const std::int64_t kc = std::min(kc_max, k - pc);
      Kokkos::parallel_for(
          call + "::pack_b", Kokkos::RangePolicy<ExecSpace>(space, 0, panels),
          GemmHostPackB<Kernel, T, buffer_type>{GemmHostMatrix<const T>{b.at(pc, jc), b.rs, b.cs},
                                                packed_b, nc, kc});
      Kokkos::parallel_for(
          call, with_scratch(Kokkos::TeamPolicy<ExecSpace>(space, league, 1), placement),
          macro_kernel{GemmHostMatrix<const T>{a.at(0, pc), a.rs, a.cs}, packed_b,
                       GemmHostMatrix<T>{c.at(0, jc), c.rs, c.cs}, alpha, pc == 0 ? beta : T(1), nc,
                       kc, blocks, panels_per_part, int(parts), placement.level});
    }
  }
}

/// Calls f(Kernel{}) with the kernel type for T on an instruction set (by default the best this
/// CPU has; tests ask for the others too).
template <class T, class F>
decltype(auto) gemm_host_dispatch(const F& f, GemmHostIsa isa = gemm_host_isa()) {
  switch (isa) {
#ifdef KOKKOSTILE_GEMM_HOST_X86
    case GemmHostIsa::avx512:
      return f(typename GemmHostKernelFor<T, GemmHostIsa::avx512>::type{});
    case GemmHostIsa::avx2:
      return f(typename GemmHostKernelFor<T, GemmHostIsa::avx2>::type{});
#endif
    default:
      return f(typename GemmHostKernelFor<T, GemmHostIsa::generic>::type{});
  }
}

/// The micro-kernel and blocking the host GEMM uses for T on this CPU (tests size their edge
/// cases from it).
struct GemmHostBlocking {
  const char* kernel;
  int mr, nr, kc, mc, nc;
  int ne;  // the widest last micro-panel run<NE> takes
};
template <class T>
GemmHostBlocking gemm_host_blocking(GemmHostIsa isa = gemm_host_isa()) {
  return gemm_host_dispatch<T>(
      [](auto kernel) {
        using K = decltype(kernel);
        return GemmHostBlocking{K::name(), K::MR, K::NR, K::KC, K::MC, K::NC, K::NE};
      },
      isa);
}

/// The host path of the default (tuned, automatic tile) gemm. Needs m, n, k >= 1 and alpha != 0
/// (the caller handles the rest). `isa` must be one this CPU supports.
template <class ExecSpace, class T>
void gemm_host(const std::string& call, const ExecSpace& space, GemmHostMatrix<const T> a,
               GemmHostMatrix<const T> b, GemmHostMatrix<T> c, T alpha, T beta, std::int64_t m,
               std::int64_t n, std::int64_t k, GemmHostIsa isa = gemm_host_isa()) {
  if (c.cs < c.rs) {  // C^T = op(B)^T op(A)^T, so that the micro-kernel writes along C's rows
    std::swap(a, b);
    a = a.transposed();
    b = b.transposed();
    c = c.transposed();
    std::swap(m, n);
  }
  gemm_host_dispatch<T>(
      [&](auto kernel) {
        gemm_host_run<decltype(kernel)>(call, space, a, b, c, alpha, beta, m, n, k);
      },
      isa);
}

}  // namespace Impl
}  // namespace KokkosTile
