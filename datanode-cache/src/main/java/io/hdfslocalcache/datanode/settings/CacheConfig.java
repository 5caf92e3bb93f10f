package io.hdfslocalcache.datanode.settings;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.fill.FillPolicy;
import io.hdfslocalcache.datanode.store.ReadBound;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * Every {@code dfs.datanode.local-cache.*} key ({@link CacheKeys} names them), its default, and the
 * validated, immutable values read from a DataNode's configuration once at start-up. Sizes and
 * durations are read in the one grammar of {@code io.hdfslocalcache.config} (ConfigValues).
 * docs/configuration.md documents each key; keep the two in step.
 */
public final class CacheConfig {
  private final boolean enabled;
  private final List<Path> dirs;
  private final List<Long> capacities;
  private final int pageSize;
  private final RateLimitConfig admission;
  private final int fillThreads;
  private final int fillQueue;
  private final long fillBandwidthBytesPerSec;
  private final FillPolicy fillPolicy;
  private final Duration readTimeout;
  private final int readAheadPages;
  private final ReadBound readBound;
  private final int dirMaxErrors;
  private final int dirReservedPercent;
  private final Duration dirErrorWindow;
  private final String innerFactory;
  private final CacheMode mode;
  private final ShadowCandidates candidates;

  // The key names, with what each sets, are in CacheKeys (shared with the simulator).

  static final boolean DEFAULT_ENABLED = true;
  static final String DEFAULT_CAPACITY = "10g";
  static final String DEFAULT_PAGE_SIZE = "1m";
  static final int DEFAULT_FILL_THREADS = 2;
  static final int DEFAULT_FILL_QUEUE = 64;

  /** The queue is an array allocated whole at start: 8 MB at most, not an out-of-memory. */
  static final int MAX_FILL_QUEUE = 1 << 20;

  static final String DEFAULT_FILL_BANDWIDTH = "200m";
  static final String DEFAULT_FILL_MODE = "pages";
  static final boolean DEFAULT_FILL_GUARD = true;
  static final double DEFAULT_FILL_MAX_DRIVE_WRITES_PER_DAY =
      io.hdfslocalcache.guard.GuardConfig.DEFAULT_MAX_DRIVE_WRITES_PER_DAY;
  static final String DEFAULT_FILL_GUARD_WINDOW = "1h";
  static final String DEFAULT_READ_TIMEOUT = "10s";

  /** Far above any useful wait, and far below the overflow of its multiples in nanoseconds. */
  static final long MAX_READ_TIMEOUT_MS = 86_400_000L;

  static final String DEFAULT_READ_BOUND = "adaptive";
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
      FillPolicy fillPolicy,
      Duration readTimeout,
      ReadBound readBound,
      int readAheadPages,
      int dirMaxErrors,
      int dirReservedPercent,
      Duration dirErrorWindow,
      String innerFactory,
      CacheMode mode,
      ShadowCandidates candidates) {
    dirs = Collections.unmodifiableList(new ArrayList<>(dirs));
    capacities = Collections.unmodifiableList(new ArrayList<>(capacities));
    if (enabled && mode == CacheMode.CACHE && dirs.isEmpty()) {
      throw new IllegalArgumentException(CacheKeys.DIRS + " must name at least one directory");
    }
    if (mode == CacheMode.SHADOW && candidates.isEmpty()) {
      throw new IllegalArgumentException(
          CacheKeys.SHADOW_CANDIDATES
              + " must name at least one candidate when "
              + CacheKeys.MODE
              + " is shadow");
    }
    if (capacities.size() != dirs.size()) {
      throw new IllegalArgumentException(
          CacheKeys.CAPACITY + " must give one size, or one per directory in " + CacheKeys.DIRS);
    }
    this.enabled = enabled;
    this.dirs = dirs;
    this.capacities = capacities;
    this.pageSize = pageSize;
    this.admission = admission;
    this.fillThreads = fillThreads;
    this.fillQueue = fillQueue;
    this.fillBandwidthBytesPerSec = fillBandwidthBytesPerSec;
    this.fillPolicy = fillPolicy;
    this.readTimeout = readTimeout;
    this.readBound = readBound;
    this.readAheadPages = readAheadPages;
    this.dirMaxErrors = dirMaxErrors;
    this.dirReservedPercent = dirReservedPercent;
    this.dirErrorWindow = dirErrorWindow;
    this.innerFactory = innerFactory;
    this.mode = mode;
    this.candidates = candidates;
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

  public FillPolicy fillPolicy() {
    return fillPolicy;
  }

  public Duration readTimeout() {
    return readTimeout;
  }

  /**
   * Start-up's bound on opening the directories: {@link
   * CacheTunables#DIR_OPEN_TIMEOUT_READ_TIMEOUTS}.
   */
  public Duration dirOpenTimeout() {
    return readTimeout.multipliedBy(CacheTunables.DIR_OPEN_TIMEOUT_READ_TIMEOUTS);
  }

  /** Whether page reads may run on the reader's thread while a directory answers fast. */
  public ReadBound readBound() {
    return readBound;
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

  /** {@code cache}: the SSD cache serves reads; {@code shadow}: only the candidates run. */
  public CacheMode mode() {
    return mode;
  }

  /** The shadow candidates, in either mode; none by default. */
  public ShadowCandidates candidates() {
    return candidates;
  }

  /** Every value, in {@link #FIELDS} order: equality, hash and text follow from it. */
  private Object[] values() {
    return new Object[] {
      enabled,
      dirs,
      capacities,
      pageSize,
      admission,
      fillThreads,
      fillQueue,
      fillBandwidthBytesPerSec,
      fillPolicy,
      readTimeout,
      readBound,
      readAheadPages,
      dirMaxErrors,
      dirReservedPercent,
      dirErrorWindow,
      innerFactory,
      mode,
      candidates
    };
  }

  private static final String[] FIELDS = {
    "enabled",
    "dirs",
    "capacities",
    "pageSize",
    "admission",
    "fillThreads",
    "fillQueue",
    "fillBandwidthBytesPerSec",
    "fillPolicy",
    "readTimeout",
    "readBound",
    "readAheadPages",
    "dirMaxErrors",
    "dirReservedPercent",
    "dirErrorWindow",
    "innerFactory",
    "mode",
    "candidates"
  };

  @Override
  public boolean equals(Object o) {
    return o instanceof CacheConfig && Arrays.equals(values(), ((CacheConfig) o).values());
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(values());
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder("CacheConfig[");
    Object[] v = values();
    for (int i = 0; i < v.length; i++) {
      b.append(i == 0 ? "" : ", ").append(FIELDS[i]).append('=').append(v[i]);
    }
    return b.append(']').toString();
  }

  /**
   * Reads and validates; an invalid value throws {@link IllegalArgumentException} naming its key.
   */
  public static CacheConfig from(Configuration conf) {
    return CacheConfigReader.read(conf);
  }
}
