// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Write-combining page-locked host memory, for staging data the host writes once and the GPU
// reads (host -> device copies):
//
//   auto staging = KokkosTile::create_write_combined_mirror(d);  // same extents and layout as d
//   auto h = staging.view();          // an unmanaged View in PinnedHostSpace; staging owns it
//   ... write h sequentially on the host ...
//   Kokkos::deep_copy(space, d, h);   // asynchronous on space's stream, as from PinnedHostSpace
//
// With CUDA the memory is cudaHostAlloc'd with cudaHostAllocWriteCombined (plus Mapped and
// Portable, as CudaHostPinnedSpace's memory is): the CPU does not cache it, and its stores go out
// through write-combining buffers in whole bursts, so the bus snoops nothing when the GPU reads it
// and a host->device copy can be faster than from ordinary pinned memory. The price: host READS of
// it are uncached and very slow (often 10x and more), so write it sequentially, never read it back
// on the host, and read it only from the device (a copy or a kernel). It helps host->device
// staging only; for device->host use PinnedHostSpace.
//
// Kokkos' CudaHostPinnedSpace takes no allocation flags, so this header allocates itself and hands
// out an unmanaged PinnedHostSpace View: Kokkos treats it exactly like pinned memory (deep_copy to
// a CudaSpace View is a cudaMemcpyAsync on the instance's stream). The memory belongs to the
// WriteCombinedHostView object: copies of that object share it (like Kokkos Views), and it is
// freed when the last copy goes away. The unmanaged View returned by view() does NOT keep it alive:
// keep a WriteCombinedHostView for as long as the View (or a copy in flight) is used. Like Kokkos
// Views, the last copy must go away before Kokkos::finalize.
//
// With HIP it is hipHostMalloc'd with the same flags (hipHostMallocWriteCombined, Mapped, Portable)
// and the View is in HIPHostPinnedSpace: compiled, not run (no AMD GPU was available). Without CUDA
// or HIP there is no write-combining to ask for: the same API hands out plain host memory
// (PinnedHostSpace is HostSpace), 64-byte aligned, so code written for it runs on every backend.

#include <Kokkos_Core.hpp>

#include "KokkosTile_Assert.hpp"
#include "KokkosTile_PinnedHostSpace.hpp"
#include "impl/memory/Memory_WriteCombined.hpp"

#include <cstddef>
#include <cstdio>
#include <memory>
#include <new>
#include <string>
#include <type_traits>
#include <utility>

namespace KokkosTile {

/// True when WriteCombinedHostView's memory really is write-combining (a CUDA or HIP build).
inline constexpr bool write_combined_host_is_write_combined = pinned_host_space_is_page_locked;

/// An owning handle of write-combining page-locked host memory laid out as a
/// View<DataType, Layout, PinnedHostSpace>. Copies share the memory; the last one frees it (after a
/// Kokkos::fence). view() is an unmanaged View of it, valid while a handle lives.
template <class DataType, class Layout = Kokkos::LayoutRight>
class WriteCombinedHostView {
 public:
  using view_type =
      Kokkos::View<DataType, Layout, PinnedHostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  using value_type = typename view_type::value_type;
  using array_layout = Layout;
  using memory_space = PinnedHostSpace;

  /// Holds nothing (a default View).
  WriteCombinedHostView() = default;

  /// Uninitialised memory of the given layout (extents, and strides for LayoutStride).
  WriteCombinedHostView(const std::string& label, const Layout& layout)
      : label_(label),
        memory_(Impl::allocate_write_combined(
            "KokkosTile::WriteCombinedHostView(\"" + label + "\")",
            Impl::checked_allocation_bytes<view_type>(
                "KokkosTile::WriteCombinedHostView(\"" + label + "\")", layout))),
        view_(static_cast<typename view_type::pointer_type>(memory_.get()), layout) {}

  /// Uninitialised memory of the given extents, as for Kokkos::View(label, n0, n1, ...).
  template <class... Extents, class = std::enable_if_t<(sizeof...(Extents) > 0) &&
                                                       (std::is_integral_v<Extents> && ...)>>
  explicit WriteCombinedHostView(const std::string& label, Extents... extents)
      : WriteCombinedHostView(label, Layout(static_cast<std::size_t>(extents)...)) {}

  // Copies share the memory. A moved-from handle holds nothing, its View included, so that it
  // cannot hand out a View of memory it no longer keeps alive.
  WriteCombinedHostView(const WriteCombinedHostView&) = default;
  WriteCombinedHostView& operator=(const WriteCombinedHostView&) = default;
  WriteCombinedHostView(WriteCombinedHostView&& other) noexcept
      : label_(std::move(other.label_)),
        memory_(std::move(other.memory_)),
        view_(std::exchange(other.view_, view_type())) {}
  WriteCombinedHostView& operator=(WriteCombinedHostView&& other) noexcept {
    if (this != &other) {
      label_ = std::move(other.label_);
      memory_ = std::move(other.memory_);
      view_ = std::exchange(other.view_, view_type());
    }
    return *this;
  }

  /// The memory as an unmanaged View. It does not keep the memory alive: this handle (or a copy)
  /// must outlive every use of it, including asynchronous copies still in flight.
  const view_type& view() const { return view_; }
  value_type* data() const { return view_.data(); }
  std::size_t size() const { return view_.size(); }
  std::size_t extent(unsigned r) const { return view_.extent(r); }
  /// The bytes allocated (the View's span).
  std::size_t bytes() const { return view_.span() * sizeof(value_type); }
  const std::string& label() const { return label_; }
  /// How many handles share the memory (0 for an empty or zero-size handle, as it owns nothing).
  long use_count() const { return memory_.use_count(); }

 private:
  std::string label_;
  std::shared_ptr<void> memory_;  // declared before view_: the View is made from it
  view_type view_;
};

/// The WriteCombinedHostView type mirroring ViewType: same data type and layout.
template <class ViewType>
using write_combined_mirror_t =
    WriteCombinedHostView<typename ViewType::non_const_data_type, typename ViewType::array_layout>;

/// New, uninitialised write-combining host memory with the extents and layout of `view` (any
/// memory space), to fill on the host and copy to `view` with Kokkos::deep_copy(space, view,
/// mirror.view()). Always a separate allocation, like Kokkos::create_mirror.
template <class ViewType>
write_combined_mirror_t<ViewType> create_write_combined_mirror(const ViewType& view) {
  static_assert(Kokkos::is_view<ViewType>::value,
                "KokkosTile: create_write_combined_mirror needs a View");
  using layout_type = typename ViewType::array_layout;
  const std::string label = view.label() + "_write_combined";
  if constexpr (std::is_same_v<layout_type, Kokkos::LayoutLeft> ||
                std::is_same_v<layout_type, Kokkos::LayoutRight>) {
    // From the extents only: a padded device View's layout would carry its padding along.
    std::size_t n[8];
    for (unsigned r = 0; r < 8; ++r)
      n[r] = r < ViewType::rank() ? view.extent(r) : KOKKOS_IMPL_CTOR_DEFAULT_ARG;
    return write_combined_mirror_t<ViewType>(
        label, layout_type(n[0], n[1], n[2], n[3], n[4], n[5], n[6], n[7]));
  } else {
    return write_combined_mirror_t<ViewType>(label, view.layout());
  }
}

}  // namespace KokkosTile
