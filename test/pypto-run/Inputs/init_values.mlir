// y = 2 * x for an x whose values the program lists (pypto.init = dense<...>,
// as pypto-lib's fixed init tensors); the golden knows the values itself, so
// a wrong order or conversion fails. init-values.test changes it.
module @init_values attributes {pypto.golden = "init_values.golden.py"} {
  func.func @init_values(
      %x: !pypto.tensor<2x8xf32> {pypto.init = dense<[[0.076099, 0.032597, 0.226994, 5.9166, -3.6223, -2.9324, -3.3124, 1.5],
                                                      [-3.91, -0.9384, 2.0706, 0.1424, 3.4634, -0.501, 3.1587, -7.25]]> : tensor<2x8xf32>},
      %n: !pypto.tensor<4xi32> {pypto.init = dense<[3, -1, 7, 100]> : tensor<4xi32>},
      %y: !pypto.tensor<2x8xf32> {pypto.dir = "out"},
      %m: !pypto.tensor<4xi32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %nr = pypto.reshape %n : !pypto.tensor<4xi32> -> !pypto.tensor<1x4xi32>
    pypto.at core_group "twice" {
      %d = pypto.add %x, %x : !pypto.tensor<2x8xf32>
      pypto.assemble %d into %y[%c0, %c0] : !pypto.tensor<2x8xf32> into !pypto.tensor<2x8xf32>
      %e = pypto.add %nr, %nr : !pypto.tensor<1x4xi32>
      %er = pypto.reshape %e : !pypto.tensor<1x4xi32> -> !pypto.tensor<4xi32>
      pypto.assemble %er into %m[%c0] : !pypto.tensor<4xi32> into !pypto.tensor<4xi32>
    }
    return
  }
}
