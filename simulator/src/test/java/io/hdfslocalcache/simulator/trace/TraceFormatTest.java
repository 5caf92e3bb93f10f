package io.hdfslocalcache.simulator.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class TraceFormatTest {
  @Test
  void byName_unknown_errorListsAutoAndTheFormats() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> TraceFormat.byName("parquet"));
    assertEquals(
        "unknown trace format 'parquet' (use auto, clienttrace, csv or cachelib-block)",
        e.getMessage());
  }

  /** As every registry's lookup, and as {@code --format}'s {@code auto} already was. */
  @Test
  void byName_anyCaseWithSpaces_theFormat() {
    assertEquals(TraceFormat.CACHELIB_BLOCK, TraceFormat.byName(" CacheLib-Block "));
    assertEquals(TraceFormat.CSV, TraceFormat.byName("csv"));
  }
}
