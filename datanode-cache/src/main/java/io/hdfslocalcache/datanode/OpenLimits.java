package io.hdfslocalcache.datanode;

import io.hdfslocalcache.datanode.settings.CacheConfig;
import io.hdfslocalcache.datanode.settings.CacheTunables;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;

/** How long start-up waits, when an open counts as hung, and how often the watch looks. */
final class OpenLimits {
  /** Tests only: the start-up limit, in place of {@link CacheConfig#dirOpenTimeout}. */
  static final String TEST_STARTUP_LIMIT_KEY = LocalCacheDatasetFactory.TEST_DIR_OPEN_LIMIT_KEY;

  final long startupNanos;
  final long stallNanos;
  final long startupPollNanos;
  final long backgroundPollNanos;

  OpenLimits(long startupNanos, long stallNanos) {
    this.startupNanos = startupNanos;
    this.stallNanos = stallNanos;
    this.startupPollNanos = TimeUnit.MILLISECONDS.toNanos(10);
    this.backgroundPollNanos =
        Math.max(startupPollNanos, Math.min(stallNanos / 8, TimeUnit.SECONDS.toNanos(1)));
  }

  /** The configuration's limits. */
  static OpenLimits of(CacheConfig config) {
    return new OpenLimits(
        config.dirOpenTimeout().toNanos(),
        config.readTimeout().multipliedBy(CacheTunables.DIR_OPEN_STALL_READ_TIMEOUTS).toNanos());
  }

  /** The configuration's limits; {@code conf} may lower the start-up limit for a test. */
  static OpenLimits of(CacheConfig config, Configuration conf) {
    OpenLimits limits = of(config);
    long startupMillis =
        conf.getTimeDuration(
            TEST_STARTUP_LIMIT_KEY,
            TimeUnit.NANOSECONDS.toMillis(limits.startupNanos),
            TimeUnit.MILLISECONDS);
    return new OpenLimits(TimeUnit.MILLISECONDS.toNanos(startupMillis), limits.stallNanos);
  }
}
