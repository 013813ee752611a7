// RUN: pypto-opt %s -split-input-file | pypto-opt -split-input-file | FileCheck %s
// RUN: pypto-opt %s -split-input-file -mlir-print-op-generic | pypto-opt -split-input-file | FileCheck %s

// A mixed kernel after pypto-expand-mixed-kernel on a2a3: the group names its
// parts, each part takes the GM ring as its last parameter and sets up the
// pipe first. Both directions (dir_mask = 3) need two rings of
// slot_num * slot_size bytes: 2 * 2 * 4096 = 16384 bytes, exactly the
// 4096 f32 of the ring. The AIC pushes acc and mat tiles and pops a mat
// tile; the AIV pops a vec tile and pushes one back; each consumer frees the
// tile it popped.

// CHECK: module attributes {pypto.arch = "a2a3"}
// CHECK-LABEL: func.func @kernel
// CHECK-SAME: (%{{[^:]+}}: !pypto.tensor<16x64xf32>)
// CHECK-SAME: attributes {pypto.aic = @kernel_aic, pypto.aiv = @kernel_aiv, pypto.kind = "group"}
// CHECK-NEXT: return

// CHECK-LABEL: func.func @kernel_aic
// CHECK-SAME: (%{{[^:]+}}: !pypto.tensor<16x64xf32>, %[[ACC:[^:]+]]: !pypto.tile<16x64xf32, acc>, %[[MAT:[^:]+]]: !pypto.tile<16x64xf32, mat>, %[[RING:[^:]+]]: !pypto.tensor<4096xf32> {pypto.dir = "out", pypto.name = "gm_pipe_buffer", pypto.ring = 4096 : i64})
// CHECK-SAME: attributes {pypto.kind = "aic"}
// CHECK-NEXT: pypto.aic_initialize_pipe {dir_mask = 3 : i64, slot_num = 2 : i64, slot_size = 4096 : i64, v2c_consumer_buf = 0 : i64} ring(%[[RING]] : !pypto.tensor<4096xf32>)
// CHECK-NEXT: pypto.tpush_to_aiv %[[ACC]] : !pypto.tile<16x64xf32, acc>
// CHECK-NEXT: pypto.tpush_to_aiv %[[MAT]] : !pypto.tile<16x64xf32, mat>
// CHECK-NEXT: %[[P:.+]] = pypto.tpop_from_aiv : !pypto.tile<16x64xf32, mat>
// CHECK-NEXT: pypto.tfree_to_aiv %[[P]] : !pypto.tile<16x64xf32, mat>
// CHECK-NEXT: return

// CHECK-LABEL: func.func @kernel_aiv
// CHECK-SAME: (%{{[^:]+}}: !pypto.tensor<16x64xf32>, %[[RING:[^:]+]]: !pypto.tensor<4096xf32> {pypto.ring = 4096 : i64})
// CHECK-SAME: attributes {pypto.kind = "aiv"}
// CHECK-NEXT: pypto.aiv_initialize_pipe {c2v_consumer_buf = 8192 : i64, dir_mask = 3 : i64, slot_num = 2 : i64, slot_size = 4096 : i64} ring(%[[RING]] : !pypto.tensor<4096xf32>)
// CHECK-NEXT: %[[V:.+]] = pypto.tpop_from_aic : !pypto.tile<16x64xf32, vec>
// CHECK-NEXT: pypto.tpush_to_aic %[[V]] : !pypto.tile<16x64xf32, vec>
// CHECK-NEXT: pypto.tfree_to_aic %[[V]] : !pypto.tile<16x64xf32, vec>
// CHECK-NEXT: return
module attributes {pypto.arch = "a2a3"} {
  func.func @kernel(%x: !pypto.tensor<16x64xf32>)
      attributes {pypto.kind = "group", pypto.aic = @kernel_aic, pypto.aiv = @kernel_aiv} {
    return
  }
  func.func @kernel_aic(%x: !pypto.tensor<16x64xf32>,
                        %acc: !pypto.tile<16x64xf32, acc>,
                        %mat: !pypto.tile<16x64xf32, mat>,
                        %ring: !pypto.tensor<4096xf32> {pypto.name = "gm_pipe_buffer", pypto.dir = "out", pypto.ring = 4096 : i64})
      attributes {pypto.kind = "aic"} {
    pypto.aic_initialize_pipe {dir_mask = 3, slot_size = 4096, slot_num = 2, v2c_consumer_buf = 0 : i64}
        ring(%ring : !pypto.tensor<4096xf32>)
    pypto.tpush_to_aiv %acc : !pypto.tile<16x64xf32, acc>
    pypto.tpush_to_aiv %mat : !pypto.tile<16x64xf32, mat>
    %p = pypto.tpop_from_aiv : !pypto.tile<16x64xf32, mat>
    pypto.tfree_to_aiv %p : !pypto.tile<16x64xf32, mat>
    return
  }
  func.func @kernel_aiv(%x: !pypto.tensor<16x64xf32>,
                        %ring: !pypto.tensor<4096xf32> {pypto.ring = 4096 : i64})
      attributes {pypto.kind = "aiv"} {
    pypto.aiv_initialize_pipe {dir_mask = 3, slot_size = 4096, slot_num = 2, c2v_consumer_buf = 8192 : i64}
        ring(%ring : !pypto.tensor<4096xf32>)
    %v = pypto.tpop_from_aic : !pypto.tile<16x64xf32, vec>
    pypto.tpush_to_aic %v : !pypto.tile<16x64xf32, vec>
    pypto.tfree_to_aic %v : !pypto.tile<16x64xf32, vec>
    return
  }
}

// -----

// One direction (V2C, dir_mask = 2) needs a single ring: 4 * 512 = 2048
// bytes, exactly the 512 f32 given. The pop is freed after its last use in
// a loop body.

// CHECK-LABEL: func.func @v2c
// CHECK-SAME: attributes {pypto.aic = @v2c_aic, pypto.aiv = @v2c_aiv, pypto.kind = "group"}
// CHECK-LABEL: func.func @v2c_aic
// CHECK-SAME: (%[[RING:[^:]+]]: !pypto.tensor<512xf32> {pypto.ring = 512 : i64})
// CHECK-NEXT: pypto.aic_initialize_pipe {dir_mask = 2 : i64, slot_num = 4 : i64, slot_size = 512 : i64} ring(%[[RING]] : !pypto.tensor<512xf32>)
// CHECK: scf.for
// CHECK-NEXT: %[[P:.+]] = pypto.tpop_from_aiv : !pypto.tile<16x16xf16, mat>
// CHECK-NEXT: pypto.move %[[P]] : !pypto.tile<16x16xf16, mat> -> !pypto.tile<16x16xf16, left>
// CHECK-NEXT: pypto.tfree_to_aiv %[[P]] : !pypto.tile<16x16xf16, mat>
// CHECK-LABEL: func.func @v2c_aiv
// CHECK-SAME: (%[[T:[^:]+]]: !pypto.tile<16x16xf16, vec>, %[[RING:[^:]+]]: !pypto.tensor<512xf32> {pypto.ring = 512 : i64})
// CHECK-NEXT: pypto.aiv_initialize_pipe {dir_mask = 2 : i64, slot_num = 4 : i64, slot_size = 512 : i64} ring(%[[RING]] : !pypto.tensor<512xf32>)
// CHECK: scf.for
// CHECK-NEXT: pypto.tpush_to_aic %[[T]] : !pypto.tile<16x16xf16, vec>
func.func @v2c() attributes {pypto.kind = "group", pypto.aic = @v2c_aic, pypto.aiv = @v2c_aiv} {
  return
}
func.func @v2c_aic(%ring: !pypto.tensor<512xf32> {pypto.ring = 512 : i64})
    attributes {pypto.kind = "aic"} {
  pypto.aic_initialize_pipe {dir_mask = 2, slot_size = 512, slot_num = 4} ring(%ring : !pypto.tensor<512xf32>)
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %p = pypto.tpop_from_aiv : !pypto.tile<16x16xf16, mat>
    %l = pypto.move %p : !pypto.tile<16x16xf16, mat> -> !pypto.tile<16x16xf16, left>
    pypto.tfree_to_aiv %p : !pypto.tile<16x16xf16, mat>
  }
  return
}
func.func @v2c_aiv(%t: !pypto.tile<16x16xf16, vec>,
                   %ring: !pypto.tensor<512xf32> {pypto.ring = 512 : i64})
    attributes {pypto.kind = "aiv"} {
  pypto.aiv_initialize_pipe {dir_mask = 2, slot_size = 512, slot_num = 4} ring(%ring : !pypto.tensor<512xf32>)
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    pypto.tpush_to_aic %t : !pypto.tile<16x16xf16, vec>
  }
  return
}

// -----

// The a5 form: no GM ring, and the largest slot_num. Outside an aic or aiv
// part the side is not checked, and tiles not placed yet (no memory space)
// pass the space checks.

// CHECK-LABEL: func.func @a5_unplaced
// CHECK-SAME: (%[[A:[^:]+]]: !pypto.tile<16x16xf32>)
// CHECK-NEXT: pypto.aic_initialize_pipe {dir_mask = 1 : i64, slot_num = 4096 : i64, slot_size = 32 : i64}{{$}}
// CHECK-NEXT: pypto.aiv_initialize_pipe {dir_mask = 1 : i64, slot_num = 1 : i64, slot_size = 32 : i64}{{$}}
// CHECK-NEXT: pypto.tpush_to_aiv %[[A]] : !pypto.tile<16x16xf32>
// CHECK-NEXT: pypto.tpush_to_aic %[[A]] : !pypto.tile<16x16xf32>
// CHECK-NEXT: %[[C:.+]] = pypto.tpop_from_aic : !pypto.tile<16x16xf32>
// CHECK-NEXT: %[[V:.+]] = pypto.tpop_from_aiv : !pypto.tile<16x16xf32>
// CHECK-NEXT: pypto.tfree_to_aic %[[C]] : !pypto.tile<16x16xf32>
// CHECK-NEXT: pypto.tfree_to_aiv %[[V]] : !pypto.tile<16x16xf32>
func.func @a5_unplaced(%a: !pypto.tile<16x16xf32>) {
  pypto.aic_initialize_pipe {dir_mask = 1, slot_size = 32, slot_num = 4096}
  pypto.aiv_initialize_pipe {dir_mask = 1, slot_size = 32, slot_num = 1}
  pypto.tpush_to_aiv %a : !pypto.tile<16x16xf32>
  pypto.tpush_to_aic %a : !pypto.tile<16x16xf32>
  %c = pypto.tpop_from_aic : !pypto.tile<16x16xf32>
  %v = pypto.tpop_from_aiv : !pypto.tile<16x16xf32>
  pypto.tfree_to_aic %c : !pypto.tile<16x16xf32>
  pypto.tfree_to_aiv %v : !pypto.tile<16x16xf32>
  return
}

// -----

// A pipe in an incore kernel is not tied to a side either.

// CHECK-LABEL: func.func @incore
// CHECK-SAME: attributes {pypto.kind = "incore"}
// CHECK-NEXT: pypto.aiv_initialize_pipe {dir_mask = 3 : i64, slot_num = 8 : i64, slot_size = 1024 : i64}
// CHECK-NEXT: pypto.tpop_from_aiv : !pypto.tile<16x16xf32, mat>
// CHECK-NEXT: pypto.tfree_to_aiv
func.func @incore() attributes {pypto.kind = "incore"} {
  pypto.aiv_initialize_pipe {dir_mask = 3, slot_size = 1024, slot_num = 8}
  %p = pypto.tpop_from_aiv : !pypto.tile<16x16xf32, mat>
  pypto.tfree_to_aiv %p : !pypto.tile<16x16xf32, mat>
  return
}
