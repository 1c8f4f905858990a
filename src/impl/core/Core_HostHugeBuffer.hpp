// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// A call's large temporary host buffer, on transparent huge pages where Linux offers them. A
// fresh buffer of ordinary pages costs a page fault (and the kernel's zeroing) per 4 KiB at first
// touch: 64 MiB took about 40 ms on a 2-core VM, as long as the histogram that used it. With
// MADV_HUGEPAGE (honoured under THP "always" and "madvise") the same buffer takes 32 faults of
// 2 MiB. Elsewhere it is plain operator new.

#include <cstddef>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace KokkosTile {
namespace Impl {

class HostHugeBuffer {
 public:
  /// `bytes` of uninitialised host memory; throws std::bad_alloc when there is none.
  explicit HostHugeBuffer(std::size_t bytes) : bytes_(bytes) {
    if (bytes == 0)
      return;
#if defined(__linux__)
    void* memory = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED)
      throw std::bad_alloc();
#if defined(MADV_HUGEPAGE)
    (void)madvise(memory, bytes, MADV_HUGEPAGE);  // advice only: ordinary pages still work
#endif
    data_ = memory;
#else
    data_ = ::operator new (bytes, std::align_val_t{64});
#endif
  }
  HostHugeBuffer(const HostHugeBuffer&) = delete;
  HostHugeBuffer& operator=(const HostHugeBuffer&) = delete;
  ~HostHugeBuffer() {
    if (data_ == nullptr)
      return;
#if defined(__linux__)
    (void)munmap(data_, bytes_);
#else
    ::operator delete (data_, std::align_val_t{64});
#endif
  }
  void* data() const {
    return data_;
  }

 private:
  void* data_ = nullptr;
  std::size_t bytes_;
};

}  // namespace Impl
}  // namespace KokkosTile
