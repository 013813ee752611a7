// A reinterpreted window of columns (not contiguous): refused at compile time.
module @nc {
  func.func @nc(%x: !pypto.tensor<16x32xf32> {pypto.init = "randn"},
                %y: !pypto.tensor<16x16xi32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %s = pypto.slice %x[%c0, %c8] [16, 16] : !pypto.tensor<16x32xf32> -> !pypto.tensor<16x16xf32>
    %b = pypto.reinterpret_view %s : !pypto.tensor<16x16xf32> -> !pypto.tensor<16x16xi32>
    pypto.at core_group "k" {
      pypto.assemble %b into %y[%c0, %c0] : !pypto.tensor<16x16xi32> into !pypto.tensor<16x16xi32>
    }
    return
  }
}
