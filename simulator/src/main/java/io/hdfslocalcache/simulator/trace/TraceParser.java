package io.hdfslocalcache.simulator.trace;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Reads a whole trace (any supported compression) into a {@link Trace}: the pass before replay. A
 * trace may span several files, one DataNode's rolled logs: they are read in the order given into
 * one trace, each with its own reader (a CSV header per file) and line numbers.
 */
public final class TraceParser {
  /** {@code --spread}'s reads go to replicas drawn from this seed, the same in every run. */
  static final long SPREAD_SEED = 1;

  private final Optional<TraceFormat> format;
  private final Strictness strictness;
  private final BlockSample sample;
  private final EventStore store;
  private final AtomicLong bytesRead = new AtomicLong();

  /**
   * @param format the format, or empty to detect it from the file's first lines
   */
  public TraceParser(Optional<TraceFormat> format, Strictness strictness) {
    this(format, strictness, BlockSample.ALL);
  }

  /**
   * @param sample the blocks kept: the others' events are dropped as they are read, so the trace's
   *     memory is the sample's
   */
  public TraceParser(Optional<TraceFormat> format, Strictness strictness, BlockSample sample) {
    this(format, strictness, sample, EventStore.heap());
  }

  /**
   * @param store where the events go: the traces' logs are its, and valid until it is closed
   */
  public TraceParser(
      Optional<TraceFormat> format, Strictness strictness, BlockSample sample, EventStore store) {
    this.format = format;
    this.strictness = strictness;
    this.sample = sample;
    this.store = store;
  }

  /** Compressed bytes consumed so far, for a progress bar on another thread. */
  public AtomicLong bytesRead() {
    return bytesRead;
  }

  public Trace parse(Path file) throws IOException, TraceFormatException {
    if (!Files.isRegularFile(file)) {
      throw new NoSuchFileException(file.toString(), null, "no such trace file");
    }
    try (InputStream raw = Files.newInputStream(file)) {
      return parse(raw);
    }
  }

  public Trace parse(InputStream raw) throws IOException, TraceFormatException {
    return parse(List.of(new TraceInput("", -1, () -> raw)));
  }

  /**
   * The files of one DataNode, in time order, as one trace. Messages name the file when there are
   * several. All must be of one format.
   */
  public Trace parse(List<TraceInput> files) throws IOException, TraceFormatException {
    return parse(files, 1).get(0);
  }

  /**
   * The files of one DataNode spread over {@code dataNodes} DataNodes ({@link SpreadSink}), one
   * trace each; the lines, skipped and malformed lines are counted on the first alone, so a fleet's
   * sum counts each once. One DataNode: its trace.
   */
  public List<Trace> parse(List<TraceInput> files, int dataNodes)
      throws IOException, TraceFormatException {
    try {
      return parseAll(files, dataNodes);
    } catch (UncheckedIOException e) {
      // A file-backed event log could not be written (its message names the file and the fix).
      throw new IOException(e.getMessage(), e.getCause());
    }
  }

  private List<Trace> parseAll(List<TraceInput> files, int dataNodes)
      throws IOException, TraceFormatException {
    if (dataNodes < 1) {
      throw new IllegalArgumentException("--spread must be >= 1, got " + dataNodes);
    }
    long start = System.nanoTime();
    TraceBuilder[] builders = new TraceBuilder[dataNodes];
    for (int d = 0; d < dataNodes; d++) {
      builders[d] = new TraceBuilder(store.newLog());
    }
    TraceSink spread = dataNodes == 1 ? builders[0] : new SpreadSink(builders, SPREAD_SEED);
    BlockSample.Filter sampled = sample.filter(spread);
    Counter counter = new Counter(sample.all() ? spread : sampled, strictness);
    TraceFormat first = null;
    long lineCount = 0;
    for (TraceInput file : files) {
      try (InputStream raw = file.open()) {
        LineSource lines =
            new LineSource(Decompression.open(new CountingInputStream(raw, bytesRead)));
        TraceFormat f = format.orElseGet(() -> detect(lines, new byte[1 << 14]));
        if (first != null && f != first) {
          throw new TraceFormatException(
              file.name()
                  + " is "
                  + f.configName()
                  + " but "
                  + files.get(0).name()
                  + " is "
                  + first.configName()
                  + ": one DataNode's files must share a format");
        }
        first = f;
        counter.start(f, files.size() > 1 ? file.name() : "");
        try {
          lineCount += lines.forEach(counter);
        } catch (IOException e) {
          throw unreadable(file.name(), e);
        }
      }
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    TraceFormat parsed = first == null ? format.orElse(TraceFormat.CLIENTTRACE) : first;
    List<Trace> out = new ArrayList<>();
    for (int d = 0; d < dataNodes; d++) {
      TraceBuilder b = builders[d];
      boolean lines = d == 0;
      ParseStats stats =
          new ParseStats(
              lines ? lineCount : 0,
              b.events(),
              b.reads(),
              b.writes(),
              b.deletes(),
              lines ? sampled.leftOut() : 0,
              lines ? counter.skipped : 0,
              lines ? counter.malformed : 0,
              lines ? List.copyOf(counter.firstMalformed) : List.of(),
              seconds);
      out.add(b.build(parsed, stats));
    }
    return out;
  }

  /**
   * A read that failed part way: the file named (the CLI prints one line), and what a truncated
   * xz's message-less EOFException means said in words.
   */
  private static IOException unreadable(String name, IOException e) {
    String detail = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return new IOException(
        (name.isEmpty() ? "" : name + ": ")
            + "read failed before the end ("
            + detail
            + "): a truncated or corrupt file?",
        e);
  }

  static TraceFormat detect(LineSource lines, byte[] head) {
    try {
      return TraceFormat.detect(head, lines.peek(head));
    } catch (IOException e) {
      return TraceFormat.CLIENTTRACE; // the read error surfaces again on the first line
    }
  }

  /** Feeds lines to the current file's reader and counts what is skipped or malformed. */
  private static final class Counter implements LineHandler {
    private final TraceSink sink;
    private final Strictness strictness;
    private final List<ParseStats.Malformed> firstMalformed = new ArrayList<>();
    private TraceReader reader;
    private TraceFormat format;
    private String source;
    long skipped;
    long malformed;

    Counter(TraceSink sink, Strictness strictness) {
      this.sink = sink;
      this.strictness = strictness;
    }

    /** The next file: a fresh reader (a CSV header per file). */
    void start(TraceFormat format, String source) {
      this.format = format;
      this.reader = format.newReader();
      this.source = source;
    }

    @Override
    public void line(byte[] buf, int from, int to, long lineNumber) throws TraceFormatException {
      try {
        if (!reader.parse(buf, from, to, sink)) {
          skipped++;
        }
      } catch (MalformedLineException e) {
        if (strictness == Strictness.STRICT) {
          throw new TraceFormatException(
              (source.isEmpty() ? "" : source + " ")
                  + "line "
                  + lineNumber
                  + ": malformed "
                  + format.configName()
                  + " record: "
                  + e.getMessage());
        }
        malformed++;
        if (firstMalformed.size() < ParseStats.KEPT_MALFORMED) {
          firstMalformed.add(new ParseStats.Malformed(source, lineNumber, e.getMessage()));
        }
      }
    }
  }
}
