package io.hdfslocalcache.simulator.trace;

import java.io.IOException;
import java.io.InputStream;
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
  private final Optional<TraceFormat> format;
  private final Strictness strictness;
  private final AtomicLong bytesRead = new AtomicLong();

  /**
   * @param format the format, or empty to detect it from the file's first lines
   */
  public TraceParser(Optional<TraceFormat> format, Strictness strictness) {
    this.format = format;
    this.strictness = strictness;
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
    long start = System.nanoTime();
    TraceBuilder builder = new TraceBuilder();
    Counter counter = new Counter(builder, strictness);
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
        lineCount += lines.forEach(counter);
      }
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    ParseStats stats =
        new ParseStats(
            lineCount,
            builder.events(),
            builder.reads(),
            builder.writes(),
            builder.deletes(),
            counter.skipped,
            counter.malformed,
            List.copyOf(counter.firstMalformed),
            seconds);
    return builder.build(first == null ? format.orElse(TraceFormat.CLIENTTRACE) : first, stats);
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
    private final TraceBuilder sink;
    private final Strictness strictness;
    private final List<ParseStats.Malformed> firstMalformed = new ArrayList<>();
    private TraceReader reader;
    private TraceFormat format;
    private String source;
    long skipped;
    long malformed;

    Counter(TraceBuilder sink, Strictness strictness) {
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
