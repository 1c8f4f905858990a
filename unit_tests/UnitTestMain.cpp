// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One GoogleTest executable per Kokkos backend: the same test sources are compiled into each, with
// KOKKOSTILE_TEST_EXECSPACE naming the backend's execution space. A crash (SIGSEGV, SIGBUS,
// SIGFPE, SIGILL, SIGABRT) prints the running test and a backtrace to stderr before the process
// dies as it would have, so that a crash on a machine without a debugger still says where it was.
#include <Kokkos_Core.hpp>
#include <gtest/gtest.h>

#include <csignal>
#include <cstring>

#if defined(__GLIBC__)
#include <execinfo.h>
#include <unistd.h>
#endif

namespace {

void write_stderr(const char* text) {
#if defined(__GLIBC__)
  [[maybe_unused]] const auto written = ::write(STDERR_FILENO, text, std::strlen(text));
#else
  (void)text;
#endif
}

extern "C" void report_crash(int signal_number) {
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
  write_stderr("; backtrace:\n");
#if defined(__GLIBC__)
  void* frames[64];
  ::backtrace_symbols_fd(frames, ::backtrace(frames, 64), STDERR_FILENO);
#endif
  std::signal(signal_number, SIG_DFL);  // die of the same signal, with the usual exit status
  std::raise(signal_number);
}

}  // namespace

int main(int argc, char* argv[]) {
  for (const int signal_number : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
    std::signal(signal_number, report_crash);
  Kokkos::ScopeGuard kokkos(argc, argv);
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
