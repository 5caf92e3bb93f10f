package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.simulator.model.RunConfig;
import io.hdfslocalcache.simulator.model.RunOutcome;
import io.hdfslocalcache.simulator.model.SweepRunner;
import io.hdfslocalcache.simulator.trace.ParseStats;
import io.hdfslocalcache.simulator.trace.Trace;
import io.hdfslocalcache.simulator.trace.TraceFormatException;
import io.hdfslocalcache.simulator.trace.TraceParser;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;

/** Parses the trace once and replays the configurations, with progress and a summary on stderr. */
final class TraceLoading {
  private TraceLoading() {}

  static Trace parse(TraceOptions options, PrintStream err)
      throws IOException, TraceFormatException {
    TraceParser parser = new TraceParser(options.traceFormat(), options.strictness());
    Trace trace;
    try (ProgressBar bar =
        new ProgressBar(
            options.console(),
            err,
            "parsing",
            Files.size(options.trace),
            parser.bytesRead()::get)) {
      trace = parser.parse(options.trace);
    }
    ParseStats s = trace.stats();
    if (options.console() != Console.QUIET) {
      err.printf(
          Locale.ROOT,
          "parsed %s as %s: %,d lines, %,d reads, %,d writes, %,d deletes, "
              + "%,d skipped, %,d malformed in %.1f s%n",
          options.trace,
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
    if (s.reads() == 0) {
      throw new TraceFormatException(
          "no reads in "
              + options.trace
              + " as "
              + trace.format().configName()
              + (trace.format().configName().equals("clienttrace")
                  ? " (HDFS_READ lines are logged at DEBUG: set log4j.logger.org.apache.hadoop.hdfs"
                      + ".server.datanode.DataNode.clienttrace=DEBUG)"
                  : ""));
    }
    return trace;
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
