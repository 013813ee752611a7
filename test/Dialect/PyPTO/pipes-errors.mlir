// RUN: pypto-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// pypto.aic_initialize_pipe / pypto.aiv_initialize_pipe
//===----------------------------------------------------------------------===//

func.func @dir_mask_zero() {
  // expected-error @+1 {{attribute 'dir_mask' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 1 whose maximum value is 3}}
  pypto.aic_initialize_pipe {dir_mask = 0, slot_size = 4096, slot_num = 2}
  return
}

// -----

func.func @dir_mask_four() {
  // expected-error @+1 {{attribute 'dir_mask' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 1 whose maximum value is 3}}
  pypto.aiv_initialize_pipe {dir_mask = 4, slot_size = 4096, slot_num = 2}
  return
}

// -----

func.func @slot_size_zero() {
  // expected-error @+1 {{attribute 'slot_size' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  pypto.aic_initialize_pipe {dir_mask = 1, slot_size = 0, slot_num = 2}
  return
}

// -----

func.func @slot_size_negative() {
  // expected-error @+1 {{attribute 'slot_size' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  pypto.aiv_initialize_pipe {dir_mask = 1, slot_size = -32, slot_num = 2}
  return
}

// -----

func.func @slot_size_unaligned() {
  // expected-error @+1 {{'pypto.aic_initialize_pipe' op slot_size must be a multiple of 32 bytes, got 100}}
  pypto.aic_initialize_pipe {dir_mask = 1, slot_size = 100, slot_num = 2}
  return
}

// -----

func.func @slot_size_unaligned_aiv() {
  // expected-error @+1 {{'pypto.aiv_initialize_pipe' op slot_size must be a multiple of 32 bytes, got 48}}
  pypto.aiv_initialize_pipe {dir_mask = 2, slot_size = 48, slot_num = 2}
  return
}

// -----

func.func @slot_num_zero() {
  // expected-error @+1 {{attribute 'slot_num' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 1 whose maximum value is 4096}}
  pypto.aic_initialize_pipe {dir_mask = 1, slot_size = 64, slot_num = 0}
  return
}

// -----

func.func @slot_num_too_large() {
  // expected-error @+1 {{attribute 'slot_num' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 1 whose maximum value is 4096}}
  pypto.aiv_initialize_pipe {dir_mask = 1, slot_size = 64, slot_num = 4097}
  return
}

// -----

func.func @slot_num_missing() {
  // expected-error @+1 {{'pypto.aic_initialize_pipe' op requires attribute 'slot_num'}}
  pypto.aic_initialize_pipe {dir_mask = 1, slot_size = 64}
  return
}

// -----

func.func @consumer_buf_not_integer() {
  // expected-error @+1 {{attribute 'c2v_consumer_buf' failed to satisfy constraint: 64-bit signless integer attribute}}
  pypto.aiv_initialize_pipe {dir_mask = 1, slot_size = 64, slot_num = 1, c2v_consumer_buf = 1.0}
  return
}

// -----

// Both directions need two rings: 2 * 2 * 4096 = 16384 bytes; 4096 f32 hold
// 16384, 2048 f32 only 8192 (enough for one direction).
func.func @ring_too_small_both(%ring: !pypto.tensor<2048xf32>) {
  // expected-error @+1 {{'pypto.aic_initialize_pipe' op ring tensor holds 8192 bytes; the pipe needs 16384}}
  pypto.aic_initialize_pipe {dir_mask = 3, slot_size = 4096, slot_num = 2} ring(%ring : !pypto.tensor<2048xf32>)
  return
}

// -----

// One direction, one byte short in total: 4 * 1024 = 4096 > 4094.
func.func @ring_too_small_one(%ring: !pypto.tensor<2047xf16>) {
  // expected-error @+1 {{'pypto.aiv_initialize_pipe' op ring tensor holds 4094 bytes; the pipe needs 4096}}
  pypto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024, slot_num = 4} ring(%ring : !pypto.tensor<2047xf16>)
  return
}

// -----

func.func @ring_not_tensor(%t: !pypto.tile<16x16xf32, vec>) {
  // expected-error @+1 {{'pypto.aic_initialize_pipe' op operand #0 must be a tensor in global memory (reference semantics), but got '!pypto.tile<16x16xf32, vec>'}}
  pypto.aic_initialize_pipe {dir_mask = 1, slot_size = 64, slot_num = 1} ring(%t : !pypto.tile<16x16xf32, vec>)
  return
}

// -----

func.func @aic_init_in_aiv() attributes {pypto.kind = "aiv"} {
  // expected-error @+1 {{'pypto.aic_initialize_pipe' op belongs in the AIC part of a kernel, not 'aic_init_in_aiv' (aiv)}}
  pypto.aic_initialize_pipe {dir_mask = 1, slot_size = 64, slot_num = 2}
  return
}

// -----

func.func @aiv_init_in_aic() attributes {pypto.kind = "aic"} {
  // expected-error @+1 {{'pypto.aiv_initialize_pipe' op belongs in the AIV part of a kernel, not 'aiv_init_in_aic' (aic)}}
  pypto.aiv_initialize_pipe {dir_mask = 1, slot_size = 64, slot_num = 2}
  return
}

// -----

//===----------------------------------------------------------------------===//
// pypto.tpush_to_aiv / pypto.tpush_to_aic
//===----------------------------------------------------------------------===//

func.func @push_to_aiv_vec(%t: !pypto.tile<16x16xf32, vec>) {
  // expected-error @+1 {{'pypto.tpush_to_aiv' op pushed tile must be in acc or mat, not vec}}
  pypto.tpush_to_aiv %t : !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @push_to_aiv_left(%t: !pypto.tile<16x16xf32, left>) {
  // expected-error @+1 {{'pypto.tpush_to_aiv' op pushed tile must be in acc or mat, not left}}
  pypto.tpush_to_aiv %t : !pypto.tile<16x16xf32, left>
  return
}

// -----

func.func @push_to_aic_acc(%t: !pypto.tile<16x16xf32, acc>) {
  // expected-error @+1 {{'pypto.tpush_to_aic' op pushed tile must be in vec, not acc}}
  pypto.tpush_to_aic %t : !pypto.tile<16x16xf32, acc>
  return
}

// -----

func.func @push_to_aic_mat(%t: !pypto.tile<16x16xf32, mat>) {
  // expected-error @+1 {{'pypto.tpush_to_aic' op pushed tile must be in vec, not mat}}
  pypto.tpush_to_aic %t : !pypto.tile<16x16xf32, mat>
  return
}

// -----

func.func @push_to_aiv_in_aiv(%t: !pypto.tile<16x16xf32, acc>) attributes {pypto.kind = "aiv"} {
  // expected-error @+1 {{'pypto.tpush_to_aiv' op belongs in the AIC part of a kernel, not 'push_to_aiv_in_aiv' (aiv)}}
  pypto.tpush_to_aiv %t : !pypto.tile<16x16xf32, acc>
  return
}

// -----

func.func @push_to_aic_in_aic(%t: !pypto.tile<16x16xf32, vec>) attributes {pypto.kind = "aic"} {
  // expected-error @+1 {{'pypto.tpush_to_aic' op belongs in the AIV part of a kernel, not 'push_to_aic_in_aic' (aic)}}
  pypto.tpush_to_aic %t : !pypto.tile<16x16xf32, vec>
  return
}

// -----

//===----------------------------------------------------------------------===//
// pypto.tpop_from_aic / pypto.tpop_from_aiv
//===----------------------------------------------------------------------===//

func.func @pop_from_aic_mat() {
  // expected-error @+1 {{'pypto.tpop_from_aic' op popped tile must be in vec, not mat}}
  %t = pypto.tpop_from_aic : !pypto.tile<16x16xf32, mat>
  return
}

// -----

func.func @pop_from_aiv_vec() {
  // expected-error @+1 {{'pypto.tpop_from_aiv' op popped tile must be in mat, not vec}}
  %t = pypto.tpop_from_aiv : !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @pop_from_aiv_acc() {
  // expected-error @+1 {{'pypto.tpop_from_aiv' op popped tile must be in mat, not acc}}
  %t = pypto.tpop_from_aiv : !pypto.tile<16x16xf32, acc>
  return
}

// -----

func.func @pop_from_aic_in_aic() attributes {pypto.kind = "aic"} {
  // expected-error @+1 {{'pypto.tpop_from_aic' op belongs in the AIV part of a kernel, not 'pop_from_aic_in_aic' (aic)}}
  %t = pypto.tpop_from_aic : !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @pop_from_aiv_in_aiv() attributes {pypto.kind = "aiv"} {
  // expected-error @+1 {{'pypto.tpop_from_aiv' op belongs in the AIC part of a kernel, not 'pop_from_aiv_in_aiv' (aiv)}}
  %t = pypto.tpop_from_aiv : !pypto.tile<16x16xf32, mat>
  return
}

// -----

//===----------------------------------------------------------------------===//
// pypto.tfree_to_aic / pypto.tfree_to_aiv
//===----------------------------------------------------------------------===//

func.func @free_to_aic_argument(%t: !pypto.tile<16x16xf32, vec>) {
  // expected-error @+1 {{'pypto.tfree_to_aic' op frees a tile that pypto.tpop_from_aic did not pop}}
  pypto.tfree_to_aic %t : !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @free_to_aiv_argument(%t: !pypto.tile<16x16xf32, mat>) {
  // expected-error @+1 {{'pypto.tfree_to_aiv' op frees a tile that pypto.tpop_from_aiv did not pop}}
  pypto.tfree_to_aiv %t : !pypto.tile<16x16xf32, mat>
  return
}

// -----

// A tile the AIV popped is freed back to the AIC, not to the AIV.
func.func @free_to_aiv_of_aic_pop() {
  %t = pypto.tpop_from_aic : !pypto.tile<16x16xf32, vec>
  // expected-error @+1 {{'pypto.tfree_to_aiv' op frees a tile that pypto.tpop_from_aiv did not pop}}
  pypto.tfree_to_aiv %t : !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @free_to_aic_of_aiv_pop() {
  %t = pypto.tpop_from_aiv : !pypto.tile<16x16xf32, mat>
  // expected-error @+1 {{'pypto.tfree_to_aic' op frees a tile that pypto.tpop_from_aic did not pop}}
  pypto.tfree_to_aic %t : !pypto.tile<16x16xf32, mat>
  return
}

// -----

// A view of a popped tile is not the popped tile.
func.func @free_to_aic_of_move() attributes {pypto.kind = "aiv"} {
  %t = pypto.tpop_from_aic : !pypto.tile<16x16xf32, vec>
  %m = pypto.move %t : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf32, vec>
  // expected-error @+1 {{'pypto.tfree_to_aic' op frees a tile that pypto.tpop_from_aic did not pop}}
  pypto.tfree_to_aic %m : !pypto.tile<16x16xf32, vec>
  return
}

// -----

//===----------------------------------------------------------------------===//
// pypto.aic / pypto.aiv (group functions) and pypto.ring (part parameters)
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'pypto.aic' names a part (@symbol) of a group function}}
func.func @aic_on_incore() attributes {pypto.kind = "incore", pypto.aic = @part} { return }

// -----

// expected-error @+1 {{'pypto.aiv' names a part (@symbol) of a group function}}
func.func @aiv_without_kind() attributes {pypto.aiv = @part} { return }

// -----

// expected-error @+1 {{'pypto.aic' names a part (@symbol) of a group function}}
func.func @aic_string() attributes {pypto.kind = "group", pypto.aic = "part"} { return }

// -----

// expected-error @+1 {{'pypto.aiv' names a part (@symbol) of a group function}}
func.func @aiv_nested_symbol() attributes {pypto.kind = "group", pypto.aiv = @outer::@part} { return }

// -----

// expected-error @+1 {{'pypto.aic' names a part (@symbol) of a group function}}
module attributes {pypto.aic = @part} {}

// -----

// expected-error @+1 {{'pypto.ring' marks a tensor argument with a positive element count}}
func.func @ring_on_scalar(%a: f32 {pypto.ring = 4 : i64}) { return }

// -----

// expected-error @+1 {{'pypto.ring' marks a tensor argument with a positive element count}}
func.func @ring_on_index(%a: index {pypto.ring = 4 : i64}) { return }

// -----

// expected-error @+1 {{'pypto.ring' marks a tensor argument with a positive element count}}
func.func @ring_zero(%a: !pypto.tensor<1024xf32> {pypto.ring = 0 : i64}) { return }

// -----

// expected-error @+1 {{'pypto.ring' marks a tensor argument with a positive element count}}
func.func @ring_negative(%a: !pypto.tensor<1024xf32> {pypto.ring = -1024 : i64}) { return }

// -----

// expected-error @+1 {{'pypto.ring' marks a tensor argument with a positive element count}}
func.func @ring_string(%a: !pypto.tensor<1024xf32> {pypto.ring = "1024"}) { return }

// -----

// Declarations are checked through the signature.
// expected-error @+1 {{'pypto.ring' marks a tensor argument with a positive element count}}
func.func private @ring_on_scalar_decl(%a: i32 {pypto.ring = 4 : i64})

// -----

func.func @huge_slot(%ring: !pypto.tensor<1xf32>) {
  // expected-error @+1 {{'pypto.aic_initialize_pipe' op slot_size of 4611686018427387904 bytes is larger than any memory}}
  pypto.aic_initialize_pipe {dir_mask = 1, slot_size = 4611686018427387904, slot_num = 4} ring(%ring : !pypto.tensor<1xf32>)
  return
}

// -----

// expected-error @+1 {{'pypto.ring' marks a tensor argument with a positive element count}}
func.func @ring_on_tile(%t: !pypto.tile<16x16xf32> {pypto.ring = 16 : i64}) {
  return
}
