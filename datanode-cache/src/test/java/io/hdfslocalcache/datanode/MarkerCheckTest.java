package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheDirMarker;
import io.hdfslocalcache.config.CacheKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MarkerCheckTest {
  @TempDir Path base;

  @Test
  void judge_markedDirectory_marked() throws Exception {
    Path root = CacheDirMarker.create(base.resolve("ssd"));
    assertEquals(MarkerCheck.Verdict.MARKED, MarkerCheck.judge(root, root.resolve("dn")));
  }

  @Test
  void judge_emptyMountPoint_unmarkedAndNothingCreated() throws Exception {
    Path root = Files.createDirectory(base.resolve("ssd"));
    assertEquals(MarkerCheck.Verdict.UNMARKED, MarkerCheck.judge(root, root.resolve("dn")));
    try (java.util.stream.Stream<Path> s = Files.list(root)) {
      assertEquals(0, s.count());
    }
    String why = MarkerCheck.refusal(MarkerCheck.Verdict.UNMARKED, root);
    assertTrue(why.startsWith(CacheKeys.DIRS + " directory " + root), why);
    assertTrue(why.contains("touch " + root.resolve(CacheDirMarker.FILE_NAME)), why);
  }

  @Test
  void judge_missingDirectory_missingAndNotCreated() throws Exception {
    Path root = base.resolve("mnt/ssd");
    assertEquals(MarkerCheck.Verdict.MISSING, MarkerCheck.judge(root, root.resolve("dn")));
    assertFalse(Files.exists(base.resolve("mnt")));
    String why = MarkerCheck.refusal(MarkerCheck.Verdict.MISSING, root);
    assertTrue(why.contains("does not exist"), why);
  }

  @Test
  void judge_aFile_notADirectory() throws Exception {
    Path root = Files.createFile(base.resolve("ssd"));
    assertEquals(MarkerCheck.Verdict.NOT_A_DIRECTORY, MarkerCheck.judge(root, root.resolve("dn")));
  }

  @Test
  void judge_earlierReleasesIndexWithoutMarker_adoptedAndMarked() throws Exception {
    Path root = Files.createDirectory(base.resolve("ssd"));
    Files.createDirectories(root.resolve("dn/index"));
    assertEquals(MarkerCheck.Verdict.ADOPTED, MarkerCheck.judge(root, root.resolve("dn")));
    assertTrue(Files.exists(root.resolve(CacheDirMarker.FILE_NAME)));
  }

  @Test
  void judge_anotherDataNodesIndexOnly_unmarked() throws Exception {
    Path root = Files.createDirectory(base.resolve("ssd"));
    Files.createDirectories(root.resolve("other-dn/index"));
    assertEquals(MarkerCheck.Verdict.UNMARKED, MarkerCheck.judge(root, root.resolve("dn")));
  }
}
