package io.hdfslocalcache.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryTableTest {
  private static MeasuredRun run(long bytes, long fromHdd, int queue) {
    Sampler.Series s = new Sampler.Series(0.1, List.of(queue, queue), List.of(), List.of());
    return new MeasuredRun("r", 10, 100, bytes, fromHdd, 0, 5, 50, 60, s);
  }

  private static String print(Comparison c) {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    SummaryTable.print(new PrintStream(buf, true, StandardCharsets.UTF_8), c);
    return buf.toString(StandardCharsets.UTF_8);
  }

  @Test
  void comparison_cacheServesMostBytes_sharesAndReductions() {
    Comparison c = new Comparison(run(1000, 1000, 10), run(2000, 400, 1));

    assertEquals(0.8, c.cacheByteShare(), 1e-9);
    assertEquals(0.9, c.meanQueueReduction(), 1e-9);
    assertEquals(2.0, c.throughputRatio(), 1e-9);
  }

  @Test
  void print_queueGrew_signedPlusNoTrailingSpaces() {
    String out = print(new Comparison(run(1000, 1000, 4), run(1000, 900, 5)));

    assertTrue(out.contains("mean HDD queue (blocked processes) +25%"), out);
    assertTrue(out.lines().noneMatch(l -> l.endsWith(" ")), out);
  }
}
