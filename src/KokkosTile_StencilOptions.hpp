// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// What an apply_stencil call may choose (StencilOptions); see KokkosTile_Stencil.hpp for the call.

namespace KokkosTile {

enum class StencilVariant {
  automatic,  ///< the default: `tiled`
  tiled,      ///< tiles and their halos staged in scratch (and the faster kernels it allows)
  naive       ///< one thread per output, taps read from global memory through the caches
};

struct StencilOptions {
  StencilVariant variant = StencilVariant::automatic;
  /// Output tile per team (the halo comes on top). 0 and 0 pick the strip kernel where it applies
  /// and 64 x 64 tiles elsewhere; any other shape asks for one tile of that shape per team.
  int tile_rows = 0;
  int tile_cols = 0;
};

inline const char* to_string(StencilVariant variant) {
  switch (variant) {
    case StencilVariant::automatic:
      return "automatic";
    case StencilVariant::tiled:
      return "tiled";
    case StencilVariant::naive:
      return "naive";
  }
  return "unknown";
}

}  // namespace KokkosTile
