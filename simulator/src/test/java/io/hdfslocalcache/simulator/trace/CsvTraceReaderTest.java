package io.hdfslocalcache.simulator.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CsvTraceReaderTest {
  private static final String HEADER = CsvTraceReader.HEADER;

  @Test
  void parse_rowsOfEachOp_eventsInFileOrder() throws Exception {
    String text =
        String.join(
            "\n",
            HEADER,
            "1000,BP-1,7,1001,WRITE,0,4096",
            "2000,BP-1,7,1001,READ,512,1024",
            "# a comment",
            "",
            "3000,BP-2,7,1001,READ,0,10",
            "4000,BP-1,7,1001,DELETE,0,0");
    Trace t = TestTraces.parse(text, null, Strictness.STRICT);
    assertEquals(TraceFormat.CSV, t.format());
    assertEquals(
        List.of(
            "7_1001 WRITE 0 4096 @1000",
            "7_1001 READ 512 1024 @2000",
            "7_1001 READ 0 10 @3000",
            "7_1001 DELETE 0 0 @4000"),
        TestTraces.rows(t));
    assertEquals(List.of("BP-1", "BP-2"), t.pools());
    assertEquals(2, t.blockCount()); // same id in two pools: two blocks
    assertEquals(3, t.stats().skippedLines());
  }

  @Test
  void parse_badRows_malformedWithLineNumbers() throws Exception {
    String text =
        String.join(
            "\n",
            HEADER,
            "1000,BP-1,7,1001,READ,0",
            "1000,BP-1,7,1001,TOUCH,0,1",
            "x,BP-1,7,1001,READ,0,1",
            "1000,BP-1,7,1001,READ,0,1");
    Trace t = TestTraces.parse(text, TraceFormat.CSV, Strictness.LENIENT);
    assertEquals(3, t.stats().malformedLines());
    assertEquals(
        List.of(2L, 3L, 4L),
        t.stats().firstMalformed().stream().map(ParseStats.Malformed::lineNumber).toList());
    assertEquals(1, t.stats().reads());
  }

  @Test
  void parse_strictBadOp_messageNamesTheOp() {
    TraceFormatException e =
        assertThrows(
            TraceFormatException.class,
            () ->
                TestTraces.parse(
                    HEADER + "\n1000,BP-1,7,1001,TOUCH,0,1", TraceFormat.CSV, Strictness.STRICT));
    assertTrue(
        e.getMessage().contains("line 2") && e.getMessage().contains("TOUCH"), e.getMessage());
  }

  @Test
  void blockLength_noWrites_largestReadEnd() throws Exception {
    Trace t =
        TestTraces.parse(
            String.join(
                "\n", HEADER, "1,p,1,1,READ,0,100", "2,p,1,1,READ,1000,24", "3,p,1,2,READ,0,5"),
            TraceFormat.CSV,
            Strictness.STRICT);
    assertEquals(1024, t.versionLength()[0]);
    assertEquals(5, t.versionLength()[1]); // another generation stamp is another version
  }
}
