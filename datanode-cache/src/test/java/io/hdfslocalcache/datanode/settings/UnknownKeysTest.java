package io.hdfslocalcache.datanode.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheKeys;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.test.GenericTestUtils.LogCapturer;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** A misspelt key is named at start-up with the key it most likely meant: it would be ignored. */
class UnknownKeysTest {
  @Test
  void from_misspeltKeys_oneWarnEachNamingValueAndClosestKey() {
    Configuration c = new Configuration(false);
    c.set(CacheKeys.DIRS, "/ssd1/cache");
    c.set("dfs.datanode.local-cache.capcity", "1g");
    c.set("dfs.datanode.local-cache.fill.treads", "4");
    LogCapturer log = LogCapturer.captureLogs(LoggerFactory.getLogger(UnknownKeys.class));
    try {
      CacheConfig.from(c); // as the DataNode reads it, once at start-up
    } finally {
      log.stopCapturing();
    }
    List<String> warnings =
        Arrays.stream(log.getOutput().split("\\R"))
            .filter(l -> l.contains("unknown key"))
            .collect(Collectors.toList());
    assertEquals(2, warnings.size(), log.getOutput());
    assertTrue(
        warnings
            .get(0)
            .contains(
                "unknown key dfs.datanode.local-cache.capcity=1g ignored; did you mean"
                    + " dfs.datanode.local-cache.capacity?"),
        warnings.get(0));
    assertTrue(
        warnings
            .get(1)
            .contains(
                "unknown key dfs.datanode.local-cache.fill.treads=4 ignored; did you mean"
                    + " dfs.datanode.local-cache.fill.threads?"),
        warnings.get(1));
  }

  @Test
  void warnings_everyKnownKeyAndCandidateSettings_none() {
    Configuration c = new Configuration(false);
    c.set(CacheKeys.DIRS, "/ssd1/cache");
    c.set(CacheKeys.CAPACITY, "1g");
    c.set(CacheKeys.FILL_MAX_DRIVE_WRITES_PER_DAY, "1");
    c.set(CacheKeys.SHADOW_CANDIDATES, "big");
    c.set(CacheKeys.SHADOW_CANDIDATE_PREFIX + "big", "capacity=2t");
    assertEquals(List.of(), UnknownKeys.warnings(c));
  }

  @Test
  void distance_editsApart_counted() {
    assertEquals(0, UnknownKeys.distance("capacity", "capacity"));
    assertEquals(1, UnknownKeys.distance("capcity", "capacity"));
    assertEquals(3, UnknownKeys.distance("kitten", "sitting"));
  }
}
