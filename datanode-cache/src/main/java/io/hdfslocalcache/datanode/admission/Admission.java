package io.hdfslocalcache.datanode.admission;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.block.EntryHome;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.dir.Directories;
import io.hdfslocalcache.datanode.fill.FillMode;
import io.hdfslocalcache.datanode.fill.FillRequest;
import io.hdfslocalcache.datanode.fill.FillScheduler;
import io.hdfslocalcache.ratelimit.BucketTimeRateLimit;
import io.hdfslocalcache.ratelimit.Decision;

/**
 * Admission and placement: every client read of a finalized block is recorded in the limiter
 * (cached or not, so a block's heat is known when it leaves the cache); a read that makes an
 * uncached block hot enough requests a fill into the directory the block hashes to. The decision is
 * pure given the limiter's state (its clock is injected), so it is tested without a DataNode.
 */
public final class Admission {
  private final BucketTimeRateLimit limiter;
  private final BlockMap map;
  private final Directories dirs;
  private final FillScheduler fills;
  private final AdmissionStats stats;
  private final FillMode mode;
  private final int pageSize;

  public Admission(
      BucketTimeRateLimit limiter,
      BlockMap map,
      Directories dirs,
      FillScheduler fills,
      AdmissionStats stats,
      FillMode mode,
      int pageSize) {
    this.mode = mode;
    this.pageSize = pageSize;
    this.limiter = limiter;
    this.map = map;
    this.dirs = dirs;
    this.fills = fills;
    this.stats = stats;
  }

  /** Records a client read of {@code id} at {@code genStamp}; {@code cached}: it is served. */
  public AdmissionOutcome record(BlockId id, long genStamp, boolean cached) {
    Decision d = limiter.recordAndCheck(id.admissionKey());
    AdmissionOutcome outcome = decide(id, genStamp, cached, d);
    stats.count(outcome);
    return outcome;
  }

  private AdmissionOutcome decide(BlockId id, long genStamp, boolean cached, Decision d) {
    if (cached) {
      return AdmissionOutcome.CACHED;
    }
    if (d != Decision.ADMIT) {
      return AdmissionOutcome.REJECTED;
    }
    if (map.contains(id)) {
      return AdmissionOutcome.FILL_RUNNING;
    }
    CacheDirectory dir = placeFor(id);
    if (dir == null) {
      return AdmissionOutcome.NO_DIRECTORY;
    }
    if (dir.budget().fileSystemLow()) {
      return AdmissionOutcome.NO_SPACE; // the maintenance thread evicts early
    }
    if (mode == FillMode.PAGES) {
      return AdmissionOutcome.FILL_ON_CLOSE;
    }
    fills.request(FillRequest.wholeBlock(id, genStamp, dir));
    return AdmissionOutcome.FILL_REQUESTED;
  }

  /**
   * A read of data {@code [from, to)} of a block version ended that should leave its pages cached:
   * an admitted read of an uncached block ({@link AdmissionOutcome#FILL_ON_CLOSE}, {@code home}
   * null: placed here), or a read of a cached entry that read pages the entry lacks ({@code home}:
   * the entry's directory). Pages already cached are skipped by the fill.
   */
  public void fillTouched(BlockId id, long genStamp, EntryHome home, long from, long to) {
    CacheDirectory dir = home == null ? placeFor(id) : dirs.of(home);
    if (dir == null || !dir.health().inService() || dir.budget().fileSystemLow()) {
      return;
    }
    int first = (int) (from / pageSize);
    int last = (int) (Math.max(from, to - 1) / pageSize);
    fills.request(new FillRequest(id, genStamp, dir, first, last));
  }

  /**
   * Both files of a block live in one directory, chosen by a stable hash of the block among the
   * directories in service; null when none is.
   */
  CacheDirectory placeFor(BlockId id) {
    int n = dirs.size();
    int start = Math.floorMod(Long.hashCode(id.admissionKey()), n);
    for (int i = 0; i < n; i++) {
      CacheDirectory d = dirs.get((start + i) % n);
      if (d.health().inService()) {
        return d;
      }
    }
    return null;
  }

  /** Forgets window buckets past the window (maintenance: memory follows the window). */
  public void expire() {
    limiter.expire();
  }
}
