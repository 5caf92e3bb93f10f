package io.hdfslocalcache.datanode;

import org.apache.hadoop.util.DataChecksum;

/**
 * How a block's meta file maps checksums to data: header size, bytes per chunk, bytes per
 * checksum, and the algorithm. Taken from the HDD meta header at fill time.
 */
record ChecksumLayout(int typeId, int bytesPerChecksum, int checksumSize, int headerSize) {

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
