// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// How team_gemm blocks C among the team's threads, chosen by the caller as a template argument
// (KokkosTile_TeamGemm.hpp), since the register count of a kernel is fixed when it is compiled:
// every C size the kernel multiplies pays for the largest block it can take.

#include <type_traits>

namespace KokkosTile {
namespace TeamGemmAlgo {

/// Blocks that keep the caller's kernel lean in registers: on devices 4 x 4 SIMT tiles a thread,
/// or for double with fp64 tensor cores 16 x 16 a warp. The right choice for C up to about 32 x 32,
/// or in a kernel that keeps much else in registers.
struct Default {};

/// Larger blocks, for C of 64 x 64 and more: on devices 8 x 8 SIMT tiles a thread (when every
/// thread gets one), and for double on sm_90 32 x 32 a warp (when every warp gets one), each
/// operand value read once for 8 (SIMT) or up to 4 (DMMA) products instead of 4 or 2. They take
/// more registers: the fused example's kernel went from 80 to 162 a thread for double.
struct LargeBlocks {};

}  // namespace TeamGemmAlgo

namespace Impl {
template <class Algo>
inline constexpr bool team_gemm_algo_valid =
    std::is_same_v<Algo, TeamGemmAlgo::Default> || std::is_same_v<Algo, TeamGemmAlgo::LargeBlocks>;
template <class Algo>
inline constexpr bool team_gemm_large_blocks = std::is_same_v<Algo, TeamGemmAlgo::LargeBlocks>;
}  // namespace Impl

}  // namespace KokkosTile
