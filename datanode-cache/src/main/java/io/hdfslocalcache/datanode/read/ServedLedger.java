package io.hdfslocalcache.datanode.read;

/**
 * What a cached stream served its reader, by source, told to the session when it closes: the fill
 * guard weighs the bytes and HDD runs, the page fill copies the uncached range read from the HDD.
 */
interface ServedLedger {
  /** The meta stream's: nothing is told. */
  ServedLedger NONE =
      new ServedLedger() {
        @Override
        public void cached(long from, int n) {}

        @Override
        public void hdd(long from, int n, boolean newRun, boolean gap) {}

        @Override
        public void close() {}
      };

  /** {@code n} verified cached bytes from {@code from} were served. */
  void cached(long from, int n);

  /**
   * {@code n} bytes from {@code from} came from the HDD: a gap (an uncached page) or a fallback;
   * {@code newRun}: the HDD stream was opened or moved for them.
   */
  void hdd(long from, int n, boolean newRun, boolean gap);

  /** The stream closed. */
  void close();
}
