// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Machinery of KokkosTile::StreamPipeline: the View type a chunk is handed to the user's functor
// as, the compile-time and run-time checks on the host Views, the guard that waits for every
// instance before buffers and registrations go away, and the timer of calibration chunks.

#include <Kokkos_Core.hpp>

#include "KokkosTile_Assert.hpp"
#include "impl/memory/Memory_StreamPlan.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace KokkosTile {
namespace Impl {

/// A chunk: rows [offset, offset + rows) of a host View, as an unmanaged packed View in the
/// execution space's memory (a device buffer, or the host memory itself on host backends).
template <class DataType, class ExecSpace>
using stream_chunk_view_t =
    Kokkos::View<DataType, Kokkos::LayoutRight, typename ExecSpace::memory_space,
                 Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

template <class ViewType>
constexpr void check_streamable_view() {
  static_assert(Kokkos::is_view<ViewType>::value, "KokkosTile: streaming needs Kokkos::Views");
  static_assert(
      Kokkos::SpaceAccessibility<Kokkos::HostSpace, typename ViewType::memory_space>::accessible,
      "KokkosTile: streaming reads and writes host-accessible Views");
  static_assert(ViewType::rank() == 1 ||
                    (ViewType::rank() == 2 &&
                     std::is_same_v<typename ViewType::array_layout, Kokkos::LayoutRight>),
                "KokkosTile: streaming splits dimension 0 into contiguous chunks: a rank-1 View, "
                "or a rank-2 LayoutRight View");
}

/// Elements in one row (one index of dimension 0).
template <class ViewType>
std::size_t row_elements(const ViewType& view) {
  if constexpr (ViewType::rank() == 1) {
    (void)view;
    return 1;
  } else {
    return view.extent(1);
  }
}

/// The packed chunk of `rows` rows at `data`, with the other extents of `like`.
template <class ChunkView, class LikeView, class Pointer>
ChunkView make_chunk(Pointer data, std::size_t rows, const LikeView& like) {
  if constexpr (LikeView::rank() == 1) {
    (void)like;
    return ChunkView(data, rows);
  } else {
    return ChunkView(data, rows, like.extent(1));
  }
}

template <class ViewType>
void check_contiguous(const std::string& call, const char* which, const ViewType& view) {
  KOKKOSTILE_EXPECT(view.span_is_contiguous(), InvalidArgument, call,
                    which << " (\"" << view.label() << "\") is not contiguous; chunks are copied "
                          << "as whole byte ranges (use a packed View)");
}

/// Times the stages of one chunk when `seconds` is given: fences `instance` before the chunk and
/// after each stage, so that a calibration chunk runs without overlap; does nothing otherwise.
template <class ExecSpace>
class StageTimer {
 public:
  StageTimer(const ExecSpace& instance, StreamStageSeconds* seconds)
      : instance_(instance), seconds_(seconds) {
    if (seconds_) {
      instance_.fence("KokkosTile::StreamPipeline: calibration");
      last_ = std::chrono::steady_clock::now();
    }
  }

  /// Ends `stage` (0: copy in, 1: functor, 2: copy out).
  void lap(int stage) {
    if (!seconds_)
      return;
    instance_.fence("KokkosTile::StreamPipeline: calibration");
    const auto now = std::chrono::steady_clock::now();
    seconds_->stage[stage] = std::chrono::duration<double>(now - last_).count();
    last_ = now;
  }

 private:
  const ExecSpace& instance_;
  StreamStageSeconds* seconds_;
  std::chrono::steady_clock::time_point last_{};
};

/// Waits for every instance when it goes out of scope, so that no copy or kernel is still using a
/// buffer or a pinned range when they are released, on success or when the functor throws.
template <class ExecSpace>
struct FenceInstancesOnExit {
  const std::vector<ExecSpace>& instances;
  ~FenceInstancesOnExit() {
    for (const auto& instance : instances) {
      try {
        instance.fence("KokkosTile::StreamPipeline: wait for the chunks in flight");
      } catch (...) {
        // Keep fencing the others; Kokkos reports its own failures.
      }
    }
  }
};

}  // namespace Impl
}  // namespace KokkosTile
