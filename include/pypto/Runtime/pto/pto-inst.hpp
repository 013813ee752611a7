//===- pto/pto-inst.hpp - CPU tile instruction library (entry header) -----===//
//
// Header-only CPU simulation of the pto-isa tile instructions that generated
// kernels use. Generated code does:
//
//   #include <pto/pto-inst.hpp>
//   using namespace pto;
//
// See docs/design/runtime-abi.md for the core binding and capacities.
//
//===----------------------------------------------------------------------===//
#ifndef PTO_PTO_INST_HPP
#define PTO_PTO_INST_HPP

// Scalar code in kernels (what pto.load_scalar feeds) uses <cmath>.
#include <algorithm>
#include <cmath>

#include "pto/comm.hpp"
#include "pto/common.hpp"
#include "pto/dtypes.hpp"
#include "pto/instr.hpp"
#include "pto/instr_cmp.hpp"
#include "pto/instr_cvt.hpp"
#include "pto/instr_elem.hpp"
#include "pto/instr_layout.hpp"
#include "pto/instr_reduce.hpp"
#include "pto/instr_rows.hpp"
#include "pto/instr_sort.hpp"
#include "pto/instr_unary.hpp"
#include "pto/instr_util.hpp"
#include "pto/pipe.hpp"
#include "pto/sim/core.hpp"
#include "pto/sim/core_context.hpp"
#include "pto/sync.hpp"
#include "pto/tile.hpp"

#endif // PTO_PTO_INST_HPP
