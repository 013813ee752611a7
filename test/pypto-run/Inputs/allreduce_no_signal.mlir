// ci: devices=2
// allreduce with a bug: every rank notifies its peer with 0 instead of 1,
// so the waits (>= 1) never end; the watchdog names the stuck TWAIT.
module @allreduce attributes {pypto.golden = "../../../examples/advanced/allreduce.golden.py"} {
  func.func @allreduce(%inputs: !pypto.tensor<2x256xf32> {pypto.init = "arange"},
                       %outputs: !pypto.tensor<2x256xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %data = pypto.alloc_window : !pypto.tensor<1x256xf32>
    %signal = pypto.alloc_window : !pypto.tensor<2x1xi32>
    pypto.ranks world(2) (%rank) {
      %in = pypto.slice %inputs[%rank, %c0] [1, 256]
          : !pypto.tensor<2x256xf32> -> !pypto.tensor<1x256xf32>
      %out = pypto.slice %outputs[%rank, %c0] [1, 256]
          : !pypto.tensor<2x256xf32> -> !pypto.tensor<1x256xf32>
      pypto.at core_group "reduce_step" {
        %one = arith.constant 1 : i32
        %zero_i = arith.constant 0 : i32
        %zero = arith.constant 0.0 : f32
        pypto.assemble %in into %data[%c0, %c0]
            : !pypto.tensor<1x256xf32> into !pypto.tensor<1x256xf32>
        scf.for %d = %c1 to %c2 step %c1 {
          %shifted = arith.addi %rank, %d : index
          %peer = arith.remsi %shifted, %c2 : index
          pypto.notify %signal[%rank, %c0] peer %peer add %zero_i : !pypto.tensor<2x1xi32>
        } {pypto.loop = "range"}
        scf.for %d = %c1 to %c2 step %c1 {
          %shifted = arith.addi %rank, %d : index
          %src = arith.remsi %shifted, %c2 : index
          pypto.wait %signal[%src, %c0] ge %one : !pypto.tensor<2x1xi32>
        } {pypto.loop = "range"}
        %init = pypto.full %zero : f32 -> !pypto.tensor<1x256xf32>
        %sum = scf.for %q = %c0 to %c2 step %c1
            iter_args(%acc = %init) -> (!pypto.tensor<1x256xf32>) {
          %row = pypto.remote_load %data[%c0, %c0] [1, 256] peer %q
              : !pypto.tensor<1x256xf32> -> !pypto.tensor<1x256xf32>
          %next = pypto.add %acc, %row : !pypto.tensor<1x256xf32>
          scf.yield %next : !pypto.tensor<1x256xf32>
        } {pypto.loop = "range"}
        pypto.assemble %sum into %out[%c0, %c0]
            : !pypto.tensor<1x256xf32> into !pypto.tensor<1x256xf32>
      }
    }
    return
  }
}
