//===- Comparator.cpp - parsing comparator specifications ------*- C++ -*-===//

#include "pypto/Harness/Comparator.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

using llvm::StringRef;

namespace pypto::harness {

namespace {

bool parseNumber(StringRef text, double &out) {
  text = text.trim();
  if (text == "inf" || text == "float('inf')") {
    out = INFINITY;
    return true;
  }
  return !text.getAsDouble(out);
}

bool parseInt(StringRef text, int64_t &out) {
  return !text.trim().getAsInteger(10, out);
}

bool parseBool(StringRef text, bool &out) {
  text = text.trim();
  if (text == "True" || text == "true") {
    out = true;
    return true;
  }
  if (text == "False" || text == "false") {
    out = false;
    return true;
  }
  return false;
}

std::string unquote(StringRef text) {
  text = text.trim();
  if (text.size() >= 2 && (text.front() == '"' || text.front() == '\'') &&
      text.back() == text.front())
    text = text.drop_front().drop_back();
  return text.str();
}

/// The shortest text that reads back as `value`, as Python's repr prints it.
std::string number(double value) {
  if (std::isinf(value))
    return value > 0 ? "inf" : "-inf";
  char text[64];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(text, sizeof text, "%.*g", precision, value);
    if (std::strtod(text, nullptr) == value)
      break;
  }
  std::string result = text;
  if (result.find_first_of(".e") == std::string::npos)
    result += ".0";
  return result;
}

} // namespace

std::string Comparator::label(double runRtol, double runAtol) const {
  auto rows = [&] {
    return validRows ? std::to_string(*validRows) : std::string("None");
  };
  std::string tail = ", valid_rows=" + rows() +
                     ", valid_axis=" + std::to_string(validAxis) +
                     ", zero_tail=" + (zeroTail ? "True" : "False") + ")";
  if (kind == "ratio_allclose")
    return "ratio_allclose(atol=" + number(atol.value_or(runAtol)) +
           ", rtol=" + number(rtol.value_or(runRtol)) +
           ", max_error_ratio=" + number(maxErrorRatio) + tail;
  if (kind == "argmax_compare")
    return "argmax_compare(" + valsName + ", atol=" + number(argmaxAtol) +
           ", cols=" + (argmaxCols ? std::to_string(*argmaxCols) : "None") +
           ")";
  if (kind == "topk_pair_compare" && topkAtol > 0)
    return "topk_pair_compare(" + valsName + ", atol=" + number(topkAtol) + ")";
  if (kind == "ratio_reldiff")
    return "ratio_reldiff(diff_thd=" + number(diffThd) +
           ", pct_thd=" + number(pctThd) +
           ", max_diff_hd=" + number(maxDiffHd) + tail;
  return kind;
}

bool parseComparator(const std::string &textIn, Comparator &out,
                     std::string &error) {
  out = Comparator();
  StringRef text = StringRef(textIn).trim();
  size_t open = text.find('(');
  StringRef name = text.take_front(open).trim();
  StringRef args;
  if (open != StringRef::npos) {
    if (!text.ends_with(")")) {
      error = "'" + textIn + "' has no closing parenthesis";
      return false;
    }
    args = text.slice(open + 1, text.size() - 1);
  }
  if (name != "allclose" && name != "ratio_allclose" &&
      name != "ratio_reldiff" && name != "topk_pair_compare" &&
      name != "argmax_compare") {
    error = "unknown comparator '" + name.str() +
            "', expected allclose, ratio_allclose, ratio_reldiff, "
            "topk_pair_compare or argmax_compare";
    return false;
  }
  out.kind = name.str();
  llvm::SmallVector<StringRef> parts;
  args.split(parts, ',', -1, /*KeepEmpty=*/false);
  bool sawKeyword = false;
  for (StringRef part : parts) {
    part = part.trim();
    if (part.empty())
      continue;
    auto [key, value] = part.split('=');
    key = key.trim();
    if (!part.contains('=')) {
      // The only positional argument: topk_pair_compare's values output,
      // argmax_compare's scores.
      bool paired =
          out.kind == "topk_pair_compare" || out.kind == "argmax_compare";
      if (!paired || sawKeyword || !out.valsName.empty()) {
        error = name.str() + ": unexpected argument '" + part.str() + "'";
        return false;
      }
      out.valsName = unquote(part);
      continue;
    }
    sawKeyword = true;
    bool ok = true;
    bool known = true;
    double real = 0;
    if (out.kind == "ratio_allclose" && key == "atol")
      ok = parseNumber(value, real), out.atol = real;
    else if (out.kind == "ratio_allclose" && key == "rtol")
      ok = parseNumber(value, real), out.rtol = real;
    else if (out.kind == "ratio_allclose" && key == "max_error_ratio")
      ok = parseNumber(value, out.maxErrorRatio);
    else if (out.kind == "ratio_reldiff" && key == "diff_thd")
      ok = parseNumber(value, out.diffThd);
    else if (out.kind == "ratio_reldiff" && key == "pct_thd")
      ok = parseNumber(value, out.pctThd);
    else if (out.kind == "ratio_reldiff" && key == "max_diff_hd")
      ok = parseNumber(value, out.maxDiffHd);
    else if (out.kind.rfind("ratio_", 0) == 0 && key == "valid_rows") {
      int64_t rows = 0;
      ok = value.trim() == "None" || parseInt(value, rows);
      if (ok && value.trim() != "None")
        out.validRows = rows;
    } else if (out.kind.rfind("ratio_", 0) == 0 && key == "valid_axis")
      ok = parseInt(value, out.validAxis);
    else if (out.kind.rfind("ratio_", 0) == 0 && key == "zero_tail")
      ok = parseBool(value, out.zeroTail);
    else if (out.kind == "topk_pair_compare" && key == "vals_name")
      out.valsName = unquote(value);
    else if (out.kind == "topk_pair_compare" && key == "scores")
      out.scoresName = unquote(value);
    else if (out.kind == "topk_pair_compare" && key == "dim")
      ok = parseInt(value, out.dim);
    else if (out.kind == "topk_pair_compare" && key == "descending")
      ok = parseBool(value, out.descending);
    else if (out.kind == "topk_pair_compare" && key == "atol")
      ok = parseNumber(value, out.topkAtol) && out.topkAtol >= 0;
    else if (out.kind == "argmax_compare" && key == "atol")
      ok = parseNumber(value, out.argmaxAtol) && out.argmaxAtol >= 0;
    else if (out.kind == "argmax_compare" && key == "cols") {
      int64_t cols = 0;
      ok = value.trim() == "None" || (parseInt(value, cols) && cols > 0);
      if (ok && value.trim() != "None")
        out.argmaxCols = cols;
    } else if (out.kind != "allclose" && key == "max_show")
      ok = parseInt(value, out.maxShow);
    else
      known = false;
    if (!known) {
      error = name.str() + ": unknown argument '" + key.str() + "'";
      return false;
    }
    if (!ok) {
      error = name.str() + ": bad value '" + value.trim().str() + "' for '" +
              key.str() + "'";
      return false;
    }
  }
  if (out.kind == "topk_pair_compare" && out.valsName.empty()) {
    error = "topk_pair_compare needs the name of the paired values output, "
            "e.g. topk_pair_compare(vals)";
    return false;
  }
  if (out.kind == "argmax_compare" && out.valsName.empty()) {
    error = "argmax_compare needs the name of the scores output, e.g. "
            "argmax_compare(logits)";
    return false;
  }
  if (out.kind.rfind("ratio_", 0) == 0 &&
      (out.maxErrorRatio < 0 || out.maxErrorRatio > 1 || out.pctThd < 0 ||
       out.pctThd > 1)) {
    error = name.str() + ": ratios must be in [0, 1]";
    return false;
  }
  return true;
}

} // namespace pypto::harness
