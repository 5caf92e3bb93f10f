package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hdfslocalcache.datanode.index.BlockIndex;
import io.hdfslocalcache.datanode.store.OpenProgress;
import io.hdfslocalcache.datanode.store.RecordingPageStore;
import io.hdfslocalcache.time.FakeClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.zip.CRC32;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Start-up's wait for the directories, on a fake clock: its polls move the clock, and each poll
 * moves an opening directory's progress while the test says it restores. Start-up limit 2 s, stall
 * limit 1 s: at the limit a directory that has not progressed for a second is hung.
 */
@Timeout(60)
class DirectoryStartupTest {
  private static final long MS = 1_000_000;
  private final OpenLimits limits = new OpenLimits(2_000 * MS, 1_000 * MS);
  private final FakeClock clock = new FakeClock(0);
  @TempDir Path tmp;
  private DirectoryStartup startup;

  /** An open that restores (its progress moving on every poll) until the test ends it. */
  private final class Controlled implements DirectoryStartup.Opener {
    final CountDownLatch started = new CountDownLatch(1);
    final CountDownLatch end = new CountDownLatch(1);
    final AtomicBoolean restoring = new AtomicBoolean(true);
    final AtomicBoolean closed = new AtomicBoolean();
    volatile OpenProgress progress;
    volatile Thread opener;

    Controlled() {
      clock.onSleep(
          () -> {
            OpenProgress p = progress;
            if (p != null && restoring.get()) {
              p.step();
            }
          });
    }

    @Override
    public DirectoryOpener.Opened open(int position, Path dir, OpenProgress p) {
      progress = p;
      opener = Thread.currentThread();
      started.countDown();
      awaitQuietly(end);
      RecordingPageStore store =
          new RecordingPageStore() {
            @Override
            public void close() {
              closed.set(true);
            }
          };
      try {
        return new DirectoryOpener.Opened(position, dir, store, index(dir), 42);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    DirectoryStartup start() throws InterruptedException {
      startup =
          DirectoryStartup.start(Collections.singletonList(tmp.resolve("d0")), limits, clock, this);
      assertTrue(started.await(10, TimeUnit.SECONDS));
      // the open's thread counts its CPU time as progress: start-up's polls (on the fake clock)
      // begin once it waits for the test, so a loaded machine finishing its start does not read
      // as a hung disk progressing
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (opener.getState() != Thread.State.WAITING && System.nanoTime() < deadline) {
        Thread.yield();
      }
      return startup;
    }
  }

  @AfterEach
  void close() {
    if (startup != null) {
      startup.close();
    }
  }

  private static BlockIndex index(Path dir) throws IOException {
    Files.createDirectories(dir);
    return BlockIndex.open(dir.resolve("index"));
  }

  private static void awaitQuietly(CountDownLatch l) {
    while (true) {
      try {
        l.await();
        return;
      } catch (InterruptedException e) {
        // a disk does not answer interrupts either
      }
    }
  }

  private static void awaitTrue(String what, BooleanSupplier cond) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (!cond.getAsBoolean()) {
      assertTrue(System.nanoTime() < deadline, "timed out waiting for " + what);
      Thread.sleep(5);
    }
  }

  @Test
  void awaitStartup_openEndsAtOnce_returnedWithoutWaitingTheLimit() throws Exception {
    clock.sleepsMoveNoTime(); // start-up's polls wait in real time for the open to end
    Controlled open = new Controlled();
    open.end.countDown();
    List<DirectoryOpener.Opened> got = open.start().awaitStartup();
    assertEquals(1, got.size());
    assertEquals(0, got.get(0).position());
    assertFalse(startup.anyOpening());
    assertTrue(clock.nanoTime() < limits.startupNanos, "waited " + clock.nanoTime());
    DirectoryOpener.closeQuietly(got);
  }

  @Test
  void awaitStartup_openRestoringAtTheLimit_keptAndJoinsWhenReady() throws Exception {
    Controlled open = new Controlled();
    assertEquals(Collections.emptyList(), open.start().awaitStartup());
    assertTrue(clock.nanoTime() >= limits.startupNanos, "waited the limit");
    assertTrue(startup.anyOpening(), "still opening, not left out");

    BlockingQueue<DirectoryOpener.Opened> joined = new LinkedBlockingQueue<>();
    clock.sleepsMoveNoTime(); // the restore may take as long as it takes
    startup.continueInBackground(joined::add);
    open.end.countDown();
    DirectoryOpener.Opened o = joined.poll(20, TimeUnit.SECONDS);
    assertNotNull(o, "handed to the cache when its open ended");
    assertEquals(tmp.resolve("d0"), o.path());
    assertFalse(open.closed.get(), "a joined directory stays open");
    awaitTrue("nothing left opening", () -> !startup.anyOpening());
    DirectoryOpener.closeQuietly(Collections.singletonList(o));
  }

  /**
   * An open that takes no step for longer than the stall limit but works all along on its thread,
   * as RocksDB's open does while it replays a long write-ahead log: kept, not left out as hung.
   * Each of start-up's polls (on the fake clock) waits until the opening thread has used more CPU
   * time, so what the watch reads does not hang on how the machine schedules the thread.
   */
  @Test
  void awaitStartup_openWorkingOnItsThreadWithoutSteps_keptNotLeftOut() throws Exception {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    assumeTrue(threads.isThreadCpuTimeSupported() && threads.isThreadCpuTimeEnabled());
    CountDownLatch end = new CountDownLatch(1);
    AtomicLong openerId = new AtomicLong(-1);
    AtomicLong lastCpu = new AtomicLong();
    clock.onSleep(
        () -> {
          long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
          while (openerId.get() < 0 && System.nanoTime() < deadline) {
            Thread.yield(); // the opening thread has not started its work yet
          }
          long id = openerId.get();
          while (threads.getThreadCpuTime(id) <= lastCpu.get() && System.nanoTime() < deadline) {
            Thread.yield();
          }
          lastCpu.set(threads.getThreadCpuTime(id));
        });
    startup =
        DirectoryStartup.start(
            Collections.singletonList(tmp.resolve("d0")),
            limits,
            clock,
            (i, dir, p) -> {
              openerId.set(Thread.currentThread().getId());
              CRC32 replay = new CRC32(); // CPU-bound work that takes no step
              byte[] log = new byte[64 << 10];
              while (end.getCount() > 0) {
                replay.update(log, 0, log.length);
              }
              return null;
            });
    try {
      assertEquals(Collections.emptyList(), startup.awaitStartup());
      assertTrue(clock.nanoTime() >= limits.startupNanos, "waited the limit");
      assertTrue(startup.anyOpening(), "still opening, not left out");
    } finally {
      end.countDown();
    }
  }

  @Test
  void awaitStartup_openNotProgressing_leftOutAndClosedWhenItEnds() throws Exception {
    Controlled open = new Controlled();
    open.restoring.set(false); // a hung disk
    assertEquals(Collections.emptyList(), open.start().awaitStartup());
    assertFalse(startup.anyOpening(), "left out at the limit");
    BlockingQueue<DirectoryOpener.Opened> joined = new LinkedBlockingQueue<>();
    startup.continueInBackground(joined::add);
    open.end.countDown(); // the disk answers at last
    awaitTrue("what it opened closed", open.closed::get);
    assertNull(joined.poll(100, TimeUnit.MILLISECONDS), "never joins");
  }

  @Test
  void continueInBackground_openStopsProgressing_leftOutNeverJoins() throws Exception {
    Controlled open = new Controlled();
    assertEquals(Collections.emptyList(), open.start().awaitStartup());
    assertTrue(startup.anyOpening());
    open.restoring.set(false); // the disk hangs after start-up
    BlockingQueue<DirectoryOpener.Opened> joined = new LinkedBlockingQueue<>();
    startup.continueInBackground(joined::add);
    awaitTrue("left out once stalled", () -> !startup.anyOpening());
    assertTrue(
        clock.nanoTime() >= limits.startupNanos + limits.stallNanos - limits.startupPollNanos);
    open.end.countDown();
    awaitTrue("what it opened closed", open.closed::get);
    assertNull(joined.poll(100, TimeUnit.MILLISECONDS), "never joins");
  }

  @Test
  void close_whileADirectoryOpens_itsOpenClosedWhenItEnds() throws Exception {
    Controlled open = new Controlled();
    open.start().awaitStartup();
    assertTrue(startup.anyOpening());
    startup.close();
    assertFalse(startup.anyOpening());
    open.end.countDown();
    awaitTrue("what it opened closed", open.closed::get);
    // The index closes after the store: its RocksDB lock is free once it has.
    awaitTrue("its index closed", () -> indexReopens(tmp.resolve("d0")));
  }

  private static boolean indexReopens(Path dir) {
    try {
      index(dir).close();
      return true;
    } catch (IOException | RuntimeException e) {
      return false; // still held by the open that ended
    }
  }

  @Test
  void awaitStartup_oneOpenAndOneHung_returnsTheOpenOneInItsPlace() throws Exception {
    clock.sleepsMoveNoTime(); // the test moves time once the second directory is open
    CountDownLatch hungEnd = new CountDownLatch(1);
    CountDownLatch secondOpen = new CountDownLatch(1);
    startup =
        DirectoryStartup.start(
            Arrays.asList(tmp.resolve("a"), tmp.resolve("b")),
            limits,
            clock,
            (i, dir, p) -> {
              if (i == 0) {
                awaitQuietly(hungEnd);
                return null;
              }
              try {
                return new DirectoryOpener.Opened(i, dir, new RecordingPageStore(), index(dir), 1);
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              } finally {
                secondOpen.countDown();
              }
            });
    Thread mover =
        new Thread(
            () -> {
              awaitQuietly(secondOpen);
              try {
                Thread.sleep(50); // its thread hands the result over right after
              } catch (InterruptedException e) {
                return;
              }
              clock.advance(java.time.Duration.ofSeconds(3));
            });
    mover.start();
    List<DirectoryOpener.Opened> got = startup.awaitStartup();
    hungEnd.countDown();
    assertEquals(1, got.size());
    assertEquals(1, got.get(0).position(), "its place in dirs names its metrics");
    assertFalse(startup.anyOpening(), "the hung one left out");
    DirectoryOpener.closeQuietly(got);
  }
}
