// RUN: pypto-opt %s -split-input-file -verify-diagnostics --pypto-plan-memory="arch=a2a3"
// RUN: not pypto-opt %s -split-input-file --pypto-plan-memory="arch=a5" 2>&1 | FileCheck %s --check-prefix=A5
// RUN: not pypto-opt %s -split-input-file --pypto-plan-memory="arch=a3" 2>&1 | FileCheck %s --check-prefix=ARCH

// ARCH: for the --arch option: unknown architecture 'a3', expected a2a3 or a5

// Two 128 KiB vec tiles are live at once: more than a2a3's 192 KiB of UB
// (a5 has 256 KiB).

// A5-NOT: does not fit in 'vec'
func.func @vec_overflow(%a: !pypto.tensor<128x256xf32>, %b: !pypto.tensor<128x256xf32>, %o: !pypto.tensor<128x256xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] : !pypto.tensor<128x256xf32> -> !pypto.tile<128x256xf32, vec>
  // expected-error @+1 {{'pypto.load' op does not fit in 'vec' memory: kernel 'vec_overflow' needs 262144 bytes (262144 live at once), the a2a3 capacity is 196608 bytes}}
  %y = pypto.load %b[%c0, %c0] : !pypto.tensor<128x256xf32> -> !pypto.tile<128x256xf32, vec>
  %z = pypto.add %x, %y : !pypto.tile<128x256xf32, vec>
  pypto.store %z, %o[%c0, %c0] : !pypto.tile<128x256xf32, vec>, !pypto.tensor<128x256xf32>
  return
}

// -----

// Exactly a2a3's capacity fits.
func.func @vec_exact(%a: !pypto.tensor<96x512xf32>, %s: f32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] : !pypto.tensor<96x512xf32> -> !pypto.tile<96x512xf32, vec>
  %y = pypto.adds %x, %s : !pypto.tile<96x512xf32, vec>, f32
  pypto.store %y, %a[%c0, %c0] : !pypto.tile<96x512xf32, vec>, !pypto.tensor<96x512xf32>
  return
}

// -----

// A 256 KiB accumulator: more than a2a3's 128 KiB of L0C (a5 has 256 KiB).

// A5-NOT: does not fit in 'acc'
func.func @acc_overflow(%l: !pypto.tile<256x16xf32, left>, %r: !pypto.tile<16x256xf32, right>, %o: !pypto.tensor<256x256xf32>)
    attributes {pypto.kind = "aic"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.matmul' op does not fit in 'acc' memory: kernel 'acc_overflow' needs 262144 bytes (262144 live at once), the a2a3 capacity is 131072 bytes}}
  %acc = pypto.matmul %l, %r : !pypto.tile<256x16xf32, left>, !pypto.tile<16x256xf32, right> -> !pypto.tile<256x256xf32, acc>
  pypto.store %acc, %o[%c0, %c0] : !pypto.tile<256x256xf32, acc>, !pypto.tensor<256x256xf32>
  return
}

// -----

// L0A is 64 KiB on both architectures.

// A5: error: 'pypto.move' op does not fit in 'left' memory: kernel 'left_overflow' needs 131072 bytes (131072 live at once), the a5 capacity is 65536 bytes
func.func @left_overflow(%a: !pypto.tensor<128x256xf32>) attributes {pypto.kind = "aic"} {
  %c0 = arith.constant 0 : index
  %m = pypto.load %a[%c0, %c0] : !pypto.tensor<128x256xf32> -> !pypto.tile<128x256xf32, mat>
  // expected-error @+1 {{'pypto.move' op does not fit in 'left' memory: kernel 'left_overflow' needs 131072 bytes (131072 live at once), the a2a3 capacity is 65536 bytes}}
  %l = pypto.move %m : !pypto.tile<128x256xf32, mat> -> !pypto.tile<128x256xf32, left>
  return
}

// -----

// The planner needs memory spaces.

func.func @no_space(%a: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.load' op produces a tile without a memory space; run pypto-infer-memory-space first}}
  %x = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32>
  return
}

// -----

// A pipe consumer's slots must fit its memory too.

// A5: error: 'pypto.aiv_initialize_pipe' op reserves 2097152 bytes of 'vec' memory for pipe slots, more than the a5 capacity of 262144 bytes
func.func @slots_overflow() attributes {pypto.kind = "aiv"} {
  // expected-error @+1 {{'pypto.aiv_initialize_pipe' op reserves 2097152 bytes of 'vec' memory for pipe slots, more than the a2a3 capacity of 196608 bytes}}
  pypto.aiv_initialize_pipe {dir_mask = 1, slot_size = 512, slot_num = 4096}
  return
}

// -----

// An accumulator cannot be copied: a K-loop whose old accumulator is read
// after the loop is an error, not a silently overwritten value.

func.func @acc_init_read_later(%l: !pypto.tile<16x16xf32, left>, %r: !pypto.tile<16x16xf32, right>,
                               %o: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %p = pypto.matmul %l, %r : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  // expected-error @+1 {{'scf.for' op carries a 'acc' tile that is still read after the loop starts updating it; only vec tiles can be copied, so compute the value that is read on a copy in vec, or restructure the loop}}
  %q = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %p) -> (!pypto.tile<16x16xf32, acc>) {
    %n = pypto.matmul_acc %acc, %l, %r : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
    scf.yield %n : !pypto.tile<16x16xf32, acc>
  }
  pypto.store %p, %o[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
  pypto.store %q, %o[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
  return
}

// -----

// A branch yields a product from before the branch: it would have to be
// copied into the branch's buffer, and only vec tiles can be copied.
func.func @branch_yields_outside_acc(%x: !pypto.tensor<16x16xf32>, %c: i1) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %a = pypto.load %x[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
  %l = pypto.move %a : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %r = pypto.move %a : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
  %p = pypto.matmul %l, %r : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  // expected-error @+1 {{'scf.if' op yields a 'acc' tile that is not computed in its branch; only vec tiles can be copied, so compute it in the branch}}
  %v = scf.if %c -> (!pypto.tile<16x16xf32, acc>) {
    %q = pypto.matmul %l, %r : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
    scf.yield %q : !pypto.tile<16x16xf32, acc>
  } else {
    scf.yield %p : !pypto.tile<16x16xf32, acc>
  }
  pypto.store %v, %x[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
  return
}

// -----

// A gather writes its accumulator's buffer in place: the value before it
// cannot be read afterwards (a mat tile cannot be copied).
func.func @stale_accumulator(%pool: !pypto.tensor<64x128xbf16>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %kv0 = pypto.create_l1 : !pypto.tile<32x128xbf16, mat>
  // expected-note @+1 {{the accumulator is written here}}
  %kv1 = pypto.gather_row %pool[%c0, %c0] into %kv0[%c0, %c0] [1, 128] : !pypto.tensor<64x128xbf16> into !pypto.tile<32x128xbf16, mat>
  // expected-error @+1 {{'pypto.gather_row' op reads an L1 accumulator that a pypto.gather_row overwrites before this read; the gather writes its buffer in place and a mat tile cannot be copied: read the gather's result instead}}
  %kv2 = pypto.gather_row %pool[%c1, %c0] into %kv0[%c1, %c0] [1, 128] : !pypto.tensor<64x128xbf16> into !pypto.tile<32x128xbf16, mat>
  return
}

// -----

// In a loop, a read before the gather sees the previous iteration's rows.
func.func @accumulator_regathered(%pool: !pypto.tensor<64x128xbf16>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %kv0 = pypto.create_l1 : !pypto.tile<32x128xbf16, mat>
  scf.for %i = %c0 to %c4 step %c1 {
    // expected-error @+1 {{'pypto.move' op reads an L1 accumulator that a pypto.gather_row overwrites on the next iteration}}
    %r = pypto.move %kv0 : !pypto.tile<32x128xbf16, mat> -> !pypto.tile<32x128xbf16, right>
    // expected-note @+1 {{the accumulator is written here}}
    %g = pypto.gather_row %pool[%i, %c0] into %kv0[%i, %c0] [1, 128] : !pypto.tensor<64x128xbf16> into !pypto.tile<32x128xbf16, mat>
  }
  return
}

// -----

// A loop that carries the accumulator gathers into its initial value.
func.func @accumulator_after_loop(%pool: !pypto.tensor<64x128xbf16>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %kv0 = pypto.create_l1 : !pypto.tile<32x128xbf16, mat>
  // expected-note @+1 {{the accumulator is written here}}
  %kv = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %kv0) -> (!pypto.tile<32x128xbf16, mat>) {
    %g = pypto.gather_row %pool[%i, %c0] into %a[%i, %c0] [1, 128] : !pypto.tensor<64x128xbf16> into !pypto.tile<32x128xbf16, mat>
    scf.yield %g : !pypto.tile<32x128xbf16, mat>
  }
  // expected-error @+1 {{'pypto.move' op reads an L1 accumulator that a loop carries and gathers into before this read}}
  %r = pypto.move %kv0 : !pypto.tile<32x128xbf16, mat> -> !pypto.tile<32x128xbf16, right>
  return
}
