// RUN: pypto-opt %s -split-input-file -verify-diagnostics --pypto-convert-tensor-to-tile

func.func private @g(%a: !pypto.tensor<16x16xf32>)
func.func @call_in_kernel(%a: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.call' op is not supported inside a kernel yet}}
  pypto.call @g(%a) : (!pypto.tensor<16x16xf32>) -> ()
  return
}

// -----

// A slice of a computed value is a copy of a block of its tile: it has no
// valid shape of its own, and takes one index of the leading dimensions.
func.func @slice_of_result_valid(%a: !pypto.tensor<16x16xf32>, %n: index) attributes {pypto.kind = "incore"} {
  %s = pypto.add %a, %a : !pypto.tensor<16x16xf32>
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.slice' op takes a valid shape of a value computed in the kernel; narrow it with pypto.set_validshape instead}}
  %u = pypto.slice %s[%c0, %c0] [8, 8] valid [%n, %n] : !pypto.tensor<16x16xf32> -> !pypto.tensor<8x8xf32>
  return
}

// -----

func.func @slice_of_result_leading(%a: !pypto.tensor<4x16x16xf32>) attributes {pypto.kind = "incore"} {
  %s = pypto.add %a, %a : !pypto.tensor<4x16x16xf32>
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.slice' op slices 2 of dimension 0 of a value computed in the kernel; such a slice must take one index of every dimension but the last two (it is one 2-D block of the value's tile)}}
  %u = pypto.slice %s[%c0, %c0, %c0] [2, 8, 8] : !pypto.tensor<4x16x16xf32> -> !pypto.tensor<2x8x8xf32>
  return
}

// -----

func.func @valid_leading(%a: !pypto.tensor<4x16x16xf32>, %n: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %s = pypto.slice %a[%c0, %c0, %c0] [2, 16, 16] valid [%n, %c16, %c16] : !pypto.tensor<4x16x16xf32>
  // expected-error @+1 {{'pypto.exp' op has a valid shape in dimension 0 of a rank-3 window; valid shapes are supported in the last two dimensions (the others of size 1)}}
  %e = pypto.exp %s : !pypto.tensor<2x16x16xf32>
  return
}

// -----

func.func @returned(%a: !pypto.tensor<16x16xf32>, %s: f32) -> !pypto.tensor<16x16xf32> attributes {pypto.kind = "incore"} {
  %r = pypto.adds %a, %s : !pypto.tensor<16x16xf32>, f32
  // expected-error @+1 {{'func.return' op uses a tensor value that the tile conversion replaced; this use is not supported yet}}
  return %r : !pypto.tensor<16x16xf32>
}

// -----

func.func @acc_parameter(%a: !pypto.tensor<16x32xf16>, %b: !pypto.tensor<32x16xf16>, %c: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "aic"} {
  // expected-error @+1 {{'pypto.matmul_acc' op accumulator must be the result of a matmul in this kernel}}
  %d = pypto.matmul_acc %c, %a, %b : !pypto.tensor<16x32xf16>, !pypto.tensor<32x16xf16> -> !pypto.tensor<16x16xf32>
  return
}

// -----

func.func @acc_slice(%a: !pypto.tensor<16x32xf16>, %b: !pypto.tensor<32x16xf16>, %c: !pypto.tensor<32x32xf32>) attributes {pypto.kind = "aic"} {
  %c0 = arith.constant 0 : index
  %s = pypto.slice %c[%c0, %c0] [16, 16] : !pypto.tensor<32x32xf32> -> !pypto.tensor<16x16xf32>
  // expected-error @+1 {{'pypto.matmul_acc' op accumulator must be the result of a matmul in this kernel}}
  %d = pypto.matmul_acc %s, %a, %b : !pypto.tensor<16x32xf16>, !pypto.tensor<32x16xf16> -> !pypto.tensor<16x16xf32>
  return
}

// -----

func.func @trans_computed(%a: !pypto.tensor<16x16xf32>, %b: !pypto.tensor<16x16xf32>, %s: f32) attributes {pypto.kind = "incore"} {
  %t = pypto.adds %b, %s : !pypto.tensor<16x16xf32>, f32
  // expected-error @+1 {{'pypto.matmul' op takes a transposed operand computed in this kernel; only operands loaded from global memory can be transposed}}
  %p = pypto.matmul %a, %t {b_trans} : !pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32> -> !pypto.tensor<16x16xf32>
  return
}

// -----

// A tensor the kernel computes is a value: it is not written in place.
func.func @write_computed(%t: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1.0 : f32
  %e = pypto.exp %t : !pypto.tensor<16x16xf32>
  // expected-error @+1 {{'pypto.write' op writes into a tensor computed in this kernel; such tensors are values: replace the element with pypto.insert (a new value), only kernel parameters in global memory are written in place}}
  pypto.write %v into %e[%c0, %c0] : f32 into !pypto.tensor<16x16xf32>
  return
}

// -----

// Signals and peers' windows live in windows: kernel parameters.
func.func @notify_computed(%p: index, %v: i32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %s = pypto.full %v : i32 -> !pypto.tensor<2x1xi32>
  // expected-error @+1 {{'pypto.notify' op operates on a tensor that is neither a kernel parameter nor a slice of one}}
  pypto.notify %s[%c0, %c0] peer %p add %v : !pypto.tensor<2x1xi32>
  return
}

// -----

func.func @wait_computed(%v: i32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %s = pypto.full %v : i32 -> !pypto.tensor<2x1xi32>
  // expected-error @+1 {{'pypto.wait' op operates on a tensor that is neither a kernel parameter nor a slice of one}}
  pypto.wait %s[%c0, %c0] eq %v : !pypto.tensor<2x1xi32>
  return
}

// -----

func.func @remote_load_computed(%a: !pypto.tensor<16x16xf32>, %p: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %s = pypto.exp %a : !pypto.tensor<16x16xf32>
  // expected-error @+1 {{'pypto.remote_load' op operates on a tensor that is neither a kernel parameter nor a slice of one}}
  %r = pypto.remote_load %s[%c0, %c0] [16, 16] peer %p : !pypto.tensor<16x16xf32> -> !pypto.tensor<16x16xf32>
  return
}

// -----

// Tiles are static: a tensor with run-time dimensions is sliced first.
func.func @dynamic_operand(%t: !pypto.tensor<?x16xf32>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.exp' op operates on a tensor with run-time dimensions ('!pypto.tensor<?x16xf32>'); tiles have static shapes: slice a window of static size}}
  %e = pypto.exp %t : !pypto.tensor<?x16xf32>
  return
}

// -----

func.func @slice_of_tail(%x: !pypto.tensor<?x32xf32>, %y: !pypto.tensor<8x32xf32>,
                         %rows: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %t = pypto.slice %x[%c0, %c0] [16, 32] valid [%rows, %c32]
      : !pypto.tensor<?x32xf32> -> !pypto.tensor<16x32xf32>
  // expected-error @+1 {{'pypto.slice' op slices a slice with a valid shape; slice the tensor itself instead}}
  %h = pypto.slice %t[%c0, %c0] [8, 32] : !pypto.tensor<16x32xf32> -> !pypto.tensor<8x32xf32>
  %e = pypto.exp %h : !pypto.tensor<8x32xf32>
  pypto.assemble %e into %y[%c0, %c0] : !pypto.tensor<8x32xf32> into !pypto.tensor<8x32xf32>
  return
}

// -----

func.func @put_valid_slice(%x: !pypto.tensor<48x64xf32>, %data: !pypto.tensor<48x64xf32>, %peer: index, %n: index)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %tail = pypto.slice %x[%c0, %c0] [16, 64] valid [%n, %c64] : !pypto.tensor<48x64xf32> -> !pypto.tensor<16x64xf32>
  // expected-error @+1 {{'pypto.put' op copies a slice with a valid shape; give the extents as the copy's sizes instead}}
  pypto.put %tail[%c0, %c0] into %data[%c0, %c0] [16, 64] peer %peer : !pypto.tensor<16x64xf32> into !pypto.tensor<48x64xf32>
  return
}

// -----

// A gather writes an L1 accumulator, not a kernel parameter.
func.func @gather_into_parameter(%pool: !pypto.tensor<64x128xbf16>, %kv: !pypto.tensor<32x128xbf16>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.gather_row' op gathers into a tensor that is not a pypto.create_l1 accumulator of this kernel}}
  %g = pypto.gather_row %pool[%c0, %c0] into %kv[%c0, %c0] [1, 128] : !pypto.tensor<64x128xbf16> into !pypto.tensor<32x128xbf16>
  return
}

// -----

func.func @gather_from_tail(%pool: !pypto.tensor<64x128xbf16>, %n: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %w = pypto.slice %pool[%c0, %c0] [16, 128] valid [%n, %c128] : !pypto.tensor<64x128xbf16> -> !pypto.tensor<16x128xbf16>
  %kv = pypto.create_l1 : !pypto.tensor<32x128xbf16>
  // expected-error @+1 {{'pypto.gather_row' op reads rows of a slice with a valid shape; give the extents as the gather's valid shape}}
  %g = pypto.gather_row %w[%c0, %c0] into %kv[%c0, %c0] [16, 128] : !pypto.tensor<16x128xbf16> into !pypto.tensor<32x128xbf16>
  return
}

// -----

func.func @shard_of_gm(%x: !pypto.tensor<32x64xf32>) attributes {pypto.kind = "incore"} {
  pypto.split_aiv up_down (%lane) {
    // expected-error @+1 {{'pypto.aiv_shard' op shards a tensor this kernel did not compute (read from global memory); load the lane's window in the region instead}}
    %h = pypto.aiv_shard %x : !pypto.tensor<32x64xf32> -> !pypto.tensor<16x64xf32>
  }
  return
}

// -----

func.func @mgather_of_slice(%x: !pypto.tensor<32x64xf32>, %i: !pypto.tensor<1x4xi32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %s = pypto.slice %x[%c16, %c0] [16, 64] : !pypto.tensor<32x64xf32> -> !pypto.tensor<16x64xf32>
  // expected-error @+1 {{'pypto.mgather' op indexes rows of a tensor that is not a kernel parameter; index the whole tensor (its rows are counted from its first)}}
  %r = pypto.mgather %s[%i] : !pypto.tensor<16x64xf32>, !pypto.tensor<1x4xi32> -> !pypto.tensor<4x64xf32>
  return
}
