// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Preconditions of KokkosTile's host entry points. A failed check throws before any kernel is
// launched, with a message that names the call, the offending sizes and the limit, followed by the
// source location of the check:
//
//   KokkosTile::reverse_copy: src has 10 elements but dst has 9 [KokkosTile_Reverse.hpp:120]

#include <sstream>
#include <stdexcept>
#include <string>

namespace KokkosTile {

/// An argument the call cannot accept (extents that do not match, a zero tile, ...).
class InvalidArgument : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// A valid request that this execution space cannot serve (scratch tiles that fit no level, ...).
class ResourceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

namespace Impl {

inline const char* file_basename(const char* path) {
  const char* base = path;
  for (const char* p = path; *p != '\0'; ++p) {
    if (*p == '/' || *p == '\\')
      base = p + 1;
  }
  return base;
}

template <class Error>
[[noreturn]] void throw_with_location(const std::string& call, const std::string& what,
                                      const char* file, int line) {
  std::ostringstream message;
  message << call << ": " << what << " [" << file_basename(file) << ":" << line << "]";
  throw Error(message.str());
}

}  // namespace Impl
}  // namespace KokkosTile

/// KOKKOSTILE_EXPECT(condition, ErrorType, call, message << stream << expression): throws ErrorType
/// with "call: message [file:line]" when condition is false.
#define KOKKOSTILE_EXPECT(condition, ErrorType, call, streamed_message)                           \
  do {                                                                                            \
    if (!(condition)) {                                                                           \
      std::ostringstream kokkostile_expect_stream_;                                               \
      kokkostile_expect_stream_ << streamed_message;                                              \
      ::KokkosTile::Impl::throw_with_location<ErrorType>((call), kokkostile_expect_stream_.str(), \
                                                         __FILE__, __LINE__);                     \
    }                                                                                             \
  } while (false)
