package io.hdfslocalcache.datanode.fill;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.hdd.HddReplicas;
import io.hdfslocalcache.datanode.hdd.ReplicaVersion;
import io.hdfslocalcache.datanode.store.CacheException;
import io.hdfslocalcache.guard.FillVerdict;
import io.hdfslocalcache.metrics.CacheFailure;
import io.hdfslocalcache.metrics.FillOutcome;
import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;

/**
 * The steps every fill shares, new entry or added pages: ask the guard, reserve room, copy pages,
 * and turn how it ended into one counted {@link FillOutcome}.
 *
 * <p><b>A corrupt HDD replica.</b> A fill verifies every chunk against the replica's own checksums
 * and caches nothing that fails them ({@code HDD_CORRUPT}, one WARN). No fill reads that replica
 * version again ({@link CorruptVersions}): later requests are skipped and counted. It tells HDFS
 * nothing: a fill is the cache's own read, not a client's, and an operator expects the NameNode to
 * learn of HDD rot exactly when it would without the cache. Stock HDFS learns of it from a client
 * read that fails its checksums while another replica proves the client sound, from a receiver
 * verifying a re-replication or balancer copy, or from the block scanner on its schedule; all of
 * these still read the HDD copy (a corrupt replica is never cached, and copies between DataNodes
 * are always sent from the HDD), so each still finds the rot when it would have. Handing the
 * replica to the block scanner as a suspect instead would report it at once, because a background
 * fill happened to read it: Hadoop's {@code TestFileAppend#testAppendCorruptedBlock} then saw its
 * only replica marked corrupt before its append, where stock HDFS would not have looked again. A
 * mismatch found while the replica changed under the fill (an append, a recovery) says nothing
 * about the replica now: that fill is {@code ABANDONED}.
 */
final class FillSteps {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(BlockFill.class);

  final HddReplicas hdd;
  final CorruptVersions corrupt;
  private final PageCopier copier;
  final FillStats stats;
  private final BlockFill.RoomMaker room;
  private final FillClearance clearance;
  private final Consumer<CacheDirectory> onNoSpace;

  /** Directories already warned about a fill too large for them: one line each, not per fill. */
  private final java.util.Set<CacheDirectory> warnedTooLarge =
      java.util.Collections.newSetFromMap(new java.util.concurrent.ConcurrentHashMap<>());

  FillSteps(
      HddReplicas hdd,
      Throttle throttle,
      FillStats stats,
      BlockFill.RoomMaker room,
      FillClearance clearance,
      Consumer<CacheDirectory> onNoSpace) {
    this.hdd = hdd;
    this.corrupt = new CorruptVersions(hdd);
    this.copier = new PageCopier(hdd, throttle, stats);
    this.stats = stats;
    this.room = room;
    this.clearance = clearance;
    this.onNoSpace = onNoSpace;
  }

  interface Copy {
    /** COMPLETED, or why not (a changed or invalidated replica is ABANDONED). */
    FillOutcome run() throws IOException, InterruptedException;
  }

  /** Runs the copy and maps every way it can end to an outcome (counting the failures). */
  FillOutcome outcomeOf(FillRequest r, Copy copy) {
    try {
      return copy.run();
    } catch (Refused e) {
      return e.outcome;
    } catch (ChecksumException e) {
      return FillOutcome.HDD_CORRUPT;
    } catch (CacheException e) {
      if (e.failure() == CacheFailure.NO_SPACE) {
        onNoSpace.accept(r.dir);
      }
      stats.storeFailures.get(e.failure()).inc();
      return FillOutcome.FAILED;
    } catch (IOException e) {
      stats.hddFailures.inc();
      return FillOutcome.FAILED;
    } catch (RuntimeException e) {
      LOG.warn("hdfs-local-cache: fill of {} failed unexpectedly", r, e);
      stats.otherFailures.inc();
      return FillOutcome.FAILED;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return FillOutcome.ABANDONED;
    }
  }

  /**
   * Asks the guard, then reserves room (keeping {@code filling}, the entry a page fill adds to);
   * throws {@link Refused} with the outcome otherwise. A fill of an entry admitted at the margin
   * ({@code atMargin}) that got its room reports its cost to the margin's payback, as the model
   * does once a fill is allowed and fits.
   */
  void admit(CacheDirectory dir, long ios, long bytes, CachedReplica filling, boolean atMargin)
      throws IOException, InterruptedException {
    FillVerdict verdict = clearance.tryFill(dir, ios, bytes, bytes);
    if (verdict == FillVerdict.DENY_COST) {
      throw new Refused(FillOutcome.GUARD_COST);
    }
    if (verdict == FillVerdict.DENY_WRITE_BUDGET) {
      throw new Refused(FillOutcome.GUARD_WRITE_BUDGET);
    }
    Room got = room.reserve(dir, bytes, filling);
    if (got == Room.TOO_LARGE_FOR_DIRECTORY && warnedTooLarge.add(dir)) {
      LOG.warn(
          "hdfs-local-cache: a fill of {} bytes is more than half of {} (effective capacity {}"
              + " bytes): such fills are refused and counted in fill.no_room.too_large_for_directory;"
              + " raise dfs.datanode.local-cache.capacity or use fill.mode=pages",
          bytes,
          dir,
          dir.budget().capacity());
    }
    if (got != Room.RESERVED) {
      stats.noRoom.get(got).inc();
      throw new Refused(FillOutcome.NO_ROOM);
    }
    if (atMargin) {
      clearance.recordMarginFill(dir, ios, bytes);
    }
  }

  /**
   * Copies the runs; a replica failing its own checksums is logged and rethrown (never cached,
   * never reported), unless it changed under the fill ({@link Refused} {@code ABANDONED}).
   */
  boolean copy(
      CachedReplica e,
      FillRequest r,
      ExtendedBlock b,
      List<int[]> runs,
      PageCopier.Sums sums,
      PageCopier.Abandon stop,
      IntConsumer published)
      throws IOException, InterruptedException {
    try {
      return copier.copy(e, r.dir, b, runs, sums, stop, published);
    } catch (ChecksumException x) {
      if (!isFinalizedWithLength(r.id, b.getGenerationStamp(), b.getNumBytes())) {
        throw new Refused(FillOutcome.ABANDONED);
      }
      corrupt.found(r.id, b.getGenerationStamp(), b.getNumBytes());
      LOG.warn(
          "hdfs-local-cache: HDD replica {} failed its own checksums in a fill ({}); not cached,"
              + " not reported: client reads, copies and the block scanner find it as without"
              + " the cache; no fill reads this version again",
          b,
          x.getMessage());
      throw x;
    }
  }

  boolean isFinalizedWithLength(BlockId id, long gs, long length) {
    ReplicaVersion r = hdd.replica(id);
    return r != null && r.finalizedAt(gs, length);
  }

  /** A fill that ends for a reason of its own (not an I/O failure), with its outcome. */
  static final class Refused extends IOException {
    private static final long serialVersionUID = 1L;
    final transient FillOutcome outcome;

    Refused(FillOutcome outcome) {
      super(outcome.name());
      this.outcome = outcome;
    }
  }
}
