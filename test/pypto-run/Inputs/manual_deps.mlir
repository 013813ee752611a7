// Dependency hints that matter: in a manual scope the runtime derives
// nothing from tensors, so each task below would race its producer without
// its deps(...). "slow" fills `buf` after 64 rounds of work; "fast" reads
// it; four "acc" tasks add row blocks of x into `z` in a chain carried by
// the loop; "final" waits for a dummy task standing for the last "acc" and
// "fast", and reads x without dependency tracking (no_dep). After the
// scope, "after" reads z and w (the runtime orders it by their tensors).
module @manual_deps attributes {pypto.golden = "manual_deps.golden.py",
                                pypto.rtol = 1.0e-5 : f64,
                                pypto.atol = 1.0e-5 : f64} {
  func.func @manual_deps(
      %x: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
      %y: !pypto.tensor<16x64xf32> {pypto.dir = "out"},
      %z: !pypto.tensor<16x64xf32> {pypto.dir = "out"},
      %w: !pypto.tensor<16x64xf32> {pypto.dir = "out"},
      %v: !pypto.tensor<16x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %half = arith.constant 0.5 : f32
    %fzero = arith.constant 0.0 : f32
    %buf = pypto.create_tensor init 0.0 : !pypto.tensor<16x64xf32>
    %none = pypto.no_task
    %last = pypto.scope manual -> !pypto.task {
      %slow = pypto.at core_group "slow" {
        %x0 = pypto.slice %x[%c0, %c0] [16, 64] : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x64xf32>
        %r = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %x0) -> (!pypto.tensor<16x64xf32>) {
          %h = pypto.muls %acc, %half : !pypto.tensor<16x64xf32>, f32
          %e = pypto.exp %h : !pypto.tensor<16x64xf32>
          %n = pypto.sub %e, %h : !pypto.tensor<16x64xf32>
          scf.yield %n : !pypto.tensor<16x64xf32>
        }
        pypto.assemble %r into %buf[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
      }
      %fast = pypto.at core_group "fast" deps(%slow) {
        %b = pypto.slice %buf[%c0, %c0] [16, 64] : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xf32>
        %x0 = pypto.slice %x[%c0, %c0] [16, 64] : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x64xf32>
        %s = pypto.add %b, %x0 : !pypto.tensor<16x64xf32>
        pypto.assemble %s into %y[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
      }
      %zero = pypto.at core_group "zero" {
        %f = pypto.full %fzero : f32 -> !pypto.tensor<16x64xf32>
        pypto.assemble %f into %z[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
      }
      %chain = scf.for %i = %c0 to %c4 step %c1 iter_args(%prev = %zero) -> (!pypto.task) {
        %r = arith.muli %i, %c16 : index
        %t = pypto.at core_group "acc" deps(%prev) {
          %zs = pypto.slice %z[%c0, %c0] [16, 64] : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xf32>
          %xs = pypto.slice %x[%r, %c0] [16, 64] : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x64xf32>
          %twice = pypto.add %zs, %zs : !pypto.tensor<16x64xf32>
          %s = pypto.add %twice, %xs : !pypto.tensor<16x64xf32>
          pypto.assemble %s into %z[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
        }
        scf.yield %t : !pypto.task
      }
      %both = pypto.task_dummy deps(%chain, %fast)
      %final = pypto.at core_group "final" deps(%both, %none) no_dep(%x : !pypto.tensor<64x64xf32>) allow_early_resolve {
        %zs = pypto.slice %z[%c0, %c0] [16, 64] : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xf32>
        %ys = pypto.slice %y[%c0, %c0] [16, 64] : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xf32>
        %x3 = pypto.slice %x[%c16, %c0] [16, 64] : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x64xf32>
        %s = pypto.sub %zs, %ys : !pypto.tensor<16x64xf32>
        %m = pypto.mul %s, %x3 : !pypto.tensor<16x64xf32>
        pypto.assemble %m into %w[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
      }
      pypto.scope_yield %final : !pypto.task
    }
    pypto.at core_group "after" deps(%last) {
      %zs = pypto.slice %z[%c0, %c0] [16, 64] : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xf32>
      %ws = pypto.slice %w[%c0, %c0] [16, 64] : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xf32>
      %s = pypto.add %zs, %ws : !pypto.tensor<16x64xf32>
      pypto.assemble %s into %v[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
    }
    return
  }
}
