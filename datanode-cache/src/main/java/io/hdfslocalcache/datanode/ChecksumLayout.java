package io.hdfslocalcache.datanode;

import java.util.Objects;
import org.apache.hadoop.util.DataChecksum;

/**
 * How a block's meta file maps checksums to data: header size, bytes per chunk, bytes per
 * checksum, and the algorithm. Taken from the HDD meta header at fill time.
 */
final class ChecksumLayout {
  // A final class, not a record: the DataNode side is compiled for Java 8.
  private final int typeId;
  private final int bytesPerChecksum;
  private final int checksumSize;
  private final int headerSize;

  ChecksumLayout(int typeId, int bytesPerChecksum, int checksumSize, int headerSize) {
    this.typeId = typeId;
    this.bytesPerChecksum = bytesPerChecksum;
    this.checksumSize = checksumSize;
    this.headerSize = headerSize;
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

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof ChecksumLayout)) {
      return false;
    }
    ChecksumLayout x = (ChecksumLayout) o;
    return typeId == x.typeId && bytesPerChecksum == x.bytesPerChecksum
        && checksumSize == x.checksumSize && headerSize == x.headerSize;
  }

  @Override
  public int hashCode() {
    return Objects.hash(typeId, bytesPerChecksum, checksumSize, headerSize);
  }

  @Override
  public String toString() {
    return "ChecksumLayout[typeId=" + typeId + ", bytesPerChecksum=" + bytesPerChecksum
        + ", checksumSize=" + checksumSize + ", headerSize=" + headerSize + "]";
  }

  static ChecksumLayout of(DataChecksum c, int headerSize) {
    return new ChecksumLayout(c.getChecksumType().id, c.getBytesPerChecksum(),
        c.getChecksumSize(), headerSize);
  }

  DataChecksum newChecksum() {
    return DataChecksum.newDataChecksum(DataChecksum.Type.valueOf(typeId), bytesPerChecksum);
  }

  /** Meta file offset of the checksum of chunk {@code chunk}. */
  long checksumOffset(long chunk) {
    return headerSize + chunk * checksumSize;
  }

  long expectedMetaLength(long dataLength) {
    return checksumOffset((dataLength + bytesPerChecksum - 1) / bytesPerChecksum);
  }
}
