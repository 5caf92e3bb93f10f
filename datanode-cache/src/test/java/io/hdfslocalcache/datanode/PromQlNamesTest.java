package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Set;
import org.junit.jupiter.api.Test;

class PromQlNamesTest {
  @Test
  void of_ratesLabelsAndNumbers_onlyMetricNames() {
    assertEquals(
        Set.of("a_total", "b_bytes"),
        PromQlNames.of("rate(a_total[5m]) + b_bytes{dir=\"x\", le=~\"a|b\"} offset 1w > 1e6"));
  }

  @Test
  void of_aggregationsAndVectorMatching_labelListsSkipped() {
    assertEquals(
        Set.of("datanode_blocks_read", "local_cache_read_hits"),
        PromQlNames.of(
            "max by (instance) (datanode_blocks_read) unless on (instance)"
                + " max by (instance) (local_cache_read_hits)"));
    assertEquals(
        Set.of("x"),
        PromQlNames.of(
            "sum(rate(x{instance=~\"$instance\"}[$__rate_interval])) by (instance, job)"));
  }

  @Test
  void of_unknownFunction_refused() {
    assertThrows(IllegalArgumentException.class, () -> PromQlNames.of("rat(x[5m])"));
  }

  @Test
  void of_selectorByName_refused() {
    assertThrows(
        IllegalArgumentException.class,
        () -> PromQlNames.of("count({__name__=~\"local_cache_store_dir[0-9]+_in_service\"} == 0)"));
  }
}
