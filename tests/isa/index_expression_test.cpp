// The index=EXPR of affine and gather accesses: integer linear expressions over tx ty bx by i.
#include <gtest/gtest.h>

#include <limits>

#include "isa/index_expression.h"

namespace warpsim::isa {
namespace {

IndexExpression parsed(const std::string& text) {
  IndexExpression e;
  const std::string err = parse_index_expression(text, e);
  EXPECT_EQ(err, "") << text;
  return e;
}

std::string error_of(const std::string& text) {
  IndexExpression e;
  return parse_index_expression(text, e);
}

int64_t coef(const IndexExpression& e, IndexVar v) { return e.coefficient(v); }

}  // namespace

TEST(IndexExpression, MultiplicationBindsTighterThanAdditionAndParenthesesGroup) {
  EXPECT_EQ(parsed("1+2*3").constant, 7);
  EXPECT_EQ(parsed("(1+2)*3").constant, 9);
  EXPECT_EQ(parsed("10-4-3").constant, 3);  // left to right
  EXPECT_EQ(parsed("2*3*4").constant, 24);
  EXPECT_EQ(parsed("-(2-5)").constant, 3);
  EXPECT_EQ(parsed(" 7 ").constant, 7);
}

TEST(IndexExpression, ATiledMatrixIndexExpandsToOneCoefficientPerVariable) {
  // (by*16+ty)*64 + i*16 + tx = 1024 by + 64 ty + 16 i + tx: A's tile of a 64-wide matrix multiply.
  const IndexExpression e = parsed("(by*16+ty)*64+i*16+tx");
  EXPECT_EQ(e.constant, 0);
  EXPECT_EQ(coef(e, IndexVar::By), 1024);
  EXPECT_EQ(coef(e, IndexVar::Ty), 64);
  EXPECT_EQ(coef(e, IndexVar::I), 16);
  EXPECT_EQ(coef(e, IndexVar::Tx), 1);
  EXPECT_EQ(coef(e, IndexVar::Bx), 0);
  EXPECT_EQ(to_string(e), "tx+64*ty+1024*by+16*i");
}

TEST(IndexExpression, ConstantsMayScaleFromEitherSideAndSignsDistribute) {
  const IndexExpression e = parsed("-(tx-4)*2+3*(bx-by)");
  EXPECT_EQ(coef(e, IndexVar::Tx), -2);
  EXPECT_EQ(e.constant, 8);
  EXPECT_EQ(coef(e, IndexVar::Bx), 3);
  EXPECT_EQ(coef(e, IndexVar::By), -3);
  EXPECT_EQ(to_string(e), "-2*tx+3*bx-3*by+8");
  EXPECT_EQ(parsed("tx*(2*3)"), parsed("6*tx"));
  EXPECT_EQ(parsed("tx-tx").coeff, (std::array<int64_t, kIndexVars>{}));  // a variable that cancels is not used
}

TEST(IndexExpression, ErrorsSayWhatIsWrongAndWhere) {
  EXPECT_NE(error_of("tx*ty").find("not linear"), std::string::npos) << error_of("tx*ty");
  EXPECT_NE(error_of("(tx+1)*(by+2)").find("not linear"), std::string::npos);
  EXPECT_NE(error_of("tz+1").find("unknown variable 'tz' (valid: tx, ty, bx, by, i) at character 1"), std::string::npos)
      << error_of("tz+1");
  EXPECT_NE(error_of("(tx+1").find("expected ')'"), std::string::npos);
  EXPECT_NE(error_of("tx+").find("an incomplete expression"), std::string::npos);
  EXPECT_NE(error_of("tx)").find("unexpected ')' at character 3"), std::string::npos) << error_of("tx)");
  EXPECT_NE(error_of("").find("an empty expression"), std::string::npos);
  EXPECT_NE(error_of("tx/2").find("unexpected '/'"), std::string::npos);
  EXPECT_NE(error_of("99999999999999999999").find("past 64 bits"), std::string::npos);
  EXPECT_NE(error_of("4611686018427387904*4").find("past 64 bits"), std::string::npos);  // 2^62 x 4
}

TEST(IndexExpression, NestingIsBoundedAndALongExpressionIsQuotedByItsStart) {
  // 256 levels parse; 20,000 (a machine-written expression) are an error, not a stack overflow.
  EXPECT_EQ(parsed(std::string(255, '(') + "tx" + std::string(255, ')')), parsed("tx"));
  EXPECT_EQ(parsed(std::string(255, '-') + "tx"), parsed("-tx"));
  for (const std::string& deep : {std::string(20000, '(') + "tx" + std::string(20000, ')'), std::string(100000, '-') + "tx"}) {
    const std::string e = error_of(deep);
    EXPECT_NE(e.find("nested deeper than 256 parentheses or signs at character 257"), std::string::npos) << e.substr(0, 200);
    EXPECT_LT(e.size(), 200u) << "the expression is quoted by its first 80 characters";
  }
}

TEST(IndexExpression, NegativeIndicesWrapToTheEndOfTheArray) {
  EXPECT_EQ(wrap_index(-1, 10), 9u);
  EXPECT_EQ(wrap_index(-10, 10), 0u);
  EXPECT_EQ(wrap_index(-11, 10), 9u);
  EXPECT_EQ(wrap_index(23, 10), 3u);
  EXPECT_EQ(wrap_index(std::numeric_limits<int64_t>::min(), 3), 1u);  // -2^63 = -2 (mod 3) = 1
  EXPECT_EQ(wrap_index(5, 1), 0u);
}

}  // namespace warpsim::isa
