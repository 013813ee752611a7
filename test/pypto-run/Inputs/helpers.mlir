// Helper functions (helpers.test): a helper with results called twice in one
// kernel with its arguments swapped (sub is not symmetric, so a mix-up of
// parameters or of the two inlined copies shows), a helper calling a helper,
// an index helper computing an offset, and a helper holding a whole kernel
// called from the entry's loop. Rows of 48 are not a power of two.
module @helpers attributes {pypto.golden = "helpers.golden.py"} {
  func.func private @diff(%a: !pypto.tensor<16x48xf32>, %b: !pypto.tensor<16x48xf32>) -> !pypto.tensor<16x48xf32> {
    %d = pypto.sub %a, %b : !pypto.tensor<16x48xf32>
    return %d : !pypto.tensor<16x48xf32>
  }
  func.func private @scaled_diff(%a: !pypto.tensor<16x48xf32>, %b: !pypto.tensor<16x48xf32>, %s: f32) -> !pypto.tensor<16x48xf32> {
    %d = func.call @diff(%a, %b) : (!pypto.tensor<16x48xf32>, !pypto.tensor<16x48xf32>) -> !pypto.tensor<16x48xf32>
    %m = pypto.muls %d, %s : !pypto.tensor<16x48xf32>, f32
    return %m : !pypto.tensor<16x48xf32>
  }
  func.func private @next_row(%r: index) -> index {
    %c16 = arith.constant 16 : index
    %n = arith.addi %r, %c16 : index
    return %n : index
  }
  func.func private @task(%x: !pypto.tensor<64x48xf32>, %w: !pypto.tensor<64x48xf32>, %s: f32,
                          %y: !pypto.tensor<64x48xf32>, %z: !pypto.tensor<48x48xf32>, %r: index) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "diffs" {
      %a = pypto.slice %x[%r, %c0] [16, 48] : !pypto.tensor<64x48xf32> -> !pypto.tensor<16x48xf32>
      %n = func.call @next_row(%r) : (index) -> index
      %b = pypto.slice %w[%n, %c0] [16, 48] : !pypto.tensor<64x48xf32> -> !pypto.tensor<16x48xf32>
      %ab = func.call @scaled_diff(%a, %b, %s) : (!pypto.tensor<16x48xf32>, !pypto.tensor<16x48xf32>, f32) -> !pypto.tensor<16x48xf32>
      %ba = func.call @diff(%b, %a) : (!pypto.tensor<16x48xf32>, !pypto.tensor<16x48xf32>) -> !pypto.tensor<16x48xf32>
      %e = pypto.exp %ba : !pypto.tensor<16x48xf32>
      pypto.assemble %ab into %y[%r, %c0] : !pypto.tensor<16x48xf32> into !pypto.tensor<64x48xf32>
      pypto.assemble %e into %z[%r, %c0] : !pypto.tensor<16x48xf32> into !pypto.tensor<48x48xf32>
    }
    return
  }
  func.func @helpers(%x: !pypto.tensor<64x48xf32> {pypto.init = "randn"},
                     %w: !pypto.tensor<64x48xf32> {pypto.init = "randn"},
                     %s: f32 {pypto.value = 1.5 : f32},
                     %y: !pypto.tensor<64x48xf32> {pypto.dir = "out"},
                     %z: !pypto.tensor<48x48xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c48 = arith.constant 48 : index
    // Rows 0..47 of x against rows 16..63 of w; y's last 16 rows come from
    // the second call below.
    scf.for %r = %c0 to %c48 step %c16 {
      func.call @task(%x, %w, %s, %y, %z, %r) : (!pypto.tensor<64x48xf32>, !pypto.tensor<64x48xf32>, f32, !pypto.tensor<64x48xf32>, !pypto.tensor<48x48xf32>, index) -> ()
    }
    %c48b = arith.constant 48 : index
    pypto.at core_group "tail" {
      %a = pypto.slice %x[%c48b, %c0] [16, 48] : !pypto.tensor<64x48xf32> -> !pypto.tensor<16x48xf32>
      %b = pypto.slice %w[%c0, %c0] [16, 48] : !pypto.tensor<64x48xf32> -> !pypto.tensor<16x48xf32>
      %ab = func.call @scaled_diff(%a, %b, %s) : (!pypto.tensor<16x48xf32>, !pypto.tensor<16x48xf32>, f32) -> !pypto.tensor<16x48xf32>
      pypto.assemble %ab into %y[%c48b, %c0] : !pypto.tensor<16x48xf32> into !pypto.tensor<64x48xf32>
    }
    return
  }
}
