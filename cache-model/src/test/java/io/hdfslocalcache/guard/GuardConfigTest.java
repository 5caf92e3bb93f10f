package io.hdfslocalcache.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GuardConfigTest {
  @Test
  void builder_defaults_oneHourTwelveBucketsFivePercentNoBudget() {
    GuardConfig c = GuardConfig.builder().build();
    assertTrue(c.enabled());
    assertEquals(3_600_000, c.windowMillis());
    assertEquals(12, c.bucketCount());
    assertEquals(300_000, c.bucketMillis());
    assertEquals(180_000_000, c.allowanceMicros()); // 5% of an hour = 180 s
    assertFalse(c.hasWriteBudget());
    assertEquals(DiskModel.DEFAULT.positioningMicros(), c.disk().positioningMicros());
  }

  @Test
  void disabled_neitherGuardsNorBudgets() {
    GuardConfig c = GuardConfig.disabled();
    assertFalse(c.enabled());
    assertFalse(c.hasWriteBudget());
  }

  @Test
  void build_writeBudgetWithoutCapacity_throws() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> GuardConfig.builder().maxDriveWritesPerDay(1).build());
    assertTrue(e.getMessage().contains("capacity"), e.getMessage());
  }

  @Test
  void build_outOfRangeValues_throwNamingTheValue() {
    assertThrows(
        IllegalArgumentException.class, () -> GuardConfig.builder().bucketCount(0).build());
    assertThrows(
        IllegalArgumentException.class,
        () -> GuardConfig.builder().windowMillis(5).bucketCount(6).build());
    assertThrows(
        IllegalArgumentException.class,
        () -> GuardConfig.builder().allowanceFraction(Double.NaN).build());
    assertThrows(
        IllegalArgumentException.class, () -> GuardConfig.builder().allowanceFraction(-1).build());
    assertThrows(
        IllegalArgumentException.class,
        () -> GuardConfig.builder().maxDriveWritesPerDay(-0.1).capacityBytes(1).build());
    assertThrows(
        IllegalArgumentException.class,
        () -> GuardConfig.builder().transferBytesPerSecond(0).build());
    assertThrows(
        IllegalArgumentException.class, () -> GuardConfig.builder().positioningMicros(-1).build());
  }

  @Test
  void build_writeBudgetWithCapacity_hasWriteBudget() {
    GuardConfig c = GuardConfig.builder().maxDriveWritesPerDay(0.5).capacityBytes(1 << 30).build();
    assertTrue(c.hasWriteBudget());
    assertFalse(
        GuardConfig.builder()
            .enabled(false)
            .maxDriveWritesPerDay(0.5)
            .capacityBytes(1 << 30)
            .build()
            .hasWriteBudget());
  }

  @Test
  void diskModel_oneIoOf143Mb_isOneSecondPlusPositioning() {
    assertEquals(1_011_500, DiskModel.DEFAULT.micros(1, 143_000_000));
    assertEquals(0.0115 + 1000 / 143e6, DiskModel.DEFAULT.seconds(1, 1000), 1e-15);
    assertEquals(0, DiskModel.DEFAULT.micros(0, 0));
    assertEquals(23_000, DiskModel.DEFAULT.micros(2, 0));
  }
}
