package io.hdfslocalcache.datanode.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hdfslocalcache.time.FakeClock;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcStatTest {
  @TempDir Path dir;
  final FakeClock clock = new FakeClock(0);

  private Path stat(int running, int blocked) throws Exception {
    Path f = dir.resolve("stat");
    Files.writeString(
        f,
        "cpu  10 0 20 300 40 0 1 0 0 0\ncpu0 10 0 20 300 40 0 1 0 0 0\n"
            + "intr 123 0 1\nctxt 456\nbtime 1700000000\nprocesses 789\n"
            + "procs_running "
            + running
            + "\nprocs_blocked "
            + blocked
            + "\nsoftirq 1 2 3\n");
    return f;
  }

  @Test
  void procsBlocked_sampleFile_readsBothFields() throws Exception {
    ProcStat p = new ProcStat(stat(3, 17), clock);
    assertEquals(17, p.procsBlocked());
    assertEquals(3, p.procsRunning());
  }

  @Test
  void procsBlocked_absentFile_minusOne() {
    ProcStat p = new ProcStat(dir.resolve("missing"), clock);
    assertEquals(-1, p.procsBlocked());
    assertEquals(-1, p.procsRunning());
  }

  @Test
  void procsBlocked_fieldMissingOrGarbled_minusOne() throws Exception {
    Path f = dir.resolve("stat");
    Files.writeString(f, "cpu 1 2 3\nprocs_running x\n");
    ProcStat p = new ProcStat(f, clock);
    assertEquals(-1, p.procsBlocked());
    assertEquals(-1, p.procsRunning());
  }

  @Test
  void procsBlocked_fileChanges_rereadOnlyAfterOneSecond() throws Exception {
    ProcStat p = new ProcStat(stat(1, 2), clock);
    assertEquals(2, p.procsBlocked());
    stat(1, 9);
    clock.advanceNanos(999_000_000L);
    assertEquals(2, p.procsBlocked(), "cached within the second");
    clock.advanceNanos(1_000_000L);
    assertEquals(9, p.procsBlocked());
    Files.delete(dir.resolve("stat"));
    clock.advanceNanos(1_000_000_000L);
    assertEquals(-1, p.procsBlocked(), "file gone: -1, no exception");
  }

  @Test
  void system_onLinux_nonNegative() {
    if (Files.isReadable(Path.of("/proc/stat"))) {
      ProcStat p = ProcStat.system();
      assertEquals(true, p.procsBlocked() >= 0);
      assertEquals(true, p.procsRunning() >= 1);
    }
  }
}
