package io.hdfslocalcache.datanode.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import alluxio.client.file.cache.PageId;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bounded set of open page files: least recently read closed first, one file per page. */
class OpenPageFilesTest {
  @TempDir Path dir;

  private FileChannel open(String name) throws Exception {
    Path p = Files.write(dir.resolve(name), new byte[] {1});
    return FileChannel.open(p, StandardOpenOption.READ);
  }

  /** One read of {@code page}'s kept file, if there is one. */
  private static void read(OpenPageFiles files, PageId page) {
    KeptFile k = files.enter(page);
    if (k != null) {
      k.leave();
    }
  }

  @Test
  void add_pastCapacity_closesTheLeastRecentlyRead() throws Exception {
    OpenPageFiles files = new OpenPageFiles(2);
    FileChannel a = files.add(new PageId("f", 0), open("a")).channel();
    FileChannel b = files.add(new PageId("f", 1), open("b")).channel();
    read(files, new PageId("f", 0)); // read a again: b is now the eldest
    FileChannel c = files.add(new PageId("f", 2), open("c")).channel();
    assertEquals(2, files.size());
    assertTrue(a.isOpen() && c.isOpen());
    assertTrue(!b.isOpen());
  }

  @Test
  void add_pastCapacity_closesABatchOfTheLeastRecentlyRead() throws Exception {
    OpenPageFiles files = new OpenPageFiles(32); // closes 32 / 16 = 2 at a time
    FileChannel[] ch = new FileChannel[33];
    for (int i = 0; i < 32; i++) {
      ch[i] = files.add(new PageId("f", i), open("p" + i)).channel();
    }
    read(files, new PageId("f", 0)); // read again: 1 and 2 are now the least recently read
    ch[32] = files.add(new PageId("f", 32), open("p32")).channel();
    assertEquals(31, files.size());
    assertTrue(!ch[1].isOpen() && !ch[2].isOpen());
    assertTrue(ch[0].isOpen() && ch[3].isOpen() && ch[32].isOpen());
  }

  @Test
  void add_pastCapacityWhileReadersRestamp_closesWithoutFailing() throws Exception {
    // Readers restamp files while an add sorts them: the sort must see each stamp once.
    OpenPageFiles files = new OpenPageFiles(256);
    FileChannel ch = open("shared"); // the same channel under every page: only the map is tested
    for (int i = 0; i < 256; i++) {
      files.add(new PageId("f", i), ch);
    }
    AtomicBoolean stop = new AtomicBoolean();
    AtomicInteger latest = new AtomicInteger(255);
    Thread[] readers = new Thread[3];
    for (int r = 0; r < readers.length; r++) {
      int seed = r;
      readers[r] =
          new Thread(
              () -> {
                Random random = new Random(seed);
                while (!stop.get()) {
                  read(files, new PageId("f", latest.get() - random.nextInt(256)));
                }
              });
      readers[r].start();
    }
    try {
      for (int i = 256; i < 20_000; i++) {
        files.add(new PageId("f", i), FileChannel.open(dir.resolve("shared")));
        latest.set(i);
      }
    } finally {
      stop.set(true);
      for (Thread t : readers) {
        t.join();
      }
      files.forgetAll();
    }
  }

  @Test
  void enter_whileAnotherThreadHoldsTheLock_doesNotWaitForIt() throws Exception {
    OpenPageFiles files = new OpenPageFiles(4);
    FileChannel a = files.add(new PageId("f", 0), open("a")).channel();
    CountDownLatch held = new CountDownLatch(1);
    CountDownLatch done = new CountDownLatch(1);
    Thread holder =
        new Thread(
            () -> {
              synchronized (files) { // as an add or a forget preempted inside its section
                held.countDown();
                try {
                  done.await();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              }
            });
    holder.start();
    held.await();
    try {
      assertSame(
          a,
          assertTimeoutPreemptively(
              Duration.ofSeconds(10), () -> files.enter(new PageId("f", 0)).channel()));
    } finally {
      done.countDown();
      holder.join();
    }
  }

  @Test
  void add_secondFileForTheSamePage_keepsTheFirstAndClosesTheSecond() throws Exception {
    OpenPageFiles files = new OpenPageFiles(4);
    FileChannel first = files.add(new PageId("f", 0), open("a")).channel();
    FileChannel second = open("b");
    assertSame(first, files.add(new PageId("f", 0), second).channel());
    assertTrue(!second.isOpen());
  }

  @Test
  void forgetFile_closesEveryPageOfThatFileOnly() throws Exception {
    OpenPageFiles files = new OpenPageFiles(4);
    FileChannel f0 = files.add(new PageId("f", 0), open("a")).channel();
    FileChannel f1 = files.add(new PageId("f", 1), open("b")).channel();
    FileChannel g0 = files.add(new PageId("g", 0), open("c")).channel();
    files.forgetFile("f");
    assertTrue(!f0.isOpen() && !f1.isOpen());
    assertTrue(g0.isOpen());
    assertEquals(1, files.size());
  }

  @Test
  void add_pastCapacityWhileAReadIsInTheEldest_closesItOnlyWhenTheReadLeaves() throws Exception {
    OpenPageFiles files = new OpenPageFiles(1);
    FileChannel a = files.add(new PageId("f", 0), open("a")).channel();
    KeptFile reading = files.enter(new PageId("f", 0));
    files.add(new PageId("f", 1), open("b")); // evicts a: a close now would wait for the read
    assertTrue(a.isOpen(), "a read is inside it");
    assertNull(files.enter(new PageId("f", 0)), "no new read enters an evicted file");
    reading.leave();
    assertFalse(a.isOpen(), "closed by the read that left it last");
  }

  @Test
  void drop_whileAnotherReadIsInside_closesWhenThatReadLeaves() throws Exception {
    OpenPageFiles files = new OpenPageFiles(4);
    FileChannel a = files.add(new PageId("f", 0), open("a")).channel();
    KeptFile stuck = files.enter(new PageId("f", 0));
    KeptFile failed = files.enter(new PageId("f", 0));
    failed.leave();
    files.drop(new PageId("f", 0), failed);
    assertEquals(0, files.size());
    assertTrue(a.isOpen());
    stuck.leave();
    assertFalse(a.isOpen());
  }

  @Test
  void forgetAll_noReadInside_closesAtOnce() throws Exception {
    OpenPageFiles files = new OpenPageFiles(4);
    FileChannel a = files.add(new PageId("f", 0), open("a")).channel();
    read(files, new PageId("f", 0));
    files.forgetAll();
    assertFalse(a.isOpen());
  }
}
