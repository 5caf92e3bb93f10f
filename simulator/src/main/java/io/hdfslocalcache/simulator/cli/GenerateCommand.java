package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.simulator.workload.DayParams;
import io.hdfslocalcache.simulator.workload.DayWorkload;
import io.hdfslocalcache.simulator.workload.WorkloadShape;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.zip.GZIPOutputStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code hdfs-local-cache generate}: writes a synthetic DataNode log of a workload shape (a day or
 * to tune on when no real log is at hand (docs/simulator.md, "Generating a day-long trace").
 */
@Command(
    name = "generate",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Write a synthetic DataNode log (clienttrace reads and writes, replica "
          + "deletions) of a workload shape, the same file for the same shape and seed."
    })
public final class GenerateCommand implements Callable<Integer> {
  @Option(
      names = "--shape",
      paramLabel = "SHAPE[:key=value,...]",
      defaultValue = "interactive",
      description =
          "interactive, batch, skewed, rotating, multiday, flat, steep, storms, coldstart,"
              + " warm, fading, hourly or reranked, with any parameter changed, e.g. "
              + "interactive:zipf=1.2,reads=13500000 (default: ${DEFAULT-VALUE}).")
  String shape;

  @Option(
      names = "--seed",
      paramLabel = "N",
      defaultValue = "1",
      description = "Random seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      required = true,
      description = "The log to write; gzip-compressed when its name ends in .gz.")
  Path out;

  @Option(
      names = "--datanodes",
      paramLabel = "N",
      defaultValue = "1",
      description =
          "Spread the log over N DataNodes, one file each (FILE's name + -dn1, -dn2, ...), "
              + "every block on 3 of them (or all, if fewer), a read on one replica at random "
              + "(default: ${DEFAULT-VALUE}).")
  int dataNodes;

  public static void main(String[] args) {
    Cli.main(new GenerateCommand(), args);
  }

  @Override
  public Integer call() throws Exception {
    if (dataNodes < 1) {
      throw new IllegalArgumentException("--datanodes must be >= 1, got " + dataNodes);
    }
    DayParams params = params(shape);
    if (dataNodes == 1) {
      try (OutputStream sink = open(out)) {
        new DayWorkload(params, seed).write(sink);
      }
      System.err.println("wrote " + out + ": " + params + ", seed " + seed);
      return 0;
    }
    List<Path> paths = new ArrayList<>();
    List<OutputStream> files = new ArrayList<>();
    try {
      for (int d = 1; d <= dataNodes; d++) {
        paths.add(dataNodeFile(out, d));
        files.add(open(paths.get(d - 1)));
      }
    } catch (IOException | RuntimeException e) {
      new ReplicaPlacement(files, seed).close(); // the ones opened
      throw e;
    }
    try (OutputStream sink = new ReplicaPlacement(files, seed)) {
      new DayWorkload(params, seed).write(sink);
    }
    System.err.println("wrote " + paths + ": " + params + ", seed " + seed);
    return 0;
  }

  private static OutputStream open(Path path) throws IOException {
    OutputStream file = Files.newOutputStream(path);
    if (path.getFileName().toString().endsWith(".gz")) {
      file = new GZIPOutputStream(file, 1 << 16);
    }
    return new BufferedOutputStream(file, 1 << 20);
  }

  /** DataNode {@code d}'s file: {@code -dn<d>} before the name's first dot (trace-dn1.log.gz). */
  static Path dataNodeFile(Path out, int d) {
    String name = out.getFileName().toString();
    int dot = name.indexOf('.', 1);
    String own =
        dot < 0 ? name + "-dn" + d : name.substring(0, dot) + "-dn" + d + name.substring(dot);
    return out.resolveSibling(own);
  }

  /** {@code name[:key=value,...]}: the shape's parameters with the ones given changed. */
  static DayParams params(String spec) {
    String s = spec.trim();
    int colon = s.indexOf(':');
    DayParams base = WorkloadShape.byName(colon < 0 ? s : s.substring(0, colon)).params();
    Map<String, String> overrides = new LinkedHashMap<>();
    if (colon >= 0 && colon + 1 < s.length()) {
      for (String kv : s.substring(colon + 1).split(",")) {
        int eq = kv.indexOf('=');
        if (eq <= 0) {
          throw new IllegalArgumentException("--shape: expected key=value, got '" + kv + "'");
        }
        overrides.put(kv.substring(0, eq), kv.substring(eq + 1));
      }
    }
    return base.with(overrides);
  }
}
