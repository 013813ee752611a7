// The integer scalar ops beyond + - * / % (unsigned division, remainder,
// ceiling division and bounds, floor division, shifts by up to 39) on
// values read from GM: in the orchestration (elements 0-7 of out) and in a
// kernel (8-15). a is drawn from [-1000, 1000), so the unsigned ops see
// 32-bit patterns of negative values; b from [1, 100), s from [0, 40).
module @scalar_int_ops attributes {pypto.golden = "scalar_int_ops.golden.py"} {
  func.func @scalar_int_ops(%v: !pypto.tensor<3xi32> {pypto.dir = "inout", pypto.init = "zeros"},
                            %draws: !pypto.tensor<3xi32> {pypto.init = "randint", pypto.init_range = array<i64: -1000, 1000>},
                            %out: !pypto.tensor<16xi32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c99 = arith.constant 99 : i32
    %c40 = arith.constant 40 : i32
    %one = arith.constant 1 : i32
    // v = [draws[0], |draws[1]| % 99 + 1, |draws[2]| % 40]
    %d0 = pypto.read %draws[%c0] : !pypto.tensor<3xi32> -> i32
    %d1 = pypto.read %draws[%c1] : !pypto.tensor<3xi32> -> i32
    %d2 = pypto.read %draws[%c2] : !pypto.tensor<3xi32> -> i32
    %zero = arith.constant 0 : i32
    %n1 = arith.subi %zero, %d1 : i32
    %abs1 = arith.maxsi %d1, %n1 : i32
    %m1 = arith.remsi %abs1, %c99 : i32
    %bval = arith.addi %m1, %one : i32
    %n2 = arith.subi %zero, %d2 : i32
    %abs2 = arith.maxsi %d2, %n2 : i32
    %sval = arith.remsi %abs2, %c40 : i32
    pypto.write %d0 into %v[%c0] : i32 into !pypto.tensor<3xi32>
    pypto.write %bval into %v[%c1] : i32 into !pypto.tensor<3xi32>
    pypto.write %sval into %v[%c2] : i32 into !pypto.tensor<3xi32>
    %a = pypto.read %v[%c0] : !pypto.tensor<3xi32> -> i32
    %b = pypto.read %v[%c1] : !pypto.tensor<3xi32> -> i32
    %s = pypto.read %v[%c2] : !pypto.tensor<3xi32> -> i32
    %divui = arith.divui %a, %b : i32
    %i0 = arith.constant 0 : index
    pypto.write %divui into %out[%i0] : i32 into !pypto.tensor<16xi32>
    %remui = arith.remui %a, %b : i32
    %i1 = arith.constant 1 : index
    pypto.write %remui into %out[%i1] : i32 into !pypto.tensor<16xi32>
    %ceildivui = arith.ceildivui %a, %b : i32
    %i2 = arith.constant 2 : index
    pypto.write %ceildivui into %out[%i2] : i32 into !pypto.tensor<16xi32>
    %floordivsi = arith.floordivsi %a, %b : i32
    %i3 = arith.constant 3 : index
    pypto.write %floordivsi into %out[%i3] : i32 into !pypto.tensor<16xi32>
    %minui = arith.minui %a, %b : i32
    %i4 = arith.constant 4 : index
    pypto.write %minui into %out[%i4] : i32 into !pypto.tensor<16xi32>
    %maxui = arith.maxui %a, %b : i32
    %i5 = arith.constant 5 : index
    pypto.write %maxui into %out[%i5] : i32 into !pypto.tensor<16xi32>
    %shli = arith.shli %a, %s : i32
    %i6 = arith.constant 6 : index
    pypto.write %shli into %out[%i6] : i32 into !pypto.tensor<16xi32>
    %shrsi = arith.shrsi %a, %s : i32
    %i7 = arith.constant 7 : index
    pypto.write %shrsi into %out[%i7] : i32 into !pypto.tensor<16xi32>
    pypto.at core_group "kernel_ops" {
      %k_a = pypto.read %v[%c0] : !pypto.tensor<3xi32> -> i32
      %k_b = pypto.read %v[%c1] : !pypto.tensor<3xi32> -> i32
      %k_s = pypto.read %v[%c2] : !pypto.tensor<3xi32> -> i32
      %k_divui = arith.divui %k_a, %k_b : i32
      %k_i0 = arith.constant 8 : index
      pypto.write %k_divui into %out[%k_i0] : i32 into !pypto.tensor<16xi32>
      %k_remui = arith.remui %k_a, %k_b : i32
      %k_i1 = arith.constant 9 : index
      pypto.write %k_remui into %out[%k_i1] : i32 into !pypto.tensor<16xi32>
      %k_ceildivui = arith.ceildivui %k_a, %k_b : i32
      %k_i2 = arith.constant 10 : index
      pypto.write %k_ceildivui into %out[%k_i2] : i32 into !pypto.tensor<16xi32>
      %k_floordivsi = arith.floordivsi %k_a, %k_b : i32
      %k_i3 = arith.constant 11 : index
      pypto.write %k_floordivsi into %out[%k_i3] : i32 into !pypto.tensor<16xi32>
      %k_minui = arith.minui %k_a, %k_b : i32
      %k_i4 = arith.constant 12 : index
      pypto.write %k_minui into %out[%k_i4] : i32 into !pypto.tensor<16xi32>
      %k_maxui = arith.maxui %k_a, %k_b : i32
      %k_i5 = arith.constant 13 : index
      pypto.write %k_maxui into %out[%k_i5] : i32 into !pypto.tensor<16xi32>
      %k_shli = arith.shli %k_a, %k_s : i32
      %k_i6 = arith.constant 14 : index
      pypto.write %k_shli into %out[%k_i6] : i32 into !pypto.tensor<16xi32>
      %k_shrsi = arith.shrsi %k_a, %k_s : i32
      %k_i7 = arith.constant 15 : index
      pypto.write %k_shrsi into %out[%k_i7] : i32 into !pypto.tensor<16xi32>
    }
    return
  }
}
