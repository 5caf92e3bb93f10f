package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.config.CacheDirMarker;
import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.hdd.FakeReplicas;
import io.hdfslocalcache.datanode.settings.CacheConfig;
import io.hdfslocalcache.datanode.shadow.ReadTap;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.datanode.store.ForwardingPageStore;
import io.hdfslocalcache.datanode.store.PageStore;
import io.hdfslocalcache.time.CacheClock;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A directory that joins after start-up loads (index read, orphan walk, restore) under no lock: a
 * DataNode stopping while a late directory's disk hangs in that load does not wait for the disk,
 * and the joiner closes the directory itself when its load ends. A join that fails before its
 * directory serves closes the wrapped store, so the threads the wrapping started end too, and
 * leaves the directory out of the write budget admission tunes to.
 */
@Timeout(90)
class LateJoinCloseTest {
  @TempDir Path base;

  private CacheConfig config;
  private CacheWiring wiring;
  private CacheLifecycle cache;
  private DirectoryOpener.Opened late;

  /** Threads alive before the late directory was wrapped: its own are the others. */
  private final Set<Thread> before = new HashSet<>();

  @BeforeEach
  void cacheStartedWithoutItsSecondDirectory() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set(
        CacheKeys.DIRS,
        CacheDirMarker.create(base.resolve("a")) + "," + CacheDirMarker.create(base.resolve("b")));
    conf.set(CacheKeys.CAPACITY, "64m");
    config = CacheConfig.from(conf);
    List<DirectoryOpener.Opened> opened =
        DirectoryOpener.open(config, "dn", CacheFaultInjector.NONE);
    late = opened.get(1);
    wiring =
        new CacheWiring(
            config,
            new FakeReplicas(),
            opened.subList(0, 1),
            CacheClock.SYSTEM,
            new MetricRegistry(),
            ReadTap.NONE,
            CacheFaultInjector.NONE);
    cache = CacheLifecycle.open(wiring);
    before.addAll(Thread.getAllStackTraces().keySet());
  }

  /** The late directory, opened on {@code store} (its own, with a test's hooks). */
  private DirectoryOpener.Opened lateOn(PageStore store) {
    return new DirectoryOpener.Opened(1, late.path(), store, late.index(), 60_000);
  }

  @Test
  void close_lateJoinStuckOnItsDisk_returnsWithinCloseBounds() throws Exception {
    CountDownLatch stuck = new CountDownLatch(1);
    CountDownLatch answers = new CountDownLatch(1);
    PageStore hangs =
        new ForwardingPageStore(late.store()) {
          @Override
          public void retainFiles(Predicate<String> keep) {
            stuck.countDown(); // the join's walk for orphans, on a disk that stopped answering
            try {
              answers.await();
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
            super.retainFiles(keep);
          }
        };
    Thread joiner = new Thread(() -> cache.join(lateOn(hangs)));
    joiner.start();
    assertTrue(stuck.await(10, TimeUnit.SECONDS));
    Thread closer = new Thread(cache::close);
    closer.start();
    closer.join(30_000); // close's own waits are bounded well under this
    boolean closedInTime = !closer.isAlive();
    answers.countDown();
    joiner.join();
    closer.join();
    assertTrue(closedInTime, "close waited for a late join stuck on its disk");
    assertEquals(1, wiring.dirs.all().size(), "a directory loaded after close never serves");
    assertEquals(List.of(), lateDirectoryThreads(), "its joiner closed it");
  }

  @Test
  void join_failsBeforeItsDirectoryServes_endsTheThreadsItsWrappingStarted() throws Exception {
    cache.join(lateOn(orphanWalkFails()));
    assertEquals(1, wiring.dirs.all().size(), "not serving");
    assertEquals(List.of(), lateDirectoryThreads(), "the wrapped store closed, not only its own");
    cache.close();
  }

  @Test
  void join_failsBeforeItsDirectoryServes_leftOutOfTheWriteBudget() throws Exception {
    long oneDirectory = wiring.gate.budgetBurstBytes();
    cache.join(lateOn(orphanWalkFails()));
    assertEquals(1, wiring.dirs.all().size(), "not serving");
    assertEquals(oneDirectory, wiring.gate.budgetBurstBytes(), "the serving directory's alone");
    cache.close();
  }

  /**
   * The late directory's store threads ({@code dir1}: its I/O, delete and stall-clock threads)
   * still alive after up to 5 s: a thread told to stop ends within that.
   */
  private List<String> lateDirectoryThreads() throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (true) {
      List<String> alive =
          Thread.getAllStackTraces().keySet().stream()
              .filter(t -> !before.contains(t) && t.isAlive())
              .map(Thread::getName)
              .filter(n -> n.matches("local-cache-(io|delete|stall-clock)-dir1(-.*)?"))
              .collect(Collectors.toList());
      if (alive.isEmpty() || System.nanoTime() > deadline) {
        return alive;
      }
      Thread.sleep(20);
    }
  }

  /** The late directory's store, whose orphan walk (the first step of its load) throws. */
  private PageStore orphanWalkFails() {
    return new ForwardingPageStore(late.store()) {
      @Override
      public void retainFiles(Predicate<String> keep) {
        throw new IllegalStateException("the orphan walk failed");
      }
    };
  }
}
