package io.hdfslocalcache.datanode.index;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.files.OwnerOnlyFiles;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.datanode.store.CacheThreads;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The block map of one directory, persisted in RocksDB so a restarted DataNode serves its cached
 * blocks again without refilling. One record per published entry, keyed by pool, block id,
 * generation stamp and fill id (so retiring an old version, or an older copy of the same version,
 * never deletes a newer one's record). Format 2 added the fill id; format 1 records (fill id 0)
 * keep their old key and file names and are still read. Written after publish and deleted on
 * retire, without fsync: a crash loses at most the newest records, whose pages then become orphans
 * and are deleted at the next start. Lives beside Alluxio's {@code LOCAL/} tree, which Alluxio
 * would purge of files it does not know.
 *
 * <p>Writes come from fill, maintenance and reader threads (the last reader of a retired entry
 * deletes its record). RocksDB lives on the SSD it describes, so a write can hang with that SSD:
 * writes are queued to one writer thread per directory (which also keeps a put and a later delete
 * of one record in order) and never block the caller; a full queue drops the write (a lost put
 * costs a refill after restart, a lost delete is caught by validation at start). A closed RocksDB
 * handle must never be touched (native code would crash the JVM): {@link #close} drains the queue
 * for a bounded time, then closes under the write lock; later writes are dropped. A write stuck on
 * a hung disk holds the read lock: close then gives up on it after the same bound (DataNode
 * shutdown must not hang) and leaves the handle open; the stuck write closes it when it returns.
 */
public final class BlockIndex implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(BlockIndex.class);

  /** {@link #close()}'s bound on waiting for the writer. */
  static final long DEFAULT_CLOSE_WAIT_MILLIS = 5_000;

  private final RocksDB db;
  private final Options options;
  private final Path dir;
  private final CacheFaultInjector faults;
  private final org.rocksdb.AbstractEventListener ownerOnly;
  private final java.util.concurrent.locks.ReentrantReadWriteLock lock =
      new java.util.concurrent.locks.ReentrantReadWriteLock();
  private boolean closed;

  /** Set by {@link #close}: a write that returns after close gave up on it closes the handle. */
  private volatile boolean closing;

  private final java.util.concurrent.ThreadPoolExecutor writer;

  private BlockIndex(
      RocksDB db,
      Options options,
      Path dir,
      org.rocksdb.AbstractEventListener ownerOnly,
      String name,
      CacheFaultInjector faults) {
    this.faults = faults;
    this.db = db;
    this.options = options;
    this.dir = dir;
    this.ownerOnly = ownerOnly;
    this.writer =
        new java.util.concurrent.ThreadPoolExecutor(
            1,
            1,
            0,
            java.util.concurrent.TimeUnit.MILLISECONDS,
            new java.util.concurrent.ArrayBlockingQueue<>(WRITE_QUEUE),
            r -> CacheThreads.newThread(r, "local-cache-index-" + name),
            new java.util.concurrent.ThreadPoolExecutor.DiscardPolicy());
  }

  /** Index writes waiting at most; far more than fills and evictions produce between two. */
  static final int WRITE_QUEUE = 10_000;

  /**
   * Opens (creating if needed) the index in {@code dir}. Throws {@link LinkageError} if RocksDB's
   * native library cannot be loaded: the caller disables the whole cache, not one directory.
   */
  public static BlockIndex open(Path dir) throws IOException {
    return open(dir, CacheFaultInjector.NONE);
  }

  /** As {@link #open(Path)}, calling {@code faults} before the open and before each write. */
  public static BlockIndex open(Path dir, CacheFaultInjector faults) throws IOException {
    faults.beforeIndexOpen(dir);
    RocksNative.load();
    org.rocksdb.AbstractEventListener ownerOnly = OwnerOnly.listener(dir);
    Options options =
        new Options()
            .setCreateIfMissing(true)
            .setKeepLogFileNum(2)
            .setMaxManifestFileSize(4L << 20)
            .setListeners(java.util.Collections.singletonList(ownerOnly));
    try {
      BlockIndex index =
          new BlockIndex(
              RocksDB.open(options, dir.toString()),
              options,
              dir,
              ownerOnly,
              String.valueOf(dir.getParent().getFileName()),
              faults);
      OwnerOnlyFiles.restrictAll(dir);
      return index;
    } catch (RocksDBException e) {
      options.close();
      ownerOnly.close();
      throw new IOException("cannot open block index " + dir + ": " + e.getMessage(), e);
    }
  }

  /**
   * Whether {@link #open} failed because the index is open already, in this process or another
   * (RocksDB's lock on its {@code LOCK} file): the index is in use, not unreadable, and must not be
   * wiped.
   */
  public static boolean heldOpen(IOException e) {
    return e.getCause() instanceof RocksDBException
        && String.valueOf(e.getCause().getMessage()).contains("/LOCK: ");
  }

  /**
   * Writes {@code r}. Its entry may be retired meanwhile and have deleted its record already;
   * {@code dropped} is asked again after the write, so a dropped block's record never comes back.
   */
  public void put(IndexRecord r, BooleanSupplier dropped) {
    writer.execute(
        () -> {
          write(
              db -> db.put(IndexCodec.key(r.id(), r.genStamp(), r.fillId()), IndexCodec.encode(r)));
          if (dropped.getAsBoolean()) {
            write(db -> db.delete(IndexCodec.key(r.id(), r.genStamp(), r.fillId())));
          }
        });
  }

  /** Queues one of the directory's own records (the newest queued wins, as writes keep order). */
  public <T> void putOwn(OwnRecord<T> r, T value) {
    writer.execute(() -> write(db -> db.put(r.key, r.encoder.apply(value))));
  }

  /**
   * One of the directory's own records as last persisted; empty if none was (or unreadable:
   * logged).
   */
  public <T> Optional<T> loadOwn(OwnRecord<T> r) {
    try {
      byte[] v = db.get(r.key);
      return v == null ? Optional.empty() : Optional.of(r.decoder.decode(v));
    } catch (RocksDBException | IOException | RuntimeException e) {
      LOG.warn(
          "hdfs-local-cache: {} in {} unreadable ({}); {}", r.what, dir, e.toString(), r.otherwise);
      return Optional.empty();
    }
  }

  public void delete(BlockId id, long genStamp, long fillId) {
    writer.execute(() -> write(db -> db.delete(IndexCodec.key(id, genStamp, fillId))));
  }

  /** Writes queued or running (a bench paces its fills by it: a full queue drops). */
  public int queuedWrites() {
    return writer.getQueue().size() + writer.getActiveCount();
  }

  private interface Write {
    void apply(RocksDB db) throws RocksDBException;
  }

  /** Best effort: a lost write costs a refill, a stale record is dropped by validation at start. */
  private void write(Write w) {
    lock.readLock().lock();
    try {
      if (!closed) {
        faults.beforeIndexWrite(dir); // where a write on a hung disk hangs
        w.apply(db);
      }
    } catch (RocksDBException ex) {
      // see above
    } finally {
      lock.readLock().unlock();
    }
    if (closing && lock.writeLock().tryLock()) {
      try {
        closeHandle(); // close gave up waiting for this write
      } finally {
        lock.writeLock().unlock();
      }
    }
  }

  /** Every block record; undecodable ones (another format, torn writes) are deleted and skipped. */
  public List<IndexRecord> loadAll() {
    List<IndexRecord> out = new ArrayList<>();
    List<byte[]> bad = new ArrayList<>();
    try (RocksIterator it = db.newIterator()) {
      for (it.seekToFirst(); it.isValid(); it.next()) {
        if (it.key().length > 0 && it.key()[0] == 0) {
          continue; // the directory's own records: write budget, admission threshold
        }
        try {
          out.add(IndexCodec.decode(it.value()));
        } catch (IOException | RuntimeException e) {
          bad.add(it.key());
        }
      }
    }
    for (byte[] k : bad) {
      try {
        db.delete(k);
      } catch (RocksDBException e) {
        // skipped either way
      }
    }
    return out;
  }

  @Override
  public void close() {
    close(DEFAULT_CLOSE_WAIT_MILLIS);
  }

  /**
   * Drains queued writes and closes the handle, waiting at most about {@code waitMillis} in all. If
   * a write is stuck on the disk by then, it is abandoned with one WARN line: the handle stays open
   * under it (closing it would crash the JVM when the write returns) and the write closes it when
   * it returns; queued writes are dropped.
   */
  public void close(long waitMillis) {
    long deadline = System.nanoTime() + waitMillis * 1_000_000;
    writer.shutdown();
    boolean locked = false;
    try {
      writer.awaitTermination(waitMillis, java.util.concurrent.TimeUnit.MILLISECONDS);
      writer.shutdownNow();
      closing = true;
      locked =
          lock.writeLock()
              .tryLock(
                  Math.max(0, deadline - System.nanoTime()),
                  java.util.concurrent.TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      writer.shutdownNow();
      closing = true;
      locked = lock.writeLock().tryLock();
    }
    if (!locked) {
      LOG.warn(
          "hdfs-local-cache: a block index write on {} has been stuck for more than {} ms;"
              + " abandoned, the index closes when it returns",
          dir,
          waitMillis);
      return;
    }
    try {
      closeHandle();
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** Under the write lock. */
  private void closeHandle() {
    if (!closed) {
      closed = true;
      db.close();
      options.close();
      ownerOnly.close();
    }
  }
}
