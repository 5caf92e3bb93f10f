package io.hdfslocalcache.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SizesTest {
  @Test
  void parse_hadoopStyleUnits_powersOf1024() {
    assertEquals(12345, Sizes.parse("12345"));
    assertEquals(128L << 20, Sizes.parse("128m"));
    assertEquals(128L << 20, Sizes.parse("128M"));
    assertEquals(2L << 40, Sizes.parse("2TB"));
    assertEquals(2L << 40, Sizes.parse("2TiB"));
    assertEquals(500L << 30, Sizes.parse("500GB"));
    assertEquals(1536, Sizes.parse("1.5k"));
    assertEquals(1L << 60, Sizes.parse("1e"));
  }

  @Test
  void parse_badUnit_messageNamesTheInput() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Sizes.parse("2XB"));
    assertTrue(e.getMessage().contains("'2XB'"), e.getMessage());
  }

  @Test
  void parse_overflowAndFractionalBytes_rejected() {
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> Sizes.parse("9000000e"))
            .getMessage()
            .contains("8 EiB"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> Sizes.parse("1.5"))
            .getMessage()
            .contains("whole number"));
    assertThrows(IllegalArgumentException.class, () -> Sizes.parse("-1g"));
    assertThrows(IllegalArgumentException.class, () -> Sizes.parse(""));
  }
}
