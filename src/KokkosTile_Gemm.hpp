#pragma once
// General matrix multiply through team scratch, C = alpha * op(A) * op(B) + beta * C, with the
// argument conventions of KokkosBlas::gemm:
//
//   KokkosTile::gemm(space, "N", "T", alpha, a, b, beta, c);   // asynchronous on `space`
//   KokkosTile::gemm("N", "N", alpha, a, b, beta, c);          // on c's default execution space
//
// op is "N" (as is) or "T" (transposed; "C" is the same for real types). Any M, N, K (0
// included), any layout or stride (subviews included), float or double. beta = 0 does not read C
// (NaN in it is ignored); alpha = 0 or K = 0 does not read A or B. C must not overlap A or B.
//
// Variants (GemmOptions::variant): `naive` (one thread per element of C), `tiled16` (16 x 16
// scratch tiles), `tuned` (the default: on devices a team tile in scratch, a register tile per
// thread, two scratch stages; on host backends (Serial, OpenMP, Threads) BLIS-style packed panels
// and a register micro-kernel compiled for AVX-512 or AVX2 + FMA where the CPU has them, see
// impl/gemm/Gemm_Host.hpp). GemmOptions::tile forces the team-tile kernel with that tile shape,
// on host backends too; by default it is chosen per execution space and scalar type. Tiles that
// do not fit level-0 scratch go to level 1 by themselves. Kernels are labelled
// "KokkosTile::gemm<variant>" for Kokkos Tools (the host kernel's packing of op(B) adds
// "::pack_b").

#include <Kokkos_Core.hpp>
#include <Kokkos_Profiling_ScopedRegion.hpp>

#include "KokkosTile_Assert.hpp"
#include "KokkosTile_ScratchBudget.hpp"
#include "impl/gemm/Gemm_Operand.hpp"
#include "impl/gemm/Gemm_TunedDevice.hpp"
#include "impl/core/Core_LaunchDefaults.hpp"
#include "impl/core/Core_Packet.hpp"
#include "impl/core/Core_ViewChecks.hpp"
#include "impl/gemm/Gemm_Host.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>

namespace KokkosTile {

enum class GemmVariant { naive, tiled16, tuned };

/// Team tile (rows x columns x K step) and register tile (rows x columns) of the tuned kernel.
enum class GemmTile {
  automatic,         // on devices 128x128x16_8x8 (whole tiles) or 128x128x8_8x8 for float and
                     // 128x64x8_8x4 for double; on host backends the packed-panel kernel
  t128x128x8_8x8,    // 256 threads, 64 accumulators each
  t128x128x16_8x8,   // the same with K steps of 16: half the barriers per multiply-add
  t128x128x16_8x16,  // 128 threads, 128 accumulators each (two teams per multiprocessor for float)
  t128x64x8_8x4,     // 256 threads, 32 accumulators each
  t64x64x16_4x4      // 256 (virtual) threads, 16 accumulators each
};

struct GemmOptions {
  GemmVariant variant = GemmVariant::tuned;
  GemmTile tile = GemmTile::automatic;
};

inline const char* to_string(GemmVariant variant) {
  switch (variant) {
    case GemmVariant::naive:
      return "naive";
    case GemmVariant::tiled16:
      return "tiled16";
    case GemmVariant::tuned:
      return "tuned";
  }
  return "unknown";
}

namespace Impl {

template <class ExecSpace, class ViewType>
constexpr void check_gemm_view() {
  static_assert(Kokkos::is_view<ViewType>::value, "KokkosTile::gemm needs Kokkos::Views");
  static_assert(ViewType::rank() == 2, "KokkosTile::gemm needs rank-2 Views");
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, typename ViewType::memory_space>::accessible,
                "KokkosTile::gemm: the execution space cannot access the View's memory space");
}

/// "N" -> false, "T" or "C" -> true (any case); anything else is an InvalidArgument.
inline bool parse_gemm_op(const std::string& call, const char* which, const char* op) {
  const char letter = op == nullptr ? '\0' : op[0];
  KOKKOSTILE_EXPECT(letter == 'N' || letter == 'n' || letter == 'T' || letter == 't' ||
                        letter == 'C' || letter == 'c',
                    InvalidArgument, call,
                    which << " is \"" << (op == nullptr ? "(null)" : op)
                          << "\"; it must be \"N\", \"T\" or \"C\"");
  return letter != 'N' && letter != 'n';
}

/// The tile shape `automatic` stands for. On devices, float takes K steps of 16 when every tile
/// is whole and both operands allow packets (the cp.async form, which holds no step in registers:
/// measured 2% faster on an H200), else steps of 8, whose element-by-element form needs half the
/// staging registers.
template <class ExecSpace, class T>
GemmTile resolve_gemm_tile(GemmTile tile, bool whole_packet_tiles_of_16 = false) {
  if (tile != GemmTile::automatic)
    return tile;
  if (runs_on_host<ExecSpace>())
    return GemmTile::t64x64x16_4x4;
  if (sizeof(T) >= 8)
    return GemmTile::t128x64x8_8x4;
  return whole_packet_tiles_of_16 ? GemmTile::t128x128x16_8x8 : GemmTile::t128x128x8_8x8;
}

/// Register budget of the tuned kernel, from its accumulators: two teams per multiprocessor
/// (65536 / (2 x threads) registers per thread, 128 for 256 threads, 255 for 128) while the
/// accumulators take at most half of that, else one, where fewer registers would spill. (Three
/// teams, 85 registers, spilled even the 32-accumulator tiles.) Host backends ignore it.
template <class Shape, class T>
inline constexpr unsigned gemm_min_teams = Shape::TM* Shape::TN * sizeof(T) / 4 * Shape::threads <=
                                                   16384
                                               ? 2
                                               : 1;
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
#ifdef KOKKOS_ENABLE_CUDA
  return std::is_same_v<ExecSpace, Kokkos::Cuda> && placement.level == 0;
#else
  (void)placement;
  return false;
#endif
}

template <class Shape, bool SharedSpace, bool Packets, bool AAlongK, bool BAlongK, class ExecSpace,
          class CView, class AOperand, class BOperand, class T>
void launch_gemm_tuned(const std::string& call, const ExecSpace& space, const AOperand& a,
                       const BOperand& b, const CView& c, T alpha, T beta, std::int64_t m,
                       std::int64_t n, std::int64_t k, const ScratchPlacement& placement) {
  using functor_type = GemmTuned<ExecSpace, Shape, SharedSpace, Packets, AAlongK, BAlongK, CView,
                                 AOperand, BOperand>;
  constexpr bool host = runs_on_host<ExecSpace>();
  const std::int64_t tiles_m = ceil_div(m, Shape::BM), tiles_n = ceil_div(n, Shape::BN);
  const int league = checked_league_size(call, tiles_m * tiles_n);
  const int team_size = host ? 1 : Shape::threads;
  functor_type functor{a, b, c, alpha, beta, m, n, k, int(tiles_n), placement.level};
  Kokkos::parallel_for(
      call, with_scratch(GemmTeamPolicy<ExecSpace, Shape, T>(space, league, team_size), placement),
      functor);
}

/// Whole tiles read as packets: from level-0 shared memory, each operand's tile along k or not as
/// asked; where the scratch went to level 1, the generic form (the request fits either). Tiles
/// along k take more scratch (their pitch is padded along k); where level 0 cannot hold them, the
/// default layouts.
template <class Shape, bool AAlongK, bool BAlongK, class ExecSpace, class CView, class AOperand,
          class BOperand, class T>
void launch_gemm_tuned_packets(const std::string& call, const ExecSpace& space, const AOperand& a,
                               const BOperand& b, const CView& c, T alpha, T beta, std::int64_t m,
                               std::int64_t n, std::int64_t k) {
  using packets_form =
      GemmTuned<ExecSpace, Shape, true, true, AAlongK, BAlongK, CView, AOperand, BOperand>;
  using generic_form =
      GemmTuned<ExecSpace, Shape, false, false, false, false, CView, AOperand, BOperand>;
  if constexpr (AAlongK || BAlongK) {
    if (packets_form::scratch_bytes(true) > scratch_capacity(space, 0))
      return launch_gemm_tuned_packets<Shape, false, false>(call, space, a, b, c, alpha, beta, m, n,
                                                            k);
  }
  const ScratchPlacement placement = place_team_scratch(
      call, space, std::max(packets_form::scratch_bytes(true), generic_form::scratch_bytes(true)));
  if (scratch_is_shared_memory<ExecSpace>(placement)) {
    launch_gemm_tuned<Shape, true, true, AAlongK, BAlongK>(call, space, a, b, c, alpha, beta, m, n,
                                                           k, placement);
  } else {
    launch_gemm_tuned<Shape, false, false, false, false>(call, space, a, b, c, alpha, beta, m, n, k,
                                                         placement);
  }
}

/// Places the tuned kernel's scratch and picks its compiled form: on a device with level-0
/// scratch, ld/st.shared for scratch, and whole-packet reads without edge tests when every tile
/// lies inside and both operands allow packets; otherwise element reads tested at the edges.
/// A float op(A) contiguous along k (A transposed and column-major, or as it is and row-major)
/// keeps k contiguous in scratch too, so that its tiles go global -> shared in 16-byte packets
/// rather than element by element; so does op(B) when both are. Measured on an H200 at n = 4096,
/// as ratios to cuBLAS: A along k 0.78 where the default layout gave 0.75; both along k 0.78
/// (128x128x16_8x16) where the default gave 0.69, but with 128 x 128 x 16 tiles that needs 40,976
/// bytes of scratch, beyond the 40,936 that Kokkos grants a team there. op(B) alone along k
/// measured slower than its element-by-element copy (0.75 against 0.79), so it keeps the default
/// layout. Double takes its tensor-core step, which reads the default layouts.
template <class Shape, class ExecSpace, class CView, class AOperand, class BOperand, class T>
void launch_gemm_tuned(const std::string& call, const ExecSpace& space, const AOperand& a,
                       const BOperand& b, const CView& c, T alpha, T beta, std::int64_t m,
                       std::int64_t n, std::int64_t k) {
  constexpr bool host = runs_on_host<ExecSpace>();
  if constexpr (!host) {
    const bool whole_tiles = m % Shape::BM == 0 && n % Shape::BN == 0 && k % Shape::BK == 0;
    if (whole_tiles && gemm_packets_allowed<T>(a) && gemm_packets_allowed<T>(b)) {
      if constexpr (std::is_same_v<T, float>) {
        if (gemm_contiguous_along_k(a, true) && gemm_contiguous_along_k(b, false))
          return launch_gemm_tuned_packets<Shape, true, true>(call, space, a, b, c, alpha, beta, m,
                                                              n, k);
        if (gemm_contiguous_along_k(a, true))
          return launch_gemm_tuned_packets<Shape, true, false>(call, space, a, b, c, alpha, beta, m,
                                                               n, k);
      }
      return launch_gemm_tuned_packets<Shape, false, false>(call, space, a, b, c, alpha, beta, m, n,
                                                            k);
    }
  }
  using generic_form =
      GemmTuned<ExecSpace, Shape, false, false, false, false, CView, AOperand, BOperand>;
  const ScratchPlacement placement =
      place_team_scratch(call, space, generic_form::scratch_bytes(!host));
  if constexpr (!host) {
    if (scratch_is_shared_memory<ExecSpace>(placement))
      return launch_gemm_tuned<Shape, true, false, false, false>(call, space, a, b, c, alpha, beta,
                                                                 m, n, k, placement);
  }
  launch_gemm_tuned<Shape, false, false, false, false>(call, space, a, b, c, alpha, beta, m, n, k,
                                                       placement);
}

}  // namespace Impl

/// C = alpha * op(A) * op(B) + beta * C on `space` (asynchronous there).
template <class ExecSpace, class AView, class BView, class CView,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void gemm(const ExecSpace& space, const char* trans_a, const char* trans_b,
          typename CView::const_value_type alpha, const AView& a, const BView& b,
          typename CView::const_value_type beta, const CView& c, const GemmOptions& options = {}) {
  Impl::check_gemm_view<ExecSpace, AView>();
  Impl::check_gemm_view<ExecSpace, BView>();
  Impl::check_gemm_view<ExecSpace, CView>();
  using T = typename CView::non_const_value_type;
  static_assert(std::is_same_v<typename CView::value_type, T>,
                "KokkosTile::gemm: C must not be const");
  static_assert(std::is_same_v<typename AView::non_const_value_type, T> &&
                    std::is_same_v<typename BView::non_const_value_type, T>,
                "KokkosTile::gemm: A, B and C must have the same value type");
  static_assert(std::is_floating_point_v<T>, "KokkosTile::gemm: float or double");

  const std::string call = std::string("KokkosTile::gemm<") + to_string(options.variant) + ">";
  // A region per call, so that Kokkos Tools see the call around its kernels.
  const Kokkos::Profiling::ScopedRegion region(call);
  const bool ta = Impl::parse_gemm_op(call, "trans_a", trans_a);
  const bool tb = Impl::parse_gemm_op(call, "trans_b", trans_b);
  const Impl::GemmOperand<AView> op_a(a, ta);
  const Impl::GemmOperand<BView> op_b(b, tb);
  const std::int64_t m = op_a.rows(), k = op_a.cols(), n = op_b.cols();
  // One message per disagreeing extent, so that it names the one that is wrong.
  KOKKOSTILE_EXPECT(op_b.rows() == k, InvalidArgument, call,
                    "the inner extents differ: op(A) is " << m << " x " << k << " but op(B) is "
                                                          << op_b.rows() << " x " << n);
  KOKKOSTILE_EXPECT(std::int64_t(c.extent(0)) == m, InvalidArgument, call,
                    "C has " << c.extent(0) << " rows but op(A) has " << m << " (op(A) is " << m
                             << " x " << k << ", op(B) " << k << " x " << n << ")");
  KOKKOSTILE_EXPECT(std::int64_t(c.extent(1)) == n, InvalidArgument, call,
                    "C has " << c.extent(1) << " columns but op(B) has " << n << " (op(A) is " << m
                             << " x " << k << ", op(B) " << k << " x " << n << ")");
  KOKKOSTILE_EXPECT(!Impl::views_overlap(c, a) && !Impl::views_overlap(c, b), InvalidArgument, call,
                    "C overlaps A or B in memory");
  if (m == 0 || n == 0)
    return;

  if (alpha == T(0) || k == 0) {
    Kokkos::parallel_for(call + "::scale_c", Kokkos::RangePolicy<ExecSpace>(space, 0, m * n),
                         Impl::GemmScaleC<CView, T>{c, beta, n});
    return;
  }

  using a_operand = Impl::GemmOperand<AView>;
  using b_operand = Impl::GemmOperand<BView>;
  switch (options.variant) {
    case GemmVariant::naive: {
      const bool c_rows = c.stride(0) <= c.stride(1);
      Kokkos::parallel_for(call, Kokkos::RangePolicy<ExecSpace>(space, 0, m * n),
                           Impl::GemmNaive<CView, a_operand, b_operand>{op_a, op_b, c, alpha, beta,
                                                                        m, n, k, c_rows});
      return;
    }
    case GemmVariant::tiled16: {
      using functor_type = Impl::GemmTiled16<ExecSpace, CView, a_operand, b_operand>;
      const ScratchPlacement placement =
          place_team_scratch(call, space, functor_type::scratch_bytes());
      const std::int64_t tiles_n = Impl::ceil_div(n, 16);
      const int league = Impl::checked_league_size(call, Impl::ceil_div(m, 16) * tiles_n);
      const int team_size = Impl::runs_on_host<ExecSpace>() ? 1 : functor_type::threads;
      Kokkos::parallel_for(
          call, with_scratch(Kokkos::TeamPolicy<ExecSpace>(space, league, team_size), placement),
          functor_type{op_a, op_b, c, alpha, beta, m, n, k, int(tiles_n), placement.level});
      return;
    }
    case GemmVariant::tuned:
      if constexpr (Impl::is_host_backend<ExecSpace>()) {
        if (options.tile == GemmTile::automatic) {  // packed panels and a register micro-kernel
          Impl::gemm_host<ExecSpace, T>(
              call, space,
              Impl::GemmHostMatrix<const T>{op_a.data, op_a.row_stride, op_a.col_stride},
              Impl::GemmHostMatrix<const T>{op_b.data, op_b.row_stride, op_b.col_stride},
              Impl::GemmHostMatrix<T>{c.data(), std::int64_t(c.stride(0)),
                                      std::int64_t(c.stride(1))},
              T(alpha), T(beta), m, n, k);
          return;
        }
      }
      switch (Impl::resolve_gemm_tile<ExecSpace, T>(options.tile,
                                                    m % 128 == 0 && n % 128 == 0 && k % 16 == 0 &&
                                                        Impl::gemm_packets_allowed<T>(op_a) &&
                                                        Impl::gemm_packets_allowed<T>(op_b))) {
        case GemmTile::t128x128x8_8x8:
          Impl::launch_gemm_tuned<Impl::GemmTunedShape<128, 128, 8, 8, 8>>(
              call, space, op_a, op_b, c, T(alpha), T(beta), m, n, k);
          return;
        case GemmTile::t128x128x16_8x8:
          Impl::launch_gemm_tuned<Impl::GemmTunedShape<128, 128, 16, 8, 8>>(
              call, space, op_a, op_b, c, T(alpha), T(beta), m, n, k);
          return;
        case GemmTile::t128x128x16_8x16:
          Impl::launch_gemm_tuned<Impl::GemmTunedShape<128, 128, 16, 8, 16>>(
              call, space, op_a, op_b, c, T(alpha), T(beta), m, n, k);
          return;
        case GemmTile::t128x64x8_8x4:
          Impl::launch_gemm_tuned<Impl::GemmTunedShape<128, 64, 8, 8, 4>>(
              call, space, op_a, op_b, c, T(alpha), T(beta), m, n, k);
          return;
        case GemmTile::t64x64x16_4x4:
        case GemmTile::automatic:
          Impl::launch_gemm_tuned<Impl::GemmTunedShape<64, 64, 16, 4, 4>>(
              call, space, op_a, op_b, c, T(alpha), T(beta), m, n, k);
          return;
      }
  }
  KOKKOSTILE_EXPECT(false, InvalidArgument, call, "unknown variant");
}

/// As above, on the default execution space of C's memory space.
template <class AView, class BView, class CView,
          std::enable_if_t<Kokkos::is_view<CView>::value, int> = 0>
void gemm(const char* trans_a, const char* trans_b, typename CView::const_value_type alpha,
          const AView& a, const BView& b, typename CView::const_value_type beta, const CView& c,
          const GemmOptions& options = {}) {
  gemm(typename CView::execution_space{}, trans_a, trans_b, alpha, a, b, beta, c, options);
}

}  // namespace KokkosTile
