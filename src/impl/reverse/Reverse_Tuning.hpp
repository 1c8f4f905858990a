// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The reversal's tuning constants: the default chunk of the scratch kernels, the bytes of one
// bulk copy (and the chunk of the bulk kernel), and the smallest block of work of a host thread.
// Reverse_Dispatch.hpp, Reverse_BulkChunks.hpp and Reverse_Host.hpp read them here.

#include <cstddef>
#include <cstdint>

namespace KokkosTile {

/// Elements each team stages per chunk when the caller passes no chunk extent.
inline constexpr std::size_t default_reverse_chunk = 1024;

namespace Impl {

/// The most bytes one bulk copy moves, and the chunk reverse takes: the fastest size measured.
inline constexpr unsigned reverse_bulk_copy_bytes = 4096;

namespace host_reverse {

/// Below this many pairs or elements per thread, fewer threads share the work.
inline constexpr std::int64_t min_block_items = 16384;

}  // namespace host_reverse
}  // namespace Impl
}  // namespace KokkosTile
