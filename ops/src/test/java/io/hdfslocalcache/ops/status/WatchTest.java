package io.hdfslocalcache.ops.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code --watch}: rates over each interval, on a fake clock that moves only when the watch sleeps
 * and a fake DataNode whose counters move between readings.
 */
class WatchTest {
  private static final long MIB = 1 << 20;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final AtomicInteger readings = new AtomicInteger();
  private FakeWebUi dn;
  private FakeWebUi nn;

  @AfterEach
  void stop() {
    dn.close();
    if (nn != null) {
      nn.close();
    }
  }

  /** Reading i: 10 hits and 100 MiB from the cache more than reading i-1, 1 MiB from the HDD. */
  private String bean() {
    int i = readings.get();
    return bean(1 + 10L * i, 2, (1 + 100L * i) * MIB, 2 * MIB + i * MIB, 1 + i);
  }

  private String bean(long hits, long misses, long cache, long hdd, long fills) {
    return "{\"beans\":[{\"name\":\"Hadoop:service=DataNode,name=LocalCache-u\","
        + "\"tag.DatanodeUuid\":\"u\",\"read.hits\":"
        + hits
        + ",\"read.misses\":"
        + misses
        + ",\"read.bytes.cache\":"
        + cache
        + ",\"read.bytes.hdd\":"
        + hdd
        + ",\"read.bytes.fallback.hdd\":0,\"fill.completed\":"
        + fills
        + ",\"read.fallback.timeout\":"
        + readings.get()
        + ",\"store.dir0.in.service\":1,\"store.dir1.in.service\":0,\"admin.bypass\":0}]}";
  }

  private int run(FakePacing pacing, String... args) {
    return StatusCommand.run(
        args,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8),
        pacing);
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void run_watchOneDataNode_ratesOverTheIntervalNotTotals() throws Exception {
    dn = new FakeWebUi(200, this::bean);
    FakePacing pacing = new FakePacing(n -> readings.incrementAndGet());
    assertEquals(
        0,
        run(pacing, "--datanode", dn.address(), "--watch", "10", "--count", "2"),
        err.toString());
    assertEquals(List.of(Duration.ofSeconds(10), Duration.ofSeconds(10)), pacing.sleeps());
    List<String> lines = out().lines().toList();
    assertEquals(6, lines.size(), out()); // per interval: the header line, column names, one row
    assertTrue(lines.get(0).contains("over the last 10.0 s"), out());
    assertTrue(lines.get(1).contains("CACHE/s"), out());
    // 10 hits, 0 misses; 100 MiB / 10 s; 1 MiB / 10 s; 1 fill; 1 timeout; dir1 out; none slow;
    // no short-circuit counter (n/a, not 0); not bypassed; no admission.threshold gauge, so no
    // threshold column value
    assertTrue(
        lines
            .get(2)
            .matches(
                "localhost:\\d+\\s+100\\.0%\\s+10\\.0 MiB\\s+102\\.4 KiB\\s+n/a\\s+1\\s+1\\s+1/2\\s+0\\s+off\\s+n/a"),
        out());
    assertEquals(lines.get(2), lines.get(5), "the same growth in each interval");
  }

  @Test
  void run_watchJson_oneObjectPerIntervalWithRatesPerSecond() throws Exception {
    dn = new FakeWebUi(200, this::bean);
    assertEquals(
        0,
        run(
            new FakePacing(n -> readings.incrementAndGet()),
            "--datanode",
            dn.address(),
            "--watch",
            "20",
            "--count",
            "3",
            "--json"));
    List<String> lines = out().lines().toList();
    assertEquals(3, lines.size(), out());
    JsonNode row = Jmx.JSON.readTree(lines.get(2)).get("datanodes").get(0);
    assertEquals(20.0, Jmx.JSON.readTree(lines.get(2)).get("seconds").asDouble());
    assertEquals("OK", row.get("state").asText());
    assertEquals(100.0 * MIB / 20, row.get("bytesCachePerSecond").asDouble(), 1e-6);
    assertEquals(10, row.get("hits").asLong());
    assertEquals(1.0, row.get("hitRatio").asDouble());
    assertEquals(1, row.get("fills").asLong());
  }

  @Test
  void run_watchFleet_restartedDataNodeHasNoRateAndLeavesTheTotal() throws Exception {
    // Reading 0 as usual; reading 1: counters below reading 0 (the DataNode restarted).
    dn = new FakeWebUi(200, () -> readings.get() == 0 ? bean() : bean(1, 0, MIB, 0, 0));
    nn = new FakeWebUi(200, () -> FakeWebUi.nameNodeInfo(dn.port()));
    assertEquals(
        0,
        run(
            new FakePacing(n -> readings.incrementAndGet()),
            "--namenode",
            nn.address(),
            "--watch",
            "10",
            "--count",
            "1"),
        err.toString());
    assertTrue(out().contains("RESTARTED: counters went back"), out());
    assertTrue(out().lines().anyMatch(l -> l.startsWith("TOTAL (0 of 1)")), out());
  }

  @Test
  void run_watchSlowReading_sleepsOnlyWhatIsLeftOfTheInterval() throws Exception {
    dn = new FakeWebUi(200, this::bean);
    FakePacing[] pacing = new FakePacing[1];
    pacing[0] = new FakePacing(n -> readings.incrementAndGet());
    Watch watch = new Watch(Duration.ofSeconds(10), 2, pacing[0]);
    watch.run(
        () -> {
          // each reading takes 3 s of the interval
          long at = pacing[0].nanoTime();
          pacing[0].sleep(Duration.ofSeconds(3));
          return new Readings.Reading(at, pacing[0].now(), List.of());
        },
        iv -> {});
    assertEquals(
        List.of(
            Duration.ofSeconds(3),
            Duration.ofSeconds(7),
            Duration.ofSeconds(3),
            Duration.ofSeconds(7),
            Duration.ofSeconds(3)),
        pacing[0].sleeps());
  }
}
