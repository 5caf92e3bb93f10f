package io.hdfslocalcache.datanode.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class ReadCallerTest {
  @Test
  void readCaller_knownFrames_classified() {
    String dn = "org.apache.hadoop.hdfs.server.datanode.";
    assertEquals(ReadCaller.CLIENT_READ, ReadCaller.of(dn + "DataXceiver", "readBlock"));
    assertEquals(ReadCaller.BALANCER_COPY, ReadCaller.of(dn + "DataXceiver", "copyBlock"));
    assertEquals(
        ReadCaller.SHORT_CIRCUIT, ReadCaller.of(dn + "DataXceiver", "requestShortCircuitFds"));
    assertEquals(
        ReadCaller.SHORT_CIRCUIT, ReadCaller.of(dn + "DataNode", "requestShortCircuitFdsForRead"));
    assertEquals(ReadCaller.SHORT_CIRCUIT, ReadCaller.of(dn + "DataNode", "getBlockLocalPathInfo"));
    assertEquals(ReadCaller.BLOCK_SCANNER, ReadCaller.of(dn + "VolumeScanner", "scanBlock"));
    assertEquals(ReadCaller.REPLICATION, ReadCaller.of(dn + "DataNode$DataTransfer", "run"));
    assertNull(ReadCaller.of(dn + "DataXceiver", "run"));
    assertNull(ReadCaller.of("java.lang.Thread", "run"));
    assertEquals(ReadCaller.OTHER, ReadCaller.current()); // a test thread is nobody's BlockSender
  }

  @Test
  void readCaller_onlyClientReads_mayUseCache() {
    // DataNode-to-DataNode copies send the HDD bytes, as stock HDFS does: the receiver verifies
    // them and reports a rotten source replica to the NameNode.
    for (ReadCaller c : ReadCaller.values()) {
      assertEquals(c == ReadCaller.CLIENT_READ, c.mayUseCache, c.name());
      assertEquals(c == ReadCaller.CLIENT_READ, c.countsForAdmission, c.name());
    }
  }

  @Test
  void readCaller_xceiverThreadSendingBlock_isClientReadWithoutStackWalk() throws Exception {
    ReadCaller[] seen = new ReadCaller[2];
    Thread t =
        new Thread(
            () -> {
              seen[0] = ReadCaller.current();
              Thread.currentThread()
                  .setName(
                      "DataXceiver for client at /127.0.0.1:1 [Waiting for" + " operation #2]");
              seen[1] = ReadCaller.current();
            },
            "DataXceiver for client DFSClient_1 at /127.0.0.1:5 [Sending block BP-1:blk_1_1001]");
    t.start();
    t.join();
    assertEquals(ReadCaller.CLIENT_READ, seen[0]);
    assertEquals(ReadCaller.OTHER, seen[1]);
  }
}
