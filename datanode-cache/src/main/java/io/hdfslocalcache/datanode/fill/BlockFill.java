package io.hdfslocalcache.datanode.fill;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.block.CacheEntry;
import io.hdfslocalcache.datanode.block.FillTicket;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.hdd.HddReplicas;
import io.hdfslocalcache.datanode.hdd.ReplicaVersion;
import io.hdfslocalcache.datanode.hdd.SuspectReplicas;
import io.hdfslocalcache.datanode.store.CacheException;
import io.hdfslocalcache.datanode.store.CacheFailure;
import io.hdfslocalcache.datanode.verify.ChecksumLayout;
import io.hdfslocalcache.datanode.verify.SegmentCrcs;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.util.function.Consumer;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.BlockMetadataHeader;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.util.DataChecksum;

/**
 * Copies one FINALIZED block, meta then data, from the HDD volume into a cache directory and
 * publishes it. Every data chunk is checked against the HDD checksums on the way (a corrupt HDD
 * replica is never cached; it is handed to the block scanner, so the NameNode hears of it as it
 * would from a client read), and the entry is published only if the replica still has the same
 * generation stamp and length and no invalidation took the ticket. Whatever ends otherwise deletes
 * the pages it wrote.
 */
public final class BlockFill {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(BlockFill.class);
  private final HddReplicas hdd;
  private final SuspectReplicas suspects;
  private final BlockMap map;
  private final Throttle throttle;
  private final FillStats stats;
  private final Clock clock;
  private final int pageSize;
  private final Consumer<CacheDirectory> onNoSpace;
  private final Room room;
  private final Consumer<CacheEntry> onPublished;

  public BlockFill(
      HddReplicas hdd,
      SuspectReplicas suspects,
      BlockMap map,
      Throttle throttle,
      FillStats stats,
      Clock clock,
      int pageSize,
      Room room,
      Consumer<CacheDirectory> onNoSpace,
      Consumer<CacheEntry> onPublished) {
    this.suspects = suspects;
    this.room = room;
    this.onNoSpace = onNoSpace;
    this.onPublished = onPublished;
    this.hdd = hdd;
    this.map = map;
    this.throttle = throttle;
    this.stats = stats;
    this.clock = clock;
    this.pageSize = pageSize;
  }

  FillOutcome run(BlockId id, FillTicket ticket, CacheDirectory dir) {
    FillOutcome outcome;
    CacheEntry entry = null;
    try {
      entry = copy(id, ticket, dir);
      outcome =
          entry == null
              ? FillOutcome.ABANDONED
              : map.publish(id, ticket, entry) ? FillOutcome.COMPLETED : FillOutcome.ABANDONED;
    } catch (Unsupported e) {
      outcome = FillOutcome.UNSUPPORTED;
    } catch (NoRoom e) {
      outcome = FillOutcome.NO_ROOM;
    } catch (ChecksumException e) {
      outcome = FillOutcome.HDD_CORRUPT;
    } catch (CacheException e) {
      if (e.failure() == CacheFailure.NO_SPACE) {
        onNoSpace.accept(dir);
      }
      stats.storeFailures.get(e.failure()).inc();
      outcome = FillOutcome.FAILED;
    } catch (IOException e) {
      stats.hddFailures.inc();
      outcome = FillOutcome.FAILED;
    } catch (RuntimeException e) {
      LOG.warn("hdfs-local-cache: fill of {} failed unexpectedly", id, e);
      stats.otherFailures.inc();
      outcome = FillOutcome.FAILED;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      outcome = FillOutcome.ABANDONED;
    }
    if (outcome != FillOutcome.COMPLETED) {
      map.endFill(id, ticket);
      dir.budget().draining(ticket.reservedBytes);
      dir.deleteBlock(id, ticket.genStamp, ticket.fillId, ticket.reservedBytes);
    }
    if (outcome == FillOutcome.COMPLETED) {
      onPublished.accept(entry);
    }
    stats.outcomes.get(outcome).inc();
    return outcome;
  }

  /** Returns the entry to publish, or null if the block changed or was invalidated meanwhile. */
  private CacheEntry copy(BlockId id, FillTicket ticket, CacheDirectory dir)
      throws IOException, InterruptedException {
    long gs = ticket.genStamp;
    ReplicaVersion r = hdd.replica(id);
    if (!ReplicaVersion.isFinalized(r, gs)) {
      return null;
    }
    long length = r.length();
    ExtendedBlock b = new ExtendedBlock(id.poolId(), id.blockId(), length, gs);

    byte[] meta = readMeta(b);
    DataChecksum dc =
        BlockMetadataHeader.readDataChecksum(
            new DataInputStream(new ByteArrayInputStream(meta)), b);
    if (dc.getChecksumType() == DataChecksum.Type.NULL
        || dc.getChecksumSize() == 0
        || pageSize % dc.getBytesPerChecksum() != 0) {
      throw new Unsupported();
    }
    ChecksumLayout layout = ChecksumLayout.of(dc, BlockMetadataHeader.getHeaderSize());
    if (layout.expectedMetaLength(length) != meta.length) {
      throw new IOException("meta length " + meta.length + " does not fit block length " + length);
    }
    if (length + meta.length > dir.budget().capacity() / 2) {
      throw new Unsupported(); // would evict half the directory for one block
    }
    if (!room.reserve(dir, length + meta.length)) {
      throw new NoRoom();
    }
    ticket.reservedBytes = length + meta.length;

    String metaId = id.fileId(gs, ticket.fillId, BlockId.CacheFile.META);
    for (long off = 0; off < meta.length; off += pageSize) {
      int n = (int) Math.min(pageSize, meta.length - off);
      dir.store().write(metaId, off / pageSize, meta, (int) off, n);
      stats.bytesWritten.inc(n);
    }
    int[] segmentCrcs = SegmentCrcs.of(meta);

    String dataId = id.fileId(gs, ticket.fillId, BlockId.CacheFile.DATA);
    byte[] page = new byte[(int) Math.min(pageSize, Math.max(1, length))];
    try (InputStream in = hdd.openData(b, 0)) {
      for (long off = 0; off < length; off += pageSize) {
        if (ticket.abandoned()) {
          return null;
        }
        int n = (int) Math.min(pageSize, length - off);
        IOUtils.readFully(in, page, 0, n);
        long chunk0 = off / layout.bytesPerChecksum();
        int chunks = (n + layout.bytesPerChecksum() - 1) / layout.bytesPerChecksum();
        try {
          dc.verifyChunkedSums(
              ByteBuffer.wrap(page, 0, n),
              ByteBuffer.wrap(
                  meta, (int) layout.checksumOffset(chunk0), chunks * layout.checksumSize()),
              dataId,
              off);
        } catch (ChecksumException e) {
          reportCorrupt(id, b);
          throw e;
        }
        throttle.acquire(n);
        dir.store().write(dataId, off / pageSize, page, 0, n);
        stats.bytesWritten.inc(n);
      }
    }
    if (ticket.abandoned() || !isFinalizedWithLength(id, gs, length)) {
      return null;
    }
    return new CacheEntry(
        id, gs, ticket.fillId, length, meta.length, layout, segmentCrcs, dir, clock.millis());
  }

  private byte[] readMeta(ExtendedBlock b) throws IOException {
    try (LengthInputStream in = hdd.openMeta(b)) {
      if (in == null || in.getLength() > Integer.MAX_VALUE - 16) {
        throw new Unsupported();
      }
      byte[] meta = new byte[(int) in.getLength()];
      IOUtils.readFully(in, meta, 0, meta.length);
      return meta;
    }
  }

  /**
   * Hands a replica that failed its own checksums to the block scanner, once per detection, unless
   * it changed under the fill (then the mismatch says nothing about the replica now).
   */
  private void reportCorrupt(BlockId id, ExtendedBlock b) {
    if (isFinalizedWithLength(id, b.getGenerationStamp(), b.getNumBytes()) && suspects.suspect(b)) {
      stats.hddCorruptReported.inc();
    }
  }

  private boolean isFinalizedWithLength(BlockId id, long gs, long length) {
    ReplicaVersion r = hdd.replica(id);
    return r != null && r.finalizedAt(gs, length);
  }

  /** Makes room for a block in a directory's budget, evicting whole blocks as needed. */
  public interface Room {
    /** Reserves {@code bytes} in {@code dir}'s budget; false if no eviction could make room. */
    boolean reserve(CacheDirectory dir, long bytes) throws InterruptedException;
  }

  private static final class NoRoom extends IOException {
    private static final long serialVersionUID = 1L;
  }

  /** The block cannot be cached by design; not an error. */
  private static final class Unsupported extends IOException {
    private static final long serialVersionUID = 1L;
  }
}
