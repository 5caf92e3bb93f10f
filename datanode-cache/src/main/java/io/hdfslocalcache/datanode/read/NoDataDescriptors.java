package io.hdfslocalcache.datanode.read;

import java.io.File;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@value CachedFileStream#NO_DATA} descriptors the cached {@link CachedFileStream}s are built
 * on, one DataNode's: each is opened once and shared by up to {@link #STREAMS_PER_DESCRIPTOR}
 * streams, instead of an open and a close (and a cleaner's registration) per pread.
 *
 * <p>Why not one for ever: every {@link FileInputStream} built on a {@link FileDescriptor} stays in
 * that descriptor's list of users until the descriptor closes, so one shared for ever would keep
 * every stream ever built. A descriptor here is retired once it has served its share of streams and
 * closed when the last of them closes, which lets the list go with it (a closed stream's buffers
 * went back at its close; what the list keeps is small). Why not close it earlier: a stream's
 * descriptor must stay open while BlockSender may pass it to fadvise; a closed number could by then
 * be another file's.
 *
 * <p>Thread-safety: the descriptors are kept in {@link #STRIPES} independent stripes, a reader's
 * thread choosing its stripe, and each stripe's counts are under that stripe's monitor (one short
 * section per stream open and close). One monitor for the whole DataNode was a queue at hundreds of
 * readers on a few cores: a reader preempted inside it held up every pread's open and close (a
 * profile at 32 readers on 2 cores showed 7 s of waits of 10 ms or more there in about 10 s of
 * reading).
 */
final class NoDataDescriptors {
  private static final Logger LOG = LoggerFactory.getLogger(NoDataDescriptors.class);

  /** Streams one descriptor serves before the next is opened. */
  static final int STREAMS_PER_DESCRIPTOR = 64;

  /** Stripes of descriptors, each with its own monitor (a power of two). */
  static final int STRIPES = 8;

  /** One stripe: the descriptor it leases now. */
  private static final class Stripe {
    private Shared current;
  }

  /** One opened descriptor and the streams it serves. */
  static final class Shared {
    /** The stream that opened the descriptor; closing it closes the descriptor. */
    private final FileInputStream opener;

    /** The stripe that leased it, whose monitor guards the counts. */
    private final Stripe stripe;

    private int served;
    private int open;

    Shared(FileInputStream opener, Stripe stripe) {
      this.opener = opener;
      this.stripe = stripe;
    }

    FileDescriptor fd() throws IOException {
      return opener.getFD();
    }
  }

  private final Stripe[] stripes = new Stripe[STRIPES];

  NoDataDescriptors() {
    for (int i = 0; i < STRIPES; i++) {
      stripes[i] = new Stripe();
    }
  }

  /** The descriptor a new stream is built on; {@link #release} it when that stream closes. */
  Shared lease() throws IOException {
    Stripe stripe = stripes[(int) Thread.currentThread().getId() & (STRIPES - 1)];
    synchronized (stripe) {
      Shared current = stripe.current;
      if (current == null || current.served >= STREAMS_PER_DESCRIPTOR) {
        current = new Shared(new FileInputStream(new File(CachedFileStream.NO_DATA)), stripe);
        stripe.current = current;
      }
      current.served++;
      current.open++;
      return current;
    }
  }

  /** A stream built on {@code s} closed: the descriptor closes once retired and unused. */
  void release(Shared s) {
    Stripe stripe = s.stripe;
    synchronized (stripe) {
      s.open--;
      if (s.open > 0 || s == stripe.current && s.served < STREAMS_PER_DESCRIPTOR) {
        return;
      }
      if (s == stripe.current) {
        stripe.current = null;
      }
    }
    try {
      s.opener.close(); // also calls close() on its streams, all closed already
    } catch (IOException e) {
      LOG.debug("hdfs-local-cache: closing a shared {}", CachedFileStream.NO_DATA, e);
    }
  }
}
