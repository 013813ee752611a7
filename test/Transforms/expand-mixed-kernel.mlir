// RUN: pypto-opt %s -split-input-file --pypto-expand-mixed-kernel="arch=a5" | FileCheck %s --check-prefixes=CHECK,A5
// RUN: pypto-opt %s -split-input-file --pypto-expand-mixed-kernel="arch=a2a3" | FileCheck %s --check-prefixes=CHECK,A2A3

// Cube to vector: the product crosses once. The group keeps the signature;
// the AIC part pushes the accumulator, the AIV part pops it, adds and frees
// the slot after the add. A pipe has the hardware's 8 slots (what ptoas
// 0.27 assumes); on a2a3 both parts take the GM ring (8 slots of 16x16 f32 =
// 8 x 1024 bytes = 2048 f32).

// CHECK-LABEL: func.func @mm_add(
// CHECK-SAME:    pypto.aic = @mm_add_aic, pypto.aiv = @mm_add_aiv, pypto.kind = "group"
// CHECK-NEXT:    return

// CHECK-LABEL: func.func @mm_add_aic(
// A2A3-SAME:     %[[RING:arg[0-9]+]]: !pypto.tensor<2048xf32> {pypto.dir = "out", pypto.name = "gm_pipe_buffer", pypto.ring = 2048 : i64}
// CHECK-SAME:    pypto.kind = "aic"
// A5:            pypto.aic_initialize_pipe {dir_mask = 1 : i64, slot_num = 8 : i64, slot_size = 1024 : i64}{{$}}
// A2A3:          pypto.aic_initialize_pipe {dir_mask = 1 : i64, slot_num = 8 : i64, slot_size = 1024 : i64} ring(%[[RING]] : !pypto.tensor<2048xf32>)
// CHECK:         %[[P:.+]] = pypto.matmul
// CHECK-NEXT:    pypto.tpush_to_aiv %[[P]] : !pypto.tile<16x16xf32, acc>
// CHECK-NOT:     pypto.add
// CHECK-NOT:     pypto.store
// CHECK:         return

// CHECK-LABEL: func.func @mm_add_aiv(
// CHECK-SAME:    pypto.kind = "aiv"
// CHECK:         pypto.aiv_initialize_pipe {dir_mask = 1 : i64, slot_num = 8 : i64, slot_size = 1024 : i64}
// CHECK-NOT:     pypto.matmul
// CHECK:         %[[X:.+]] = pypto.load
// CHECK:         %[[V:.+]] = pypto.tpop_from_aic : !pypto.tile<16x16xf32, vec>
// CHECK-NEXT:    %[[S:.+]] = pypto.add %[[V]], %[[X]]
// CHECK-NEXT:    pypto.tfree_to_aic %[[V]]
// CHECK-NEXT:    pypto.store %[[S]]
func.func @mm_add(%a: !pypto.tensor<16x16xf32>, %b: !pypto.tensor<16x16xf32>,
                  %x: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
  %la = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %mb = pypto.load %b[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
  %rb = pypto.move %mb : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
  %p = pypto.matmul %la, %rb : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  %vx = pypto.load %x[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %vp = pypto.move %p : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
  %s = pypto.add %vp, %vx : !pypto.tile<16x16xf32, vec>
  pypto.store %s, %y[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}

// -----

// Vector to cube: a scaled tile feeds the matmul. The AIV pushes it, the
// AIC pops it into mat (its consumer buffer) and frees it after the move
// into L0A. A K-loop stays in the AIC part with its carried accumulator;
// the AIV part keeps the loop's scalar skeleton only while it has work in it.

// CHECK-LABEL: func.func @scale_mm_aic(
// CHECK:         pypto.aic_initialize_pipe {dir_mask = 2 : i64
// CHECK:         %[[M:.+]] = pypto.tpop_from_aiv : !pypto.tile<16x16xf32, mat>
// CHECK-NEXT:    %[[L:.+]] = pypto.move %[[M]] : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
// CHECK-NEXT:    pypto.tfree_to_aiv %[[M]]
// CHECK:         scf.for {{.*}} iter_args(%{{.+}} = %{{.+}}) -> (!pypto.tile<16x16xf32, acc>)
// CHECK:           pypto.matmul_acc
// CHECK:         pypto.store

// CHECK-LABEL: func.func @scale_mm_aiv(
// CHECK:         pypto.aiv_initialize_pipe {dir_mask = 2 : i64
// CHECK:         %[[T:.+]] = pypto.muls
// CHECK-NEXT:    pypto.tpush_to_aic %[[T]] : !pypto.tile<16x16xf32, vec>
// CHECK-NOT:     scf.for
// CHECK-NOT:     pypto.matmul
// CHECK:         return
func.func @scale_mm(%a: !pypto.tensor<16x16xf32>, %b: !pypto.tensor<16x16xf32>,
                    %y: !pypto.tensor<16x16xf32>, %s: f32)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %va = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %t = pypto.muls %va, %s : !pypto.tile<16x16xf32, vec>, f32
  %mt = pypto.move %t : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf32, mat>
  %lt = pypto.move %mt : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %mb = pypto.load %b[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
  %rb = pypto.move %mb : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
  %p = pypto.matmul %lt, %rb : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  %r = scf.for %k = %c1 to %c4 step %c1 iter_args(%acc = %p) -> (!pypto.tile<16x16xf32, acc>) {
    %n = pypto.matmul_acc %acc, %lt, %rb : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
    scf.yield %n : !pypto.tile<16x16xf32, acc>
  }
  pypto.store %r, %y[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
  return
}

// -----

// Both directions in a loop: one pipe with dir_mask 3 and the hardware's 4
// slots per direction; on a2a3 the ring holds both rings (2 x 4 slots of
// 1024 bytes = 2048 f32). The loop goes to both parts with the pipe ops
// inside.

// CHECK-LABEL: func.func @round_trip_aic(
// A2A3-SAME:     !pypto.tensor<2048xf32>
// CHECK:         pypto.aic_initialize_pipe {dir_mask = 3 : i64, slot_num = 4 : i64
// CHECK:         scf.for
// CHECK:           pypto.tpush_to_aiv
// CHECK:           %[[M:.+]] = pypto.tpop_from_aiv
// CHECK:           pypto.tfree_to_aiv %[[M]]
// CHECK-LABEL: func.func @round_trip_aiv(
// CHECK:         pypto.aiv_initialize_pipe {dir_mask = 3 : i64
// CHECK:         scf.for
// CHECK:           %[[V:.+]] = pypto.tpop_from_aic
// CHECK-NEXT:      %[[E:.+]] = pypto.exp %[[V]]
// CHECK-NEXT:      pypto.tfree_to_aic %[[V]]
// CHECK-NEXT:      pypto.tpush_to_aic %[[E]]
func.func @round_trip(%a: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
    %la = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
    %ra = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
    %p = pypto.matmul %la, %ra : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
    %v = pypto.move %p : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
    %e = pypto.exp %v : !pypto.tile<16x16xf32, vec>
    %m = pypto.move %e : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf32, mat>
    %l = pypto.move %m : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
    %q = pypto.matmul %l, %ra : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
    pypto.store %q, %y[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
  }
  return
}

// -----

// Two popped tiles of one type live at once: the first is copied out of its
// slot and freed before the second pop (ptoas 0.27 would give both pops one
// C++ tile).

// CHECK-LABEL: func.func @two_live_aiv(
// CHECK:         %[[V0:.+]] = pypto.tpop_from_aic
// CHECK-NEXT:    %[[C:.+]] = pypto.move %[[V0]] : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf32, vec>
// CHECK-NEXT:    pypto.tfree_to_aic %[[V0]]
// CHECK-NEXT:    %[[V1:.+]] = pypto.tpop_from_aic
// CHECK-NEXT:    %[[S:.+]] = pypto.add %[[V1]], %[[C]]
// CHECK-NEXT:    pypto.tfree_to_aic %[[V1]]
func.func @two_live(%a: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
  %la = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %ra = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
  %p = pypto.matmul %la, %ra : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  %q = pypto.matmul %la, %ra : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  %v0 = pypto.move %p : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
  %v1 = pypto.move %q : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
  %s = pypto.add %v1, %v0 : !pypto.tile<16x16xf32, vec>
  pypto.store %s, %y[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}

// -----

// Kernels of one core type are left alone.

// CHECK-LABEL: func.func @vector_only(
// CHECK-SAME:    pypto.kind = "incore"
// CHECK-NOT:     initialize_pipe
// CHECK-NOT:     func.func @vector_only_aiv
func.func @vector_only(%x: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %v = pypto.load %x[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %e = pypto.exp %v : !pypto.tile<16x16xf32, vec>
  pypto.store %e, %y[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}

// -----

// Popped tiles of different types stay in their slots while both are live,
// each freed after its last use, and the pipe has the hardware's 8 slots.

// CHECK-LABEL: func.func @two_types_live_aic(
// CHECK:         pypto.aic_initialize_pipe {dir_mask = 1 : i64, slot_num = 8 : i64, slot_size = 2048 : i64}
// CHECK-LABEL: func.func @two_types_live_aiv(
// CHECK:         %[[V0:.+]] = pypto.tpop_from_aic : !pypto.tile<16x16xf32, vec>
// CHECK-NEXT:    %[[V1:.+]] = pypto.tpop_from_aic : !pypto.tile<16x32xf32, vec>
// CHECK-NEXT:    pypto.store %[[V0]]
// CHECK-NEXT:    pypto.tfree_to_aic %[[V0]]
// CHECK-NEXT:    pypto.store %[[V1]]
// CHECK-NEXT:    pypto.tfree_to_aic %[[V1]]
func.func @two_types_live(%a: !pypto.tensor<16x16xf32>, %b: !pypto.tensor<16x32xf32>,
                          %y: !pypto.tensor<16x16xf32>, %z: !pypto.tensor<16x32xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
  %la = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %ra = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
  %mb = pypto.load %b[%c0, %c0] : !pypto.tensor<16x32xf32> -> !pypto.tile<16x32xf32, mat>
  %rb = pypto.move %mb : !pypto.tile<16x32xf32, mat> -> !pypto.tile<16x32xf32, right>
  %p = pypto.matmul %la, %ra : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  %q = pypto.matmul %la, %rb : !pypto.tile<16x16xf32, left>, !pypto.tile<16x32xf32, right> -> !pypto.tile<16x32xf32, acc>
  %v0 = pypto.move %p : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
  %v1 = pypto.move %q : !pypto.tile<16x32xf32, acc> -> !pypto.tile<16x32xf32, vec>
  pypto.store %v0, %y[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  pypto.store %v1, %z[%c0, %c0] : !pypto.tile<16x32xf32, vec>, !pypto.tensor<16x32xf32>
  return
}

// -----

// A received product that stays live while a loop receives more is copied
// out of its slot at once (TFREE releases the oldest slot), and freed
// right after the copy; the loop's own tiles are freed inside it.

// CHECK-LABEL: func.func @live_across_aiv(
// CHECK:         %[[P:.+]] = pypto.tpop_from_aic : !pypto.tile<16x16xf32, vec>
// CHECK-NEXT:    %[[C:.+]] = pypto.move %[[P]] : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf32, vec>
// CHECK-NEXT:    pypto.tfree_to_aic %[[P]]
// CHECK:         scf.for
// CHECK:           %[[Q:.+]] = pypto.tpop_from_aic
// CHECK-NEXT:      pypto.add %[[C]], %[[Q]]
// CHECK-NEXT:      pypto.tfree_to_aic %[[Q]]
func.func @live_across(%a: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<64x16xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
  %la = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %ra = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
  %p = pypto.matmul %la, %ra : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  %vp = pypto.move %p : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
  scf.for %i = %c0 to %c64 step %c16 {
    %q = pypto.matmul %la, %ra : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
    %vq = pypto.move %q : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
    %s = pypto.add %vp, %vq : !pypto.tile<16x16xf32, vec>
    pypto.store %s, %y[%i, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<64x16xf32>
  }
  return
}

// -----

// Accumulator chains across loops: a K-loop's result starts the next loop,
// and an outer loop's accumulator starts an inner loop that it yields. The
// AIV part drops the accumulator from every loop at once (no loop is left
// using another's dropped tile); the AIC part keeps all of them.

// CHECK-LABEL: func.func @acc_chains_aic(
// CHECK:         %[[P0:.+]] = scf.for {{.+}} -> (!pypto.tile<16x64xf32, acc>)
// CHECK:         %[[P1:.+]] = scf.for {{.+}} iter_args(%{{.+}} = %[[P0]]) -> (!pypto.tile<16x64xf32, acc>)
// CHECK:           scf.for {{.+}} -> (!pypto.tile<16x64xf32, acc>)
// CHECK:         pypto.tpush_to_aiv %[[P1]]
// CHECK-LABEL: func.func @acc_chains_aiv(
// CHECK-NOT:     tile<16x64xf32, acc>
// CHECK:         %[[V:.+]] = pypto.tpop_from_aic : !pypto.tile<16x64xf32, vec>
// CHECK:         pypto.adds %[[V]]
func.func @acc_chains(%l: !pypto.tile<16x64xf32, left>, %r: !pypto.tile<64x64xf32, right>,
                      %y: !pypto.tensor<16x64xf32>, %s: f32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %first = pypto.matmul %l, %r : !pypto.tile<16x64xf32, left>, !pypto.tile<64x64xf32, right> -> !pypto.tile<16x64xf32, acc>
  %p0 = scf.for %k = %c0 to %c4 step %c1 iter_args(%a = %first) -> (!pypto.tile<16x64xf32, acc>) {
    %n = pypto.matmul_acc %a, %l, %r : !pypto.tile<16x64xf32, left>, !pypto.tile<64x64xf32, right> -> !pypto.tile<16x64xf32, acc>
    scf.yield %n : !pypto.tile<16x64xf32, acc>
  }
  %p1 = scf.for %i = %c0 to %c4 step %c1 iter_args(%o = %p0) -> (!pypto.tile<16x64xf32, acc>) {
    %inner = scf.for %k = %c0 to %c4 step %c1 iter_args(%a = %o) -> (!pypto.tile<16x64xf32, acc>) {
      %n = pypto.matmul_acc %a, %l, %r : !pypto.tile<16x64xf32, left>, !pypto.tile<64x64xf32, right> -> !pypto.tile<16x64xf32, acc>
      scf.yield %n : !pypto.tile<16x64xf32, acc>
    }
    scf.yield %inner : !pypto.tile<16x64xf32, acc>
  }
  %v = pypto.move %p1 : !pypto.tile<16x64xf32, acc> -> !pypto.tile<16x64xf32, vec>
  %w = pypto.adds %v, %s : !pypto.tile<16x64xf32, vec>, f32
  pypto.store %w, %y[%c0, %c0] : !pypto.tile<16x64xf32, vec>, !pypto.tensor<16x64xf32>
  return
}

// -----

// A 128x64 f32 tile crosses: the hardware's 8 slots of 32 KiB and two more
// such tiles would not fit in vec memory (a5: 256 KiB, a2a3: 192 KiB), so
// the pipe gets 2 slots, which the built-in lowering runs and ptoas 0.27
// cannot express (it has no slot_num).

// CHECK-LABEL: func.func @big_tile_aic(
// CHECK:         pypto.aic_initialize_pipe {dir_mask = 1 : i64, slot_num = 2 : i64, slot_size = 32768 : i64}
// CHECK-LABEL: func.func @big_tile_aiv(
// CHECK:         pypto.aiv_initialize_pipe {dir_mask = 1 : i64, slot_num = 2 : i64, slot_size = 32768 : i64}
func.func @big_tile(%a: !pypto.tensor<128x16xf32>, %b: !pypto.tensor<16x64xf32>,
                    %y: !pypto.tensor<128x64xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<128x16xf32> -> !pypto.tile<128x16xf32, mat>
  %la = pypto.move %ma : !pypto.tile<128x16xf32, mat> -> !pypto.tile<128x16xf32, left>
  %mb = pypto.load %b[%c0, %c0] : !pypto.tensor<16x64xf32> -> !pypto.tile<16x64xf32, mat>
  %rb = pypto.move %mb : !pypto.tile<16x64xf32, mat> -> !pypto.tile<16x64xf32, right>
  %p = pypto.matmul %la, %rb : !pypto.tile<128x16xf32, left>, !pypto.tile<16x64xf32, right> -> !pypto.tile<128x64xf32, acc>
  %v = pypto.move %p : !pypto.tile<128x64xf32, acc> -> !pypto.tile<128x64xf32, vec>
  %e = pypto.exp %v : !pypto.tile<128x64xf32, vec>
  pypto.store %e, %y[%c0, %c0] : !pypto.tile<128x64xf32, vec>, !pypto.tensor<128x64xf32>
  return
}

// -----

// A branch with a vec tile result in a mixed kernel stays in the AIV part,
// on the popped product; the AIC part keeps no branch result.
// CHECK-LABEL: func.func @branch_in_mixed_aic
// CHECK-NOT:   scf.if {{.*}} ->
// CHECK:       pypto.tpush_to_aiv
// CHECK-LABEL: func.func @branch_in_mixed_aiv
// CHECK:       %[[POP:.*]] = pypto.tpop_from_aic
// CHECK:       %[[B:.*]] = scf.if %{{.*}} -> (!pypto.tile<16x16xf32, vec>) {
// CHECK:         pypto.exp %[[POP]]
// CHECK:       } else {
// CHECK:         pypto.neg %[[POP]]
// CHECK:       pypto.store %[[B]]
func.func @branch_in_mixed(%x: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>, %c: i1) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %a = pypto.load %x[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
  %l = pypto.move %a : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %r = pypto.move %a : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
  %p = pypto.matmul %l, %r : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  %v = pypto.move %p : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
  %b = scf.if %c -> (!pypto.tile<16x16xf32, vec>) {
    %e = pypto.exp %v : !pypto.tile<16x16xf32, vec>
    scf.yield %e : !pypto.tile<16x16xf32, vec>
  } else {
    %n = pypto.neg %v : !pypto.tile<16x16xf32, vec>
    scf.yield %n : !pypto.tile<16x16xf32, vec>
  }
  pypto.store %b, %y[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}

// -----

// Scalar access in a mixed kernel: an element of a vec tile is read on the
// AIV part, which also does the kernel's element writes; a GM element read
// for a loop bound is scalar work both parts do.

// CHECK-LABEL: func.func @mm_scalars_aic(
// CHECK:         pypto.read %{{.+}}[%{{.+}}] : !pypto.tensor<4xi32> -> i32
// CHECK:         scf.for
// CHECK:           pypto.matmul
// CHECK-NOT:     pypto.write
// CHECK-NOT:     pypto.read %{{.+}} : !pypto.tile
// CHECK:         return

// CHECK-LABEL: func.func @mm_scalars_aiv(
// CHECK:         pypto.read %{{.+}}[%{{.+}}] : !pypto.tensor<4xi32> -> i32
// CHECK:         scf.for
// CHECK:           %[[V:.+]] = pypto.tpop_from_aic : !pypto.tile<16x16xf32, vec>
// CHECK:           %[[E:.+]] = pypto.read %[[V]][%{{.+}}, %{{.+}}] : !pypto.tile<16x16xf32, vec> -> f32
// CHECK:           pypto.write %[[E]] into %{{.+}}[%{{.+}}] : f32 into !pypto.tensor<4xf32>
func.func @mm_scalars(%a: !pypto.tensor<16x16xf32>, %n: !pypto.tensor<4xi32>,
                      %out: !pypto.tensor<4xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %count = pypto.read %n[%c0] : !pypto.tensor<4xi32> -> i32
  %ub = arith.index_cast %count : i32 to index
  scf.for %i = %c0 to %ub step %c1 {
    %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
    %la = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
    %ra = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
    %p = pypto.matmul %la, %ra : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
    %vp = pypto.move %p : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
    %e = pypto.read %vp[%i, %c0] : !pypto.tile<16x16xf32, vec> -> f32
    pypto.write %e into %out[%i] : f32 into !pypto.tensor<4xf32>
  }
  return
}

// -----

// A loop scanning a row of the product (a vec tile, after the move) for its
// maximum, used only by vector work: the AIC part drops it with the reads
// it contains; the AIV part keeps it.

// CHECK-LABEL: func.func @scan_aic
// CHECK-NOT:   scf.for
// CHECK:       return
// CHECK-LABEL: func.func @scan_aiv
// CHECK:       scf.for {{.+}} iter_args({{.+}}) -> (f32)
// CHECK:         pypto.read {{.+}} : !pypto.tile<16x16xf32, vec> -> f32
// CHECK:         arith.maximumf
// CHECK:       pypto.subs
func.func @scan(%arg0: !pypto.tensor<16x32xf32> {pypto.dir = "in", pypto.strides = array<i64: 32, 1>}, %arg1: !pypto.tensor<32x16xf32> {pypto.dir = "in", pypto.strides = array<i64: 16, 1>}, %arg2: !pypto.tensor<16x16xf32> {pypto.dir = "out", pypto.strides = array<i64: 16, 1>}) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c0_0 = arith.constant 0 : index
  %c0_1 = arith.constant 0 : index
  %c15 = arith.constant 15 : index
  %c0_2 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1 = arith.constant 1 : index
  %0 = pypto.load %arg0[%c0_1, %c0_1] : !pypto.tensor<16x32xf32> -> !pypto.tile<16x32xf32, mat>
  %1 = pypto.move %0 : !pypto.tile<16x32xf32, mat> -> !pypto.tile<16x32xf32, left>
  %2 = pypto.load %arg1[%c0_0, %c0_0] : !pypto.tensor<32x16xf32> -> !pypto.tile<32x16xf32, mat>
  %3 = pypto.move %2 : !pypto.tile<32x16xf32, mat> -> !pypto.tile<32x16xf32, right>
  %4 = pypto.matmul %1, %3 : !pypto.tile<16x32xf32, left>, !pypto.tile<32x16xf32, right>
  %5 = pypto.move %4 : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
  %6 = pypto.read %5[%c15, %c0_2] : !pypto.tile<16x16xf32, vec> -> f32
  %7 = scf.for %arg3 = %c0_2 to %c16 step %c1 iter_args(%arg4 = %6) -> (f32) {
    %11 = pypto.read %5[%c15, %arg3] : !pypto.tile<16x16xf32, vec> -> f32
    %12 = arith.maximumf %arg4, %11 : f32
    scf.yield %12 : f32
  } {pypto.loop = "range"}
  %8 = pypto.subs %5, %7 : !pypto.tile<16x16xf32, vec>, f32
  %9 = arith.addi %c0, %c0_2 : index
  %10 = arith.addi %c0, %c0_2 : index
  pypto.store %8, %arg2[%9, %10] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}
