package io.hdfslocalcache.datanode;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * The metric names a PromQL expression selects, for checking alert rules and dashboards against
 * what is exported. Not a full parser (promtool is, where installed): a lexer that drops strings,
 * label matchers ({@code {...}}), ranges ({@code [...]}), grouping label lists ({@code by (...)}
 * and the like), numbers and durations; an identifier then is a function when a {@code (} follows,
 * a keyword, or a metric name. An unknown function, or a selector by {@code __name__}, is refused:
 * every name must be checkable.
 */
public final class PromQlNames {
  private static final Set<String> KEYWORDS =
      new HashSet<>(Arrays.asList("and", "or", "unless", "bool", "offset", "inf", "nan"));

  private static final Set<String> LABEL_LISTS =
      new HashSet<>(Arrays.asList("by", "without", "on", "ignoring", "group_left", "group_right"));

  /** Functions and aggregations these files may use; extend when a new one is needed. */
  private static final Set<String> FUNCTIONS =
      new HashSet<>(
          Arrays.asList(
              "abs",
              "absent",
              "absent_over_time",
              "avg",
              "avg_over_time",
              "ceil",
              "clamp_max",
              "clamp_min",
              "count",
              "count_over_time",
              "delta",
              "deriv",
              "floor",
              "histogram_quantile",
              "increase",
              "irate",
              "label_replace",
              "max",
              "max_over_time",
              "min",
              "min_over_time",
              "quantile",
              "quantile_over_time",
              "rate",
              "resets",
              "round",
              "scalar",
              "sort",
              "sort_desc",
              "sum",
              "sum_over_time",
              "time",
              "topk",
              "bottomk",
              "vector"));

  private PromQlNames() {}

  /** The metric names {@code expr} selects, sorted. */
  public static Set<String> of(String expr) {
    Set<String> out = new TreeSet<>();
    int i = 0;
    int n = expr.length();
    while (i < n) {
      char c = expr.charAt(i);
      if (c == '"' || c == '\'' || c == '`') {
        i = skipString(expr, i);
      } else if (c == '{') {
        int end = closing(expr, i, '{', '}');
        if (expr.substring(i, end).contains("__name__")) {
          throw new IllegalArgumentException("selector by __name__ in: " + expr);
        }
        i = end;
      } else if (c == '[') {
        i = closing(expr, i, '[', ']');
      } else if (Character.isDigit(c)
          || c == '.' && i + 1 < n && Character.isDigit(expr.charAt(i + 1))) {
        while (i < n && (Character.isLetterOrDigit(expr.charAt(i)) || expr.charAt(i) == '.')) {
          i++; // a number (1e6, 0.3) or a duration (5m)
        }
      } else if (Character.isLetter(c) || c == '_' || c == ':') {
        int start = i;
        while (i < n
            && (Character.isLetterOrDigit(expr.charAt(i)) || "_:".indexOf(expr.charAt(i)) >= 0)) {
          i++;
        }
        String word = expr.substring(start, i);
        int next = i;
        while (next < n && Character.isWhitespace(expr.charAt(next))) {
          next++;
        }
        // a call, or an aggregation with its grouping first: max by (instance) (...)
        String rest = expr.substring(next);
        boolean call =
            rest.startsWith("(")
                || rest.matches("(?s)(by|without)\\s*\\(.*") && !LABEL_LISTS.contains(word);
        String lower = word.toLowerCase(java.util.Locale.ROOT);
        if (LABEL_LISTS.contains(lower)) {
          i = call ? closing(expr, next, '(', ')') : i;
        } else if (call) {
          if (!FUNCTIONS.contains(word)) {
            throw new IllegalArgumentException("unknown function " + word + " in: " + expr);
          }
        } else if (!KEYWORDS.contains(lower)) {
          out.add(word);
        }
      } else {
        i++;
      }
    }
    return out;
  }

  private static int skipString(String s, int start) {
    char quote = s.charAt(start);
    int i = start + 1;
    while (i < s.length() && s.charAt(i) != quote) {
      i += s.charAt(i) == '\\' && quote != '`' ? 2 : 1;
    }
    return i + 1;
  }

  /** The index after the bracket closing the one at {@code start}; strings inside skipped. */
  private static int closing(String s, int start, char open, char close) {
    int depth = 0;
    int i = start;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (c == '"' || c == '\'' || c == '`') {
        i = skipString(s, i);
        continue;
      }
      if (c == open) {
        depth++;
      } else if (c == close && --depth == 0) {
        return i + 1;
      }
      i++;
    }
    throw new IllegalArgumentException("unbalanced " + open + " in: " + s);
  }
}
