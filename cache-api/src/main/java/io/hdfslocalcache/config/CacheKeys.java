package io.hdfslocalcache.config;

/**
 * Every {@code hdfs-site.xml} key of the DataNode cache, each with what it sets. Here, beside the
 * limiter both sides share, so the DataNode (datanode-cache's {@code CacheConfig}, which holds the
 * defaults and checks the values) and the simulator (which prints the keys for the configuration it
 * simulated) spell each key once. docs/configuration.md documents each in full. Sizes and durations
 * are in the grammar of {@link SizeValue} and {@link DurationValue}.
 */
public final class CacheKeys {
  private CacheKeys() {}

  /** The common prefix of every key. */
  public static final String PREFIX = "dfs.datanode.local-cache.";

  /** {@code false} keeps the jar and factory installed but serves everything from the HDDs. */
  public static final String ENABLED = PREFIX + "enabled";

  /** Comma-separated SSD directories, one per SSD. */
  public static final String DIRS = PREFIX + "dirs";

  /** Size of cached pages per directory: one size for all, or one per directory. */
  public static final String CAPACITY = PREFIX + "capacity";

  /**
   * Size of one page file, a power of two from {@link #PAGE_SIZE_MIN} to {@link #PAGE_SIZE_MAX}.
   */
  public static final String PAGE_SIZE = PREFIX + "page.size";

  /** Smallest {@link #PAGE_SIZE}. */
  public static final long PAGE_SIZE_MIN = 64L * 1024;

  /** Largest {@link #PAGE_SIZE}. */
  public static final long PAGE_SIZE_MAX = 64L * 1024 * 1024;

  /** Whether the DataNode takes {@code bytes} as its {@link #PAGE_SIZE}. */
  public static boolean isPageSize(long bytes) {
    return bytes >= PAGE_SIZE_MIN && bytes <= PAGE_SIZE_MAX && Long.bitCount(bytes) == 1;
  }

  /** A block is admitted once its reads in the window are more than this. */
  public static final String ADMISSION_THRESHOLD = PREFIX + "admission.threshold";

  /** Buckets in the admission window, the current one included. */
  public static final String ADMISSION_BUCKET_COUNT = PREFIX + "admission.bucket.count";

  /** Width of one admission bucket (a duration); window = count x duration. */
  public static final String ADMISSION_BUCKET_DURATION = PREFIX + "admission.bucket.duration";

  /**
   * How the admission threshold is used: {@code outcome} (default) admits at the one of six
   * thresholds around the configured one whose model of the cache saved the most disk time within
   * the SSD write budget; {@code auto} moves it from the configured threshold, within half to 64
   * times it, so fills spend the SSD write budget on the blocks read most often; {@code fixed}
   * admits at the configured threshold always.
   */
  public static final String ADMISSION_TUNING = PREFIX + "admission.tuning";

  /** Memory cap of the admission counter: blocks whose reads are being counted. */
  public static final String ADMISSION_MAX_TRACKED_KEYS = PREFIX + "admission.max.tracked.keys";

  /** Threads copying admitted blocks from HDD to SSD. */
  public static final String FILL_THREADS = PREFIX + "fill.threads";

  /** Admitted blocks waiting for a fill thread. */
  public static final String FILL_QUEUE = PREFIX + "fill.queue";

  /** Bytes per second all fills together may read from the HDDs (a size); 0 = no cap. */
  public static final String FILL_BANDWIDTH = PREFIX + "fill.bandwidth";

  /**
   * What a fill copies to SSD: {@code pages} (the meta whole and the data pages reads touch;
   * default) or {@code block} (the whole block and its meta).
   */
  public static final String FILL_MODE = PREFIX + "fill.mode";

  /** Whether the fill guard may pause fills that cost the HDDs more than hits save (boolean). */
  public static final String FILL_GUARD = PREFIX + "fill.guard.enabled";

  /** The fill guard's sliding window: fills are weighed against the hits of this period. */
  public static final String FILL_GUARD_WINDOW = PREFIX + "fill.guard.window";

  /** Bound on the bytes fills write to SSD, in drive writes per day of the capacity (a decimal). */
  public static final String FILL_MAX_DRIVE_WRITES_PER_DAY =
      PREFIX + "fill.max.drive.writes.per.day";

  /**
   * Longest wait (a duration) for one SSD page operation on a directory's I/O threads before the
   * read goes to the HDD; see {@link #READ_BOUND} for the reads that run on the reader's thread.
   */
  public static final String READ_TIMEOUT = PREFIX + "read.timeout";

  /**
   * {@code adaptive} (page reads on the reader's thread while the directory answers fast, through
   * the time-bounded I/O threads after a slow one) or {@code strict} (always through them).
   */
  public static final String READ_BOUND = PREFIX + "read.bound";

  /** Pages read ahead of a reader that streams a cached block. */
  public static final String READ_AHEAD_PAGES = PREFIX + "read.ahead.pages";

  /** A directory with more errors than this within {@link #DIR_ERROR_WINDOW} leaves service. */
  public static final String DIR_MAX_ERRORS = PREFIX + "dir.max.errors";

  /** The window (a duration) for {@link #DIR_MAX_ERRORS}. */
  public static final String DIR_ERROR_WINDOW = PREFIX + "dir.error.window";

  /** Free space, in percent of a directory's file system, that fills never eat into. */
  public static final String DIR_RESERVED_PERCENT = PREFIX + "dir.reserved.percent";

  /** The dataset factory the cache wraps. */
  public static final String INNER_FACTORY = PREFIX + "inner.factory";

  /**
   * {@code cache} (the default: the SSD cache serves reads) or {@code shadow}: nothing is written
   * to any SSD, reads are served as without the cache, and the shadow candidates model what caches
   * of their settings would have done with the DataNode's live client reads.
   */
  public static final String MODE = PREFIX + "mode";

  /**
   * Comma-separated names of the shadow candidates (at most {@link #SHADOW_MAX_CANDIDATES}): each a
   * cache configuration modelled on the live client reads, in either mode.
   */
  public static final String SHADOW_CANDIDATES = PREFIX + "shadow.candidates";

  /**
   * Prefix of one candidate's settings, {@code shadow.candidate.<name>}: {@code
   * threshold=3,window=1h,capacity=2TB,fill=pages,page=1MB,guard=on}, keys left out being the
   * DataNode's own settings.
   */
  public static final String SHADOW_CANDIDATE_PREFIX = PREFIX + "shadow.candidate.";

  /** Most shadow candidates a DataNode runs: each costs heap and model time on one thread. */
  public static final int SHADOW_MAX_CANDIDATES = 8;
}
