package io.hdfslocalcache.datanode.read;

/** The read path's tunables, read once from the configuration. */
public final class ReadSettings {
  final int pageSize;
  final int readAheadPages;
  final int initialReadAheadBytes;

  /**
   * @param readAheadPages pages a streaming reader keeps in flight ahead (0: none)
   * @param initialReadAheadBytes the first window of a stream or after a seek: small, so a pread
   *     does not pull a whole page from the SSD
   */
  public ReadSettings(int pageSize, int readAheadPages, int initialReadAheadBytes) {
    this.pageSize = pageSize;
    this.readAheadPages = readAheadPages;
    this.initialReadAheadBytes = initialReadAheadBytes;
  }
}
