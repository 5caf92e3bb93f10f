package io.hdfslocalcache.datanode.fill;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.block.FillTicket;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.hdd.HddReplicas;
import io.hdfslocalcache.datanode.hdd.ReplicaVersion;
import io.hdfslocalcache.datanode.verify.ChecksumLayout;
import io.hdfslocalcache.datanode.verify.SegmentCrcs;
import io.hdfslocalcache.metrics.FillOutcome;
import io.hdfslocalcache.time.CacheClock;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.BlockMetadataHeader;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.util.DataChecksum;

/**
 * Fills a FINALIZED block version into a cache directory: the version's first fill ({@link
 * #fillNew}: the meta file whole and the data pages asked for, every page for a whole-block fill,
 * published all at once) and later page fills of a published entry ({@link #addPages}, see {@link
 * PageFill}). Every page is checked against the block's checksums on the way (a corrupt HDD replica
 * is never cached, and HDFS is told nothing of it: see {@link FillSteps}). Before touching the HDD
 * a fill asks the {@link FillClearance} and reserves its bytes; a first fill is published only if
 * the replica still has the same generation stamp and length and no invalidation took the ticket.
 * Whatever ends otherwise deletes what it wrote and releases what it reserved.
 */
public final class BlockFill {
  private final BlockMap map;
  private final FillSteps steps;
  private final PageFill pageFill;
  private final CacheClock clock;
  private final int pageSize;
  private final Consumer<CachedReplica> onPublished;

  public BlockFill(
      HddReplicas hdd,
      BlockMap map,
      Throttle throttle,
      FillStats stats,
      CacheClock clock,
      int pageSize,
      RoomMaker room,
      FillClearance clearance,
      Consumer<CacheDirectory> onNoSpace,
      Consumer<CachedReplica> onPublished) {
    this.map = map;
    this.steps = new FillSteps(hdd, throttle, stats, room, clearance, onNoSpace);
    this.pageFill = new PageFill(steps, pageSize);
    this.clock = clock;
    this.pageSize = pageSize;
    this.onPublished = onPublished;
  }

  /**
   * Whether a fill of {@code id} would read a replica version a fill already found failing its own
   * checksums (logged then): such a request is skipped, not queued.
   */
  boolean knownCorrupt(BlockId id) {
    return steps.corrupt.stillCorrupt(id);
  }

  /** Adds the missing pages of the request to a published entry of its directory. */
  FillOutcome addPages(FillRequest r, CachedReplica e) {
    FillOutcome outcome = pageFill.addPages(r, e);
    if (outcome != FillOutcome.COMPLETED && e.pages.count() == 0) {
      map.dropEntry(e); // eviction kept it for this fill, which added nothing: its meta alone goes
    }
    steps.stats.outcomes.get(outcome).inc();
    return outcome;
  }

  /** Fills a version that has no entry; {@code ticket} holds its slot in the block map. */
  FillOutcome fillNew(FillRequest r, FillTicket ticket) {
    CachedReplica[] built = new CachedReplica[1];
    FillOutcome outcome = steps.outcomeOf(r, () -> copyNew(r, ticket, built));
    if (outcome == FillOutcome.COMPLETED && !map.publish(r.id, ticket, built[0])) {
      outcome = FillOutcome.ABANDONED;
    }
    if (outcome == FillOutcome.COMPLETED) {
      CachedReplica e = built[0];
      r.dir.blockAdded(e);
      for (int p = 0; p < e.pages.pages(); p++) {
        if (e.pages.has(p)) {
          r.dir.pageAdded(e, p);
        }
      }
      onPublished.accept(e);
    } else {
      map.endFill(r.id, ticket);
      r.dir.budget().draining(ticket.reservedBytes);
      r.dir.deleteBlock(r.id, ticket.genStamp, ticket.fillId, ticket.reservedBytes);
    }
    steps.stats.outcomes.get(outcome).inc();
    return outcome;
  }

  private FillOutcome copyNew(FillRequest r, FillTicket ticket, CachedReplica[] built)
      throws IOException, InterruptedException {
    long gs = ticket.genStamp;
    ReplicaVersion v = steps.hdd.replica(r.id);
    if (!ReplicaVersion.isFinalized(v, gs)) {
      return FillOutcome.ABANDONED;
    }
    long length = v.length();
    ExtendedBlock b = new ExtendedBlock(r.id.poolId(), r.id.blockId(), length, gs);
    int last = (int) Math.min(r.lastPage, (length + pageSize - 1) / pageSize - 1);
    byte[] meta;
    ChecksumLayout layout;
    try (LengthInputStream in = steps.hdd.openMeta(b)) {
      if (in == null || in.getLength() > Integer.MAX_VALUE - 16) {
        return FillOutcome.UNSUPPORTED;
      }
      // The header first: a layout the cache cannot hold is refused before the guard and the room
      // are asked. Such a block is never cached, so each admitted read of it asks again, and a
      // charge per read drained the write budget and paused the guard for the whole directory.
      // The header is one small read of the file the client read that asked for this fill opened
      // too, so as a rule it comes from the page cache.
      byte[] header = new byte[BlockMetadataHeader.getHeaderSize()];
      IOUtils.readFully(in, header, 0, header.length);
      layout = supportedLayout(header, b);
      if (layout == null) {
        return FillOutcome.UNSUPPORTED;
      }
      if (layout.expectedMetaLength(length) != in.getLength()) {
        throw new IOException(
            "meta length " + in.getLength() + " does not fit block length " + length);
      }
      // The guard and the room are asked on the sizes alone, before the checksums are read: a
      // fill refused there must not cost the HDD that read.
      long data =
          last < r.firstPage
              ? 0
              : Math.min(length, (last + 1L) * pageSize) - (long) r.firstPage * pageSize;
      long total = in.getLength() + data;
      steps.admit(r.dir, data > 0 ? 2 : 1, total, null, r.atMargin);
      ticket.reservedBytes = total;
      meta = new byte[(int) in.getLength()];
      System.arraycopy(header, 0, meta, 0, header.length);
      IOUtils.readFully(in, meta, header.length, meta.length - header.length);
    }
    CachedReplica e =
        new CachedReplica(
            r.id,
            gs,
            ticket.fillId,
            length,
            meta.length,
            layout,
            SegmentCrcs.of(meta),
            pageSize,
            false,
            r.dir,
            clock.millis(),
            r.atMargin);
    List<int[]> runs = PageCopier.claim(e, r.firstPage, last); // a new entry: one run
    String metaId = e.fileId(BlockId.CacheFile.META);
    for (long off = 0; off < meta.length; off += pageSize) {
      int n = (int) Math.min(pageSize, meta.length - off);
      r.dir.store().write(metaId, off / pageSize, meta, (int) off, n);
      steps.stats.bytesWritten.inc(n);
    }
    PageCopier.Sums sums =
        (start, len) -> {
          int at = (int) layout.checksumOffset(start / layout.bytesPerChecksum());
          int n = (len + layout.bytesPerChecksum() - 1) / layout.bytesPerChecksum();
          return Arrays.copyOfRange(meta, at, at + n * layout.checksumSize());
        };
    if (!steps.copy(e, r, b, runs, sums, ticket::abandoned, p -> {})
        || ticket.abandoned()
        || !steps.isFinalizedWithLength(r.id, gs, length)) {
      return FillOutcome.ABANDONED;
    }
    built[0] = e;
    return FillOutcome.COMPLETED;
  }

  /**
   * The layout of a meta file with this {@code header}, or null if the cache cannot hold it: no
   * checksums, another format version, or chunks that do not divide the page.
   */
  private ChecksumLayout supportedLayout(byte[] header, ExtendedBlock b) throws IOException {
    DataChecksum dc =
        BlockMetadataHeader.readDataChecksum(
            new DataInputStream(new ByteArrayInputStream(header)), b);
    if (dc.getChecksumType() == DataChecksum.Type.NULL
        || ((header[0] & 0xff) << 8 | (header[1] & 0xff)) != BlockMetadataHeader.VERSION
        || dc.getChecksumSize() == 0
        || pageSize % dc.getBytesPerChecksum() != 0) {
      return null;
    }
    return ChecksumLayout.of(dc, header.length);
  }

  /** Makes room for a fill in a directory's budget, evicting as needed. */
  public interface RoomMaker {
    /**
     * Reserves {@code bytes} in {@code dir}'s budget, or says why it could not; {@code filling}:
     * the entry a page fill adds to, which eviction keeps (null for a new entry).
     */
    Room reserve(CacheDirectory dir, long bytes, CachedReplica filling) throws InterruptedException;
  }
}
