package io.hdfslocalcache.datanode.settings;

/**
 * The fixed tunables: not configuration keys (an operator has no reason to change them), but named
 * here, beside {@link CacheConfig}, so each has one home and the reason for its value next to it.
 */
public final class CacheTunables {
  private CacheTunables() {}

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
   * page from the SSD; it doubles while the reader stays sequential, up to a page. 64 KB and 4 KB
   * more: BlockSender widens a pread to whole checksum chunks, so a 64 KB pread at an unaligned
   * offset asks for 64 KB and one chunk; at exactly 64 KB its last chunk was a second store call,
   * and a window twice as large (docs/benchmarks.md, hit path).
   */
  public static final int INITIAL_READ_AHEAD_BYTES = 68 * 1024;

  /**
   * Start-up waits at most this many read timeouts (2 minutes by default) for the cache directories
   * to open (RocksDB and the page restore); the DataNode then starts with those open. One still
   * opening and making progress keeps opening in the background and joins when ready; one whose
   * open has not progressed for {@link #DIR_OPEN_STALL_READ_TIMEOUTS}, a hung disk, is left out.
   */
  public static final int DIR_OPEN_TIMEOUT_READ_TIMEOUTS = 12;

  /**
   * A directory whose open (index open, page restore) has not progressed for this many read
   * timeouts (30 s by default) is hung and left out, at start-up or later while it opens in the
   * background. A restore walks one page file after another, each in microseconds to milliseconds,
   * so a healthy open never pauses this long; a read timeout is already what the cache calls a
   * stuck read.
   */
  public static final int DIR_OPEN_STALL_READ_TIMEOUTS = 3;

  /**
   * How long DataNode shutdown waits for a directory's block index writer; a write still stuck on
   * the disk then is abandoned (its record may be lost: a refill after restart).
   */
  public static final long INDEX_CLOSE_WAIT_MILLIS = 5_000;

  /**
   * Events (client reads, block removals) that may wait for the shadow feed thread; a full queue
   * drops the event rather than make a reader wait. A busy DataNode ends a few thousand block reads
   * a second and the models take microseconds each (docs/benchmarks.md), so 64 Ki events absorb
   * seconds of a stalled feed thread (a GC pause) for at most 8.3 MiB of heap (132 bytes an event
   * with its read and block id, measured by {@code bench heap}).
   */
  public static final int SHADOW_QUEUE_EVENTS = 65_536;
}
