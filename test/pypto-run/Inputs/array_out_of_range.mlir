// An array index read from data that runs past the array: ids 0..15 index
// a 4-element array, and the fifth write stops the run there.
module @array_out_of_range {
  func.func @array_out_of_range(
      %ids: !pypto.tensor<16xi32> {pypto.init = "arange"},
      %y: !pypto.tensor<1x1xi32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %seen = pypto.array_create : !pypto.array<4, i32>
    scf.for %i = %c0 to %c16 step %c1 {
      %id = pypto.read %ids[%i] : !pypto.tensor<16xi32> -> i32
      %b = arith.index_cast %id : i32 to index
      pypto.array_set %id into %seen[%b] : !pypto.array<4, i32>
    } {pypto.loop = "range"}
    %last = pypto.array_get %seen[%c0] : !pypto.array<4, i32>
    pypto.at core_group "last" {
      %f = pypto.full %last : i32 -> !pypto.tensor<1x1xi32>
      pypto.assemble %f into %y[%c0, %c0] : !pypto.tensor<1x1xi32> into !pypto.tensor<1x1xi32>
    }
    return
  }
}
