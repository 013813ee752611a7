// RUN: pypto-opt %s -split-input-file --pypto-infer-memory-space | FileCheck %s

// Producers decide: products live in acc, vector results in vec; a tile
// only matmuls read is loaded into mat and moved to left and right (one move
// per space, right after the load, shared by all users).

// CHECK-LABEL: func.func @mm_then_vector
// CHECK:       %[[A:.+]] = pypto.load {{.*}} -> !pypto.tile<16x16xf32, mat>
// CHECK-NEXT:  %[[R:.+]] = pypto.move %[[A]] : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
// CHECK-NEXT:  %[[L:.+]] = pypto.move %[[A]] : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
// CHECK-NEXT:  %[[P:.+]] = pypto.matmul %[[L]], %[[R]] : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right>
// CHECK-NEXT:  %[[V:.+]] = pypto.move %[[P]] : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
// CHECK-NEXT:  %[[E:.+]] = pypto.exp %[[V]] : !pypto.tile<16x16xf32, vec>
// CHECK-NEXT:  %[[Q:.+]] = pypto.matmul %[[L]], %[[R]]
// CHECK:       pypto.store %[[E]], {{.*}} : !pypto.tile<16x16xf32, vec>
// CHECK:       pypto.store %[[Q]], {{.*}} : !pypto.tile<16x16xf32, acc>
func.func @mm_then_vector(%x: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>,
                          %z: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %a = pypto.load %x[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32>
  %p = pypto.matmul %a, %a : !pypto.tile<16x16xf32>, !pypto.tile<16x16xf32> -> !pypto.tile<16x16xf32>
  %e = pypto.exp %p : !pypto.tile<16x16xf32>
  %q = pypto.matmul %a, %a : !pypto.tile<16x16xf32>, !pypto.tile<16x16xf32> -> !pypto.tile<16x16xf32>
  pypto.store %e, %y[%c0, %c0] : !pypto.tile<16x16xf32>, !pypto.tensor<16x16xf32>
  pypto.store %q, %z[%c0, %c0] : !pypto.tile<16x16xf32>, !pypto.tensor<16x16xf32>
  return
}

// -----

// A window read by both units is loaded twice: into vec for the vector op
// and into mat for the matmul. A vector result feeding a matmul is staged
// in mat; a product feeding another matmul too.

// CHECK-LABEL: func.func @shared_window
// CHECK:       %[[M:.+]] = pypto.load %{{.+}}[%{{.+}}, %{{.+}}] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
// CHECK:       %[[V:.+]] = pypto.load %{{.+}}[%{{.+}}, %{{.+}}] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
// CHECK:       %[[S:.+]] = pypto.adds %[[V]]
// CHECK-NEXT:  %[[SM:.+]] = pypto.move %[[S]] : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf32, mat>
// CHECK-NEXT:  %[[SL:.+]] = pypto.move %[[SM]] : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
// CHECK:       %[[P:.+]] = pypto.matmul %[[SL]], %{{.+}}
// CHECK-NEXT:  %[[PM:.+]] = pypto.move %[[P]] : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, mat>
// CHECK-NEXT:  %[[PL:.+]] = pypto.move %[[PM]] : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
// CHECK:       pypto.matmul %[[PL]]
func.func @shared_window(%x: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>, %s: f32)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %a = pypto.load %x[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32>
  %t = pypto.adds %a, %s : !pypto.tile<16x16xf32>, f32
  %p = pypto.matmul %t, %a : !pypto.tile<16x16xf32>, !pypto.tile<16x16xf32> -> !pypto.tile<16x16xf32>
  %q = pypto.matmul %p, %a : !pypto.tile<16x16xf32>, !pypto.tile<16x16xf32> -> !pypto.tile<16x16xf32>
  pypto.store %q, %y[%c0, %c0] : !pypto.tile<16x16xf32>, !pypto.tensor<16x16xf32>
  return
}

// -----

// Loop-carried tiles take their initial value's space: an accumulator in
// acc across a K-loop, a running sum in vec.

// CHECK-LABEL: func.func @carried
// CHECK:       scf.for {{.*}} iter_args(%[[ACC:.+]] = %{{.+}}, %[[SUM:.+]] = %{{.+}}) -> (!pypto.tile<16x16xf32, acc>, !pypto.tile<16x16xf32, vec>)
// CHECK:         pypto.matmul_acc %[[ACC]], {{.*}}
// CHECK:         pypto.add %[[SUM]], {{.*}} : !pypto.tile<16x16xf32, vec>
func.func @carried(%x: !pypto.tensor<16x64xf32>, %w: !pypto.tensor<64x16xf32>,
                   %y: !pypto.tensor<16x16xf32>, %z: f32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %a0 = pypto.load %x[%c0, %c0] : !pypto.tensor<16x64xf32> -> !pypto.tile<16x16xf32>
  %b0 = pypto.load %w[%c0, %c0] : !pypto.tensor<64x16xf32> -> !pypto.tile<16x16xf32>
  %p0 = pypto.matmul %a0, %b0 : !pypto.tile<16x16xf32>, !pypto.tile<16x16xf32> -> !pypto.tile<16x16xf32>
  %s0 = pypto.full %z : f32 -> !pypto.tile<16x16xf32>
  %r:2 = scf.for %k = %c16 to %c64 step %c16 iter_args(%acc = %p0, %sum = %s0)
      -> (!pypto.tile<16x16xf32>, !pypto.tile<16x16xf32>) {
    %a = pypto.load %x[%c0, %k] : !pypto.tensor<16x64xf32> -> !pypto.tile<16x16xf32>
    %b = pypto.load %w[%k, %c0] : !pypto.tensor<64x16xf32> -> !pypto.tile<16x16xf32>
    %n = pypto.matmul_acc %acc, %a, %b : !pypto.tile<16x16xf32>, !pypto.tile<16x16xf32> -> !pypto.tile<16x16xf32>
    %e = pypto.exp %a : !pypto.tile<16x16xf32>
    %m = pypto.add %sum, %e : !pypto.tile<16x16xf32>
    scf.yield %n, %m : !pypto.tile<16x16xf32>, !pypto.tile<16x16xf32>
  }
  %o = pypto.add %r#1, %r#1 : !pypto.tile<16x16xf32>
  pypto.store %r#0, %y[%c0, %c0] : !pypto.tile<16x16xf32>, !pypto.tensor<16x16xf32>
  return
}

// -----

// Tiles that have a space keep it.

// CHECK-LABEL: func.func @placed
// CHECK:       pypto.load {{.*}} -> !pypto.tile<16x16xf32, vec>
// CHECK-NOT:   pypto.move
func.func @placed(%x: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "aiv"} {
  %c0 = arith.constant 0 : index
  %a = pypto.load %x[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %e = pypto.exp %a : !pypto.tile<16x16xf32, vec>
  return
}

// -----

// A running sum that starts from a product and adds vector results is
// carried in vec: the product moves there once, before the loop.

// CHECK-LABEL: func.func @sum_from_product
// CHECK:       %[[P:.+]] = pypto.matmul {{.*}}
// CHECK-NEXT:  %[[V:.+]] = pypto.move %[[P]] : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
// CHECK:       scf.for {{.*}} iter_args(%{{.+}} = %[[V]]) -> (!pypto.tile<16x16xf32, vec>)
func.func @sum_from_product(%x: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = pypto.load %x[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32>
  %p = pypto.matmul %a, %a : !pypto.tile<16x16xf32>, !pypto.tile<16x16xf32> -> !pypto.tile<16x16xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%s = %p) -> (!pypto.tile<16x16xf32>) {
    %e = pypto.exp %a : !pypto.tile<16x16xf32>
    %n = pypto.add %s, %e : !pypto.tile<16x16xf32>
    scf.yield %n : !pypto.tile<16x16xf32>
  }
  pypto.store %r, %y[%c0, %c0] : !pypto.tile<16x16xf32>, !pypto.tensor<16x16xf32>
  return
}

// -----

// A branch's tile result lives where the then-branch's value does; the
// else-branch's value, a product in acc, is moved there.
// CHECK-LABEL: func.func @branch_spaces
// CHECK:       %[[V:.*]] = scf.if %{{.*}} -> (!pypto.tile<16x16xf32, vec>) {
// CHECK:         %[[E:.*]] = pypto.exp %{{.*}} : !pypto.tile<16x16xf32, vec>
// CHECK:         scf.yield %[[E]] : !pypto.tile<16x16xf32, vec>
// CHECK:       } else {
// CHECK:         %[[P:.*]] = pypto.matmul %{{.*}}
// CHECK:         %[[M:.*]] = pypto.move %[[P]] : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
// CHECK:         scf.yield %[[M]] : !pypto.tile<16x16xf32, vec>
// CHECK:       pypto.store %[[V]]
func.func @branch_spaces(%x: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>, %c: i1) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %v = scf.if %c -> (!pypto.tile<16x16xf32>) {
    %t = pypto.load %x[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32>
    %e = pypto.exp %t : !pypto.tile<16x16xf32>
    scf.yield %e : !pypto.tile<16x16xf32>
  } else {
    %a = pypto.load %x[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32>
    %p = pypto.matmul %a, %a : !pypto.tile<16x16xf32>, !pypto.tile<16x16xf32> -> !pypto.tile<16x16xf32>
    scf.yield %p : !pypto.tile<16x16xf32>
  }
  pypto.store %v, %y[%c0, %c0] : !pypto.tile<16x16xf32>, !pypto.tensor<16x16xf32>
  return
}

// -----

// A branch without results or an else region (tile work done only when a
// token is inside the tensor, as hc_post does): the tiles in it get their
// spaces as anywhere else.
// CHECK-LABEL: func.func @branch_without_else
// CHECK:       scf.if %{{.*}} {
// CHECK-NEXT:    %[[T:.*]] = pypto.load %{{.*}} -> !pypto.tile<1x64xf32, vec>
// CHECK-NEXT:    %[[E:.*]] = pypto.exp %[[T]] : !pypto.tile<1x64xf32, vec>
// CHECK-NEXT:    pypto.store %[[E]]
// CHECK-NEXT:  }
func.func @branch_without_else(%x: !pypto.tensor<1x64xf32>, %y: !pypto.tensor<1x64xf32>, %c: i1) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  scf.if %c {
    %t = pypto.load %x[%c0, %c0] : !pypto.tensor<1x64xf32> -> !pypto.tile<1x64xf32>
    %e = pypto.exp %t : !pypto.tile<1x64xf32>
    pypto.store %e, %y[%c0, %c0] : !pypto.tile<1x64xf32>, !pypto.tensor<1x64xf32>
  }
  return
}

// -----

// The placeholder a loop starts an init_cond accumulator from is an acc
// tile; the loop's result reaches vector work through a move.
// CHECK-LABEL: func.func @init_cond_placeholder
// CHECK:       %[[P:.*]] = pypto.create_tile : !pypto.tile<16x16xf32, acc>
// CHECK:       %[[R:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %[[P]]) -> (!pypto.tile<16x16xf32, acc>)
// CHECK:         pypto.matmul_acc %[[A]], %{{.*}}, %{{.*}} init %{{.*}} : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right>
// CHECK:       %[[V:.*]] = pypto.move %[[R]] : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
// CHECK-NEXT:  pypto.exp %[[V]] : !pypto.tile<16x16xf32, vec>
func.func @init_cond_placeholder(%x: !pypto.tensor<16x64xf32>, %y: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %p = pypto.create_tile : !pypto.tile<16x16xf32>
  %r = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %p) -> (!pypto.tile<16x16xf32>) {
    %first = arith.cmpi eq, %k, %c0 : index
    %a = pypto.load %x[%c0, %k] : !pypto.tensor<16x64xf32> -> !pypto.tile<16x16xf32>
    %n = pypto.matmul_acc %acc, %a, %a init %first : !pypto.tile<16x16xf32>, !pypto.tile<16x16xf32> -> !pypto.tile<16x16xf32>
    scf.yield %n : !pypto.tile<16x16xf32>
  }
  %e = pypto.exp %r : !pypto.tile<16x16xf32>
  pypto.store %e, %y[%c0, %c0] : !pypto.tile<16x16xf32>, !pypto.tensor<16x16xf32>
  return
}
