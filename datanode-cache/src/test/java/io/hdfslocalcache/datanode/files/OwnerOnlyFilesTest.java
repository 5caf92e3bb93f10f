package io.hdfslocalcache.datanode.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OwnerOnlyFilesTest {
  @TempDir Path dir;

  private Path readableByAll(String name) throws Exception {
    Path f = Files.write(dir.resolve(name), new byte[] {1});
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r--r--"));
    return f;
  }

  private static String mode(Path f) throws Exception {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(f));
  }

  @Test
  void restrictAll_filesUnderTheUmask_everyFileOwnerOnlyDirectoriesLeft() throws Exception {
    Path a = readableByAll("000012.sst");
    Path b = readableByAll("MANIFEST-000005");
    Path sub = Files.createDirectory(dir.resolve("archive"));
    Files.setPosixFilePermissions(sub, PosixFilePermissions.fromString("rwxr-xr-x"));
    OwnerOnlyFiles.restrictAll(dir);
    assertEquals("rw-------", mode(a));
    assertEquals("rw-------", mode(b));
    assertEquals("rwxr-xr-x", mode(sub));
  }

  @Test
  void restrict_deletedMeanwhile_noError() {
    OwnerOnlyFiles.restrict(dir.resolve("gone"));
  }

  @Test
  void writeWhole_existingTarget_replacedOwnerOnlyNoTemporaryLeft() throws Exception {
    Path target = readableByAll("directories");
    OwnerOnlyFiles.writeWhole(target, new byte[] {7, 8});
    assertArrayEquals(new byte[] {7, 8}, Files.readAllBytes(target));
    assertEquals("rw-------", mode(target));
    assertFalse(Files.exists(dir.resolve(".directories")));
  }
}
