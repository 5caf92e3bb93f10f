package io.hdfslocalcache.datanode;

import io.hdfslocalcache.datanode.settings.CacheConfig;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.datanode.store.CacheThreads;
import io.hdfslocalcache.datanode.store.OpenProgress;
import io.hdfslocalcache.time.CacheClock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens one DataNode's cache directories, each on a thread of its own, all at once, so a hung disk
 * cannot hang start-up and a large one cannot be dropped for being large.
 *
 * <p>{@link #awaitStartup} waits at most the start-up limit and returns the directories open by
 * then. Of those still opening, each is judged by its {@link OpenProgress} ({@link OpenWatch}): one
 * whose count moved within the stall limit (a large cache restoring) keeps opening, and {@link
 * #continueInBackground} hands it to the running cache when it is ready; one whose count has not
 * moved for the stall limit (a hung disk) is left out, at start-up or later, with one WARN line. A
 * directory left out closes what its open opened if the open ever ends.
 *
 * <p>Thread safety: each directory's state moves under its own monitor ({@link OpeningSlot}); the
 * open thread, the waiting thread (start-up's, then the watch thread) and {@link #close} only meet
 * there, and whoever leaves a directory out owns closing what it opened. The watch thread is the
 * only one that hands a directory on, and it hands it on once.
 */
final class DirectoryStartup implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(DirectoryStartup.class);

  /** Opens one directory; null when it is unusable (logged). */
  interface Opener {
    DirectoryOpener.Opened open(int position, Path dir, OpenProgress progress);
  }

  private final List<OpeningSlot> slots;
  private final OpenLimits limits;
  private final CacheClock clock;
  private volatile boolean closed;

  private DirectoryStartup(List<OpeningSlot> slots, OpenLimits limits, CacheClock clock) {
    this.slots = slots;
    this.limits = limits;
    this.clock = clock;
  }

  /** Starts opening {@code config}'s directories for the DataNode {@code datanodeUuid}. */
  static DirectoryStartup start(
      CacheConfig config,
      OpenLimits limits,
      String datanodeUuid,
      CacheFaultInjector faults,
      CacheClock clock) {
    List<Path> dirs = new ArrayList<>();
    config.dirs().forEach(d -> dirs.add(d.resolve(datanodeUuid)));
    return start(
        dirs,
        limits,
        clock,
        (i, dir, progress) -> DirectoryOpener.openOne(config, i, dir, faults, progress));
  }

  /** Starts {@code opener} on each of {@code dirs}, one thread each. */
  static DirectoryStartup start(
      List<Path> dirs, OpenLimits limits, CacheClock clock, Opener opener) {
    List<OpeningSlot> slots = new ArrayList<>();
    long now = clock.nanoTime();
    for (int i = 0; i < dirs.size(); i++) {
      OpeningSlot s = new OpeningSlot(i, dirs.get(i), new OpenWatch(now, limits.stallNanos));
      slots.add(s);
      CacheThreads.newThread(
              () -> {
                s.progress.countCpuOfThisThread(); // where the open works without steps
                try {
                  s.finished(opener.open(s.position, s.dir, s.progress));
                } catch (LinkageError e) {
                  s.failed(e);
                } catch (RuntimeException e) {
                  LOG.warn(
                      "hdfs-local-cache: cache directory {} unusable: {}", s.dir, e.toString());
                  s.finished(null);
                }
              },
              "local-cache-open-dir" + i)
          .start();
    }
    return new DirectoryStartup(slots, limits, clock);
  }

  /**
   * Waits at most the start-up limit; returns the directories open by then, in configured order.
   * Those still opening are judged: hung ones left out, progressing ones kept for {@link
   * #continueInBackground}. Throws {@link LinkageError} (after closing everything) when RocksDB's
   * native library cannot load: no directory can work then.
   */
  List<DirectoryOpener.Opened> awaitStartup() {
    long start = clock.nanoTime();
    while (!closed
        && observeOpening(clock.nanoTime())
        && clock.nanoTime() - start < limits.startupNanos) {
      if (!pause(limits.startupPollNanos)) {
        break;
      }
    }
    List<DirectoryOpener.Opened> out = new ArrayList<>();
    LinkageError linkage = null;
    long now = clock.nanoTime();
    for (OpeningSlot s : slots) {
      linkage = s.linkage() != null ? s.linkage() : linkage;
      DirectoryOpener.Opened o = s.handOn();
      if (o != null) {
        out.add(o);
      } else if (s.state() == OpeningSlot.State.OPENING) {
        judgeAtStartup(s, now, now - start);
      }
    }
    if (linkage != null) {
      close();
      DirectoryOpener.closeQuietly(out);
      throw linkage;
    }
    return out;
  }

  private void judgeAtStartup(OpeningSlot s, long now, long waited) {
    if (s.watch.observe(now, s.progress.value()) == OpenWatch.Verdict.HUNG) {
      if (s.leaveOut()) {
        LOG.warn(
            "hdfs-local-cache: cache directory {} did not open within {} ms and its open has not"
                + " progressed for {} ms (hung disk?); not caching on it",
            s.dir,
            millis(waited),
            millis(s.watch.stillFor(now)));
      }
    } else {
      LOG.warn(
          "hdfs-local-cache: cache directory {} is still opening after {} ms and progressed within"
              + " the last {} ms (a large cache restoring?); it keeps opening in the background and"
              + " joins when ready, reads of its blocks go to the HDD meanwhile",
          s.dir,
          millis(waited),
          millis(limits.stallNanos));
    }
  }

  /**
   * True while a directory is still opening, or has just opened and is not handed on yet (its open
   * may end between start-up's last look and this call): {@link #continueInBackground} has work.
   */
  boolean anyOpening() {
    for (OpeningSlot s : slots) {
      OpeningSlot.State state = s.state();
      if (state == OpeningSlot.State.OPENING || state == OpeningSlot.State.OPEN) {
        return true;
      }
    }
    return false;
  }

  /**
   * From now on, on a thread of its own: each directory still opening goes to {@code join} once its
   * open ends, or is left out once its open stops progressing. Nothing to do when none is.
   */
  void continueInBackground(Consumer<DirectoryOpener.Opened> join) {
    if (anyOpening()) {
      CacheThreads.newThread(() -> watch(join), "local-cache-dir-watch").start();
    }
  }

  private void watch(Consumer<DirectoryOpener.Opened> join) {
    while (!closed) {
      boolean opening = false;
      for (OpeningSlot s : slots) {
        DirectoryOpener.Opened o = s.handOn();
        LinkageError linkage = s.takeLinkage();
        if (o != null) {
          join.accept(o);
        } else if (s.state() == OpeningSlot.State.OPENING) {
          opening |= !stalled(s, clock.nanoTime());
        } else if (linkage != null) {
          LOG.error("hdfs-local-cache: cache directory {} cannot open: {}", s.dir, linkage);
        }
      }
      if (!opening && !anyOpening() || !pause(limits.backgroundPollNanos)) {
        return;
      }
    }
  }

  /** True (and left out) if the open has not progressed for the stall limit. */
  private boolean stalled(OpeningSlot s, long now) {
    if (s.watch.observe(now, s.progress.value()) != OpenWatch.Verdict.HUNG) {
      return false;
    }
    if (s.leaveOut()) {
      LOG.warn(
          "hdfs-local-cache: cache directory {} stopped progressing while it opened ({} ms"
              + " without progress; hung disk?); not caching on it",
          s.dir,
          millis(s.watch.stillFor(now)));
    }
    return true;
  }

  /** Takes a reading of each open still under way; false when none is. */
  private boolean observeOpening(long now) {
    boolean any = false;
    for (OpeningSlot s : slots) {
      if (s.state() == OpeningSlot.State.OPENING) {
        s.watch.observe(now, s.progress.value());
        any = true;
      }
    }
    return any;
  }

  /** False when interrupted (the interrupt kept) or closed. */
  private boolean pause(long nanos) {
    try {
      clock.sleepNanos(nanos);
      return !closed;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static long millis(long nanos) {
    return TimeUnit.NANOSECONDS.toMillis(nanos);
  }

  /**
   * Stops handing directories on; those still opening are left out (each closes what it opened when
   * its open ends). A hand-on already under way goes on: a directory that finds the cache closed
   * when its load ends is closed by its joiner ({@link CacheLifecycle#join}).
   */
  @Override
  public void close() {
    closed = true;
    for (OpeningSlot s : slots) {
      s.leaveOut();
    }
  }
}
