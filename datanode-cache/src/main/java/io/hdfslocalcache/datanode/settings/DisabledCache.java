package io.hdfslocalcache.datanode.settings;

import io.hdfslocalcache.config.CacheKeys;
import java.util.Optional;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A cache turned off ({@code enabled=false}): only {@code enabled} (strictly) and {@code
 * inner.factory} (the dataset the DataNode runs on) are read; the DataNode starts as stock HDFS.
 * Why: {@code enabled=false} is the operator's off-switch when something is wrong, so a bad value
 * of a key that switch turns off must not stop the DataNode, as it would not have stopped stock
 * HDFS. The other keys are still read, only to say in one WARN what would stop an enabled cache.
 */
final class DisabledCache {
  private static final Logger LOG = LoggerFactory.getLogger(DisabledCache.class);

  private DisabledCache() {}

  /**
   * {@code full} read of {@code conf} when it is valid (as before); otherwise, with {@link
   * #warning} logged, the defaults with only {@code enabled=false} and {@code inner.factory}.
   */
  static CacheConfig read(Configuration conf, Function<Configuration, CacheConfig> full) {
    try {
      return full.apply(conf);
    } catch (IllegalArgumentException e) {
      LOG.warn(warning(e));
      return full.apply(offSwitchOnly(conf));
    }
  }

  /** The one line logged when a disabled cache's other keys would not start it. */
  static String warning(IllegalArgumentException invalid) {
    return "hdfs-local-cache is disabled ("
        + CacheKeys.ENABLED
        + "=false) and its other keys are not used; they would stop an enabled cache: "
        + invalid.getMessage();
  }

  /** Only the two keys a disabled cache reads; every other key at its default. */
  private static Configuration offSwitchOnly(Configuration conf) {
    Configuration only = new Configuration(false);
    only.set(CacheKeys.ENABLED, "false");
    Optional.ofNullable(conf.getTrimmed(CacheKeys.INNER_FACTORY))
        .ifPresent(v -> only.set(CacheKeys.INNER_FACTORY, v));
    return only;
  }
}
