//===- InterpreterTest.cpp - the reference interpreter
//---------------------===//
//
// Every pypto op has an interpretation, and the interpretations that are not
// one libtorch call (casts, sorting, windows, ranks, pipes, errors) compute
// what the dialect's documentation says, on values chosen so that a wrong
// interpretation gives a different answer.
//
//===----------------------------------------------------------------------===//

#include "pypto/Interpreter/Interpreter.h"

#include "pypto/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <ATen/ATen.h>
#include <gtest/gtest.h>

#include <cstring>
#include <limits>

namespace {

class InterpreterTest : public ::testing::Test {
protected:
  InterpreterTest() {
    mlir::DialectRegistry registry;
    mlir::pypto::registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// Parses `source` and interprets it on `args`; returns the error text.
  std::string run(const std::string &source, std::vector<at::Tensor> &args) {
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::parseSourceString<mlir::ModuleOp>(source, &context, "test.mlir");
    if (!module)
      return "<parse error>";
    return pypto::interp::interpretProgram(*module, args);
  }

  mlir::MLIRContext context;
};

TEST_F(InterpreterTest, EveryPyptoOpHasAnInterpretation) {
  int ops = 0;
  for (mlir::RegisteredOperationName name : context.getRegisteredOperations()) {
    if (name.getDialectNamespace() != "pypto")
      continue;
    ++ops;
    EXPECT_TRUE(pypto::interp::hasInterpretation(name.getTypeID()))
        << "'" << name.getStringRef().str()
        << "' has no interpretation in lib/Interpreter/";
  }
  // The dialect has more than 70 ops: an empty enumeration is a broken test.
  EXPECT_GT(ops, 70);
}

TEST_F(InterpreterTest, ArithAndLoopsComputeIndices) {
  // y[0, i] = (i * 3 + 7) floordiv 2 - i remsi 3, over a loop with a tail.
  std::string source = R"mlir(
func.func @f(%y: !pypto.tensor<1x10xi32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  scf.for %i = %c0 to %c10 step %c1 {
    pypto.at core_group "k" {
      %a = arith.muli %i, %c3 : index
      %b = arith.addi %a, %c7 : index
      %q = arith.floordivsi %b, %c2 : index
      %r = arith.remsi %i, %c3 : index
      %d = arith.subi %q, %r : index
      %v = arith.index_cast %d : index to i32
      %t = pypto.full %v : i32 -> !pypto.tensor<1x1xi32>
      pypto.assemble %t into %y[%c0, %i] : !pypto.tensor<1x1xi32> into !pypto.tensor<1x10xi32>
    }
  }
  return
}
)mlir";
  std::vector<at::Tensor> args = {at::zeros({1, 10}, at::kInt)};
  ASSERT_EQ(run(source, args), "");
  for (int i = 0; i < 10; ++i)
    EXPECT_EQ(args[0][0][i].item<int>(), (i * 3 + 7) / 2 - i % 3) << i;
}

TEST_F(InterpreterTest, I1IsSignedWhereTheOpIsSigned) {
  // As a signed number an i1 true is -1: minsi(true, false) is true and
  // extsi gives -1, while extui gives 1 and an unsigned compare puts true
  // above false. y = [min ? 7 : 3, extsi, extui, ult(false, true) ? 5 : 9].
  std::string source = R"mlir(
func.func @f(%y: !pypto.tensor<1x4xi32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %true = arith.constant true
  %false = arith.constant false
  %c7 = arith.constant 7 : i32
  %c3i = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c9 = arith.constant 9 : i32
  pypto.at core_group "k" {
    %m = arith.minsi %true, %false : i1
    %v0 = arith.select %m, %c7, %c3i : i32
    %v1 = arith.extsi %true : i1 to i32
    %v2 = arith.extui %true : i1 to i32
    %lt = arith.cmpi ult, %false, %true : i1
    %v3 = arith.select %lt, %c5, %c9 : i32
    %t0 = pypto.full %v0 : i32 -> !pypto.tensor<1x1xi32>
    %t1 = pypto.full %v1 : i32 -> !pypto.tensor<1x1xi32>
    %t2 = pypto.full %v2 : i32 -> !pypto.tensor<1x1xi32>
    %t3 = pypto.full %v3 : i32 -> !pypto.tensor<1x1xi32>
    pypto.assemble %t0 into %y[%c0, %c0] : !pypto.tensor<1x1xi32> into !pypto.tensor<1x4xi32>
    pypto.assemble %t1 into %y[%c0, %c1] : !pypto.tensor<1x1xi32> into !pypto.tensor<1x4xi32>
    pypto.assemble %t2 into %y[%c0, %c2] : !pypto.tensor<1x1xi32> into !pypto.tensor<1x4xi32>
    pypto.assemble %t3 into %y[%c0, %c3] : !pypto.tensor<1x1xi32> into !pypto.tensor<1x4xi32>
  }
  return
}
)mlir";
  std::vector<at::Tensor> args = {at::zeros({1, 4}, at::kInt)};
  ASSERT_EQ(run(source, args), "");
  EXPECT_EQ(args[0][0][0].item<int>(), 7);
  EXPECT_EQ(args[0][0][1].item<int>(), -1);
  EXPECT_EQ(args[0][0][2].item<int>(), 1);
  EXPECT_EQ(args[0][0][3].item<int>(), 5);
}

TEST_F(InterpreterTest, CastRoundsByMode) {
  // 2.5 and -2.5 are ties, 2.25 a near tie: every mode differs somewhere.
  std::string source = R"mlir(
func.func @f(%x: !pypto.tensor<1x4xf32> {pypto.init = "zeros"},
             %y: !pypto.tensor<7x4xi32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  pypto.at core_group "k" {
    %t = pypto.slice %x[%c0, %c0] [1, 4] : !pypto.tensor<1x4xf32> -> !pypto.tensor<1x4xf32>
    %a = pypto.cast %t round rint : !pypto.tensor<1x4xf32> -> !pypto.tensor<1x4xi32>
    pypto.assemble %a into %y[%c0, %c0] : !pypto.tensor<1x4xi32> into !pypto.tensor<7x4xi32>
    %b = pypto.cast %t round round : !pypto.tensor<1x4xf32> -> !pypto.tensor<1x4xi32>
    pypto.assemble %b into %y[%c1, %c0] : !pypto.tensor<1x4xi32> into !pypto.tensor<7x4xi32>
    %c = pypto.cast %t round floor : !pypto.tensor<1x4xf32> -> !pypto.tensor<1x4xi32>
    pypto.assemble %c into %y[%c2, %c0] : !pypto.tensor<1x4xi32> into !pypto.tensor<7x4xi32>
    %d = pypto.cast %t round ceil : !pypto.tensor<1x4xf32> -> !pypto.tensor<1x4xi32>
    pypto.assemble %d into %y[%c3, %c0] : !pypto.tensor<1x4xi32> into !pypto.tensor<7x4xi32>
    %e = pypto.cast %t round trunc : !pypto.tensor<1x4xf32> -> !pypto.tensor<1x4xi32>
    pypto.assemble %e into %y[%c4, %c0] : !pypto.tensor<1x4xi32> into !pypto.tensor<7x4xi32>
    %g = pypto.cast %t round odd : !pypto.tensor<1x4xf32> -> !pypto.tensor<1x4xi32>
    pypto.assemble %g into %y[%c5, %c0] : !pypto.tensor<1x4xi32> into !pypto.tensor<7x4xi32>
    %h = pypto.cast %t round none : !pypto.tensor<1x4xf32> -> !pypto.tensor<1x4xi32>
    pypto.assemble %h into %y[%c6, %c0] : !pypto.tensor<1x4xi32> into !pypto.tensor<7x4xi32>
  }
  return
}
)mlir";
  std::vector<at::Tensor> args = {
      at::tensor({2.5f, -2.5f, 2.25f, 3.0f}).reshape({1, 4}),
      at::zeros({7, 4}, at::kInt)};
  ASSERT_EQ(run(source, args), "");
  int expected[7][4] = {{2, -2, 2, 3}, {3, -3, 2, 3}, {2, -3, 2, 3},
                        {3, -2, 3, 3}, {2, -2, 2, 3}, {3, -3, 3, 3},
                        {2, -2, 2, 3}};
  for (int m = 0; m < 7; ++m)
    for (int j = 0; j < 4; ++j)
      EXPECT_EQ(args[1][m][j].item<int>(), expected[m][j])
          << "mode " << m << " column " << j;
}

TEST_F(InterpreterTest, Bf16IntermediatesRoundWhereTheProgramRounds) {
  // (x + 1/256) in bf16 loses the 1/256 next to 1 (8 fraction bits), so
  // y = cast(x + d) - x is 0, where f32 arithmetic would give 1/256.
  std::string source = R"mlir(
func.func @f(%x: !pypto.tensor<1x2xbf16> {pypto.init = "ones"},
             %y: !pypto.tensor<1x2xf32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  pypto.at core_group "k" {
    %d = arith.constant 0.00390625 : bf16
    %t = pypto.slice %x[%c0, %c0] [1, 2] : !pypto.tensor<1x2xbf16> -> !pypto.tensor<1x2xbf16>
    %s = pypto.adds %t, %d : !pypto.tensor<1x2xbf16>, bf16
    %f = pypto.cast %s : !pypto.tensor<1x2xbf16> -> !pypto.tensor<1x2xf32>
    %g = pypto.cast %t : !pypto.tensor<1x2xbf16> -> !pypto.tensor<1x2xf32>
    %r = pypto.sub %f, %g : !pypto.tensor<1x2xf32>
    pypto.assemble %r into %y[%c0, %c0] : !pypto.tensor<1x2xf32> into !pypto.tensor<1x2xf32>
  }
  return
}
)mlir";
  std::vector<at::Tensor> args = {
      at::tensor({1.0f, 2.0f}).to(at::kBFloat16).reshape({1, 2}),
      at::zeros({1, 2})};
  ASSERT_EQ(run(source, args), "");
  EXPECT_EQ(args[1][0][0].item<float>(), 0.0f);
  EXPECT_EQ(args[1][0][1].item<float>(), 0.0f);
}

TEST_F(InterpreterTest, SortMergeAndGatherGiveTheTopValuesWithIndices) {
  // 64 distinct values in a scrambled order with one tie: sort32 per block,
  // mrgsort of 4 runs of 64 columns is not needed for 64 values, so sort
  // each block and merge by gathering the top of both blocks.
  std::string source = R"mlir(
func.func @f(%x: !pypto.tensor<1x128xf32> {pypto.init = "zeros"},
             %i: !pypto.tensor<1x128xi32> {pypto.init = "arange"},
             %v: !pypto.tensor<1x128xf32> {pypto.dir = "out"},
             %k: !pypto.tensor<1x128xi32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  pypto.at core_group "k" {
    %xs = pypto.slice %x[%c0, %c0] [1, 128] : !pypto.tensor<1x128xf32> -> !pypto.tensor<1x128xf32>
    %is = pypto.slice %i[%c0, %c0] [1, 128] : !pypto.tensor<1x128xi32> -> !pypto.tensor<1x128xi32>
    %s = pypto.sort32 %xs, %is : !pypto.tensor<1x128xf32>, !pypto.tensor<1x128xi32> -> !pypto.tensor<1x256xf32>
    %m = pypto.mrgsort %s {block_len = 64 : i64} : !pypto.tensor<1x256xf32>
    %vals = pypto.gather_mask %m even : !pypto.tensor<1x256xf32> -> !pypto.tensor<1x128xf32>
    %idx = pypto.gather_mask %m odd : !pypto.tensor<1x256xf32> -> !pypto.tensor<1x128xi32>
    pypto.assemble %vals into %v[%c0, %c0] : !pypto.tensor<1x128xf32> into !pypto.tensor<1x128xf32>
    pypto.assemble %idx into %k[%c0, %c0] : !pypto.tensor<1x128xi32> into !pypto.tensor<1x128xi32>
  }
  return
}
)mlir";
  // x[j] = (j * 37) mod 128, except x[100] = x[5]: a tie between indices.
  at::Tensor x = at::remainder(at::arange(128) * 37, 128).to(at::kFloat);
  x[100] = x[5].item<float>();
  std::vector<at::Tensor> args = {
      x.reshape({1, 128}), at::arange(128, at::kInt).reshape({1, 128}),
      at::zeros({1, 128}), at::zeros({1, 128}, at::kInt)};
  ASSERT_EQ(run(source, args), "");
  // The reference: a stable descending sort of the 128 values.
  auto [sorted, order] = at::sort(x, /*stable=*/true, 0, /*descending=*/true);
  EXPECT_TRUE(at::equal(args[2].reshape({128}), sorted));
  EXPECT_TRUE(at::equal(args[3].reshape({128}), order.to(at::kInt)));
}

TEST_F(InterpreterTest, MrgSortMergesRunsItDoesNotSortThem) {
  // Four runs of 32 pairs; run 0 is not sorted (1, 100, 0, ...) and runs
  // 1-3 hold 50 everywhere. A merge takes the largest head each step, the
  // first run on a tie: runs 1, 2, 3, then run 0 as it is. A sort would put
  // 100 first.
  std::string source = R"mlir(
func.func @f(%p: !pypto.tensor<1x256xf32> {pypto.init = "zeros"},
             %v: !pypto.tensor<1x128xf32> {pypto.dir = "out"},
             %k: !pypto.tensor<1x128xi32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  pypto.at core_group "k" {
    %s = pypto.slice %p[%c0, %c0] [1, 256] : !pypto.tensor<1x256xf32> -> !pypto.tensor<1x256xf32>
    %m = pypto.mrgsort %s {block_len = 64 : i64} : !pypto.tensor<1x256xf32>
    %vals = pypto.gather_mask %m even : !pypto.tensor<1x256xf32> -> !pypto.tensor<1x128xf32>
    %idx = pypto.gather_mask %m odd : !pypto.tensor<1x256xf32> -> !pypto.tensor<1x128xi32>
    pypto.assemble %vals into %v[%c0, %c0] : !pypto.tensor<1x128xf32> into !pypto.tensor<1x128xf32>
    pypto.assemble %idx into %k[%c0, %c0] : !pypto.tensor<1x128xi32> into !pypto.tensor<1x128xi32>
  }
  return
}
)mlir";
  at::Tensor values = at::full({128}, 50.0f);
  values.narrow(0, 0, 32).zero_();
  values[0] = 1.0f;
  values[1] = 100.0f;
  at::Tensor idx = at::arange(128, at::kInt);
  at::Tensor pairs = at::stack({values.view(at::kInt), idx}, 1)
                         .reshape({1, 256})
                         .view(at::kFloat);
  std::vector<at::Tensor> args = {pairs, at::zeros({1, 128}),
                                  at::zeros({1, 128}, at::kInt)};
  ASSERT_EQ(run(source, args), "");
  at::Tensor expectIdx =
      at::cat({at::arange(32, 128, at::kInt), at::arange(0, 32, at::kInt)});
  EXPECT_TRUE(at::equal(args[2].reshape({128}), expectIdx))
      << args[2].reshape({128}).narrow(0, 90, 10);
  EXPECT_TRUE(at::equal(args[1].reshape({128}),
                        values.index_select(0, expectIdx.to(at::kLong))));
}

TEST_F(InterpreterTest, MatmulAccumulatesInTheResultType) {
  // c = a . b + a . b over a K-loop of two steps, i8 x i8 -> i32: exact.
  std::string source = R"mlir(
func.func @f(%a: !pypto.tensor<4x8xi8> {pypto.init = "zeros"},
             %b: !pypto.tensor<8x4xi8> {pypto.init = "zeros"},
             %c: !pypto.tensor<4x4xi32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  pypto.at core_group "k" {
    %a0 = pypto.slice %a[%c0, %c0] [4, 4] : !pypto.tensor<4x8xi8> -> !pypto.tensor<4x4xi8>
    %b0 = pypto.slice %b[%c0, %c0] [4, 4] : !pypto.tensor<8x4xi8> -> !pypto.tensor<4x4xi8>
    %p = pypto.matmul %a0, %b0 : !pypto.tensor<4x4xi8>, !pypto.tensor<4x4xi8> -> !pypto.tensor<4x4xi32>
    %r = scf.for %k = %c4 to %c8 step %c4 iter_args(%acc = %p) -> (!pypto.tensor<4x4xi32>) {
      %ak = pypto.slice %a[%c0, %k] [4, 4] : !pypto.tensor<4x8xi8> -> !pypto.tensor<4x4xi8>
      %bk = pypto.slice %b[%k, %c0] [4, 4] : !pypto.tensor<8x4xi8> -> !pypto.tensor<4x4xi8>
      %n = pypto.matmul_acc %acc, %ak, %bk : !pypto.tensor<4x4xi8>, !pypto.tensor<4x4xi8> -> !pypto.tensor<4x4xi32>
      scf.yield %n : !pypto.tensor<4x4xi32>
    }
    pypto.assemble %r into %c[%c0, %c0] : !pypto.tensor<4x4xi32> into !pypto.tensor<4x4xi32>
  }
  return
}
)mlir";
  at::Tensor a = (at::arange(32) * 7 % 255 - 127).to(at::kChar).reshape({4, 8});
  at::Tensor b =
      (at::arange(32) * 11 % 255 - 127).to(at::kChar).reshape({8, 4});
  std::vector<at::Tensor> args = {a, b, at::zeros({4, 4}, at::kInt)};
  ASSERT_EQ(run(source, args), "");
  at::Tensor expected = at::matmul(a.to(at::kLong), b.to(at::kLong));
  EXPECT_TRUE(at::equal(args[2].to(at::kLong), expected));
}

TEST_F(InterpreterTest, HelpersReturnValuesAndTheEntryIsTheUncalledOne) {
  // The helper is written first: the entry is the function no call names.
  // y = (x - 2x) * (x - 3) = -x * (x - 3): either call of `diff` with its
  // operands the other way round flips the sign.
  std::string source = R"mlir(
func.func private @diff(%a: !pypto.tensor<1x4xf32>, %b: !pypto.tensor<1x4xf32>) -> !pypto.tensor<1x4xf32> {
  %d = pypto.sub %a, %b : !pypto.tensor<1x4xf32>
  return %d : !pypto.tensor<1x4xf32>
}
func.func @f(%x: !pypto.tensor<1x4xf32>, %y: !pypto.tensor<1x4xf32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  %three = arith.constant 3.0 : f32
  pypto.at core_group "k" {
    %x2 = pypto.add %x, %x : !pypto.tensor<1x4xf32>
    %t = pypto.full %three : f32 -> !pypto.tensor<1x4xf32>
    %a = func.call @diff(%x, %x2) : (!pypto.tensor<1x4xf32>, !pypto.tensor<1x4xf32>) -> !pypto.tensor<1x4xf32>
    %b = func.call @diff(%x, %t) : (!pypto.tensor<1x4xf32>, !pypto.tensor<1x4xf32>) -> !pypto.tensor<1x4xf32>
    %m = pypto.mul %a, %b : !pypto.tensor<1x4xf32>
    pypto.assemble %m into %y[%c0, %c0] : !pypto.tensor<1x4xf32> into !pypto.tensor<1x4xf32>
  }
  return
}
)mlir";
  std::vector<at::Tensor> args = {
      at::tensor({1.0f, -2.0f, 5.0f, 0.5f}).reshape({1, 4}), at::zeros({1, 4})};
  ASSERT_EQ(run(source, args), "");
  std::vector<float> x = {1.0f, -2.0f, 5.0f, 0.5f};
  for (int i = 0; i < 4; ++i)
    EXPECT_FLOAT_EQ(args[1][0][i].item<float>(), -x[i] * (x[i] - 3)) << i;
}

TEST_F(InterpreterTest, RecursiveHelpersAreAnErrorNotACrash) {
  std::string source = R"mlir(
func.func private @again(%x: !pypto.tensor<1x4xf32>) {
  func.call @again(%x) : (!pypto.tensor<1x4xf32>) -> ()
  return
}
func.func @f(%x: !pypto.tensor<1x4xf32>) {
  func.call @again(%x) : (!pypto.tensor<1x4xf32>) -> ()
  return
}
)mlir";
  std::vector<at::Tensor> args = {at::zeros({1, 4})};
  EXPECT_EQ(run(source, args),
            "test.mlir:3:3: error: calls nest more than 256 deep: the "
            "helpers call each other in a cycle");
}

TEST_F(InterpreterTest, ErrorsNameTheOpAndItsLocation) {
  std::string source = R"mlir(
func.func @f(%x: !pypto.tensor<16x16xf32> {pypto.init = "zeros"},
             %n: index,
             %y: !pypto.tensor<16x16xf32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  pypto.at core_group "k" {
    %t = pypto.slice %x[%n, %c0] [16, 16] : !pypto.tensor<16x16xf32> -> !pypto.tensor<16x16xf32>
    pypto.assemble %t into %y[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
  }
  return
}
)mlir";
  std::vector<at::Tensor> args = {at::zeros({16, 16}),
                                  at::scalar_tensor(3, at::kLong),
                                  at::zeros({16, 16})};
  EXPECT_EQ(run(source, args),
            "test.mlir:7:10: error: the window at [3, 0] of shape 16x16 is "
            "outside the tensor of shape 16x16");
}

TEST_F(InterpreterTest, RanksExchangeThroughWindowsAndSignals) {
  // Each rank writes rank+1 into its window, signals its peer, waits for
  // the peer's signal and reads the peer's window: out[r] = peer + 1.
  std::string source = R"mlir(
func.func @f(%out: !pypto.tensor<2x4xf32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1 : i32
  %data = pypto.alloc_window : !pypto.tensor<1x4xf32>
  %signal = pypto.alloc_window : !pypto.tensor<1x1xi32>
  pypto.ranks world(2) (%rank) {
    %peer0 = arith.addi %rank, %c1 : index
    %peer = arith.remui %peer0, %c2 : index
    pypto.at core_group "exchange" {
      %r = arith.index_cast %rank : index to i32
      %rf = arith.sitofp %r : i32 to f32
      %onef = arith.constant 1.0 : f32
      %v = arith.addf %rf, %onef : f32
      %t = pypto.full %v : f32 -> !pypto.tensor<1x4xf32>
      pypto.assemble %t into %data[%c0, %c0] : !pypto.tensor<1x4xf32> into !pypto.tensor<1x4xf32>
      pypto.notify %signal[%c0, %c0] peer %peer add %one : !pypto.tensor<1x1xi32>
      pypto.wait %signal[%c0, %c0] ge %one : !pypto.tensor<1x1xi32>
      %recv = pypto.remote_load %data[%c0, %c0] [1, 4] peer %peer : !pypto.tensor<1x4xf32> -> !pypto.tensor<1x4xf32>
      pypto.assemble %recv into %out[%rank, %c0] : !pypto.tensor<1x4xf32> into !pypto.tensor<2x4xf32>
    }
  }
  return
}
)mlir";
  std::vector<at::Tensor> args = {at::zeros({2, 4})};
  ASSERT_EQ(run(source, args), "");
  EXPECT_TRUE(at::equal(args[0][0], at::full({4}, 2.0f)));
  EXPECT_TRUE(at::equal(args[0][1], at::full({4}, 1.0f)));
}

TEST_F(InterpreterTest, AWaitNobodySignalsIsReportedNotHung) {
  std::string source = R"mlir(
func.func @f(%out: !pypto.tensor<1x4xf32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %signal = pypto.alloc_window : !pypto.tensor<1x1xi32>
  pypto.ranks world(2) (%rank) {
    pypto.at core_group "waits" {
      pypto.wait %signal[%c0, %c0] ge %one : !pypto.tensor<1x1xi32>
    }
  }
  return
}
)mlir";
  std::vector<at::Tensor> args = {at::zeros({1, 4})};
  std::string error = run(source, args);
  EXPECT_NE(error.find("test.mlir:8:7: error: the wait for ge 1 on rank "),
            std::string::npos)
      << error;
  EXPECT_NE(error.find("can never be met"), std::string::npos) << error;
}

TEST_F(InterpreterTest, MixedKernelPartsPassTilesThroughThePipe) {
  // The AIC part pushes x + 0 (a matmul by the identity); the AIV part pops
  // it, doubles it and stores it.
  std::string source = R"mlir(
func.func @mixed(%x: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>)
    attributes {pypto.kind = "group", pypto.aic = @mixed_aic, pypto.aiv = @mixed_aiv} {
  return
}
func.func @mixed_aic(%x: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>)
    attributes {pypto.kind = "aic"} {
  %c0 = arith.constant 0 : index
  pypto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024, slot_num = 2}
  %t = pypto.load %x[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
  pypto.tpush_to_aiv %t : !pypto.tile<16x16xf32, mat>
  return
}
func.func @mixed_aiv(%x: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>)
    attributes {pypto.kind = "aiv"} {
  %c0 = arith.constant 0 : index
  pypto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024, slot_num = 2, c2v_consumer_buf = 0 : i64}
  %t = pypto.tpop_from_aic : !pypto.tile<16x16xf32, vec>
  %d = pypto.add %t, %t : !pypto.tile<16x16xf32, vec>
  pypto.tfree_to_aic %t : !pypto.tile<16x16xf32, vec>
  pypto.store %d, %y[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}
func.func @main(%x: !pypto.tensor<16x16xf32> {pypto.init = "randn"},
                %y: !pypto.tensor<16x16xf32> {pypto.dir = "out"})
    attributes {pypto.kind = "orchestration"} {
  pypto.call @mixed(%x, %y) : (!pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32>) -> ()
  return
}
)mlir";
  at::Tensor x = at::arange(256, at::kFloat).reshape({16, 16}) - 100;
  std::vector<at::Tensor> args = {x, at::zeros({16, 16})};
  ASSERT_EQ(run(source, args), "");
  EXPECT_TRUE(at::equal(args[1], x * 2));
}

TEST_F(InterpreterTest, SplitPipesGiveEachAivLaneItsHalf) {
  // The AIC pushes a 16x16 tile once, up_down; the AIV part runs on both
  // lanes (pypto.aiv_lanes = 2): lane l pops rows [8l, 8l+8), adds its lane
  // index and stores them at row 8l. A lane given the other's half, or the
  // whole tile, or one lane not run, gives a different y.
  std::string source = R"mlir(
func.func @mixed(%x: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>)
    attributes {pypto.kind = "group", pypto.aic = @mixed_aic, pypto.aiv = @mixed_aiv} {
  return
}
func.func @mixed_aic(%x: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>)
    attributes {pypto.kind = "aic"} {
  %c0 = arith.constant 0 : index
  pypto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024, slot_num = 2}
  %t = pypto.load %x[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
  pypto.tpush_to_aiv %t split up_down : !pypto.tile<16x16xf32, mat>
  return
}
func.func @mixed_aiv(%x: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>)
    attributes {pypto.kind = "aiv", pypto.aiv_lanes = 2 : i64} {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  pypto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024, slot_num = 2, c2v_consumer_buf = 0 : i64}
  %lane = pypto.get_subblock_idx : index
  %t = pypto.tpop_from_aic split up_down : !pypto.tile<8x16xf32, vec>
  %li = arith.index_cast %lane : index to i32
  %lf = arith.sitofp %li : i32 to f32
  %d = pypto.adds %t, %lf : !pypto.tile<8x16xf32, vec>, f32
  pypto.tfree_to_aic %t split up_down : !pypto.tile<8x16xf32, vec>
  %r = arith.muli %lane, %c8 : index
  pypto.store %d, %y[%r, %c0] : !pypto.tile<8x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}
func.func @main(%x: !pypto.tensor<16x16xf32> {pypto.init = "randn"},
                %y: !pypto.tensor<16x16xf32> {pypto.dir = "out"})
    attributes {pypto.kind = "orchestration"} {
  pypto.call @mixed(%x, %y) : (!pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32>) -> ()
  return
}
)mlir";
  at::Tensor x = at::arange(256, at::kFloat).reshape({16, 16}) - 100;
  std::vector<at::Tensor> args = {x, at::zeros({16, 16})};
  ASSERT_EQ(run(source, args), "");
  at::Tensor expected = x.clone();
  expected.narrow(0, 8, 8) += 1;
  EXPECT_TRUE(at::equal(args[1], expected));
}

TEST_F(InterpreterTest, SplitAivRegionsRunBothLanesOnTheirShares) {
  // Source form: the left_right shard of lane l is columns [8l, 8l+8) of
  // the product; each lane scales its columns by (l + 2) and assembles
  // them at column 8l.
  std::string source = R"mlir(
func.func @main(%x: !pypto.tensor<16x16xf32> {pypto.init = "randn"},
                %w: !pypto.tensor<16x16xf32> {pypto.init = "randn"},
                %y: !pypto.tensor<16x16xf32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  pypto.at core_group "k" {
    %p = pypto.matmul %x, %w : !pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32> -> !pypto.tensor<16x16xf32>
    pypto.split_aiv left_right (%lane) {
      %h = pypto.aiv_shard %p : !pypto.tensor<16x16xf32> -> !pypto.tensor<16x8xf32>
      %l2 = pypto.get_subblock_idx : index
      %li = arith.index_cast %l2 : index to i32
      %lf = arith.sitofp %li : i32 to f32
      %two = arith.constant 2.0 : f32
      %s = arith.addf %lf, %two : f32
      %q = pypto.muls %h, %s : !pypto.tensor<16x8xf32>, f32
      %col = arith.muli %lane, %c8 : index
      pypto.assemble %q into %y[%c0, %col] : !pypto.tensor<16x8xf32> into !pypto.tensor<16x16xf32>
    }
  }
  return
}
)mlir";
  at::Tensor x = at::arange(256, at::kFloat).reshape({16, 16}) / 64 - 2;
  at::Tensor w = at::eye(16);
  std::vector<at::Tensor> args = {x, w, at::zeros({16, 16})};
  ASSERT_EQ(run(source, args), "");
  at::Tensor expected = x.clone();
  expected.narrow(1, 0, 8) *= 2;
  expected.narrow(1, 8, 8) *= 3;
  EXPECT_TRUE(at::allclose(args[2], expected));
}

} // namespace

namespace {

TEST_F(InterpreterTest, TwoRoundsOfSignalsAreNotADeadlock) {
  // Each rank signals, waits, signals again and waits for the second
  // signal: a waiter whose condition already holds must not count as stuck.
  std::string source = R"mlir(
func.func @f(%out: !pypto.tensor<2x1xi32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %signal = pypto.alloc_window : !pypto.tensor<1x1xi32>
  pypto.ranks world(2) (%rank) {
    %p0 = arith.addi %rank, %c1 : index
    %peer = arith.remui %p0, %c2 : index
    pypto.at core_group "twice" {
      pypto.notify %signal[%c0, %c0] peer %peer add %one : !pypto.tensor<1x1xi32>
      pypto.wait %signal[%c0, %c0] ge %one : !pypto.tensor<1x1xi32>
      pypto.notify %signal[%c0, %c0] peer %peer add %one : !pypto.tensor<1x1xi32>
      pypto.wait %signal[%c0, %c0] ge %two : !pypto.tensor<1x1xi32>
      %s = pypto.slice %signal[%c0, %c0] [1, 1] : !pypto.tensor<1x1xi32> -> !pypto.tensor<1x1xi32>
      %v = pypto.adds %s, %one : !pypto.tensor<1x1xi32>, i32
      pypto.assemble %v into %out[%rank, %c0] : !pypto.tensor<1x1xi32> into !pypto.tensor<2x1xi32>
    }
  }
  return
}
)mlir";
  std::vector<at::Tensor> args = {at::zeros({2, 1}, at::kInt)};
  ASSERT_EQ(run(source, args), "");
  EXPECT_EQ(args[0][0][0].item<int>(), 3);
  EXPECT_EQ(args[0][1][0].item<int>(), 3);
}

TEST_F(InterpreterTest, IntegerFillPadUsesTheTypesLimits) {
  std::string source = R"mlir(
func.func @f(%x: !pypto.tensor<2x8xi32> {pypto.init = "zeros"},
             %y: !pypto.tensor<2x8xi32> {pypto.dir = "out"},
             %z: !pypto.tensor<2x8xi32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  pypto.at core_group "k" {
    %t = pypto.slice %x[%c0, %c0] [2, 8] : !pypto.tensor<2x8xi32> -> !pypto.tensor<2x8xi32>
    %hi = pypto.fillpad %t valid [%c1, %c3] pad max : !pypto.tensor<2x8xi32> -> !pypto.tensor<2x8xi32>
    %lo = pypto.fillpad %t valid [%c1, %c3] pad min : !pypto.tensor<2x8xi32> -> !pypto.tensor<2x8xi32>
    pypto.assemble %hi into %y[%c0, %c0] : !pypto.tensor<2x8xi32> into !pypto.tensor<2x8xi32>
    pypto.assemble %lo into %z[%c0, %c0] : !pypto.tensor<2x8xi32> into !pypto.tensor<2x8xi32>
  }
  return
}
)mlir";
  std::vector<at::Tensor> args = {at::full({2, 8}, 7, at::kInt),
                                  at::zeros({2, 8}, at::kInt),
                                  at::zeros({2, 8}, at::kInt)};
  ASSERT_EQ(run(source, args), "");
  EXPECT_EQ(args[1][0][2].item<int>(), 7);
  EXPECT_EQ(args[1][0][3].item<int>(), INT32_MAX);
  EXPECT_EQ(args[1][1][0].item<int>(), INT32_MAX);
  EXPECT_EQ(args[2][0][0].item<int>(), 7);
  EXPECT_EQ(args[2][1][7].item<int>(), INT32_MIN);
}

TEST_F(InterpreterTest, ArangeWrapsInItsElementType) {
  std::string source = R"mlir(
func.func @f(%y: !pypto.tensor<1x8xi16> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  pypto.at core_group "k" {
    %s = arith.constant -32765 : i16
    %r = pypto.arange %s descending : i16 -> !pypto.tensor<1x8xi16>
    pypto.assemble %r into %y[%c0, %c0] : !pypto.tensor<1x8xi16> into !pypto.tensor<1x8xi16>
  }
  return
}
)mlir";
  std::vector<at::Tensor> args = {at::zeros({1, 8}, at::kShort)};
  ASSERT_EQ(run(source, args), "");
  EXPECT_EQ(args[0][0][0].item<int>(), -32765);
  EXPECT_EQ(args[0][0][3].item<int>(), -32768);
  EXPECT_EQ(args[0][0][4].item<int>(), 32767); // wrapped
  EXPECT_EQ(args[0][0][7].item<int>(), 32764);
}

TEST_F(InterpreterTest, GatherReadsColumnsOfEachRowAndChecksThem) {
  std::string source = R"mlir(
func.func @f(%x: !pypto.tensor<3x4xf32> {pypto.init = "zeros"},
             %i: !pypto.tensor<2x6xi32> {pypto.init = "zeros"},
             %y: !pypto.tensor<2x6xf32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  pypto.at core_group "k" {
    %g = pypto.gather %x[%i] : !pypto.tensor<3x4xf32>, !pypto.tensor<2x6xi32> -> !pypto.tensor<2x6xf32>
    pypto.assemble %g into %y[%c0, %c0] : !pypto.tensor<2x6xf32> into !pypto.tensor<2x6xf32>
  }
  return
}
)mlir";
  at::Tensor x = at::arange(12, at::kFloat).reshape({3, 4});
  at::Tensor i = at::tensor({3, 0, 0, 1, 2, 3, 1, 1, 3, 2, 0, 0}, at::kInt)
                     .reshape({2, 6});
  std::vector<at::Tensor> args = {x, i, at::zeros({2, 6})};
  ASSERT_EQ(run(source, args), "");
  // Row 1 reads row 1 of x (4..7), not row 0 of a flat index.
  EXPECT_EQ(args[2][0][0].item<float>(), 3.0f);
  EXPECT_EQ(args[2][1][0].item<float>(), 5.0f);
  EXPECT_EQ(args[2][1][2].item<float>(), 7.0f);
  args[1][1][4] = 4;
  EXPECT_EQ(run(source, args),
            "test.mlir:7:10: error: index 4 at (1, 4) is outside the 4 "
            "columns of the source");
}

TEST_F(InterpreterTest, ComparesGiveOneOrZeroAndSelectsReadThem) {
  std::string source = R"mlir(
func.func @f(%x: !pypto.tensor<1x4xf32> {pypto.init = "zeros"},
             %y: !pypto.tensor<1x4xf32> {pypto.init = "zeros"},
             %m: !pypto.tensor<1x4xf32> {pypto.dir = "out"},
             %s: !pypto.tensor<1x4xf32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  pypto.at core_group "k" {
    %k = arith.constant 2.0 : f32
    %ne = pypto.cmp ne %x, %y : !pypto.tensor<1x4xf32>
    %ge = pypto.cmps ge %x, %k : !pypto.tensor<1x4xf32>, f32
    %v = pypto.sels %ge, %y, %k : !pypto.tensor<1x4xf32>, f32
    %w = pypto.sel %ne, %v, %x : !pypto.tensor<1x4xf32>
    pypto.assemble %ne into %m[%c0, %c0] : !pypto.tensor<1x4xf32> into !pypto.tensor<1x4xf32>
    pypto.assemble %w into %s[%c0, %c0] : !pypto.tensor<1x4xf32> into !pypto.tensor<1x4xf32>
  }
  return
}
)mlir";
  float nan = std::numeric_limits<float>::quiet_NaN();
  at::Tensor x = at::tensor({1.0f, 3.0f, nan, 2.0f}).reshape({1, 4});
  at::Tensor y = at::tensor({1.0f, 5.0f, nan, 7.0f}).reshape({1, 4});
  std::vector<at::Tensor> args = {x, y, at::zeros({1, 4}), at::zeros({1, 4})};
  ASSERT_EQ(run(source, args), "");
  // NaN != NaN; the selects: equal -> x, else (x >= 2 ? y : 2).
  EXPECT_EQ(args[2][0][0].item<float>(), 0.0f);
  EXPECT_EQ(args[2][0][1].item<float>(), 1.0f);
  EXPECT_EQ(args[2][0][2].item<float>(), 1.0f);
  EXPECT_EQ(args[3][0][0].item<float>(), 1.0f);
  EXPECT_EQ(args[3][0][1].item<float>(), 5.0f);
  EXPECT_EQ(args[3][0][2].item<float>(), 2.0f);
  EXPECT_EQ(args[3][0][3].item<float>(), 7.0f);
}

TEST_F(InterpreterTest, DirectedRoundingSaturatesAtTheLargestFinite) {
  // 70000 does not fit f16: toward zero it is 65504, to nearest +inf;
  // ceil of -70000 is -65504, floor of it -inf.
  std::string source = R"mlir(
func.func @f(%x: !pypto.tensor<1x2xf32> {pypto.init = "zeros"},
             %y: !pypto.tensor<4x2xf16> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  pypto.at core_group "k" {
    %t = pypto.slice %x[%c0, %c0] [1, 2] : !pypto.tensor<1x2xf32> -> !pypto.tensor<1x2xf32>
    %a = pypto.cast %t round trunc : !pypto.tensor<1x2xf32> -> !pypto.tensor<1x2xf16>
    %b = pypto.cast %t round rint : !pypto.tensor<1x2xf32> -> !pypto.tensor<1x2xf16>
    %c = pypto.cast %t round ceil : !pypto.tensor<1x2xf32> -> !pypto.tensor<1x2xf16>
    %d = pypto.cast %t round floor : !pypto.tensor<1x2xf32> -> !pypto.tensor<1x2xf16>
    pypto.assemble %a into %y[%c0, %c0] : !pypto.tensor<1x2xf16> into !pypto.tensor<4x2xf16>
    pypto.assemble %b into %y[%c1, %c0] : !pypto.tensor<1x2xf16> into !pypto.tensor<4x2xf16>
    pypto.assemble %c into %y[%c2, %c0] : !pypto.tensor<1x2xf16> into !pypto.tensor<4x2xf16>
    pypto.assemble %d into %y[%c3, %c0] : !pypto.tensor<1x2xf16> into !pypto.tensor<4x2xf16>
  }
  return
}
)mlir";
  std::vector<at::Tensor> args = {
      at::tensor({70000.0f, -70000.0f}).reshape({1, 2}),
      at::zeros({4, 2}, at::kHalf)};
  ASSERT_EQ(run(source, args), "");
  at::Tensor y = args[1].to(at::kFloat);
  float inf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(y[0][0].item<float>(), 65504.0f); // trunc
  EXPECT_EQ(y[0][1].item<float>(), -65504.0f);
  EXPECT_EQ(y[1][0].item<float>(), inf); // rint
  EXPECT_EQ(y[1][1].item<float>(), -inf);
  EXPECT_EQ(y[2][0].item<float>(), inf); // ceil
  EXPECT_EQ(y[2][1].item<float>(), -65504.0f);
  EXPECT_EQ(y[3][0].item<float>(), 65504.0f); // floor
  EXPECT_EQ(y[3][1].item<float>(), -inf);
}

} // namespace

namespace {

class InterpreterBarrierTest : public InterpreterTest {};

TEST_F(InterpreterBarrierTest, OutlinedBlocksMeetAtTheBarrier) {
  // The outlined form of a barrier kernel: 4 blocks of a group whose AIC
  // part stores its block's row and whose AIV part, after the barrier,
  // reads the NEXT block's row. Run one block at a time the AIV part of
  // block 0 would read a row not written yet (zeros).
  std::string source = R"mlir(
func.func @k(%x: !pypto.tensor<4x16xf32>, %t: !pypto.tensor<4x16xf32>,
             %y: !pypto.tensor<4x16xf32>, %b: index {pypto.spmd = "block_idx"})
    attributes {pypto.kind = "group", pypto.aic = @k_aic, pypto.aiv = @k_aiv} {
  return
}
func.func @k_aic(%x: !pypto.tensor<4x16xf32>, %t: !pypto.tensor<4x16xf32>,
                 %y: !pypto.tensor<4x16xf32>, %b: index {pypto.spmd = "block_idx"})
    attributes {pypto.kind = "aic"} {
  %c0 = arith.constant 0 : index
  %m = pypto.load %x[%b, %c0] : !pypto.tensor<4x16xf32> -> !pypto.tile<1x16xf32, mat>
  pypto.store %m, %t[%b, %c0] : !pypto.tile<1x16xf32, mat>, !pypto.tensor<4x16xf32>
  pypto.syncall mix
  return
}
func.func @k_aiv(%x: !pypto.tensor<4x16xf32>, %t: !pypto.tensor<4x16xf32>,
                 %y: !pypto.tensor<4x16xf32>, %b: index {pypto.spmd = "block_idx"})
    attributes {pypto.kind = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  pypto.syncall mix
  %n1 = arith.addi %b, %c1 : index
  %n = arith.remui %n1, %c4 : index
  %v = pypto.load %t[%n, %c0] : !pypto.tensor<4x16xf32> -> !pypto.tile<1x16xf32, vec>
  pypto.store %v, %y[%b, %c0] : !pypto.tile<1x16xf32, vec>, !pypto.tensor<4x16xf32>
  return
}
func.func @main(%x: !pypto.tensor<4x16xf32> {pypto.init = "randn"},
                %t: !pypto.tensor<4x16xf32>,
                %y: !pypto.tensor<4x16xf32> {pypto.dir = "out"})
    attributes {pypto.kind = "orchestration"} {
  %c4 = arith.constant 4 : index
  pypto.call @k(%x, %t, %y) blocks(%c4) {sync_start}
      : (!pypto.tensor<4x16xf32>, !pypto.tensor<4x16xf32>, !pypto.tensor<4x16xf32>) -> ()
  return
}
)mlir";
  at::Tensor x = at::arange(64, at::kFloat).reshape({4, 16}) + 1;
  std::vector<at::Tensor> args = {x, at::zeros({4, 16}), at::zeros({4, 16})};
  ASSERT_EQ(run(source, args), "");
  EXPECT_TRUE(at::equal(args[2], at::roll(x, {-1}, {0})));
}

TEST_F(InterpreterBarrierTest, AvailableClusterCountIsTheChips) {
  std::string source = R"mlir(
func.func @main(%y: !pypto.tensor<1x1xi32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  %n = pypto.available_cluster_count : index
  %v = arith.index_cast %n : index to i32
  pypto.write %v into %y[%c0, %c0] : i32 into !pypto.tensor<1x1xi32>
  return
}
)mlir";
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(source, &context, "test.mlir");
  ASSERT_TRUE(module);
  std::vector<at::Tensor> args = {at::zeros({1, 1}, at::kInt)};
  ASSERT_EQ(pypto::interp::interpretProgram(*module, args, 36), "");
  EXPECT_EQ(args[0].item<int32_t>(), 36);
}

} // namespace
