package io.hdfslocalcache.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * {@code bench misspath [rounds] [preads per round] [cache|shadow|shadow1]}: the miss-path
 * comparison of {@link MissPathBenchmark} (64 KB preads at random offsets of a 64 MB file, every
 * read a miss) as paired rounds in one JVM: two 1-DataNode MiniDFSClusters side by side, one plain,
 * one with the cache wrapper (or in shadow mode with 8 candidates, or 1), read in alternation so
 * the machine's drift hits both alike.
 */
final class MissPathPaired {
  private MissPathPaired() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 300;
    int preads = args.length > 1 ? Integer.parseInt(args[1]) : 500;
    String wrapped = args.length > 2 ? args[2] : "cache";
    Path base = Files.createTempDirectory("misspath-paired");
    try (Reader plain = new Reader(base.resolve("plain"), "plain");
        Reader cache = new Reader(base.resolve(wrapped), wrapped)) {
      PairedRatio.Result r =
          new PairedRatio(1, preads).measure(plain::pread, cache::pread, 10, rounds);
      System.out.printf(
          "miss path (%s), 64 KB preads: %s; overhead %.1f%% (95%% CI %.1f%% to %.1f%%)%n",
          wrapped,
          r.format("ms"),
          100 * (1 / r.ratio() - 1),
          100 * (1 / r.ciHigh() - 1),
          100 * (1 / r.ciLow() - 1));
    } finally {
      try (var s = Files.walk(base)) {
        s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  /** One 1-DataNode cluster holding the file, and a client stream on it. */
  private static final class Reader implements AutoCloseable {
    private final MiniDFSCluster cluster;
    private final FSDataInputStream in;
    private final byte[] buf = new byte[MissPathBenchmark.READ];
    private final Random random = new Random(7);

    Reader(Path dir, String dataset) throws IOException {
      cluster = MissPathBenchmark.startCluster(dir, dataset);
      in = MissPathBenchmark.writeFile(cluster);
    }

    long pread() throws IOException {
      int file = MissPathBenchmark.FILE;
      int read = MissPathBenchmark.READ;
      long off = (long) random.nextInt(file / 512 - read / 512) * 512;
      in.readFully(off, buf);
      return buf[0];
    }

    @Override
    public void close() throws IOException {
      in.close();
      cluster.shutdown();
    }
  }
}
