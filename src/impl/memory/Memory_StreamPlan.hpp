// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The chunk size StreamPipeline::run plans when it is asked to (chunk_rows = 0 with
// StreamOptions::plan_chunks_from_measured_stages, on a device), from the measured cost of its
// three stages (copy in, the functor, copy out).
//
// Each stage of a chunk of c rows is modelled as overhead + c * per_row (launch and copy latency,
// then bandwidth), fitted from two chunks of different sizes timed stage by stage. With N chunks
// on k instances, chunk j starts once chunk j - 1 has cleared the slowest stage and chunk j - k,
// the last one on its instance, has left (an instance holds one chunk at a time):
//   T(N) = sum_s t_s(c) + max((N - 1) * max_s t_s(c), floor((N - 1) / k) * sum_s t_s(c)),
//   c = ceil(rows / N).
// Small chunks pay the overheads N times; large ones leave the pipeline's fill and drain exposed.
// The plan takes the N that minimises T. On an H100 the fixed 16 MiB chunks were within half a
// point of every other fixed shape from 16 MiB up; the model's value is that it follows the
// measured rates on other links, kernels and row sizes.

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace KokkosTile {
namespace Impl {

/// Seconds of the three stages of one chunk.
struct StreamStageSeconds {
  double stage[3] = {0, 0, 0};  // copy in, functor, copy out
};

/// Per-stage overhead (seconds) and cost per row (seconds), from two timed chunks.
struct StreamStageModel {
  double overhead[3] = {0, 0, 0};
  double per_row[3] = {0, 0, 0};

  double seconds(int stage, std::size_t rows) const {
    return overhead[stage] + per_row[stage] * static_cast<double>(rows);
  }
};

/// The model through (small_rows, small) and (large_rows, large), large_rows > small_rows; negative
/// slopes and intercepts (timer noise) are clamped to zero.
inline StreamStageModel fit_stream_model(std::size_t small_rows, const StreamStageSeconds& small,
                                         std::size_t large_rows, const StreamStageSeconds& large) {
  StreamStageModel model;
  const double span = static_cast<double>(large_rows) - static_cast<double>(small_rows);
  for (int s = 0; s < 3; ++s) {
    const double slope = span > 0 ? (large.stage[s] - small.stage[s]) / span : 0.0;
    model.per_row[s] = std::max(0.0, slope);
    model.overhead[s] =
        std::max(0.0, small.stage[s] - model.per_row[s] * static_cast<double>(small_rows));
  }
  return model;
}

/// The modelled time of `rows` rows in `chunks` chunks on `instances` instances.
inline double stream_pipeline_seconds(const StreamStageModel& model, std::size_t rows,
                                      std::size_t chunks, int instances) {
  const std::size_t chunk = (rows + chunks - 1) / chunks;
  double sum = 0, slowest = 0;
  for (int s = 0; s < 3; ++s) {
    const double t = model.seconds(s, chunk);
    sum += t;
    slowest = std::max(slowest, t);
  }
  const std::size_t rounds = (chunks - 1) / static_cast<std::size_t>(std::max(1, instances));
  return sum +
         std::max(static_cast<double>(chunks - 1) * slowest, static_cast<double>(rounds) * sum);
}

/// Rows per chunk for `rows` rows on `instances` instances: the chunk count that minimises the
/// modelled time, among chunks of at most max_chunk_rows rows (a bound on the device buffers) and
/// at most 4096 chunks.
inline std::size_t plan_stream_chunk_rows(const StreamStageModel& model, std::size_t rows,
                                          int instances, std::size_t max_chunk_rows) {
  if (rows == 0)
    return 1;
  max_chunk_rows = std::max<std::size_t>(1, max_chunk_rows);
  const std::size_t fewest = (rows + max_chunk_rows - 1) / max_chunk_rows;
  const std::size_t most = std::max(fewest, std::min<std::size_t>(rows, 4096));
  std::size_t best = fewest;
  double best_seconds = stream_pipeline_seconds(model, rows, fewest, instances);
  for (std::size_t chunks = fewest + 1; chunks <= most; ++chunks) {
    const double t = stream_pipeline_seconds(model, rows, chunks, instances);
    if (t < best_seconds) {
      best_seconds = t;
      best = chunks;
    }
  }
  return (rows + best - 1) / best;
}

}  // namespace Impl
}  // namespace KokkosTile
