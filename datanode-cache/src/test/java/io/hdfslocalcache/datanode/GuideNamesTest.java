package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every key, command and metric a guide names exists: the keys in {@code CacheKeys}, the commands
 * in {@code bin/hdfs-local-cache} (and {@code bench}'s), the metrics in what a real cache exports
 * ({@link DocNames} says what counts as a name). A renamed key or metric, or a guide's typo, fails
 * here naming the file and the line.
 */
class GuideNamesTest {
  @TempDir static Path dir;
  static DocNames names;

  @BeforeAll
  static void start() throws Exception {
    names = DocNames.of(CacheExport.of(dir));
  }

  @Test
  void guides_everyKeyCommandAndMetric_exists() {
    List<String> unknown = new ArrayList<>();
    for (MarkdownDoc guide : MarkdownDoc.guides()) {
      unknown.addAll(names.unknown(guide));
    }
    assertEquals(List.of(), unknown, "names the guides use that the code does not have");
  }

  @Test
  void names_takenFromTheCode_notEmpty() {
    assertTrue(names.keys.contains("dfs.datanode.local-cache.capacity"), names.keys.toString());
    assertTrue(names.commands.containsAll(List.of("demo", "status", "admin", "simulate", "bench")));
    assertTrue(names.benchCommands.containsAll(List.of("e2e", "scale", "heap", "RateLimit")));
    assertTrue(names.metrics.containsAll(List.of("read.hits", "used", "in.service", "hit.ratio")));
    assertTrue(names.prometheus.contains("local_cache_read_hits"), names.prometheus.toString());
  }

  @Test
  void unknown_misspeltKeyCommandMetric_eachReported(@TempDir Path tmp) {
    String text =
        "Set `dfs.datanode.local-cache.capcity` and dfs.datanode.local-cache.capacity;"
            + " dfs.datanode.local-cache.shadow.candidate.t1 is a candidate.\n"
            + "```\nbin/hdfs-local-cache simulat --trace x\nbin/hdfs-local-cache bench e2f\n"
            + "bin/hdfs-local-cache status --datanode dn:9864\n```\n"
            + "`read.hitz` against `read.hits`, `read.timeout`, `store.dir<N>.in.service`,"
            + " `read.hdd.cause.<reason>`, `read.fallback.*`, `read.latency.hdd.micros.p99`,"
            + " `io.file.buffer.size`, `local_cache_read_hitz` and `local_cache_read_hits`\n";
    MarkdownDoc doc = new MarkdownDoc(tmp.resolve("g.md"), tmp, text);
    List<String> found = new ArrayList<>();
    names.unknown(doc).forEach(u -> found.add(u.substring(u.indexOf(": ") + 2)));
    assertEquals(
        List.of(
            "key dfs.datanode.local-cache.capcity",
            "command simulat",
            "command bench e2f",
            "metric read.hitz",
            "metric local_cache_read_hitz"),
        found);
  }
}
