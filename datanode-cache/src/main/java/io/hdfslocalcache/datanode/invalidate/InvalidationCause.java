package io.hdfslocalcache.datanode.invalidate;

/** Why an entry left the cache other than by LRU; each is counted. */
public enum InvalidationCause {
  DELETE,
  APPEND,
  RECOVERY,
  VOLUME_REMOVED,
  POOL_SHUTDOWN,
  /** The live replica no longer matches the entry (generation stamp, length or state). */
  STALE,
  /** Evicted early because the directory's file system was full or below its reserve. */
  NO_SPACE,
  /** Its directory was taken out of service. */
  DIRECTORY_OUT_OF_SERVICE,
  /** A cached read failed (missing page, error, timeout, checksum mismatch). */
  READ_FAILURE,
  /** An operator evicted it ({@code hdfs-local-cache admin evict}). */
  ADMIN
}
