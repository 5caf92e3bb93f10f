package io.hdfslocalcache.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

/** The options read the DataNode's grammar: {@code 2TB} and {@code 2t} alike, bare-ms durations. */
class ConvertersTest {
  @Test
  void size_dataNodeAndSimulatorForms_sameBytes() {
    Converters.Size c = new Converters.Size();
    assertEquals(2L << 40, c.convert("2TB"));
    assertEquals(2L << 40, c.convert("2t"));
    assertEquals(1536L, c.convert("1.5k"));
    assertEquals(12345L, c.convert("12345"));
  }

  @Test
  void size_badValue_oneLineNamingValueAndGrammar() {
    String m =
        assertThrows(TypeConversionException.class, () -> new Converters.Size().convert("2XB"))
            .getMessage();
    assertTrue(m.startsWith("'2XB' is not a size (unknown unit 'XB'); a size is"), m);
  }

  @Test
  void bucketDuration_bareNumber_milliseconds() {
    Converters.BucketDuration c = new Converters.BucketDuration();
    assertEquals(Duration.ofMillis(500), c.convert("500"));
    assertEquals(Duration.ofMinutes(1), c.convert("1m"));
    assertEquals(Duration.ofSeconds(90), c.convert("1.5min"));
    assertThrows(TypeConversionException.class, () -> c.convert("1y"));
  }
}
