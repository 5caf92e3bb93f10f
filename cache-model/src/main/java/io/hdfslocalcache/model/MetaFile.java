package io.hdfslocalcache.model;

/**
 * Sizes of an HDFS block's meta file: a 7-byte header and a 4-byte CRC per 512-byte chunk. The one
 * formula: the model sizes its fills with it, the DataNode its start-up check of a fill unit.
 */
public final class MetaFile {
  static final int HEADER = 7;
  static final int CHUNK = 512;
  static final int CHECKSUM = 4;

  private MetaFile() {}

  /** Checksum bytes covering {@code dataBytes} of data starting on a chunk boundary. */
  static long checksumBytes(long dataBytes) {
    return CHECKSUM * ((dataBytes + CHUNK - 1) / CHUNK);
  }

  /** Pages hold whole checksum chunks, so a page's checksums are whole too. */
  static long checkPageSize(long pageSize) {
    if (pageSize <= 0 || pageSize % CHUNK != 0) {
      throw new IllegalArgumentException(
          "page size must be a positive multiple of " + CHUNK + " bytes, got " + pageSize);
    }
    return pageSize;
  }

  /** The meta file of a block of {@code blockLength} bytes. */
  public static long length(long blockLength) {
    return HEADER + checksumBytes(blockLength);
  }
}
