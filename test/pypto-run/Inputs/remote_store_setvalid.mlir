// ci: devices=2
// A peer's window written with a narrowed value (pypto-lib's push of a
// ragged vocab tile): %tile = pypto.set_validshape %box valid [8, n], then
// pypto.remote_store %tile. Only the 8 x 40 region lands in the window (the
// window is 80 wide, two 40-column slots); the whole 8x64 box would spill
// past it. The compiler carries the region into the store; the reference
// interpreter into the remote_store's write.
module @remote_store_setvalid attributes {pypto.golden = "remote_store_setvalid.golden.py"} {
  func.func @remote_store_setvalid(%src: !pypto.tensor<16x128xf32> {pypto.init = "randn"},
                               %out: !pypto.tensor<16x80xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c40 = arith.constant 40 : index
    %c64 = arith.constant 64 : index
    %c104 = arith.constant 104 : index
    %one = arith.constant 1 : i32
    %win = pypto.alloc_window : !pypto.tensor<8x80xf32>
    %sig = pypto.alloc_window : !pypto.tensor<2x1xi32>
    pypto.ranks world(2) (%rank) {
      %r0 = arith.muli %rank, %c8 : index
      %col = arith.muli %rank, %c40 : index
      pypto.at core_group "push" {
        %left = arith.subi %c104, %c64 : index
        %n = arith.minsi %left, %c64 : index
        %box = pypto.slice %src[%r0, %c64] [8, 64]
            : !pypto.tensor<16x128xf32> -> !pypto.tensor<8x64xf32>
        %tile = pypto.set_validshape %box valid [%c8, %n] : !pypto.tensor<8x64xf32>
        scf.for %p = %c0 to %c2 step %c1 {
          pypto.remote_store %tile into %win[%c0, %col] peer %p
              : !pypto.tensor<8x64xf32> into !pypto.tensor<8x80xf32>
        } {pypto.loop = "range"}
        %other = arith.subi %c1, %rank : index
        pypto.notify %sig[%rank, %c0] peer %other add %one : !pypto.tensor<2x1xi32>
        pypto.wait %sig[%other, %c0] ge %one : !pypto.tensor<2x1xi32>
      }
      pypto.at core_group "copy_out" {
        %w = pypto.slice %win[%c0, %c0] [8, 80] : !pypto.tensor<8x80xf32> -> !pypto.tensor<8x80xf32>
        pypto.assemble %w into %out[%r0, %c0] : !pypto.tensor<8x80xf32> into !pypto.tensor<16x80xf32>
      }
    }
    return
  }
}
