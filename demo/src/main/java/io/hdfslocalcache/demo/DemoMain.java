package io.hdfslocalcache.demo;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.config.SizeValue;
import io.hdfslocalcache.demo.hdd.HddModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.FileUtil;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code bin/hdfs-local-cache demo}: the project's main job on an embedded default. Starts an
 * in-process HDFS on emulated HDDs, writes a data set, and runs the same skewed read load twice in
 * one process: cache disabled, then enabled after a warm-up. Prints the figures side by side.
 */
@Command(
    name = "hdfs-local-cache demo",
    sortOptions = false,
    description = {
      "In-process HDFS (1 NameNode, N DataNodes x 2 volumes) on emulated HDDs with"
          + " local directories standing in for SSDs. The same Zipf-skewed read load runs with the"
          + " cache off, then on; the figures are printed side by side."
    })
public final class DemoMain implements Callable<Integer> {
  @Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help and exit.")
  boolean help;

  @Option(names = "--quick", description = "Small data set and short runs (about a minute).")
  boolean quick;

  @Option(
      names = "--data-size",
      paramLabel = "SIZE",
      description = "Data written, e.g. 2g (default 2g; --quick 256m).")
  String dataSize;

  @Option(
      names = "--block-size",
      paramLabel = "SIZE",
      description = "Block size; one block per file (default 64m; --quick 16m).")
  String blockSize;

  @Option(
      names = "--cache-size",
      paramLabel = "SIZE",
      description = "Cache capacity per DataNode (default 512m; --quick 64m).")
  String cacheSize;

  @Option(
      names = "--datanodes",
      paramLabel = "N",
      defaultValue = "3",
      description = "DataNodes (default ${DEFAULT-VALUE}).")
  int datanodes;

  @Option(
      names = "--readers",
      paramLabel = "N",
      defaultValue = "16",
      description = "Concurrent readers (default ${DEFAULT-VALUE}).")
  int readers;

  @Option(
      names = "--rate",
      paramLabel = "READS_PER_SEC",
      description =
          "Reads offered per second over all readers, Poisson arrivals; a reader that"
              + " falls behind skips arrivals (default 24; --quick 40).")
  Double rate;

  @Option(
      names = "--zipf",
      paramLabel = "S",
      defaultValue = "1.1",
      description = "Zipf exponent of block popularity (default ${DEFAULT-VALUE}).")
  double zipf;

  @Option(
      names = "--scan-fraction",
      paramLabel = "F",
      defaultValue = "0.1",
      description =
          "Share of reads that scan a whole block; the rest are 4 KB-1 MB preads"
              + " (default ${DEFAULT-VALUE}).")
  double scanFraction;

  @Option(
      names = "--threshold",
      paramLabel = "N",
      defaultValue = "15",
      description =
          "Admit a block after more than N reads in 1 minute (default"
              + " ${DEFAULT-VALUE}: the production threshold, over a 1-minute instead of a 60-minute"
              + " window because the demo runs minutes, not hours).")
  int threshold;

  @Option(
      names = "--fill",
      paramLabel = "MODE",
      description =
          "What an admitted block puts on the SSD: pages (the pages reads touch) or block"
              + " (the whole block); default: the DataNode's default, pages.")
  String fill;

  @Option(
      names = "--no-guard",
      description =
          "Turn the fill guard off (fills then run even when they cost the HDDs more than"
              + " cache hits save).")
  boolean noGuard;

  @Option(
      names = "--duration",
      paramLabel = "SECONDS",
      description = "Length of each measured run (default 60; --quick 10).")
  Integer duration;

  @Option(
      names = "--warmup",
      paramLabel = "SECONDS",
      description = "Cache warm-up before the cache-on run (default 30; --quick 8).")
  Integer warmup;

  @Option(
      names = "--seed",
      paramLabel = "N",
      defaultValue = "42",
      description = "Workload seed (default 42).")
  long seed;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description =
          "Write demo.json and demo.png here; the cluster's files live under it"
              + " while the demo runs (default: a temporary directory).")
  Path out;

  private static final long SAMPLE_MILLIS = 100;

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new DemoMain());
    cl.setParameterExceptionHandler(
        (ex, args) -> {
          ex.getCommandLine()
              .getErr()
              .println("hdfs-local-cache demo: " + ex.getMessage() + " (try --help)");
          return 2;
        });
    cl.setExecutionExceptionHandler(
        (ex, c, p) -> {
          c.getErr().println("hdfs-local-cache demo: failed: " + ex);
          return 1;
        });
    return cl;
  }

  @Override
  public Integer call() throws Exception {
    DemoSettings s = settings();
    // Absolute: the cache refuses a relative dfs.datanode.local-cache.dirs.
    Path base =
        (out != null ? Files.createDirectories(out) : Files.createTempDirectory("hlc-demo"))
            .toAbsolutePath();
    err("hdfs-local-cache demo: " + s.summary());
    err("starting " + s.datanodes() + " DataNodes under " + base + " ...");
    Comparison c;
    try (DemoCluster cluster = DemoCluster.start(base, s)) {
      DataSet.Written data =
          DataSet.write(
              cluster.fs(),
              cluster.dataNodeAddresses(),
              s.files(),
              s.blockBytes(),
              (n, total) -> System.err.printf("\rwriting data: %d/%d blocks", n, total));
      System.err.println();
      err("placement: " + data.placement());
      List<org.apache.hadoop.fs.Path> files = data.files();
      Workload w =
          new Workload(
              cluster.fs(),
              files,
              s.blockBytes(),
              new Workload.Config(s.readers(), s.ratePerSec(), s.zipf(), s.scanFraction()),
              s.seed());
      Sampler sampler = new Sampler(cluster.hdd(), SAMPLE_MILLIS, DemoMain::progress);
      MeasuredRun off = w.run("cache off", s.seed(), s.runSeconds() * 1000L, sampler);
      clearProgress();
      err("restarting the DataNodes with the cache enabled ...");
      cluster.enableCache();
      // A different seed: the warm-up must not replay the measured run's first reads.
      w.run("warm-up", s.seed() + 1, s.warmupSeconds() * 1000L, sampler);
      MeasuredRun on = w.run("cache on", s.seed(), s.runSeconds() * 1000L, sampler);
      clearProgress();
      c = new Comparison(off, on);
    } finally {
      // Gigabytes of blocks and cache pages, of no use once the figures are taken.
      if (out == null) {
        FileUtil.fullyDelete(base.toFile());
      } else {
        FileUtil.fullyDelete(base.resolve(DemoCluster.HDFS_DIR).toFile());
        FileUtil.fullyDelete(base.resolve(DemoCluster.CACHE_DIR).toFile());
      }
    }
    System.out.println();
    SummaryTable.print(System.out, c);
    if (out != null) {
      JsonReport.write(out.resolve("demo.json"), s, c);
      Chart.write(out.resolve("demo.png"), c);
      System.out.println(
          "figures: " + out.resolve("demo.json") + "  chart: " + out.resolve("demo.png"));
    }
    return 0;
  }

  DemoSettings settings() {
    long data = size("--data-size", dataSize, quick ? "256m" : "2g");
    long block = size("--block-size", blockSize, quick ? "16m" : "64m");
    long cache = size("--cache-size", cacheSize, quick ? "64m" : "512m");
    double offered = rate != null ? rate : quick ? 40 : 24;
    int run = duration != null ? duration : quick ? 10 : 60;
    int warm = warmup != null ? warmup : quick ? 8 : 30;
    require(data >= block, "--data-size must be at least --block-size");
    require(block % 512 == 0, "--block-size must be a multiple of 512 bytes");
    require(datanodes >= 1, "--datanodes must be at least 1");
    require(readers >= 1, "--readers must be at least 1");
    require(offered > 0, "--rate must be positive");
    require(zipf >= 0, "--zipf must not be negative");
    require(scanFraction >= 0 && scanFraction <= 1, "--scan-fraction must be within 0..1");
    require(threshold >= 0, "--threshold must not be negative");
    require(run >= 1, "--duration must be at least 1 second");
    require(warm >= 0, "--warmup must not be negative");
    return new DemoSettings(
        datanodes,
        data,
        block,
        cache,
        readers,
        offered,
        zipf,
        scanFraction,
        threshold,
        run,
        warm,
        seed,
        HddModel.DEFAULT,
        fill == null ? null : FillMode.parse("--fill", fill),
        !noGuard);
  }

  private void require(boolean ok, String message) {
    if (!ok) {
      throw new ParameterException(spec.commandLine(), message);
    }
  }

  private long size(String option, String value, String dflt) {
    String v = value == null ? dflt : value;
    long n;
    try {
      n = SizeValue.parse(option, v);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    require(n > 0, option + " must be positive, got '" + v + "'");
    return n;
  }

  private static void progress(
      String run, double elapsed, double total, long reads, long bytes, int queue) {
    System.err.printf(
        "\r[%-9s] %3.0f/%.0f s  %7d reads  %7.1f MB/s  HDD queue %3d ",
        run, elapsed, total, reads, bytes / Math.max(elapsed, 1e-3) / (1 << 20), queue);
  }

  private static void clearProgress() {
    System.err.print("\r" + " ".repeat(78) + "\r");
  }

  private static void err(String line) {
    System.err.println(line);
  }
}
