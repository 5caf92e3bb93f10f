package io.hdfslocalcache.datanode.settings;

import io.hdfslocalcache.config.CacheKeys;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An enabled cache whose {@code capacity} is not set: the two required keys alone give {@value
 * CacheConfig#DEFAULT_CAPACITY} per directory, a size no SSD was chosen for, so it is said once at
 * start-up (a WARN naming the key and the default) rather than found in the metrics weeks later.
 */
final class CapacityDefault {
  private static final Logger LOG = LoggerFactory.getLogger(CapacityDefault.class);

  private CapacityDefault() {}

  /** Logs {@link #warning} at WARN; called once, as the DataNode reads its configuration. */
  static void warn(Configuration conf, boolean enabled) {
    warning(conf, enabled).ifPresent(LOG::warn);
  }

  /** The line to log, if the cache is enabled and {@code capacity} is not set. */
  static Optional<String> warning(Configuration conf, boolean enabled) {
    if (!enabled || conf.getTrimmed(CacheKeys.CAPACITY) != null) {
      return Optional.empty();
    }
    return Optional.of(
        "hdfs-local-cache: "
            + CacheKeys.CAPACITY
            + " is not set: each cache directory holds at most the default "
            + CacheConfig.DEFAULT_CAPACITY
            + " of pages (in shadow mode, the SSD a candidate without a capacity of its own"
            + " models); set it to about 85-90% of each SSD's file system");
  }
}
