// A program written with tiles (for --strategy debug-tile): the kernel and
// the orchestration are already separate, tiles have no memory space yet.
// y = relu(x) + 1 over 8 row blocks of 16.
module @tile_program attributes {pypto.golden = "tile_program.golden.py"} {
  func.func @relu_plus_one(%x: !pypto.tensor<16x64xf32> {pypto.dir = "in"},
                           %y: !pypto.tensor<16x64xf32> {pypto.dir = "out"})
      attributes {pypto.kind = "incore"} {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    %t = pypto.load %x[%c0, %c0] : !pypto.tensor<16x64xf32> -> !pypto.tile<16x64xf32>
    %r = pypto.relu %t : !pypto.tile<16x64xf32>
    %s = pypto.adds %r, %one : !pypto.tile<16x64xf32>, f32
    pypto.store %s, %y[%c0, %c0] : !pypto.tile<16x64xf32>, !pypto.tensor<16x64xf32>
    return
  }
  func.func @tile_program(%x: !pypto.tensor<128x64xf32> {pypto.init = "randn"},
                          %y: !pypto.tensor<128x64xf32> {pypto.dir = "out"})
      attributes {pypto.kind = "orchestration"} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    scf.for %r = %c0 to %c128 step %c16 {
      %xs = pypto.slice %x[%r, %c0] [16, 64] : !pypto.tensor<128x64xf32> -> !pypto.tensor<16x64xf32>
      %ys = pypto.slice %y[%r, %c0] [16, 64] : !pypto.tensor<128x64xf32> -> !pypto.tensor<16x64xf32>
      pypto.call @relu_plus_one(%xs, %ys) {arg_directions = ["in", "out"]}
          : (!pypto.tensor<16x64xf32>, !pypto.tensor<16x64xf32>) -> ()
    } {pypto.loop = "parallel"}
    return
  }
}
