package io.hdfslocalcache.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;

/**
 * A production-sized cache directory: builds one of N pages through the cache's own store, block
 * map and index, closes it, opens it again as a DataNode start does (store and index open, then the
 * restore of every indexed block), and prints the heap per page, net of an empty directory, with
 * the open and restore times; then the fill rate while evicting at that size.
 */
@Command(
    name = "hdfs-local-cache bench scale",
    mixinStandardHelpOptions = true,
    description =
        "Heap per page, directory open and restore time of a cache directory of N pages, then"
            + " the fill and eviction rate at that size.")
public final class ScaleBench implements Callable<Integer> {
  @Option(
      names = "--pages",
      converter = Count.class,
      description = "Data pages in the directory (k, m suffixes). Default: 4m.")
  long pages = 4L << 20;

  @Option(
      names = "--page-size",
      converter = Count.class,
      description = "Page size (k, m suffixes). Default: 1m.")
  long pageSize = 1L << 20;

  @Option(
      names = "--block-pages",
      description = "Pages per block (128: a 128 MB block at 1 MB pages). Default: 128.")
  int blockPages = 128;

  @Option(
      names = "--evict-pages",
      converter = Count.class,
      description = "Pages filled past a full directory, evicting as many. Default: 64k.")
  long evictPages = 64L << 10;

  @Option(names = "--dir", description = "Where to build it (deleted after). Default: a temp dir.")
  Path where;

  @Option(names = "--threads", description = "Fill threads. Default: 2.")
  int threads = 2;

  /** {@code 4m} = 4 * 2^20, {@code 64k} = 64 * 2^10, or a plain number. */
  static final class Count implements ITypeConverter<Long> {
    @Override
    public Long convert(String v) {
      String s = v.trim().toLowerCase(java.util.Locale.ROOT);
      int shift = s.endsWith("k") ? 10 : s.endsWith("m") ? 20 : s.endsWith("g") ? 30 : 0;
      long n = Long.parseLong(shift == 0 ? s : s.substring(0, s.length() - 1));
      if (n <= 0) {
        throw new IllegalArgumentException("must be positive, got '" + v + "'");
      }
      return n << shift;
    }
  }

  @Override
  public Integer call() throws Exception {
    if (pageSize > Integer.MAX_VALUE || pages / blockPages > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("--page-size or --pages too large");
    }
    int page = (int) pageSize;
    long blocks = (pages + blockPages - 1) / blockPages;
    long capacity = ScaleDir.capacityFor(blocks * blockPages, page, blockPages);
    Path base = where != null ? where : Files.createTempDirectory("scale-bench");
    Path path = base.resolve("dn");
    try {
      long empty;
      try (ScaleDir d = ScaleDir.open(path, page, blockPages, capacity)) {
        empty = heapAfterGc();
        long t0 = System.nanoTime();
        fill(d, blocks);
        double fillSeconds = (System.nanoTime() - t0) / 1e9;
        long filled = heapAfterGc();
        System.out.printf(
            "fill: pages=%d blocks=%d seconds=%.1f pagesPerSecond=%.0f heapBytesPerPage=%.1f%n",
            blocks * blockPages,
            blocks,
            fillSeconds,
            blocks * blockPages / fillSeconds,
            (double) (filled - empty) / (blocks * blockPages));
        d.awaitIndex(0);
      }
      heapAfterGc();
      try (ScaleDir d = ScaleDir.open(path, page, blockPages, capacity)) {
        long restoreNanos = d.restore();
        long restored = heapAfterGc();
        long n = blocks * blockPages;
        System.out.printf(
            "scale: pages=%d heapBytesPerPage=%.1f openSeconds=%.2f restoreSeconds=%.2f"
                + " (blocks=%d restored=%d)%n",
            n,
            (double) (restored - empty) / n,
            d.openNanos / 1e9,
            restoreNanos / 1e9,
            blocks,
            d.map.size());
        System.out.printf(
            "disk: indexBytes=%d pageFilesAndDirs=%d openFileDescriptors=%d%n",
            treeBytes(path.resolve("index")),
            entries(path.resolve("LOCAL")),
            entries(Path.of("/proc/self/fd")));
        evictAtSize(d, blocks);
      }
    } finally {
      deleteTree(path);
      if (where == null) {
        Files.deleteIfExists(base);
      }
    }
    return 0;
  }

  private void fill(ScaleDir d, long blocks) throws Exception {
    AtomicLong next = new AtomicLong();
    Exception[] failed = new Exception[1];
    Thread[] fillers = new Thread[threads];
    for (int i = 0; i < threads; i++) {
      fillers[i] =
          new Thread(
              () -> {
                try {
                  for (long b; (b = next.getAndIncrement()) < blocks; ) {
                    d.fill(b);
                    d.awaitIndex(5_000);
                  }
                } catch (Exception e) {
                  synchronized (failed) {
                    failed[0] = e;
                  }
                  next.set(blocks);
                }
              },
              "scale-fill-" + i);
      fillers[i].start();
    }
    for (Thread t : fillers) {
      t.join();
    }
    if (failed[0] != null) {
      throw failed[0];
    }
  }

  /** Fills {@code evictPages} more pages into the full directory, evicting to make room. */
  private void evictAtSize(ScaleDir d, long blocks) throws Exception {
    long extraBlocks = Math.max(1, evictPages / blockPages);
    long blockBytes = (long) blockPages * d.pageSize + ScaleDir.metaLength(blockPages, d.pageSize);
    long evicted = 0;
    long t0 = System.nanoTime();
    for (long b = blocks; b < blocks + extraBlocks; b++) {
      evicted += d.evictFor(blockBytes);
      d.fill(b);
      d.awaitIndex(5_000);
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    System.out.printf(
        "evict: filledPages=%d evictedPages=%d seconds=%.1f pagesPerSecond=%.0f%n",
        extraBlocks * blockPages, evicted, seconds, extraBlocks * blockPages / seconds);
  }

  static long heapAfterGc() throws InterruptedException {
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 4; i++) {
      System.gc();
      Thread.sleep(100);
      used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
    }
    return used;
  }

  /** Bytes of the files under {@code p} (the block index's RocksDB files). */
  private static long treeBytes(Path p) throws java.io.IOException {
    try (Stream<Path> s = Files.walk(p)) {
      return s.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
    }
  }

  /** Files and directories under {@code p}: the inodes the pages take; -1 if unreadable. */
  private static long entries(Path p) {
    try (Stream<Path> s = Files.walk(p)) {
      return s.count() - 1;
    } catch (java.io.IOException | RuntimeException e) {
      return -1;
    }
  }

  private static void deleteTree(Path p) throws java.io.IOException {
    if (!Files.exists(p)) {
      return;
    }
    try (Stream<Path> s = Files.walk(p)) {
      s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    }
  }
}
