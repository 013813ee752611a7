// RUN: pypto-opt %s -split-input-file -verify-diagnostics --pypto-tile-matmul="arch=a2a3"
// RUN: not pypto-opt %s --pypto-tile-matmul="arch=a7" 2>&1 | FileCheck %s --check-prefix=ARCH
// ARCH: for the --arch option: unknown architecture 'a7', expected a2a3 or a5

// A 256x256 f32 accumulator needs 256 KiB of L0C; a2a3 has 128 KiB. Split
// into output tiles, it must go straight to memory: vector work on it is
// not split.
func.func @acc_too_big(%a: !pypto.tensor<256x32xf32>, %b: !pypto.tensor<32x256xf32>,
                       %c: !pypto.tensor<256x256xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<256x32xf32> -> !pypto.tile<256x32xf32, mat>
  %la = pypto.move %ma : !pypto.tile<256x32xf32, mat> -> !pypto.tile<256x32xf32, left>
  %mb = pypto.load %b[%c0, %c0] : !pypto.tensor<32x256xf32> -> !pypto.tile<32x256xf32, mat>
  %rb = pypto.move %mb : !pypto.tile<32x256xf32, mat> -> !pypto.tile<32x256xf32, right>
  // expected-error @+1 {{'pypto.matmul' op accumulator of 256x256 needs 262144 bytes of 'acc' memory, the a2a3 capacity is 131072 bytes; only a product stored straight to global memory is split into output tiles}}
  %p = pypto.matmul %la, %rb : !pypto.tile<256x32xf32, left>, !pypto.tile<32x256xf32, right> -> !pypto.tile<256x256xf32, acc>
  // expected-note @+1 {{used here}}
  %v = pypto.move %p : !pypto.tile<256x256xf32, acc> -> !pypto.tile<256x256xf32, vec>
  return
}

// -----

// K = 1000 has no divisor that is a multiple of 16 and fits.
func.func @k_not_splittable(%a: !pypto.tensor<128x1000xf32>, %b: !pypto.tensor<1000x64xf32>,
                            %c: !pypto.tensor<128x64xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<128x1000xf32> -> !pypto.tile<128x1000xf32, mat>
  %la = pypto.move %ma : !pypto.tile<128x1000xf32, mat> -> !pypto.tile<128x1000xf32, left>
  %mb = pypto.load %b[%c0, %c0] : !pypto.tensor<1000x64xf32> -> !pypto.tile<1000x64xf32, mat>
  %rb = pypto.move %mb : !pypto.tile<1000x64xf32, mat> -> !pypto.tile<1000x64xf32, right>
  // expected-error @+1 {{'pypto.matmul' op cannot split K = 1000 into slices that fit L0A and L0B (65536 and 65536 bytes on a2a3)}}
  %p = pypto.matmul %la, %rb : !pypto.tile<128x1000xf32, left>, !pypto.tile<1000x64xf32, right> -> !pypto.tile<128x64xf32, acc>
  pypto.store %p, %c[%c0, %c0] : !pypto.tile<128x64xf32, acc>, !pypto.tensor<128x64xf32>
  return
}

// -----

// The same for an accumulating matmul.
func.func @k_not_splittable_acc(%a: !pypto.tensor<128x1000xf32>, %b: !pypto.tensor<1000x64xf32>,
                                %c: !pypto.tensor<128x64xf32>, %acc: !pypto.tile<128x64xf32, acc>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<128x1000xf32> -> !pypto.tile<128x1000xf32, mat>
  %la = pypto.move %ma : !pypto.tile<128x1000xf32, mat> -> !pypto.tile<128x1000xf32, left>
  %mb = pypto.load %b[%c0, %c0] : !pypto.tensor<1000x64xf32> -> !pypto.tile<1000x64xf32, mat>
  %rb = pypto.move %mb : !pypto.tile<1000x64xf32, mat> -> !pypto.tile<1000x64xf32, right>
  // expected-error @+1 {{'pypto.matmul_acc' op cannot split K = 1000 into slices that fit L0A and L0B (65536 and 65536 bytes on a2a3)}}
  %p = pypto.matmul_acc %acc, %la, %rb : !pypto.tile<128x1000xf32, left>, !pypto.tile<1000x64xf32, right> -> !pypto.tile<128x64xf32, acc>
  pypto.store %p, %c[%c0, %c0] : !pypto.tile<128x64xf32, acc>, !pypto.tensor<128x64xf32>
  return
}

// -----

// A product split into output tiles is stored tile by tile: a tail store
// (valid rows) of it is not split yet.
func.func @tail_of_split(%a: !pypto.tensor<256x32xf32>, %b: !pypto.tensor<32x256xf32>,
                         %c: !pypto.tensor<?x256xf32>, %rows: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<256x32xf32> -> !pypto.tile<256x32xf32, mat>
  %la = pypto.move %ma : !pypto.tile<256x32xf32, mat> -> !pypto.tile<256x32xf32, left>
  %mb = pypto.load %b[%c0, %c0] : !pypto.tensor<32x256xf32> -> !pypto.tile<32x256xf32, mat>
  %rb = pypto.move %mb : !pypto.tile<32x256xf32, mat> -> !pypto.tile<32x256xf32, right>
  // expected-error @+1 {{'pypto.matmul' op accumulator of 256x256 is split into output tiles, which a store of a valid shape does not support yet}}
  %p = pypto.matmul %la, %rb : !pypto.tile<256x32xf32, left>, !pypto.tile<32x256xf32, right> -> !pypto.tile<256x256xf32, acc>
  // expected-note @+1 {{stored here}}
  pypto.store %p, %c[%c0, %c0] valid [%rows, %c256] : !pypto.tile<256x256xf32, acc>, !pypto.tensor<?x256xf32>
  return
}

// -----

// Output tiles of a product stored into an N-D window whose leading
// dimensions are not 1 would not be boxes of it.
func.func @split_into_nd_rows(%a: !pypto.tensor<256x32xf32>, %b: !pypto.tensor<32x256xf32>,
                              %c: !pypto.tensor<2x128x256xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<256x32xf32> -> !pypto.tile<256x32xf32, mat>
  %la = pypto.move %ma : !pypto.tile<256x32xf32, mat> -> !pypto.tile<256x32xf32, left>
  %mb = pypto.load %b[%c0, %c0] : !pypto.tensor<32x256xf32> -> !pypto.tile<32x256xf32, mat>
  %rb = pypto.move %mb : !pypto.tile<32x256xf32, mat> -> !pypto.tile<32x256xf32, right>
  // expected-error @+1 {{'pypto.matmul' op accumulator of 256x256 is split into output tiles, which a store into an N-D window with leading dimensions other than 1 does not support}}
  %p = pypto.matmul %la, %rb : !pypto.tile<256x32xf32, left>, !pypto.tile<32x256xf32, right> -> !pypto.tile<256x256xf32, acc>
  // expected-note @+1 {{stored here}}
  pypto.store %p, %c[%c0, %c0, %c0] window [2, 128, 256] : !pypto.tile<256x256xf32, acc>, !pypto.tensor<2x128x256xf32>
  return
}
