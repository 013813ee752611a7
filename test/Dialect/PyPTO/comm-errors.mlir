// RUN: pypto-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// pypto.ranks
//===----------------------------------------------------------------------===//

func.func @world_zero() {
  // expected-error @+1 {{'pypto.ranks' op world must be 1..64 ranks, got 0}}
  pypto.ranks world(0) (%rank) {
  }
  return
}

// -----

func.func @world_too_large() {
  // expected-error @+1 {{'pypto.ranks' op world must be 1..64 ranks, got 65}}
  pypto.ranks world(65) (%rank) {
  }
  return
}

// -----

func.func @rank_not_index() {
  // expected-error @+1 {{'pypto.ranks' op region takes the rank (index) as its only argument}}
  "pypto.ranks"() <{world = 2 : i64}> ({
  ^bb0(%rank: i32):
  }) : () -> ()
  return
}

// -----

func.func @no_rank() {
  // expected-error @+1 {{'pypto.ranks' op region takes the rank (index) as its only argument}}
  "pypto.ranks"() <{world = 2 : i64}> ({
  ^bb0:
  }) : () -> ()
  return
}

// -----

func.func @two_ranks(%a: index, %b: index) {
  // expected-error @+1 {{'pypto.ranks' op region takes the rank (index) as its only argument}}
  "pypto.ranks"() <{world = 2 : i64}> ({
  ^bb0(%r: index, %s: index):
  }) : () -> ()
  return
}

// -----

func.func @ranks_in_at() {
  pypto.at core_group {
    // expected-error @+1 {{'pypto.ranks' op must be in the orchestration, outside kernels and other 'pypto.ranks' regions}}
    pypto.ranks world(2) (%rank) {
    }
  }
  return
}

// -----

func.func @ranks_in_spmd() {
  pypto.spmd core_group blocks(2) (%b) {
    // expected-error @+1 {{'pypto.ranks' op must be in the orchestration, outside kernels and other 'pypto.ranks' regions}}
    pypto.ranks world(2) (%rank) {
    }
  }
  return
}

// -----

// Outside a function it is rejected: it belongs in the entry function.
// expected-error @+1 {{'pypto.ranks' op runs once per chip: it belongs directly in the function's body, not in a loop or branch}}
pypto.ranks world(2) (%rank) {
  pypto.ranks world(2) (%inner) {
  }
}

// -----

func.func @ranks_twice() {
  // expected-error @+1 {{'pypto.ranks' op a program has at most one 'pypto.ranks' region}}
  pypto.ranks world(2) (%rank) {
  }
  pypto.ranks world(2) (%again) {
  }
  return
}

// -----

// In a function, a nested region is a second one.
func.func @ranks_nested() {
  // expected-error @+1 {{'pypto.ranks' op a program has at most one 'pypto.ranks' region}}
  pypto.ranks world(2) (%rank) {
    pypto.ranks world(2) (%inner) {
    }
  }
  return
}

//===----------------------------------------------------------------------===//
// pypto.alloc_window
//===----------------------------------------------------------------------===//

// -----

func.func @window_in_ranks() {
  pypto.ranks world(2) (%rank) {
    // expected-error @+1 {{'pypto.alloc_window' op allocates a buffer of every rank: it belongs outside 'pypto.ranks' and kernels}}
    %w = pypto.alloc_window : !pypto.tensor<2x1xi32>
  }
  return
}

// -----

func.func @window_in_at() {
  pypto.at core_group {
    // expected-error @+1 {{'pypto.alloc_window' op allocates a buffer of every rank: it belongs outside 'pypto.ranks' and kernels}}
    %w = pypto.alloc_window : !pypto.tensor<16x16xf32>
  }
  return
}

// -----

func.func @window_in_spmd() {
  pypto.spmd core_group blocks(2) (%b) {
    // expected-error @+1 {{'pypto.alloc_window' op allocates a buffer of every rank: it belongs outside 'pypto.ranks' and kernels}}
    %w = pypto.alloc_window : !pypto.tensor<16x16xf32>
  }
  return
}

//===----------------------------------------------------------------------===//
// pypto.remote_load
//===----------------------------------------------------------------------===//

// -----

func.func @remote_load_shape(%w: !pypto.tensor<4x16xf32>, %p: index) {
  %c0 = arith.constant 0 : index
  pypto.at core_group {
    // expected-error @+1 {{'pypto.remote_load' op result type must be the window: '!pypto.tensor<1x16xf32>'}}
    %r = pypto.remote_load %w[%c0, %c0] [1, 16] peer %p : !pypto.tensor<4x16xf32> -> !pypto.tensor<1x8xf32>
  }
  return
}

// -----

func.func @remote_load_element(%w: !pypto.tensor<4x16xf32>, %p: index) {
  %c0 = arith.constant 0 : index
  pypto.at core_group {
    // expected-error @+1 {{'pypto.remote_load' op result type must be the window: '!pypto.tensor<2x16xf32>'}}
    %r = pypto.remote_load %w[%c0, %c0] [2, 16] peer %p : !pypto.tensor<4x16xf32> -> !pypto.tensor<2x16xf16>
  }
  return
}

// -----

func.func @remote_load_out_of_bounds(%w: !pypto.tensor<4x16xf32>, %p: index) {
  %c3 = arith.constant 3 : index
  %c0 = arith.constant 0 : index
  pypto.at core_group {
    // expected-error @+1 {{'pypto.remote_load' op window [3, 5) of dimension 0 is out of bounds of the source tensor (4)}}
    %r = pypto.remote_load %w[%c3, %c0] [2, 16] peer %p : !pypto.tensor<4x16xf32> -> !pypto.tensor<2x16xf32>
  }
  return
}

// -----

func.func @remote_load_too_large(%w: !pypto.tensor<4x16xf32>, %p: index) {
  %c0 = arith.constant 0 : index
  pypto.at core_group {
    // expected-error @+1 {{'pypto.remote_load' op window dimension 1 (32) exceeds the source tensor (16)}}
    %r = pypto.remote_load %w[%c0, %c0] [4, 32] peer %p : !pypto.tensor<4x16xf32> -> !pypto.tensor<4x32xf32>
  }
  return
}

// -----

func.func @remote_load_offsets(%w: !pypto.tensor<4x16xf32>, %p: index) {
  %c0 = arith.constant 0 : index
  pypto.at core_group {
    // expected-error @+1 {{'pypto.remote_load' op expected 2 offsets, one per dimension of the source tensor, got 1}}
    %r = pypto.remote_load %w[%c0] [4, 16] peer %p : !pypto.tensor<4x16xf32> -> !pypto.tensor<4x16xf32>
  }
  return
}

// -----

func.func @remote_load_outside_kernel(%w: !pypto.tensor<4x16xf32>, %p: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.remote_load' op runs in a kernel: put it in a 'pypto.at' or 'pypto.spmd' region}}
  %r = pypto.remote_load %w[%c0, %c0] [1, 16] peer %p : !pypto.tensor<4x16xf32> -> !pypto.tensor<1x16xf32>
  return
}

// -----

// The ranks region is the orchestration, not a kernel.
func.func @remote_load_in_ranks(%p: index) {
  %c0 = arith.constant 0 : index
  %w = pypto.alloc_window : !pypto.tensor<4x16xf32>
  pypto.ranks world(2) (%rank) {
    // expected-error @+1 {{'pypto.remote_load' op runs in a kernel: put it in a 'pypto.at' or 'pypto.spmd' region}}
    %r = pypto.remote_load %w[%c0, %c0] [1, 16] peer %rank : !pypto.tensor<4x16xf32> -> !pypto.tensor<1x16xf32>
  }
  return
}

//===----------------------------------------------------------------------===//
// pypto.notify / pypto.wait
//===----------------------------------------------------------------------===//

// -----

func.func @notify_f32(%s: !pypto.tensor<2x1xf32>, %p: index, %v: i32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.notify' op signal must be an i32 tensor, got 'f32' elements}}
  pypto.notify %s[%c0, %c0] peer %p add %v : !pypto.tensor<2x1xf32>
  return
}

// -----

func.func @wait_i64(%s: !pypto.tensor<2x1xi64>, %v: i32) attributes {pypto.kind = "aiv"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.wait' op signal must be an i32 tensor, got 'i64' elements}}
  pypto.wait %s[%c0, %c0] ge %v : !pypto.tensor<2x1xi64>
  return
}

// -----

func.func @notify_index_count(%s: !pypto.tensor<2x1xi32>, %p: index, %v: i32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.notify' op expected 2 offsets, one per dimension of the signal tensor, got 1}}
  pypto.notify %s[%c0] peer %p add %v : !pypto.tensor<2x1xi32>
  return
}

// -----

func.func @wait_out_of_bounds(%s: !pypto.tensor<2x1xi32>, %v: i32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'pypto.wait' op window [2, 3) of dimension 0 is out of bounds of the signal tensor (2)}}
  pypto.wait %s[%c2, %c0] eq %v : !pypto.tensor<2x1xi32>
  return
}

// -----

func.func @notify_negative(%s: !pypto.tensor<2x1xi32>, %p: index, %v: i32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %m1 = arith.constant -1 : index
  // expected-error @+1 {{'pypto.notify' op window [-1, 0) of dimension 1 is out of bounds of the signal tensor (1)}}
  pypto.notify %s[%c0, %m1] peer %p set %v : !pypto.tensor<2x1xi32>
  return
}

// -----

func.func @notify_in_orchestration(%s: !pypto.tensor<2x1xi32>, %p: index, %v: i32) attributes {pypto.kind = "orchestration"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.notify' op runs in a kernel: put it in a 'pypto.at' or 'pypto.spmd' region}}
  pypto.notify %s[%c0, %c0] peer %p add %v : !pypto.tensor<2x1xi32>
  return
}

// -----

// A group function is not a kernel: its parts are.
func.func @wait_in_group(%s: !pypto.tensor<2x1xi32>, %v: i32) attributes {pypto.kind = "group"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.wait' op runs in a kernel: put it in a 'pypto.at' or 'pypto.spmd' region}}
  pypto.wait %s[%c0, %c0] ge %v : !pypto.tensor<2x1xi32>
  return
}

// -----

func.func @wait_in_ranks(%v: i32) {
  %c0 = arith.constant 0 : index
  %s = pypto.alloc_window : !pypto.tensor<2x1xi32>
  pypto.ranks world(2) (%rank) {
    // expected-error @+1 {{'pypto.wait' op runs in a kernel: put it in a 'pypto.at' or 'pypto.spmd' region}}
    pypto.wait %s[%rank, %c0] ge %v : !pypto.tensor<2x1xi32>
  }
  return
}

// -----

func.func @notify_value_i64(%s: !pypto.tensor<2x1xi32>, %p: index, %v: i64) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.notify' op operand #4 must be 32-bit signless integer, but got 'i64'}}
  "pypto.notify"(%s, %c0, %c0, %p, %v) <{kind = #pypto<notify_kind add>}> : (!pypto.tensor<2x1xi32>, index, index, index, i64) -> ()
  return
}

// -----

func.func @wait_bad_cmp(%s: !pypto.tensor<2x1xi32>, %v: i32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  // expected-error @+2 {{expected ::mlir::pypto::WaitCmp to be one of: eq, ne, gt, ge, lt, le}}
  // expected-error @+1 {{failed to parse PyPTO_WaitCmpAttr parameter 'value' which is to be a `::mlir::pypto::WaitCmp`}}
  pypto.wait %s[%c0, %c0] gte %v : !pypto.tensor<2x1xi32>
  return
}

//===----------------------------------------------------------------------===//
// pypto.load ... peer
//===----------------------------------------------------------------------===//

// -----

func.func @peer_transposed(%t: !pypto.tensor<16x8xf32>, %p: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.load' op cannot read a peer's window transposed}}
  %a = pypto.load %t[%c0, %c0] peer %p {transpose} : !pypto.tensor<16x8xf32> -> !pypto.tile<8x16xf32, mat>
  return
}

//===----------------------------------------------------------------------===//
// pypto.comm_ctx
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{'pypto.comm_ctx' marks the CommContext parameter of a lowered kernel, a unit attribute on a !pto.ptr<i64>}}
func.func @comm_ctx_on_scalar(%ctx: i64 {pypto.comm_ctx}) {
  return
}

// -----

// expected-error @+1 {{'pypto.comm_ctx' marks the CommContext parameter of a lowered kernel, a unit attribute on a !pto.ptr<i64>}}
func.func @comm_ctx_on_index(%ctx: index {pypto.comm_ctx}) {
  return
}

// -----

// expected-error @+1 {{'pypto.comm_ctx' marks the CommContext parameter of a lowered kernel, a unit attribute on a !pto.ptr<i64>}}
func.func @comm_ctx_on_tensor(%ctx: !pypto.tensor<70xi64> {pypto.comm_ctx}) {
  return
}

// -----

// expected-error @+1 {{'pypto.comm_ctx' marks the CommContext parameter of a lowered kernel, a unit attribute on a !pto.ptr<i64>}}
func.func @comm_ctx_not_unit(%ctx: !pto.ptr<i64> {pypto.comm_ctx = true}) {
  return
}

// -----

// expected-error @+1 {{'pypto.comm_ctx' marks the CommContext parameter of a lowered kernel, a unit attribute on a !pto.ptr<i64>}}
func.func private @comm_ctx_declaration(i64 {pypto.comm_ctx})

// -----

// expected-error @+1 {{'pypto.comm_ctx' marks the CommContext parameter of a lowered kernel, a unit attribute on a !pto.ptr<i64>}}
func.func @comm_ctx_on_f32_pointer(%ctx: !pto.ptr<f32> {pypto.comm_ctx}) {
  return
}

// -----

// expected-error @+1 {{a kernel has one 'pypto.comm_ctx' parameter, got 2}}
func.func @two_comm_ctx(%a: !pto.ptr<i64> {pypto.comm_ctx}, %b: !pto.ptr<i64> {pypto.comm_ctx}) {
  return
}

// -----

// A window without ranks to share it.
func.func @window_without_ranks() {
  // expected-error @below {{'pypto.alloc_window' op needs the ranks that share it: a 'pypto.ranks' region in the same function}}
  %w = pypto.alloc_window : !pypto.tensor<1x256xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// pypto.call: the CommContext comes from the runtime
//===----------------------------------------------------------------------===//

// -----

func.func @k(%p: !pto.ptr<f32>, %ctx: !pto.ptr<i64> {pypto.comm_ctx}) {
  return
}
func.func @passes_comm_ctx(%t: !pypto.tensor<16x16xf32>, %n: index) {
  // expected-error @+1 {{'pypto.call' op 'k' takes 1 arguments, got 2}}
  pypto.call @k(%t, %n) : (!pypto.tensor<16x16xf32>, index) -> ()
  return
}

// -----

func.func @k(%p: !pto.ptr<f32>, %b: index {pypto.spmd = "block_idx"}, %ctx: !pto.ptr<i64> {pypto.comm_ctx}) {
  return
}
func.func @spmd_comm_without_blocks(%t: !pypto.tensor<16x16xf32>) {
  // expected-error @+1 {{'pypto.call' op calls an SPMD kernel without 'blocks'}}
  pypto.call @k(%t) : (!pypto.tensor<16x16xf32>) -> ()
  return
}

//===----------------------------------------------------------------------===//
// Where ranks and windows go, what runs outside the region, which tensors a
// peer has
//===----------------------------------------------------------------------===//

// -----

// Every rank runs the orchestration once; a ranks region in a loop would
// run again, with windows that are not zeroed again.
func.func @ranks_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @+1 {{'pypto.ranks' op runs once per chip: it belongs directly in the function's body, not in a loop or branch}}
    pypto.ranks world(2) (%rank) {
    }
  }
  return
}

// -----

func.func @window_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @+1 {{'pypto.alloc_window' op is allocated once per run: it belongs directly in the function's body, not in a loop or branch}}
    %w = pypto.alloc_window : !pypto.tensor<1x64xf32>
  }
  pypto.ranks world(2) (%rank) {
  }
  return
}

// -----

// A kernel before the region would run once per rank on the shared tensors.
func.func @kernel_before_ranks(%x: !pypto.tensor<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  // expected-error @+1 {{'pypto.at' op is outside 'pypto.ranks' in a multi-card program, so every rank would run it on the shared tensors; move it into the region}}
  pypto.at core_group "inc" {
    %s = pypto.adds %x, %one : !pypto.tensor<16x64xf32>, f32
    pypto.assemble %s into %x[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
  }
  pypto.ranks world(2) (%rank) {
  }
  return
}

// -----

func.func @spmd_after_ranks(%x: !pypto.tensor<16x64xf32>) {
  %one = arith.constant 1.0 : f32
  pypto.ranks world(2) (%rank) {
  }
  // expected-error @+1 {{'pypto.spmd' op is outside 'pypto.ranks' in a multi-card program, so every rank would run it on the shared tensors; move it into the region}}
  pypto.spmd core_group "late" blocks(2) (%b) {
    %s = pypto.adds %x, %one : !pypto.tensor<16x64xf32>, f32
  }
  return
}

// -----

// A program input has no copy on the peer.
func.func @remote_load_not_window(%x: !pypto.tensor<2x64xf32>) {
  %c0 = arith.constant 0 : index
  pypto.ranks world(2) (%rank) {
    pypto.at core_group "k" {
      // expected-error @+1 {{'pypto.remote_load' op reads a peer's copy of a tensor that is not in the communication window; use a 'pypto.alloc_window' buffer or a slice of one}}
      %r = pypto.remote_load %x[%rank, %c0] [1, 64] peer %rank : !pypto.tensor<2x64xf32> -> !pypto.tensor<1x64xf32>
    }
  }
  return
}

// -----

func.func @peer_load_not_window(%x: !pypto.tensor<2x64xf32>) {
  %c0 = arith.constant 0 : index
  pypto.ranks world(2) (%rank) {
    pypto.at core_group "k" {
      // expected-error @+1 {{'pypto.load' op reads a peer's copy of a tensor that is not in the communication window; use a 'pypto.alloc_window' buffer or a slice of one}}
      %t = pypto.load %x[%rank, %c0] peer %rank : !pypto.tensor<2x64xf32> -> !pypto.tile<1x64xf32, vec>
    }
  }
  return
}

// -----

func.func @notify_not_window(%s: !pypto.tensor<2x1xi32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  pypto.ranks world(2) (%rank) {
    pypto.at core_group "k" {
      // expected-error @+1 {{'pypto.notify' op signals a peer's copy of a tensor that is not in the communication window; use a 'pypto.alloc_window' buffer or a slice of one}}
      pypto.notify %s[%rank, %c0] peer %rank add %one : !pypto.tensor<2x1xi32>
    }
  }
  return
}

// -----

// A slice of a created tensor is not a window either.
func.func @wait_not_window() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %s = pypto.create_tensor : !pypto.tensor<2x1xi32>
  pypto.ranks world(2) (%rank) {
    %row = pypto.slice %s[%rank, %c0] [1, 1] : !pypto.tensor<2x1xi32> -> !pypto.tensor<1x1xi32>
    pypto.at core_group "k" {
      // expected-error @+1 {{'pypto.wait' op waits on a tensor that is not in the communication window; use a 'pypto.alloc_window' buffer or a slice of one}}
      pypto.wait %row[%c0, %c0] ge %one : !pypto.tensor<1x1xi32>
    }
  }
  return
}

// -----

// A constant peer must be a rank of the world.
func.func @remote_load_peer_too_large() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %w = pypto.alloc_window : !pypto.tensor<1x64xf32>
  pypto.ranks world(2) (%rank) {
    pypto.at core_group "k" {
      // expected-error @+1 {{'pypto.remote_load' op peer 2 is not a rank of the world (0..1)}}
      %r = pypto.remote_load %w[%c0, %c0] [1, 64] peer %c2 : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf32>
    }
  }
  return
}

// -----

func.func @notify_peer_negative() {
  %c0 = arith.constant 0 : index
  %m1 = arith.constant -1 : index
  %one = arith.constant 1 : i32
  %s = pypto.alloc_window : !pypto.tensor<2x1xi32>
  pypto.ranks world(2) (%rank) {
    pypto.at core_group "k" {
      // expected-error @+1 {{'pypto.notify' op peer -1 is not a rank of the world (0..1)}}
      pypto.notify %s[%rank, %c0] peer %m1 add %one : !pypto.tensor<2x1xi32>
    }
  }
  return
}

// -----

// In an outlined kernel the world is unknown: at most the 64 ranks the
// simulators model.
func.func @load_peer_64(%w: !pypto.tensor<1x64xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{'pypto.load' op peer 64 is not a rank of the world (0..63)}}
  %t = pypto.load %w[%c0, %c0] peer %c64 : !pypto.tensor<1x64xf32> -> !pypto.tile<1x64xf32, vec>
  return
}

// -----

//===----------------------------------------------------------------------===//
// pypto.remote_store and pypto.put
//===----------------------------------------------------------------------===//

func.func @remote_store_type(%v: !pypto.tensor<1x64xf16>) {
  %c0 = arith.constant 0 : index
  %w = pypto.alloc_window : !pypto.tensor<2x64xf32>
  pypto.ranks world(2) (%rank) {
    pypto.at core_group "k" {
      // expected-error @+1 {{'pypto.remote_store' op value element type 'f16' differs from the window's 'f32'}}
      pypto.remote_store %v into %w[%rank, %c0] peer %rank : !pypto.tensor<1x64xf16> into !pypto.tensor<2x64xf32>
    }
  }
  return
}

// -----

func.func @remote_store_bounds(%v: !pypto.tensor<1x64xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %w = pypto.alloc_window : !pypto.tensor<2x64xf32>
  pypto.ranks world(2) (%rank) {
    pypto.at core_group "k" {
      // expected-error @+1 {{'pypto.remote_store' op window [2, 3) of dimension 0 is out of bounds of the destination window (2)}}
      pypto.remote_store %v into %w[%c2, %c0] peer %rank : !pypto.tensor<1x64xf32> into !pypto.tensor<2x64xf32>
    }
  }
  return
}

// -----

func.func @remote_store_atomic_f64(%v: !pypto.tensor<1x64xf64>) {
  %c0 = arith.constant 0 : index
  %w = pypto.alloc_window : !pypto.tensor<2x64xf64>
  pypto.ranks world(2) (%rank) {
    pypto.at core_group "k" {
      // expected-error @+1 {{'pypto.remote_store' op adds f32, f16, bf16, i32, i16 or i8 atomically, not 'f64'}}
      pypto.remote_store %v into %w[%rank, %c0] peer %rank atomic_add : !pypto.tensor<1x64xf64> into !pypto.tensor<2x64xf64>
    }
  }
  return
}

// -----

func.func @remote_store_peer(%v: !pypto.tensor<1x64xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %w = pypto.alloc_window : !pypto.tensor<2x64xf32>
  pypto.ranks world(2) (%rank) {
    pypto.at core_group "k" {
      // expected-error @+1 {{'pypto.remote_store' op peer 2 is not a rank of the world (0..1)}}
      pypto.remote_store %v into %w[%rank, %c0] peer %c2 : !pypto.tensor<1x64xf32> into !pypto.tensor<2x64xf32>
    }
  }
  return
}

// -----

func.func @remote_store_not_window(%v: !pypto.tensor<1x64xf32>, %t: !pypto.tensor<2x64xf32>) {
  %c0 = arith.constant 0 : index
  %w = pypto.alloc_window : !pypto.tensor<2x64xf32>
  pypto.ranks world(2) (%rank) {
    pypto.at core_group "k" {
      // expected-error @+1 {{'pypto.remote_store' op writes a peer's copy of a tensor that is not in the communication window; use a 'pypto.alloc_window' buffer or a slice of one}}
      pypto.remote_store %v into %t[%rank, %c0] peer %rank : !pypto.tensor<1x64xf32> into !pypto.tensor<2x64xf32>
    }
  }
  return
}

// -----

func.func @remote_store_outside_kernel(%v: !pypto.tensor<1x64xf32>, %t: !pypto.tensor<2x64xf32>) attributes {pypto.kind = "orchestration"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.remote_store' op runs in a kernel: put it in a 'pypto.at' or 'pypto.spmd' region}}
  pypto.remote_store %v into %t[%c0, %c0] peer %c0 : !pypto.tensor<1x64xf32> into !pypto.tensor<2x64xf32>
  return
}

// -----

func.func @put_rank(%x: !pypto.tensor<2x8x64xf32>, %w: !pypto.tensor<8x64xf32>, %p: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.put' op copies between 2-D tensors; the source has rank 3 (reshape it to 2-D)}}
  pypto.put %x[%c0, %c0, %c0] into %w[%c0, %c0] [8, 64] peer %p : !pypto.tensor<2x8x64xf32> into !pypto.tensor<8x64xf32>
  return
}

// -----

func.func @put_type(%x: !pypto.tensor<8x64xf16>, %w: !pypto.tensor<8x64xf32>, %p: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.put' op source element type 'f16' differs from the window's 'f32'}}
  pypto.put %x[%c0, %c0] into %w[%c0, %c0] [8, 64] peer %p : !pypto.tensor<8x64xf16> into !pypto.tensor<8x64xf32>
  return
}

// -----

func.func @put_sizes(%x: !pypto.tensor<8x64xf32>, %w: !pypto.tensor<8x64xf32>, %p: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.put' op expected 2 sizes (rows, columns), got 1}}
  pypto.put %x[%c0, %c0] into %w[%c0, %c0] [64] peer %p : !pypto.tensor<8x64xf32> into !pypto.tensor<8x64xf32>
  return
}

// -----

func.func @put_negative(%x: !pypto.tensor<8x64xf32>, %w: !pypto.tensor<8x64xf32>, %p: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.put' op sizes must not be negative}}
  pypto.put %x[%c0, %c0] into %w[%c0, %c0] [-1, 64] peer %p : !pypto.tensor<8x64xf32> into !pypto.tensor<8x64xf32>
  return
}

// -----

func.func @put_chunk(%x: !pypto.tensor<8x64xf32>, %w: !pypto.tensor<8x64xf32>, %p: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.put' op chunk must be 2 positive extents (rows, columns) of the staging tile}}
  pypto.put %x[%c0, %c0] into %w[%c0, %c0] [8, 64] peer %p chunk [0, 64] : !pypto.tensor<8x64xf32> into !pypto.tensor<8x64xf32>
  return
}

// -----

func.func @put_dynamic_no_chunk(%x: !pypto.tensor<8x64xf32>, %w: !pypto.tensor<8x64xf32>, %p: index, %n: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.put' op copies a run-time number of rows or columns, which needs `chunk [R, C]`: the staging tile's static shape}}
  pypto.put %x[%c0, %c0] into %w[%c0, %c0] [%n, 64] peer %p : !pypto.tensor<8x64xf32> into !pypto.tensor<8x64xf32>
  return
}

// -----

func.func @put_bounds(%x: !pypto.tensor<8x64xf32>, %w: !pypto.tensor<4x64xf32>, %p: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.put' op window dimension 0 (8) exceeds the destination window (4)}}
  pypto.put %x[%c0, %c0] into %w[%c0, %c0] [8, 64] peer %p : !pypto.tensor<8x64xf32> into !pypto.tensor<4x64xf32>
  return
}

// -----

func.func @put_not_window(%x: !pypto.tensor<8x64xf32>, %t: !pypto.tensor<8x64xf32>) {
  %c0 = arith.constant 0 : index
  %w = pypto.alloc_window : !pypto.tensor<2x64xf32>
  pypto.ranks world(2) (%rank) {
    pypto.at core_group "k" {
      // expected-error @+1 {{'pypto.put' op writes a peer's copy of a tensor that is not in the communication window; use a 'pypto.alloc_window' buffer or a slice of one}}
      pypto.put %x[%c0, %c0] into %t[%c0, %c0] [8, 64] peer %rank : !pypto.tensor<8x64xf32> into !pypto.tensor<8x64xf32>
    }
  }
  return
}

// -----

func.func @put_outside_kernel(%x: !pypto.tensor<8x64xf32>, %t: !pypto.tensor<8x64xf32>) attributes {pypto.kind = "orchestration"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.put' op runs in a kernel: put it in a 'pypto.at' or 'pypto.spmd' region}}
  pypto.put %x[%c0, %c0] into %t[%c0, %c0] [8, 64] peer %c0 : !pypto.tensor<8x64xf32> into !pypto.tensor<8x64xf32>
  return
}

// -----

func.func @get_type(%w: !pypto.tensor<8x64xf32>, %x: !pypto.tensor<8x64xf16>, %p: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.get' op window element type 'f32' differs from the destination's 'f16'}}
  pypto.get %w[%c0, %c0] peer %p into %x[%c0, %c0] [8, 64] : !pypto.tensor<8x64xf32> into !pypto.tensor<8x64xf16>
  return
}

// -----

func.func @get_bounds(%w: !pypto.tensor<4x64xf32>, %x: !pypto.tensor<8x64xf32>, %p: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.get' op window dimension 0 (8) exceeds the source window (4)}}
  pypto.get %w[%c0, %c0] peer %p into %x[%c0, %c0] [8, 64] : !pypto.tensor<4x64xf32> into !pypto.tensor<8x64xf32>
  return
}

// -----

func.func @get_dynamic_no_chunk(%w: !pypto.tensor<8x64xf32>, %x: !pypto.tensor<8x64xf32>, %p: index, %n: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.get' op copies a run-time number of rows or columns, which needs `chunk [R, C]`: the staging tile's static shape}}
  pypto.get %w[%c0, %c0] peer %p into %x[%c0, %c0] [%n, 64] : !pypto.tensor<8x64xf32> into !pypto.tensor<8x64xf32>
  return
}

// -----

func.func @get_not_window(%t: !pypto.tensor<8x64xf32>, %x: !pypto.tensor<8x64xf32>) {
  %c0 = arith.constant 0 : index
  %w = pypto.alloc_window : !pypto.tensor<2x64xf32>
  pypto.ranks world(2) (%rank) {
    pypto.at core_group "k" {
      // expected-error @+1 {{'pypto.get' op reads a peer's copy of a tensor that is not in the communication window; use a 'pypto.alloc_window' buffer or a slice of one}}
      pypto.get %t[%c0, %c0] peer %rank into %x[%c0, %c0] [8, 64] : !pypto.tensor<8x64xf32> into !pypto.tensor<8x64xf32>
    }
  }
  return
}

// -----

func.func @get_outside_kernel(%w: !pypto.tensor<8x64xf32>, %x: !pypto.tensor<8x64xf32>) attributes {pypto.kind = "orchestration"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.get' op runs in a kernel: put it in a 'pypto.at' or 'pypto.spmd' region}}
  pypto.get %w[%c0, %c0] peer %c0 into %x[%c0, %c0] [8, 64] : !pypto.tensor<8x64xf32> into !pypto.tensor<8x64xf32>
  return
}
