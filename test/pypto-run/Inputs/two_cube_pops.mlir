// (--strategy debug-tile) Two tiles of one type received on the cube side
// and live at once: exp(x) and relu(x) move from vec to mat, both become
// left operands afterwards. ptoas 0.27 would give the two pops one C++ tile
// and a mat tile cannot be copied out of its slot, so with ptoas this unit
// is compiled by the built-in lowering. y = exp(x) @ b + relu(x) @ b.
module @two_cube_pops {
  func.func @mm2(%x: !pypto.tensor<16x16xf32> {pypto.dir = "in"},
                 %b: !pypto.tensor<16x16xf32> {pypto.dir = "in"},
                 %y: !pypto.tensor<16x16xf32> {pypto.dir = "out"})
      attributes {pypto.kind = "incore"} {
    %c0 = arith.constant 0 : index
    %v = pypto.load %x[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
    %e = pypto.exp %v : !pypto.tile<16x16xf32, vec>
    %r = pypto.relu %v : !pypto.tile<16x16xf32, vec>
    %me = pypto.move %e : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf32, mat>
    %mr = pypto.move %r : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf32, mat>
    %mb = pypto.load %b[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
    %rb = pypto.move %mb : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
    %le = pypto.move %me : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
    %p = pypto.matmul %le, %rb : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
    %lr = pypto.move %mr : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
    %q = pypto.matmul_acc %p, %lr, %rb : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
    pypto.store %q, %y[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
    return
  }
  func.func @two_cube_pops(%x: !pypto.tensor<16x16xf32> {pypto.init = "randn"},
                           %b: !pypto.tensor<16x16xf32> {pypto.init = "randn"},
                           %y: !pypto.tensor<16x16xf32> {pypto.dir = "out"})
      attributes {pypto.kind = "orchestration"} {
    pypto.call @mm2(%x, %b, %y) {arg_directions = ["in", "in", "out"]}
        : (!pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32>) -> ()
    return
  }
}
