// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// How the tuned GEMM kernel is chosen and launched. The call's operands, scalars and extents
// become one GemmProblem; the tuned variant then makes one form selection (GemmTunedForm: scratch
// level, packet reads, which operands keep k contiguous in scratch) from the problem and the tile
// shape, and one launch carries it out. Host backends take the packed-panel kernel
// (Gemm_Host.hpp) unless a tile is forced.

#include <Kokkos_Core.hpp>

#include "KokkosTile_Assert.hpp"
#include "KokkosTile_ScratchBudget.hpp"
#include "impl/core/Core_BackendTraits.hpp"
#include "impl/core/Core_LaunchDefaults.hpp"
#include "impl/core/Core_Packet.hpp"
#include "impl/core/Core_ViewChecks.hpp"
#include "impl/gemm/Gemm_Host.hpp"
#include "impl/gemm/Gemm_Operand.hpp"
#include "impl/gemm/Gemm_Simple.hpp"
#include "impl/gemm/Gemm_TunedDevice.hpp"
#include "impl/gemm/Gemm_Tuning.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

template <class ExecSpace, class Shape, class T>
using GemmTeamPolicy =
    Kokkos::TeamPolicy<ExecSpace, Kokkos::LaunchBounds<Shape::threads, gemm_min_teams<Shape, T>>>;

/// Whether whole 16-byte packets of op(X) can be read: unit stride along the contiguous index, a
/// multiple of the packet along the other, an aligned start.
template <class T, class Operand>
bool gemm_packets_allowed(const Operand& x) {
  constexpr int V = packet_width<T>();
  if (V == 1)
    return false;
  const std::int64_t fast = x.rows_contiguous ? x.row_stride : x.col_stride;
  const std::int64_t slow = x.rows_contiguous ? x.col_stride : x.row_stride;
  return fast == 1 && slow % V == 0 && packet_aligned(x.data);
}

/// Whether op(A) (op(B)) has k as its contiguous index: its columns (rows).
template <class Operand>
bool gemm_contiguous_along_k(const Operand& x, bool is_a) {
  return is_a ? !x.rows_contiguous : x.rows_contiguous;
}

/// CUDA's level-0 scratch is shared memory, which the tuned kernel may then read with ld.shared.
template <class ExecSpace>
bool scratch_is_shared_memory(const ScratchPlacement& placement) {
  return is_cuda<ExecSpace>() && placement.level == 0;
}

/// One gemm call: C (m x n) = alpha * op(A) (m x k) * op(B) (k x n) + beta * C, on `space`.
template <class ExecSpace, class CView, class AOperand, class BOperand>
struct GemmProblem {
  using T = typename CView::non_const_value_type;
  using exec_space = ExecSpace;
  using c_view = CView;
  using a_operand = AOperand;
  using b_operand = BOperand;
  /// The tuned kernel's form for this problem's types.
  template <class Shape, bool SharedSpace, bool Packets, bool AAlongK, bool BAlongK, int Stages = 2>
  using kernel = GemmTuned<ExecSpace, Shape, SharedSpace, Packets, AAlongK, BAlongK, CView,
                           AOperand, BOperand, Stages>;
  std::string call;
  ExecSpace space;
  AOperand a;
  BOperand b;
  CView c;
  T alpha, beta;
  std::int64_t m, n, k;
  /// a and b are copies padded with zeros to multiples of gemm_pad_m, _k and _n
  /// (Gemm_PaddedOperands.hpp): every tile reads inside them, while C keeps m x n.
  bool operands_padded = false;

  /// Every tile of Shape lies inside, and both operands can be read as whole packets.
  template <class Shape>
  bool whole_packet_tiles() const {
    if (operands_padded)
      return gemm_pad_m % Shape::BM == 0 && gemm_pad_n % Shape::BN == 0 &&
             gemm_pad_k % Shape::BK == 0;
    return m % Shape::BM == 0 && n % Shape::BN == 0 && k % Shape::BK == 0 &&
           gemm_packets_allowed<T>(a) && gemm_packets_allowed<T>(b);
  }
};

/// One thread per element of C; consecutive threads take consecutive elements of C's contiguous
/// index.
template <class Problem>
void run_gemm_naive(const Problem& p) {
  using ExecSpace = typename Problem::exec_space;
  const bool c_rows = p.c.stride(0) <= p.c.stride(1);
  Kokkos::parallel_for(
      p.call, Kokkos::RangePolicy<ExecSpace>(p.space, 0, p.m * p.n),
      GemmNaive<typename Problem::c_view, typename Problem::a_operand, typename Problem::b_operand>{
          p.a, p.b, p.c, p.alpha, p.beta, p.m, p.n, p.k, c_rows});
}

/// 16 x 16 tiles in scratch, a team per tile of C.
template <class Problem>
void run_gemm_tiled16(const Problem& p) {
  using ExecSpace = typename Problem::exec_space;
  using kernel = GemmTiled16<ExecSpace, typename Problem::c_view, typename Problem::a_operand,
                             typename Problem::b_operand>;
  const ScratchPlacement placement = place_team_scratch(p.call, p.space, kernel::scratch_bytes());
  const std::int64_t tiles_n = ceil_div(p.n, 16);
  const int league = checked_league_size(p.call, ceil_div(p.m, 16) * tiles_n);
  const int team_size = is_host_backend<ExecSpace>() ? 1 : kernel::threads;
  Kokkos::parallel_for(
      p.call, with_scratch(Kokkos::TeamPolicy<ExecSpace>(p.space, league, team_size), placement),
      kernel{p.a, p.b, p.c, p.alpha, p.beta, p.m, p.n, p.k, int(tiles_n), placement.level});
}

/// The compiled form of the tuned kernel a problem takes (template arguments of GemmTuned).
enum class GemmTunedForm {
  generic,      // element reads tested at the edges, scratch through generic pointers
  shared,       // the same, scratch read with ld/st.shared (CUDA level 0)
  shared_deep,  // any tile through gemm_deep_stages stages of cp.async of single elements,
                // zeros outside the operands (the edge form)
  packets,      // whole tiles read as packets, shared memory, default scratch layouts
  packets_deep  // ... with gemm_deep_stages stages of cp.async in flight
};

/// The form and scratch placement for a problem and tile shape. On a device with level-0 scratch:
/// ld/st.shared for scratch, and whole-packet reads without edge tests when every tile lies inside
/// and both operands allow packets; otherwise element reads tested at the edges. Every form keeps
/// the default scratch layouts (the A tile k-major, the B tile as it is): an operand whose
/// contiguous index is k is copied element by element in the loader's sector placement
/// (Gemm_TunedLoader.hpp). Keeping such an operand along k in scratch instead (GemmTuned's
/// AAlongK / BAlongK, 16-byte copies) measured slower once the sector placement was in: on an H200
/// at n = 4096, float, 128 x 128 x 16 tiles, op(A) along k 0.70 of cuBLAS against 0.80 k-major,
/// and 0.78 against 0.87 with op(B) along n too
/// (perf_tests/experiments/gemm_transposing_copies_gx.cpp, retired; commit d3d5536).
/// `packets_allowed` = false keeps the element forms even where the problem allows packets
/// (gemm_batched: matrices that do not all start on 16 bytes).
template <class Shape, class Problem>
GemmTunedForm select_gemm_tuned_form(const Problem& p, ScratchPlacement& placement,
                                     bool packets_allowed = true) {
  using ExecSpace = typename Problem::exec_space;
  using T = typename Problem::T;
  constexpr bool host = is_host_backend<ExecSpace>();
  using generic_kernel = typename Problem::template kernel<Shape, false, false, false, false>;
  if constexpr (!host) {  // host backends compile the generic form only
    if (packets_allowed && p.template whole_packet_tiles<Shape>()) {
      GemmTunedForm form = GemmTunedForm::packets;
      std::size_t packet_bytes =
          Problem::template kernel<Shape, true, true, false, false>::scratch_bytes(true);
      if constexpr (gemm_deep_stages < Shape, T >> 2) {
        const std::size_t deep_bytes =
            Problem::template kernel<Shape, true, true, false, false,
                                     gemm_deep_stages<Shape, T>>::scratch_bytes(true);
        if (deep_bytes <= scratch_capacity(p.space, 0)) {
          form = GemmTunedForm::packets_deep;
          packet_bytes = deep_bytes;
        }
      }
      // The request fits either form, so that level 1 can fall back to the generic one.
      placement = place_team_scratch(p.call, p.space,
                                     std::max(packet_bytes, generic_kernel::scratch_bytes(true)));
      return scratch_is_shared_memory<ExecSpace>(placement) ? form : GemmTunedForm::generic;
    }
  }
  placement = place_team_scratch(p.call, p.space, generic_kernel::scratch_bytes(!host));
  if constexpr (!host) {
    if (!scratch_is_shared_memory<ExecSpace>(placement))
      return GemmTunedForm::generic;
    // Tiles that are not whole packets: the deep cp.async edge form where level 0 holds its
    // stages (measured on an H100 for 4099 x 4097 x 1031 floats, whose leading dimension allows
    // no 16-byte reads), else element reads through registers with two stages.
    if constexpr (gemm_deep_stages < Shape, T >> 2) {
      const std::size_t deep_bytes =
          Problem::template kernel<Shape, true, false, false, false,
                                   gemm_deep_stages<Shape, T>>::scratch_bytes(true);
      if (deep_bytes <= scratch_capacity(p.space, 0)) {
        const ScratchPlacement deep = place_team_scratch(p.call, p.space, deep_bytes);
        if (scratch_is_shared_memory<ExecSpace>(deep)) {
          placement = deep;
          return GemmTunedForm::shared_deep;
        }
      }
    }
    return GemmTunedForm::shared;
  }
  return GemmTunedForm::generic;
}

template <class Shape, bool SharedSpace, bool Packets, bool AAlongK, bool BAlongK, int Stages = 2,
          class Problem>
void launch_gemm_tuned_form(const Problem& p, const ScratchPlacement& placement) {
  using ExecSpace = typename Problem::exec_space;
  using T = typename Problem::T;
  using kernel =
      typename Problem::template kernel<Shape, SharedSpace, Packets, AAlongK, BAlongK, Stages>;
  const std::int64_t tiles_m = ceil_div(p.m, Shape::BM), tiles_n = ceil_div(p.n, Shape::BN);
  const int league = checked_league_size(p.call, tiles_m * tiles_n);
  const int team_size = is_host_backend<ExecSpace>() ? 1 : Shape::threads;
  Kokkos::parallel_for(
      p.call,
      with_scratch(GemmTeamPolicy<ExecSpace, Shape, T>(p.space, league, team_size), placement),
      kernel{p.a, p.b, p.c, p.alpha, p.beta, p.m, p.n, p.k, int(tiles_n), placement.level});
}

/// A form's template arguments of GemmTuned, for the launch that visit_gemm_tuned_form calls.
template <bool SharedSpace_, bool Packets_, int Stages_ = 2>
struct GemmTunedFormArgs {
  static constexpr bool shared_space = SharedSpace_, packets = Packets_;
  static constexpr int stages = Stages_;
};

/// Calls launch(GemmTunedFormArgs<...>{}) for `form`, so that each launcher (gemm's, and
/// gemm_batched's in GemmBatched_Tuned.hpp) compiles the same five forms. Host backends compile
/// only the generic form.
template <class ExecSpace, class Shape, class T, class Launch>
void visit_gemm_tuned_form(GemmTunedForm form, Launch&& launch) {
  if constexpr (!is_host_backend<ExecSpace>()) {
    constexpr int deep = gemm_deep_stages<Shape, T>;
    switch (form) {
      case GemmTunedForm::packets_deep:
        if constexpr (deep > 2)
          return launch(GemmTunedFormArgs<true, true, deep>{});
        break;
      case GemmTunedForm::packets:
        return launch(GemmTunedFormArgs<true, true>{});
      case GemmTunedForm::shared_deep:
        if constexpr (deep > 2)
          return launch(GemmTunedFormArgs<true, false, deep>{});
        break;
      case GemmTunedForm::shared:
        return launch(GemmTunedFormArgs<true, false>{});
      case GemmTunedForm::generic:
        break;
    }
  }
  (void)form;
  launch(GemmTunedFormArgs<false, false>{});
}

/// The tuned kernel with tile shape Shape: one form selection, one launch.
template <class Shape, class Problem>
void run_gemm_tuned(const Problem& p) {
  ScratchPlacement placement;
  const GemmTunedForm form = select_gemm_tuned_form<Shape>(p, placement);
  visit_gemm_tuned_form<typename Problem::exec_space, Shape, typename Problem::T>(
      form, [&](auto args) {
        using Args = decltype(args);
        launch_gemm_tuned_form<Shape, Args::shared_space, Args::packets, false, false,
                               Args::stages>(p, placement);
      });
}

}  // namespace Impl
}  // namespace KokkosTile
