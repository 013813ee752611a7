// decode_metadata's shape: a row of indices filled element by element under
// a condition in a kernel loop, then stored; plus an N-D insert and an insert
// whose source is read afterwards (a copy).
module @insert attributes {pypto.golden = "insert.golden.py"} {
  func.func @insert(%table: !pypto.tensor<4x32xi32> {pypto.init = "randint", pypto.init_range = array<i64: 0, 100>},
                 %lens: !pypto.tensor<4xi32> {pypto.init = dense<[5, 0, 32, 17]> : tensor<4xi32>},
                 %x: !pypto.tensor<1x2x8xf32> {pypto.init = "randn"},
                 %out: !pypto.tensor<4x32xi32> {pypto.dir = "out"},
                 %y: !pypto.tensor<1x2x8xf32> {pypto.dir = "out"},
                 %z: !pypto.tensor<1x2x8xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c4_ = arith.constant 4 : index
    pypto.spmd core_group "fill_rows" blocks(%c4) (%t) {
      %m1 = arith.constant -1 : i32
      %init = pypto.full %m1 : i32 -> !pypto.tensor<1x32xi32>
      %len_i = pypto.read %lens[%t] : !pypto.tensor<4xi32> -> i32
      %len = arith.index_cast %len_i : i32 to index
      %row = scf.for %j = %c0 to %c32 step %c1 iter_args(%r = %init) -> (!pypto.tensor<1x32xi32>) {
        %inside = arith.cmpi slt, %j, %len : index
        %next = scf.if %inside -> (!pypto.tensor<1x32xi32>) {
          %v = pypto.read %table[%t, %j] : !pypto.tensor<4x32xi32> -> i32
          %c7 = arith.constant 7 : i32
          %w = arith.muli %v, %c7 : i32
          %r2 = pypto.insert %w into %r[%c0, %j] : i32 into !pypto.tensor<1x32xi32>
          scf.yield %r2 : !pypto.tensor<1x32xi32>
        } else {
          scf.yield %r : !pypto.tensor<1x32xi32>
        }
        scf.yield %next : !pypto.tensor<1x32xi32>
      } {pypto.loop = "range"}
      pypto.assemble %row into %out[%t, %c0] : !pypto.tensor<1x32xi32> into !pypto.tensor<4x32xi32>
    }
    pypto.at core_group "nd" {
      %e = pypto.exp %x : !pypto.tensor<1x2x8xf32>
      %v = arith.constant 42.5 : f32
      %i = pypto.insert %v into %e[%c0, %c1, %c4_] : f32 into !pypto.tensor<1x2x8xf32>
      // %e is read after the insert: the insert works on a copy.
      %s = pypto.add %i, %e : !pypto.tensor<1x2x8xf32>
      pypto.assemble %i into %y[%c0, %c0, %c0] : !pypto.tensor<1x2x8xf32> into !pypto.tensor<1x2x8xf32>
      pypto.assemble %s into %z[%c0, %c0, %c0] : !pypto.tensor<1x2x8xf32> into !pypto.tensor<1x2x8xf32>
    }
    return
  }
}
