package io.hdfslocalcache.simulator.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Events in files: the same rows as on the heap, and no file left behind. */
class EventStoreTest {
  private static final String HEADER =
      "timestamp_ms,block_pool,block_id,gen_stamp,op,offset,length\n";

  @TempDir Path dir;

  /** {@code n} events over 5 blocks, every op, times not in order. */
  private static String csv(int n) {
    StringBuilder s = new StringBuilder(HEADER);
    String[] ops = {"READ", "READ", "WRITE", "READ", "DELETE"};
    for (int i = 0; i < n; i++) {
      s.append((i * 7919L) % 1000)
          .append(",p,")
          .append(i % 5)
          .append(",")
          .append(1 + i / 10)
          .append(",")
          .append(ops[i % ops.length])
          .append(",")
          .append(i * 3L)
          .append(",")
          .append(100 + i)
          .append("\n");
    }
    return s.toString();
  }

  private static List<Path> listed(Path d) throws Exception {
    try (Stream<Path> s = Files.list(d)) {
      return s.toList();
    }
  }

  @Test
  void chunks_onDiskAtChunkSizes_sameRowsAsOnTheHeap() throws Exception {
    List<String> want =
        TestTraces.rows(TestTraces.parse(csv(23), TraceFormat.CSV, EventStore.heap()));
    for (int chunk : new int[] {1, 4, 23, 24, 100}) {
      try (EventStore store = EventStore.open(EventsOn.DISK, dir, chunk)) {
        Trace t = TestTraces.parse(csv(23), TraceFormat.CSV, store);
        assertEquals(want, TestTraces.rows(t), chunk + " events a chunk");
        assertEquals(want, TestTraces.rows(t), "read twice, " + chunk + " events a chunk");
        assertEquals(23, t.events().size());
      }
    }
  }

  @Test
  void chunks_noEvents_noChunks() throws Exception {
    try (EventStore store = EventStore.open(EventsOn.DISK, dir, 4)) {
      Trace t = TestTraces.parse(HEADER, TraceFormat.CSV, store);
      assertFalse(t.events().chunks().iterator().hasNext());
    }
  }

  @Test
  void close_afterTheRun_filesAndDirectoryDeleted() throws Exception {
    Path runDir;
    try (EventStore store = EventStore.open(EventsOn.DISK, dir, 4)) {
      TestTraces.parse(csv(10), TraceFormat.CSV, store);
      TestTraces.parse(csv(3), TraceFormat.CSV, store);
      runDir = store.directory();
      assertEquals(dir, runDir.getParent());
      List<Path> files = listed(runDir);
      assertEquals(2, files.size(), files.toString());
      long bytes = 0;
      for (Path f : files) {
        bytes += Files.size(f);
      }
      assertEquals(13L * FileEvents.BYTES_PER_EVENT, bytes, "25 bytes an event");
    }
    assertFalse(Files.exists(runDir));
    assertEquals(List.of(), listed(dir));
  }

  @Test
  void close_afterAParseFailed_filesAndDirectoryDeleted() throws Exception {
    Path runDir;
    try (EventStore store = EventStore.open(EventsOn.DISK, dir, 4)) {
      runDir = store.directory();
      assertThrows(
          TraceFormatException.class,
          () -> TestTraces.parse(csv(9) + "not,a,line\n", TraceFormat.CSV, store));
      assertEquals(1, listed(runDir).size(), "the failed parse's file, until the store closes");
    }
    assertFalse(Files.exists(runDir));
    assertEquals(List.of(), listed(dir));
  }

  @Test
  void add_diskFull_errorNamesTheFileAndTheWaysOut() throws Exception {
    Path full = Path.of("/dev/full"); // every write fails with ENOSPC
    assumeTrue(Files.exists(full), "no /dev/full here");
    Path named = dir.resolve("events-0.bin");
    // Never closed: close() deletes the file it names; the channel closes here.
    try (FileChannel channel = FileChannel.open(full, StandardOpenOption.WRITE)) {
      FileEvents events = new FileEvents(named, channel, 2);
      events.add(1, 0, Op.READ, 0, 10);
      UncheckedIOException e =
          assertThrows(UncheckedIOException.class, () -> events.add(2, 0, Op.READ, 0, 10));
      assertTrue(
          e.getMessage().startsWith("cannot write the trace's events to " + named), e.getMessage());
      assertTrue(e.getMessage().contains("--events-dir"), e.getMessage());
      assertTrue(e.getMessage().contains("--events-on heap"), e.getMessage());
    }
  }

  @Test
  void open_missingDirectory_errorNamesIt() {
    Path missing = dir.resolve("nope");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> EventStore.open(EventsOn.DISK, missing, 4));
    assertEquals("--events-dir " + missing + ": no such directory", e.getMessage());
  }

  @Test
  void open_aFile_errorSaysNotADirectory() throws Exception {
    Path file = Files.writeString(dir.resolve("f"), "x");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> EventStore.open(EventsOn.DISK, file, 4));
    assertEquals("--events-dir " + file + ": not a directory", e.getMessage());
  }

  @Test
  void open_readOnlyDirectory_errorSaysCannotWrite() throws Exception {
    Path ro = Files.createDirectory(dir.resolve("ro"));
    Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("r-xr-xr-x"));
    assumeTrue(!Files.isWritable(ro), "running as root: permissions do not stop writes");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> EventStore.open(EventsOn.DISK, ro, 4));
    assertTrue(
        e.getMessage().startsWith("--events-dir " + ro + ": cannot write there"), e.getMessage());
    Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  @Test
  void open_heap_noDirectory() {
    try (EventStore store = EventStore.open(EventsOn.HEAP, dir.resolve("nope"), 4)) {
      assertEquals(null, store.directory());
    }
  }

  @Test
  void byName_unknown_errorListsTheNames() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> EventsOn.byName("ssd"));
    assertEquals("--events-on must be heap or disk, got 'ssd'", e.getMessage());
    assertEquals(EventsOn.DISK, EventsOn.byName(" Disk"));
  }
}
