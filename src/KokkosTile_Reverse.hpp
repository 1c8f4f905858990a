// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Array reversal through team scratch, the seed's two forms generalised to any length and any
// execution space:
//
//   KokkosTile::reverse(view);                       // run-time-sized scratch chunks
//   KokkosTile::reverse_static<64>(view);            // compile-time-sized scratch chunks
//   KokkosTile::reverse_copy(src, dst);              // out of place; dst at least as long
//
// Each has an overload taking an execution-space instance first, and one taking a label before it;
// every overload is asynchronous on its execution space like any Kokkos parallel_for (without an
// instance, on a default instance of the View's execution space, dst's for reverse_copy). Views may
// have any layout and stride (subviews included). Kernels are labelled "KokkosTile::reverse",
// "KokkosTile::reverse_static" and "KokkosTile::reverse_copy", or with the label given.
//
// On host backends (Serial, OpenMP, Threads) scratch staging only adds a pass through memory, so
// every form runs a plain loop instead: each thread swaps (or copies) one contiguous block of
// mirrored elements (impl/reverse/Reverse_Host.hpp). There the chunk extent (the run-time `chunk`
// argument and reverse_static's ChunkExtent) decides nothing; it is still validated exactly as on
// devices (a chunk beyond INT_MAX, or whose scratch fits no level, throws on every backend), so
// that a call that works on the host works on a device too.
//
// On devices, reverse and reverse_copy of contiguous, 16-byte-aligned Views whose length is a whole
// number of 16-byte packets (pairs of them in place) run a packet kernel instead of scratch chunks
// (impl/reverse/Reverse_Packets.hpp); the chunk extent is validated but decides nothing there
// either. reverse_static always stages its compile-time chunks in scratch; on such Views it moves
// them in packets too. On CUDA devices of compute capability 9.0 and newer that are rich in
// bandwidth (the H200), in-place reversals of such Views move chunks through shared memory with
// bulk copies (impl/reverse/Reverse_BulkChunks.hpp): reverse in chunks of 4 KiB, reverse_static
// in its own chunks where they are 2 to 16 KiB.
//
// This header validates and forwards to impl/reverse/Reverse_Dispatch.hpp, which the compiled
// library (KOKKOSTILE_ENABLE_ETI) holds for float and double (reverse and reverse_copy).

#include <Kokkos_Core.hpp>
#include <Kokkos_Profiling_ScopedRegion.hpp>

#include "KokkosTile_Assert.hpp"
#include "impl/core/Core_KernelViews.hpp"
#include "impl/core/Core_ViewChecks.hpp"
#include "impl/reverse/Reverse_Dispatch.hpp"
#include "impl/reverse/Reverse_Eti.hpp"

#include <climits>
#include <cstddef>
#include <string>
#include <type_traits>

namespace KokkosTile {

/// Reverses `view` in place on `space`, staging chunks of `chunk` elements (0: a default) in
/// run-time-sized team scratch. `label` names the call for Kokkos Tools: its region and kernels.
template <class ExecSpace, class ViewType,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void reverse(const std::string& label, const ExecSpace& space, const ViewType& view,
             std::size_t chunk = 0) {
  Impl::check_reversible_view<ExecSpace, ViewType>();
  static_assert(
      std::is_same_v<typename ViewType::value_type, typename ViewType::non_const_value_type>,
      "KokkosTile: an in-place reversal needs a non-const View");
  const std::string& call = label;
  // A region per call, so that Kokkos Tools see the call around its kernels.
  const Kokkos::Profiling::ScopedRegion region(call);
  const auto kernel_view = Impl::output_kernel_view_1d(view);
  Impl::expect_distinct_elements(call, kernel_view, "the View");
  Impl::reverse_dispatch<0>(call, space, kernel_view, Impl::checked_chunk(call, chunk));
}

template <class ExecSpace, class ViewType,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void reverse(const ExecSpace& space, const ViewType& view, std::size_t chunk = 0) {
  reverse("KokkosTile::reverse", space, view, chunk);
}

template <class ViewType, std::enable_if_t<Kokkos::is_view<ViewType>::value, int> = 0>
void reverse(const ViewType& view, std::size_t chunk = 0) {
  reverse(typename ViewType::execution_space{}, view, chunk);
}

/// Reverses `view` in place on `space`, staging chunks of ChunkExtent elements in team scratch
/// whose size is a compile-time constant.
template <std::size_t ChunkExtent, class ExecSpace, class ViewType,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void reverse_static(const std::string& label, const ExecSpace& space, const ViewType& view) {
  static_assert(ChunkExtent > 0 && ChunkExtent <= static_cast<std::size_t>(INT_MAX),
                "KokkosTile::reverse_static: the chunk extent must be in [1, INT_MAX]");
  Impl::check_reversible_view<ExecSpace, ViewType>();
  static_assert(
      std::is_same_v<typename ViewType::value_type, typename ViewType::non_const_value_type>,
      "KokkosTile: an in-place reversal needs a non-const View");
  const std::string& call = label;
  const Kokkos::Profiling::ScopedRegion region(call);
  const auto kernel_view = Impl::output_kernel_view_1d(view);
  Impl::expect_distinct_elements(call, kernel_view, "the View");
  Impl::reverse_dispatch<ChunkExtent>(call, space, kernel_view, ChunkExtent);
}

template <std::size_t ChunkExtent, class ExecSpace, class ViewType,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void reverse_static(const ExecSpace& space, const ViewType& view) {
  reverse_static<ChunkExtent>("KokkosTile::reverse_static", space, view);
}

template <std::size_t ChunkExtent, class ViewType,
          std::enable_if_t<Kokkos::is_view<ViewType>::value, int> = 0>
void reverse_static(const ViewType& view) {
  reverse_static<ChunkExtent>(typename ViewType::execution_space{}, view);
}

/// Writes src reversed into dst on `space`: dst(i) = src(n - 1 - i). dst has at least src's
/// extent (its first src.extent(0) elements are written) and must not overlap src (use reverse for
/// in place).
template <class ExecSpace, class SrcView, class DstView,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void reverse_copy(const std::string& label, const ExecSpace& space, const SrcView& src,
                  const DstView& dst, std::size_t chunk = 0) {
  const std::string& call = label;
  const Kokkos::Profiling::ScopedRegion region(call);
  Impl::check_reversible_view<ExecSpace, SrcView>();
  Impl::check_reversible_view<ExecSpace, DstView>();
  static_assert(
      std::is_assignable_v<typename DstView::reference_type, typename SrcView::const_value_type>,
      "KokkosTile::reverse_copy: src elements cannot be assigned to dst elements");
  // Kokkos' rule (Kokkos::Experimental::reverse_copy): dst has at least src's extent, and only
  // its first src.extent(0) elements are written.
  KOKKOSTILE_EXPECT(dst.extent(0) >= src.extent(0), InvalidArgument, call,
                    "src has " << src.extent(0) << " elements but dst only " << dst.extent(0)
                               << "; dst needs at least as many");
  chunk = Impl::checked_chunk(call, chunk);
  const std::size_t n = src.extent(0);
  if (n == 0)
    return;
  // The kernels see one View type per element type and memory space: both contiguous, or both
  // strided.
  using layout = Impl::reverse_copy_layout_t<SrcView, DstView>;
  const auto kernel_src =
      Impl::kernel_view_of<Impl::KernelView1D<typename SrcView::const_value_type, layout,
                                              typename SrcView::memory_space>>(src);
  const auto kernel_dst =
      Impl::kernel_view_of<Impl::KernelView1D<typename DstView::non_const_value_type, layout,
                                              typename DstView::memory_space>>(
          Kokkos::subview(dst, Kokkos::pair<std::size_t, std::size_t>(0, n)));
  Impl::expect_distinct_elements(call, kernel_dst, "dst");
  Impl::expect_disjoint(call, kernel_src, kernel_dst, "src and dst",
                        "dst's first " + std::to_string(n) +
                            " elements; use KokkosTile::reverse to reverse in place");
  Impl::reverse_copy_dispatch(call, space, kernel_src, kernel_dst, chunk);
}

template <class ExecSpace, class SrcView, class DstView,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void reverse_copy(const ExecSpace& space, const SrcView& src, const DstView& dst,
                  std::size_t chunk = 0) {
  reverse_copy("KokkosTile::reverse_copy", space, src, dst, chunk);
}

template <class SrcView, class DstView, std::enable_if_t<Kokkos::is_view<SrcView>::value, int> = 0>
void reverse_copy(const SrcView& src, const DstView& dst, std::size_t chunk = 0) {
  reverse_copy(typename DstView::execution_space{}, src, dst, chunk);
}

}  // namespace KokkosTile
