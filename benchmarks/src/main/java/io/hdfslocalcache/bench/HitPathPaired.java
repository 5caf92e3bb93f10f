package io.hdfslocalcache.bench;

import io.hdfslocalcache.datanode.read.CachedBlockFixture;
import io.hdfslocalcache.datanode.store.ReadBound;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bench hitpath [rounds] [readers=1,2] [shapes=stream,pread] [readahead] [bound=strict]}:
 * the hit-path comparisons of {@link HitPathBenchmark} as paired rounds in one JVM, one row per
 * readers x shape: a whole cached 128 MB block streamed the way BlockSender reads it, and 64 KB
 * preads at random offsets, each verified, against the same bytes read the same way from plain
 * files. With 1 reader a core is left over for the read-ahead; with as many readers as cores each
 * stream competes for CPU, which shows the cost per byte rather than the latency of one stream.
 * {@code readahead} adds the cache's read-ahead against none (read.ahead.pages = 0) for each reader
 * count. {@code bound} sets read.bound (default adaptive).
 */
@Command(
    name = "hdfs-local-cache bench hitpath",
    mixinStandardHelpOptions = true,
    description =
        "Cached reads against plain files, paired rounds in one JVM, one row per readers x shape.")
final class HitPathPaired implements Callable<Integer> {
  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "ROUNDS",
      description = "Paired rounds per row. Default: ${DEFAULT-VALUE}.")
  int rounds = 30;

  @Mixin Options o = new Options();

  private static final int WARMUP_ROUNDS = 5;

  /** What one row reads. */
  private enum Shape {
    STREAM("stream", 4, HitPathBenchmark::plainFile, HitPathBenchmark::cachedVerified),
    PREAD("pread", 4, HitPathBenchmark::plainPreads, HitPathBenchmark::cachedPreads);

    final String label;
    final int opsPerRound;
    final Read plain;
    final Read cached;

    Shape(String label, int opsPerRound, Read plain, Read cached) {
      this.label = label;
      this.opsPerRound = opsPerRound;
      this.plain = plain;
      this.cached = cached;
    }
  }

  /** One op of a shape; each reader thread has its own packet and checksum buffers. */
  private interface Read {
    long run(CachedBlockFixture fixture, byte[] data, byte[] sums) throws Exception;
  }

  private static PairedRatio.Op op(CachedBlockFixture fixture, Read read) {
    ThreadLocal<byte[]> data = ThreadLocal.withInitial(() -> new byte[HitPathBenchmark.PACKET]);
    ThreadLocal<byte[]> sums =
        ThreadLocal.withInitial(() -> new byte[HitPathBenchmark.SUMS_PER_PACKET]);
    return () -> read.run(fixture, data.get(), sums.get());
  }

  /**
   * The options {@code bench hitpath} and {@code bench builds} share. Each also answers to its bare
   * form ({@code readers=1,2}, {@code readahead}), the one docs/benchmarks.md recorded runs with.
   */
  static final class Options {
    @Option(
        names = {"--readers", "readers"},
        split = ",",
        paramLabel = "N",
        description = "Concurrent readers per row. Default: 1,2.")
    List<Integer> readers = List.of(1, 2);

    @Option(
        names = {"--shapes", "shapes"},
        split = ",",
        paramLabel = "SHAPE",
        description = "stream (whole-block streams), pread (64 KB preads). Default: stream,pread.")
    List<String> shapes = List.of("stream", "pread");

    @Option(
        names = {"--readahead", "readahead"},
        description = "Also the cache's read-ahead against none, per reader count.")
    boolean readAhead;

    @Option(
        names = {"--bound", "bound"},
        paramLabel = "BOUND",
        converter = BoundConverter.class,
        description = "read.bound: adaptive or strict. Default: adaptive.")
    ReadBound bound = ReadBound.ADAPTIVE;
  }

  /** {@code --bound}'s value, by the DataNode's own parser. */
  static final class BoundConverter implements ITypeConverter<ReadBound> {
    @Override
    public ReadBound convert(String value) {
      return ReadBound.parse(value);
    }
  }

  /** Deletes a benchmark's temporary directory and everything under it. */
  static void deleteTree(Path dir) throws java.io.IOException {
    try (var s = Files.walk(dir)) {
      s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  @Override
  public Integer call() throws Exception {
    Path dir = Files.createTempDirectory("hitpath-paired");
    try (CachedBlockFixture fixture = new CachedBlockFixture(dir, 128 << 20, 1 << 20, o.bound)) {
      System.out.printf(
          "hit path (read.bound=%s): cache against plain files, %d paired rounds per row; speed ratio ="
              + " plain time / cache time, median of the rounds (min-max of single rounds,"
              + " 95%% CI of the median); CPU ratio = plain CPU time / cache CPU time, all"
              + " threads of the process%n",
          o.bound.configName(), rounds);
      for (int r : o.readers) {
        for (String name : o.shapes) {
          Shape s = Shape.valueOf(name.toUpperCase(java.util.Locale.ROOT));
          PairedRatio.Result res =
              new PairedRatio(r, s.opsPerRound)
                  .measure(op(fixture, s.plain), op(fixture, s.cached), WARMUP_ROUNDS, rounds);
          System.out.printf(
              "%d reader(s) %-6s: plain %7.3f ms, cache %7.3f ms per op; ratio %.3fx"
                  + " (min-max %.3f-%.3f; 95%% CI %.3f-%.3f); CPU per op plain %.3f ms,"
                  + " cache %.3f ms: CPU ratio %.3fx (min-max %.3f-%.3f)%n",
              r,
              s.label,
              res.baselineMs(),
              res.candidateMs(),
              res.ratio(),
              res.min(),
              res.max(),
              res.ciLow(),
              res.ciHigh(),
              res.baselineCpuMs(),
              res.candidateCpuMs(),
              res.cpuRatio(),
              res.cpuMin(),
              res.cpuMax());
        }
        if (o.readAhead) {
          PairedRatio.Result ra =
              new PairedRatio(r, Shape.STREAM.opsPerRound)
                  .measure(
                      op(fixture, (f, d, s) -> HitPathBenchmark.cachedVerified(f, d, s, 0)),
                      op(fixture, Shape.STREAM.cached),
                      WARMUP_ROUNDS,
                      rounds);
          System.out.printf(
              "%d reader(s) stream, cache: default read-ahead against none: %s%n",
              r, ra.format("ms"));
        }
      }
    } finally {
      deleteTree(dir);
    }
    return 0;
  }
}
