package io.hdfslocalcache.simulator.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineSourceTest {
  private static List<String> lines(String text, int maxLine) throws Exception {
    LineSource source =
        new LineSource(new ByteArrayInputStream(text.getBytes(StandardCharsets.US_ASCII)), maxLine);
    List<String> out = new ArrayList<>();
    source.forEach(
        (buf, from, to, n) ->
            out.add(n + ":" + new String(buf, from, to - from, StandardCharsets.US_ASCII)));
    return out;
  }

  @Test
  void forEach_lineOverTheCap_passedEmptySoCountedSkipped() throws Exception {
    // A line with no end in sight (a binary file, a torn log) once grew the buffer until out of
    // memory, or past 1 GiB a NegativeArraySizeException.
    String huge = "x".repeat(100);
    assertEquals(List.of("1:a", "2:", "3:b"), lines("a\n" + huge + "\nb\n", 16));
    assertEquals(List.of("1:a", "2:"), lines("a\n" + huge, 16));
  }

  @Test
  void forEach_linesUnderTheCap_unchanged() throws Exception {
    assertEquals(
        List.of("1:a", "2:" + "y".repeat(15), "3:b"), lines("a\n" + "y".repeat(15) + "\r\nb", 16));
  }
}
