package io.hdfslocalcache.demo.hdd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The emulator installed as a real DataNode's dataset factory throttles and counts reads. */
class HddEmulatorClusterTest {
  // A model no other test uses, so this test has the process-wide emulator of it to itself.
  private static final HddModel MODEL = new HddModel(20, 21, 200L << 20, 1 << 20);

  @TempDir File base;

  @Test
  void concurrentPreads_throughEmulatedDisks_countedPerSpindleAndQueued() throws Exception {
    Configuration conf = new HdfsConfiguration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, base.getAbsolutePath());
    conf.set(
        DFSConfigKeys.DFS_DATANODE_FSDATASET_FACTORY_KEY,
        HddEmulatorDatasetFactory.class.getName());
    MODEL.applyTo(conf);
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    try {
      cluster.waitActive();
      DistributedFileSystem fs = cluster.getFileSystem();
      byte[] data = new byte[4 << 20];
      new Random(1).nextBytes(data);
      // Two files: round-robin volume choice puts them on the DataNode's two volumes.
      Path[] files = {new Path("/f0"), new Path("/f1")};
      for (Path f : files) {
        try (FSDataOutputStream out = fs.create(f)) {
          out.write(data);
        }
      }
      HddEmulator hdd = HddEmulator.of(MODEL);
      long before = hdd.clientBytes();

      AtomicLong clientRead = new AtomicLong();
      AtomicInteger maxQueue = new AtomicInteger();
      AtomicBoolean done = new AtomicBoolean();
      Thread sampler =
          new Thread(
              () -> {
                while (!done.get()) {
                  maxQueue.accumulateAndGet(hdd.queueDepth(), Math::max);
                  Thread.onSpinWait();
                }
              });
      sampler.start();
      List<Thread> readers = new ArrayList<>();
      for (int t = 0; t < 6; t++) {
        Random rnd = new Random(t + 1);
        Path file = files[t % 2];
        readers.add(
            new Thread(
                () -> {
                  byte[] buf = new byte[64 << 10];
                  try (FSDataInputStream in = fs.open(file)) {
                    for (int i = 0; i < 5; i++) {
                      long off = rnd.nextInt(data.length - buf.length);
                      in.readFully(off, buf);
                      clientRead.addAndGet(buf.length);
                    }
                  } catch (Exception e) {
                    throw new IllegalStateException(e);
                  }
                }));
      }
      readers.forEach(Thread::start);
      for (Thread r : readers) {
        r.join();
      }
      done.set(true);
      sampler.join();

      assertEquals(6 * 5 * (64 << 10), clientRead.get());
      // The DataNode reads whole 512-byte checksum chunks, so at least what the client got.
      assertTrue(
          hdd.clientBytes() - before >= clientRead.get(),
          "emulated disks served " + (hdd.clientBytes() - before));
      assertEquals(0, hdd.fillBytes());
      assertEquals(2, hdd.spindles().size(), "one spindle per volume");
      assertTrue(
          hdd.spindles().stream().allMatch(s -> s.clientBytes() > 0), "both volumes served reads");
      assertTrue(hdd.spindles().stream().mapToLong(Spindle::requests).sum() >= 30);
      assertTrue(maxQueue.get() > 0, "concurrent reads must queue at the spindle");
      assertEquals(0, hdd.queueDepth());
    } finally {
      cluster.shutdown();
    }
  }
}
