// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The allocations a call makes for itself (packed GEMM panels, per-call workspaces, host private
// histogram copies, stencil row buffers). Each is made before the call writes its output, so a
// failed one leaves the output as it was; this file turns the failure into a ResourceError that
// names the call, the allocation and its bytes (Kokkos throws std::runtime_error), and gives tests
// a hook that makes the n-th allocation from now fail, to check that nothing is lost.

#include "KokkosTile_Assert.hpp"

#include <atomic>
#include <cstddef>
#include <exception>
#include <string>

namespace KokkosTile {
namespace Impl {

/// Test hook: when set to n > 0, the n-th internal allocation from now fails (and the count is
/// used up); 0, the default, fails nothing.
inline std::atomic<int>& internal_allocation_failure_countdown() {
  static std::atomic<int> countdown{0};
  return countdown;
}

/// make() (one internal allocation of `bytes`), or a ResourceError naming `call` and `what` when it
/// fails or when the test hook says that it must.
template <class Make>
auto allocate_internal(const std::string& call, const std::string& what, std::size_t bytes,
                       const Make& make) {
  std::atomic<int>& countdown = internal_allocation_failure_countdown();
  int left = countdown.load();
  while (left > 0 && !countdown.compare_exchange_weak(left, left - 1)) {
  }
  KOKKOSTILE_EXPECT(
      left != 1, ResourceError, call,
      "allocating " << what << " (" << bytes << " bytes) failed: the test hook failed it");
  try {
    return make();
  } catch (const ResourceError&) {
    throw;
  } catch (const std::exception& error) {
    throw_with_location<ResourceError>(
        call,
        "allocating " + what + " (" + std::to_string(bytes) + " bytes) failed: " + error.what(),
        __FILE__, __LINE__);
  }
}

}  // namespace Impl
}  // namespace KokkosTile
