package io.hdfslocalcache.datanode.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.store.ReadBound;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class CacheConfigTest {
  private static Configuration conf(String... kv) {
    Configuration c = new Configuration(false);
    c.set(CacheKeys.DIRS, "/ssd1/cache,/ssd2/cache");
    for (int i = 0; i < kv.length; i += 2) {
      c.set(kv[i], kv[i + 1]);
    }
    return c;
  }

  private static String error(Configuration c) {
    return assertThrows(IllegalArgumentException.class, () -> CacheConfig.from(c)).getMessage();
  }

  @Test
  void from_onlyDirs_appliesDocumentedDefaults() {
    CacheConfig c = CacheConfig.from(conf());
    assertTrue(c.enabled());
    assertEquals(List.of(Path.of("/ssd1/cache"), Path.of("/ssd2/cache")), c.dirs());
    assertEquals(List.of(10L << 30, 10L << 30), c.capacities());
    assertEquals(1 << 20, c.pageSize());
    assertEquals(ReadBound.ADAPTIVE, c.readBound());
    assertEquals(15, c.admission().threshold());
    assertEquals(60, c.admission().bucketCount());
    assertEquals(Duration.ofMinutes(1), c.admission().bucketDuration());
    assertEquals(Duration.ofSeconds(10), c.readTimeout());
    assertEquals(200L << 20, c.fillBandwidthBytesPerSec());
    assertEquals(2, c.readAheadPages());
  }

  @Test
  void from_hadoopUnitsAndPerDirCapacities_parsed() {
    CacheConfig c =
        CacheConfig.from(
            conf(
                CacheKeys.CAPACITY,
                "512m, 2t",
                CacheKeys.ADMISSION_BUCKET_DURATION,
                "30s",
                CacheKeys.READ_TIMEOUT,
                "250ms",
                CacheKeys.PAGE_SIZE,
                "4m",
                CacheKeys.READ_AHEAD_PAGES,
                "0"));
    assertEquals(List.of(512L << 20, 2L << 40), c.capacities());
    assertEquals(Duration.ofSeconds(30), c.admission().bucketDuration());
    assertEquals(Duration.ofMillis(250), c.readTimeout());
    assertEquals(4 << 20, c.pageSize());
    assertEquals(0, c.readAheadPages());
  }

  @Test
  void from_invalidValues_failNamingTheKey() {
    assertTrue(error(conf(CacheKeys.CAPACITY, "lots")).startsWith(CacheKeys.CAPACITY));
    assertTrue(error(conf(CacheKeys.CAPACITY, "10XB")).startsWith(CacheKeys.CAPACITY));
    assertTrue(error(conf(CacheKeys.CAPACITY, "0")).startsWith(CacheKeys.CAPACITY));
    assertTrue(error(conf(CacheKeys.CAPACITY, "1g,2g,3g")).startsWith(CacheKeys.CAPACITY));
    assertTrue(error(conf(CacheKeys.PAGE_SIZE, "1000")).startsWith(CacheKeys.PAGE_SIZE));
    assertTrue(error(conf(CacheKeys.FILL_THREADS, "0")).startsWith(CacheKeys.FILL_THREADS));
    assertTrue(error(conf(CacheKeys.READ_TIMEOUT, "soon")).startsWith(CacheKeys.READ_TIMEOUT));
    assertEquals(
        CacheKeys.READ_BOUND + " must be adaptive or strict, got 'bounded'",
        error(conf(CacheKeys.READ_BOUND, "bounded")));
    assertTrue(
        error(conf(CacheKeys.ADMISSION_THRESHOLD, "-1")).startsWith(CacheKeys.ADMISSION_THRESHOLD));
    assertTrue(
        error(conf(CacheKeys.ADMISSION_BUCKET_COUNT, "0"))
            .startsWith(CacheKeys.ADMISSION_BUCKET_COUNT));
    assertTrue(
        error(conf(CacheKeys.ADMISSION_THRESHOLD, "x")).startsWith(CacheKeys.ADMISSION_THRESHOLD));
    assertTrue(
        error(conf(CacheKeys.READ_AHEAD_PAGES, "17")).startsWith(CacheKeys.READ_AHEAD_PAGES));
    assertTrue(
        error(conf(CacheKeys.READ_AHEAD_PAGES, "-1")).startsWith(CacheKeys.READ_AHEAD_PAGES));
    assertTrue(
        error(conf(CacheKeys.DIR_RESERVED_PERCENT, "95"))
            .startsWith(CacheKeys.DIR_RESERVED_PERCENT));
  }

  @Test
  void from_sharedGrammar_takesUnitsHadoopRefusedAndBareMillis() {
    CacheConfig c =
        CacheConfig.from(
            conf(
                CacheKeys.CAPACITY,
                "2TB, 1.5g",
                CacheKeys.FILL_BANDWIDTH,
                "100MB",
                CacheKeys.PAGE_SIZE,
                "64KiB",
                CacheKeys.ADMISSION_BUCKET_DURATION,
                "1.5min",
                CacheKeys.READ_TIMEOUT,
                "1500",
                CacheKeys.DIR_ERROR_WINDOW,
                "0.5h"));
    assertEquals(List.of(2L << 40, 3L << 29), c.capacities());
    assertEquals(100L << 20, c.fillBandwidthBytesPerSec());
    assertEquals(64 << 10, c.pageSize());
    assertEquals(Duration.ofSeconds(90), c.admission().bucketDuration());
    assertEquals(Duration.ofMillis(1500), c.readTimeout());
    assertEquals(Duration.ofMinutes(30), c.dirErrorWindow());
  }

  @Test
  void from_badSizeOrDuration_namesKeyValueAndGrammar() {
    assertEquals(
        CacheKeys.CAPACITY
            + ": '10XB' is not a size (unknown unit 'XB'); a size is a number of bytes, optionally"
            + " with a unit k, m, g, t, p or e (powers of 1024, any case, B or iB may follow), e.g."
            + " 65536, 512m, 10g, 2TB, 1.5t",
        error(conf(CacheKeys.CAPACITY, "1g, 10XB")));
    assertEquals(
        CacheKeys.READ_TIMEOUT
            + ": '1500us' is not a duration (not a whole number of milliseconds); a duration is a"
            + " number of milliseconds, or a number with a unit ms, s, m or min, h, d (also ns, us;"
            + " any case), e.g. 500, 500ms, 10s, 1m, 1.5h",
        error(conf(CacheKeys.READ_TIMEOUT, "1500us")));
  }

  @Test
  void from_enabledWithoutDirs_failsNamingDirs() {
    Configuration c = new Configuration(false);
    assertTrue(error(c).startsWith(CacheKeys.DIRS));
  }

  @Test
  void from_disabledWithoutDirs_isValid() {
    Configuration c = new Configuration(false);
    c.setBoolean(CacheKeys.ENABLED, false);
    assertFalse(CacheConfig.from(c).enabled());
  }

  @Test
  void from_readTimeoutOverADay_refusedNamingKeyAndValue() {
    // 10000d once passed and then stopped start-up with "long overflow" (x12 in nanoseconds).
    String m = error(conf(CacheKeys.READ_TIMEOUT, "10000d"));
    assertTrue(m.startsWith(CacheKeys.READ_TIMEOUT) && m.contains("10000d"), m);
    assertEquals(
        Duration.ofDays(1), CacheConfig.from(conf(CacheKeys.READ_TIMEOUT, "1d")).readTimeout());
  }

  @Test
  void from_fillQueueOverTheCap_refusedNamingKeyAndValue() {
    // 2000000000 once passed and then stopped start-up with an OutOfMemoryError (the queue's
    // array).
    String m = error(conf(CacheKeys.FILL_QUEUE, "2000000000"));
    assertTrue(m.startsWith(CacheKeys.FILL_QUEUE) && m.contains("2000000000"), m);
  }

  @Test
  void from_booleanTypo_refusedNamingKeyAndValue() {
    // Hadoop's getBoolean took "flase" as the default: a cache the operator turned off ran.
    String m = error(conf(CacheKeys.ENABLED, "flase"));
    assertTrue(m.startsWith(CacheKeys.ENABLED) && m.contains("'flase'"), m);
    m = error(conf(CacheKeys.FILL_GUARD, "off"));
    assertTrue(m.startsWith(CacheKeys.FILL_GUARD) && m.contains("'off'"), m);
    assertFalse(CacheConfig.from(conf(CacheKeys.ENABLED, " FALSE ")).enabled());
    assertFalse(CacheConfig.from(conf(CacheKeys.FILL_GUARD, "False")).fillPolicy().guard());
  }

  @Test
  void from_disabledWithInvalidKeys_disabledOnTheDefaults() {
    // enabled=false is the operator's off-switch: a bad value of another key once stopped it.
    CacheConfig c =
        CacheConfig.from(
            conf(
                CacheKeys.ENABLED, "false",
                CacheKeys.DIRS, "relative/dir",
                CacheKeys.READ_TIMEOUT, "10000d",
                CacheKeys.INNER_FACTORY, "org.example.Factory"));
    assertFalse(c.enabled());
    assertEquals("org.example.Factory", c.innerFactory());
    assertEquals(List.of(), c.dirs());
    assertEquals(Duration.ofSeconds(10), c.readTimeout());
  }

  @Test
  void from_disabledAndValid_everyKeyRead() {
    CacheConfig c =
        CacheConfig.from(conf(CacheKeys.ENABLED, "false", CacheKeys.READ_TIMEOUT, "1s"));
    assertEquals(2, c.dirs().size());
    assertEquals(Duration.ofSeconds(1), c.readTimeout());
  }

  @Test
  void from_disabledWithAnEnabledTypo_stillRefused() {
    assertTrue(
        error(conf(CacheKeys.ENABLED, "no", CacheKeys.READ_TIMEOUT, "10000d"))
            .startsWith(CacheKeys.ENABLED));
  }

  @Test
  void warning_invalidKeyOfADisabledCache_namesTheSwitchAndTheKey() {
    String w = DisabledCache.warning(new IllegalArgumentException(CacheKeys.READ_TIMEOUT + " bad"));
    assertTrue(
        w.contains(CacheKeys.ENABLED + "=false") && w.endsWith(CacheKeys.READ_TIMEOUT + " bad"), w);
  }
}
