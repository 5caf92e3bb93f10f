package io.hdfslocalcache.datanode.admission;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.dir.ServingDirectories;
import io.hdfslocalcache.datanode.fill.FillRequest;
import io.hdfslocalcache.datanode.fill.FillScheduler;
import io.hdfslocalcache.model.EventRules;
import io.hdfslocalcache.model.policy.AdmissionDecision;
import io.hdfslocalcache.model.policy.AdmissionPolicy;
import io.hdfslocalcache.model.policy.PolicyRead;

/**
 * Admission and placement: every client read of a finalized block is told to the cache model's
 * admission policy (cached or not, so a block's heat is known when it leaves the cache), the very
 * object the simulator and shadow mode replay traces with; a read it admits for an uncached block
 * requests a fill into the directory placed for it ({@link Placement}). What comes after the
 * policy's answer (placement, a fill already running, a full file system) is the DataNode's own.
 * The policy's clock is injected, so this is tested without a DataNode.
 */
public final class Admission {
  private final AdmissionPolicy policy;
  private final BlockMap map;
  private final ServingDirectories dirs;
  private final FillScheduler fills;
  private final AdmissionStats stats;
  private final FillMode mode;
  private final int pageSize;

  public Admission(
      AdmissionPolicy policy,
      BlockMap map,
      ServingDirectories dirs,
      FillScheduler fills,
      AdmissionStats stats,
      FillMode mode,
      int pageSize) {
    this.mode = mode;
    this.pageSize = pageSize;
    this.policy = policy;
    this.map = map;
    this.dirs = dirs;
    this.fills = fills;
    this.stats = stats;
  }

  /**
   * Records a client read of {@code id} at {@code genStamp}; {@code cached}: it is served. The
   * policy's decision comes back with the read (the policy is shared by every reader thread): a
   * fill it asks for carries whether it was admitted at the tuner's margin. The read is decided at
   * its start, when BlockSender opens the block and its length is not known yet; the range it read
   * goes to the policy when it ends ({@link ReadAdmission#ended}).
   */
  public ReadAdmission record(BlockId id, long genStamp, boolean cached) {
    PolicyRead read = policy.startRead(id.admissionKey());
    AdmissionOutcome outcome = decide(id, genStamp, cached, read.decision());
    stats.count(outcome);
    return ReadAdmission.of(outcome, read);
  }

  private AdmissionOutcome decide(BlockId id, long genStamp, boolean cached, AdmissionDecision d) {
    if (cached) {
      return AdmissionOutcome.CACHED;
    }
    if (!d.admits()) {
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
    fills.request(FillRequest.wholeBlock(id, genStamp, dir, d.atMargin()));
    return AdmissionOutcome.FILL_REQUESTED;
  }

  /**
   * Reads of a cached block that needed pages it lacked, after which all its missing pages are
   * filled in one pass. The first admitted read and the first partial read after it fill only the
   * pages they touched (a block read once or twice at one offset costs one page); a block read
   * again past its cached pages is hot as a whole, and filling its missing pages as runs (one IO
   * each) costs the HDD less than page fills scattered over later reads, each a seek. Measured:
   * default demo in pages mode 72.0% of bytes from cache and -73% mean HDD queue without this,
   * 81.9% and -90% with it (docs/benchmarks.md). The cache model's constant, so the simulator and
   * shadow mode run the same rule.
   */
  public static final int WHOLE_AFTER_PARTIAL_READS = EventRules.WHOLE_AFTER_PARTIAL_READS;

  /** A read of cached entry {@code e} read data {@code [from, to)} from the HDD: fill it. */
  public void partialRead(CachedReplica e, long from, long to) {
    boolean whole = e.partialReads.incrementAndGet() >= WHOLE_AFTER_PARTIAL_READS;
    fill(e.id, e.genStamp, dirs.of(e.home()), whole ? 0 : from, whole ? e.dataLength : to, false);
  }

  /**
   * An admitted read of data {@code [from, to)} of an uncached block version ended ({@link
   * AdmissionOutcome#FILL_ON_CLOSE}): its pages should stay cached, in the directory the block is
   * placed in; {@code read} says whether it was admitted at the margin. Pages already cached are
   * skipped by the fill (another read may have filled the version meanwhile).
   */
  public void fillTouched(ReadAdmission read, BlockId id, long genStamp, long from, long to) {
    fill(id, genStamp, placeFor(id), from, to, read.atMargin());
  }

  private void fill(
      BlockId id, long genStamp, CacheDirectory dir, long from, long to, boolean atMargin) {
    if (dir == null || !dir.health().inService() || dir.budget().fileSystemLow()) {
      return;
    }
    int first = (int) (from / pageSize);
    int last = (int) (Math.max(from, to - 1) / pageSize);
    fills.request(new FillRequest(id, genStamp, dir, first, last, atMargin));
  }

  /**
   * Both files of a block live in one directory, chosen among the directories in service in
   * proportion to their capacities ({@link Placement}); null when none is (or every directory is
   * still opening).
   */
  public CacheDirectory placeFor(BlockId id) {
    return Placement.of(id, dirs.all()); // one snapshot: a directory may join meanwhile
  }

  /** Forgets history past the policy's window (maintenance: memory follows the window). */
  public void expire() {
    policy.expire();
  }
}
