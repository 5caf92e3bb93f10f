package io.hdfslocalcache.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SizesTest {
  @Test
  void format_bytes_shortBinaryFormForTables() {
    assertEquals("512 B", Sizes.format(512));
    assertEquals("1.5 KiB", Sizes.format(1536));
    assertEquals("2 TiB", Sizes.format(2L << 40));
    assertEquals("unbounded", Sizes.format(Long.MAX_VALUE));
  }
}
