package io.hdfslocalcache.datanode.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheKeys;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.junit.jupiter.api.Test;

/** {@code dirs} as operators write it, in the forms {@code dfs.datanode.data.dir} accepts. */
class CacheDirsValueTest {
  private static final String DATA_DIR = DFSConfigKeys.DFS_DATANODE_DATA_DIR_KEY;

  private static Configuration conf(String dirs, String dataDirs) {
    Configuration c = new Configuration(false);
    c.set(CacheKeys.DIRS, dirs);
    if (dataDirs != null) {
      c.set(DATA_DIR, dataDirs);
    }
    return c;
  }

  private static String error(String dirs, String dataDirs) {
    return assertThrows(
            IllegalArgumentException.class, () -> CacheConfig.from(conf(dirs, dataDirs)))
        .getMessage();
  }

  private static void assertNames(String message, String... parts) {
    for (String p : parts) {
      assertTrue(message.contains(p), "'" + message + "' lacks " + p);
    }
  }

  @Test
  void read_storageTypeTagsAsDataDirWritesThem_tagsStripped() {
    CacheConfig c =
        CacheConfig.from(
            conf("[SSD]/ssd1/cache, [ssd]file:///ssd2/cache, []/ssd3/cache, file:/ssd4", null));
    assertEquals(
        List.of(
            Path.of("/ssd1/cache"),
            Path.of("/ssd2/cache"),
            Path.of("/ssd3/cache"),
            Path.of("/ssd4")),
        c.dirs());
  }

  @Test
  void read_slowStorageTag_refusedNamingKeyAndValue() {
    assertNames(error("[DISK]/hdd1/cache", null), CacheKeys.DIRS, "'[DISK]/hdd1/cache'");
    assertNames(error("/ssd1/c,[ARCHIVE]/a", null), CacheKeys.DIRS, "'[ARCHIVE]/a'");
    assertNames(error("[RAM_DISK]/mnt/ram", null), CacheKeys.DIRS, "'[RAM_DISK]/mnt/ram'");
    assertNames(error("[FLOPPY]/f", null), CacheKeys.DIRS, "'[FLOPPY]/f'");
  }

  @Test
  void read_relativePath_refusedNamingKeyAndValue() {
    assertNames(
        error("ssd-relative/hdfs-local-cache", null),
        CacheKeys.DIRS,
        "'ssd-relative/hdfs-local-cache'",
        "relative");
    assertNames(error("[SSD]ssd1", null), CacheKeys.DIRS, "'[SSD]ssd1'", "relative");
  }

  @Test
  void read_dataDirectoryItself_refusedNamingBothKeys() {
    assertNames(
        error("/data/1/", "[DISK]/data/0,[DISK]file:///data/1"),
        CacheKeys.DIRS,
        "'/data/1/'",
        DATA_DIR,
        "'[DISK]file:///data/1'");
  }

  @Test
  void read_insideDataDirectory_refusedNamingBothKeys() {
    assertNames(
        error("/data/1/cache", "file:/data/1"),
        CacheKeys.DIRS,
        "'/data/1/cache'",
        "is inside",
        DATA_DIR,
        "'file:/data/1'");
  }

  @Test
  void read_containsDataDirectory_refusedNamingBothKeys() {
    assertNames(
        error("/mnt/ssd", "/mnt/ssd/hdfs/data"),
        CacheKeys.DIRS,
        "'/mnt/ssd'",
        "contains",
        DATA_DIR,
        "'/mnt/ssd/hdfs/data'");
  }

  @Test
  void read_besideDataDirectories_accepted() {
    CacheConfig c = CacheConfig.from(conf("/mnt/ssd/cache", "/mnt/ssd/data,/data/1"));
    assertEquals(List.of(Path.of("/mnt/ssd/cache")), c.dirs());
  }

  @Test
  void read_sameDirectoryTwice_refusedNamingKeyAndBothValues() {
    assertNames(
        error("/ssd1/cache,file:///ssd1/cache/", null),
        CacheKeys.DIRS,
        "'file:///ssd1/cache/'",
        "is",
        "'/ssd1/cache'");
  }

  @Test
  void read_directoryInsideAnother_refusedNamingKeyAndBothValues() {
    assertNames(
        error("/ssd1/cache,/ssd1/cache/more", null),
        CacheKeys.DIRS,
        "'/ssd1/cache/more'",
        "is inside",
        "'/ssd1/cache'");
    assertNames(error("/ssd1/cache/more,/ssd1", null), CacheKeys.DIRS, "'/ssd1'", "contains");
  }
}
