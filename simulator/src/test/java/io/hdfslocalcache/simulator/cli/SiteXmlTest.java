package io.hdfslocalcache.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.model.GuardSettings;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.simulator.model.RunConfig;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** The printed lines are what Hadoop reads: each key and value round-trips through its parser. */
class SiteXmlTest {
  /**
   * The lines as the DataNode would load them: inside a configuration element, parsed by Hadoop.
   */
  static Configuration hadoopReads(List<String> lines) {
    String xml = "<configuration>\n" + String.join("\n", lines) + "\n</configuration>\n";
    Configuration c = new Configuration(false);
    c.addResource(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), "simulate");
    c.size(); // loads now, so a malformed line fails here
    return c;
  }

  private static List<String> lines(
      String policy, long cacheBytes, FillMode fill, long pageBytes, int cacheDirs) {
    return SiteXml.lines(
        new RunConfig(
            PolicySpec.parse(policy), cacheBytes, fill, pageBytes, 12, GuardSettings.defaults()),
        cacheDirs);
  }

  @Test
  void lines_bucketTime_everyValueRoundTripsThroughHadoop() {
    Configuration c =
        hadoopReads(
            lines(
                "bucket-time:threshold=4,buckets=10,bucket=1.5min,maxKeys=5000",
                3L << 40,
                FillMode.PAGES,
                4L << 20,
                2));
    assertEquals(4, c.getInt(CacheKeys.ADMISSION_THRESHOLD, -1));
    assertEquals(10, c.getInt(CacheKeys.ADMISSION_BUCKET_COUNT, -1));
    assertEquals(
        90_000, c.getTimeDuration(CacheKeys.ADMISSION_BUCKET_DURATION, 0, TimeUnit.MILLISECONDS));
    assertEquals(5000, c.getInt(CacheKeys.ADMISSION_MAX_TRACKED_KEYS, -1));
    assertEquals(3L << 39, c.getLongBytes(CacheKeys.CAPACITY, -1));
    assertEquals(4L << 20, c.getLongBytes(CacheKeys.PAGE_SIZE, -1));
    assertEquals("pages", c.get(CacheKeys.FILL_MODE));
    assertEquals("1536g", c.get(CacheKeys.CAPACITY));
    assertEquals("90s", c.get(CacheKeys.ADMISSION_BUCKET_DURATION));
  }

  @Test
  void lines_defaultsAndOneDirectory_printedAsTheDataNodeDefaultsRead() {
    List<String> lines = lines("bucket-time", 2L << 40, FillMode.BLOCK, 1 << 20, 1);
    assertEquals(
        List.of(
            "<!-- hdfs-site.xml for bucket-time:threshold=15,buckets=60,bucket=1m, block fill,"
                + " 2 TiB over 1 cache directory -->",
            "<property><name>dfs.datanode.local-cache.admission.threshold</name>"
                + "<value>15</value></property>",
            "<property><name>dfs.datanode.local-cache.admission.tuning</name>"
                + "<value>fixed</value></property>",
            "<property><name>dfs.datanode.local-cache.admission.bucket.count</name>"
                + "<value>60</value></property>",
            "<property><name>dfs.datanode.local-cache.admission.bucket.duration</name>"
                + "<value>1m</value></property>",
            "<property><name>dfs.datanode.local-cache.capacity</name><value>2t</value></property>",
            "<property><name>dfs.datanode.local-cache.page.size</name><value>1m</value></property>",
            "<property><name>dfs.datanode.local-cache.fill.mode</name><value>block</value></property>",
            "<property><name>dfs.datanode.local-cache.fill.guard.enabled</name>"
                + "<value>true</value></property>",
            "<property><name>dfs.datanode.local-cache.fill.guard.window</name>"
                + "<value>1h</value></property>",
            "<property><name>dfs.datanode.local-cache.fill.max.drive.writes.per.day</name>"
                + "<value>0.5</value></property>"),
        lines);
    assertNull(hadoopReads(lines).get(CacheKeys.ADMISSION_MAX_TRACKED_KEYS));
  }

  @Test
  void lines_tunedPolicy_tuningAutoOverTheFloor() {
    Configuration c = hadoopReads(lines("tuned:threshold=7", 1L << 40, FillMode.PAGES, 1 << 20, 1));
    assertEquals("auto", c.get(CacheKeys.ADMISSION_TUNING));
    assertEquals("7", c.get(CacheKeys.ADMISSION_THRESHOLD));
  }

  @Test
  void lines_outcomePolicy_tuningOutcomeAndNoCommentAtItsDefaults() {
    List<String> lines = lines("outcome:threshold=7,room=1", 1L << 40, FillMode.PAGES, 1 << 20, 1);
    Configuration c = hadoopReads(lines);
    assertEquals("outcome", c.get(CacheKeys.ADMISSION_TUNING));
    assertEquals("7", c.get(CacheKeys.ADMISSION_THRESHOLD));
    assertFalse(lines.toString().contains("has no setting"), lines.toString());
  }

  @Test
  void lines_outcomeOffItsDefaults_commentNamesEachWhatTheDataNodeRuns() {
    List<String> lines =
        lines("outcome:room=0,between=1,payback=1", 1L << 40, FillMode.PAGES, 1 << 20, 1);
    assertTrue(
        lines.contains(
            "<!-- room=0 has no setting: a DataNode with tuning outcome runs room=1 -->"),
        lines.toString());
    assertTrue(
        lines.contains(
            "<!-- between=1 has no setting: a DataNode with tuning outcome runs between=0 -->"),
        lines.toString());
    assertFalse(
        lines.stream().anyMatch(l -> l.startsWith("<!-- payback")), "payback=1 is the DataNode's");
    assertEquals("outcome", hadoopReads(lines).get(CacheKeys.ADMISSION_TUNING));
  }

  @Test
  void lines_tunedWithoutTheRoomRule_commentSaysTheDataNodeHasNoSuchSetting() {
    List<String> lines = lines("tuned:room=0", 1L << 40, FillMode.PAGES, 1 << 20, 1);
    assertTrue(
        lines.contains(
            "<!-- room=0 has no setting: a DataNode with tuning auto admits by the room rule -->"),
        lines.toString());
    assertEquals("auto", hadoopReads(lines).get(CacheKeys.ADMISSION_TUNING));
    assertFalse(lines("tuned", 1L << 40, FillMode.PAGES, 1 << 20, 1).toString().contains("room"));
  }

  @Test
  void lines_tunedAtAnotherPayback_commentSaysTheDataNodeHoldsAtFour() {
    List<String> lines = lines("tuned:payback=0", 1L << 40, FillMode.PAGES, 1 << 20, 1);
    assertTrue(
        lines.contains(
            "<!-- payback=0 has no setting: a DataNode with tuning auto holds at payback=4 -->"),
        lines.toString());
    assertFalse(
        lines("tuned:payback=4", 1L << 40, FillMode.PAGES, 1 << 20, 1)
            .toString()
            .contains("has no setting"));
  }

  @Test
  void lines_pageSizeTheDataNodeRefuses_commentNotProperty() {
    List<String> lines = lines("bucket-time", 1L << 30, FillMode.PAGES, 4096, 1);
    assertTrue(
        lines.contains(
            "<!-- dfs.datanode.local-cache.page.size not set: the DataNode takes a power of two"
                + " from 64k to 64m, not 4k -->"),
        lines.toString());
    assertNull(hadoopReads(lines).get(CacheKeys.PAGE_SIZE));
  }

  @Test
  void lines_policyWithoutDataNodeGate_oneComment() {
    List<String> lines = lines("admit-all", 1L << 30, FillMode.BLOCK, 1 << 20, 1);
    assertEquals(
        List.of(
            "<!-- admit-all: no hdfs-site.xml setting, the DataNode runs bucket-time, tuned or"
                + " outcome -->"),
        lines);
    assertEquals(0, hadoopReads(lines).size());
  }

  @Test
  void lines_guard_roundTripsThroughHadoopAndSaysWhatHasNoKey() {
    GuardSettings g = new GuardSettings(true, 90_000, 6, 0.1, 1.25);
    List<String> lines =
        SiteXml.lines(
            new RunConfig(
                PolicySpec.parse("bucket-time"), 1L << 40, FillMode.PAGES, 1 << 20, 12, g),
            1);
    Configuration c = hadoopReads(lines);
    assertTrue(c.getBoolean(CacheKeys.FILL_GUARD, false));
    assertEquals(90_000, c.getTimeDuration(CacheKeys.FILL_GUARD_WINDOW, 0, TimeUnit.MILLISECONDS));
    assertEquals(1.25, c.getDouble(CacheKeys.FILL_MAX_DRIVE_WRITES_PER_DAY, -1), 0);
    assertTrue(
        lines.contains(
            "<!-- the DataNode's guard has no key for its allowance or bucket count: it uses 0.05"
                + " and 12, not 0.1 and 6 -->"),
        lines.toString());
  }

  @Test
  void lines_guardOff_onlyItsSwitch() {
    List<String> lines =
        SiteXml.lines(
            new RunConfig(PolicySpec.parse("bucket-time"), 1L << 40, FillMode.PAGES, 1 << 20, 12),
            1);
    Configuration c = hadoopReads(lines);
    assertEquals("false", c.get(CacheKeys.FILL_GUARD));
    assertNull(c.get(CacheKeys.FILL_GUARD_WINDOW));
  }
}
