// Token embedding lookup: each task reads its token id from GM inside the
// kernel and copies that row of the table; an SPMD kernel does the same per
// block and also writes each id + 1 back element by element.
module @lookup attributes {pypto.golden = "lookup.golden.py"} {
  func.func @lookup(
      %ids: !pypto.tensor<8xi32> {pypto.init = "randint", pypto.init_range = array<i64: 0, 32>},
      %table: !pypto.tensor<32x64xf32> {pypto.init = "randn"},
      %out: !pypto.tensor<8x64xf32> {pypto.dir = "out"},
      %next: !pypto.tensor<8xi32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %t = %c0 to %c8 step %c1 {
      pypto.at core_group "row" {
        %id = pypto.read %ids[%t] : !pypto.tensor<8xi32> -> i32
        %r = arith.index_cast %id : i32 to index
        %row = pypto.slice %table[%r, %c0] [1, 64]
            : !pypto.tensor<32x64xf32> -> !pypto.tensor<1x64xf32>
        %e = pypto.exp %row : !pypto.tensor<1x64xf32>
        pypto.assemble %e into %out[%t, %c0]
            : !pypto.tensor<1x64xf32> into !pypto.tensor<8x64xf32>
      }
    } {pypto.loop = "parallel"}
    pypto.spmd core_group "bump" blocks(8) (%b) {
      %id = pypto.read %ids[%b] : !pypto.tensor<8xi32> -> i32
      %one = arith.constant 1 : i32
      %n = arith.addi %id, %one : i32
      pypto.write %n into %next[%b] : i32 into !pypto.tensor<8xi32>
    }
    return
  }
}
