package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.hdd.HddReplicas;
import io.hdfslocalcache.datanode.hdd.ReplicaVersion;
import io.hdfslocalcache.datanode.metrics.HostStats;
import io.hdfslocalcache.datanode.metrics.ProcStat;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/monitoring.md and the metrics a real cache registers agree, both ways: every registered
 * metric has a row, every row names a registered metric. A family documented as one row ({@code
 * read.hdd.cause.<reason>}) covers every name under its prefix.
 */
class MonitoringDocTest {
  private static final Pattern ROW = Pattern.compile("(?m)^\\| `([a-z][a-zA-Z0-9_.<>]*)` \\|");
  private static final List<String> HISTOGRAM_PARTS =
      java.util.Arrays.asList(".count", ".mean", ".p50", ".p75", ".p95", ".p99", ".max");

  @TempDir Path dir;

  /** What one DataNode's cache with two directories registers, dirN for each directory. */
  private Set<String> registered() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set(CacheConfig.DIRS, dir.resolve("a") + "," + dir.resolve("b"));
    conf.set(CacheConfig.CAPACITY, "256m");
    CacheConfig config = CacheConfig.from(conf);
    MetricRegistry registry = new MetricRegistry();
    HddReplicas none =
        new HddReplicas() {
          @Override
          public ReplicaVersion replica(BlockId id) {
            return null;
          }

          @Override
          public LengthInputStream openMeta(ExtendedBlock b) {
            return null;
          }

          @Override
          public InputStream openData(ExtendedBlock b, long offset) {
            return null;
          }

          @Override
          public boolean filesExist(ExtendedBlock b) {
            return false;
          }
        };
    try (BlockCache cache =
        new BlockCache(
            config,
            none,
            b -> false,
            CacheDirectories.open(config, "dn"),
            Clock.systemUTC(),
            registry)) {
      new HostStats(registry, ProcStat.system());
      Set<String> out = new TreeSet<>();
      for (String n : registry.getNames()) {
        out.add(n.replaceFirst("^store\\.dir\\d+\\.", "store.dirN."));
      }
      return out;
    }
  }

  private static List<String> documented() throws Exception {
    String doc =
        new String(
            Files.readAllBytes(Paths.get("..", "docs", "monitoring.md")), StandardCharsets.UTF_8);
    List<String> rows = new ArrayList<>();
    Matcher m = ROW.matcher(doc);
    while (m.find()) {
      rows.add(m.group(1));
    }
    return rows;
  }

  private static boolean covers(String row, String name) {
    int family = row.indexOf('<');
    return family >= 0 ? name.startsWith(row.substring(0, family)) : row.equals(name);
  }

  @Test
  void monitoringDoc_everyRegisteredMetric_hasARow() throws Exception {
    List<String> rows = documented();
    List<String> missing = new ArrayList<>();
    for (String name : registered()) {
      if (rows.stream().noneMatch(r -> covers(r, name))) {
        missing.add(name);
      }
    }
    assertTrue(missing.isEmpty(), "registered but not in docs/monitoring.md: " + missing);
  }

  @Test
  void monitoringDoc_everyRow_namesARegisteredMetric() throws Exception {
    Set<String> names = registered();
    List<String> unknown = new ArrayList<>();
    for (String row : documented()) {
      String base = row;
      for (String part : HISTOGRAM_PARTS) {
        if (row.endsWith(part) && names.contains(row.substring(0, row.length() - part.length()))) {
          base = row.substring(0, row.length() - part.length());
        }
      }
      String b = base;
      if (names.stream().noneMatch(n -> covers(b, n))) {
        unknown.add(row);
      }
    }
    assertTrue(unknown.isEmpty(), "in docs/monitoring.md but never registered: " + unknown);
  }
}
