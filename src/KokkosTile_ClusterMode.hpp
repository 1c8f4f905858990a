// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// ClusterMode, on its own so that options headers (KokkosTile_HistogramOptions.hpp) need not
// include the cluster launch (KokkosTile_Cluster.hpp).

namespace KokkosTile {

/// How a cluster launch runs. `automatic`: native clusters where the device has them (CUDA sm_90
/// and newer), the emulation everywhere else. `native`: native clusters or a ResourceError.
/// `emulated`: the emulation even where native clusters exist (to test it on a Hopper GPU).
enum class ClusterMode { automatic, native, emulated };

}  // namespace KokkosTile
