package io.hdfslocalcache.datanode.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

import io.hdfslocalcache.metrics.CacheFailure;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.FileIoProvider;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.net.SocketOutputStream;
import org.junit.jupiter.api.Test;

/**
 * Every scenario of {@link CachedStreamTest} again, with the stream BlockSender gets from the
 * dataset ({@link CachedFileStream}) sent as BlockSender's transferTo path sends it: Hadoop's own
 * {@link SocketOutputStream#transferToFully} from the stream's channel, 64 KB at a time, to a real
 * loopback socket whose small buffers make the writes partial, through Hadoop's own {@code
 * FileIoProvider}, which decides whether a failure sends the HDD volume to a disk check. Plus what
 * only this path has: the descriptor BlockSender would fadvise, and the channel's position.
 */
class CachedBlockChannelTest extends CachedStreamTest {

  /** The DataNode whose disk checks Hadoop's FileIoProvider asks for: the one thing mocked. */
  private final DataNode datanode = mock(DataNode.class);

  private final FsVolumeSpi hddVolume = mock(FsVolumeSpi.class);

  /** What BlockSender sends a packet through: a failure there may check the HDD volume. */
  private final FileIoProvider fileIo = new FileIoProvider(new Configuration(false), datanode);

  @Override
  void assertDiskChecksOfHddVolume(int expected) {
    verify(datanode, times(expected)).checkDiskErrorAsync(hddVolume);
  }

  @Override
  InputStream asBlockSenderGetsIt(CachedStream data) {
    CachedFileStream file = CachedFileStream.open(data, stats);
    assertNotNull(file, CachedFileStream.NO_DATA + " must open");
    return file;
  }

  /** BlockSender's transferTo loop: position once, then 64 KB packets from it. */
  @Override
  byte[] readLikeBlockSender(InputStream in, int length) throws IOException {
    FileChannel ch = ((FileInputStream) in).getChannel();
    long position = ch.position();
    try (ServerSocketChannel server =
        ServerSocketChannel.open()
            .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
      server.setOption(StandardSocketOptions.SO_RCVBUF, 4096);
      try (SocketChannel client = SocketChannel.open(server.getLocalAddress());
          SocketChannel peer = server.accept()) {
        client.setOption(StandardSocketOptions.SO_SNDBUF, 4096);
        CompletableFuture<byte[]> received =
            CompletableFuture.supplyAsync(() -> drain(peer, length));
        SocketOutputStream out = new SocketOutputStream(client, 30_000);
        for (int off = 0; off < length; off += CachedBlockChannel.PACKET) {
          int n = Math.min(CachedBlockChannel.PACKET, length - off);
          fileIo.transferToSocketFully(
              hddVolume, out, ch, position + off, n, new LongWritable(), new LongWritable());
        }
        return received.join();
      }
    }
  }

  private static byte[] drain(SocketChannel peer, int length) {
    ByteBuffer got = ByteBuffer.allocate(length);
    try {
      while (got.hasRemaining() && peer.read(got) >= 0) {
        // blocking reads until every byte arrived
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return got.array();
  }

  @Test
  void transferTo_wholeCachedBlock_opensNothingOnTheHddAndFadvisesNoData() throws Exception {
    try (InputStream in = open(0, 2)) {
      // What BlockSender hands ReadaheadPool and its drop-behind: a descriptor with no bytes.
      try (FileChannel fd = new FileInputStream(((FileInputStream) in).getFD()).getChannel()) {
        assertEquals(0, fd.size(), "readahead and fadvise would go to the HDD replica");
        assertEquals(-1, fd.read(ByteBuffer.allocate(1)));
        assertArrayEquals(data, readLikeBlockSender(in, LENGTH));
      }
    }
    assertEquals(0, hddOpens.get(), "a hit opened the HDD copy");
    assertEquals(List.of(), failures);
    assertEquals(LENGTH, stats.bytesFromCache.getCount());
    assertTrue(stats.cacheReadMicros.getCount() > 0, "transferTo calls are timed");
  }

  @Test
  void transferTo_corruptPage_sendsHddBytesFromThere() throws Exception {
    corrupting.corruptPage = 2;
    try (InputStream in = open(0, 0)) {
      assertArrayEquals(data, readLikeBlockSender(in, LENGTH));
    }
    assertEquals(List.of(CacheFailure.CHECKSUM_MISMATCH), failures);
    assertEquals(2L * PAGE, stats.bytesFromCache.getCount(), "every byte before page 2 cached");
  }

  /**
   * The socket takes a few bytes at a time: the channel sends views of the stream's window, so the
   * unsent rest of a view must stay valid, while the stream reads ahead into its other windows,
   * until the socket has taken it; only then may the stream refill or recycle that window.
   */
  @Test
  void transferTo_socketTakesAFewBytesAtATime_unsentBytesOfTheWindowStayValid() throws Exception {
    java.io.ByteArrayOutputStream sent = new java.io.ByteArrayOutputStream();
    java.nio.channels.WritableByteChannel trickle =
        new java.nio.channels.WritableByteChannel() {
          @Override
          public int write(ByteBuffer src) {
            byte[] b = new byte[Math.min(src.remaining(), 1000)];
            src.get(b);
            sent.write(b, 0, b.length);
            return b.length;
          }

          @Override
          public boolean isOpen() {
            return true;
          }

          @Override
          public void close() {}
        };
    try (InputStream in = open(0, 2)) {
      FileChannel ch = ((FileInputStream) in).getChannel();
      for (long pos = 0; pos < LENGTH; ) {
        pos += ch.transferTo(pos, Math.min(CachedBlockChannel.PACKET, LENGTH - pos), trickle);
      }
    }
    assertArrayEquals(data, sent.toByteArray());
    assertTrue(stats.readAheadPages.getCount() > 0, "the stream read ahead meanwhile");
    assertEquals(List.of(), failures);
  }

  @Test
  void position_openedMidBlock_isTheOffsetAndMovesForwardOnly() throws Exception {
    long at = 3L * PAGE + 512;
    try (InputStream in = open(at, 2)) {
      FileChannel ch = ((FileInputStream) in).getChannel();
      assertEquals(at, ch.position());
      assertEquals(LENGTH, ch.size());
      ByteBuffer b = ByteBuffer.allocate(1000);
      assertEquals(1000, ch.read(b));
      assertArrayEquals(Arrays.copyOfRange(data, (int) at, (int) at + 1000), b.array());
      assertEquals(at + 1000, ch.position());
      assertThrows(IOException.class, () -> ch.position(at));
    }
  }

  @Test
  void transferTo_afterTheStreamClosed_refusedNotSentFromAGivenBackBuffer() throws Exception {
    InputStream in = open(0, 2);
    FileChannel ch = ((FileInputStream) in).getChannel();
    ByteBuffer b = ByteBuffer.allocate(1000); // leaves the rest of the window pending
    assertEquals(1000, ch.read(b));
    in.close();

    assertThrows(
        java.nio.channels.ClosedChannelException.class,
        () ->
            ch.transferTo(
                1000,
                1000,
                java.nio.channels.Channels.newChannel(new java.io.ByteArrayOutputStream())));
    assertThrows(java.nio.channels.ClosedChannelException.class, () -> ch.read(b));
  }

  @Test
  void close_afterAChannelReadOfCachedBytes_noStagingTakenAndTheWindowBack() throws Exception {
    try (InputStream in = open(0, 0)) {
      org.apache.hadoop.io.IOUtils.readFully(in, new byte[1000], 0, 1000); // copy path: no staging
    }
    int heap = buffers.spares();
    int direct = buffers.windows().spares();
    try (InputStream in = open(0, 0)) {
      assertEquals(1000, ((FileInputStream) in).getChannel().read(ByteBuffer.allocate(1000)));
    }
    assertEquals(heap, buffers.spares(), "cached bytes are sent from a view: no staging buffer");
    assertEquals(direct, buffers.windows().spares(), "the window went back");
  }
}
