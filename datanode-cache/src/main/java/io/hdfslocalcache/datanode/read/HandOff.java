package io.hdfslocalcache.datanode.read;

import io.hdfslocalcache.datanode.admission.AdmissionOutcome;
import io.hdfslocalcache.datanode.admission.ReadAdmission;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;

/**
 * What a client read's meta open decided for its BlockSender's data open, on the same thread
 * ({@link ReadRouter}): the data stream follows the meta stream's source, and a data open with no
 * hand-off for its block had no meta open before it. One is left behind only by a BlockSender that
 * failed between its two opens (it closes the meta stream, so a cached one holds no pin): at most
 * one per thread, replaced at its next open, and taken only by a client read's data open.
 */
final class HandOff {
  /** Where the data stream of a read whose meta was opened comes from. */
  enum Source {
    /** The cached copy, through the session the meta stream opened. */
    CACHE,
    /** The HDD, counted as a client read (and for admission if the meta open counted it). */
    HDD,
    /** The HDD, uncounted: the HDD had no meta file, BlockSender sends no checksums. */
    HDD_UNCOUNTED
  }

  /** A hand-off's length for a read admission did not count: not told to the shadow models. */
  static final long UNCOUNTED = -1;

  /** What a read admission did not count (or did not admit) carries: nothing to fill. */
  static final ReadAdmission NOT_COUNTED = ReadAdmission.of(AdmissionOutcome.REJECTED, false);

  final Source source;

  /** The cached read's session ({@link Source#CACHE}), else null. */
  final ReadSession session;

  /** The block the decision is for. */
  private final ExtendedBlock block;

  /** What admission did with the read: in pages mode, FILL_ON_CLOSE fills what it reads. */
  final ReadAdmission admitted;

  /** The finalized replica's length for a read admission counted, else {@link #UNCOUNTED}. */
  final long countedLength;

  private HandOff(
      Source source,
      ReadSession session,
      ExtendedBlock block,
      ReadAdmission admitted,
      long countedLength) {
    this.source = source;
    this.session = session;
    this.block = new ExtendedBlock(block);
    this.admitted = admitted;
    this.countedLength = countedLength;
  }

  static HandOff cached(ReadSession s, ExtendedBlock b, ReadAdmission admitted, long length) {
    return new HandOff(Source.CACHE, s, b, admitted, length);
  }

  static HandOff hdd(ExtendedBlock b, ReadAdmission admitted, long length) {
    return new HandOff(Source.HDD, null, b, admitted, length);
  }

  static HandOff hddUncounted(ExtendedBlock b) {
    return new HandOff(Source.HDD_UNCOUNTED, null, b, NOT_COUNTED, UNCOUNTED);
  }

  boolean isFor(ExtendedBlock b) {
    return block.getBlockId() == b.getBlockId()
        && block.getGenerationStamp() == b.getGenerationStamp()
        && block.getBlockPoolId().equals(b.getBlockPoolId());
  }
}
