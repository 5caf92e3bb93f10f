package io.hdfslocalcache.datanode.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheKeys;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.test.GenericTestUtils.LogCapturer;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The two required keys alone give 10g per directory: said at start-up, once. */
class CapacityDefaultTest {
  private static List<String> warnings(Configuration c) {
    LogCapturer log = LogCapturer.captureLogs(LoggerFactory.getLogger(CapacityDefault.class));
    try {
      CacheConfig.from(c); // as the DataNode reads it, once at start-up
    } finally {
      log.stopCapturing();
    }
    List<String> out = new ArrayList<>();
    for (String line : log.getOutput().split("\n")) {
      if (line.contains(CacheKeys.CAPACITY)) {
        out.add(line);
      }
    }
    return out;
  }

  private static Configuration dirsOnly() {
    Configuration c = new Configuration(false);
    c.set(CacheKeys.DIRS, "/ssd1/cache,/ssd2/cache");
    return c;
  }

  @Test
  void from_capacityNotSet_oneWarningNamingKeyAndDefault() {
    List<String> w = warnings(dirsOnly());
    assertEquals(1, w.size(), w.toString());
    assertTrue(w.get(0).contains(CacheKeys.CAPACITY + " is not set"), w.get(0));
    assertTrue(w.get(0).contains("default " + CacheConfig.DEFAULT_CAPACITY), w.get(0));
  }

  @Test
  void from_capacitySet_noWarning() {
    Configuration c = dirsOnly();
    c.set(CacheKeys.CAPACITY, "10g"); // the default's value, written on purpose
    assertEquals(List.of(), warnings(c));
  }

  @Test
  void from_cacheDisabled_noWarning() {
    Configuration c = dirsOnly();
    c.setBoolean(CacheKeys.ENABLED, false);
    assertEquals(List.of(), warnings(c));
  }
}
