package io.hdfslocalcache.datanode.read;

import io.hdfslocalcache.datanode.block.MetaSegments;
import io.hdfslocalcache.datanode.store.CacheException;
import java.io.IOException;
import java.io.InputStream;

/** The meta file from the cache, verified slice by slice; continues from the HDD on failure. */
final class CachedMetaStream extends FallbackStream {
  private final MetaSegments segments;

  CachedMetaStream(ReadSession session) {
    super(session, session.entry.metaLength, 0);
    this.segments = new MetaSegments(session.entry, session.settings().pageSize, session.buffers());
  }

  @Override
  void onClose() {
    segments.release();
  }

  MetaSegments segments() {
    return segments;
  }

  @Override
  int readCached(byte[] b, int off, int len) throws CacheException {
    int header = session.entry.checksum.copyHeader(pos, b, off, len); // no store call
    if (header > 0) {
      return header;
    }
    int n = (int) Math.min(len, length - pos);
    segments.read(pos, b, off, n);
    return n;
  }

  @Override
  InputStream openHdd(long offset) throws IOException {
    return session.openHddMeta(offset);
  }

  @Override
  boolean checksumStream() {
    return true;
  }
}
