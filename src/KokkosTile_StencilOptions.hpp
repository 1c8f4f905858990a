// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// What a stencil call may choose (StencilOptions); see KokkosTile_Stencil.hpp for the call.

namespace KokkosTile {

enum class StencilVariant { tiled, naive };

struct StencilOptions {
  StencilVariant variant = StencilVariant::tiled;
  /// Output tile per team (the halo comes on top). 0 and 0 pick the strip kernel where it applies
  /// and 64 x 64 tiles elsewhere; any other shape asks for one tile of that shape per team.
  int tile_rows = 0;
  int tile_cols = 0;
};

}  // namespace KokkosTile
