package io.hdfslocalcache.datanode.index;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.datanode.store.CacheThreads;
import io.hdfslocalcache.datanode.verify.ChecksumLayout;
import io.hdfslocalcache.datanode.verify.SegmentCrcs;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
  private static final int FORMAT = 2;

  /** Records written before fill ids: fill id 0, the key without it. */
  private static final int FORMAT_NO_FILL_ID = 1;

  /** {@link #close()}'s bound on waiting for the writer. */
  static final long DEFAULT_CLOSE_WAIT_MILLIS = 5_000;

  private final RocksDB db;
  private final Options options;
  private final Path dir;
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
      String name) {
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
    io.hdfslocalcache.datanode.store.CacheFaultInjector.get().beforeIndexOpen(dir);
    RocksDB.loadLibrary();
    // RocksDB creates its files under the umask; each flush or compaction may add some (tables,
    // logs, manifests), so they are made owner-only after each and at open.
    org.rocksdb.AbstractEventListener ownerOnly =
        new org.rocksdb.AbstractEventListener(
            org.rocksdb.AbstractEventListener.EnabledEventCallback.ON_FLUSH_COMPLETED,
            org.rocksdb.AbstractEventListener.EnabledEventCallback.ON_COMPACTION_COMPLETED) {
          @Override
          public void onFlushCompleted(RocksDB db, org.rocksdb.FlushJobInfo info) {
            ownerOnly(dir);
          }

          @Override
          public void onCompactionCompleted(RocksDB db, org.rocksdb.CompactionJobInfo info) {
            ownerOnly(dir);
          }
        };
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
              String.valueOf(dir.getParent().getFileName()));
      ownerOnly(dir);
      return index;
    } catch (RocksDBException e) {
      options.close();
      ownerOnly.close();
      throw new IOException("cannot open block index " + dir + ": " + e.getMessage(), e);
    }
  }

  /**
   * Writes {@code r}. Its entry may be retired meanwhile and have deleted its record already;
   * {@code dropped} is asked again after the write, so a dropped block's record never comes back.
   */
  public void put(IndexRecord r, BooleanSupplier dropped) {
    writer.execute(
        () -> {
          write(db -> db.put(key(r.id(), r.genStamp(), r.fillId()), encode(r)));
          if (dropped.getAsBoolean()) {
            write(db -> db.delete(key(r.id(), r.genStamp(), r.fillId())));
          }
        });
  }

  public void delete(BlockId id, long genStamp, long fillId) {
    writer.execute(() -> write(db -> db.delete(key(id, genStamp, fillId))));
  }

  /** Makes the index files owner-only (0600); best effort, the directory above is 0700. */
  static void ownerOnly(Path dir) {
    try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        try {
          if (java.nio.file.Files.isRegularFile(f)) {
            java.nio.file.Files.setPosixFilePermissions(
                f, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
          }
        } catch (IOException | RuntimeException e) {
          // deleted meanwhile, or not POSIX
        }
      }
    } catch (IOException | RuntimeException e) {
      // best effort
    }
  }

  private interface Write {
    void apply(RocksDB db) throws RocksDBException;
  }

  /** Best effort: a lost write costs a refill, a stale record is dropped by validation at start. */
  private void write(Write w) {
    lock.readLock().lock();
    try {
      if (!closed) {
        CacheFaultInjector.get().beforeIndexWrite(dir); // where a write on a hung disk hangs
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

  /** Every record; undecodable ones (another format, torn writes) are deleted and skipped. */
  public List<IndexRecord> loadAll() {
    List<IndexRecord> out = new ArrayList<>();
    List<byte[]> bad = new ArrayList<>();
    try (RocksIterator it = db.newIterator()) {
      for (it.seekToFirst(); it.isValid(); it.next()) {
        try {
          out.add(decode(it.value()));
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

  private static byte[] key(BlockId id, long genStamp, long fillId) {
    byte[] pool = id.poolId().getBytes(StandardCharsets.UTF_8);
    int tail = fillId == 0 ? 17 : 25; // fill id 0: the key of a format 1 record
    byte[] k = new byte[pool.length + tail];
    System.arraycopy(pool, 0, k, 0, pool.length);
    java.nio.ByteBuffer t =
        java.nio.ByteBuffer.wrap(k, pool.length, tail)
            .put((byte) 0)
            .putLong(id.blockId())
            .putLong(genStamp);
    if (fillId != 0) {
      t.putLong(fillId);
    }
    return k;
  }

  static byte[] encode(IndexRecord r) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + 4 * r.metaSegmentCrcs().length);
      DataOutputStream out = new DataOutputStream(bytes);
      out.writeInt(FORMAT);
      out.writeUTF(r.id().poolId());
      out.writeLong(r.id().blockId());
      out.writeLong(r.genStamp());
      out.writeLong(r.fillId());
      out.writeLong(r.dataLength());
      out.writeLong(r.metaLength());
      ChecksumLayout c = r.checksum();
      out.writeInt(c.typeId());
      out.writeInt(c.bytesPerChecksum());
      out.writeInt(c.checksumSize());
      out.writeInt(c.headerSize());
      out.writeLong(r.filledAtMillis());
      out.writeLong(r.lastAccessMillis());
      out.writeInt(r.metaSegmentCrcs().length);
      for (int crc : r.metaSegmentCrcs()) {
        out.writeInt(crc);
      }
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static IndexRecord decode(byte[] b) throws IOException {
    DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(b));
    int format = in.readInt();
    if (format != FORMAT && format != FORMAT_NO_FILL_ID) {
      throw new IOException("unknown record format");
    }
    BlockId id = new BlockId(in.readUTF(), in.readLong());
    long gs = in.readLong();
    long fillId = format == FORMAT ? in.readLong() : 0;
    long dataLength = in.readLong();
    long metaLength = in.readLong();
    ChecksumLayout c = new ChecksumLayout(in.readInt(), in.readInt(), in.readInt(), in.readInt());
    long filled = in.readLong();
    long access = in.readLong();
    int n = in.readInt();
    if (n != SegmentCrcs.segmentCount(metaLength)) {
      throw new IOException("segment count " + n + " does not fit meta length " + metaLength);
    }
    int[] crcs = new int[n];
    for (int i = 0; i < n; i++) {
      crcs[i] = in.readInt();
    }
    return new IndexRecord(id, gs, fillId, dataLength, metaLength, c, crcs, filled, access);
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
