// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// What a transpose call may choose (TransposeOptions); see KokkosTile_Transpose.hpp for the call.

namespace KokkosTile {

enum class TransposeVariant { automatic, naive, tiled, tiled_padded };

struct TransposeOptions {
  TransposeVariant variant = TransposeVariant::automatic;
  /// Edge of the square scratch tile in elements; 0 picks 64 on devices, 32 on host backends.
  int tile = 0;
};

inline const char* to_string(TransposeVariant variant) {
  switch (variant) {
    case TransposeVariant::automatic:
      return "automatic";
    case TransposeVariant::naive:
      return "naive";
    case TransposeVariant::tiled:
      return "tiled";
    case TransposeVariant::tiled_padded:
      return "tiled_padded";
  }
  return "unknown";
}

}  // namespace KokkosTile
