package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.settings.CacheConfig;
import io.hdfslocalcache.datanode.store.PageStore;
import io.hdfslocalcache.datanode.store.PageStores;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/install.md step 6 shows the start-up line an operator greps for and the path of a page file:
 * the line is the one the factory logs, for the documented directories and the defaults; the path
 * is where a real (Alluxio) store puts a page a fill writes.
 */
class InstallDocTest {
  private static final String LOGGED = "INFO  LocalCacheDatasetFactory: ";
  private static final String PAGE_PATH = "`<dir>/<datanodeUuid>/LOCAL/";

  private static List<String> install() throws Exception {
    return Files.readAllLines(Paths.get("..", "docs", "install.md"), StandardCharsets.UTF_8);
  }

  @Test
  void installDoc_startUpLine_isTheLineTheFactoryLogs() throws Exception {
    List<String> documented =
        install().stream()
            .filter(l -> l.startsWith(LOGGED + "hdfs-local-cache <version> active on"))
            .map(l -> l.substring(LOGGED.length()))
            .collect(Collectors.toList());
    Configuration conf = new Configuration(false);
    conf.set(CacheKeys.DIRS, "/ssd1/hdfs-local-cache,/ssd2/hdfs-local-cache");
    String logged =
        LocalCacheDatasetFactory.activeLine(
            "<version>",
            List.of(
                "/ssd1/hdfs-local-cache/<datanodeUuid>", "/ssd2/hdfs-local-cache/<datanodeUuid>"),
            CacheConfig.from(conf),
            false);
    assertEquals(List.of(logged), documented);
  }

  @Test
  void installDoc_pagePath_isWhereAFillsPageIsWritten(@TempDir Path dir) throws Exception {
    List<String> documented =
        install().stream()
            .filter(l -> l.startsWith(PAGE_PATH))
            .map(l -> l.substring(1, l.indexOf('`', 1)))
            .collect(Collectors.toList());
    assertEquals(1, documented.size(), "one page path in docs/install.md: " + documented);
    BlockId id = new BlockId("BP-1-127.0.0.1-1", 1073741825L);
    long fillId = 0x7f3a91c2e4b5d6f1L; // a fill id: random, positive, 63 bits
    try (PageStore store = PageStores.openAlluxio(dir, 64 << 20, 65536)) {
      store.write(id.fileId(1001, fillId, BlockId.CacheFile.DATA), 3, new byte[100], 0, 100);
    }
    List<String> written;
    try (Stream<Path> files = Files.walk(dir.resolve("LOCAL"))) {
      written =
          files
              .filter(Files::isRegularFile)
              .map(f -> "<dir>/<datanodeUuid>/" + dir.relativize(f))
              .collect(Collectors.toList());
    }
    String pattern =
        Pattern.quote(documented.get(0))
            .replace("<pageSize>", "\\E65536\\Q")
            .replace("<bucket>", "\\E[0-9]+\\Q")
            .replace("<BP-...>", "\\EBP-1-127\\.0\\.0\\.1-1\\Q")
            .replace("<id>", "1073741825")
            .replace("<genstamp>", "1001")
            .replace("<fillId>", Long.toHexString(fillId))
            .replace("<pageIndex>", "3");
    assertEquals(1, written.size(), written.toString());
    assertTrue(written.get(0).matches(pattern), written.get(0) + " is not " + documented.get(0));
  }
}
