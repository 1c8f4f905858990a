// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Streams host data through the device in chunks, overlapping the copies of some chunks with the
// kernels of others: for each chunk, copy in, run the user's functor on device Views, copy out,
// each chunk on one of several execution-space instances (streams on CUDA) round-robin.
//
//   auto instances = KokkosTile::streaming_instances(Kokkos::DefaultExecutionSpace{}, 4);
//   KokkosTile::StreamPipeline<Kokkos::DefaultExecutionSpace> pipeline(instances);
//   pipeline.run("scale", host_in, host_out, chunk_rows,
//                [](const auto& space, const auto& in, const auto& out, std::size_t first_row) {
//                  Kokkos::parallel_for("scale", Kokkos::RangePolicy(space, 0, in.extent(0)),
//                                       KOKKOS_LAMBDA(int i) { out(i) = 2 * in(i); });
//                });
//
// - Host Views: rank 1, or rank 2 LayoutRight (rows are split), contiguous, in host-accessible
//   memory; `in` and `out` have the same extent(0) and may be the same View (in place) but must not
//   otherwise overlap. Data larger than device memory is fine: only the chunks in flight live on
//   the device.
// - The functor is called on the host once per chunk with (instance, in_chunk, out_chunk,
//   first_row): in_chunk (const) and out_chunk are packed LayoutRight Views in the instance's
//   memory space holding rows [first_row, first_row + in_chunk.extent(0)). It must enqueue its work
//   on `instance` and must not fence the other instances; out_chunk starts uninitialised.
// - At most one chunk per instance is in flight: a chunk's copies and kernels are ordered on its
//   instance, so a buffer is reused only after the previous chunk on it has left. The device holds
//   (instances x chunk rows) of input and of output.
// - Copies are asynchronous only from page-locked memory. Host Views in PinnedHostSpace, or
//   registered with ScopedHostRegistration, are used as they are; other host memory is page-locked
//   for the duration of the call (cudaHostRegister, which costs time per call: pin once instead
//   when streaming repeatedly), unless StreamOptions::pin_pageable_host_memory is false.
// - run() returns when every chunk is back in `out` (it fences the instances), also when the
//   functor throws, which is then rethrown.
// - Host backends: the same API; there is no copy to hide, so each chunk's functor works on the
//   host Views' own memory (zero copy) in place of device buffers.
//
// The whole call is a Kokkos Tools region named after the label.

#include <Kokkos_Core.hpp>
#include <Kokkos_Profiling_ScopedRegion.hpp>

#include "KokkosTile_Assert.hpp"
#include "KokkosTile_HostRegistration.hpp"
#include "impl/core/Core_BackendTraits.hpp"
#include "impl/memory/Memory_StreamChunks.hpp"
#include "impl/memory/Memory_StreamPlan.hpp"
#include "impl/core/Core_ViewChecks.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <typeindex>
#include <typeinfo>
#include <vector>

namespace KokkosTile {

/// `count` instances of `space`'s type for a StreamPipeline: independent instances (streams) from
/// Kokkos::Experimental::partition_space on a device, `count` copies of `space` on a host backend,
/// where there is no copy to overlap.
template <class ExecSpace>
std::vector<ExecSpace> streaming_instances(const ExecSpace& space, int count) {
  KOKKOSTILE_EXPECT(count >= 1, InvalidArgument, "KokkosTile::streaming_instances",
                    "asked for " << count << " instances; at least 1 is needed");
  if constexpr (Kokkos::SpaceAccessibility<Kokkos::HostSpace,
                                           typename ExecSpace::memory_space>::accessible) {
    return std::vector<ExecSpace>(static_cast<std::size_t>(count), space);
  } else {
    return Kokkos::Experimental::partition_space(space, std::vector<int>(count, 1));
  }
}

/// Options of StreamPipeline::run.
struct StreamOptions {
  /// Page-lock pageable host Views for the call (on CUDA), so that the copies overlap.
  bool pin_pageable_host_memory = true;
  /// With chunk_rows = 0 on a device: plan the chunk size from measured stage times (see run())
  /// instead of taking about 16 MiB. Opt-in: on an H200 the plan picks 28-32 MiB chunks and gains
  /// nothing over 16 MiB (on 1 GiB every chunk from 16 to 64 MiB lands within 0.3 ms), and its two
  /// calibration chunks cost about 12% of a call when a pipeline is made per call
  /// (perf_tests/results/2026-11-27_H200_streaming_plan/).
  bool plan_chunks_from_measured_stages = false;
};

template <class ExecSpace>
class StreamPipeline {
 public:
  using memory_space = typename ExecSpace::memory_space;
  /// True when chunks are copied into device buffers; false on host backends (zero copy). "Host
  /// backend" as everywhere in KokkosTile (Impl::is_host_backend): the space's own memory is
  /// HostSpace, so a GPU space whose kernels can read host memory (CUDA with UVM, HIP on an APU)
  /// still copies chunks to its device.
  static constexpr bool copies_chunks = !Impl::is_host_backend<ExecSpace>();

  /// The pipeline keeps its instances and its device buffers (grown as needed) between runs.
  explicit StreamPipeline(std::vector<ExecSpace> instances) : instances_(std::move(instances)) {
    KOKKOSTILE_EXPECT(!instances_.empty(), InvalidArgument, "KokkosTile::StreamPipeline",
                      "needs at least one execution-space instance");
    input_buffers_.resize(instances_.size());
    output_buffers_.resize(instances_.size());
  }

  const std::vector<ExecSpace>& instances() const { return instances_; }

  /// Streams `in` through `functor` into `out`, `chunk_rows` rows of dimension 0 per chunk. 0: the
  /// pipeline chooses, about 16 MiB of input per chunk; with
  /// StreamOptions::plan_chunks_from_measured_stages on a device, it plans from stage times
  /// (Memory_StreamPlan.hpp) measured on the first two chunks (2 and 8 MiB, run without overlap)
  /// of its first run with this functor and these row sizes that is large enough: at least 40 MiB
  /// on the wider side, rows of at most 2 MiB. Later runs reuse them.
  template <class InView, class OutView, class Functor>
  void run(const std::string& label, const InView& in, const OutView& out, std::size_t chunk_rows,
           const Functor& functor, const StreamOptions& options = StreamOptions{}) {
    const std::string call = "KokkosTile::StreamPipeline::run(\"" + label + "\")";
    // A region per call, so that Kokkos Tools see the call around its copies and kernels.
    const Kokkos::Profiling::ScopedRegion region(call);
    Impl::check_streamable_view<InView>();
    Impl::check_streamable_view<OutView>();
    KOKKOSTILE_EXPECT(in.extent(0) == out.extent(0), InvalidArgument, call,
                      "in has " << in.extent(0) << " rows but out has " << out.extent(0));
    Impl::check_contiguous(call, "in", in);
    Impl::check_contiguous(call, "out", out);
    const bool in_place =
        static_cast<const void*>(in.data()) == static_cast<const void*>(out.data()) &&
        in.span() * sizeof(typename InView::value_type) ==
            out.span() * sizeof(typename OutView::value_type);
    KOKKOSTILE_EXPECT(
        in_place || !Impl::views_overlap(in, out), InvalidArgument, call,
        "in and out overlap (share elements) without being the same View: a chunk copied out would "
        "overwrite rows another instance has not read yet");
    const std::size_t rows = in.extent(0);
    if (rows == 0)
      return;
    const std::size_t in_row_bytes = Impl::row_elements(in) * sizeof(typename InView::value_type);
    const std::size_t out_row_bytes =
        Impl::row_elements(out) * sizeof(typename OutView::value_type);
    const std::size_t row_bytes = std::max<std::size_t>(1, in_row_bytes);
    const bool choose_chunks = chunk_rows == 0;
    const bool plan_chunks = choose_chunks && options.plan_chunks_from_measured_stages;
    if (choose_chunks)
      chunk_rows = std::max<std::size_t>(1, (std::size_t{16} << 20) / row_bytes);
    chunk_rows = std::min(chunk_rows, rows);

    Kokkos::Profiling::pushRegion(label);
    struct PopRegion {
      ~PopRegion() { Kokkos::Profiling::popRegion(); }
    } pop_region;

    // Declared before the guard, so that they are released only after every instance is fenced.
    std::optional<ScopedHostRegistration> pin_in, pin_out;
    if constexpr (copies_chunks) {
      if (options.pin_pageable_host_memory) {
        if (!is_page_locked(in.data()))
          pin_in.emplace(in);
        if (!in_place && !is_page_locked(out.data()))
          pin_out.emplace(out);
      }
    }
    Impl::FenceInstancesOnExit<ExecSpace> fence_on_exit{instances_};

    using in_chunk_type = Impl::stream_chunk_view_t<typename InView::const_data_type, ExecSpace>;
    using out_chunk_type =
        Impl::stream_chunk_view_t<typename OutView::non_const_data_type, ExecSpace>;
    using in_host_chunk_type =
        Kokkos::View<typename InView::const_data_type, Kokkos::LayoutRight, Kokkos::HostSpace,
                     Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
    using out_host_chunk_type =
        Kokkos::View<typename OutView::non_const_data_type, Kokkos::LayoutRight, Kokkos::HostSpace,
                     Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

    // Enqueues rows [first, first + count) on instance `slot`. With `timed`, each stage is fenced
    // and its seconds written there (the calibration of chosen chunks).
    auto enqueue_chunk = [&](std::size_t slot, std::size_t first, std::size_t count,
                             Impl::StreamStageSeconds* timed) {
      const ExecSpace& instance = instances_[slot];
      const auto* in_rows = in.data() + first * Impl::row_elements(in);
      auto* out_rows = out.data() + first * Impl::row_elements(out);
      if constexpr (copies_chunks) {
        using in_value = typename InView::non_const_value_type;
        using out_value = typename OutView::non_const_value_type;
        auto device_in = Impl::make_chunk<
            Impl::stream_chunk_view_t<typename InView::non_const_data_type, ExecSpace>>(
            reinterpret_cast<in_value*>(input_buffers_[slot].data()), count, in);
        auto device_out = Impl::make_chunk<out_chunk_type>(
            reinterpret_cast<out_value*>(output_buffers_[slot].data()), count, out);
        Impl::StageTimer<ExecSpace> timer{instance, timed};
        Kokkos::deep_copy(instance, device_in,
                          Impl::make_chunk<in_host_chunk_type>(in_rows, count, in));
        timer.lap(0);
        functor(instance, in_chunk_type(device_in), device_out, first);
        timer.lap(1);
        Kokkos::deep_copy(instance, Impl::make_chunk<out_host_chunk_type>(out_rows, count, out),
                          device_out);
        timer.lap(2);
      } else {
        (void)timed;
        functor(instance, Impl::make_chunk<in_chunk_type>(in_rows, count, in),
                Impl::make_chunk<out_chunk_type>(out_rows, count, out), first);
      }
    };

    std::size_t first = 0, slot = 0;
    if constexpr (copies_chunks) {
      if (plan_chunks) {
        // Planned chunks: from the stage times of this functor and row size, measured on the first
        // two chunks of the first run large enough (2 and 8 MiB, each stage fenced; later runs
        // reuse them), then planned for the rest (Memory_StreamPlan.hpp). Smaller inputs keep
        // the 16 MiB chunks: a few chunks at most.
        const StreamModelKey key{std::type_index(typeid(Functor)), in_row_bytes, out_row_bytes};
        auto model = models_.find(key);
        // Sizes from the larger of a row in and a row out, so that no buffer passes 8 MiB while
        // calibrating (rows of more than 2 MiB are not calibrated) nor 256 MiB when planned.
        const std::size_t widest = std::max(row_bytes, out_row_bytes);
        const std::size_t small = (std::size_t{2} << 20) / widest;
        const std::size_t large = 4 * small;
        if (model == models_.end() && small >= 1 && rows >= 4 * (small + large)) {
          grow(input_buffers_, large * in_row_bytes);
          grow(output_buffers_, large * out_row_bytes);
          Impl::StreamStageSeconds small_seconds, large_seconds;
          enqueue_chunk(0, 0, small, &small_seconds);
          enqueue_chunk(instances_.size() > 1 ? 1 : 0, small, large, &large_seconds);
          model =
              models_
                  .emplace(key, Impl::fit_stream_model(small, small_seconds, large, large_seconds))
                  .first;
          first = small + large;
          slot = 2 % instances_.size();
        }
        if (model != models_.end())
          chunk_rows = Impl::plan_stream_chunk_rows(model->second, rows - first,
                                                    static_cast<int>(instances_.size()),
                                                    (std::size_t{256} << 20) / widest);
      }
      // Every instance is idle here (calibration fences each stage): buffers may be replaced.
      grow(input_buffers_, chunk_rows * in_row_bytes);
      grow(output_buffers_, chunk_rows * out_row_bytes);
    }
    last_chunk_rows_ = chunk_rows;
    for (; first < rows; first += chunk_rows) {
      enqueue_chunk(slot, first, std::min(chunk_rows, rows - first), nullptr);
      slot = (slot + 1) % instances_.size();
    }
  }

  /// Rows per chunk of the last run (after calibration, for chosen chunks): what chunk_rows = 0
  /// picked.
  std::size_t last_chunk_rows() const { return last_chunk_rows_; }

 private:
  using buffer_type = Kokkos::View<unsigned char*, memory_space>;

  /// Each instance's buffer holds at least `bytes`; a larger one from an earlier run is kept.
  void grow(std::vector<buffer_type>& buffers, std::size_t bytes) {
    for (std::size_t i = 0; i < buffers.size(); ++i) {
      if (buffers[i].extent(0) >= bytes)
        continue;
      buffers[i] = buffer_type();  // release first: the device may not hold both
      buffers[i] = buffer_type(Kokkos::view_alloc(Kokkos::WithoutInitializing,
                                                  "KokkosTile::StreamPipeline::chunk_buffer"),
                               bytes);
    }
  }

  /// Stage times depend on the functor and on the bytes of a row in and out.
  using StreamModelKey = std::tuple<std::type_index, std::size_t, std::size_t>;

  std::vector<ExecSpace> instances_;
  std::vector<buffer_type> input_buffers_;
  std::vector<buffer_type> output_buffers_;
  std::map<StreamModelKey, Impl::StreamStageModel> models_;
  std::size_t last_chunk_rows_ = 0;
};

/// One-shot form: a pipeline over `instances` for a single run.
template <class ExecSpace, class InView, class OutView, class Functor>
void stream_chunks(const std::string& label, const std::vector<ExecSpace>& instances,
                   const InView& in, const OutView& out, std::size_t chunk_rows,
                   const Functor& functor) {
  StreamPipeline<ExecSpace>(instances).run(label, in, out, chunk_rows, functor);
}

}  // namespace KokkosTile
