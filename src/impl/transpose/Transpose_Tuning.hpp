// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The transpose's tuning constants: the default tile edges on devices and host backends (out of
// place and in place), and the host kernels' register blocks, tile shapes and streaming
// threshold. Transpose_Launch.hpp, Transpose_HostTile.hpp, Transpose_Host.hpp and
// KokkosTile_Transpose.hpp read them here.

#include <cstddef>

namespace KokkosTile {
namespace Impl {

/// Default tile edge on devices, which want many bytes in flight per thread: a 64 x 64 tile gives
/// each of 256 threads 16 elements per phase.
inline constexpr int transpose_device_edge = 64;
/// Default tile edge of the scratch-tile kernels on host backends, which want the tile in L1.
inline constexpr int transpose_host_edge = 32;

/// Default tile edge of the in-place transpose on devices. Two tiles per team: 64 x 64 tiles of up
/// to 4 bytes, 32 x 32 of 8 bytes keep both in level 0 on devices (two padded 64 x 64 double tiles
/// would need 66,560 bytes).
template <class T>
inline constexpr int transpose_in_place_device_edge = sizeof(T) <= 4 ? 64 : 32;

namespace host_transpose {

/// 8 x 8 blocks of 4-byte elements or 4 x 4 of 8-byte ones: each line of a block fills two 16-byte
/// vector registers, and GCC and Clang turn the block's transpose into lane shuffles.
template <class T>
inline constexpr int tile_micro = sizeof(T) <= 4 ? 8 : 4;

/// Out of place (OutOfPlaceTile): destination lines of 256 bytes by source lines of 128 bytes (an
/// 8 KiB buffer). On 2 OpenMP threads of a Zen 5 (4096^2 and 8192 x 2048, float and double,
/// interleaved runs) this shape beat the square 64 x 64 and 32 x 32 tiles (0.5-0.6 of deep_copy's
/// bandwidth) and longer runs on either side: long destination lines keep the non-temporal stores
/// whole, while short source lines keep the buffer and the prefetched next tile small.
inline constexpr int out_of_place_destination_line_bytes = 256;
inline constexpr int out_of_place_source_line_bytes = 128;

/// In place (InPlaceTile): square tiles of 256-byte lines (two buffers per thread).
inline constexpr int in_place_line_bytes = 256;

/// Destinations of at least this many bytes are written with non-temporal stores: smaller ones
/// may well be read again from cache.
inline constexpr std::size_t stream_min_bytes = std::size_t(8) << 20;

}  // namespace host_transpose
}  // namespace Impl
}  // namespace KokkosTile
