// Tensors with run-time dimensions: the token count of x and y, the width
// of z, the vocabulary of the table and the id count are bound per run
// (pypto.shape here, --shape on the command line).
module @runtime_shapes attributes {pypto.golden = "runtime_shapes.golden.py"} {
  func.func @runtime_shapes(
      %x: !pypto.tensor<?x64xf32> {pypto.init = "randn", pypto.shape = array<i64: 48, 64>},
      %y: !pypto.tensor<?x64xf32> {pypto.dir = "out", pypto.shape = array<i64: 48, 64>},
      %z: !pypto.tensor<8x?xf32> {pypto.init = "randn", pypto.shape = array<i64: 8, 40>},
      %w: !pypto.tensor<8x16xf32> {pypto.dir = "out"},
      %ids: !pypto.tensor<?xi32> {pypto.init = "randint", pypto.init_range = array<i64: 0, 20>, pypto.shape = array<i64: 6>},
      %table: !pypto.tensor<?x32xf32> {pypto.init = "randn", pypto.shape = array<i64: 20, 32>},
      %e: !pypto.tensor<?x32xf32> {pypto.dir = "out", pypto.shape = array<i64: 6, 32>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %tokens = pypto.dim %x, 0 : !pypto.tensor<?x64xf32>
    scf.for %t = %c0 to %tokens step %c16 {
      pypto.at core_group "rows" {
        %xt = pypto.slice %x[%t, %c0] [16, 64]
            : !pypto.tensor<?x64xf32> -> !pypto.tensor<16x64xf32>
        %s = pypto.exp %xt : !pypto.tensor<16x64xf32>
        pypto.assemble %s into %y[%t, %c0]
            : !pypto.tensor<16x64xf32> into !pypto.tensor<?x64xf32>
      }
    } {pypto.loop = "parallel"}
    // The last 16 columns of z, whatever its width: a window whose row
    // stride is known only at run time.
    %width = pypto.dim %z, 1 : !pypto.tensor<8x?xf32>
    %last = arith.subi %width, %c16 : index
    pypto.at core_group "tail_cols" {
      %zt = pypto.slice %z[%c0, %last] [8, 16]
          : !pypto.tensor<8x?xf32> -> !pypto.tensor<8x16xf32>
      %n = pypto.neg %zt : !pypto.tensor<8x16xf32>
      pypto.assemble %n into %w[%c0, %c0]
          : !pypto.tensor<8x16xf32> into !pypto.tensor<8x16xf32>
    }
    // A kernel that takes whole run-time-sized tensors: it loops over the
    // ids (pypto.dim inside the kernel) and copies table rows.
    pypto.at core_group "lookup" {
      %count = pypto.dim %ids, 0 : !pypto.tensor<?xi32>
      scf.for %i = %c0 to %count step %c1 {
        %id = pypto.read %ids[%i] : !pypto.tensor<?xi32> -> i32
        %r = arith.index_cast %id : i32 to index
        %row = pypto.slice %table[%r, %c0] [1, 32]
            : !pypto.tensor<?x32xf32> -> !pypto.tensor<1x32xf32>
        pypto.assemble %row into %e[%i, %c0]
            : !pypto.tensor<1x32xf32> into !pypto.tensor<?x32xf32>
      }
    }
    return
  }
}
