// An orchestration loop that carries tensors: two buffers swapped each
// step (ping-pong). Step i reads the buffer the step before wrote and
// writes the other one, which that step read: the runtime orders each
// write after the read before it.
//   acc = x[0:16]; acc = acc * 0.5 + x[16i:16i+16] for i = 1..3; y = acc
module @carried_tensors attributes {pypto.golden = "carried_tensors.golden.py"} {
  func.func @carried_tensors(%x: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
                             %y: !pypto.tensor<16x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %ping = pypto.create_tensor : !pypto.tensor<16x64xf32>
    %pong = pypto.create_tensor : !pypto.tensor<16x64xf32>
    pypto.at core_group "first" {
      %x0 = pypto.slice %x[%c0, %c0] [16, 64] : !pypto.tensor<64x64xf32>
      pypto.assemble %x0 into %ping[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
    }
    %last:2 = scf.for %i = %c1 to %c4 step %c1
        iter_args(%cur = %ping, %next = %pong) -> (!pypto.tensor<16x64xf32>, !pypto.tensor<16x64xf32>) {
      %row = arith.muli %i, %c16 : index
      pypto.at core_group "step" {
        %half = arith.constant 0.5 : f32
        %xi = pypto.slice %x[%row, %c0] [16, 64] : !pypto.tensor<64x64xf32>
        %scaled = pypto.muls %cur, %half : !pypto.tensor<16x64xf32>, f32
        %sum = pypto.add %scaled, %xi : !pypto.tensor<16x64xf32>
        pypto.assemble %sum into %next[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
      }
      scf.yield %next, %cur : !pypto.tensor<16x64xf32>, !pypto.tensor<16x64xf32>
    } {pypto.loop = "range"}
    pypto.at core_group "result" {
      %neg = pypto.neg %last#0 : !pypto.tensor<16x64xf32>
      %back = pypto.neg %neg : !pypto.tensor<16x64xf32>
      pypto.assemble %back into %y[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
    }
    return
  }
}
