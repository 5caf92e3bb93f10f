package io.hdfslocalcache.datanode.store;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Free space on the file system under a cache directory, and the one rule that judges it: the file
 * system is low when fewer than {@code dir.reserved.percent} of its bytes (plus what is about to be
 * written) are free. Alluxio only counts its own bytes against the capacity, while other files,
 * file system overhead or a smaller-than-configured disk can fill the device first. Both the
 * maintenance thread's sample (no fills, early eviction) and the classification of a refused put
 * (NO_SPACE) apply this rule, so they can never disagree.
 */
public final class FileSystemSpace {
  private final long usable;
  private final long total;

  public FileSystemSpace(long usable, long total) {
    this.usable = usable;
    this.total = total;
  }

  static FileSystemSpace of(Path dir) throws IOException {
    FileStore fs = Files.getFileStore(dir);
    return new FileSystemSpace(fs.getUsableSpace(), fs.getTotalSpace());
  }

  /** True when writing {@code moreBytes} would leave less than {@code reservedPercent} free. */
  public boolean low(int reservedPercent, long moreBytes) {
    return usable - moreBytes <= total / 100 * reservedPercent;
  }

  public long usable() {
    return usable;
  }

  public long total() {
    return total;
  }

  FileSystemSpace withUsable(long newUsable) {
    return new FileSystemSpace(newUsable, total);
  }
}
