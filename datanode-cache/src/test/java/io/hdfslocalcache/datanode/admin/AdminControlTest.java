package io.hdfslocalcache.datanode.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.admin.ControlFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The control folders as the maintenance round reads them, in two directories of one DataNode. */
class AdminControlTest {
  @TempDir Path base;

  private List<Path> twoDirs() {
    return Arrays.asList(base.resolve("ssd1/uuid"), base.resolve("ssd2/uuid"));
  }

  @Test
  void recordDirectories_twoDirs_eachControlFolderListsBoth() throws Exception {
    List<Path> dirs = twoDirs();
    new AdminControl(dirs).recordDirectories(dirs);
    for (Path d : dirs) {
      Path f = d.resolve(ControlFiles.CONTROL_DIR).resolve(ControlFiles.DIRECTORIES_FILE);
      assertEquals(
          Arrays.asList(dirs.get(0).toString(), dirs.get(1).toString()),
          Files.readAllLines(f, StandardCharsets.UTF_8));
      assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)));
    }
  }

  @Test
  void poll_bypassInSecondDirOnly_bypassedUntilItGoes() throws Exception {
    List<Path> dirs = twoDirs();
    AdminControl control = new AdminControl(dirs);
    control.recordDirectories(dirs);
    Path bypass = dirs.get(1).resolve(ControlFiles.CONTROL_DIR).resolve(ControlFiles.BYPASS_FILE);
    Files.write(bypass, new byte[0]);
    control.poll();
    assertTrue(control.bypassed());
    Files.delete(bypass);
    control.poll();
    assertFalse(control.bypassed());
  }

  @Test
  void join_directoryOpenedAfterStart_itsBypassSeenAndEveryRecordListsIt() throws Exception {
    List<Path> dirs = twoDirs();
    AdminControl control = new AdminControl(dirs.subList(0, 1));
    control.recordDirectories(dirs.subList(0, 1));
    control.join(dirs.get(1), dirs);
    for (Path d : dirs) {
      Path f = d.resolve(ControlFiles.CONTROL_DIR).resolve(ControlFiles.DIRECTORIES_FILE);
      assertEquals(
          Arrays.asList(dirs.get(0).toString(), dirs.get(1).toString()),
          Files.readAllLines(f, StandardCharsets.UTF_8));
    }
    Path bypass = dirs.get(1).resolve(ControlFiles.CONTROL_DIR).resolve(ControlFiles.BYPASS_FILE);
    Files.write(bypass, new byte[0]);
    control.poll();
    assertTrue(control.bypassed());
  }

  @Test
  void poll_evictionLinesAndListRequest_evictionsConsumedRequestLeft() throws Exception {
    List<Path> dirs = twoDirs();
    AdminControl control = new AdminControl(dirs);
    control.recordDirectories(dirs);
    Path c = dirs.get(0).resolve(ControlFiles.CONTROL_DIR);
    Files.write(
        c.resolve(ControlFiles.EVICT_PREFIX + "1"),
        "BP-1 7\nnot a block\n\nBP-1 8\nall\n".getBytes(StandardCharsets.UTF_8));
    Path request = c.resolve(ControlFiles.LIST_PREFIX + "x");
    Files.write(request, new byte[0]);
    AdminControl.Commands got = control.poll();
    assertEquals(3, got.evictions.size(), "the bad line skipped, the others taken");
    assertEquals(7, got.evictions.get(0).block.blockId());
    assertEquals(8, got.evictions.get(1).block.blockId());
    assertNull(got.evictions.get(2).block, "all");
    assertFalse(Files.exists(c.resolve(ControlFiles.EVICT_PREFIX + "1")));
    assertEquals(Arrays.asList(request), got.listRequests);
    assertTrue(Files.exists(request), "left for the listing answer");
  }
}
