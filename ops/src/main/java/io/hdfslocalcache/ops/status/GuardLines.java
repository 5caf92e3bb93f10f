package io.hdfslocalcache.ops.status;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.metrics.DirectoryMetrics;
import io.hdfslocalcache.metrics.DirectoryNames;
import io.hdfslocalcache.metrics.GuardMetrics;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Why a directory's fills are paused, in words, with the key that decides it: the status screen's
 * line under a directory whose fill guard is not filling. Pure, like {@link StatusReport}. Only
 * constants of the cache's classes (inlined): the tools jar has no rate-limiter.
 */
final class GuardLines {
  private final Map<String, Object> bean;

  GuardLines(Map<String, Object> bean) {
    this.bean = bean;
  }

  /** The line for directory {@code dir}; empty while it fills (or an older cache's bean). */
  Optional<String> paused(int dir) {
    Object state = bean.get(DirectoryNames.of(dir, GuardMetrics.STATE));
    if (!(state instanceof Number n)) {
      return Optional.empty();
    }
    int s = n.intValue();
    if (s == GuardMetrics.STATE_PAUSED_COST) {
      return Optional.of(
          "fills PAUSED: they cost the HDDs more than reads of cached blocks saved them (fill"
              + " guard, "
              + CacheKeys.FILL_GUARD
              + "; the DataNode log's 'fill guard of dir"
              + dir
              + "' line has the figures)");
    }
    if (s != GuardMetrics.STATE_PAUSED_WRITE_BUDGET) {
      return Optional.empty();
    }
    long left = num(DirectoryNames.of(dir, GuardMetrics.WRITE_BUDGET_BYTES));
    long capacity = num(DirectoryNames.of(dir, DirectoryMetrics.CAPACITY));
    Object dwpd = bean.get(DirectoryNames.of(dir, GuardMetrics.WRITE_BUDGET_DRIVE_WRITES_PER_DAY));
    String setting =
        dwpd instanceof Number d
            ? String.format(
                Locale.ROOT,
                "%s=%s x %s = %s/day",
                CacheKeys.FILL_MAX_DRIVE_WRITES_PER_DAY,
                BigDecimal.valueOf(d.doubleValue()).stripTrailingZeros().toPlainString(),
                StatusReport.bytes(capacity),
                StatusReport.bytes((long) (d.doubleValue() * capacity)))
            : CacheKeys.FILL_MAX_DRIVE_WRITES_PER_DAY;
    return Optional.of(
        "fills PAUSED: SSD write budget spent ("
            + StatusReport.bytes(left)
            + " left; "
            + setting
            + "). To fill more, raise "
            + CacheKeys.FILL_MAX_DRIVE_WRITES_PER_DAY
            + " (0 = no budget)");
  }

  private long num(String key) {
    return bean.get(key) instanceof Number n ? n.longValue() : Long.MIN_VALUE;
  }
}
