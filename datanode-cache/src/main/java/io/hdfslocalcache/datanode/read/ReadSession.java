package io.hdfslocalcache.datanode.read;

import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.block.MetaSegments;
import io.hdfslocalcache.datanode.hdd.HddReplicas;
import io.hdfslocalcache.datanode.store.CacheException;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;

/**
 * One BlockSender's view of a cached block: the meta stream and the data stream it opens (or the
 * data stream alone, for a client that asked for no checksums), sharing one pin on the entry and
 * one verdict. The first failure on either stream evicts the entry (if the failure says the copy
 * may be bad); each stream then continues from the HDD at its own offset, without trying the cache
 * again (both copies hold identical bytes for this generation stamp, and every cached byte already
 * handed out was verified).
 */
final class ReadSession {
  final CachedReplica entry;
  final ExtendedBlock block;
  private final HddReplicas hdd;
  private final ReadPathStats stats;
  private final BiConsumer<CachedReplica, CacheException> onFailure;
  private final ReadSettings settings;
  private final ReadEnd onEnd;
  private final WindowBuffers buffers;
  private final CacheFaultInjector faults;

  /** Open streams; the pin is released when the last one closes. */
  private final AtomicInteger streams = new AtomicInteger(1);

  private volatile boolean fellBack;

  /** The meta stream's verified window and the thread reading it (BlockSender's). */
  private MetaSegments metaWindow;

  private Thread metaThread;

  /** Where the data stream started: what a shadow model is told the read's offset was. */
  private volatile long dataOffset;

  /** Set when the meta stream failed with an I/O error; the data stream then fails too. */
  private volatile IOException checksumFailure;

  /** Set once the session counted its read as aborted; BlockSender's thread only. */
  private boolean abortCounted;

  /**
   * The caller has pinned {@code entry}; the session owns that pin from now on. {@code onFailure}
   * is told once, on the first failure (the cache evicts the entry there).
   */
  ReadSession(
      CachedReplica entry,
      ExtendedBlock block,
      HddReplicas hdd,
      ReadPathStats stats,
      BiConsumer<CachedReplica, CacheException> onFailure,
      ReadSettings settings,
      ReadEnd onEnd,
      WindowBuffers buffers,
      CacheFaultInjector faults) {
    this.faults = faults;
    this.onEnd = onEnd;
    this.buffers = buffers;
    this.entry = entry;
    this.block = new ExtendedBlock(block);
    this.hdd = hdd;
    this.stats = stats;
    this.onFailure = onFailure;
    this.settings = settings;
  }

  LengthInputStream openMeta() {
    metaWindow = new MetaSegments(entry, settings.pageSize, buffers);
    metaThread = Thread.currentThread();
    return new LengthInputStream(CachedStream.checksums(this, metaWindow), entry.metaLength);
  }

  /**
   * Copies verified meta bytes {@code [pos, pos + len)} from the meta stream's current window if it
   * holds them: BlockSender reads a packet's checksums just before its data, so a pread's data
   * stream finds the checksums it verifies against already loaded, and saves a store call (a
   * hand-off to the I/O pool). Only on the meta stream's own thread (BlockSender uses both streams
   * from one thread), since the window is not thread-safe.
   */
  boolean copyFromMetaWindow(long pos, byte[] dst, int off, int len) {
    MetaSegments w = metaWindow;
    return w != null && metaThread == Thread.currentThread() && w.copyIfHeld(pos, dst, off, len);
  }

  /** The data stream for the same BlockSender; null if the session already closed (use HDD). */
  CachedStream openData(long offset) {
    while (true) {
      int n = streams.get();
      if (n == 0) {
        return null;
      }
      if (streams.compareAndSet(n, n + 1)) {
        dataOffset = offset;
        return CachedStream.data(this, offset);
      }
    }
  }

  /**
   * The data stream of a BlockSender that opens no meta stream (its client asked for no checksums):
   * it owns the count {@link #openMeta}'s stream would have, so its close unpins. Its windows are
   * verified against the cached checksums all the same ({@link PageWindows}).
   */
  CachedStream openDataOnly(long offset) {
    dataOffset = offset;
    return CachedStream.data(this, offset);
  }

  /** The data stream closed: what it read, and the uncached data range it read from the HDD. */
  void dataEnded(long served, long hddRuns, long hddBytes, long missFrom, long missTo) {
    onEnd.ended(this, served, hddRuns, hddBytes, missFrom, missTo);
  }

  /** What a cached read did, told once its data stream closes. */
  interface ReadEnd {
    void ended(
        ReadSession session, long served, long hddRuns, long hddBytes, long missFrom, long missTo);
  }

  void streamClosed() {
    if (streams.decrementAndGet() == 0) {
      entry.unpin();
    }
  }

  long dataOffset() {
    return dataOffset;
  }

  ReadSettings settings() {
    return settings;
  }

  WindowBuffers buffers() {
    return buffers;
  }

  ReadPathStats stats() {
    return stats;
  }

  boolean fellBack() {
    return fellBack;
  }

  /** Records the failure once and evicts the entry; streams then switch to the HDD. */
  void fallBack(CacheException e) {
    if (!fellBack) {
      fellBack = true;
      onFailure.accept(entry, e);
    }
    stats.fallbacks.get(e.failure()).inc();
  }

  /**
   * The meta stream failed (typically: its HDD file could not be reopened after a cache failure).
   * BlockSender sends zero checksums after such a failure, so the data stream must fail before the
   * packet carrying them leaves: see {@link CachedStream}.
   */
  void checksumStreamFailed(IOException e) {
    if (checksumFailure == null) {
      checksumFailure = e;
    }
  }

  /** Throws if the meta stream failed: no data may be sent without its real checksums. */
  void checkChecksumStream() throws IOException {
    IOException e = checksumFailure;
    if (e != null) {
      throw aborted(
          "checksum stream of "
              + block
              + " failed, failing the read instead"
              + " of sending data without checksums: "
              + (e instanceof CachedReadAborted ? ((CachedReadAborted) e).why : e.getMessage()),
          e);
    }
  }

  /** The read ends, not blamed on the HDD volume; counted once per session. */
  private CachedReadAborted aborted(String why, IOException cause) {
    if (!abortCounted) {
      abortCounted = true;
      stats.aborted.inc();
    }
    return new CachedReadAborted(why, cause);
  }

  /**
   * The HDD block file from {@code offset}, for a gap or a fallback. A failure to open it is the
   * cache's (the replica was appended to, deleted or moved since the read opened; stock HDFS holds
   * its descriptor from the start): an HDD fault there was already counted by the dataset's open.
   */
  InputStream openHddData(long offset) throws IOException {
    try {
      return hdd.openData(block, offset);
    } catch (IOException e) {
      throw aborted("HDD copy of " + block + " could not be reopened at " + offset + ": " + e, e);
    }
  }

  /** The HDD meta file from {@code offset}, after a cache failure; failures as in openHddData. */
  InputStream openHddMeta(long offset) throws IOException {
    try {
      faults.beforeHddMetaReopen(block.getBlockName());
      LengthInputStream in = hdd.openMeta(block);
      if (in == null) {
        throw new FileNotFoundException("no meta file");
      }
      try {
        org.apache.hadoop.io.IOUtils.skipFully(in, offset);
      } catch (IOException e) {
        in.close();
        throw e;
      }
      return in;
    } catch (IOException e) {
      throw aborted("HDD meta of " + block + " could not be reopened at " + offset + ": " + e, e);
    }
  }
}
