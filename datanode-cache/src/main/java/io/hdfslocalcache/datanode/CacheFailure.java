package io.hdfslocalcache.datanode;

/** Why a cached read or fill could not use the SSD; every cause is counted separately. */
enum CacheFailure {
  /** A page is gone (Alluxio evicted it, or it was never written). */
  MISSING_PAGE,
  /** The store reported an error reading or writing a page. */
  IO_ERROR,
  /** The store did not answer within the read timeout. */
  TIMEOUT,
  /** Bytes read do not match the checksums recorded at fill time. */
  CHECKSUM_MISMATCH,
  /** The file system under the directory is full (ENOSPC) or below its reserve. */
  NO_SPACE,
  /** The store refused the operation: not ready, directory out of service, or full. */
  UNAVAILABLE
}
