// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// KokkosTile: shared-memory tiled algorithms for Kokkos applications. Include this header and link
// KokkosTile::kokkostile.

#include "KokkosTile_Version.hpp"
#include "KokkosTile_Assert.hpp"
#include "KokkosTile_ScratchTile.hpp"
#include "KokkosTile_ScratchBudget.hpp"
#include "KokkosTile_ViewLines.hpp"
#include "KokkosTile_TeamCopy.hpp"
#include "KokkosTile_Reverse.hpp"
#include "KokkosTile_TeamLoops.hpp"
#include "KokkosTile_Transpose.hpp"
#include "KokkosTile_Stencil2D.hpp"
#include "KokkosTile_Stencil.hpp"
#include "KokkosTile_PinnedHostSpace.hpp"
#include "KokkosTile_HostRegistration.hpp"
#include "KokkosTile_WriteCombinedHost.hpp"
#include "KokkosTile_Streaming.hpp"
#include "KokkosTile_Gemm.hpp"
#include "KokkosTile_GemmBatched.hpp"
#include "KokkosTile_TeamGemm.hpp"
#include "KokkosTile_TeamTranspose.hpp"
#include "KokkosTile_TeamHistogram.hpp"
#include "KokkosTile_TeamHalo.hpp"
#include "KokkosTile_Cluster.hpp"
#include "KokkosTile_ClusterPrimitives.hpp"
#include "KokkosTile_Histogram.hpp"
