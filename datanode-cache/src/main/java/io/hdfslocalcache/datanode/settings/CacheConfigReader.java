package io.hdfslocalcache.datanode.settings;

import static io.hdfslocalcache.config.CacheKeys.DIR_ERROR_WINDOW;
import static io.hdfslocalcache.config.CacheKeys.DIR_MAX_ERRORS;
import static io.hdfslocalcache.config.CacheKeys.DIR_RESERVED_PERCENT;
import static io.hdfslocalcache.config.CacheKeys.ENABLED;
import static io.hdfslocalcache.config.CacheKeys.FILL_BANDWIDTH;
import static io.hdfslocalcache.config.CacheKeys.FILL_QUEUE;
import static io.hdfslocalcache.config.CacheKeys.FILL_THREADS;
import static io.hdfslocalcache.config.CacheKeys.INNER_FACTORY;
import static io.hdfslocalcache.config.CacheKeys.MODE;
import static io.hdfslocalcache.config.CacheKeys.PAGE_SIZE;
import static io.hdfslocalcache.config.CacheKeys.READ_AHEAD_PAGES;
import static io.hdfslocalcache.config.CacheKeys.READ_BOUND;
import static io.hdfslocalcache.config.CacheKeys.READ_TIMEOUT;
import static io.hdfslocalcache.datanode.settings.CacheConfig.DEFAULT_DIR_ERROR_WINDOW;
import static io.hdfslocalcache.datanode.settings.CacheConfig.DEFAULT_DIR_MAX_ERRORS;
import static io.hdfslocalcache.datanode.settings.CacheConfig.DEFAULT_DIR_RESERVED_PERCENT;
import static io.hdfslocalcache.datanode.settings.CacheConfig.DEFAULT_ENABLED;
import static io.hdfslocalcache.datanode.settings.CacheConfig.DEFAULT_FILL_BANDWIDTH;
import static io.hdfslocalcache.datanode.settings.CacheConfig.DEFAULT_FILL_QUEUE;
import static io.hdfslocalcache.datanode.settings.CacheConfig.DEFAULT_FILL_THREADS;
import static io.hdfslocalcache.datanode.settings.CacheConfig.DEFAULT_INNER_FACTORY;
import static io.hdfslocalcache.datanode.settings.CacheConfig.DEFAULT_PAGE_SIZE;
import static io.hdfslocalcache.datanode.settings.CacheConfig.DEFAULT_READ_AHEAD_PAGES;
import static io.hdfslocalcache.datanode.settings.CacheConfig.DEFAULT_READ_BOUND;
import static io.hdfslocalcache.datanode.settings.CacheConfig.DEFAULT_READ_TIMEOUT;
import static io.hdfslocalcache.datanode.settings.CacheConfig.MAX_FILL_QUEUE;
import static io.hdfslocalcache.datanode.settings.CacheConfig.MAX_READ_AHEAD_PAGES;
import static io.hdfslocalcache.datanode.settings.CacheConfig.MAX_READ_TIMEOUT_MS;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.fill.FillPolicy;
import io.hdfslocalcache.datanode.store.ReadBound;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * Reads a DataNode's {@code dfs.datanode.local-cache.*} keys into a {@link CacheConfig}, once, at
 * start-up: each value through {@link ConfigValues} (the directories through {@link
 * CacheDirsValue}), each error naming its key and value; an unknown key gets a WARN ({@link
 * UnknownKeys}), and so does a capacity left at its default ({@link CapacityDefault}). A disabled
 * cache is read by {@link DisabledCache}: an invalid value of another key does not stop it.
 */
final class CacheConfigReader {
  private CacheConfigReader() {}

  static CacheConfig read(Configuration conf) {
    UnknownKeys.warn(conf); // first: a misspelt key may explain the error a value below throws
    boolean enabled = ConfigValues.booleanKey(conf, ENABLED, DEFAULT_ENABLED);
    return enabled ? readAll(conf, true) : DisabledCache.read(conf, c -> readAll(c, false));
  }

  private static CacheConfig readAll(Configuration conf, boolean enabled) {
    CacheMode mode = CacheMode.parse(conf.getTrimmed(MODE, CacheMode.CACHE.configName()));
    List<Path> dirs = CacheDirsValue.read(conf);
    List<Long> capacities = ConfigValues.capacities(conf, dirs.size());
    CapacityDefault.warn(conf, enabled);
    long page = ConfigValues.positiveSize(PAGE_SIZE, conf.getTrimmed(PAGE_SIZE, DEFAULT_PAGE_SIZE));
    if (!CacheKeys.isPageSize(page)) {
      throw new IllegalArgumentException(
          PAGE_SIZE + " must be a power of two between 64k and 64m, got " + page);
    }
    RateLimitConfig admission = ConfigValues.admission(conf);
    int threads = ConfigValues.intKey(conf, FILL_THREADS, DEFAULT_FILL_THREADS);
    ConfigValues.atLeast(FILL_THREADS, threads, 1);
    int queue = ConfigValues.intKey(conf, FILL_QUEUE, DEFAULT_FILL_QUEUE);
    ConfigValues.within(FILL_QUEUE, queue, 1, MAX_FILL_QUEUE);
    long bandwidth =
        ConfigValues.size(FILL_BANDWIDTH, conf.getTrimmed(FILL_BANDWIDTH, DEFAULT_FILL_BANDWIDTH));
    long timeout = ConfigValues.timeKey(conf, READ_TIMEOUT, DEFAULT_READ_TIMEOUT);
    ConfigValues.atLeast(READ_TIMEOUT, timeout, 1);
    ConfigValues.atMostMillis(
        READ_TIMEOUT, conf.getTrimmed(READ_TIMEOUT), timeout, MAX_READ_TIMEOUT_MS);
    ReadBound bound = ReadBound.parse(conf.getTrimmed(READ_BOUND, DEFAULT_READ_BOUND));
    int readAhead = ConfigValues.intKey(conf, READ_AHEAD_PAGES, DEFAULT_READ_AHEAD_PAGES);
    if (readAhead < 0 || readAhead > MAX_READ_AHEAD_PAGES) {
      throw new IllegalArgumentException(
          READ_AHEAD_PAGES + " must be in [0, " + MAX_READ_AHEAD_PAGES + "], got " + readAhead);
    }
    int maxErrors = ConfigValues.intKey(conf, DIR_MAX_ERRORS, DEFAULT_DIR_MAX_ERRORS);
    ConfigValues.atLeast(DIR_MAX_ERRORS, maxErrors, 0);
    long errorWindow = ConfigValues.timeKey(conf, DIR_ERROR_WINDOW, DEFAULT_DIR_ERROR_WINDOW);
    ConfigValues.atLeast(DIR_ERROR_WINDOW, errorWindow, 10);
    int reserved = ConfigValues.intKey(conf, DIR_RESERVED_PERCENT, DEFAULT_DIR_RESERVED_PERCENT);
    if (reserved < 0 || reserved > 90) {
      throw new IllegalArgumentException(
          DIR_RESERVED_PERCENT + " must be in [0, 90], got " + reserved);
    }
    String inner = conf.getTrimmed(INNER_FACTORY, DEFAULT_INNER_FACTORY);
    FillPolicy fill = ConfigValues.fillPolicy(conf, admission.threshold());
    ConfigValues.checkOutcomeThreshold(admission, fill);
    long ssd = dirs.isEmpty() ? ConfigValues.oneCapacity(conf) : sum(capacities);
    ShadowCandidates candidates =
        ShadowCandidates.read(conf, ShadowCandidates.base(admission, ssd, page, fill));
    return new CacheConfig(
        enabled,
        dirs,
        capacities,
        (int) page,
        admission,
        threads,
        queue,
        bandwidth,
        fill,
        Duration.ofMillis(timeout),
        bound,
        readAhead,
        maxErrors,
        reserved,
        Duration.ofMillis(errorWindow),
        inner,
        mode,
        candidates);
  }

  private static long sum(List<Long> values) {
    long s = 0;
    for (long v : values) {
      s += v;
    }
    return s;
  }
}
