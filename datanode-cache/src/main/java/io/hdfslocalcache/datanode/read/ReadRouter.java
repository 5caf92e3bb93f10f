package io.hdfslocalcache.datanode.read;

import io.hdfslocalcache.datanode.admin.AdminControl;
import io.hdfslocalcache.datanode.admission.Admission;
import io.hdfslocalcache.datanode.admission.AdmissionOutcome;
import io.hdfslocalcache.datanode.admission.ReadAdmission;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.fill.FillClearance;
import io.hdfslocalcache.datanode.hdd.HddReplicas;
import io.hdfslocalcache.datanode.hdd.ReplicaVersion;
import io.hdfslocalcache.datanode.invalidate.InvalidationCause;
import io.hdfslocalcache.datanode.invalidate.Invalidator;
import io.hdfslocalcache.datanode.shadow.ClientRead;
import io.hdfslocalcache.datanode.shadow.ReadTap;
import io.hdfslocalcache.datanode.shadow.RealRead;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.time.CacheClock;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;

/**
 * Read routing: decides, per BlockSender, whether a block is read from the cache or the HDD, and
 * counts what the HDD serves.
 *
 * <p>BlockSender opens the meta stream, then the data stream, on the same thread. {@link #openMeta}
 * decides the source for both and leaves the decision in this router's per-thread {@link HandOff},
 * which {@link #openData} consumes. So one BlockSender never pairs cached meta with HDD data or the
 * reverse. The hand-off is the one piece of per-read state, scoped to this router (one per
 * DataNode), not a static.
 *
 * <p>A data open with no hand-off for its block had no meta open: BlockSender opens none when its
 * client asks for no checksums ({@code setVerifyChecksum(false)}: HBase's HFile reads, which check
 * HBase's own checksums, {@code -ignoreCrc}). Such a client read is decided at the data open, the
 * same decision as at a meta open (counted for admission, hit, miss, fill), so these reads use the
 * cache and the live cache counts what shadow mode, which counts at the data open, counts. Its
 * cached windows are still verified against the cached checksums, and a failure still falls back to
 * the HDD at the same offset: no meta stream is needed for either. Any other caller's data open
 * without a meta open (short-circuit opens data first) reads the HDD uncounted.
 *
 * <p>When a read ends, what it did flows back: a cached read tells the fill guard what it saved
 * (and, for an entry admitted at the tuner's margin, the margin's payback: one flag test per read)
 * and asks for the pages it had to read from the HDD; an admitted read of an uncached block in
 * {@code pages} fill mode asks for the pages it read ({@link AdmissionOutcome#FILL_ON_CLOSE}),
 * carrying whether it was admitted at the margin.
 *
 * <p>The reads admission counts are also told to the shadow models' {@link ReadTap} when their data
 * stream closes, with what the real cache did with each (calibration).
 *
 * <p>No locks: the block map is a concurrent map with atomic publish, entries carry their own pin
 * state, the limiter stripes internally. Under {@code admission.tuning outcome} a sampled read
 * takes the policy's monitor when it ends (its range to the ghosts), and a read at a minute's step
 * when it opens: 1.5-5 us a read on this project's bench machine, flat from 1 to 128 readers.
 */
public final class ReadRouter {
  /** Opens the HDD stream the dataset itself would have returned. */
  @FunctionalInterface
  public interface HddOpen<T> {
    T open() throws IOException;
  }

  private final BlockMap map;
  private final HddReplicas hdd;
  private final Admission admission;
  private final AdminControl admin;
  private final Invalidator invalidator;
  private final ReadPathStats stats;
  private final ReadSettings settings;
  private final CacheClock clock;
  private final FillClearance gate;
  private final ReadTap tap;
  private final CacheFaultInjector faults;
  private final ThreadLocal<HandOff> handOff = new ThreadLocal<>();
  private final WindowBuffers buffers;
  private final NoDataDescriptors descriptors = new NoDataDescriptors();

  public ReadRouter(
      BlockMap map,
      HddReplicas hdd,
      Admission admission,
      AdminControl admin,
      Invalidator invalidator,
      ReadPathStats stats,
      ReadSettings settings,
      CacheClock clock,
      FillClearance gate,
      ReadTap tap,
      CacheFaultInjector faults) {
    this.faults = faults;
    this.gate = gate;
    this.tap = tap;
    this.admin = admin;
    this.map = map;
    this.hdd = hdd;
    this.admission = admission;
    this.invalidator = invalidator;
    this.stats = stats;
    this.settings = settings;
    this.clock = clock;
    this.buffers = new WindowBuffers(stats.directWindowBytes);
  }

  /** What {@link #tryCache} found out besides its answer. */
  private static final class Opening {
    ReadAdmission admitted = HandOff.NOT_COUNTED;
    long countedLength = HandOff.UNCOUNTED;
  }

  /** {@code getMetaDataInputStream}: a verified cached meta stream, or the HDD's. */
  public LengthInputStream openMeta(ExtendedBlock b, HddOpen<LengthInputStream> hddMeta)
      throws IOException {
    handOff.remove();
    ReadCaller caller = ReadCaller.current();
    Opening o = new Opening();
    ReadSession s = decide(b, caller, o);
    if (s != null) {
      handOff.set(HandOff.cached(s, b, o.admitted, o.countedLength));
      stats.hits.inc();
      return s.openMeta();
    }
    LengthInputStream in = hddMeta.open();
    if (caller != ReadCaller.CLIENT_READ) {
      return in;
    }
    if (in == null) {
      handOff.set(HandOff.hddUncounted(b)); // decided: the data open must not decide again
      return null;
    }
    handOff.set(HandOff.hdd(b, o.admitted, o.countedLength));
    return ReadAccounting.hddMeta(stats, in);
  }

  /**
   * {@code getBlockInputStream}: the data stream of this thread's meta open, or, for a client read
   * that opened no meta (it asked for no checksums), one decided here as the meta open would have.
   */
  public InputStream openData(ExtendedBlock b, long offset, HddOpen<InputStream> hddData)
      throws IOException {
    HandOff h = handOff.get();
    handOff.remove();
    // Only a client read's data open takes a hand-off: one left for another caller's (a
    // BlockSender failed between its two opens) would hand short-circuit a stream it cannot cast.
    ReadCaller caller = ReadCaller.current();
    if (caller != ReadCaller.CLIENT_READ) {
      return hddData.open(); // short-circuit opens data first, and the others read the HDD
    }
    if (h == null || !h.isFor(b)) {
      return dataOnly(b, offset, hddData, caller);
    }
    switch (h.source) {
      case CACHE:
        CachedStream cached = h.session.openData(offset);
        // Null: its meta stream closed first. BlockSender closes it before a data open only when
        // it failed between the two; this data open is then a later read's, decided on its own.
        return cached != null ? cachedData(cached) : dataOnly(b, offset, hddData, caller);
      case HDD:
        return hddData(b, offset, hddData, h.admitted, h.countedLength);
      default:
        return hddData.open();
    }
  }

  /** A client read's data open no meta open came before: it verifies no checksums. */
  private InputStream dataOnly(
      ExtendedBlock b, long offset, HddOpen<InputStream> hddData, ReadCaller caller)
      throws IOException {
    Opening o = new Opening();
    ReadSession s = decide(b, caller, o);
    if (s != null) {
      stats.hits.inc();
      return cachedData(s.openDataOnly(offset));
    }
    return hddData(b, offset, hddData, o.admitted, o.countedLength);
  }

  /** The cached data stream, as BlockSender sends it. */
  private InputStream cachedData(CachedStream cached) {
    // A FileInputStream, so BlockSender sends it with transferTo (CachedFileStream).
    CachedFileStream file = CachedFileStream.open(cached, stats, descriptors);
    return file != null ? file : ReadAccounting.cachedData(stats, cached);
  }

  /** A client read's HDD data stream, counted; what it read is told when it closes. */
  private InputStream hddData(
      ExtendedBlock b,
      long offset,
      HddOpen<InputStream> hddData,
      ReadAdmission admitted,
      long counted)
      throws IOException {
    InputStream in = hddData.open();
    if (in == null) {
      return null;
    }
    BlockId id = new BlockId(b.getBlockPoolId(), b.getBlockId());
    long gs = b.getGenerationStamp();
    boolean fill = admitted.outcome() == AdmissionOutcome.FILL_ON_CLOSE;
    return ReadAccounting.hddData(
        stats,
        in,
        bytes -> {
          CacheDirectory dir = admission.placeFor(id);
          if (dir != null) {
            gate.recordMiss(dir, bytes); // the load the guard's allowance is a share of
          }
          if (fill) {
            admission.fillTouched(admitted, id, gs, offset, offset + bytes);
          }
          if (counted != HandOff.UNCOUNTED) {
            admitted.ended(offset, bytes, counted);
            tap.read(new ClientRead(id, gs, counted, offset, bytes, RealRead.HDD, 0));
          }
        });
  }

  /**
   * A cached read's data stream closed: the guard's ledger, the admission policy's read ({@code
   * admitted}), and the pages it lacked.
   */
  private void ended(
      ReadSession s,
      ReadAdmission admitted,
      long served,
      long hddRuns,
      long hddBytes,
      long missFrom,
      long missTo) {
    CachedReplica e = s.entry;
    admitted.ended(s.dataOffset(), served, e.dataLength);
    gate.recordRead(e.home(), served, hddRuns, hddBytes);
    if (e.admittedAtMargin && served > hddBytes) {
      gate.recordMarginHit(e.home(), served, hddRuns, hddBytes);
    }
    tap.read(
        new ClientRead(
            new BlockId(s.block.getBlockPoolId(), s.block.getBlockId()),
            e.genStamp,
            e.dataLength,
            s.dataOffset(),
            served,
            hddBytes == 0 ? RealRead.HIT : RealRead.PARTIAL,
            served - hddBytes));
    if (missFrom >= 0 && !admin.bypassed() && !e.retired()) {
      admission.partialRead(e, missFrom, missTo);
    }
  }

  /** A client read's source: a pinned session on the cached copy, or null to read the HDD. */
  private ReadSession decide(ExtendedBlock b, ReadCaller caller, Opening o) {
    if (admin.bypassed()) {
      return reason(HddReason.BYPASS);
    }
    return caller.mayUseCache ? tryCache(b, caller, o) : reason(HddReason.CALLER);
  }

  /** A pinned session on the cached copy, or null (counted by reason) to read the HDD. */
  private ReadSession tryCache(ExtendedBlock b, ReadCaller caller, Opening o) {
    BlockId id = new BlockId(b.getBlockPoolId(), b.getBlockId());
    ReplicaVersion r = hdd.replica(id);
    if (!ReplicaVersion.isFinalized(r, b.getGenerationStamp())) {
      return reason(HddReason.NOT_FINALIZED); // being written or recovered: never cached
    }
    CachedReplica e = map.lookupAny(id);
    boolean stale = false;
    if (e != null && (e.genStamp != r.genStamp() || e.dataLength != r.length())) {
      if (invalidator.dropEntry(e, InvalidationCause.STALE)) {
        stats.staleEntries.inc();
      }
      e = null;
      stale = true;
    }
    if (caller.countsForAdmission) {
      o.admitted = admission.record(id, b.getGenerationStamp(), e != null);
      o.countedLength = r.length();
    }
    if (e == null || !e.pin()) {
      stats.misses.inc();
      return reason(e != null ? HddReason.RETIRED : stale ? HddReason.STALE : HddReason.NOT_CACHED);
    }
    map.accessed(e, clock.millis());
    ReadAdmission admitted = o.admitted;
    ReadSession.ReadEnd end =
        (session, served, runs, bytes, from, to) ->
            ended(session, admitted, served, runs, bytes, from, to);
    return new ReadSession(
        e, b, hdd, stats, invalidator::onReadFailure, settings, end, buffers, faults);
  }

  private ReadSession reason(HddReason why) {
    stats.hddReasons.get(why).inc();
    return null;
  }
}
