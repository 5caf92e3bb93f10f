package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.mockStatic;

import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.read.ShortCircuitOpens;
import io.hdfslocalcache.datanode.shadow.Calibration;
import io.hdfslocalcache.datanode.shadow.ShadowFeed;
import io.hdfslocalcache.time.FakeClock;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hdfs.protocol.Block;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.junit.jupiter.api.Test;
import org.mockito.MockedStatic;

/**
 * The write side's rules ({@link ReplicaChanges}) see only the calls that delete or change a
 * replica: a read, or any other call, goes past them without entering the class. Observed by
 * recording every static call into {@link ReplicaChanges} (the real methods still run) while a
 * dataset wrapper (shadow mode's, whose dispatch both wrappers share) handles the call; the inner
 * dataset is a mock, the narrow seam here.
 */
class ReplicaChangesDispatchTest {
  private static final ExtendedBlock BLOCK = new ExtendedBlock("BP-1", 1_073_741_825L, 1024, 1001);

  /** The names of the static methods of {@link ReplicaChanges} called while {@code call} ran. */
  private static List<String> replicaChangesCalls(ThrowingConsumer call) throws Exception {
    List<String> calls = new ArrayList<>();
    FsDatasetSpi<?> inner = mock(FsDatasetSpi.class);
    try (ShadowFeed feed =
            ShadowFeed.start(
                List.of(), Calibration.NONE, 16, new FakeClock(0), new MetricRegistry());
        MockedStatic<ReplicaChanges> seen =
            mockStatic(
                ReplicaChanges.class,
                i -> {
                  calls.add(i.getMethod().getName());
                  return i.callRealMethod();
                })) {
      call.accept(
          ShadowDataset.wrap(inner, feed, new ShortCircuitOpens(new MetricRegistry()), () -> {}));
    }
    return calls;
  }

  private interface ThrowingConsumer {
    void accept(FsDatasetSpi<?> dataset) throws Exception;
  }

  @Test
  void invoke_readCalls_neverEnterReplicaChanges() throws Exception {
    assertEquals(
        List.of(),
        replicaChangesCalls(
            d -> {
              d.getMetaDataInputStream(BLOCK);
              d.getReplicaVisibleLength(BLOCK);
              d.getLength(BLOCK);
              d.toString();
            }));
  }

  @Test
  void invoke_invalidate_toldToReplicaChanges() throws Exception {
    // The control: the recording sees the calls the rules are for.
    List<String> calls =
        replicaChangesCalls(d -> d.invalidate("BP-1", new Block[] {BLOCK.getLocalBlock()}));
    assertEquals(1, calls.size(), calls.toString());
  }
}
