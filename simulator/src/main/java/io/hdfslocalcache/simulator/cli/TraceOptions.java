package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.simulator.trace.Strictness;
import io.hdfslocalcache.simulator.trace.TraceFormat;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/** Options shared by simulate and sweep: the trace, the disks, outputs, and console behaviour. */
final class TraceOptions {
  @Option(
      names = "--trace",
      paramLabel = "FILE|URI|GLOB",
      description = {
        "Trace file(s), plain or gzip/xz/zstd compressed, repeatable: a local path, or a URI of"
            + " any Hadoop file system (hdfs://nn:8020/logs/dn1.log), either one a glob"
            + " ('logs/*/hadoop-hdfs-datanode-*.log*'). Several DataNodes' logs: each is"
            + " replayed with its own cache, then the fleet is summed."
      })
  List<String> traces;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "auto",
      description = "auto, clienttrace, csv or cachelib-block (default: ${DEFAULT-VALUE}).")
  String format;

  @Option(
      names = "--page-size",
      paramLabel = "SIZE",
      defaultValue = "1m",
      converter = Converters.Size.class,
      description = "Page size for --fill pages (default: ${DEFAULT-VALUE}).")
  long pageSize;

  @Option(
      names = "--disks",
      paramLabel = "N",
      defaultValue = "12",
      description = "HDDs sharing the reads, for utilisation (default: ${DEFAULT-VALUE}).")
  int disks;

  @Option(
      names = "--replicas",
      paramLabel = "on|off",
      defaultValue = "off",
      converter = GuardOptions.ToggleConverter.class,
      description = {
        "With several DataNodes: also the SSD bytes their caches hold twice (a block version "
            + "on more than one DataNode) and what one cache of their combined capacity would "
            + "hit. Holds every DataNode's trace in memory at once (default: ${DEFAULT-VALUE})."
      })
  GuardOptions.Toggle replicas;

  @Option(names = "--json", paramLabel = "OUT", description = "Write results as JSON.")
  Path json;

  @Option(names = "--csv", paramLabel = "OUT", description = "Write results as CSV.")
  Path csv;

  @Option(names = "--chart", paramLabel = "OUT.png", description = "Write a PNG chart.")
  Path chart;

  @Option(names = "--strict", description = "Fail on the first malformed line.")
  boolean strict;

  @Option(
      names = {"-q", "--quiet"},
      description = "No progress bar or parse summary on stderr.")
  boolean quiet;

  @Option(
      names = "--threads",
      paramLabel = "N",
      description = "Replays run in parallel (default: available processors).")
  int threads = Runtime.getRuntime().availableProcessors();

  /** The bench's one local file, when --trace names one. */
  Path benchFile() {
    if (traces == null || traces.isEmpty()) {
      return null;
    }
    if (traces.size() > 1) {
      throw new IllegalArgumentException("--bench takes one --trace FILE");
    }
    return Path.of(traces.get(0));
  }

  Optional<TraceFormat> traceFormat() {
    return "auto".equalsIgnoreCase(format.trim())
        ? Optional.empty()
        : Optional.of(TraceFormat.byName(format));
  }

  Strictness strictness() {
    return strict ? Strictness.STRICT : Strictness.LENIENT;
  }

  Console console() {
    return quiet ? Console.QUIET : Console.PROGRESS;
  }

  /** Checks what picocli cannot; throws IllegalArgumentException with a one-line message. */
  void validate() {
    if (traces == null || traces.isEmpty()) {
      throw new IllegalArgumentException("missing --trace FILE");
    }
    traceFormat();
    if (disks < 1) {
      throw new IllegalArgumentException("--disks must be >= 1, got " + disks);
    }
    if (threads < 1) {
      throw new IllegalArgumentException("--threads must be >= 1, got " + threads);
    }
    if (pageSize <= 0 || pageSize % 512 != 0) {
      throw new IllegalArgumentException(
          "--page-size must be a positive multiple of 512 bytes, got " + pageSize);
    }
  }
}
