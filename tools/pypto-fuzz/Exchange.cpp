//===- Exchange.cpp - random multi-card programs ---------------*- C++ -*-===//
//
// Multi-card programs for pypto-fuzz: ranks pushing into each other's
// communication windows (pypto.put, pypto.remote_store, atomic or not),
// signalling and waiting, then copying their windows out. The reference
// interpreter runs the ranks too, so its outputs are the golden. The inputs
// are small integers (in every element type), so that atomic sums are exact
// in whatever order the ranks add: outputs are compared exactly.
//
//===----------------------------------------------------------------------===//

#include "Generator.h"

#include <set>
#include <sstream>

using namespace pypto::fuzz;

namespace {

int64_t bytesOf(DType d) {
  switch (d) {
  case DType::F32:
  case DType::I32:
    return 4;
  case DType::F16:
  case DType::BF16:
  case DType::I16:
    return 2;
  case DType::I8:
    return 1;
  }
  return 4;
}

bool isFloatType(DType d) {
  return d == DType::F32 || d == DType::F16 || d == DType::BF16;
}

/// Whether the pushed rows may be computed: float and 32-bit integer
/// elementwise work runs on both arches.
bool computable(DType d) { return isFloatType(d) || d == DType::I32; }

std::string type(int64_t rows, int64_t cols, DType d) {
  return "!pypto.tensor<" + std::to_string(rows) + "x" + std::to_string(cols) +
         "x" + dtypeName(d) + ">";
}

/// Columns a chunk may have: whole 32-byte blocks of the element type.
int64_t columnAlign(DType d) { return 32 / bytesOf(d); }

} // namespace

bool pypto::fuzz::drawExchange(uint64_t seed, Exchange &e) {
  std::mt19937_64 rng(seed ^ 0x6a09e667f3bcc908ull);
  auto pick = [&](int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
  };
  if (pick(0, 11) != 0)
    return false;
  e.world = int(pick(2, 4));
  e.dtype = std::vector<DType>{DType::F32, DType::F32, DType::F16, DType::BF16,
                               DType::I32, DType::I16, DType::I8}[pick(0, 6)];
  int64_t align = columnAlign(e.dtype);
  e.rows = pick(1, 16);
  e.cols = align * pick(1, std::max<int64_t>(1, 128 / align));
  e.ring = pick(0, 3) == 0;
  e.putOffset = pick(0, e.rows - 1);
  e.putRows = pick(0, e.rows - e.putOffset);
  e.putCols = pick(0, 1) ? e.cols : pick(1, e.cols);
  e.runTimeRows = pick(0, 1);
  e.chunkRows = pick(1, std::max<int64_t>(1, e.putRows));
  e.chunkCols = align * pick(1, (e.cols + align - 1) / align);
  e.putAtomic = pick(0, 2) == 0;
  e.storeRows = pick(1, std::min<int64_t>(e.rows, 8));
  e.storeAtomic = pick(0, 2) == 0;
  e.compute = computable(e.dtype) && pick(0, 3) != 0;
  e.arrays = pick(0, 1);
  e.get = pick(0, 1);
  // A static copy needs a staging tile; a run-time one always has it.
  if (!e.runTimeRows && e.putRows == 0)
    e.putRows = 1;
  return true;
}

int pypto::fuzz::exchangeSize(const Exchange &e) {
  return e.world + int(e.rows + e.cols / columnAlign(e.dtype)) +
         int(e.putRows + e.putCols + e.storeRows) + e.putAtomic +
         e.storeAtomic + e.runTimeRows + e.compute + e.arrays + e.get +
         !e.ring + int(e.putOffset > 0) + int(e.chunkRows < e.putRows) +
         int(e.chunkCols < e.putCols);
}

std::vector<Exchange> pypto::fuzz::shrinkExchange(const Exchange &e) {
  std::vector<Exchange> out;
  auto with = [&](auto change) {
    Exchange s = e;
    change(s);
    out.push_back(s);
  };
  if (e.world > 2)
    with([](Exchange &s) { s.world = 2; });
  if (!e.ring)
    with([](Exchange &s) { s.ring = true; });
  if (e.putAtomic)
    with([](Exchange &s) { s.putAtomic = false; });
  if (e.storeAtomic)
    with([](Exchange &s) { s.storeAtomic = false; });
  if (e.compute)
    with([](Exchange &s) { s.compute = false; });
  if (e.arrays)
    with([](Exchange &s) { s.arrays = false; });
  if (e.get)
    with([](Exchange &s) { s.get = false; });
  if (e.runTimeRows && e.putRows > 0)
    with([](Exchange &s) { s.runTimeRows = false; });
  if (e.putOffset > 0)
    with([](Exchange &s) { s.putOffset = 0; });
  if (e.storeRows > 1)
    with([](Exchange &s) { s.storeRows = 1; });
  if (e.putRows > 1)
    with([](Exchange &s) {
      s.putRows = 1;
      s.chunkRows = 1;
    });
  if (e.chunkRows < e.putRows)
    with([](Exchange &s) { s.chunkRows = s.putRows; });
  if (e.chunkCols < e.putCols)
    with([](Exchange &s) {
      s.chunkCols = (s.putCols + columnAlign(s.dtype) - 1) /
                    columnAlign(s.dtype) * columnAlign(s.dtype);
    });
  if (e.putCols > 1)
    with([](Exchange &s) { s.putCols = 1; });
  if (e.rows > std::max(e.putOffset + e.putRows, e.storeRows))
    with([](Exchange &s) {
      s.rows = std::max(s.putOffset + s.putRows, s.storeRows);
    });
  if (e.cols > columnAlign(e.dtype) && e.putCols <= columnAlign(e.dtype) &&
      e.chunkCols <= columnAlign(e.dtype))
    with([](Exchange &s) { s.cols = columnAlign(s.dtype); });
  return out;
}

std::string pypto::fuzz::printExchange(uint64_t seed, const Exchange &e) {
  const int64_t W = e.world, B = e.rows, C = e.cols, S = e.storeRows;
  const DType d = e.dtype;
  std::string name = "fuzz_" + std::to_string(seed);
  std::string exact = "ratio_allclose(atol=0, rtol=0, max_error_ratio=0)";
  std::ostringstream os;
  os << "// ci: devices=" << W << "\n";
  os << "// Generated by pypto-fuzz (seed " << seed << "): " << W
     << " ranks pushing into each other's windows.\n";
  os << "module @" << name << " {\n";
  os << "  func.func @" << name << "(\n";
  os << "      %x: " << type(W * B, C, d) << " {pypto.init = \"randint\"},\n";
  if (e.runTimeRows)
    os << "      %put_rows: i32 {pypto.value = " << e.putRows << " : i32},\n";
  os << "      %gathered: " << type(W * W * B, C, d)
     << " {pypto.dir = \"out\", pypto.compare = \"" << exact << "\"},\n";
  os << "      %pushed: " << type(W * W * S, C, d)
     << " {pypto.dir = \"out\", pypto.compare = \"" << exact << "\"}";
  if (e.arrays)
    os << ",\n      %counts: " << type(W, W, DType::I32)
       << " {pypto.dir = \"out\", pypto.compare = \"" << exact << "\"}";
  if (e.get)
    os << ",\n      %fetched: " << type(W * W * B, C, d)
       << " {pypto.dir = \"out\", pypto.compare = \"" << exact << "\"}";
  os << ") {\n";
  for (int64_t c :
       std::set<int64_t>{0, 1, W, W - 1, B, S, W * B, W * S, e.putOffset})
    os << "    %c" << c << " = arith.constant " << c << " : index\n";
  if (e.runTimeRows)
    os << "    %n = arith.index_cast %put_rows : i32 to index\n";
  os << "    %gather = pypto.alloc_window : " << type(W * B, C, d) << "\n";
  os << "    %push = pypto.alloc_window : " << type(W * S, C, d) << "\n";
  os << "    %signal = pypto.alloc_window : " << type(W, 1, DType::I32) << "\n";
  os << "    pypto.ranks world(" << W << ") (%rank) {\n";
  os << "      pypto.at core_group \"exchange\" {\n";
  std::string in = "        ";
  os << in << "%one = arith.constant 1 : i32\n";
  os << in << "%base = arith.muli %rank, %c" << B << " : index\n";
  os << in << "%from = arith.addi %base, %c" << e.putOffset << " : index\n";
  os << in << "%rows = pypto.slice %x[%base, %c0] [" << S << ", " << C
     << "] : " << type(W * B, C, d) << " -> " << type(S, C, d) << "\n";
  std::string value = "%rows";
  if (e.compute) {
    std::string two = isFloatType(d) ? "2.0" : "2";
    std::string scalarType = dtypeName(d);
    os << in << "%two = arith.constant " << two << " : " << scalarType << "\n";
    os << in << "%unit = arith.constant " << (isFloatType(d) ? "1.0" : "1")
       << " : " << scalarType << "\n";
    os << in << "%twice = pypto.muls %rows, %two : " << type(S, C, d) << ", "
       << scalarType << "\n";
    os << in << "%value = pypto.adds %twice, %unit : " << type(S, C, d) << ", "
       << scalarType << "\n";
    value = "%value";
  }
  // Atomic pushes of every sender land on the same rows.
  std::string putTo = e.putAtomic ? "%c0" : "%from";
  std::string storeTo = "%c0";
  if (!e.storeAtomic) {
    os << in << "%slot = arith.muli %rank, %c" << S << " : index\n";
    storeTo = "%slot";
  }
  std::string countsType = "!pypto.array<" + std::to_string(W) + ", i32>";
  std::string slotsType = "!pypto.array<" + std::to_string(W) + ", index>";
  if (e.arrays) {
    // Kernel arrays: pushes counted per peer at run-time indices, and the
    // store's row read back from an index array filled per peer.
    os << in << "%pushes = pypto.array_create : " << countsType << "\n";
    os << in << "%slots = pypto.array_create : " << slotsType << "\n";
    os << in << "scf.for %d = %c0 to %c" << W << " step %c1 {\n";
    os << in << "  pypto.array_set " << storeTo
       << " into %slots[%d] : " << slotsType << "\n";
    os << in << "} {pypto.loop = \"range\"}\n";
  }
  std::string rowsOperand =
      e.runTimeRows ? std::string("%n") : std::to_string(e.putRows);
  auto push = [&](const std::string &indent, const std::string &peer) {
    std::string to = storeTo;
    if (e.arrays) {
      os << indent << "%count = pypto.array_get %pushes[" << peer
         << "] : " << countsType << "\n";
      os << indent << "%count1 = arith.addi %count, %one : i32\n";
      os << indent << "pypto.array_set %count1 into %pushes[" << peer
         << "] : " << countsType << "\n";
      os << indent << "%to = pypto.array_get %slots[" << peer
         << "] : " << slotsType << "\n";
      to = "%to";
    }
    os << indent << "pypto.put %x[%from, %c0] into %gather[" << putTo
       << ", %c0] [" << rowsOperand << ", " << e.putCols << "] peer " << peer
       << " chunk [" << e.chunkRows << ", " << e.chunkCols << "]"
       << (e.putAtomic ? " atomic_add" : "") << " : " << type(W * B, C, d)
       << " into " << type(W * B, C, d) << "\n";
    os << indent << "pypto.remote_store " << value << " into %push[" << to
       << ", %c0] peer " << peer << (e.storeAtomic ? " atomic_add" : "")
       << " : " << type(S, C, d) << " into " << type(W * S, C, d) << "\n";
  };
  if (e.ring) {
    os << in << "%next_rank = arith.addi %rank, %c1 : index\n";
    os << in << "%next = arith.remsi %next_rank, %c" << W << " : index\n";
    os << in << "%prev_rank = arith.addi %rank, %c" << W - 1 << " : index\n";
    push(in, "%next");
    os << in << "%prev = arith.remsi %prev_rank, %c" << W << " : index\n";
    os << in << "pypto.notify %signal[%rank, %c0] peer %next add %one : "
       << type(W, 1, DType::I32) << "\n";
    os << in
       << "pypto.wait %signal[%prev, %c0] ge %one : " << type(W, 1, DType::I32)
       << "\n";
  } else {
    // Every rank, itself included, from the next one on.
    os << in << "scf.for %d = %c0 to %c" << W << " step %c1 {\n";
    os << in << "  %shifted = arith.addi %rank, %d : index\n";
    os << in << "  %peer = arith.remsi %shifted, %c" << W << " : index\n";
    push(in + "  ", "%peer");
    os << in << "} {pypto.loop = \"range\"}\n";
    os << in << "scf.for %d = %c1 to %c" << W << " step %c1 {\n";
    os << in << "  %shifted = arith.addi %rank, %d : index\n";
    os << in << "  %peer = arith.remsi %shifted, %c" << W << " : index\n";
    os << in << "  pypto.notify %signal[%rank, %c0] peer %peer add %one : "
       << type(W, 1, DType::I32) << "\n";
    os << in << "} {pypto.loop = \"range\"}\n";
    // Waiting inside the notify loop would deadlock three ranks or more.
    os << in << "scf.for %d = %c1 to %c" << W << " step %c1 {\n";
    os << in << "  %shifted = arith.addi %rank, %d : index\n";
    os << in << "  %peer = arith.remsi %shifted, %c" << W << " : index\n";
    os << in << "  pypto.wait %signal[%peer, %c0] ge %one : "
       << type(W, 1, DType::I32) << "\n";
    os << in << "} {pypto.loop = \"range\"}\n";
  }
  if (e.arrays) {
    os << in << "scf.for %d = %c0 to %c" << W << " step %c1 {\n";
    os << in << "  %pushed_to = pypto.array_get %pushes[%d] : " << countsType
       << "\n";
    os << in << "  pypto.write %pushed_to into %counts[%rank, %d] : i32 into "
       << type(W, W, DType::I32) << "\n";
    os << in << "} {pypto.loop = \"range\"}\n";
  }
  if (e.get) {
    // The next rank's gather window, pulled through the staging tile.
    os << in << "%from_rank = arith.addi %rank, %c1 : index\n";
    os << in << "%source_rank = arith.remsi %from_rank, %c" << W
       << " : index\n";
    os << in << "%fetch_row = arith.muli %rank, %c" << W * B << " : index\n";
    os << in << "pypto.get %gather[%c0, %c0] peer %source_rank into %fetched["
       << "%fetch_row, %c0] [" << W * B << ", " << C << "] chunk ["
       << e.chunkRows << ", " << e.chunkCols << "] : " << type(W * B, C, d)
       << " into " << type(W * W * B, C, d) << "\n";
  }
  // This rank's windows, copied out.
  os << in << "%out_g = arith.muli %rank, %c" << W * B << " : index\n";
  os << in << "%g = pypto.slice %gather[%c0, %c0] [" << W * B << ", " << C
     << "] : " << type(W * B, C, d) << " -> " << type(W * B, C, d) << "\n";
  os << in
     << "pypto.assemble %g into %gathered[%out_g, %c0] : " << type(W * B, C, d)
     << " into " << type(W * W * B, C, d) << "\n";
  os << in << "%out_p = arith.muli %rank, %c" << W * S << " : index\n";
  os << in << "%p = pypto.slice %push[%c0, %c0] [" << W * S << ", " << C
     << "] : " << type(W * S, C, d) << " -> " << type(W * S, C, d) << "\n";
  os << in
     << "pypto.assemble %p into %pushed[%out_p, %c0] : " << type(W * S, C, d)
     << " into " << type(W * W * S, C, d) << "\n";
  os << "      }\n";
  os << "    }\n";
  os << "    return\n";
  os << "  }\n";
  os << "}\n";
  return os.str();
}
