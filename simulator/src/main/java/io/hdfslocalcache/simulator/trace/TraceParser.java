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
 * Reads a whole trace file (any supported compression) into a {@link Trace}: the pass before
 * replay.
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
    long start = System.nanoTime();
    LineSource lines = new LineSource(Decompression.open(new CountingInputStream(raw, bytesRead)));
    byte[] head = new byte[1 << 14];
    TraceFormat f = format.orElseGet(() -> detect(lines, head));
    TraceReader reader = f.newReader();
    TraceBuilder builder = new TraceBuilder();
    Counter counter = new Counter(reader, builder, strictness, f);
    long lineCount = lines.forEach(counter);
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
    return builder.build(f, stats);
  }

  private static TraceFormat detect(LineSource lines, byte[] head) {
    try {
      return TraceFormat.detect(head, lines.peek(head));
    } catch (IOException e) {
      return TraceFormat.CLIENTTRACE; // the read error surfaces again on the first line
    }
  }

  /** Feeds lines to the reader and counts what is skipped or malformed. */
  private static final class Counter implements LineHandler {
    private final TraceReader reader;
    private final TraceBuilder sink;
    private final Strictness strictness;
    private final TraceFormat format;
    private final List<ParseStats.Malformed> firstMalformed = new ArrayList<>();
    long skipped;
    long malformed;

    Counter(TraceReader reader, TraceBuilder sink, Strictness strictness, TraceFormat format) {
      this.reader = reader;
      this.sink = sink;
      this.strictness = strictness;
      this.format = format;
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
              "line "
                  + lineNumber
                  + ": malformed "
                  + format.configName()
                  + " record: "
                  + e.getMessage());
        }
        malformed++;
        if (firstMalformed.size() < ParseStats.KEPT_MALFORMED) {
          firstMalformed.add(new ParseStats.Malformed(lineNumber, e.getMessage()));
        }
      }
    }
  }
}
