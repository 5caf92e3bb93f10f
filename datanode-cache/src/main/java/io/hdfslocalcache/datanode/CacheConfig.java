package io.hdfslocalcache.datanode;

import io.hdfslocalcache.ratelimit.RateLimitConfig;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;

/**
 * Every {@code dfs.datanode.local-cache.*} key, its default, and the validated, immutable values
 * read from a DataNode's configuration once at start-up. docs/configuration.md documents each key;
 * keep the two in step.
 */
public final class CacheConfig {
  // A final class, not a record: the DataNode side is compiled for Java 8.
  private final boolean enabled;
  private final List<Path> dirs;
  private final List<Long> capacities;
  private final int pageSize;
  private final RateLimitConfig admission;
  private final int fillThreads;
  private final int fillQueue;
  private final long fillBandwidthBytesPerSec;
  private final Duration readTimeout;
  private final int readAheadPages;
  private final int dirMaxErrors;
  private final int dirReservedPercent;
  private final Duration dirErrorWindow;
  private final String innerFactory;

  static final String PREFIX = "dfs.datanode.local-cache.";
  public static final String ENABLED = PREFIX + "enabled";
  public static final String DIRS = PREFIX + "dirs";
  public static final String CAPACITY = PREFIX + "capacity";
  public static final String PAGE_SIZE = PREFIX + "page.size";
  public static final String ADMISSION_THRESHOLD = PREFIX + "admission.threshold";
  public static final String ADMISSION_BUCKET_COUNT = PREFIX + "admission.bucket.count";
  public static final String ADMISSION_BUCKET_DURATION = PREFIX + "admission.bucket.duration";
  public static final String ADMISSION_MAX_TRACKED_KEYS = PREFIX + "admission.max.tracked.keys";
  public static final String FILL_THREADS = PREFIX + "fill.threads";
  public static final String FILL_QUEUE = PREFIX + "fill.queue";
  public static final String FILL_BANDWIDTH = PREFIX + "fill.bandwidth";
  public static final String READ_TIMEOUT = PREFIX + "read.timeout";
  public static final String READ_AHEAD_PAGES = PREFIX + "read.ahead.pages";
  public static final String DIR_MAX_ERRORS = PREFIX + "dir.max.errors";
  public static final String DIR_ERROR_WINDOW = PREFIX + "dir.error.window";
  public static final String DIR_RESERVED_PERCENT = PREFIX + "dir.reserved.percent";
  public static final String INNER_FACTORY = PREFIX + "inner.factory";

  // Fixed tunables: not keys, but named here, beside the keys, so each has one home.

  /** Threads per directory for bounded page I/O; only a hung disk uses more than a few. */
  public static final int IO_THREADS_PER_DIR = 16;

  /**
   * How long a page reader spins for the I/O thread's answer before parking: parking and waking
   * cost more than a page read from a fast SSD (docs/benchmarks.md, hit path).
   */
  public static final long IO_SPIN_NANOS = 100_000;

  /** Period of the maintenance thread: limiter expiry, access times, directory probe, statfs. */
  public static final long MAINTENANCE_INTERVAL_MILLIS = 2_000;

  /** How long a fill waits for readers of evicted blocks to close before giving up. */
  public static final long ROOM_WAIT_MILLIS = 10_000;

  /** How often a fill waiting for room looks again. */
  public static final long ROOM_POLL_MILLIS = 10;

  /**
   * A cached data stream's first window, and after a seek: small so a pread does not pull a whole
   * page from the SSD; it doubles while the reader stays sequential, up to a page.
   */
  public static final int INITIAL_READ_AHEAD_BYTES = 64 * 1024;

  /**
   * Start-up waits at most this many read timeouts (2 minutes by default) for the cache directories
   * to open (RocksDB and Alluxio's page restore); a directory still opening then, a hung disk, is
   * left out with one WARN line and the DataNode starts without it.
   */
  public static final int DIR_OPEN_TIMEOUT_READ_TIMEOUTS = 12;

  /**
   * How long DataNode shutdown waits for a directory's block index writer; a write still stuck on
   * the disk then is abandoned (its record may be lost: a refill after restart).
   */
  public static final long INDEX_CLOSE_WAIT_MILLIS = 5_000;

  static final boolean DEFAULT_ENABLED = true;
  static final String DEFAULT_CAPACITY = "10g";
  static final String DEFAULT_PAGE_SIZE = "1m";
  static final int DEFAULT_FILL_THREADS = 2;
  static final int DEFAULT_FILL_QUEUE = 64;
  static final String DEFAULT_FILL_BANDWIDTH = "200m";
  static final String DEFAULT_READ_TIMEOUT = "10s";
  public static final int DEFAULT_READ_AHEAD_PAGES = 2;
  static final int MAX_READ_AHEAD_PAGES = 16;
  static final int DEFAULT_DIR_MAX_ERRORS = 10;
  static final String DEFAULT_DIR_ERROR_WINDOW = "10m";
  static final int DEFAULT_DIR_RESERVED_PERCENT = 5;
  static final String DEFAULT_INNER_FACTORY =
      "org.apache.hadoop.hdfs.server.datanode.fsdataset.impl.FsDatasetFactory";

  public CacheConfig(
      boolean enabled,
      List<Path> dirs,
      List<Long> capacities,
      int pageSize,
      RateLimitConfig admission,
      int fillThreads,
      int fillQueue,
      long fillBandwidthBytesPerSec,
      Duration readTimeout,
      int readAheadPages,
      int dirMaxErrors,
      int dirReservedPercent,
      Duration dirErrorWindow,
      String innerFactory) {
    dirs = Collections.unmodifiableList(new ArrayList<>(dirs));
    capacities = Collections.unmodifiableList(new ArrayList<>(capacities));
    if (enabled && dirs.isEmpty()) {
      throw new IllegalArgumentException(DIRS + " must name at least one directory");
    }
    if (capacities.size() != dirs.size()) {
      throw new IllegalArgumentException(
          CAPACITY + " must give one size, or one per directory in " + DIRS);
    }
    this.enabled = enabled;
    this.dirs = dirs;
    this.capacities = capacities;
    this.pageSize = pageSize;
    this.admission = admission;
    this.fillThreads = fillThreads;
    this.fillQueue = fillQueue;
    this.fillBandwidthBytesPerSec = fillBandwidthBytesPerSec;
    this.readTimeout = readTimeout;
    this.readAheadPages = readAheadPages;
    this.dirMaxErrors = dirMaxErrors;
    this.dirReservedPercent = dirReservedPercent;
    this.dirErrorWindow = dirErrorWindow;
    this.innerFactory = innerFactory;
  }

  public boolean enabled() {
    return enabled;
  }

  public List<Path> dirs() {
    return dirs;
  }

  public List<Long> capacities() {
    return capacities;
  }

  public int pageSize() {
    return pageSize;
  }

  public RateLimitConfig admission() {
    return admission;
  }

  public int fillThreads() {
    return fillThreads;
  }

  public int fillQueue() {
    return fillQueue;
  }

  public long fillBandwidthBytesPerSec() {
    return fillBandwidthBytesPerSec;
  }

  public Duration readTimeout() {
    return readTimeout;
  }

  /** Start-up's bound on opening the directories: {@link #DIR_OPEN_TIMEOUT_READ_TIMEOUTS}. */
  public Duration dirOpenTimeout() {
    return readTimeout.multipliedBy(DIR_OPEN_TIMEOUT_READ_TIMEOUTS);
  }

  public int readAheadPages() {
    return readAheadPages;
  }

  public int dirMaxErrors() {
    return dirMaxErrors;
  }

  public int dirReservedPercent() {
    return dirReservedPercent;
  }

  public Duration dirErrorWindow() {
    return dirErrorWindow;
  }

  public String innerFactory() {
    return innerFactory;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof CacheConfig)) {
      return false;
    }
    CacheConfig x = (CacheConfig) o;
    return enabled == x.enabled
        && Objects.equals(dirs, x.dirs)
        && Objects.equals(capacities, x.capacities)
        && pageSize == x.pageSize
        && Objects.equals(admission, x.admission)
        && fillThreads == x.fillThreads
        && fillQueue == x.fillQueue
        && fillBandwidthBytesPerSec == x.fillBandwidthBytesPerSec
        && Objects.equals(readTimeout, x.readTimeout)
        && readAheadPages == x.readAheadPages
        && dirMaxErrors == x.dirMaxErrors
        && dirReservedPercent == x.dirReservedPercent
        && Objects.equals(dirErrorWindow, x.dirErrorWindow)
        && Objects.equals(innerFactory, x.innerFactory);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        enabled,
        dirs,
        capacities,
        pageSize,
        admission,
        fillThreads,
        fillQueue,
        fillBandwidthBytesPerSec,
        readTimeout,
        readAheadPages,
        dirMaxErrors,
        dirReservedPercent,
        dirErrorWindow,
        innerFactory);
  }

  @Override
  public String toString() {
    return "CacheConfig[enabled="
        + enabled
        + ", dirs="
        + dirs
        + ", capacities="
        + capacities
        + ", pageSize="
        + pageSize
        + ", admission="
        + admission
        + ", fillThreads="
        + fillThreads
        + ", fillQueue="
        + fillQueue
        + ", fillBandwidthBytesPerSec="
        + fillBandwidthBytesPerSec
        + ", readTimeout="
        + readTimeout
        + ", readAheadPages="
        + readAheadPages
        + ", dirMaxErrors="
        + dirMaxErrors
        + ", dirReservedPercent="
        + dirReservedPercent
        + ", dirErrorWindow="
        + dirErrorWindow
        + ", innerFactory="
        + innerFactory
        + "]";
  }

  /**
   * Reads and validates; an invalid value throws {@link IllegalArgumentException} naming its key.
   */
  public static CacheConfig from(Configuration conf) {
    boolean enabled = conf.getBoolean(ENABLED, DEFAULT_ENABLED);
    List<Path> dirs = new ArrayList<>();
    for (String d : conf.getTrimmedStrings(DIRS)) {
      if (!d.isEmpty()) {
        dirs.add(Paths.get(d.startsWith("file://") ? d.substring("file://".length()) : d));
      }
    }
    List<Long> capacities = new ArrayList<>();
    String[] caps = conf.getTrimmedStrings(CAPACITY, DEFAULT_CAPACITY);
    for (int i = 0; i < dirs.size(); i++) {
      String c = caps.length == 1 ? caps[0] : i < caps.length ? caps[i] : null;
      if (c == null || caps.length > dirs.size()) {
        throw new IllegalArgumentException(
            CAPACITY
                + " has "
                + caps.length
                + " values for "
                + dirs.size()
                + " directories in "
                + DIRS);
      }
      capacities.add(positiveSize(CAPACITY, c));
    }
    long page = positiveSize(PAGE_SIZE, conf.getTrimmed(PAGE_SIZE, DEFAULT_PAGE_SIZE));
    if (page < 64 * 1024 || page > 64L * 1024 * 1024 || Long.bitCount(page) != 1) {
      throw new IllegalArgumentException(
          PAGE_SIZE + " must be a power of two between 64k and 64m, got " + page);
    }
    int threshold = intKey(conf, ADMISSION_THRESHOLD, RateLimitConfig.DEFAULT_THRESHOLD);
    int buckets = intKey(conf, ADMISSION_BUCKET_COUNT, RateLimitConfig.DEFAULT_BUCKET_COUNT);
    long bucketMillis = timeKey(conf, ADMISSION_BUCKET_DURATION, "1m");
    int maxKeys =
        intKey(conf, ADMISSION_MAX_TRACKED_KEYS, RateLimitConfig.DEFAULT_MAX_TRACKED_KEYS);
    RateLimitConfig admission;
    try {
      admission = new RateLimitConfig(threshold, buckets, Duration.ofMillis(bucketMillis), maxKeys);
    } catch (IllegalArgumentException e) {
      // The limiter names its own fields; name the key the operator wrote instead.
      String m = e.getMessage();
      String key =
          m.startsWith("threshold")
              ? ADMISSION_THRESHOLD
              : m.startsWith("bucketCount")
                  ? ADMISSION_BUCKET_COUNT
                  : m.startsWith("bucketDuration")
                      ? ADMISSION_BUCKET_DURATION
                      : ADMISSION_MAX_TRACKED_KEYS;
      throw new IllegalArgumentException(key + ": " + m, e);
    }
    int threads = intKey(conf, FILL_THREADS, DEFAULT_FILL_THREADS);
    atLeast(FILL_THREADS, threads, 1);
    int queue = intKey(conf, FILL_QUEUE, DEFAULT_FILL_QUEUE);
    atLeast(FILL_QUEUE, queue, 1);
    long bandwidth = size(FILL_BANDWIDTH, conf.getTrimmed(FILL_BANDWIDTH, DEFAULT_FILL_BANDWIDTH));
    long timeout = timeKey(conf, READ_TIMEOUT, DEFAULT_READ_TIMEOUT);
    atLeast(READ_TIMEOUT, timeout, 1);
    int readAhead = intKey(conf, READ_AHEAD_PAGES, DEFAULT_READ_AHEAD_PAGES);
    if (readAhead < 0 || readAhead > MAX_READ_AHEAD_PAGES) {
      throw new IllegalArgumentException(
          READ_AHEAD_PAGES + " must be in [0, " + MAX_READ_AHEAD_PAGES + "], got " + readAhead);
    }
    int maxErrors = intKey(conf, DIR_MAX_ERRORS, DEFAULT_DIR_MAX_ERRORS);
    atLeast(DIR_MAX_ERRORS, maxErrors, 0);
    long errorWindow = timeKey(conf, DIR_ERROR_WINDOW, DEFAULT_DIR_ERROR_WINDOW);
    atLeast(DIR_ERROR_WINDOW, errorWindow, 10);
    int reserved = intKey(conf, DIR_RESERVED_PERCENT, DEFAULT_DIR_RESERVED_PERCENT);
    if (reserved < 0 || reserved > 90) {
      throw new IllegalArgumentException(
          DIR_RESERVED_PERCENT + " must be in [0, 90], got " + reserved);
    }
    String inner = conf.getTrimmed(INNER_FACTORY, DEFAULT_INNER_FACTORY);
    return new CacheConfig(
        enabled,
        dirs,
        capacities,
        (int) page,
        admission,
        threads,
        queue,
        bandwidth,
        Duration.ofMillis(timeout),
        readAhead,
        maxErrors,
        reserved,
        Duration.ofMillis(errorWindow),
        inner);
  }

  private static int intKey(Configuration conf, String key, int dflt) {
    String v = conf.getTrimmed(key);
    if (v == null || v.isEmpty()) {
      return dflt;
    }
    try {
      return Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be an integer, got '" + v + "'");
    }
  }

  private static long timeKey(Configuration conf, String key, String dflt) {
    String v = conf.getTrimmed(key, dflt);
    try {
      // Hadoop's own parser: "10s", "1m", "500ms"; a bare number is milliseconds.
      Configuration one = new Configuration(false);
      one.set(key, v);
      return one.getTimeDuration(key, 0, TimeUnit.MILLISECONDS);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          key + " must be a duration like 10s or 1m, got '" + v + "'");
    }
  }

  private static long size(String key, String v) {
    long n;
    try {
      n = org.apache.hadoop.util.StringUtils.TraditionalBinaryPrefix.string2long(v);
    } catch (IllegalArgumentException e) {
      // Hadoop throws NumberFormatException or a plain IllegalArgumentException ("10GB").
      throw new IllegalArgumentException(key + " must be a size like 512m or 2t, got '" + v + "'");
    }
    if (n < 0) {
      throw new IllegalArgumentException(key + " must not be negative, got '" + v + "'");
    }
    return n;
  }

  private static long positiveSize(String key, String v) {
    long n = size(key, v);
    if (n <= 0) {
      throw new IllegalArgumentException(key + " must be positive, got '" + v + "'");
    }
    return n;
  }

  private static void atLeast(String key, long v, long min) {
    if (v < min) {
      throw new IllegalArgumentException(key + " must be >= " + min + ", got " + v);
    }
  }
}
