package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.simulator.model.RoutingType;
import io.hdfslocalcache.simulator.trace.BlockSample;
import io.hdfslocalcache.simulator.trace.EventsOn;
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
            + "hit. Keeps every DataNode's events until the end, on disk by default (--events-on)"
            + " (default: ${DEFAULT-VALUE})."
      })
  GuardOptions.Toggle replicas;

  @Option(
      names = "--routing",
      paramLabel = "stock|owner[,...]",
      split = ",",
      defaultValue = "stock",
      converter = Converters.Routing.class,
      description = {
        "With --replicas on: which replica serves each read. stock: the one whose log has it"
            + " (Hadoop shuffles equally distant replicas); owner: every read of a block to one"
            + " replica, picked by a rendezvous hash of (block, DataNode), the next one when it is"
            + " gone (the NameNode plugin's order). stock,owner: both, side by side"
            + " (default: ${DEFAULT-VALUE})."
      })
  List<RoutingType> routings;

  @Option(
      names = "--sample-blocks",
      paramLabel = "RATE",
      defaultValue = "1",
      converter = Converters.Sample.class,
      description = {
        "Keep the blocks whose hash falls under RATE (0 < RATE <= 1) as the trace is read, replay"
            + " them against RATE of each cache and scale the totals back by 1/RATE (SHARDS):"
            + " memory and time scale with RATE (default: ${DEFAULT-VALUE}, every block)."
      })
  BlockSample sample;

  @Option(
      names = "--events-on",
      paramLabel = "disk|heap",
      converter = Converters.Events.class,
      description = {
        "Where the parsed events wait for their replays: heap, 25 bytes an event; disk, a file of"
            + " 25 bytes an event under --events-dir, deleted at exit, the heap then holding the"
            + " blocks' tables and the caches' state alone (default: disk with --replicas on, which"
            + " holds every DataNode's events until the fleet's pass; else heap, one DataNode's at"
            + " a time)."
      })
  EventsOn eventsOn;

  @Option(
      names = "--events-dir",
      paramLabel = "DIR",
      description = {
        "A local directory for --events-on disk's file (default: java.io.tmpdir, "
            + "${sys:java.io.tmpdir})."
      })
  Path eventsDir;

  @Option(
      names = "--spread",
      paramLabel = "N",
      defaultValue = "1",
      description = {
        "Replay one DataNode's log as N DataNodes': each block on 3 of them (all, if fewer), its"
            + " writes and deletions on each, each read on one at random, as generate --datanodes"
            + " does (default: ${DEFAULT-VALUE}, as logged)."
      })
  int spread;

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
    if (spread < 1) {
      throw new IllegalArgumentException("--spread must be >= 1, got " + spread);
    }
    if (eventsDir != null && eventsOn() != EventsOn.DISK) {
      throw new IllegalArgumentException(
          "--events-dir is where --events-on disk writes the events; they are on the heap here");
    }
    if (!replicas.on() && routings.stream().anyMatch(r -> r != RoutingType.STOCK)) {
      throw new IllegalArgumentException(
          "--routing "
              + String.join(",", routings.stream().map(RoutingType::configName).toList())
              + " re-routes the fleet's reads over its replicas: it needs --replicas on");
    }
  }

  /** Where the events wait: as asked, else on disk for a fleet replay and on the heap otherwise. */
  EventsOn eventsOn() {
    return eventsOn != null ? eventsOn : replicas.on() ? EventsOn.DISK : EventsOn.HEAP;
  }

  Path eventsDir() {
    return eventsDir != null ? eventsDir : Path.of(System.getProperty("java.io.tmpdir"));
  }

  /** The routings to replay with --replicas on, each once, in the order given. */
  List<RoutingType> routings() {
    return routings.stream().distinct().toList();
  }
}
