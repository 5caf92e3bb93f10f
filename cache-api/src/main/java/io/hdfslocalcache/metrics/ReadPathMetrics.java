package io.hdfslocalcache.metrics;

/**
 * Names of the read path's metrics: hits, misses, bytes by source, fallbacks, latencies. Each name
 * is a constant here with its one description ({@link Describe}); datanode-cache counts under it,
 * the status command and tests read it.
 */
public final class ReadPathMetrics {
  @Describe("Client block reads (BlockSender opens) served from the cache, since start.")
  public static final String HITS = "read.hits";

  @Describe(
      "Client reads of finalized blocks that found no usable cached copy and went to the HDD.")
  public static final String MISSES = "read.misses";

  @Describe("Data and checksum bytes handed to the DataNode from the SSD (verified), since start.")
  public static final String BYTES_CACHE = "read.bytes.cache";

  @Describe("Bytes of cached reads that switched to the HDD mid-block, since start.")
  public static final String BYTES_FALLBACK_HDD = "read.bytes.fallback.hdd";

  @Describe(
      "Bytes a cached read took from the HDD because their pages were not cached"
          + " (a partly cached block); not a failure.")
  public static final String BYTES_UNCACHED_HDD = "read.bytes.uncached_pages.hdd";

  @Describe("Cached reads that switched to the HDD mid-block, by cause")
  public static final String FALLBACK = "read.fallback.";

  @Describe(
      "Cached reads the cache ended itself, the HDD volume sound: the checksum stream failed, or"
          + " the HDD copy could not be reopened (appended, deleted or moved under the read); the"
          + " client reads the block again, and nothing counts against the HDD volume.")
  public static final String ABORTED = "read.aborted";

  @Describe("Cached copies dropped on open because the replica changed (generation stamp, length).")
  public static final String STALE_ENTRIES = "read.stale.entries";

  @Describe("Read-aheads started for streaming readers, refused ones included, since start.")
  public static final String READAHEAD_PAGES = "read.readahead.pages";

  @Describe(
      "Read-aheads refused because half the directory's I/O threads were in use;"
          + " the reader read that page itself.")
  public static final String READAHEAD_REFUSED = "read.readahead.refused";

  @Describe(
      "Read-aheads cancelled because their stream closed or moved elsewhere, since start; those"
          + " not yet verified were never verified.")
  public static final String READAHEAD_CANCELLED = "read.readahead.cancelled";

  @Describe("Data and checksum bytes of client reads served by the HDD, no cached copy used.")
  public static final String BYTES_HDD = "read.bytes.hdd";

  @Describe("Client block reads served by the HDD, since start.")
  public static final String HDD_READS = "read.hdd.reads";

  @Describe(
      value =
          "Short-circuit opens served since start: a client on this host handed a block's HDD"
              + " files (descriptors over the domain socket, or paths to the legacy reader)."
              + " Its reads of them never reach the cache; one open serves every read of the"
              + " block until the client drops it from its short-circuit cache.")
  public static final String SHORT_CIRCUIT_OPENS = "read.short_circuit.opens";

  @Describe("Block reads sent to the HDD, by reason")
  public static final String HDD_CAUSE = "read.hdd.cause.";

  @Describe(
      "Microseconds per transferTo or read call on a cached block's data stream (transferTo: one"
          + " 64 KB packet, socket send included).")
  public static final String LATENCY_CACHE = "read.latency.cache.micros";

  @Describe("Microseconds per read or transferTo call on a client read's HDD data stream.")
  public static final String LATENCY_HDD = "read.latency.hdd.micros";

  @Describe("Client HDD block streams open now: the HDD read queue as this DataNode sees it.")
  public static final String HDD_STREAMS_OPEN = "read.hdd.streams.open";

  @Describe("Client HDD read calls in progress now.")
  public static final String HDD_INFLIGHT = "read.hdd.inflight";

  @Describe(
      "Bytes of off-heap (direct) buffers the cached reads hold now: the windows pages are read"
          + " into, verified in and sent from, read-aheads and spares; at most 256 MiB per DataNode"
          + " (beyond that windows are heap buffers).")
  public static final String DIRECT_WINDOW_BYTES = "read.buffers.direct.bytes";

  @Describe("read.hits / (read.hits + read.misses) since start; 0 before the first read.")
  public static final String HIT_RATIO = "read.hit.ratio";

  @Describe(
      "Share of client read bytes served from the SSD since start (cache / (cache +"
          + " hdd + fallback.hdd + uncached_pages.hdd)); 0 before the first read.")
  public static final String BYTES_CACHE_RATIO = "read.bytes.cache.ratio";

  private ReadPathMetrics() {}
}
