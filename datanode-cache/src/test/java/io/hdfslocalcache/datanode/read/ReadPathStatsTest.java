package io.hdfslocalcache.datanode.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.metrics.CacheFailure;
import io.hdfslocalcache.metrics.MetricFamily;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ReadPathStatsTest {
  @Test
  void new_turkishDefaultLocale_familyMembersInAscii() {
    Locale before = Locale.getDefault();
    MetricRegistry registry = new MetricRegistry();
    Locale.setDefault(new Locale("tr"));
    try {
      new ReadPathStats(registry);
    } finally {
      Locale.setDefault(before);
    }
    List<String> notAscii =
        registry.getNames().stream()
            .filter(n -> !n.matches("[a-z0-9_.]+"))
            .collect(Collectors.toList());
    assertEquals(List.of(), notAscii, "names a Turkish-locale DataNode would export");
    assertTrue(registry.getNames().contains("read.fallback.io_error"));
    assertTrue(
        registry
            .getNames()
            .contains(MetricFamily.member(ReadPathMetrics.FALLBACK, CacheFailure.IO_ERROR)));
  }
}
