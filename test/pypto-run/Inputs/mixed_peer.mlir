// ci: devices=2
// Rank r computes y[r] = x[r] @ w + x[peer]: a mixed kernel whose vector
// part reads the peer's window (published and signalled by a first kernel).
module @mixed_peer attributes {pypto.golden = "mixed_peer.golden.py",
                               pypto.rtol = 1.0e-4 : f64,
                               pypto.atol = 1.0e-4 : f64} {
  func.func @mixed_peer(%x: !pypto.tensor<32x32xf32> {pypto.init = "randn"},
                        %w: !pypto.tensor<32x32xf32> {pypto.init = "randn"},
                        %y: !pypto.tensor<32x32xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %data = pypto.alloc_window : !pypto.tensor<16x32xf32>
    %signal = pypto.alloc_window : !pypto.tensor<2x1xi32>
    pypto.ranks world(2) (%rank) {
      %row = arith.muli %rank, %c16 : index
      %xr = pypto.slice %x[%row, %c0] [16, 32]
          : !pypto.tensor<32x32xf32> -> !pypto.tensor<16x32xf32>
      %yr = pypto.slice %y[%row, %c0] [16, 32]
          : !pypto.tensor<32x32xf32> -> !pypto.tensor<16x32xf32>
      pypto.at core_group "publish" {
        %one = arith.constant 1 : i32
        pypto.assemble %xr into %data[%c0, %c0]
            : !pypto.tensor<16x32xf32> into !pypto.tensor<16x32xf32>
        %next = arith.addi %rank, %c1 : index
        %peer = arith.remsi %next, %c2 : index
        pypto.notify %signal[%rank, %c0] peer %peer add %one : !pypto.tensor<2x1xi32>
        pypto.wait %signal[%peer, %c0] ge %one : !pypto.tensor<2x1xi32>
      }
      pypto.at core_group "mm_add_peer" {
        %next = arith.addi %rank, %c1 : index
        %peer = arith.remsi %next, %c2 : index
        %p = pypto.matmul %xr, %w
            : !pypto.tensor<16x32xf32>, !pypto.tensor<32x32xf32> -> !pypto.tensor<16x32xf32>
        %o = pypto.remote_load %data[%c0, %c0] [16, 32] peer %peer
            : !pypto.tensor<16x32xf32> -> !pypto.tensor<16x32xf32>
        %sum = pypto.add %p, %o : !pypto.tensor<16x32xf32>
        pypto.assemble %sum into %yr[%c0, %c0]
            : !pypto.tensor<16x32xf32> into !pypto.tensor<16x32xf32>
      }
    }
    return
  }
}
