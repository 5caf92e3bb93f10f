package io.hdfslocalcache.simulator.trace;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;

/**
 * The first record of a trace file: its format, when it happened and which DataNode logged it. Read
 * before the parse so that files can be put together per DataNode (a DataNode's rolled logs) and in
 * time order: rolled names sort neither way ({@code .log} is the newest, {@code .log.1} the next),
 * but the first record's time does.
 *
 * @param format the file's format (as given, or detected)
 * @param firstTimeMs time of its first record, {@link Long#MAX_VALUE} when none was found
 * @param dataNode the DataNode's id in a clienttrace record ({@code srvID}), empty otherwise
 */
public record TraceHead(TraceFormat format, long firstTimeMs, Optional<String> dataNode) {
  /** Lines read at most looking for the first record (other loggers' lines come first). */
  static final long MAX_LINES = 1_000_000;

  public static TraceHead read(TraceInput input, Optional<TraceFormat> format)
      throws IOException, TraceFormatException {
    try (InputStream raw = input.open()) {
      LineSource lines = new LineSource(Decompression.open(raw));
      TraceFormat f = format.orElseGet(() -> TraceParser.detect(lines, new byte[1 << 14]));
      TraceReader reader = f.newReader();
      FirstRecord first = new FirstRecord();
      lines.scan(
          (buf, from, to, lineNumber) -> {
            try {
              if (reader.parse(buf, from, to, first) && first.timeMs != Long.MAX_VALUE) {
                first.dataNode =
                    f == TraceFormat.CLIENTTRACE ? ClientTraceReader.dataNodeId(buf, from, to) : "";
                return true;
              }
            } catch (MalformedLineException e) {
              // the parse reports it; the head only looks for the first good record
            }
            return false;
          },
          MAX_LINES);
      return new TraceHead(
          f,
          first.timeMs,
          first.dataNode.isEmpty() ? Optional.empty() : Optional.of(first.dataNode));
    }
  }

  /** Keeps the time of the first event a reader passes. */
  private static final class FirstRecord implements TraceSink {
    long timeMs = Long.MAX_VALUE;
    String dataNode = "";

    @Override
    public void add(
        long timeMs,
        byte[] line,
        int poolFrom,
        int poolTo,
        long blockId,
        long genStamp,
        Op op,
        long offset,
        long length) {
      // A deletion line names no DataNode: the head is the first read or write.
      if (this.timeMs == Long.MAX_VALUE && op != Op.DELETE) {
        this.timeMs = timeMs;
      }
    }
  }
}
