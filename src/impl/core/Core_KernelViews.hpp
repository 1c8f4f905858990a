// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The View types the algorithms' kernels see. An entry point converts the caller's Views to these
// before it dispatches, so that each kernel is compiled once per value type and memory space (and,
// in rank 1, contiguous or strided), not once per combination of the caller's View types, and so
// that the compiled library (Core_Eti.hpp) covers every layout and subview of its value types.
// The kernels find the layout at run time (strides, contiguity, alignment) and index contiguous
// data through pointers, so the conversion changes what is compiled, not what runs. Unmanaged: a
// kernel never keeps an allocation alive (Kokkos drops reference counting in kernels), the
// caller's Views do; memory traits (Atomic, RandomAccess) are the caller's business, not the
// kernels'.

#include <Kokkos_Core.hpp>

#include <type_traits>

namespace KokkosTile {
namespace Impl {

/// Rank 2: every layout (Left, Right, Stride, subviews) as LayoutStride.
template <class X, class MemorySpace>
using KernelView2D =
    Kokkos::View<X**, Kokkos::LayoutStride, MemorySpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

/// Rank 1: LayoutLeft and LayoutRight, always unit stride in rank 1, as LayoutRight; the rest as
/// LayoutStride.
template <class ViewType>
using kernel_layout_1d_t =
    std::conditional_t<std::is_same_v<typename ViewType::array_layout, Kokkos::LayoutLeft> ||
                           std::is_same_v<typename ViewType::array_layout, Kokkos::LayoutRight>,
                       Kokkos::LayoutRight, Kokkos::LayoutStride>;
template <class X, class Layout, class MemorySpace>
using KernelView1D = Kokkos::View<X*, Layout, MemorySpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

/// v as a kernel View that reads (const elements) or writes. Built from v's pointer, extents and
/// strides rather than assigned, so that Views with memory traits that Kokkos does not assign
/// across (Atomic) convert too.
template <class KernelView, class ViewType>
KernelView kernel_view_of(const ViewType& v) {
  static_assert(ViewType::rank() == 1 || ViewType::rank() == 2,
                "KokkosTile: kernel Views are rank 1 or rank 2");
  using layout = typename KernelView::array_layout;
  if constexpr (ViewType::rank() == 2) {
    return KernelView(v.data(), layout(v.extent(0), v.stride(0), v.extent(1), v.stride(1)));
  } else if constexpr (std::is_same_v<layout, Kokkos::LayoutStride>) {
    return KernelView(v.data(), layout(v.extent(0), v.stride(0)));
  } else {
    return KernelView(v.data(), v.extent(0));
  }
}
template <class ViewType>
KernelView2D<typename ViewType::const_value_type, typename ViewType::memory_space>
input_kernel_view_2d(const ViewType& v) {
  return kernel_view_of<
      KernelView2D<typename ViewType::const_value_type, typename ViewType::memory_space>>(v);
}
template <class ViewType>
KernelView2D<typename ViewType::non_const_value_type, typename ViewType::memory_space>
output_kernel_view_2d(const ViewType& v) {
  return kernel_view_of<
      KernelView2D<typename ViewType::non_const_value_type, typename ViewType::memory_space>>(v);
}
template <class ViewType>
KernelView1D<typename ViewType::const_value_type, kernel_layout_1d_t<ViewType>,
             typename ViewType::memory_space>
input_kernel_view_1d(const ViewType& v) {
  return kernel_view_of<
      KernelView1D<typename ViewType::const_value_type, kernel_layout_1d_t<ViewType>,
                   typename ViewType::memory_space>>(v);
}
template <class ViewType>
KernelView1D<typename ViewType::non_const_value_type, kernel_layout_1d_t<ViewType>,
             typename ViewType::memory_space>
output_kernel_view_1d(const ViewType& v) {
  return kernel_view_of<
      KernelView1D<typename ViewType::non_const_value_type, kernel_layout_1d_t<ViewType>,
                   typename ViewType::memory_space>>(v);
}

}  // namespace Impl
}  // namespace KokkosTile
