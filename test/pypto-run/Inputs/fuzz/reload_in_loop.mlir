// Found while checking the reference interpreter against the simulator: a
// window loaded before a loop was reused inside it although the loop body
// stores into the same tensor, so from the second iteration on the kernel
// read stale data (x ended as x0 + 2 instead of x0 + 6). A load is now reused
// only where no loop lies between it and the use.
module @reload_in_loop {
  func.func @reload_in_loop(%x: !pypto.tensor<8x16xf32> {pypto.init = "randn", pypto.dir = "inout"},
                            %y: !pypto.tensor<8x16xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    pypto.at core_group "k" {
      %one = arith.constant 1.0 : f32
      %two = arith.constant 2.0 : f32
      %t = pypto.slice %x[%c0, %c0] [8, 16] : !pypto.tensor<8x16xf32> -> !pypto.tensor<8x16xf32>
      %a = pypto.adds %t, %one : !pypto.tensor<8x16xf32>, f32
      scf.for %i = %c0 to %c3 step %c1 {
        %u = pypto.adds %t, %two : !pypto.tensor<8x16xf32>, f32
        pypto.assemble %u into %x[%c0, %c0] : !pypto.tensor<8x16xf32> into !pypto.tensor<8x16xf32>
      } {pypto.loop = "range"}
      pypto.assemble %a into %y[%c0, %c0] : !pypto.tensor<8x16xf32> into !pypto.tensor<8x16xf32>
    }
    return
  }
}
