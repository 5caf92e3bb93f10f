package io.hdfslocalcache.datanode.fill;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.block.FillTicket;
import io.hdfslocalcache.datanode.dir.DirectoryFixture;
import io.hdfslocalcache.datanode.dir.SpaceBudget;
import io.hdfslocalcache.datanode.hdd.FakeReplicas;
import io.hdfslocalcache.datanode.space.SpaceKeeper;
import io.hdfslocalcache.datanode.space.SpaceStats;
import io.hdfslocalcache.datanode.store.CacheException;
import io.hdfslocalcache.datanode.store.ForwardingPageStore;
import io.hdfslocalcache.datanode.store.MemoryPageStore;
import io.hdfslocalcache.metrics.CacheFailure;
import io.hdfslocalcache.metrics.FillOutcome;
import io.hdfslocalcache.time.CacheClock;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiPredicate;

/**
 * The fill pipeline over one directory as the DataNode wires it in {@code pages} mode (a real page
 * LRU {@link SpaceKeeper}, a RocksDB index, an in-memory store seen through a recorder that can
 * fail writes), fed by a fake dataset whose replicas hold real bytes and checksums.
 */
final class FillHarness implements AutoCloseable {
  static final int PAGE = 64 * 1024;
  static final String POOL = "BP-1";
  static final long GS = 7;

  final MetricRegistry registry = new MetricRegistry();
  final FakeReplicas hdd = new FakeReplicas();
  final BlockMap map = new BlockMap();
  final DirectoryFixture d;
  final BlockFill fill;

  /** Data and meta pages written to the store, as {@code fileId#page}, in order. */
  final List<String> writes = new CopyOnWriteArrayList<>();

  /** Writes it accepts tear (half the page lands) and fail; null: none fail. */
  volatile BiPredicate<String, Long> failWrite;

  /** Runs after each store write that succeeded, with its file and page. */
  volatile java.util.function.BiConsumer<String, Long> afterWrite = (f, p) -> {};

  FillHarness(Path root, long capacity) throws Exception {
    this(root, capacity, FillClearance.OPEN);
  }

  /** {@code clearance}: the fill guard the fills ask (OPEN: none). */
  FillHarness(Path root, long capacity, FillClearance clearance) throws Exception {
    MemoryPageStore memory = new MemoryPageStore(capacity);
    memory.pageSize = PAGE;
    d =
        new DirectoryFixture(
            0,
            root,
            capacity,
            10,
            CacheClock.SYSTEM,
            memory,
            inner ->
                new ForwardingPageStore(inner) {
                  @Override
                  public void write(String fileId, long page, byte[] src, int off, int len)
                      throws CacheException {
                    BiPredicate<String, Long> fail = failWrite;
                    if (fail != null && fail.test(fileId, page)) {
                      inner.write(fileId, page, src, off, len / 2);
                      throw new CacheException(CacheFailure.IO_ERROR, "write " + fileId + page);
                    }
                    inner.write(fileId, page, src, off, len);
                    writes.add(fileId + "#" + page);
                    afterWrite.accept(fileId, page);
                  }
                });
    SpaceKeeper space =
        new SpaceKeeper(
            map, FillMode.PAGES, new SpaceStats(registry), PAGE, 5, 0, 1, CacheClock.SYSTEM);
    fill =
        new BlockFill(
            hdd,
            map,
            new Throttle(0, CacheClock.SYSTEM),
            new FillStats(registry),
            CacheClock.SYSTEM,
            PAGE,
            space::reserve,
            clearance,
            space::relieveSpace,
            e -> d.dir.persist(e));
  }

  static BlockId id(long block) {
    return new BlockId(POOL, block);
  }

  /** A readable FINALIZED replica of {@code length} random bytes. */
  byte[] replica(long block, int length) {
    byte[] data = new byte[length];
    new Random(block).nextBytes(data);
    hdd.finalized(id(block), GS, data);
    return data;
  }

  /** Bit rot in the HDD copy of {@code block} at {@code at}, under its unchanged checksums. */
  void rot(long block, int at) {
    hdd.data.get(id(block))[at] ^= 1;
  }

  /** The first fill of a version: the meta and data pages {@code [first, last]}. */
  FillOutcome fillNew(long block, int first, int last) {
    FillTicket t = map.tryStartFill(id(block), GS);
    return fill.fillNew(new FillRequest(id(block), GS, d.dir, first, last), t);
  }

  /** A page fill of the published entry of {@code block}. */
  FillOutcome addPages(CachedReplica e, int first, int last) {
    return fill.addPages(new FillRequest(e.id, e.genStamp, d.dir, first, last), e);
  }

  CachedReplica entry(long block) {
    return map.lookup(id(block), GS);
  }

  /** Indexes of the data pages of {@code e} written to the store since {@code from} writes. */
  TreeSet<Integer> dataPagesWritten(CachedReplica e, int from) {
    TreeSet<Integer> out = new TreeSet<>();
    String prefix = e.fileId(BlockId.CacheFile.DATA) + "#";
    for (String w : writes.subList(from, writes.size())) {
      if (w.startsWith(prefix)) {
        out.add(Integer.parseInt(w.substring(prefix.length())));
      }
    }
    return out;
  }

  /** Indexes of the entry's data pages present in the store (whole or torn). */
  TreeSet<Integer> dataPagesStored(CachedReplica e) {
    TreeSet<Integer> out = new TreeSet<>();
    for (int p = 0; p < e.pages.pages(); p++) {
      if (stored(e, p)) {
        out.add(p);
      }
    }
    return out;
  }

  private boolean stored(CachedReplica e, int p) {
    try {
      d.store.read(
          e.fileId(BlockId.CacheFile.DATA), p, 0, java.nio.ByteBuffer.wrap(new byte[1], 0, 1));
      return true;
    } catch (CacheException x) {
      return false;
    }
  }

  /** Indexes of the entry's pages readers may use. */
  static TreeSet<Integer> present(CachedReplica e) {
    return DirectoryFixture.present(e);
  }

  SpaceBudget budget() {
    return d.dir.budget();
  }

  /** Bytes counted as on their way out (evicted, deletes queued): 0 once everything settled. */
  long draining() {
    SpaceBudget b = budget();
    return b.reserved() - b.capacity() - b.shortfall(0);
  }

  long counter(String name) {
    return registry.counter(name).getCount();
  }

  @Override
  public void close() {
    d.close();
  }
}
