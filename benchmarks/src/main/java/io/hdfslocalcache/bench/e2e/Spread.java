package io.hdfslocalcache.bench.e2e;

import java.util.Arrays;

/** The median of per-round values and their range: the bench reports a row as one of these. */
record Spread(double median, double min, double max) {
  static Spread of(double[] values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("no rounds to summarise");
    }
    double[] s = values.clone();
    Arrays.sort(s);
    int n = s.length;
    double median = n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    return new Spread(median, s[0], s[n - 1]);
  }

  String format() {
    return String.format("%.2fx (%.2f-%.2f)", median, min, max);
  }
}
