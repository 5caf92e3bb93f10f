package io.hdfslocalcache.metrics;

/**
 * Why a cached read or fill could not use the SSD; every cause is counted separately. Each says
 * whether the cached copy is dropped (it may be bad) and whether it counts as an error of the
 * directory towards taking it out of service (the disk may be bad).
 */
public enum CacheFailure {
  /** A page is gone (evicted or never written): the copy is incomplete, the disk is fine. */
  MISSING_PAGE(true, false),
  /** The store reported an error reading or writing a page. */
  IO_ERROR(true, true),
  /** The store did not answer within the read timeout. */
  TIMEOUT(true, true),
  /** Bytes read do not match the checksums recorded at fill time. */
  CHECKSUM_MISMATCH(true, true),
  /** The file system under the directory is full (ENOSPC) or below its reserve. */
  NO_SPACE(true, false),
  /** The store refused the operation: not ready, directory out of service, or full. */
  UNAVAILABLE(true, false),
  /**
   * Every I/O thread of the directory is in use (a burst of reads, or a disk hanging): this read
   * goes to the HDD, the cached copy stays, and a hung disk shows up as TIMEOUTs instead.
   */
  BUSY(false, false),
  /**
   * The reader was interrupted while it waited for the store (the DataNode is stopping): says
   * nothing about the copy or the disk. The read goes on from the HDD with the interrupt flag set,
   * as it would without the cache.
   */
  INTERRUPTED(false, false);

  /** The cached copy is evicted: it may be incomplete or wrong. */
  public final boolean dropsEntry;

  /** Counts towards {@code dir.max.errors}. */
  public final boolean directoryError;

  CacheFailure(boolean dropsEntry, boolean directoryError) {
    this.dropsEntry = dropsEntry;
    this.directoryError = directoryError;
  }
}
