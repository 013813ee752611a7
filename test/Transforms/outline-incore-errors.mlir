// RUN: pypto-opt %s -split-input-file -verify-diagnostics --pypto-outline-incore

// expected-error @+1 {{'func.func' op a 'incore' function cannot contain 'pypto.at' regions}}
func.func @incore() attributes {pypto.kind = "incore"} {
  pypto.at core_group {
  }
  return
}

// -----

// expected-error @+1 {{'func.func' op a 'aiv' function cannot contain 'pypto.at' regions}}
func.func @aiv(%n: index) attributes {pypto.kind = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    pypto.at core_group "k" {
    }
  }
  return
}

// -----

// expected-error @+1 {{'func.func' op a 'group' function cannot contain 'pypto.at' regions}}
func.func @group() attributes {pypto.kind = "group"} {
  pypto.at core_group {
  }
  return
}

// -----

func.func @captures_tile(%x: !pypto.tile<16x16xf32, vec>, %t: !pypto.tensor<16x16xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.at' op cannot capture a tile from outside the region}}
  pypto.at core_group {
    pypto.store %x, %t[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  }
  return
}

// -----

func.func @tail_outside(%x: !pypto.tensor<?x32xf32>, %y: !pypto.tensor<16x32xf32>, %rows: index) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{a slice with a valid shape is used inside a kernel region but taken outside it; take it inside the region, where its valid part is read}}
  %s = pypto.slice %x[%c0, %c0] [16, 32] valid [%rows, %c32]
      : !pypto.tensor<?x32xf32> -> !pypto.tensor<16x32xf32>
  // expected-note @+1 {{the region}}
  pypto.at core_group "k" {
    %e = pypto.exp %s : !pypto.tensor<16x32xf32>
    pypto.assemble %e into %y[%c0, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<16x32xf32>
  }
  return
}

// -----

// A tensor an orchestration branch chooses reaches the kernel with one
// layout: 16-row windows of a 64x64 and of a 64x128 tensor differ in their
// row stride.
func.func @branch_layouts(%a: !pypto.tensor<64x64xf32>, %b: !pypto.tensor<64x128xf32>,
                          %y: !pypto.tensor<16x64xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  // expected-note @+1 {{chosen here}}
  %t = scf.if %c -> (!pypto.tensor<16x64xf32>) {
    %sa = pypto.slice %a[%c0, %c0] [16, 64] : !pypto.tensor<64x64xf32>
    scf.yield %sa : !pypto.tensor<16x64xf32>
  } else {
    %sb = pypto.slice %b[%c0, %c0] [16, 64] : !pypto.tensor<64x128xf32>
    scf.yield %sb : !pypto.tensor<16x64xf32>
  }
  // expected-error @+1 {{'pypto.at' op reads a tensor that an scf.if chooses, and its branches yield different or run-time layouts (strides [64, 1] and [128, 1]); a kernel is compiled for one layout}}
  pypto.at core_group "k" {
    %e = pypto.exp %t : !pypto.tensor<16x64xf32>
    pypto.assemble %e into %y[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
  }
  return
}

// -----

// A tensor a loop carries has one layout too: here the loop starts with a
// 16-row window of a 64x64 tensor and then carries windows of a 64x128 one.
func.func @carried_layouts(%a: !pypto.tensor<64x64xf32>, %b: !pypto.tensor<64x128xf32>,
                           %y: !pypto.tensor<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %sa = pypto.slice %a[%c0, %c0] [16, 64] : !pypto.tensor<64x64xf32>
  // expected-note @+1 {{carried here}}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %sa) -> (!pypto.tensor<16x64xf32>) {
    // expected-error @+1 {{'pypto.at' op reads a tensor that a loop carries, and the values it yields for it have another or a run-time layout; a kernel is compiled for one layout}}
    pypto.at core_group "k" {
      %e = pypto.exp %t : !pypto.tensor<16x64xf32>
      pypto.assemble %e into %y[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
    }
    %sb = pypto.slice %b[%c0, %c0] [16, 64] : !pypto.tensor<64x128xf32>
    scf.yield %sb : !pypto.tensor<16x64xf32>
  } {pypto.loop = "range"}
  return
}
