package io.hdfslocalcache.datanode;

import io.hdfslocalcache.datanode.admin.AdminControl;
import io.hdfslocalcache.datanode.admin.ListingAnswer;
import io.hdfslocalcache.datanode.admission.Admission;
import io.hdfslocalcache.datanode.admission.PersistedThreshold;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.dir.ServingDirectories;
import io.hdfslocalcache.datanode.invalidate.InvalidationCause;
import io.hdfslocalcache.datanode.invalidate.Invalidator;
import io.hdfslocalcache.datanode.settings.CacheTunables;
import io.hdfslocalcache.datanode.space.SpaceKeeper;
import io.hdfslocalcache.time.CacheClock;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One round of the maintenance thread (every {@link CacheTunables#MAINTENANCE_INTERVAL_MILLIS}):
 * applies operator commands ({@link AdminControl}) and answers listing requests after them, so a
 * listing never shows a block an eviction before it dropped; drops limiter buckets that left the
 * window (memory follows the window even on idle stripes), persists the admission threshold in use
 * and changed access times, checks each directory still exists and is writable (an SSD unmounted or
 * deleted under us is taken out of service with one log line instead of failing page by page), and
 * samples free space (early eviction). Everything here may block on a sick SSD, which is why it
 * runs on its own thread and never on a reader's.
 *
 * <p>The cadence is the cache's one clock: production schedules {@link #run} on an executor of its
 * own, every interval of real time; a test that drives a fake clock calls {@link #runIfDue} and
 * gets a round whenever an interval passed on that clock, the cadence production keeps.
 */
final class Maintenance implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(Maintenance.class);

  private final Admission admission;
  private final PersistedThreshold threshold;
  private final BlockMap map;
  private final ServingDirectories dirs;
  private final SpaceKeeper space;
  private final AdminControl admin;
  private final Invalidator invalidator;
  private final ListingAnswer listings;
  private final CacheClock clock;
  private long lastRoundNanos; // the thread running rounds only

  Maintenance(
      Admission admission,
      PersistedThreshold threshold,
      BlockMap map,
      ServingDirectories dirs,
      SpaceKeeper space,
      AdminControl admin,
      Invalidator invalidator,
      ListingAnswer listings,
      CacheClock clock) {
    this.listings = listings;
    this.clock = clock;
    this.lastRoundNanos = clock.nanoTime();
    this.admin = admin;
    this.invalidator = invalidator;
    this.admission = admission;
    this.threshold = threshold;
    this.map = map;
    this.dirs = dirs;
    this.space = space;
  }

  /** The round over {@code wiring}'s admission, map, directories and admin control. */
  static Maintenance of(CacheWiring wiring) {
    return new Maintenance(
        wiring.admission,
        wiring.threshold,
        wiring.map,
        wiring.dirs,
        wiring.space,
        wiring.admin,
        wiring.invalidator,
        new ListingAnswer(wiring.map, wiring.dirs),
        wiring.clock);
  }

  /** Runs a round if an interval passed on the clock since the last one (or since it was built). */
  void runIfDue() {
    if (clock.nanoTime() - lastRoundNanos
        >= TimeUnit.MILLISECONDS.toNanos(CacheTunables.MAINTENANCE_INTERVAL_MILLIS)) {
      run();
    }
  }

  @Override
  public void run() {
    lastRoundNanos = clock.nanoTime();
    try {
      AdminControl.Commands commands = admin.poll();
      for (AdminControl.Eviction e : commands.evictions) {
        if (e.block == null) {
          invalidator.dropAll(InvalidationCause.ADMIN);
        } else {
          invalidator.drop(e.block, InvalidationCause.ADMIN);
        }
      }
      listings.answer(commands.listRequests);
      admission.expire();
      threshold.save();
      for (CachedReplica e : map.entries()) {
        long access = e.lastAccessMillis;
        // Deleted pages leave the record here, in one write per entry and round, not per page: a
        // record that still lists a page deleted before a crash only makes that page a miss.
        boolean pagesDeleted = e.takePagesDeleted();
        if ((access != e.persistedAccessMillis || pagesDeleted) && !e.retired()) {
          dirs.of(e.home()).persist(e);
          e.persistedAccessMillis = access;
        }
      }
      for (CacheDirectory d : dirs.all()) {
        if (d.health().inService()
            && (!Files.isDirectory(d.path()) || !Files.isWritable(d.path()))) {
          d.health().takeOutOfService("directory missing or not writable");
        }
        space.sampleFreeSpace(d);
      }
    } catch (RuntimeException e) {
      LOG.warn("hdfs-local-cache maintenance failed", e);
    }
  }
}
