// RUN: pypto-opt %s -split-input-file -verify-diagnostics --pypto-lower-to-pto
// RUN: not pypto-opt %s --pypto-lower-to-pto="arch=ascend910" 2>&1 | FileCheck %s --check-prefix=ARCH

// ARCH: for the --arch option: unknown architecture 'ascend910', expected a2a3 or a5

module {
  func.func @unplanned(%a: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'pypto.load' op has no planned address; run pypto-plan-memory first}}
    %x = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
    return
  }
}

// -----

func.func @tensor_compute(%a: !pypto.tensor<16x16xf32>, %s: f32) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.adds' op works on tensors; run pypto-convert-tensor-to-tile first}}
  %x = pypto.adds %a, %s : !pypto.tensor<16x16xf32>, f32
  return
}

// -----

func.func @load_from_cast(%a: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %t = builtin.unrealized_conversion_cast %a : !pypto.tensor<16x16xf32> to !pypto.tensor<16x16xf32>
  // expected-error @+1 {{'pypto.load' op loads from a tensor that is not a kernel parameter}}
  %x = pypto.load %t[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @store_to_cast(%a: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %t = builtin.unrealized_conversion_cast %a : !pypto.tensor<16x16xf32> to !pypto.tensor<16x16xf32>
  // expected-error @+1 {{'pypto.store' op stores to a tensor that is not a kernel parameter}}
  pypto.store %x, %t[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}

// -----

func.func @no_space(%a: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{without a memory space}}
  %x = pypto.load %a[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32>
  return
}

// -----

func.func @tensor_reduction(%a: !pypto.tensor<16x64xf32>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.row_sum' op works on tensors; run pypto-convert-tensor-to-tile first}}
  %x = pypto.row_sum %a : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x1xf32>
  return
}

// -----

// A tensor result is enough, without tensor operands.
func.func @tensor_full(%s: f32) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.full' op works on tensors; run pypto-convert-tensor-to-tile first}}
  %x = pypto.full %s : f32 -> !pypto.tensor<16x64xf32>
  return
}

// -----

func.func @tensor_transpose(%a: !pypto.tensor<16x64xf32>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.transpose' op works on tensors; run pypto-convert-tensor-to-tile first}}
  %x = pypto.transpose %a : !pypto.tensor<16x64xf32> -> !pypto.tensor<64x16xf32>
  return
}

// -----

func.func @tensor_cast(%a: !pypto.tensor<16x64xf32>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.cast' op works on tensors; run pypto-convert-tensor-to-tile first}}
  %x = pypto.cast %a round floor : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xi32>
  return
}

// -----

func.func @tensor_matmul_acc(%c: !pypto.tensor<16x16xf32>, %a: !pypto.tensor<16x32xf16>, %b: !pypto.tensor<32x16xf16>) attributes {pypto.kind = "aic"} {
  // expected-error @+1 {{'pypto.matmul_acc' op works on tensors; run pypto-convert-tensor-to-tile first}}
  %d = pypto.matmul_acc %c, %a, %b : !pypto.tensor<16x32xf16>, !pypto.tensor<32x16xf16> -> !pypto.tensor<16x16xf32>
  return
}

// -----

func.func @unplanned_scratch(%a: !pypto.tensor<16x64xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x64xf32> -> !pypto.tile<16x64xf32, vec>
  // expected-error @+1 {{'pypto.create_tile' op has no planned address; run pypto-plan-memory first}}
  %t = pypto.create_tile : !pypto.tile<16x64xf32, vec>
  return
}

// -----

// On tiles, the scratch tile of a row reduction or a transpose is optional
// in the IR, but the instruction needs one: the lowering must say so at the
// op rather than build a pto instruction with a missing operand.
func.func @row_sum_without_scratch(%a: !pypto.tensor<16x64xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x64xf32> -> !pypto.tile<16x64xf32, vec>
  // expected-error @+1 {{'pypto.row_sum' op}}
  %r = pypto.row_sum %x {pypto.addr = 4096 : i64} : !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x1xf32, vec>
  return
}

// -----

func.func @transpose_without_scratch(%a: !pypto.tensor<16x64xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x64xf32> -> !pypto.tile<16x64xf32, vec>
  // expected-error @+1 {{'pypto.transpose' op}}
  %r = pypto.transpose %x {pypto.addr = 4096 : i64} : !pypto.tile<16x64xf32, vec> -> !pypto.tile<64x16xf32, vec>
  return
}

// -----

// Pipe set-up names the group and the peer part: it only lowers inside a
// part of a split kernel.
func.func @lonely_part() attributes {pypto.kind = "aiv"} {
  // expected-error @+1 {{'pypto.aiv_initialize_pipe' op is not in a part of a mixed kernel (run pypto-expand-mixed-kernel)}}
  pypto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024, slot_num = 2, c2v_consumer_buf = 0}
  return
}

// -----

// fillpad views its source's buffer at the source's address; a tile popped
// from a pipe has none.
func.func @fillpad_popped(%n: index) attributes {pypto.kind = "aiv"} {
  %c16 = arith.constant 16 : index
  %v = pypto.tpop_from_aic : !pypto.tile<16x16xf32, vec>
  // expected-error @+1 {{'pypto.fillpad' op needs a tile in a planned buffer for its run-time valid shape; a tile popped from a pipe is not supported yet (store it and load it)}}
  %m = pypto.fillpad %v valid [%c16, %n] pad min {pypto.addr = 4096 : i64} : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf32, vec>
  pypto.tfree_to_aic %v : !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @fillpad_unplanned(%a: !pypto.tensor<16x64xf32>, %n: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %x = pypto.load %a[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x64xf32> -> !pypto.tile<16x64xf32, vec>
  // expected-error @+1 {{'pypto.fillpad' op has no planned address; run pypto-plan-memory first}}
  %m = pypto.fillpad %x valid [%c16, %n] pad min : !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x64xf32, vec>
  return
}

// -----

// A fillpad still on tensors asks for tile conversion, like every vector op.
func.func @fillpad_on_tensors(%a: !pypto.tensor<16x64xf32>, %n: index) attributes {pypto.kind = "incore"} {
  %c16 = arith.constant 16 : index
  // expected-error @below {{'pypto.fillpad' op works on tensors; run pypto-convert-tensor-to-tile first}}
  %m = pypto.fillpad %a valid [%c16, %n] pad min : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xf32>
  return
}

// -----

func.func @notify_cast(%a: !pypto.tensor<2x1xi32>, %p: index, %v: i32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %t = builtin.unrealized_conversion_cast %a : !pypto.tensor<2x1xi32> to !pypto.tensor<2x1xi32>
  // expected-error @+1 {{'pypto.notify' op signals a tensor that is not a kernel parameter}}
  pypto.notify %t[%c0, %c0] peer %p add %v : !pypto.tensor<2x1xi32>
  return
}

// -----

func.func @wait_cast(%a: !pypto.tensor<2x1xi32>, %v: i32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %t = builtin.unrealized_conversion_cast %a : !pypto.tensor<2x1xi32> to !pypto.tensor<2x1xi32>
  // expected-error @+1 {{'pypto.wait' op waits on a tensor that is not a kernel parameter}}
  pypto.wait %t[%c0, %c0] ge %v : !pypto.tensor<2x1xi32>
  return
}

// -----

func.func @peer_load_cast(%a: !pypto.tensor<16x16xf32>, %p: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %t = builtin.unrealized_conversion_cast %a : !pypto.tensor<16x16xf32> to !pypto.tensor<16x16xf32>
  // expected-error @+1 {{'pypto.load' op loads from a tensor that is not a kernel parameter}}
  %x = pypto.load %t[%c0, %c0] peer %p {pypto.addr = 0 : i64} : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  return
}

// -----

// A part written for one unit uses that unit's buffers: the AIC has no UB.
func.func @vec_tile_on_aic(%x: !pypto.tensor<16x64xf32>, %y: !pypto.tensor<16x64xf32> {pypto.dir = "out"}) attributes {pypto.kind = "aic"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.load' op makes a 'vec' tile in an 'aic' kernel, which runs on the cube unit (no vec buffer)}}
  %t = pypto.load %x[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x64xf32> -> !pypto.tile<16x64xf32, vec>
  pypto.store %t, %y[%c0, %c0] : !pypto.tile<16x64xf32, vec>, !pypto.tensor<16x64xf32>
  return
}

// -----

// ... and the AIV has no cube buffers.
func.func @mat_tile_on_aiv(%x: !pypto.tensor<16x16xf16>) attributes {pypto.kind = "aiv"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.load' op makes a 'mat' tile in an 'aiv' kernel, which runs on the vector unit (no cube buffers)}}
  %t = pypto.load %x[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x16xf16> -> !pypto.tile<16x16xf16, mat>
  return
}

// -----

// A branch's tile result is the buffer its chain starts in; a chain that
// starts at a loop's iteration value has none (pypto-plan-memory copies
// such a value in the branch first).
module {
  func.func @branch_of_iteration_value(%a: !pypto.tensor<16x16xf32>, %c: i1) attributes {pypto.kind = "incore"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %x = pypto.load %a[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (!pypto.tile<16x16xf32, vec>) {
      // expected-error @+1 {{'scf.if' op yields a tile that no operation of this kernel produces}}
      %n = scf.if %c -> (!pypto.tile<16x16xf32, vec>) {
        scf.yield %acc : !pypto.tile<16x16xf32, vec>
      } else {
        scf.yield %acc : !pypto.tile<16x16xf32, vec>
      }
      scf.yield %n : !pypto.tile<16x16xf32, vec>
    }
    return
  }
}

// -----

// A run-time dimension needs the scalar parameter pypto-outline-incore adds.
// expected-error @+1 {{'func.func' op has a tensor parameter with a run-time size that no parameter holds (run pypto-outline-incore)}}
func.func @unsized(%x: !pypto.tensor<?x16xf32> {pypto.dir = "in"}) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %t = pypto.load %x[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<?x16xf32> -> !pypto.tile<8x16xf32, vec>
  return
}
