package io.hdfslocalcache.bench.e2e;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.util.StringUtils.TraditionalBinaryPrefix;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bench e2e}: a real HDFS client reading through real DataNode sockets, a stock DataNode
 * against cache DataNodes (both fill modes) on the same bytes, every cache read a hit and every
 * stock packet sent with transferTo (both checked each round, or the run fails). BlockSender reads
 * io.file.buffer.size once per JVM, so each value runs in a JVM of its own, forked from this one
 * with a core-site.xml setting it first on its classpath; this JVM gathers the rows into one table.
 */
@Command(
    name = "hdfs-local-cache bench e2e",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "End-to-end hit path: a stock DataNode and cache DataNodes (fill modes pages and block) in one"
          + " JVM on the same file, paired rounds, order rotated; prints cache/stock ratios of"
          + " throughput and whole-process CPU per GiB, median (min-max) over rounds, per row."
    })
public final class E2eCommand implements Callable<Integer> {
  @Option(
      names = "--size",
      paramLabel = "SIZE",
      description = "Bench file size (128 MiB blocks), e.g. 1g, 256m. Default: ${DEFAULT-VALUE}.")
  String size = "1g";

  @Option(
      names = "--rounds",
      paramLabel = "N",
      description = "Paired rounds per row. Default: ${DEFAULT-VALUE}.")
  int rounds = 7;

  @Option(
      names = "--shapes",
      split = ",",
      paramLabel = "SHAPE",
      description = "stream (whole-block streams), pread (64 KiB preads). Default: stream,pread.")
  List<String> shapes = List.of("stream", "pread");

  @Option(
      names = "--readers",
      split = ",",
      paramLabel = "N",
      description = "Concurrent readers per row. Default: 1,2.")
  List<Integer> readers = List.of(1, 2);

  @Option(
      names = "--preads",
      paramLabel = "N",
      description = "64 KiB preads per reader per round. Default: ${DEFAULT-VALUE}.")
  int preads = 1024;

  @Option(
      names = "--modes",
      split = ",",
      paramLabel = "MODE",
      description = "Cache fill modes to compare with stock. Default: pages,block.")
  List<String> modes = List.of("pages", "block");

  @Option(
      names = "--buffer-sizes",
      split = ",",
      paramLabel = "BYTES",
      description = "io.file.buffer.size values, one JVM each. Default: 4096,65536.")
  List<Integer> bufferSizes = List.of(4096, 65536);

  @Option(
      names = "--verify",
      paramLabel = "on|off",
      description =
          "on: the client verifies checksums (the DataNode sends them); off: it asks for none, as"
              + " HBase's HFile reads and -ignoreCrc do (BlockSender opens no meta stream)."
              + " Default: ${DEFAULT-VALUE}.")
  String verify = "on";

  @Option(
      names = "--busy-threads",
      paramLabel = "N",
      description =
          "Threads that spin for the whole run, saturating the cores as other work does on a busy"
              + " DataNode (their CPU is not charged to the reads). Default: ${DEFAULT-VALUE}.")
  int busyThreads = 0;

  @Option(
      names = "--in-this-jvm",
      hidden = true,
      paramLabel = "BYTES",
      description = "Run here (a forked JVM whose BlockSender has this io.file.buffer.size).")
  Integer inThisJvm;

  public static void main(String[] args) {
    int code = new CommandLine(new E2eCommand()).execute(args);
    if (code != 0) {
      System.exit(code);
    }
  }

  /** The options, checked: a bad one is an error naming it. */
  Settings settings() {
    long bytes;
    try {
      bytes = TraditionalBinaryPrefix.string2long(size);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--size: '" + size + "' is not a size (e.g. 1g, 256m)");
    }
    require(bytes >= 1 << 20, "--size", size, "at least 1m");
    require(rounds >= 1, "--rounds", rounds, "at least 1");
    require(preads >= 1, "--preads", preads, "at least 1");
    require(busyThreads >= 0 && busyThreads <= 256, "--busy-threads", busyThreads, "0-256");
    for (int r : readers) {
      require(r >= 1 && r <= 512, "--readers", r, "1-512");
    }
    for (int b : bufferSizes) {
      require(b >= 512, "--buffer-sizes", b, "at least 512");
    }
    List<Shape> s = new ArrayList<>();
    for (String v : shapes) {
      s.add(Shape.parse(v));
    }
    require(verify.equals("on") || verify.equals("off"), "--verify", verify, "on or off");
    List<Side.Kind> m = new ArrayList<>();
    for (String v : modes) {
      require(v.equals("pages") || v.equals("block"), "--modes", v, "pages or block");
      m.add(Side.Kind.valueOf(v.toUpperCase(java.util.Locale.ROOT)));
    }
    return new Settings(bytes, rounds, s, readers, preads, m, busyThreads, verify.equals("on"));
  }

  private static void require(boolean ok, String option, Object value, String what) {
    if (!ok) {
      throw new IllegalArgumentException(option + ": '" + value + "' must be " + what);
    }
  }

  @Override
  public Integer call() throws Exception {
    Settings settings = settings();
    if (inThisJvm != null) {
      int actual = BlockSenderBuffer.size();
      if (actual != inThisJvm) {
        throw new IllegalStateException(
            String.format(
                "bench e2e: BlockSender's %s is %d in this JVM, not %d (another core-site.xml or"
                    + " hdfs-site.xml on the classpath sets it?)",
                BlockSenderBuffer.KEY, actual, inThisJvm));
      }
      for (Row r : new Run(settings, System.err).run()) {
        System.out.println(r.toLine());
      }
      return 0;
    }
    List<Row> rows = new ArrayList<>();
    for (int b : bufferSizes) {
      rows.addAll(fork(b));
    }
    System.out.printf(
        "%nbench e2e: %s file, %d paired rounds per row, cache/stock median (min-max) of the"
            + " per-round ratios; CPU is the whole process's (client, NameNodes, DataNodes) less its idle"
            + " use; client checksums %s%s%n%n",
        size,
        rounds,
        verify,
        busyThreads == 0
            ? ""
            : String.format(
                "; %d busy threads spun on the %d cores throughout (their CPU not counted)",
                busyThreads, Runtime.getRuntime().availableProcessors()));
    System.out.print(Table.format(rows));
    return 0;
  }

  /** Runs the rows of one io.file.buffer.size in a JVM of its own; returns its rows. */
  private List<Row> fork(int bufferSize) throws IOException, InterruptedException {
    Path conf = Files.createTempDirectory("bench-e2e-conf");
    try {
      Files.writeString(
          conf.resolve("core-site.xml"),
          "<?xml version=\"1.0\"?>\n<configuration>\n  <property><name>"
              + BlockSenderBuffer.KEY
              + "</name><value>"
              + bufferSize
              + "</value></property>\n</configuration>\n");
      List<String> cmd = new ArrayList<>();
      cmd.add(ProcessHandle.current().info().command().orElse("java"));
      cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
      cmd.add("-cp");
      cmd.add(conf + java.io.File.pathSeparator + System.getProperty("java.class.path"));
      cmd.add("io.hdfslocalcache.bench.BenchMain");
      cmd.add("e2e");
      cmd.add("--in-this-jvm=" + bufferSize);
      cmd.addAll(
          List.of(
              "--size=" + size,
              "--rounds=" + rounds,
              "--shapes=" + String.join(",", shapes),
              "--readers=" + join(readers),
              "--preads=" + preads,
              "--busy-threads=" + busyThreads,
              "--verify=" + verify,
              "--modes=" + String.join(",", modes)));
      Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
      List<Row> rows = new ArrayList<>();
      try (BufferedReader out =
          new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line; (line = out.readLine()) != null; ) {
          if (line.startsWith(Row.PREFIX + "\t")) {
            rows.add(Row.parse(line));
          } else {
            System.out.println(line);
          }
        }
      }
      int code = p.waitFor();
      if (code != 0) {
        throw new IllegalStateException(
            "bench e2e: the JVM for io.file.buffer.size " + bufferSize + " exited " + code);
      }
      return rows;
    } finally {
      Warmup.delete(conf);
    }
  }

  private static String join(List<Integer> v) {
    List<String> s = new ArrayList<>();
    for (int i : v) {
      s.add(Integer.toString(i));
    }
    return String.join(",", s);
  }
}
