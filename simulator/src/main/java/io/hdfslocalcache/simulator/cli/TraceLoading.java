package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.simulator.model.ReplicaOutcome;
import io.hdfslocalcache.simulator.model.ReplicaReplay;
import io.hdfslocalcache.simulator.model.ReplicaResult;
import io.hdfslocalcache.simulator.model.RoutingType;
import io.hdfslocalcache.simulator.model.RunConfig;
import io.hdfslocalcache.simulator.model.RunOutcome;
import io.hdfslocalcache.simulator.model.SampleScale;
import io.hdfslocalcache.simulator.model.SweepRunner;
import io.hdfslocalcache.simulator.trace.EventLog;
import io.hdfslocalcache.simulator.trace.EventStore;
import io.hdfslocalcache.simulator.trace.ParseStats;
import io.hdfslocalcache.simulator.trace.Placement;
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
 * trace and replays the configurations (one parsed trace at a time; with {@code --replicas on}
 * every one is kept for the fleet's replica pass at the end, its events on the heap or in a file as
 * {@code --events-on} says), with progress and a summary on stderr. The run's {@link EventStore}
 * deletes its files when the run ends, however it ends.
 */
final class TraceLoading {
  private TraceLoading() {}

  /** What the runs of each DataNode gave, in DataNode order, configurations in order within. */
  record DataNodeRuns(String name, List<RunOutcome> runs) {}

  /**
   * A routing's fleet ({@code --replicas on}): each DataNode's runs with the reads the routing sent
   * it, and the replica figures per configuration.
   */
  record Routed(RoutingType routing, List<DataNodeRuns> dataNodes, List<ReplicaResult> replicas) {}

  /**
   * Every DataNode's runs, as logged and, with {@code --replicas on} and several DataNodes, the
   * fleet's replay under each routing asked for (else none).
   */
  record Runs(List<DataNodeRuns> dataNodes, List<Routed> routed) {}

  static Runs run(List<RunConfig> configs, TraceOptions options, PrintStream err)
      throws IOException, TraceFormatException, InterruptedException {
    List<DataNodeTraces> dataNodes =
        DataNodeTraces.group(
            TraceFiles.resolve(options.traces, new HdfsConfiguration()), options.traceFormat());
    if (options.spread > 1 && dataNodes.size() > 1) {
      throw new IllegalArgumentException(
          "--spread "
              + options.spread
              + " spreads one DataNode's log; the traces are "
              + dataNodes.size()
              + " DataNodes' ("
              + String.join(", ", dataNodes.stream().map(DataNodeTraces::name).toList())
              + ")");
    }
    try (EventStore store =
        EventStore.open(options.eventsOn(), options.eventsDir(), EventLog.CHUNK)) {
      return run(dataNodes, configs, options, store, err);
    }
  }

  private static Runs run(
      List<DataNodeTraces> dataNodes,
      List<RunConfig> configs,
      TraceOptions options,
      EventStore store,
      PrintStream err)
      throws IOException, TraceFormatException, InterruptedException {
    SampleScale scale = new SampleScale(options.sample);
    List<RunConfig> scaled = configs.stream().map(scale::scaled).toList();
    List<DataNodeRuns> out = new ArrayList<>();
    List<Trace> kept = new ArrayList<>();
    List<String> keptNames = new ArrayList<>();
    int fleet = dataNodes.size() * options.spread;
    boolean replicas = options.replicas.on() && fleet > 1;
    for (DataNodeTraces dn : dataNodes) {
      List<Trace> traces = parse(dn, options, store, err);
      for (int s = 0; s < traces.size(); s++) {
        Trace trace = traces.get(s);
        String name = traces.size() == 1 ? dn.name() : Placement.id(s);
        if (trace.stats().reads() == 0 && fleet > 1) {
          err.println(
              "warning: " + noReads(dn, trace) + (s > 0 ? " spread " + s : "") + "; left out");
          trace.events().close();
          continue;
        }
        if (trace.stats().reads() == 0) {
          throw new TraceFormatException(noReads(dn, trace));
        }
        List<RunOutcome> runs = replay(trace, scaled, options, err);
        out.add(new DataNodeRuns(name, unscaled(scale, runs, configs)));
        if (replicas) {
          kept.add(trace);
          keptNames.add(name);
        } else {
          trace.events().close(); // its file, if any, is not needed again
        }
      }
    }
    if (out.isEmpty()) {
      throw new TraceFormatException("no reads in any of the " + fleet + " DataNodes");
    }
    if (options.replicas.on() && out.size() < 2) {
      err.println("warning: --replicas on needs several DataNodes' logs; this trace has one");
    }
    return new Runs(
        out,
        kept.size() > 1
            ? replicas(kept, keptNames, configs, scaled, scale, options, err)
            : List.of());
  }

  private static List<RunOutcome> unscaled(
      SampleScale scale, List<RunOutcome> runs, List<RunConfig> configs) {
    List<RunOutcome> out = new ArrayList<>();
    for (int c = 0; c < runs.size(); c++) {
      out.add(scale.unscaled(runs.get(c), configs.get(c)));
    }
    return out;
  }

  private static List<Routed> replicas(
      List<Trace> dataNodes,
      List<String> names,
      List<RunConfig> configs,
      List<RunConfig> scaled,
      SampleScale scale,
      TraceOptions options,
      PrintStream err)
      throws InterruptedException {
    LongAdder done = new LongAdder();
    List<RoutingType> routings = options.routings();
    int runs = configs.size() * routings.size();
    long total = dataNodes.stream().mapToLong(t -> t.events().size()).sum() * runs;
    List<ReplicaOutcome> all;
    try (ProgressBar bar =
        new ProgressBar(
            options.console(),
            err,
            "replaying the fleet's replicas, " + runs + " run(s)",
            total,
            done::sum)) {
      all = ReplicaReplay.run(dataNodes, names, scaled, routings, options.threads, done);
    }
    List<Routed> out = new ArrayList<>();
    for (int r = 0; r < routings.size(); r++) {
      List<ReplicaOutcome> mine = all.subList(r * configs.size(), (r + 1) * configs.size());
      List<DataNodeRuns> perDataNode = new ArrayList<>();
      for (int d = 0; d < dataNodes.size(); d++) {
        int dn = d;
        perDataNode.add(
            new DataNodeRuns(
                names.get(d),
                unscaled(scale, mine.stream().map(o -> o.dataNodes().get(dn)).toList(), configs)));
      }
      List<ReplicaResult> figures = new ArrayList<>();
      for (int c = 0; c < configs.size(); c++) {
        figures.add(scale.unscaled(mine.get(c).replicas(), configs.get(c)));
      }
      out.add(new Routed(routings.get(r), perDataNode, figures));
    }
    return out;
  }

  /** One DataNode's trace, or with {@code --spread N} the N traces it spreads into. */
  static List<Trace> parse(
      DataNodeTraces dn, TraceOptions options, EventStore store, PrintStream err)
      throws IOException, TraceFormatException {
    TraceParser parser =
        new TraceParser(options.traceFormat(), options.strictness(), options.sample, store);
    List<Trace> traces;
    try (ProgressBar bar =
        new ProgressBar(options.console(), err, "parsing", dn.length(), parser.bytesRead()::get)) {
      traces = parser.parse(dn.files(), options.spread);
    }
    Trace trace = traces.get(0);
    ParseStats s = trace.stats();
    if (options.console() != Console.QUIET) {
      err.printf(
          Locale.ROOT,
          "parsed %s as %s: %,d lines, %,d reads, %,d writes, %,d deletes, "
              + "%,d skipped, %,d malformed in %.1f s%n",
          dn.describe(),
          trace.format().configName(),
          s.lines(),
          traces.stream().mapToLong(t -> t.stats().reads()).sum(),
          s.writes(),
          s.deletes(),
          s.skippedLines(),
          s.malformedLines(),
          s.parseSeconds());
      if (s.sampledOutEvents() > 0 || options.sample.rate() < 1) {
        long keptEvents = traces.stream().mapToLong(t -> t.stats().events()).sum();
        err.printf(
            Locale.ROOT,
            "sampled %s of the blocks: kept %,d events, left out %,d%n",
            options.sample.rate(),
            keptEvents,
            s.sampledOutEvents());
      }
      if (traces.size() > 1) {
        err.printf(
            Locale.ROOT,
            "spread over %d DataNodes: %s reads%n",
            traces.size(),
            String.join(
                " / ",
                traces.stream()
                    .map(t -> String.format(Locale.ROOT, "%,d", t.stats().reads()))
                    .toList()));
      }
    }
    if (s.malformedLines() > 0) {
      // Always shown, even with --quiet: silently dropped records would skew every figure.
      err.println(
          "warning: "
              + s.malformedLines()
              + " malformed line(s), first: "
              + String.join("; ", s.firstMalformed().stream().map(Object::toString).toList()));
    }
    return traces;
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
