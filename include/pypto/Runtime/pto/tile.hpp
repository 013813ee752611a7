//===- pto/tile.hpp - Tile, Shape/Stride, GlobalTensor and TASSIGN --------===//
#ifndef PTO_TILE_HPP
#define PTO_TILE_HPP

#include "pto/common.hpp"
#include "pto/dtypes.hpp"
#include "pto/sim/core.hpp"

#include <cstddef>
#include <cstdint>
#include <type_traits>

// Library internals stay private to each kernel shared object.
#pragma GCC visibility push(hidden)

namespace pto {
namespace detail {

// Inner box (fractal) of a boxed tile, in elements.
constexpr int innerRowsOf(SLayout s, int fractal, int elemBytes) {
  if (s == SLayout::NoneBox)
    return 1;
  if (fractal == TileConfig::fractalCSize)
    return TileConfig::fixedRowSize;
  if (fractal == TileConfig::fractalMxSize)
    return s == SLayout::RowMajor ? TileConfig::fixedMxRowSize : TileConfig::fixedMxColSize;
  return s == SLayout::RowMajor ? TileConfig::fixedRowSize : TileConfig::alignedSize / elemBytes;
}

constexpr int innerColsOf(SLayout s, int fractal, int elemBytes) {
  if (s == SLayout::NoneBox)
    return 1;
  if (fractal == TileConfig::fractalCSize)
    return TileConfig::fixedColSize;
  if (fractal == TileConfig::fractalMxSize)
    return s == SLayout::RowMajor ? TileConfig::fixedMxColSize : TileConfig::fixedMxRowSize;
  return s == SLayout::RowMajor ? TileConfig::alignedSize / elemBytes : TileConfig::fixedColSize;
}

constexpr sim::Space spaceOf(TileType t) {
  switch (t) {
  case TileType::Vec: return sim::Space::UB;
  case TileType::Mat: return sim::Space::L1;
  case TileType::Left: return sim::Space::L0A;
  case TileType::Right: return sim::Space::L0B;
  case TileType::Acc: return sim::Space::L0C;
  case TileType::Bias: return sim::Space::BIAS;
  default: return sim::Space::NumSpaces;
  }
}

} // namespace detail

template <TileType Loc_, typename T, int Rows_, int Cols_, BLayout B_ = BLayout::RowMajor,
          int RowValid_ = Rows_, int ColValid_ = Cols_, SLayout S_ = SLayout::NoneBox,
          int SFractalSize_ = 512, PadValue Pad_ = PadValue::Null,
          CompactMode C_ = CompactMode::Null>
struct Tile {
  using DType = T;
  static constexpr TileType Loc = Loc_;
  static constexpr int Rows = Rows_;
  static constexpr int Cols = Cols_;
  static constexpr int ValidRow = RowValid_;
  static constexpr int ValidCol = ColValid_;
  static constexpr BLayout BFractal = B_;
  static constexpr SLayout SFractal = S_;
  static constexpr int SFractalSize = SFractalSize_;
  static constexpr PadValue PadVal = Pad_;
  static constexpr CompactMode Compact = C_;
  static constexpr bool isRowMajor = B_ == BLayout::RowMajor;
  static constexpr bool isBoxed = S_ != SLayout::NoneBox;
  static constexpr bool isDynamicRow = RowValid_ == DYNAMIC;
  static constexpr bool isDynamicCol = ColValid_ == DYNAMIC;
  static constexpr int InnerRows = detail::innerRowsOf(S_, SFractalSize_, (int)sizeof(T));
  static constexpr int InnerCols = detail::innerColsOf(S_, SFractalSize_, (int)sizeof(T));
  static constexpr int Numel = Rows_ * Cols_;
  static constexpr size_t kBytes = static_cast<size_t>(Rows_) * Cols_ * sizeof(T);
  static constexpr sim::Space kSpace = detail::spaceOf(Loc_);

  static_assert(Rows_ > 0 && Cols_ > 0, "Tile shape must be positive");
  static_assert(RowValid_ == DYNAMIC || (RowValid_ >= 0 && RowValid_ <= Rows_),
                "RowValid must be DYNAMIC (-1) or within [0, Rows]");
  static_assert(ColValid_ == DYNAMIC || (ColValid_ >= 0 && ColValid_ <= Cols_),
                "ColValid must be DYNAMIC (-1) or within [0, Cols]");
  static_assert(SFractalSize_ == TileConfig::fractalMxSize ||
                    SFractalSize_ == TileConfig::fractalABSize ||
                    SFractalSize_ == TileConfig::fractalCSize,
                "SFractalSize must be 32, 512 or 1024");
  static_assert(!(S_ == SLayout::NoneBox && B_ == BLayout::RowMajor) ||
                    (Cols_ * sizeof(T)) % TileConfig::alignedSize == 0,
                "RowMajor NoneBox tile: Cols * sizeof(T) must be a multiple of 32 bytes");
  static_assert(!(S_ == SLayout::NoneBox && B_ == BLayout::ColMajor) ||
                    (Rows_ * sizeof(T)) % TileConfig::alignedSize == 0,
                "ColMajor NoneBox tile: Rows * sizeof(T) must be a multiple of 32 bytes");
  static_assert(S_ == SLayout::NoneBox || (InnerRows > 0 && Rows_ % InnerRows == 0),
                "boxed tile: Rows must be a multiple of the inner box rows");
  static_assert(S_ == SLayout::NoneBox || (InnerCols > 0 && Cols_ % InnerCols == 0),
                "boxed tile: Cols must be a multiple of the inner box cols");

  // Element storage offset (in elements) of (r, c).
  static constexpr int offsetOf(int r, int c) {
    if constexpr (S_ == SLayout::NoneBox) {
      if constexpr (B_ == BLayout::RowMajor)
        return r * Cols_ + c;
      else
        return c * Rows_ + r;
    } else {
      constexpr int boxElems = InnerRows * InnerCols;
      const int br = r / InnerRows, ir = r % InnerRows;
      const int bc = c / InnerCols, ic = c % InnerCols;
      int box;
      if constexpr (B_ == BLayout::RowMajor)
        box = br * (Cols_ / InnerCols) + bc;
      else
        box = bc * (Rows_ / InnerRows) + br;
      int inner;
      if constexpr (S_ == SLayout::RowMajor)
        inner = ir * InnerCols + ic;
      else
        inner = ic * InnerRows + ir;
      return box * boxElems + inner;
    }
  }

  Tile() = default;
  Tile(int validRow, int validCol) {
    if constexpr (isDynamicRow)
      vr_ = validRow;
    if constexpr (isDynamicCol)
      vc_ = validCol;
    checkValid("Tile(validRow, validCol)", validRow, validCol);
  }

  int GetValidRow() const {
    if constexpr (isDynamicRow)
      return vr_;
    else
      return RowValid_;
  }
  int GetValidCol() const {
    if constexpr (isDynamicCol)
      return vc_;
    else
      return ColValid_;
  }
  // Sets the dynamic valid dimensions (static ones keep their value).
  void SetValidShape(int validRow, int validCol) {
    static_assert(isDynamicRow || isDynamicCol, "SetValidShape needs a dynamic valid shape");
    if constexpr (isDynamicRow)
      vr_ = validRow;
    if constexpr (isDynamicCol)
      vc_ = validCol;
    checkValid("SetValidShape", validRow, validCol);
  }

  T* data() const { return data_; }
  T GetValue(int offset) const { return data_[offset]; }
  void SetValue(int offset, T v) { data_[offset] = v; }
  // Element (r, c) in logical coordinates.
  T& at(int r, int c) const { return data_[offsetOf(r, c)]; }

  // Binds the tile to storage; used by TASSIGN.
  void bindRaw(T* p) { data_ = p; }

private:
  void checkValid(const char* what, int vr, int vc) const {
    if ((isDynamicRow && (vr < 0 || vr > Rows_)) || (isDynamicCol && (vc < 0 || vc > Cols_)))
      sim::fail(sim::current(), "%s: valid shape %dx%d exceeds tile shape %dx%d", what, vr, vc,
                Rows_, Cols_);
  }

  T* data_ = nullptr;
  int vr_ = isDynamicRow ? Rows_ : RowValid_;
  int vc_ = isDynamicCol ? Cols_ : ColValid_;
};

template <typename>
struct is_tile : std::false_type {};
template <TileType L, typename T, int R, int C, BLayout B, int RV, int CV, SLayout S, int F,
          PadValue P, CompactMode M>
struct is_tile<Tile<L, T, R, C, B, RV, CV, S, F, P, M>> : std::true_type {};
template <typename T>
inline constexpr bool is_tile_v = is_tile<std::remove_cv_t<T>>::value;

//===----------------------------------------------------------------------===//
// Shape / Stride: always 5 entries; DYNAMIC (-1) entries are given at run time,
// either all 5 values or just the dynamic ones, in order.
//===----------------------------------------------------------------------===//
namespace detail {

template <int... Ns>
struct Dims5 {
  static_assert(sizeof...(Ns) == 5, "Shape/Stride take exactly 5 entries");
  static constexpr int kStatic[5] = {Ns...};
  static constexpr int kNumDynamic = ((Ns == DYNAMIC ? 1 : 0) + ...);
  static constexpr bool isStatic = kNumDynamic == 0;

  int64_t v[5] = {Ns...};

  constexpr Dims5() = default;
  template <typename... A, typename = std::enable_if_t<(sizeof...(A) > 0) &&
                                                       (std::is_arithmetic_v<A> && ...)>>
  Dims5(A... args) {
    static_assert(sizeof...(A) == 5 || sizeof...(A) == (size_t)kNumDynamic,
                  "give all 5 entries or exactly the dynamic ones");
    const int64_t in[] = {static_cast<int64_t>(args)...};
    if constexpr (sizeof...(A) == 5) {
      for (int i = 0; i < 5; ++i)
        if (kStatic[i] == DYNAMIC)
          v[i] = in[i];
    } else {
      int k = 0;
      for (int i = 0; i < 5; ++i)
        if (kStatic[i] == DYNAMIC)
          v[i] = in[k++];
    }
  }
  int64_t operator[](int i) const { return v[i]; }
};

} // namespace detail

template <int... Ns>
struct Shape : detail::Dims5<Ns...> {
  using detail::Dims5<Ns...>::Dims5;
};
template <int... Ss>
struct Stride : detail::Dims5<Ss...> {
  using detail::Dims5<Ss...>::Dims5;
};

template <typename T, typename ShapeT, typename StrideT, Layout L = Layout::ND>
struct GlobalTensor {
  using DType = T;
  using ShapeType = ShapeT;
  using StrideType = StrideT;
  static constexpr Layout layout = L;

  GlobalTensor(T* p) : ptr_(p) {
    static_assert(ShapeT::isStatic && StrideT::isStatic,
                  "GlobalTensor(T*) needs a static shape and stride");
  }
  GlobalTensor(T* p, ShapeT shape, StrideT stride) : ptr_(p), shape_(shape), stride_(stride) {}

  T* data() const { return ptr_; }
  int64_t GetShape(int dim) const { return shape_[dim]; }
  int64_t GetStride(int dim) const { return stride_[dim]; }
  const ShapeT& shape() const { return shape_; }
  const StrideT& stride() const { return stride_; }

private:
  T* ptr_;
  ShapeT shape_{};
  StrideT stride_{};
};

template <typename>
struct is_global_tensor : std::false_type {};
template <typename T, typename S, typename St, Layout L>
struct is_global_tensor<GlobalTensor<T, S, St, L>> : std::true_type {};

//===----------------------------------------------------------------------===//
// TASSIGN: bind a tile to a byte offset in the arena of its space on the
// current core. An integer that is an address inside that arena (a
// materialised tile pointer, as ptoas emits for aliases) is accepted too.
//===----------------------------------------------------------------------===//
template <typename TileT>
inline void TASSIGN(TileT& tile, int64_t byteOffset) {
  static_assert(is_tile_v<TileT>, "TASSIGN expects a Tile");
  static_assert(TileT::kSpace != sim::Space::NumSpaces,
                "TASSIGN: this TileType has no simulated on-chip space");
  constexpr sim::Space sp = TileT::kSpace;
  sim::CoreContext* ctx = sim::current();
  uint8_t* base = sim::arenaBase(ctx, sp);
  if (base == nullptr)
    sim::fail(ctx, "TASSIGN: %s tile assigned to %s, which is absent on this core",
              tileTypeName(TileT::Loc), sim::spaceName(sp));
  const uint64_t cap = ctx->capacity[static_cast<int>(sp)];
  const uintptr_t b = reinterpret_cast<uintptr_t>(base);
  if (static_cast<uint64_t>(byteOffset) >= b && static_cast<uint64_t>(byteOffset) < b + cap)
    byteOffset = static_cast<int64_t>(static_cast<uint64_t>(byteOffset) - b);
  if (byteOffset < 0 || static_cast<uint64_t>(byteOffset) + TileT::kBytes > cap)
    sim::fail(ctx, "tile of %llu bytes at offset %lld overflows %s (capacity %llu bytes)",
              (unsigned long long)TileT::kBytes, (long long)byteOffset, sim::spaceName(sp),
              (unsigned long long)cap);
  if (byteOffset % alignof(typename TileT::DType) != 0)
    sim::fail(ctx, "TASSIGN: offset %lld in %s is not aligned for the element type",
              (long long)byteOffset, sim::spaceName(sp));
  tile.bindRaw(reinterpret_cast<typename TileT::DType*>(base + byteOffset));
}

// Bind a tile to a host pointer (no bounds check).
template <typename TileT, typename U>
inline void TASSIGN(TileT& tile, U* ptr) {
  static_assert(is_tile_v<TileT>, "TASSIGN expects a Tile");
  tile.bindRaw(reinterpret_cast<typename TileT::DType*>(ptr));
}

//===----------------------------------------------------------------------===//
// TRESHAPE: `dst` views the bytes of `src` with its own shape, element type
// and layout (same space, same size, both boxed or both not).
//===----------------------------------------------------------------------===//
template <typename DstT, typename SrcT>
inline void TRESHAPE(DstT &dst, const SrcT &src) {
  static_assert(is_tile_v<DstT> && is_tile_v<SrcT>, "TRESHAPE expects Tiles");
  static_assert(DstT::Loc == SrcT::Loc,
                "TRESHAPE: source and result live in different buffers");
  static_assert(DstT::kBytes == SrcT::kBytes,
                "TRESHAPE: source and result sizes differ");
  static_assert((DstT::SFractal == SLayout::NoneBox) ==
                    (SrcT::SFractal == SLayout::NoneBox),
                "TRESHAPE: cannot reshape between boxed and non-boxed tiles");
  if (reinterpret_cast<uintptr_t>(src.data()) % alignof(typename DstT::DType) !=
      0)
    sim::fail(sim::current(),
              "TRESHAPE: the source's bytes are not aligned for the result's "
              "element type");
  dst.bindRaw(reinterpret_cast<typename DstT::DType *>(src.data()));
  // Same shape (a new element type or layout): the run-time valid shape
  // carries over. A new shape has no run-time valid shape to take.
  if constexpr (DstT::isDynamicRow || DstT::isDynamicCol) {
    static_assert(DstT::Rows == SrcT::Rows && DstT::Cols == SrcT::Cols,
                  "TRESHAPE: a result with a run-time valid shape keeps the "
                  "source's shape");
    dst.SetValidShape(src.GetValidRow(), src.GetValidCol());
  }
}

} // namespace pto

#pragma GCC visibility pop

#endif // PTO_TILE_HPP
