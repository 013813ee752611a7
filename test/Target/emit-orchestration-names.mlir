// RUN: pypto-opt %s -split-input-file --pypto-default-pipeline | pypto-translate -split-input-file --emit-orchestration | FileCheck %s

// A pypto.name must not collide with the emitter's own names: the task must
// receive the scalar argument, not a constant that happens to be spelled
// the same (here the index constant 0, which the emitter names v0).

// CHECK: float [[A:[A-Za-z0-9_]+]] = from_u64<float>(orch_args.scalar(0));
// CHECK-NOT: {{[ (]}}[[A]] =
// CHECK: .add_scalar(to_u64([[A]]));
func.func @prog(%x: !pypto.tensor<32x32xf32>, %a: f32 {pypto.name = "v0"},
                %y: !pypto.tensor<32x32xf32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  scf.for %r = %c0 to %c32 step %c16 {
    pypto.at core_group "k" {
      %t = pypto.slice %x[%r, %c0] [16, 32] : !pypto.tensor<32x32xf32> -> !pypto.tensor<16x32xf32>
      %s = pypto.adds %t, %a : !pypto.tensor<16x32xf32>, f32
      pypto.assemble %s into %y[%r, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<32x32xf32>
    }
  }
  return
}

// -----

// Two arguments with the same pypto.name get distinct C++ names.

// CHECK: const ChipTensor& [[P:ext_[A-Za-z0-9_]+]] = orch_args.tensor(0).ref();
// CHECK-NOT: const ChipTensor& [[P]] =
// CHECK: const ChipTensor& {{ext_[A-Za-z0-9_]+}} = orch_args.tensor(1).ref();
func.func @dup(%x: !pypto.tensor<16x32xf32> {pypto.name = "t"},
               %y: !pypto.tensor<16x32xf32> {pypto.name = "t", pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  pypto.at core_group "copy" {
    pypto.assemble %x into %y[%c0, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<16x32xf32>
  }
  return
}

// -----

// Arguments named like the rank and the CommContext of a multi-card program
// keep their names; the rank and the CommContext take others, and each
// task receives the value it was given.

// CHECK: int64_t rank = from_u64<int64_t>(orch_args.scalar(0));
// CHECK: float comm_ctx = from_u64<float>(orch_args.scalar(1));
// CHECK: const int64_t [[RANK:rank_[0-9]+]] = from_u64<int64_t>(orch_args.scalar(2));  // of 2
// CHECK-NEXT: const uint64_t [[CTX:comm_ctx_[0-9]+]] = orch_args.scalar(3);  // CommContext*
// CHECK: int64_t [[V:v[0-9]+]]_offsets[2] = {static_cast<int64_t>(rank), static_cast<int64_t>({{v[0-9]+}})};
// CHECK: // Task: named
// CHECK: .add_scalar(to_u64(rank));
// CHECK-NEXT: .add_scalar(to_u64([[RANK]]));
// CHECK-NEXT: .add_scalar(to_u64(comm_ctx));
// CHECK-NEXT: .add_scalar([[CTX]]);
func.func @names(%x: !pypto.tensor<2x32xf32> {pypto.dir = "out"}, %n: index {pypto.name = "rank"},
                 %s: f32 {pypto.name = "comm_ctx"}) {
  %c0 = arith.constant 0 : index
  %data = pypto.alloc_window : !pypto.tensor<2x32xf32>
  pypto.ranks world(2) (%rank) {
    pypto.at core_group "named" {
      %r = pypto.remote_load %data[%n, %c0] [1, 32] peer %rank : !pypto.tensor<2x32xf32> -> !pypto.tensor<1x32xf32>
      %t = pypto.adds %r, %s : !pypto.tensor<1x32xf32>, f32
      pypto.assemble %t into %x[%n, %c0] : !pypto.tensor<1x32xf32> into !pypto.tensor<2x32xf32>
    }
  }
  return
}
