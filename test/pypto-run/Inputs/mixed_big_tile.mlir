// y = exp(a @ b) / 4 with a 128x64 f32 product crossing from the cube to the
// vector core: the hardware's 8 slots of 32 KiB would fill the AIV's vec
// memory, so the pipe has 2 slots (docs/Pipeline.md). Random inputs: a
// product read from the wrong slot, or a slot overwritten while in use,
// changes y.
module @mixed_big_tile {
  func.func @mixed_big_tile(%a: !pypto.tensor<128x16xf32> {pypto.init = "rand"},
                            %b: !pypto.tensor<16x64xf32> {pypto.init = "rand"},
                            %y: !pypto.tensor<128x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %quarter = arith.constant 0.25 : f32
    pypto.at core_group "mm_exp" {
      %p = pypto.matmul %a, %b : !pypto.tensor<128x16xf32>, !pypto.tensor<16x64xf32> -> !pypto.tensor<128x64xf32>
      %e = pypto.exp %p : !pypto.tensor<128x64xf32>
      %s = pypto.muls %e, %quarter : !pypto.tensor<128x64xf32>, f32
      pypto.assemble %s into %y[%c0, %c0] : !pypto.tensor<128x64xf32> into !pypto.tensor<128x64xf32>
    }
    return
  }
}
