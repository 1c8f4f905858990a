// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Page-locks existing host memory for a scope (RAII): a HostSpace View or a raw byte range becomes
// pinned, so that copies between it and the GPU run at full link speed and asynchronously on an
// instance's stream, and it is unpinned when the scope ends, also when an exception leaves it.
//
//   Kokkos::View<float*, Kokkos::HostSpace> h("h", n);
//   {
//     KokkosTile::ScopedHostRegistration pin(h);   // cudaHostRegister (hipHostRegister on HIP)
//     Kokkos::deep_copy(space, d, h);               // asynchronous on space's stream
//     ...
//   }                                               // fences, then cudaHostUnregister
//
// Rules:
// - A range that overlaps one KokkosTile already holds registered is refused (InvalidArgument):
//   CUDA cannot pin the same page twice, and unpinning either would leave the other unpinned.
// - Memory that is page-locked already (a PinnedHostSpace View, cudaHostAlloc, or the caller's own
//   cudaHostRegister) is accepted as it is: nothing is pinned, nothing is undone at the end.
// - Device memory is refused (InvalidArgument); a failed pin is a ResourceError with the runtime's
//   words.
// - Before unpinning, the destructor waits for the work that may still read or write the range:
//   the instance given to the constructor, else every instance (Kokkos::fence).
// - HIP does the same through hipHostRegister (compiled, not run: no AMD GPU was available).
// - Without CUDA or HIP there is nothing to lock: the range is only recorded, so the overlap rule
//   and the lifetime queries behave the same on every backend.

#include <Kokkos_Core.hpp>

#include "KokkosTile_Assert.hpp"
#include "impl/memory/Memory_HostPinning.hpp"
#include "impl/memory/Memory_HostRangeRegistry.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <cstdio>
#include <functional>
#include <string>
#include <utility>

namespace KokkosTile {

/// Whether `address` lies in page-locked host memory (always false without CUDA or HIP).
inline bool is_page_locked(const void* address) {
#ifdef KOKKOSTILE_IMPL_HOST_PINNING
  return Impl::host_pinning_kind(address) == Impl::HostPinningKind::page_locked;
#else
  (void)address;
  return false;
#endif
}

/// How many host ranges KokkosTile holds registered right now, in this process.
inline std::size_t live_host_registrations() {
  return Impl::HostRangeRegistry::instance().size();
}

/// Whether `address` lies in a range a live ScopedHostRegistration holds.
inline bool is_registered_by_kokkostile(const void* address) {
  return Impl::HostRangeRegistry::instance().contains(reinterpret_cast<std::uintptr_t>(address));
}

class ScopedHostRegistration {
 public:
  /// Holds nothing.
  ScopedHostRegistration() = default;

  /// Registers the bytes [data, data + bytes). An empty range holds nothing.
  ScopedHostRegistration(void* data, std::size_t bytes)
      : ScopedHostRegistration(data, bytes, [] { Kokkos::fence(fence_label()); }) {}

  /// As above; the destructor waits for `space` only before unpinning (the caller promises that
  /// no other instance still uses the range).
  template <class ExecSpace, class = std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value>>
  ScopedHostRegistration(const ExecSpace& space, void* data, std::size_t bytes)
      : ScopedHostRegistration(data, bytes, [space] { space.fence(fence_label()); }) {}

  /// Registers the memory a host-accessible View spans (its whole span, gaps of a strided View
  /// included).
  template <class ViewType, class = std::enable_if_t<Kokkos::is_view<ViewType>::value>>
  explicit ScopedHostRegistration(const ViewType& view)
      : ScopedHostRegistration(checked_data(view), span_bytes(view)) {}

  template <class ExecSpace, class ViewType,
            class = std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value &&
                                     Kokkos::is_view<ViewType>::value>>
  ScopedHostRegistration(const ExecSpace& space, const ViewType& view)
      : ScopedHostRegistration(space, checked_data(view), span_bytes(view)) {}

  ScopedHostRegistration(const ScopedHostRegistration&) = delete;
  ScopedHostRegistration& operator=(const ScopedHostRegistration&) = delete;

  ScopedHostRegistration(ScopedHostRegistration&& other) noexcept { take(other); }
  ScopedHostRegistration& operator=(ScopedHostRegistration&& other) noexcept {
    if (this != &other) {
      reset();
      take(other);
    }
    return *this;
  }

  ~ScopedHostRegistration() { reset(); }

  /// Waits for the instance (or every instance), unpins what this object pinned and forgets the
  /// range. Afterwards the object holds nothing.
  void reset() noexcept {
    if (data_ == nullptr)
      return;
    if (pinned_here_) {
      try {
        fence_();
      } catch (...) {
        // A destructor must not throw; unpinning after a failed fence is still the lesser evil
        // than leaking a pinned range, and the fence failure has been reported by Kokkos.
      }
#ifdef KOKKOSTILE_IMPL_HOST_PINNING
      const Impl::HostPinningStatus status = Impl::host_unpin(data_);
      if (!status.ok)
        std::fprintf(stderr, "KokkosTile::ScopedHostRegistration: unregistering failed: %s\n",
                     status.words);
#endif
    }
    Impl::HostRangeRegistry::instance().remove(reinterpret_cast<std::uintptr_t>(data_));
    data_ = nullptr;
    bytes_ = 0;
    pinned_here_ = false;
  }

  /// Whether this object holds a range.
  bool holds_range() const {
    return data_ != nullptr;
  }
  /// Whether this object page-locked the range itself (false when it was locked already, and
  /// always false without CUDA or HIP).
  bool pinned_here() const {
    return pinned_here_;
  }
  void* data() const {
    return data_;
  }
  std::size_t bytes() const {
    return bytes_;
  }

 private:
  static const char* fence_label() {
    return "KokkosTile::ScopedHostRegistration: wait before unpinning";
  }

  template <class ViewType>
  static void* checked_data(const ViewType& view) {
    static_assert(
        Kokkos::SpaceAccessibility<Kokkos::HostSpace, typename ViewType::memory_space>::accessible,
        "KokkosTile: only host-accessible memory can be page-locked");
    return const_cast<void*>(static_cast<const void*>(view.data()));
  }

  /// The View's span in bytes; a span whose bytes do not fit a size_t (a View of wrapped extents)
  /// is refused rather than registering a few bytes of it.
  template <class ViewType>
  static std::size_t span_bytes(const ViewType& view) {
    constexpr std::size_t element = sizeof(typename ViewType::value_type);
    KOKKOSTILE_EXPECT(view.span() <= std::numeric_limits<std::size_t>::max() / element,
                      InvalidArgument, "KokkosTile::ScopedHostRegistration",
                      "the View spans " << view.span() << " elements of " << element
                                        << " bytes, more bytes than a size_t holds");
    return view.span() * element;
  }

  ScopedHostRegistration(void* data, std::size_t bytes, std::function<void()> fence)
      : fence_(std::move(fence)) {
    static const std::string call = "KokkosTile::ScopedHostRegistration";
    if (bytes == 0)
      return;
    KOKKOSTILE_EXPECT(data != nullptr, InvalidArgument, call,
                      "a range of " << bytes << " bytes at a null pointer");
    const auto begin = reinterpret_cast<std::uintptr_t>(data);
    KOKKOSTILE_EXPECT(
        bytes - 1 <= std::numeric_limits<std::uintptr_t>::max() - begin, InvalidArgument, call,
        "the " << bytes << " bytes at " << data << " run past the end of the address space");
    std::uintptr_t held_begin = 0;
    std::size_t held_bytes = 0;
    KOKKOSTILE_EXPECT(
        Impl::HostRangeRegistry::instance().try_add(begin, bytes, held_begin, held_bytes),
        InvalidArgument, call,
        "the " << bytes << " bytes at " << data << " overlap the " << held_bytes << " bytes at "
               << reinterpret_cast<void*>(held_begin)
               << " that another ScopedHostRegistration holds registered");
    data_ = data;
    bytes_ = bytes;
#ifdef KOKKOSTILE_IMPL_HOST_PINNING
    try {
      pin(call);
    } catch (...) {
      Impl::HostRangeRegistry::instance().remove(begin);
      data_ = nullptr;
      bytes_ = 0;
      throw;
    }
#endif
  }

#ifdef KOKKOSTILE_IMPL_HOST_PINNING
  void pin(const std::string& call) {
    const Impl::HostPinningKind kind = Impl::host_pinning_kind(data_);
    KOKKOSTILE_EXPECT(kind != Impl::HostPinningKind::device, InvalidArgument, call,
                      data_ << " is device or managed memory, not host memory to pin");
    if (kind == Impl::HostPinningKind::page_locked)
      return;  // page-locked already: use it as it is, and leave it so at the end
    const Impl::HostPinningStatus status = Impl::host_pin(data_, bytes_);
    KOKKOSTILE_EXPECT(!status.already_registered, InvalidArgument, call,
                      "part of the " << bytes_ << " bytes at " << data_
                                     << " is page-locked already by someone else; register the "
                                        "whole allocation once instead");
    KOKKOSTILE_EXPECT(status.ok, ResourceError, call,
                      Impl::host_pinning_runtime() << " of " << bytes_ << " bytes at " << data_
                                                   << " failed: " << status.words);
    pinned_here_ = true;
  }
#endif

  void take(ScopedHostRegistration& other) noexcept {
    data_ = std::exchange(other.data_, nullptr);
    bytes_ = std::exchange(other.bytes_, 0);
    pinned_here_ = std::exchange(other.pinned_here_, false);
    fence_ = std::move(other.fence_);
  }

  void* data_ = nullptr;
  std::size_t bytes_ = 0;
  bool pinned_here_ = false;
  std::function<void()> fence_;
};

}  // namespace KokkosTile
