package io.hdfslocalcache.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class FrequencySketchTest {
  private static final int LARGE = 1 << 20;

  @Test
  void frequency_afterIncrements_countsEachKeyApart() {
    FrequencySketch s = new FrequencySketch(100, LARGE);
    for (int i = 0; i < 5; i++) {
      s.increment(42);
    }
    s.increment(43);
    assertEquals(5, s.frequency(42));
    assertEquals(1, s.frequency(43));
    assertEquals(0, s.frequency(44));
  }

  @Test
  void increment_atTheSampleSize_halvesEveryCount() {
    FrequencySketch s = new FrequencySketch(1, LARGE); // W = 1 x 64 blocks, the least
    assertEquals(64, s.sampleSize());
    for (int i = 0; i < 40; i++) {
      s.increment(1);
    }
    for (int i = 0; i < 23; i++) {
      s.increment(2);
    }
    assertEquals(40, s.frequency(1));
    s.increment(2); // the 64th read: 24, then every count halves
    assertEquals(20, s.frequency(1));
    assertEquals(12, s.frequency(2));
  }

  @Test
  void increment_pastTheCounterWidth_saturates() {
    FrequencySketch s = new FrequencySketch(100, LARGE);
    for (int i = 0; i < 300; i++) {
      s.increment(7);
    }
    assertEquals(255, s.frequency(7));
  }

  @Test
  void ensureBlocks_moreBlocks_widensAndLengthensKeepingCounts() {
    FrequencySketch s = new FrequencySketch(10, LARGE);
    for (int i = 0; i < 9; i++) {
      s.increment(5);
    }
    int before = s.bytes();
    s.ensureBlocks(10_000);
    assertEquals(10_000L * FrequencySketch.COUNTERS_PER_BLOCK, s.bytes(), 0.7 * s.bytes());
    assertEquals(16_384 * FrequencySketch.COUNTERS_PER_BLOCK, s.bytes());
    assertEquals(100_000, s.sampleSize());
    assertEquals(9, s.frequency(5));
    assertEquals(true, s.bytes() > before);
  }

  @Test
  void ensureBlocks_pastTheLimit_staysAtTheLimit() {
    FrequencySketch s = new FrequencySketch(10, 4096);
    s.ensureBlocks(1_000_000);
    assertEquals(4096, s.bytes());
  }

  @Test
  void constructor_badArguments_throw() {
    assertThrows(IllegalArgumentException.class, () -> new FrequencySketch(0, LARGE));
    assertThrows(IllegalArgumentException.class, () -> new FrequencySketch(10, 1000));
  }
}
