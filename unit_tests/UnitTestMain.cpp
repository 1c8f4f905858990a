// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One GoogleTest executable per Kokkos backend: the same test sources are compiled into each, with
// KOKKOSTILE_TEST_EXECSPACE naming the backend's execution space. A crash (SIGSEGV, SIGBUS,
// SIGFPE, SIGILL, SIGABRT) prints the running test and a backtrace to stderr before the process
// dies as it would have, so that a crash on a machine without a debugger still says where it was;
// on x86-64 it also prints the faulting instruction and the code addresses on top of the stack.
#include <Kokkos_Core.hpp>
#include <gtest/gtest.h>

#include <csignal>
#include <cstring>

#if defined(__GLIBC__)
#include <dlfcn.h>
#include <execinfo.h>
#include <ucontext.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#endif

namespace {

void write_stderr(const char* text) {
#if defined(__GLIBC__)
  [[maybe_unused]] const auto written = ::write(STDERR_FILENO, text, std::strlen(text));
#else
  (void)text;
#endif
}

#if defined(__GLIBC__) && defined(__x86_64__)
/// "module(+0xoffset)" for a code address, the form addr2line takes with the module's path.
void write_code_address(const char* what, std::uintptr_t address) {
  char line[512];
  Dl_info info{};
  if (address != 0 && ::dladdr(reinterpret_cast<void*>(address), &info) != 0 && info.dli_fname)
    std::snprintf(
        line, sizeof line, "  %s 0x%lx = %s(+0x%lx)\n", what, static_cast<unsigned long>(address),
        info.dli_fname,
        static_cast<unsigned long>(address - reinterpret_cast<std::uintptr_t>(info.dli_fbase)));
  else
    std::snprintf(line, sizeof line, "  %s 0x%lx\n", what, static_cast<unsigned long>(address));
  write_stderr(line);
}

/// The faulting instruction and the words on top of the stack. backtrace() cannot unwind from a
/// jump through a null or stale function pointer (the faulting frame has no unwind data), but the
/// call that made the jump left its return address on the stack, and the caller's callers are
/// further up: code addresses among these words name them.
void report_machine_state(const siginfo_t* info, const void* context) {
  const auto* uc = static_cast<const ucontext_t*>(context);
  const auto rip = static_cast<std::uintptr_t>(uc->uc_mcontext.gregs[REG_RIP]);
  const auto rsp = static_cast<std::uintptr_t>(uc->uc_mcontext.gregs[REG_RSP]);
  write_code_address("faulting instruction", rip);
  char line[128];
  std::snprintf(line, sizeof line, "  fault address 0x%lx, stack pointer 0x%lx\n",
                reinterpret_cast<unsigned long>(info->si_addr), static_cast<unsigned long>(rsp));
  write_stderr(line);
  const auto* words = reinterpret_cast<const std::uintptr_t*>(rsp);
  for (int k = 0; k < 64; ++k) {
    Dl_info code{};
    if (words[k] > 4096 && ::dladdr(reinterpret_cast<void*>(words[k]), &code) != 0) {
      std::snprintf(line, sizeof line, "stack word %d", k);
      write_code_address(line, words[k]);
    }
  }
}
#endif

extern "C" void report_crash(int signal_number, siginfo_t* info, void* context) {
  write_stderr("\n*** KokkosTile unit tests: fatal signal ");
  write_stderr(signal_number == SIGSEGV  ? "SIGSEGV"
               : signal_number == SIGBUS ? "SIGBUS"
               : signal_number == SIGFPE ? "SIGFPE"
               : signal_number == SIGILL ? "SIGILL"
                                         : "SIGABRT");
  if (const auto* test = ::testing::UnitTest::GetInstance()->current_test_info()) {
    write_stderr(" in ");
    write_stderr(test->test_suite_name());
    write_stderr(".");
    write_stderr(test->name());
  }
  write_stderr(":\n");
#if defined(__GLIBC__) && defined(__x86_64__)
  if (info != nullptr && context != nullptr)
    report_machine_state(info, context);
#else
  (void)info;
  (void)context;
#endif
  write_stderr("backtrace:\n");
#if defined(__GLIBC__)
  void* frames[64];
  ::backtrace_symbols_fd(frames, ::backtrace(frames, 64), STDERR_FILENO);
#endif
  std::signal(signal_number, SIG_DFL);  // die of the same signal, with the usual exit status
  std::raise(signal_number);
}

}  // namespace

int main(int argc, char* argv[]) {
  struct sigaction action {};
  action.sa_sigaction = report_crash;
  action.sa_flags = SA_SIGINFO;
  sigemptyset(&action.sa_mask);
  for (const int signal_number : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
    sigaction(signal_number, &action, nullptr);
  Kokkos::ScopeGuard kokkos(argc, argv);
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
