package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * docs/install.md step 5 shows the start-up line an operator greps for: it is the line the factory
 * logs, for the documented directories and the defaults.
 */
class InstallDocTest {
  private static final String LOGGED = "INFO  LocalCacheDatasetFactory: ";

  @Test
  void installDoc_startUpLine_isTheLineTheFactoryLogs() throws Exception {
    List<String> documented =
        Files.readAllLines(Paths.get("..", "docs", "install.md"), StandardCharsets.UTF_8).stream()
            .filter(l -> l.startsWith(LOGGED + "hdfs-local-cache <version> active on"))
            .map(l -> l.substring(LOGGED.length()))
            .collect(Collectors.toList());
    Configuration conf = new Configuration(false);
    conf.set(CacheConfig.DIRS, "/ssd1/hdfs-local-cache,/ssd2/hdfs-local-cache");
    String logged =
        LocalCacheDatasetFactory.activeLine(
            "<version>",
            List.of(
                "/ssd1/hdfs-local-cache/<datanodeUuid>", "/ssd2/hdfs-local-cache/<datanodeUuid>"),
            CacheConfig.from(conf),
            false);
    assertEquals(List.of(logged), documented);
  }
}
