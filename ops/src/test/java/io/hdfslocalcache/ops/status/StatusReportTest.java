package io.hdfslocalcache.ops.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Rendering of a {@code /jmx} answer captured from MetricsIT's two-DataNode MiniDFSCluster. */
class StatusReportTest {
  static String sample() throws IOException {
    try (InputStream in =
        StatusReportTest.class.getResourceAsStream("/status/jmx-two-datanodes.json")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  static Map<String, Object> bean(int i) throws IOException {
    return Jmx.JSON.convertValue(
        Jmx.JSON.readTree(sample()).get("beans").get(i),
        new TypeReference<Map<String, Object>>() {});
  }

  @Test
  void render_dataNodeThatServedReads_showsCacheAndHddFigures() throws IOException {
    String text = new StatusReport(bean(1)).render("dn1:9864");
    List<String> lines = text.lines().toList();
    assertEquals(
        "hdfs-local-cache on dn1:9864  (DataNode 9b33571d-ac4c-4224-a8e8-aaa44b5cb010" + " on vm)",
        lines.get(0));
    assertTrue(
        text.contains("block reads        1 from cache, 2 from HDD  (hit ratio 33.3%)"), text);
    // 1,052,422 B from the cache; 2,104,844 B from the HDD: a third of the bytes.
    assertTrue(
        text.contains(
            "bytes read         1.0 MiB from cache, 2.0 MiB from HDD, 0 B HDD"
                + " fallback  (33.3% from cache)"),
        text);
    assertTrue(text.contains("cache p50 ") && text.contains("HDD p50 63 us p99 6.1 ms"), text);
    assertTrue(text.contains("HDD reads now      0 streams open, 0 reads in flight"), text);
    assertTrue(text.contains("host now           procs_blocked 0, procs_running 5"), text);
    assertTrue(text.contains("  dir0             1.0 MiB of 64.0 MiB (1.6%), in service"), text);
    assertTrue(text.contains("admission          1 admitted, 1 not yet, 1 blocks tracked"), text);
    assertTrue(text.contains("fills              1 queued: completed 1; 1.0 MiB written"), text);
    assertTrue(text.contains("invalidations      none"), text);
    assertTrue(text.contains("read fallbacks     none"), text);
    assertTrue(lines.size() <= 24, "fits one screen: " + lines.size());
  }

  @Test
  void render_idleDataNode_noLatencyAndZeroRatios() throws IOException {
    String text = new StatusReport(bean(0)).render("dn0:9864");
    assertTrue(text.contains("read call latency  cache n/a   HDD n/a"), text);
    assertTrue(text.contains("(hit ratio 0.0%)"), text);
  }

  @Test
  void render_failuresAndOutOfServiceDir_listedByCause() throws IOException {
    Map<String, Object> b = new LinkedHashMap<>(bean(1));
    b.put("read.fallback.timeout", 4L);
    b.put("read.fallback.io_error", 1L);
    b.put("store.invalidations.delete", 12L);
    b.put("store.dir0.in.service", 0L);
    b.remove("host.procs.blocked");
    String text = new StatusReport(b).render("dn1:9864");
    assertTrue(text.contains("read fallbacks     io_error 1, timeout 4"), text);
    assertTrue(text.contains("invalidations      delete 12"), text);
    assertTrue(text.contains("OUT OF SERVICE"), text);
    assertTrue(text.contains("procs_blocked n/a"), text);
  }
}
