package io.hdfslocalcache.datanode.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.hdd.FakeReplicas;
import io.hdfslocalcache.datanode.hdd.ReplicaVersion;
import io.hdfslocalcache.datanode.shadow.ClientRead;
import io.hdfslocalcache.datanode.shadow.ReadTap;
import io.hdfslocalcache.datanode.shadow.RealRead;
import java.io.FileInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Shadow mode's read path: the dataset's own streams, a client read's data stream counted. */
class ShadowReadsTest {
  @TempDir Path dir;
  final FakeReplicas hdd = new FakeReplicas();
  final List<ClientRead> reads = new ArrayList<>();
  final ShadowReads shadow =
      new ShadowReads(
          hdd,
          new ReadTap() {
            @Override
            public void read(ClientRead read) {
              reads.add(read);
            }

            @Override
            public void removed(BlockId block) {}

            @Override
            public void rewritten(BlockId block, long newGenStamp) {}
          });
  final BlockId id = new BlockId("BP-1", 42);
  final ExtendedBlock block = new ExtendedBlock("BP-1", 42, 10_000, 7);

  private FileInputStream file() throws Exception {
    Path f = dir.resolve("blk_42");
    Files.write(f, new byte[10_000]);
    return new FileInputStream(f.toFile());
  }

  /** Runs {@code r} on a thread named as DataXceiver names a client read's. */
  private static void asClientRead(ThrowingRunnable r) throws Exception {
    Thread t = Thread.currentThread();
    String name = t.getName();
    t.setName("DataXceiver for client DFSClient_1 at /127.0.0.1:5 [Sending block BP-1:blk_42_7]");
    try {
      r.run();
    } finally {
      t.setName(name);
    }
  }

  interface ThrowingRunnable {
    void run() throws Exception;
  }

  @Test
  void openData_clientReadOfFinalizedReplica_countedAndToldOnceAtClose() throws Exception {
    hdd.finalized(id, 7, 10_000);
    FileInputStream raw = file();
    asClientRead(
        () -> {
          InputStream in = shadow.openData(block, 4608, () -> raw);
          assertTrue(in instanceof FileInputStream, "transferTo and fadvise need a file stream");
          assertSame(raw.getFD(), ((FileInputStream) in).getFD());
          in.skip(4608);
          assertEquals(3000, in.read(new byte[3000]));
          assertEquals(0, reads.size(), "told at close, not before");
          in.close();
          in.close();
        });
    assertEquals(1, reads.size());
    assertEquals(
        new ClientRead(id, 7, 10_000, 4608, 3000, RealRead.NO_CACHE, 0).toString(),
        reads.get(0).toString());
  }

  @Test
  void openData_notAClientRead_theDatasetsOwnStreamUntouched() throws Exception {
    hdd.finalized(id, 7, 10_000);
    FileInputStream raw = file();
    InputStream in = shadow.openData(block, 0, () -> raw); // a test thread: caller OTHER
    assertSame(raw, in);
    in.close();
    assertEquals(0, reads.size());
  }

  @Test
  void openData_replicaNotFinalized_theDatasetsOwnStreamUntouched() throws Exception {
    hdd.replicas.put(id, new ReplicaVersion(false, 7, 5_000));
    FileInputStream raw = file();
    asClientRead(
        () -> {
          InputStream in = shadow.openData(block, 0, () -> raw);
          assertSame(raw, in);
          in.close();
        });
    assertEquals(0, reads.size());
  }
}
