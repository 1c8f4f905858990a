// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The device kernel's tile shape per problem (GemmBatched_Device.hpp): the smallest tile that
// covers one matrix up to 64 x 64, so that a team does no work on padding and small matrices get
// small teams (many per multiprocessor); 64 x 64 tiles of 4 x 4 register blocks beyond.

#include "impl/gemm_batched/GemmBatched_Device.hpp"

#include <algorithm>

namespace KokkosTile {
namespace Impl {

enum class GemmBatchedTile { t8, t16, t32, t64 };

using GemmBatchedShape8 = GemmBatchedShape<8, 8, 8, 1, 1>;       // 64 threads
using GemmBatchedShape16 = GemmBatchedShape<16, 16, 16, 2, 2>;   // 64 threads
using GemmBatchedShape32 = GemmBatchedShape<32, 32, 32, 2, 2>;   // 256 threads
using GemmBatchedShape64 = GemmBatchedShape<64, 64, 16, 4, 4>;   // 256 threads

inline GemmBatchedTile gemm_batched_device_tile(int m, int n) {
  const int extent = std::max(m, n);
  if (extent <= 8)
    return GemmBatchedTile::t8;
  if (extent <= 16)
    return GemmBatchedTile::t16;
  if (extent <= 32)
    return GemmBatchedTile::t32;
  return GemmBatchedTile::t64;
}

}  // namespace Impl
}  // namespace KokkosTile
