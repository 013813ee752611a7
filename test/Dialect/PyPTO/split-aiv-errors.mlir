// RUN: pypto-opt %s -split-input-file -verify-diagnostics

func.func @outside_kernel() {
  // expected-error @+1 {{'pypto.split_aiv' op is outside a kernel; it splits a kernel's vector work between the two AIV lanes of a cluster}}
  pypto.split_aiv none (%lane) {
  }
  return
}

// -----

func.func @nested() attributes {pypto.kind = "incore"} {
  pypto.split_aiv none (%lane) {
    // expected-error @+1 {{'pypto.split_aiv' op is nested in another 'pypto.split_aiv' region}}
    pypto.split_aiv none (%inner) {
    }
  }
  return
}

// -----

func.func @bad_mode() attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{expected a split mode (none, up_down or left_right), got 'sideways'}}
  pypto.split_aiv sideways (%lane) {
  }
  return
}

// -----

func.func @cube_inside(%a: !pypto.tensor<16x16xf32>) {
  pypto.at core_group "k" {
    pypto.split_aiv none (%lane) {
      // expected-error @+1 {{'pypto.matmul' op is cube work inside a 'pypto.split_aiv' region, which only the AIV lanes run; compute it before the region and read it with pypto.aiv_shard}}
      %p = pypto.matmul %a, %a : !pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32> -> !pypto.tensor<16x16xf32>
    }
  }
  return
}

// -----

func.func @region_in_region(%a: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  pypto.split_aiv none (%lane) {
    // expected-error @+1 {{'pypto.at' op cannot be nested in a 'pypto.split_aiv' region}}
    pypto.at core_group "k" {
    }
  }
  return
}

// -----

func.func @shard_outside(%t: !pypto.tile<32x128xf32, acc>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.aiv_shard' op must be directly in the body of a 'pypto.split_aiv' region}}
  %h = pypto.aiv_shard %t : !pypto.tile<32x128xf32, acc> -> !pypto.tile<16x128xf32, vec>
  return
}

// -----

func.func @shard_in_loop(%t: !pypto.tile<32x128xf32, acc>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  pypto.split_aiv up_down (%lane) {
    scf.for %i = %c0 to %c2 step %c1 {
      // expected-error @+1 {{'pypto.aiv_shard' op must be directly in the body of a 'pypto.split_aiv' region}}
      %h = pypto.aiv_shard %t : !pypto.tile<32x128xf32, acc> -> !pypto.tile<16x128xf32, vec>
    }
  }
  return
}

// -----

func.func @shard_of_inner(%t: !pypto.tile<32x128xf32, vec>) attributes {pypto.kind = "incore"} {
  pypto.split_aiv none (%lane) {
    %u = pypto.exp %t : !pypto.tile<32x128xf32, vec>
    // expected-error @+1 {{'pypto.aiv_shard' op reads a value computed inside its region; it carries a cube value from before the region}}
    %h = pypto.aiv_shard %u : !pypto.tile<32x128xf32, vec> -> !pypto.tile<32x128xf32, vec>
  }
  return
}

// -----

func.func @odd_rows(%t: !pypto.tile<17x128xf32, acc>) attributes {pypto.kind = "incore"} {
  pypto.split_aiv up_down (%lane) {
    // expected-error @+1 {{'pypto.aiv_shard' op splits 17 rows between the two AIV lanes; a split (up_down) needs an even extent}}
    %h = pypto.aiv_shard %t : !pypto.tile<17x128xf32, acc> -> !pypto.tile<8x128xf32, vec>
  }
  return
}

// -----

func.func @rank3(%t: !pypto.tensor<2x32x128xf32>) attributes {pypto.kind = "incore"} {
  pypto.split_aiv left_right (%lane) {
    // expected-error @+1 {{'pypto.aiv_shard' op splits a rank-3 value; reshape it to 2-D}}
    %h = pypto.aiv_shard %t : !pypto.tensor<2x32x128xf32> -> !pypto.tensor<2x32x64xf32>
  }
  return
}

// -----

func.func @not_half(%t: !pypto.tile<32x128xf32, acc>) attributes {pypto.kind = "incore"} {
  pypto.split_aiv up_down (%lane) {
    // expected-error @+1 {{'pypto.aiv_shard' op result shape 32x64 is not the lane's half (up_down), 16x128}}
    %h = pypto.aiv_shard %t : !pypto.tile<32x128xf32, acc> -> !pypto.tile<32x64xf32, vec>
  }
  return
}

// -----

func.func @none_changes_shape(%t: !pypto.tensor<32x128xf32>) attributes {pypto.kind = "incore"} {
  pypto.split_aiv none (%lane) {
    // expected-error @+1 {{'pypto.aiv_shard' op result shape 16x128 is not its operand's shape 32x128}}
    %h = pypto.aiv_shard %t : !pypto.tensor<32x128xf32> -> !pypto.tensor<16x128xf32>
  }
  return
}

// -----

func.func @element_type(%t: !pypto.tensor<32x128xf32>) attributes {pypto.kind = "incore"} {
  pypto.split_aiv none (%lane) {
    // expected-error @+1 {{'pypto.aiv_shard' op result element type 'f16' differs from the source's 'f32'}}
    %h = pypto.aiv_shard %t : !pypto.tensor<32x128xf32> -> !pypto.tensor<32x128xf16>
  }
  return
}

// -----

func.func @tensor_to_tile(%t: !pypto.tensor<32x128xf32>) attributes {pypto.kind = "incore"} {
  pypto.split_aiv none (%lane) {
    // expected-error @+1 {{'pypto.aiv_shard' op takes and returns a tensor, or a tile, not one of each}}
    %h = pypto.aiv_shard %t : !pypto.tensor<32x128xf32> -> !pypto.tile<32x128xf32, vec>
  }
  return
}

// -----

func.func @vec_source(%t: !pypto.tile<32x128xf32, vec>) attributes {pypto.kind = "incore"} {
  pypto.split_aiv up_down (%lane) {
    // expected-error @+1 {{'pypto.aiv_shard' op takes a tile in acc (a matmul result); this one is in vec: a vector value is already on the AIV lanes, slice it at the lane's offset instead}}
    %h = pypto.aiv_shard %t : !pypto.tile<32x128xf32, vec> -> !pypto.tile<16x128xf32, vec>
  }
  return
}

// -----

func.func @mat_result(%t: !pypto.tile<32x128xf32, acc>) attributes {pypto.kind = "incore"} {
  pypto.split_aiv up_down (%lane) {
    // expected-error @+1 {{'pypto.aiv_shard' op result must be a vec tile, not mat}}
    %h = pypto.aiv_shard %t : !pypto.tile<32x128xf32, acc> -> !pypto.tile<16x128xf32, mat>
  }
  return
}

// -----

func.func @lane_outside() {
  // expected-error @+1 {{'pypto.get_subblock_idx' op is outside a kernel; the AIV lane is a kernel's}}
  %l = pypto.get_subblock_idx : index
  return
}

// -----

// expected-error @+1 {{'pypto.aiv_lanes' is 2 on a vector kernel or an AIV part}}
func.func @lanes_on_aic() attributes {pypto.kind = "aic", pypto.aiv_lanes = 2 : i64} {
  return
}

// -----

// expected-error @+1 {{'pypto.aiv_lanes' is 2 on a vector kernel or an AIV part}}
func.func @three_lanes() attributes {pypto.kind = "aiv", pypto.aiv_lanes = 3 : i64} {
  return
}
