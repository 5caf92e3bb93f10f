package io.hdfslocalcache.metrics;

/**
 * Names of what the cache holds, per directory: {@code store.dir<N>.<name>} in the registry, N its
 * place in {@code dirs} ({@link DirectoryNames}); the export carries them as {@code <name>} in the
 * directory's own record. Each name is a constant here with its one description ({@link Describe});
 * datanode-cache counts under it, the status command and tests read it.
 */
public final class DirectoryMetrics {
  @Describe("Cached (servable) blocks now, all directories.")
  public static final String BLOCKS = "store.blocks";

  /** Prefix of a directory's metrics; {@link DirectoryNames#of} completes it. */
  public static final String DIR_PREFIX = DirectoryNames.PREFIX;

  @Describe("Bytes of pages on the directory now, as the page store counts them.")
  public static final String USED = "used";

  @Describe(
      "Microseconds the directory took to open, page restore included (millisecond resolution).")
  public static final String OPEN_MICROS = "open.micros";

  @Describe("Bytes the directory may hold: the configured capacity less Alluxio's ~5% overhead.")
  public static final String CAPACITY = "capacity";

  @Describe("Bytes of the blocks on the directory or being filled into it (its space budget).")
  public static final String RESERVED = "reserved";

  @Describe(
      "1 while its file system is below dir.reserved.percent free (no fills, early eviction).")
  public static final String FS_LOW = "fs.low";

  @Describe(
      "1 while the directory serves and fills; 0 while it still opens, once out of service, or if"
          + " it never opened.")
  public static final String IN_SERVICE = "in.service";

  @Describe(
      "Where the directory's page reads run: 0 on the readers' own threads (read.bound=adaptive,"
          + " the disk answering fast), 1 on its time-bounded I/O threads (read.bound=strict), 2"
          + " on them for at least a minute after a page read slower than 50 ms (or half"
          + " read.timeout).")
  public static final String READ_ROUTE = "read.route";

  private DirectoryMetrics() {}
}
