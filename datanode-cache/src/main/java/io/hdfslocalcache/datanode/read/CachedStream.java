package io.hdfslocalcache.datanode.read;

import io.hdfslocalcache.datanode.block.MetaSegments;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * A cached file as the InputStream BlockSender reads: its bytes are a {@link WindowSwitch}'s
 * (verified cached windows, gaps and the fallback read from the HDD); this class adds only what
 * ties the session's two streams together.
 *
 * <p>BlockSender turns an IOException from the checksum (meta) stream into zero checksums (client
 * reads are corrupt-checksum-ok), which the client would blame on the good replica; so an I/O
 * failure of the checksum stream is recorded on the session and fails the data stream, whose next
 * read comes in the same packet, before anything of that packet is sent.
 */
final class CachedStream extends InputStream {
  /** Which of the session's two files the stream serves. */
  enum Role {
    DATA,
    CHECKSUMS
  }

  private final ReadSession session;
  private final WindowSwitch windows;
  private final Role role;
  private boolean closed;

  private CachedStream(ReadSession session, WindowSwitch windows, Role role) {
    this.session = session;
    this.windows = windows;
    this.role = role;
  }

  /** The block file from {@code offset}. */
  static CachedStream data(ReadSession session, long offset) {
    WindowSwitch w =
        new WindowSwitch(
            session,
            new PageWindows(session),
            session::openHddData,
            session.entry.dataLength,
            offset,
            new DataLedger(session));
    return new CachedStream(session, w, Role.DATA);
  }

  /** The meta file from its start, verified through {@code segments}. */
  static CachedStream checksums(ReadSession session, MetaSegments segments) {
    WindowSwitch w =
        new WindowSwitch(
            session,
            new MetaWindows(session.entry, segments),
            session::openHddMeta,
            session.entry.metaLength,
            0,
            ServedLedger.NONE);
    return new CachedStream(session, w, Role.CHECKSUMS);
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    if (role == Role.DATA) {
      session.checkChecksumStream();
    }
    try {
      return windows.read(b, off, len);
    } catch (IOException e) {
      if (role == Role.CHECKSUMS) {
        session.checksumStreamFailed(e);
      }
      throw e;
    }
  }

  /**
   * The next data bytes as a view of the cache's verified window, valid until the next call on this
   * stream; null if they are the HDD's or past the end ({@link #read} them).
   */
  ByteBuffer view(int len) throws IOException {
    if (role != Role.DATA) {
      return null; // the meta stream's bytes are copied: BlockSender reads them into its packet
    }
    session.checkChecksumStream();
    return windows.view(len);
  }

  /** The offset of the next byte. */
  long position() {
    return windows.position();
  }

  long length() {
    return windows.length();
  }

  /** Where the cached streams of this DataNode take their buffers. */
  WindowBuffers buffers() {
    return session.buffers();
  }

  @Override
  public long skip(long n) {
    return windows.skip(n);
  }

  @Override
  public int available() {
    return windows.available();
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      windows.close();
    } finally {
      session.streamClosed();
    }
  }
}
