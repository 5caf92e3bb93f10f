package io.hdfslocalcache.model.policy;

/**
 * What came of {@link ThresholdTuner#restore} (or {@link OutcomeLadder#restore}, the outcome
 * policy's live rung): whether a restart goes on at the saved threshold.
 *
 * <p>The margin's payback is not carried across a restart: it starts neutral ({@link
 * MarginalPayback#restarted}). Carrying its evidence would take its two averages and, in every
 * block's index record, whether the entry was admitted at the margin: without the flags, the
 * restored entries' hits go unheard while new margin fills report their cost, and the payback reads
 * as falling short for the horizon anyway. Neutral costs at most one horizon (two hours) in which
 * the payback neither raises T nor lets an idle budget take it lower; the budget loop runs as ever.
 */
public enum TunerRestore {
  /** The saved threshold is in use again, since it took that value. */
  RESTORED,
  /** Saved under another configured threshold: the tuner starts again at the new one. */
  CONFIGURED_CHANGED,
  /**
   * Saved on a rung this ladder has not (outcome's {@code split} lowered since): admission starts
   * again at F.
   */
  LADDER_CHANGED,
  /** The threshold does not tune itself here (tuning fixed, or no write budget): F. */
  NOT_TUNING,
  /** Nothing was saved (a first start): the tuner starts at F. */
  NONE_SAVED
}
