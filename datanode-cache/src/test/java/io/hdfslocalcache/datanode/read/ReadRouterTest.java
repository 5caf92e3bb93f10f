package io.hdfslocalcache.datanode.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.admin.AdminControl;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.fill.FillClearance;
import io.hdfslocalcache.datanode.hdd.HddReplicas;
import io.hdfslocalcache.datanode.hdd.ReplicaVersion;
import io.hdfslocalcache.datanode.shadow.ReadTap;
import io.hdfslocalcache.datanode.store.CacheFaultInjector;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import io.hdfslocalcache.time.CacheClock;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;
import org.junit.jupiter.api.Test;

/**
 * Read routing without a DataNode: which HDD streams are counted as client reads (with or without a
 * meta open before the data open), and why a read went to the HDD. Client reads are recognised from
 * the xceiver's thread name, so each case runs on a thread named like one.
 */
class ReadRouterTest {
  private static final String CLIENT_THREAD =
      "DataXceiver for client DFSClient_1 at /127.0.0.1:5 [Sending block BP-1:blk_42_7]";

  private final MetricRegistry registry = new MetricRegistry();
  private final ExtendedBlock block = new ExtendedBlock("BP-1", 42, 1000, 7);

  /** The replica the fake dataset reports: not finalized unless a test says so. */
  private volatile ReplicaVersion replica = new ReplicaVersion(false, 7, 1000);

  private final HddReplicas hdd =
      new HddReplicas() {
        @Override
        public ReplicaVersion replica(BlockId id) {
          return replica;
        }

        @Override
        public LengthInputStream openMeta(ExtendedBlock b) {
          return meta();
        }

        @Override
        public InputStream openData(ExtendedBlock b, long offset) {
          return data();
        }

        @Override
        public boolean filesExist(ExtendedBlock b) {
          return true;
        }
      };

  private final ReadRouter router =
      new ReadRouter(
          new BlockMap(),
          hdd,
          null,
          new AdminControl(java.util.Collections.emptyList()),
          null,
          new ReadPathStats(registry),
          new ReadSettings(1 << 20, 2, 64 << 10),
          CacheClock.SYSTEM,
          FillClearance.OPEN,
          ReadTap.NONE,
          CacheFaultInjector.NONE);

  private static LengthInputStream meta() {
    return new LengthInputStream(new ByteArrayInputStream(new byte[100]), 100);
  }

  private static InputStream data() {
    return new ByteArrayInputStream(new byte[1000]);
  }

  private long count(String name) {
    return registry.counter(name).getCount();
  }

  private static <T> T onThread(String name, Task<T> task) throws Exception {
    AtomicReference<T> out = new AtomicReference<>();
    AtomicReference<Exception> failed = new AtomicReference<>();
    Thread t =
        new Thread(
            () -> {
              try {
                out.set(task.run());
              } catch (Exception e) {
                failed.set(e);
              }
            },
            name);
    t.start();
    t.join();
    if (failed.get() != null) {
      throw failed.get();
    }
    return out.get();
  }

  private interface Task<T> {
    T run() throws Exception;
  }

  @Test
  void openData_clientReadSentToHdd_countedOnceWithItsMeta() throws Exception {
    InputStream raw = data();
    InputStream got =
        onThread(
            CLIENT_THREAD,
            () -> {
              LengthInputStream m = router.openMeta(block, ReadRouterTest::meta);
              assertEquals(100, m.getLength());
              return router.openData(block, 0, () -> raw);
            });
    assertNotSame(raw, got, "the data stream of the client read is counted");
    assertEquals(1, count(ReadPathMetrics.HDD_READS));
    assertEquals(1, count(ReadPathMetrics.HDD_CAUSE + "not_finalized"));
  }

  @Test
  void openData_clientReadAskingNoChecksums_decidedAndCountedAtTheDataOpen() throws Exception {
    InputStream raw = data();
    InputStream[] got = new InputStream[2];
    onThread(
        CLIENT_THREAD,
        () -> {
          got[0] = router.openData(block, 0, () -> raw); // BlockSender opened no meta
          got[1] = router.openData(block, 0, () -> raw); // nor for the next read
          return null;
        });
    assertNotSame(raw, got[0], "counted as a client read");
    assertNotSame(raw, got[1], "counted as a client read");
    assertEquals(2, count(ReadPathMetrics.HDD_READS));
    assertEquals(2, count(ReadPathMetrics.HDD_CAUSE + "not_finalized"), "decided at each open");
  }

  @Test
  void openData_handOffOfOtherBlockOrGenerationStamp_decidedAgainForThisOne() throws Exception {
    onThread(
        CLIENT_THREAD,
        () -> {
          router.openMeta(block, ReadRouterTest::meta);
          InputStream raw = data();
          assertNotSame(raw, router.openData(new ExtendedBlock("BP-1", 43, 1000, 7), 0, () -> raw));
          router.openMeta(block, ReadRouterTest::meta);
          assertNotSame(raw, router.openData(new ExtendedBlock("BP-1", 42, 1000, 8), 0, () -> raw));
          return null;
        });
    // Two meta opens and two data opens each decided anew: the stale decisions were not used.
    assertEquals(4, count(ReadPathMetrics.HDD_CAUSE + "not_finalized"));
    assertEquals(2, count(ReadPathMetrics.HDD_READS));
  }

  @Test
  void openData_clientReadWithoutHddMeta_notDecidedAgainAndUncounted() throws Exception {
    InputStream raw = data();
    InputStream got =
        onThread(
            CLIENT_THREAD,
            () -> {
              assertNull(router.openMeta(block, () -> null)); // the HDD has no meta file
              return router.openData(block, 0, () -> raw);
            });
    assertSame(raw, got, "as before: the HDD's stream, uncounted");
    assertEquals(1, count(ReadPathMetrics.HDD_CAUSE + "not_finalized"), "decided once");
    assertEquals(0, count(ReadPathMetrics.HDD_READS));
  }

  @Test
  void openData_shortCircuitOpensDataFirst_untouchedAndUncounted() throws Exception {
    InputStream raw = data();
    InputStream got =
        onThread(
            "DataXceiver for client unix:/sock [Passing file descriptors for block BP-1:blk_42_7]",
            () -> router.openData(block, 0, () -> raw));
    assertSame(raw, got);
    assertEquals(0, count(ReadPathMetrics.HDD_READS));
    assertEquals(0, count(ReadPathMetrics.HDD_CAUSE + "not_finalized"));
  }

  @Test
  void openData_shortCircuitAfterAClientReadsSenderFailed_theDatasetsOwnStream() throws Exception {
    InputStream raw = data();
    InputStream got =
        onThread(
            CLIENT_THREAD,
            () -> {
              // A client read's BlockSender opens the meta, then fails before its data open (an
              // offset past the end) and closes the meta. The same DataXceiver thread's next
              // operation asks for the block's descriptors: short-circuit opens the data first and
              // casts it to FileInputStream (a failed cast tells the client short-circuit is
              // unsupported here, which it then stops trying on this DataNode for a while).
              router.openMeta(block, ReadRouterTest::meta).close();
              Thread.currentThread()
                  .setName(
                      "DataXceiver for client unix:/sock [Passing file descriptors for block"
                          + " BP-1:blk_42_7]");
              return router.openData(block, 0, () -> raw);
            });
    assertSame(raw, got, "the dataset's stream, not the dead read's counted one");
    assertEquals(0, count(ReadPathMetrics.HDD_READS));
  }

  @Test
  void openMeta_scannerOrOtherCaller_notCountedAndReasonIsCaller() throws Exception {
    InputStream raw = data();
    InputStream got =
        onThread(
            "VolumeScannerThread(/data)",
            () -> {
              router.openMeta(block, ReadRouterTest::meta);
              return router.openData(block, 0, () -> raw);
            });
    assertSame(raw, got);
    assertEquals(0, count(ReadPathMetrics.HDD_READS));
    assertEquals(1, count(ReadPathMetrics.HDD_CAUSE + "caller"));
  }

  @Test
  void openMeta_hddMetaOpenFails_failureReachesCaller() throws Exception {
    Exception e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IOException.class,
            () ->
                onThread(
                    CLIENT_THREAD,
                    () ->
                        router.openMeta(
                            block,
                            () -> {
                              throw new IOException("gone");
                            })));
    assertEquals("gone", e.getMessage());
  }
}
