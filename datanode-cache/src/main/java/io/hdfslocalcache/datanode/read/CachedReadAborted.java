package io.hdfslocalcache.datanode.read;

import java.io.IOException;

/**
 * A cached read the cache itself cannot finish, though the HDD volume is sound: its checksum stream
 * failed (BlockSender has already put zeros in the packet), or the HDD copy it has to switch to
 * could not be opened (the replica was appended to, deleted or moved under the read). The read
 * ends; the client reads the block again, from this DataNode's HDD or another replica.
 *
 * <p>Why the message starts with {@value #PREFIX}: a hit is sent through Hadoop's {@code
 * FileIoProvider.transferToSocketFully}, which for any exception but one whose message starts with
 * "Broken pipe" or "Connection reset" runs a disk check of the HDD volume and counts a file-I/O
 * error against it, and {@code BlockSender.sendPacket} then marks the block suspect (a rescan of
 * the HDD replica) under the same rule (Hadoop 3.3.6 through 3.5.0). No type, only that message,
 * passes them, and a reset is what the client sees: the DataNode closes the connection mid-block. A
 * fault of the HDD itself is still counted once, where it happens: Hadoop's dataset counts it when
 * the cache opens or reads the HDD copy through it. Not a {@code SocketException}: {@code
 * DataXceiver} logs those at TRACE and counts the read as served; this one it logs at WARN.
 */
final class CachedReadAborted extends IOException {
  private static final long serialVersionUID = 1L;

  /** What Hadoop tests for to leave the volume alone. */
  static final String PREFIX = "Connection reset by hdfs-local-cache";

  /** What went wrong, without the prefix: what a later failure it causes quotes. */
  final String why;

  CachedReadAborted(String why, Throwable cause) {
    super(PREFIX + ": " + why + " (not an HDD fault; the client reads the block again)", cause);
    this.why = why;
  }
}
