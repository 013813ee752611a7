// y = x + a as one SPMD task of 16 blocks; block b handles rows 64b..64b+63.
module @spmd_add attributes {pypto.golden = "spmd_add.golden.py"} {
  func.func @spmd_add(%x: !pypto.tensor<1024x512xf32> {pypto.init = "randn"},
                      %a: f32 {pypto.value = 2.5 : f32},
                      %y: !pypto.tensor<1024x512xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    pypto.spmd core_group "add_rows" blocks(16) (%b) {
      %r = arith.muli %b, %c64 : index
      %t = pypto.slice %x[%r, %c0] [64, 512]
          : !pypto.tensor<1024x512xf32> -> !pypto.tensor<64x512xf32>
      %s = pypto.adds %t, %a : !pypto.tensor<64x512xf32>, f32
      pypto.assemble %s into %y[%r, %c0]
          : !pypto.tensor<64x512xf32> into !pypto.tensor<1024x512xf32>
    }
    return
  }
}
