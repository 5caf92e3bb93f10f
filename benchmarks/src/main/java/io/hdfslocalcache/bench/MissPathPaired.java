package io.hdfslocalcache.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code bench misspath [rounds] [preads per round] [wrapped] [baseline]}: the miss-path comparison
 * of {@link MissPathBenchmark} (64 KB preads at random offsets of a 64 MB file, every read a miss)
 * as paired rounds in one JVM: two 1-DataNode MiniDFSClusters side by side, one plain, one with the
 * cache wrapper (or in shadow mode with 8 candidates, or 1), read in alternation so the machine's
 * drift hits both alike. The baseline may be a wrapped one too: {@code outcome cache} pairs the two
 * admission policies.
 */
@Command(
    name = "hdfs-local-cache bench misspath",
    mixinStandardHelpOptions = true,
    description =
        "Every read a miss: a plain DataNode against a cache one, paired rounds in one JVM.")
final class MissPathPaired implements Callable<Integer> {
  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "ROUNDS",
      description = "Paired rounds. Default: ${DEFAULT-VALUE}.")
  int rounds = 300;

  @Parameters(
      index = "1",
      arity = "0..1",
      paramLabel = "PREADS",
      description = "64 KB preads per round. Default: ${DEFAULT-VALUE}.")
  int preads = 500;

  @Parameters(
      index = "2",
      arity = "0..1",
      paramLabel = "WRAPPED",
      description =
          "cache (the cache wrapper, tuned admission), outcome (under admission.tuning"
              + " outcome), shadow (shadow mode, 8 candidates) or shadow1 (1). Default: ${DEFAULT-VALUE}.")
  String wrapped = "cache";

  @Parameters(
      index = "3",
      arity = "0..1",
      paramLabel = "BASELINE",
      description =
          "What it is paired against: plain (the stock dataset) or one of the above (e.g."
              + " outcome against cache). Default: ${DEFAULT-VALUE}.")
  String baseline = "plain";

  @Override
  public Integer call() throws Exception {
    Path base = Files.createTempDirectory("misspath-paired");
    try (Reader plain = new Reader(base.resolve("baseline"), baseline);
        Reader cache = new Reader(base.resolve(wrapped), wrapped)) {
      PairedRatio.Result r =
          new PairedRatio(1, preads).measure(plain::pread, cache::pread, 10, rounds);
      System.out.printf(
          "miss path (%s against %s), 64 KB preads: %s; overhead %.1f%% (95%% CI %.1f%% to"
              + " %.1f%%)%n",
          wrapped,
          baseline,
          r.format("ms"),
          100 * (1 / r.ratio() - 1),
          100 * (1 / r.ciHigh() - 1),
          100 * (1 / r.ciLow() - 1));
    } finally {
      try (var s = Files.walk(base)) {
        s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
    return 0;
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
