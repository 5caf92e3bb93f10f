package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.simulator.model.ReplicaReplay;
import io.hdfslocalcache.simulator.model.ReplicaResult;
import io.hdfslocalcache.simulator.model.RunConfig;
import io.hdfslocalcache.simulator.model.RunOutcome;
import io.hdfslocalcache.simulator.model.SweepRunner;
import io.hdfslocalcache.simulator.trace.ParseStats;
import io.hdfslocalcache.simulator.trace.Trace;
import io.hdfslocalcache.simulator.trace.TraceFormatException;
import io.hdfslocalcache.simulator.trace.TraceParser;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.hdfs.HdfsConfiguration;

/**
 * Finds the trace files, puts them together per DataNode, and for each DataNode in turn parses its
 * trace and replays the configurations (one parsed trace in memory at a time; with {@code
 * --replicas on} every one is kept for the fleet's replica pass at the end), with progress and a
 * summary on stderr.
 */
final class TraceLoading {
  private TraceLoading() {}

  /** What the runs of each DataNode gave, in DataNode order, configurations in order within. */
  record DataNodeRuns(String name, List<RunOutcome> runs) {}

  /**
   * Every DataNode's runs and, with {@code --replicas on} and several DataNodes, the fleet's
   * replica figures per configuration (else none).
   */
  record Runs(List<DataNodeRuns> dataNodes, List<ReplicaResult> replicas) {}

  static Runs run(List<RunConfig> configs, TraceOptions options, PrintStream err)
      throws IOException, TraceFormatException, InterruptedException {
    List<DataNodeTraces> dataNodes =
        DataNodeTraces.group(
            TraceFiles.resolve(options.traces, new HdfsConfiguration()), options.traceFormat());
    List<DataNodeRuns> out = new ArrayList<>();
    List<Trace> kept = new ArrayList<>();
    boolean replicas = options.replicas.on() && dataNodes.size() > 1;
    for (DataNodeTraces dn : dataNodes) {
      Trace trace = parse(dn, options, err);
      if (trace.stats().reads() == 0 && dataNodes.size() > 1) {
        err.println("warning: " + noReads(dn, trace) + "; left out");
        continue;
      }
      if (trace.stats().reads() == 0) {
        throw new TraceFormatException(noReads(dn, trace));
      }
      out.add(new DataNodeRuns(dn.name(), replay(trace, configs, options, err)));
      if (replicas) {
        kept.add(trace);
      }
    }
    if (out.isEmpty()) {
      throw new TraceFormatException("no reads in any of the " + dataNodes.size() + " DataNodes");
    }
    if (options.replicas.on() && out.size() < 2) {
      err.println("warning: --replicas on needs several DataNodes' logs; this trace has one");
    }
    return new Runs(out, kept.size() > 1 ? replicas(kept, configs, options, err) : List.of());
  }

  private static List<ReplicaResult> replicas(
      List<Trace> dataNodes, List<RunConfig> configs, TraceOptions options, PrintStream err)
      throws InterruptedException {
    LongAdder done = new LongAdder();
    long total = dataNodes.stream().mapToLong(t -> t.events().size()).sum() * configs.size();
    try (ProgressBar bar =
        new ProgressBar(
            options.console(),
            err,
            "replaying the fleet's replicas, " + configs.size() + " run(s)",
            total,
            done::sum)) {
      return ReplicaReplay.run(dataNodes, configs, options.threads, done);
    }
  }

  static Trace parse(DataNodeTraces dn, TraceOptions options, PrintStream err)
      throws IOException, TraceFormatException {
    TraceParser parser = new TraceParser(options.traceFormat(), options.strictness());
    Trace trace;
    try (ProgressBar bar =
        new ProgressBar(options.console(), err, "parsing", dn.length(), parser.bytesRead()::get)) {
      trace = parser.parse(dn.files());
    }
    ParseStats s = trace.stats();
    if (options.console() != Console.QUIET) {
      err.printf(
          Locale.ROOT,
          "parsed %s as %s: %,d lines, %,d reads, %,d writes, %,d deletes, "
              + "%,d skipped, %,d malformed in %.1f s%n",
          dn.describe(),
          trace.format().configName(),
          s.lines(),
          s.reads(),
          s.writes(),
          s.deletes(),
          s.skippedLines(),
          s.malformedLines(),
          s.parseSeconds());
    }
    if (s.malformedLines() > 0) {
      // Always shown, even with --quiet: silently dropped records would skew every figure.
      err.println(
          "warning: "
              + s.malformedLines()
              + " malformed line(s), first: "
              + String.join("; ", s.firstMalformed().stream().map(Object::toString).toList()));
    }
    return trace;
  }

  private static String noReads(DataNodeTraces dn, Trace trace) {
    return "no reads in "
        + dn.describe()
        + " as "
        + trace.format().configName()
        + (trace.format().configName().equals("clienttrace")
            ? " (HDFS_READ lines are logged at DEBUG: set log4j.logger.org.apache.hadoop.hdfs"
                + ".server.datanode.DataNode.clienttrace=DEBUG)"
            : "");
  }

  static List<RunOutcome> replay(
      Trace trace, List<RunConfig> configs, TraceOptions options, PrintStream err)
      throws InterruptedException {
    LongAdder done = new LongAdder();
    long total = trace.events().size() * configs.size();
    try (ProgressBar bar =
        new ProgressBar(
            options.console(), err, "replaying " + configs.size() + " run(s)", total, done::sum)) {
      return SweepRunner.run(trace, configs, options.threads, done);
    }
  }
}
