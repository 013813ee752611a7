// Tail tiles: a run-time token count cut into tiles of 16 rows, the last
// one a tail. Each tile's valid rows are read, exp'd and written back, and
// its column sums taken after zero-filling the rest (fillpad): the rows
// past the valid ones hold whatever the buffer held.
module @tail_rows attributes {pypto.golden = "tail_rows.golden.py",
                              pypto.rtol = 1.0e-5 : f64,
                              pypto.atol = 1.0e-5 : f64} {
  func.func @tail_rows(
      %x: !pypto.tensor<?x32xf32> {pypto.init = "randn", pypto.shape = array<i64: 37, 32>},
      %y: !pypto.tensor<?x32xf32> {pypto.dir = "out", pypto.shape = array<i64: 37, 32>},
      %s: !pypto.tensor<?x32xf32> {pypto.dir = "out", pypto.shape = array<i64: 3, 32>}) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %n = pypto.dim %x, 0 : !pypto.tensor<?x32xf32>
    scf.for %t0 = %c0 to %n step %c16 {
      %tile = arith.divsi %t0, %c16 : index
      %left = arith.subi %n, %t0 : index
      %rows = arith.minsi %left, %c16 : index
      pypto.at core_group "rows16" {
        %xs = pypto.slice %x[%t0, %c0] [16, 32] valid [%rows, %c32]
            : !pypto.tensor<?x32xf32> -> !pypto.tensor<16x32xf32>
        %e = pypto.exp %xs : !pypto.tensor<16x32xf32>
        pypto.assemble %e into %y[%t0, %c0] valid [%rows, %c32]
            : !pypto.tensor<16x32xf32> into !pypto.tensor<?x32xf32>
        %z = pypto.fillpad %xs valid [%rows, %c32] pad zero
            : !pypto.tensor<16x32xf32> -> !pypto.tensor<16x32xf32>
        %cs = pypto.col_sum %z : !pypto.tensor<16x32xf32> -> !pypto.tensor<1x32xf32>
        pypto.assemble %cs into %s[%tile, %c0]
            : !pypto.tensor<1x32xf32> into !pypto.tensor<?x32xf32>
      }
    } {pypto.loop = "parallel"}
    return
  }
}
