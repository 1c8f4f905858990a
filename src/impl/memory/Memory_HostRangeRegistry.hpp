// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The process-wide list of host byte ranges that KokkosTile currently holds registered (page
// locked). It lets ScopedHostRegistration refuse a second registration that overlaps a live one
// (cudaHostRegister would fail on it, and unregistering either would unpin memory the other still
// counts on), and lets tests check that no registration outlives its scope, on every backend.

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <map>
#include <mutex>

namespace KokkosTile {
namespace Impl {

class HostRangeRegistry {
 public:
  static HostRangeRegistry& instance() {
    static HostRangeRegistry registry;  // header-only: one per process by inline-function static
    return registry;
  }

  /// Adds [begin, begin + bytes) unless it overlaps a range already held. On overlap returns false
  /// and sets the held range's bounds.
  bool try_add(std::uintptr_t begin, std::size_t bytes, std::uintptr_t& held_begin,
               std::size_t& held_bytes) {
    const std::lock_guard<std::mutex> lock(mutex_);
    const std::uintptr_t end = begin + bytes;
    auto next = ranges_.lower_bound(begin);
    if (next != ranges_.end() && next->first < end) {
      held_begin = next->first;
      held_bytes = next->second;
      return false;
    }
    if (next != ranges_.begin()) {
      const auto previous = std::prev(next);
      if (previous->first + previous->second > begin) {
        held_begin = previous->first;
        held_bytes = previous->second;
        return false;
      }
    }
    ranges_.emplace(begin, bytes);
    return true;
  }

  void remove(std::uintptr_t begin) {
    const std::lock_guard<std::mutex> lock(mutex_);
    ranges_.erase(begin);
  }

  /// Whether `address` lies in a range KokkosTile holds.
  bool contains(std::uintptr_t address) const {
    const std::lock_guard<std::mutex> lock(mutex_);
    auto next = ranges_.upper_bound(address);
    if (next == ranges_.begin())
      return false;
    const auto range = std::prev(next);
    return address < range->first + range->second;
  }

  std::size_t size() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return ranges_.size();
  }

 private:
  HostRangeRegistry() = default;
  mutable std::mutex mutex_;
  std::map<std::uintptr_t, std::size_t> ranges_;  // begin -> bytes, never overlapping
};

}  // namespace Impl
}  // namespace KokkosTile
