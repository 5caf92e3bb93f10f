package io.hdfslocalcache.datanode.read;

import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.block.MetaSegments;
import io.hdfslocalcache.datanode.store.CacheException;

/** The cached meta file, verified slice by slice: always whole in the cache, never a gap. */
final class MetaWindows implements CacheWindows {
  private final CachedReplica entry;
  private final MetaSegments segments;

  MetaWindows(CachedReplica entry, MetaSegments segments) {
    this.entry = entry;
    this.segments = segments;
  }

  @Override
  public long uncachedUntil(long pos) {
    return pos;
  }

  @Override
  public boolean evictedAt(CacheException e, long pos) {
    return false;
  }

  @Override
  public int read(long pos, byte[] b, int off, int len) throws CacheException {
    int header = entry.checksum.copyHeader(pos, b, off, len); // no store call
    if (header > 0) {
      return header;
    }
    segments.read(pos, b, off, len);
    return len;
  }

  @Override
  public void close() {
    segments.release();
  }
}
