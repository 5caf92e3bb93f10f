package io.hdfslocalcache.simulator.trace;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Parses test text and lists the events as (block id, gen stamp, op, offset, length) rows. */
public final class TestTraces {
  private TestTraces() {}

  public static Trace parse(String text, TraceFormat format, Strictness strictness)
      throws IOException, TraceFormatException {
    return new TraceParser(Optional.ofNullable(format), strictness)
        .parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
  }

  /** {@code text} parsed with its events in {@code store}. */
  public static Trace parse(String text, TraceFormat format, EventStore store)
      throws IOException, TraceFormatException {
    return new TraceParser(Optional.ofNullable(format), Strictness.STRICT, BlockSample.ALL, store)
        .parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
  }

  public static Trace parse(InputStream in, TraceFormat format)
      throws IOException, TraceFormatException {
    return new TraceParser(Optional.ofNullable(format), Strictness.STRICT).parse(in);
  }

  /** One line per event: "blockId_genStamp OP offset length @time". */
  public static List<String> rows(Trace trace) {
    List<String> out = new ArrayList<>();
    for (EventLog.Chunk c : trace.events().chunks()) {
      for (int i = 0; i < c.count(); i++) {
        int v = c.version[i];
        out.add(
            trace.blockId()[trace.versionBlock()[v]]
                + "_"
                + trace.versionGenStamp()[v]
                + " "
                + Op.of(c.op[i])
                + " "
                + c.offset[i]
                + " "
                + c.length[i]
                + " @"
                + c.timeMs[i]);
      }
    }
    return out;
  }
}
