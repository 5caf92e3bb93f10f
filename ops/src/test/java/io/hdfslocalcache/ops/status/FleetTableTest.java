package io.hdfslocalcache.ops.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.hdfslocalcache.metrics.AdminMetrics;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A metric a DataNode does not export (an older release) is n/a, and a total says it is partial.
 */
class FleetTableTest {
  private static final String OLD = "dn-old:9864";
  private static final String NEW = "dn-new:9864";

  /** The core read counters; {@code withNewer}: also the short-circuit and bypass gauges. */
  private static Map<String, Object> bean(boolean withNewer) {
    Map<String, Object> bean = new HashMap<>();
    bean.put(ReadPathMetrics.HITS, 1);
    bean.put(ReadPathMetrics.MISSES, 1);
    bean.put(ReadPathMetrics.BYTES_CACHE, 1 << 20);
    if (withNewer) {
      bean.put(ReadPathMetrics.SHORT_CIRCUIT_OPENS, 7);
      bean.put(AdminMetrics.BYPASS, 0);
    }
    return bean;
  }

  private static List<Row> rows() {
    return List.of(Row.ok(OLD, bean(false)), Row.ok(NEW, bean(true)));
  }

  private static String line(String table, String start) {
    return table.lines().filter(l -> l.startsWith(start)).findFirst().orElseThrow();
  }

  @Test
  void totals_metricAbsentOnOneDataNode_naThereAndTheTotalMarkedPartial() {
    // Both once showed 0 short-circuit opens and bypass "off" for the DataNode that reports
    // neither.
    String table = FleetTable.totals(rows(), true);
    String cells = "50.0%\\s+\\S+ MiB\\s+\\S+\\s+";
    assertTrue(line(table, OLD).matches(".*" + cells + "n/a\\s+.*n/a\\s+n/a"), table);
    assertTrue(line(table, NEW).matches(".*" + cells + "7\\s+.*off\\s+n/a"), table);
    assertTrue(
        line(table, "TOTAL (2 of 2)").matches(".*" + cells + "7\\*\\s+.*off\\*\\s+n/a"), table);
    assertTrue(
        table.endsWith(
            "* over the DataNodes that report it; n/a on the others (a release without that"
                + " metric)\n"),
        table);
  }

  @Test
  void totals_metricAbsentEverywhere_naNotZeroAndNoMark() {
    String table = FleetTable.totals(List.of(Row.ok(OLD, bean(false))), true);
    assertTrue(
        line(table, "TOTAL (1 of 1)").matches(".*50\\.0%\\s+1\\.0 MiB\\s+\\S+\\s+n/a\\s+.*"),
        table);
    assertTrue(!table.contains("*"), table);
  }

  @Test
  void fleetJson_metricAbsent_nullAndTheTotalListsItPartial() throws Exception {
    JsonNode json = Jmx.JSON.readTree(StatusJson.fleet("nn:9870", rows()));
    JsonNode old = json.get("datanodes").get(0);
    assertTrue(old.get("shortCircuitOpens").isNull(), json.toString());
    assertTrue(old.get("bypassed").isNull(), json.toString());
    assertEquals(7, json.get("total").get("shortCircuitOpens").asLong());
    assertEquals(
        "[\"shortCircuitOpens\",\"bypassed\"]", json.get("total").get("partial").toString());
  }
}
