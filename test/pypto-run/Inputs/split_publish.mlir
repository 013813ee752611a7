// ci: devices=2
// Store, signal and read in three kernels, in program order (multi-card.test):
//   store writes x's rows of this rank into its `data` window;
//   sync signals the peer and waits for the peer's signal;
//   load reads the peer's `data` into y.
// sync names no tensor of `data`, yet it must wait for every store and every
// load must wait for it: the runtime orders them through the windows.
module @split_publish attributes {pypto.golden = "split_publish.golden.py"} {
  func.func @split_publish(%x: !pypto.tensor<128x256xf32> {pypto.init = "randn"},
                           %y: !pypto.tensor<128x256xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %data = pypto.alloc_window : !pypto.tensor<64x256xf32>
    %signal = pypto.alloc_window : !pypto.tensor<2x1xi32>
    pypto.ranks world(2) (%rank) {
      %row = arith.muli %rank, %c64 : index
      %next = arith.addi %rank, %c1 : index
      %peer = arith.remsi %next, %c2 : index
      scf.for %i = %c0 to %c64 step %c16 {
        %r = arith.addi %row, %i : index
        pypto.at core_group "store" {
          %t = pypto.slice %x[%r, %c0] [16, 256]
              : !pypto.tensor<128x256xf32> -> !pypto.tensor<16x256xf32>
          %e = pypto.exp %t : !pypto.tensor<16x256xf32>
          %l = pypto.log %e : !pypto.tensor<16x256xf32>
          pypto.assemble %l into %data[%i, %c0]
              : !pypto.tensor<16x256xf32> into !pypto.tensor<64x256xf32>
        }
      } {pypto.loop = "range"}
      pypto.at core_group "sync" {
        %one = arith.constant 1 : i32
        pypto.notify %signal[%rank, %c0] peer %peer add %one : !pypto.tensor<2x1xi32>
        pypto.wait %signal[%peer, %c0] ge %one : !pypto.tensor<2x1xi32>
      }
      scf.for %i = %c0 to %c64 step %c16 {
        %r = arith.addi %row, %i : index
        pypto.at core_group "load" {
          %o = pypto.remote_load %data[%i, %c0] [16, 256] peer %peer
              : !pypto.tensor<64x256xf32> -> !pypto.tensor<16x256xf32>
          pypto.assemble %o into %y[%r, %c0]
              : !pypto.tensor<16x256xf32> into !pypto.tensor<128x256xf32>
        }
      } {pypto.loop = "range"}
    }
    return
  }
}
