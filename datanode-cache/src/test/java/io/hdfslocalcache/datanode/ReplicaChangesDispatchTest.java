package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.Mockito.mock;

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

/**
 * The write side's rules ({@link ReplicaChanges}) see only the calls that delete or change a
 * replica: a read, or any other call, goes past them without entering them. Observed through the
 * wrapper's seam: a dataset wrapper (shadow mode's, whose dispatch both wrappers share) is handed
 * rules that record each call told to them, then run the real rules; the inner dataset is a mock.
 */
class ReplicaChangesDispatchTest {
  private static final ExtendedBlock BLOCK = new ExtendedBlock("BP-1", 1_073_741_825L, 1024, 1001);

  /** The dataset calls told to {@link ReplicaChanges} while {@code call} ran. */
  private static List<DatasetCall> replicaChangesCalls(ThrowingConsumer call) throws Exception {
    List<DatasetCall> calls = new ArrayList<>();
    ReplicaChanges recording =
        new ReplicaChanges() {
          @Override
          void tell(DatasetCall c, Object[] args, Sink sink) {
            calls.add(c);
            super.tell(c, args, sink);
          }
        };
    FsDatasetSpi<?> inner = mock(FsDatasetSpi.class);
    try (ShadowFeed feed =
        ShadowFeed.start(List.of(), Calibration.NONE, 16, new FakeClock(0), new MetricRegistry())) {
      call.accept(
          ShadowDataset.wrap(
              inner, feed, new ShortCircuitOpens(new MetricRegistry()), () -> {}, recording));
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
    List<DatasetCall> calls =
        replicaChangesCalls(d -> d.invalidate("BP-1", new Block[] {BLOCK.getLocalBlock()}));
    assertEquals(List.of(DatasetCall.INVALIDATE), calls);
  }
}
