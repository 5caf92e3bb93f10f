package io.hdfslocalcache.bench;

import io.hdfslocalcache.config.CacheDirMarker;
import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.LocalCacheDatasetFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Reads of blocks that are not cached, through a real DataNode: the unwrapped dataset ({@code
 * plain}) against the cache wrapper ({@code cache}) with admission bookkeeping on every read but a
 * threshold no block reaches, so every read is a miss, or against shadow mode ({@code shadow}: the
 * dataset's own streams, each client read counted and fed to 8 candidates' models). 64 KB preads at
 * random offsets of a 64 MB file (8 MB blocks, warm in the OS page cache so the disk does not hide
 * the overhead).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(1)
@State(Scope.Benchmark)
public class MissPathBenchmark {
  static final int FILE = 64 << 20;
  static final int READ = 64 << 10;

  @Param({"plain", "cache", "shadow"})
  public String dataset;

  private Path base;
  private MiniDFSCluster cluster;
  private FSDataInputStream in;
  private final byte[] buf = new byte[READ];
  private final Random random = new Random(7);

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    base = Files.createTempDirectory("misspath");
    cluster = startCluster(base, dataset);
    in = writeFile(cluster);
  }

  /**
   * Shadow mode's candidates here: the most a DataNode runs (8), over thresholds and both fill
   * modes, so the models admit, fill and evict as they would on a live DataNode.
   */
  static final String[][] SHADOW_CANDIDATES = {
    {"t1", "threshold=1"},
    {"t2", "threshold=2"},
    {"t4", "threshold=4"},
    {"t8", "threshold=8"},
    {"t15", "threshold=15"},
    {"t1-block", "threshold=1,fill=block"},
    {"t4-block", "threshold=4,fill=block"},
    {"t4-small", "threshold=4,capacity=64m"}
  };

  /**
   * A 1-DataNode cluster under {@code base}: {@code plain}, {@code cache} (the wrapper, nothing
   * admitted), {@code outcome} (the wrapper under {@code admission.tuning outcome}, nothing
   * admitted), {@code shadow} (shadow mode, {@link #SHADOW_CANDIDATES}) or {@code shadow1} (shadow
   * mode, the first of them only).
   */
  static MiniDFSCluster startCluster(Path base, String dataset) throws IOException {
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, base.resolve("dfs").toString());
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, 8 << 20);
    conf.setInt(DFSConfigKeys.DFS_DATANODE_SCAN_PERIOD_HOURS_KEY, -1);
    if (!dataset.equals("plain")) {
      conf.set(
          DFSConfigKeys.DFS_DATANODE_FSDATASET_FACTORY_KEY,
          LocalCacheDatasetFactory.class.getName());
      conf.set(CacheKeys.CAPACITY, "1g");
    }
    if (dataset.equals("cache")) {
      conf.set(CacheKeys.DIRS, CacheDirMarker.create(base.resolve("ssd")).toString());
      conf.setInt(CacheKeys.ADMISSION_THRESHOLD, 65_534);
      conf.set(CacheKeys.ADMISSION_TUNING, "auto"); // outcome, the default, takes at most 8190
    } else if (dataset.equals("outcome")) {
      // The largest threshold outcome runs with, held through the run (the law's first hour): a
      // run's ~7,000 reads a block do not reach it; its ghosts see every read (sample 1, the
      // default), the lower rungs' ghosts fill. Paired against cache (tuned, nothing admitted).
      // The guard off: the room rule (the first hour, T / 4 = 2047 while the budget holds) would
      // admit blocks and turn misses into hits; without a budget it never holds, while every read
      // still takes its path (the ghosts, the room rule's ledger).
      conf.set(CacheKeys.DIRS, CacheDirMarker.create(base.resolve("ssd")).toString());
      conf.setInt(CacheKeys.ADMISSION_THRESHOLD, 8_190);
      conf.set(CacheKeys.ADMISSION_TUNING, "outcome");
      conf.setBoolean(CacheKeys.FILL_GUARD, false);
    } else if (dataset.equals("shadow") || dataset.equals("shadow1")) {
      conf.set(CacheKeys.MODE, "shadow");
      StringBuilder names = new StringBuilder();
      int n = dataset.equals("shadow1") ? 1 : SHADOW_CANDIDATES.length;
      for (String[] c : java.util.Arrays.copyOf(SHADOW_CANDIDATES, n)) {
        names.append(names.length() == 0 ? "" : ",").append(c[0]);
        conf.set(CacheKeys.SHADOW_CANDIDATE_PREFIX + c[0], c[1]);
      }
      conf.set(CacheKeys.SHADOW_CANDIDATES, names.toString());
    } else if (!dataset.equals("plain")) {
      throw new IllegalArgumentException(
          "dataset must be plain, cache, outcome, shadow or shadow1: " + dataset);
    }
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    cluster.waitActive();
    return cluster;
  }

  /** Writes the {@link #FILE}-byte test file and opens it. */
  static FSDataInputStream writeFile(MiniDFSCluster cluster) throws IOException {
    DistributedFileSystem fs = cluster.getFileSystem();
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/f");
    byte[] data = new byte[FILE];
    new Random(1).nextBytes(data);
    try (FSDataOutputStream out = fs.create(p, (short) 1)) {
      out.write(data);
    }
    return fs.open(p);
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    in.close();
    cluster.shutdown();
  }

  @Benchmark
  public int pread64k() throws IOException {
    long off = (long) random.nextInt(FILE / 512 - READ / 512) * 512;
    in.readFully(off, buf);
    return buf[0];
  }
}
