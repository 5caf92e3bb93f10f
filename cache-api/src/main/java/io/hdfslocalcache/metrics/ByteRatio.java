package io.hdfslocalcache.metrics;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The one definition of the byte ratio, the share of client read bytes served from the SSD: {@code
 * read.bytes.cache / (read.bytes.cache + every counter of HDD bytes below)}. A byte a client reads
 * counts once, from where it came: a miss, a fallback mid-block and a pages-mode gap (pages not
 * cached) all come from the HDD. The gauge, the alert, {@code status} and the dashboard all use
 * this list, and the tests of each check it.
 */
public final class ByteRatio {
  /** The counters of client read bytes that came from the HDD. */
  public static final List<String> HDD_BYTES =
      Collections.unmodifiableList(
          Arrays.asList(
              ReadPathMetrics.BYTES_HDD,
              ReadPathMetrics.BYTES_FALLBACK_HDD,
              ReadPathMetrics.BYTES_UNCACHED_HDD));

  private ByteRatio() {}

  /** The client read bytes that came from the HDD: the sum of {@link #HDD_BYTES}, as counted. */
  public static long hddBytes(ToLongFunction<String> counter) {
    long sum = 0;
    for (String name : HDD_BYTES) {
      sum += counter.applyAsLong(name);
    }
    return sum;
  }
}
