// RUN: pypto-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect --pypto-expand-mixed-kernel
// RUN: not pypto-opt %s -allow-unregistered-dialect --pypto-expand-mixed-kernel="arch=a3" 2>&1 | FileCheck %s --check-prefix=ARCH

// ARCH: for the --arch option: unknown architecture 'a3', expected a2a3 or a5

// Only a move may cross between cube and vector memory.
func.func @extract_across(%a: !pypto.tensor<16x32xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %m = pypto.load %a[%c0, %c0] : !pypto.tensor<16x32xf32> -> !pypto.tile<16x32xf32, mat>
  // expected-error @+1 {{'pypto.extract' op mixes cube and vector tiles; only pypto.move may cross between the two}}
  %v = pypto.extract %m[%c0, %c0] : !pypto.tile<16x32xf32, mat> -> !pypto.tile<16x16xf32, vec>
  return
}

// -----

// The parts run concurrently: the AIV may load before the AIC has stored.
func.func @gm_race(%a: !pypto.tensor<16x16xf32>, %t: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
  %la = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %ra = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
  %p = pypto.matmul %la, %ra : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  // expected-note @+1 {{written here}}
  pypto.store %p, %t[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
  // expected-error @+1 {{'pypto.load' op reads a tensor that the other core type of this mixed kernel writes; the AIC and AIV parts run concurrently, so pass the value as a tile (or split the kernel in two)}}
  %v = pypto.load %t[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %e = pypto.exp %v : !pypto.tile<16x16xf32, vec>
  pypto.store %e, %t[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}

// -----

// A tile received from the AIV (in mat) cannot be carried by a loop: mat
// tiles are not copied out of their slot.
func.func @carried_mat_pop(%a: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %va = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %e = pypto.exp %va : !pypto.tile<16x16xf32, vec>
  // expected-error @+1 {{'pypto.tpop_from_aiv' op receives a tile from the AIV that a loop carries or that stays live while a nested loop receives more; use it where it is received}}
  %m = pypto.move %e : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf32, mat>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %m) -> (!pypto.tile<16x16xf32, mat>) {
    scf.yield %x : !pypto.tile<16x16xf32, mat>
  }
  %l = pypto.move %r : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %q = pypto.move %r : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
  %p = pypto.matmul %l, %q : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  pypto.store %p, %y[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
  return
}

// -----

// A received tile cannot leave the block that receives it.
func.func @yielded_pop(%a: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
  %la = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %ra = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
  %z = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %z) -> (!pypto.tile<16x16xf32, vec>) {
    %p = pypto.matmul %la, %ra : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
    %v = pypto.move %p : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
    // expected-error @+1 {{'scf.yield' op uses a popped tile outside the block that popped it; a tile received from the other core type cannot leave the block that receives it}}
    scf.yield %v : !pypto.tile<16x16xf32, vec>
  }
  pypto.store %r, %y[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}

// -----

// Code that belongs to neither side cannot use a tile of one of them.
func.func @shared_use(%a: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
  %la = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %ra = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
  %p = pypto.matmul %la, %ra : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  %v = pypto.move %p : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
  %e = pypto.exp %v : !pypto.tile<16x16xf32, vec>
  // expected-error @+1 {{'test.consume' op uses a tile of the other core type; the AIC and AIV parts of a mixed kernel can share only scalars and loops}}
  "test.consume"(%e) : (!pypto.tile<16x16xf32, vec>) -> ()
  return
}

// -----

// A loop carrying a vector tile that code of neither side uses.
func.func @shared_carried(%a: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
  %la = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %ra = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
  %p = pypto.matmul %la, %ra : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  %v = pypto.move %p : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
  %e = pypto.exp %v : !pypto.tile<16x16xf32, vec>
  // expected-error @+1 {{'scf.for' op carries a tile of the other core type that this part still uses}}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %e) -> (!pypto.tile<16x16xf32, vec>) {
    // expected-note @+1 {{used here}}
    "test.consume"(%x) : (!pypto.tile<16x16xf32, vec>) -> ()
    scf.yield %x : !pypto.tile<16x16xf32, vec>
  }
  return
}

// -----

// A signal in a kernel that would split: both parts would send it.
func.func @mixed_notify(%x: !pypto.tensor<16x32xf32>, %w: !pypto.tensor<32x32xf32>,
                        %s: !pypto.tensor<2x1xi32>, %y: !pypto.tensor<16x32xf32>,
                        %rank: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %a = pypto.load %x[%c0, %c0] : !pypto.tensor<16x32xf32> -> !pypto.tile<16x32xf32, mat>
  %b = pypto.load %w[%c0, %c0] : !pypto.tensor<32x32xf32> -> !pypto.tile<32x32xf32, mat>
  %al = pypto.move %a : !pypto.tile<16x32xf32, mat> -> !pypto.tile<16x32xf32, left>
  %bl = pypto.move %b : !pypto.tile<32x32xf32, mat> -> !pypto.tile<32x32xf32, right>
  %p = pypto.matmul %al, %bl : !pypto.tile<16x32xf32, left>, !pypto.tile<32x32xf32, right> -> !pypto.tile<16x32xf32, acc>
  %v = pypto.move %p : !pypto.tile<16x32xf32, acc> -> !pypto.tile<16x32xf32, vec>
  %r = pypto.relu %v : !pypto.tile<16x32xf32, vec>
  // expected-error @below {{'pypto.notify' op in a kernel with cube and vector work is not supported yet; signal from a kernel of one core type}}
  pypto.notify %s[%rank, %c0] peer %rank add %one : !pypto.tensor<2x1xi32>
  pypto.store %r, %y[%c0, %c0] : !pypto.tile<16x32xf32, vec>, !pypto.tensor<16x32xf32>
  return
}

// -----

// Nine received tiles live at once on the cube side: the pipe has only 8
// slots, so the ninth pop would wait for a free that comes after it.
func.func @nine_live(%a: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %v = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %m0 = pypto.move %v : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf32, mat>
  %m1 = pypto.move %v : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf32, mat>
  %m2 = pypto.move %v : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf32, mat>
  %m3 = pypto.move %v : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf32, mat>
  %m4 = pypto.move %v : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf32, mat>
  %m5 = pypto.move %v : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf32, mat>
  %m6 = pypto.move %v : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf32, mat>
  %m7 = pypto.move %v : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf32, mat>
  // expected-error @+1 {{'pypto.tpop_from_aiv' op receives a tile while 8 earlier received tiles are still live; a pipe has 8 slots per direction, so use (or copy) received tiles before receiving more}}
  %m8 = pypto.move %v : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf32, mat>
  %r = pypto.move %m0 : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
  %l1 = pypto.move %m1 : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %p1 = pypto.matmul %l1, %r : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  pypto.store %p1, %y[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
  %l2 = pypto.move %m2 : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %p2 = pypto.matmul %l2, %r : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  pypto.store %p2, %y[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
  %l3 = pypto.move %m3 : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %p3 = pypto.matmul %l3, %r : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  pypto.store %p3, %y[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
  %l4 = pypto.move %m4 : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %p4 = pypto.matmul %l4, %r : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  pypto.store %p4, %y[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
  %l5 = pypto.move %m5 : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %p5 = pypto.matmul %l5, %r : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  pypto.store %p5, %y[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
  %l6 = pypto.move %m6 : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %p6 = pypto.matmul %l6, %r : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  pypto.store %p6, %y[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
  %l7 = pypto.move %m7 : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %p7 = pypto.matmul %l7, %r : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  pypto.store %p7, %y[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
  %l8 = pypto.move %m8 : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %p8 = pypto.matmul %l8, %r : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  pypto.store %p8, %y[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
  return
}

// -----

// A GM element read is scalar work both parts may do: it races with a
// write of its tensor by either part.
func.func @scalar_gm_race(%a: !pypto.tensor<16x16xf32>, %t: !pypto.tensor<4xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
  %la = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %ra = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
  %p = pypto.matmul %la, %ra : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  %vp = pypto.move %p : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
  %e = pypto.read %vp[%c0, %c0] : !pypto.tile<16x16xf32, vec> -> f32
  // expected-note @+1 {{written here}}
  pypto.write %e into %t[%c0] : f32 into !pypto.tensor<4xf32>
  // expected-error @+1 {{'pypto.read' op reads a tensor that the other core type of this mixed kernel writes; the AIC and AIV parts run concurrently, so pass the value as a tile (or split the kernel in two)}}
  %back = pypto.read %t[%c0] : !pypto.tensor<4xf32> -> f32
  return
}

// -----

// An element of a vec tile exists on the AIV only: the cube part cannot
// use it.
func.func @tile_element_on_cube(%a: !pypto.tensor<16x16xf32>, %x: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %vx = pypto.load %x[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %e = pypto.read %vx[%c0, %c0] : !pypto.tile<16x16xf32, vec> -> f32
  // expected-error @+1 {{'arith.fptosi' op uses an element read from a vec tile, which only the AIV part of this mixed kernel has; read it from global memory to share it}}
  %n = arith.fptosi %e : f32 to i32
  %ub = arith.index_cast %n : i32 to index
  scf.for %i = %c0 to %ub step %c1 {
    %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
    %la = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
    %ra = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
    %p = pypto.matmul %la, %ra : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
    %vp = pypto.move %p : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
    pypto.store %vp, %x[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  }
  return
}

// -----

// Kernels with split_aiv regions: vector work outside the regions would run
// on both lanes.
func.func @vector_outside(%a: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %t = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  // expected-error @+1 {{'pypto.exp' op is vector work outside every 'pypto.split_aiv' region of a kernel that has them; both AIV lanes would run it: put it in a region (none keeps it whole)}}
  %e = pypto.exp %t : !pypto.tile<16x16xf32, vec>
  pypto.split_aiv none (%lane) {
    pypto.store %e, %y[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  }
  return
}

// -----

func.func @unnamed_crossing(%a: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
  %la = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %rb = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
  %m = pypto.matmul %la, %rb : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  pypto.split_aiv none (%lane) {
    // expected-error @+1 {{'pypto.move' op carries a cube value to the AIV lanes unnamed; in a kernel with split_aiv regions read it with pypto.aiv_shard in a region}}
    %v = pypto.move %m : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
    pypto.store %v, %y[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  }
  return
}

// -----

func.func @to_the_cube(%a: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %v = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  // expected-error @+1 {{'pypto.move' op carries a vector value to the AIC, which kernels with split_aiv regions do not support yet (no aic_gather)}}
  %ma = pypto.move %v : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf32, mat>
  %la = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %rb = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
  %m = pypto.matmul %la, %rb : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  pypto.store %m, %y[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
  pypto.split_aiv none (%lane) {
  }
  return
}

// -----

func.func @two_modes(%m: !pypto.tile<16x16xf32, acc>, %y: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  pypto.split_aiv up_down (%lane) {
    // expected-note @+1 {{the other crossing}}
    %h = pypto.aiv_shard %m : !pypto.tile<16x16xf32, acc> -> !pypto.tile<8x16xf32, vec>
  }
  pypto.split_aiv none (%lane) {
    // expected-error @+1 {{'pypto.aiv_shard' op crosses with split none, but another crossing of this kernel uses up_down; a kernel's crossings share one pipe and its split mode}}
    %w = pypto.aiv_shard %m : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
  }
  return
}

// -----

func.func @cube_in_region(%a: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
  pypto.split_aiv none (%lane) {
    // expected-error @+1 {{'pypto.move' op is cube work inside a 'pypto.split_aiv' region, which only the AIV lanes run; compute it before the region and read it with pypto.aiv_shard}}
    %la = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  }
  return
}

// -----

// The AIC part has no lane index.
func.func @lane_on_the_cube(%a: !pypto.tensor<32x16xf32>, %y: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %lane = pypto.get_subblock_idx : index
  // expected-error @+1 {{'arith.muli' op uses the AIV lane index, which the AIC part of this mixed kernel does not have}}
  %r = arith.muli %lane, %c16 : index
  %ma = pypto.load %a[%r, %c0] : !pypto.tensor<32x16xf32> -> !pypto.tile<16x16xf32, mat>
  %la = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %rb = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
  %m = pypto.matmul %la, %rb : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  pypto.split_aiv up_down (%l) {
    %h = pypto.aiv_shard %m : !pypto.tile<16x16xf32, acc> -> !pypto.tile<8x16xf32, vec>
  }
  return
}

// -----

// A barrier of the AIV parts only does not order the AIC's store.
func.func @gm_race_aiv_barrier(%a: !pypto.tensor<16x16xf32>, %t: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>, %b: index {pypto.spmd = "block_idx"}) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
  %la = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %ra = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
  %p = pypto.matmul %la, %ra : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  // expected-note @+1 {{written here}}
  pypto.store %p, %t[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
  pypto.syncall aiv_only
  // expected-error @+1 {{'pypto.load' op reads a tensor that the other core type of this mixed kernel writes}}
  %v = pypto.load %t[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  pypto.store %v, %y[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}

// -----

// In a loop, a barrier between the store and the load is not enough: the
// next iteration's store races with this one's load.
func.func @gm_race_loop(%a: !pypto.tensor<16x16xf32>, %t: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>, %b: index {pypto.spmd = "block_idx"}) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
    %la = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
    %ra = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
    %p = pypto.matmul %la, %ra : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
    // expected-note @+1 {{written here}}
    pypto.store %p, %t[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
    pypto.syncall mix
    // expected-error @+1 {{'pypto.load' op reads a tensor that the other core type of this mixed kernel writes}}
    %v = pypto.load %t[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
    pypto.store %v, %y[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  }
  return
}

// -----

// A hard barrier waits for every core: 16 blocks leave 20 of the 36 a5
// clusters (the default arch) idle.
func.func @partial(%a: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>, %b: index {pypto.spmd = "block_idx"}) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
  %la = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %ra = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
  %p = pypto.matmul %la, %ra : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  pypto.store %p, %y[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
  // expected-note @+1 {{the barrier}}
  pypto.syncall mix
  return
}
func.func @orch_partial(%a: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "orchestration"} {
  // expected-error @+1 {{'pypto.call' op launches 16 blocks of 'partial', whose pypto.syncall (mix) waits for every core: a hard barrier needs one block per cluster, 36 on a5 (a partial launch deadlocks on the device; pypto.available_cluster_count gives the chip's clusters)}}
  pypto.call @partial(%a, %y) {blocks = 16 : i64, sync_start}
      : (!pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32>) -> ()
  return
}

// -----

// A mix barrier also waits for the AIC cores; a vector kernel has none.
func.func @vector_mix(%a: !pypto.tensor<16x16xf32>, %b: index {pypto.spmd = "block_idx"}) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %v = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  // expected-error @+1 {{'pypto.syncall' op (mix) waits for the AIC cores, and this kernel has no cube work, so no AIC part runs it: it can never complete (use aiv_only)}}
  pypto.syncall mix
  pypto.store %v, %a[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}
func.func @orch_vector_mix(%a: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "orchestration"} {
  %n = pypto.available_cluster_count : index
  pypto.call @vector_mix(%a) blocks(%n) {sync_start} : (!pypto.tensor<16x16xf32>) -> ()
  return
}

// -----

// aiv_only in a vector kernel of one lane: one block per AIV core, 72.
func.func @vector_partial(%a: !pypto.tensor<16x16xf32>, %b: index {pypto.spmd = "block_idx"}) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %v = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  // expected-note @+1 {{the barrier}}
  pypto.syncall aiv_only
  pypto.store %v, %a[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}
func.func @orch_vector_partial(%a: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "orchestration"} {
  // expected-error @+1 {{launches 24 blocks of 'vector_partial', whose pypto.syncall (aiv_only) waits for every core: a hard barrier needs one AIV part per AIV core, 72 on a5}}
  pypto.call @vector_partial(%a) {blocks = 24 : i64, sync_start} : (!pypto.tensor<16x16xf32>) -> ()
  return
}
