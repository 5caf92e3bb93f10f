package io.hdfslocalcache.datanode.verify;

import org.apache.hadoop.hdfs.server.datanode.BlockMetadataHeader;
import org.apache.hadoop.util.DataChecksum;

/**
 * How a block's meta file maps checksums to data: header size, bytes per chunk, bytes per checksum,
 * and the algorithm. Taken from the HDD meta header at fill time.
 */
public final class ChecksumLayout {
  private final int typeId;
  private final int bytesPerChecksum;
  private final int checksumSize;
  private final int headerSize;

  public ChecksumLayout(int typeId, int bytesPerChecksum, int checksumSize, int headerSize) {
    this.typeId = typeId;
    this.bytesPerChecksum = bytesPerChecksum;
    this.checksumSize = checksumSize;
    this.headerSize = headerSize;
  }

  public static ChecksumLayout of(DataChecksum c, int headerSize) {
    return new ChecksumLayout(
        c.getChecksumType().id, c.getBytesPerChecksum(), c.getChecksumSize(), headerSize);
  }

  public int typeId() {
    return typeId;
  }

  public int bytesPerChecksum() {
    return bytesPerChecksum;
  }

  public int checksumSize() {
    return checksumSize;
  }

  public int headerSize() {
    return headerSize;
  }

  public DataChecksum newChecksum() {
    return DataChecksum.newDataChecksum(DataChecksum.Type.valueOf(typeId), bytesPerChecksum);
  }

  /**
   * The meta file's header bytes: the format version BlockMetadataHeader writes (fills refuse any
   * other, so this is the cached file's own header), then the checksum type and bytes per checksum.
   * The meta stream serves them from here: BlockSender's first read of every meta stream then costs
   * no store call. Copies those of {@code [pos, pos + len)} into {@code dst}; returns how many (0
   * from the first checksum on).
   */
  public int copyHeader(long pos, byte[] dst, int off, int len) {
    if (pos >= headerSize) {
      return 0;
    }
    java.nio.ByteBuffer h = java.nio.ByteBuffer.allocate(headerSize);
    h.putShort(BlockMetadataHeader.VERSION).put((byte) typeId).putInt(bytesPerChecksum);
    int n = (int) Math.min(len, headerSize - pos);
    System.arraycopy(h.array(), (int) pos, dst, off, n);
    return n;
  }

  /** Meta file offset of the checksum of chunk {@code chunk}. */
  public long checksumOffset(long chunk) {
    return headerSize + chunk * checksumSize;
  }

  public long expectedMetaLength(long dataLength) {
    return checksumOffset((dataLength + bytesPerChecksum - 1) / bytesPerChecksum);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof ChecksumLayout)) {
      return false;
    }
    ChecksumLayout c = (ChecksumLayout) o;
    return typeId == c.typeId
        && bytesPerChecksum == c.bytesPerChecksum
        && checksumSize == c.checksumSize
        && headerSize == c.headerSize;
  }

  @Override
  public int hashCode() {
    return ((typeId * 31 + bytesPerChecksum) * 31 + checksumSize) * 31 + headerSize;
  }

  @Override
  public String toString() {
    return "ChecksumLayout[type="
        + typeId
        + ", bpc="
        + bytesPerChecksum
        + ", size="
        + checksumSize
        + ", header="
        + headerSize
        + "]";
  }
}
