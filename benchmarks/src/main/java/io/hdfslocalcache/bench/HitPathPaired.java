package io.hdfslocalcache.bench;

import io.hdfslocalcache.datanode.read.CachedBlockFixture;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code bench hitpath [threads] [rounds]}: the hit-path comparison of {@link HitPathBenchmark} (a
 * whole cached 128 MB block read the way BlockSender reads it, verified, against the same bytes
 * from plain files) as paired rounds in one JVM. With 1 thread a core is left over for the
 * read-ahead; with as many threads as cores each stream competes for CPU, which shows the cost per
 * byte rather than the latency of one stream. Prints two comparisons: cached against plain files,
 * and the cache's read-ahead against none (read.ahead.pages = 0).
 */
final class HitPathPaired {
  private HitPathPaired() {}

  private static byte[] packet() {
    return new byte[HitPathBenchmark.PACKET];
  }

  private static byte[] sums() {
    return new byte[HitPathBenchmark.SUMS_PER_PACKET];
  }

  public static void main(String[] args) throws Exception {
    int threads = args.length > 0 ? Integer.parseInt(args[0]) : 1;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 30;
    Path dir = Files.createTempDirectory("hitpath-paired");
    try (CachedBlockFixture fixture = new CachedBlockFixture(dir, 128 << 20, 1 << 20)) {
      PairedRatio paired = new PairedRatio(threads, 4);
      PairedRatio.Result r =
          paired.measure(
              () -> HitPathBenchmark.plainFile(fixture, packet(), sums()),
              () -> HitPathBenchmark.cachedVerified(fixture, packet(), sums()),
              5,
              rounds);
      System.out.printf(
          "%d thread(s), cached (default read-ahead) against plain files: %s%n",
          threads, r.format("ms"));
      PairedRatio.Result ra =
          paired.measure(
              () -> HitPathBenchmark.cachedVerified(fixture, packet(), sums(), 0),
              () -> HitPathBenchmark.cachedVerified(fixture, packet(), sums()),
              5,
              rounds);
      System.out.printf(
          "%d thread(s), cached: default read-ahead against none: %s%n", threads, ra.format("ms"));
    } finally {
      try (var s = Files.walk(dir)) {
        s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }
}
