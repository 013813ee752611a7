// ci: devices=2
// Pushes between two ranks: pypto.put (a run-time row count copied in
// chunks, and a static window copied in partial chunks of rows and
// columns) and pypto.remote_store (a computed row into the other rank, and
// an atomic add into every rank), and pypto.get of the other rank's
// window in partial 1x48 chunks.
module @remote_store attributes {pypto.golden = "remote_store.golden.py"} {
  func.func @remote_store(
      %x: !pypto.tensor<48x64xf32> {pypto.init = "randn"},
      %n_rows: i32 {pypto.value = 21 : i32},
      %gathered: !pypto.tensor<96x64xf32> {pypto.dir = "out"},
      %patched: !pypto.tensor<96x64xf32> {pypto.dir = "out"},
      %exps: !pypto.tensor<4x64xf32> {pypto.dir = "out"},
      %sums: !pypto.tensor<2x64xf32> {pypto.dir = "out"},
      %pulled: !pypto.tensor<4x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c24 = arith.constant 24 : index
    %c48 = arith.constant 48 : index
    %nranks = arith.constant 2 : index
    %n = arith.index_cast %n_rows : i32 to index
    %gather = pypto.alloc_window : !pypto.tensor<48x64xf32>
    %patch = pypto.alloc_window : !pypto.tensor<48x64xf32>
    %scaled = pypto.alloc_window : !pypto.tensor<2x64xf32>
    %acc = pypto.alloc_window : !pypto.tensor<2x64xf32>
    %signal = pypto.alloc_window : !pypto.tensor<2x1xi32>
    pypto.ranks world(2) (%rank) {
      pypto.at core_group "exchange" {
        %one = arith.constant 1 : i32
        %two = arith.constant 2.0 : f32
        %base = arith.muli %rank, %c24 : index
        %first = pypto.slice %x[%base, %c0] [1, 64]
            : !pypto.tensor<48x64xf32> -> !pypto.tensor<1x64xf32>
        %twice = pypto.muls %first, %two : !pypto.tensor<1x64xf32>, f32
        scf.for %d = %c0 to %nranks step %c1 {
          pypto.put %x[%base, %c0] into %gather[%base, %c0] [%n, 64] peer %d chunk [8, 64]
              : !pypto.tensor<48x64xf32> into !pypto.tensor<48x64xf32>
          pypto.put %x[%base, %c0] into %patch[%base, %c0] [3, 64] peer %d chunk [2, 48]
              : !pypto.tensor<48x64xf32> into !pypto.tensor<48x64xf32>
          pypto.remote_store %twice into %acc[%c0, %c0] peer %d atomic_add
              : !pypto.tensor<1x64xf32> into !pypto.tensor<2x64xf32>
        } {pypto.loop = "range"}
        %other = arith.subi %c1, %rank : index
        %e = pypto.exp %first : !pypto.tensor<1x64xf32>
        pypto.remote_store %e into %scaled[%rank, %c0] peer %other
            : !pypto.tensor<1x64xf32> into !pypto.tensor<2x64xf32>
        pypto.notify %signal[%rank, %c0] peer %other add %one : !pypto.tensor<2x1xi32>
        pypto.wait %signal[%other, %c0] ge %one : !pypto.tensor<2x1xi32>
        %row0 = arith.muli %rank, %c48 : index
        %g = pypto.slice %gather[%c0, %c0] [48, 64]
            : !pypto.tensor<48x64xf32> -> !pypto.tensor<48x64xf32>
        pypto.assemble %g into %gathered[%row0, %c0]
            : !pypto.tensor<48x64xf32> into !pypto.tensor<96x64xf32>
        %p = pypto.slice %patch[%c0, %c0] [48, 64]
            : !pypto.tensor<48x64xf32> -> !pypto.tensor<48x64xf32>
        pypto.assemble %p into %patched[%row0, %c0]
            : !pypto.tensor<48x64xf32> into !pypto.tensor<96x64xf32>
        %row2 = arith.muli %rank, %c2 : index
        %s = pypto.slice %scaled[%c0, %c0] [2, 64]
            : !pypto.tensor<2x64xf32> -> !pypto.tensor<2x64xf32>
        pypto.assemble %s into %exps[%row2, %c0]
            : !pypto.tensor<2x64xf32> into !pypto.tensor<4x64xf32>
        %a = pypto.slice %acc[%c0, %c0] [1, 64]
            : !pypto.tensor<2x64xf32> -> !pypto.tensor<1x64xf32>
        pypto.assemble %a into %sums[%rank, %c0]
            : !pypto.tensor<1x64xf32> into !pypto.tensor<2x64xf32>
        pypto.get %scaled[%c0, %c0] peer %other into %pulled[%row2, %c0] [2, 64] chunk [1, 48]
            : !pypto.tensor<2x64xf32> into !pypto.tensor<4x64xf32>
      }
    }
    return
  }
}
