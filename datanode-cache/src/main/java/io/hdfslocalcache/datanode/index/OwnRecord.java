package io.hdfslocalcache.datanode.index;

import io.hdfslocalcache.guard.WriteBudgetState;
import io.hdfslocalcache.model.policy.LiveRung;
import io.hdfslocalcache.model.policy.TunedThreshold;
import java.io.IOException;
import java.util.function.Function;

/**
 * One of a directory's own records in its block index (a key starting with a zero byte, which no
 * block's key does): its key, its codec, and what a restart says and does when it is unreadable. A
 * new record is one codec and one constant here.
 */
public final class OwnRecord<T> {
  interface Decoder<T> {
    T decode(byte[] value) throws IOException;
  }

  public static final OwnRecord<WriteBudgetState> WRITE_BUDGET =
      new OwnRecord<>(
          BudgetCodec.KEY,
          BudgetCodec::encode,
          BudgetCodec::decode,
          "write budget",
          "it starts full");
  public static final OwnRecord<TunedThreshold> TUNED_THRESHOLD =
      new OwnRecord<>(
          ThresholdCodec.KEY,
          ThresholdCodec::encode,
          ThresholdCodec::decode,
          "admission threshold",
          "admission starts at the configured threshold");
  public static final OwnRecord<LiveRung> LIVE_RUNG =
      new OwnRecord<>(
          RungCodec.KEY,
          RungCodec::encode,
          RungCodec::decode,
          "outcome admission rung",
          "admission starts at the configured threshold");

  final byte[] key;
  final Function<T, byte[]> encoder;
  final Decoder<T> decoder;
  final String what;
  final String otherwise;

  private OwnRecord(
      byte[] key, Function<T, byte[]> encoder, Decoder<T> decoder, String what, String otherwise) {
    this.key = key;
    this.encoder = encoder;
    this.decoder = decoder;
    this.what = what;
    this.otherwise = otherwise;
  }
}
