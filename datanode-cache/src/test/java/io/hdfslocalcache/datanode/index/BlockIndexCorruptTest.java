package io.hdfslocalcache.datanode.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;

/** A block index whose files were damaged while the DataNode was down: start-up goes on. */
class BlockIndexCorruptTest {
  private static final byte[] BLOCK_KEY = {7, 1, 2, 3};

  @TempDir Path dir;

  /** Writes {@code value} under {@code key} with RocksDB itself, as a torn or foreign write. */
  private void putRaw(byte[] key, byte[] value) throws Exception {
    BlockIndex.open(dir).close(); // loads the native library, creates the database
    try (Options o = new Options();
        RocksDB db = RocksDB.open(o, dir.toString())) {
      db.put(key, value);
    }
  }

  private byte[] getRaw(byte[] key) throws Exception {
    try (Options o = new Options();
        RocksDB db = RocksDB.open(o, dir.toString())) {
      return db.get(key);
    }
  }

  @Test
  void loadAll_undecodableBlockRecord_skippedAndDeleted() throws Exception {
    putRaw(BLOCK_KEY, new byte[] {(byte) 0xff, 0, 1});
    try (BlockIndex index = BlockIndex.open(dir)) {
      assertEquals(0, index.loadAll().size());
    }
    assertNull(getRaw(BLOCK_KEY), "deleted, not read again at every start");
  }

  @Test
  void loadOwn_undecodableOwnRecord_emptyAndKeptOutOfTheBlocks() throws Exception {
    putRaw(OwnRecord.WRITE_BUDGET.key, new byte[] {1});
    try (BlockIndex index = BlockIndex.open(dir)) {
      assertFalse(index.loadOwn(OwnRecord.WRITE_BUDGET).isPresent());
      assertEquals(0, index.loadAll().size());
    }
  }

  @Test
  void open_garbageCurrentFile_ioExceptionNamingTheDirectory() throws Exception {
    BlockIndex.open(dir).close();
    Files.write(dir.resolve("CURRENT"), new byte[] {0, 1, 2, 3});
    IOException e = assertThrows(IOException.class, () -> BlockIndex.open(dir));
    assertTrue(e.getMessage().contains(dir.toString()), e.getMessage());
  }
}
