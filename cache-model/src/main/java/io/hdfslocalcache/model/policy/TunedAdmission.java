package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.time.CacheClock;
import java.util.Optional;

/**
 * The DataNode's admission under {@code admission.tuning auto}: the production gate, {@code
 * BucketTimeRateLimit}, with its threshold moved by a {@link ThresholdTuner} from the configured
 * one (down to half of it, up to 64 times it) so that fills spend the write budget on the blocks
 * read most often. Without a budget (bound with 0 bytes a day) it is bucket-time at the configured
 * threshold. The limiter and the tuner are built at {@link #bind}, on the one clock it is given.
 * The tuner also holds the threshold while the fills at its margin pay less than N x their cost
 * ({@link MarginalPayback}, {@code payback=N}, {@link MarginalPayback#MEASURED_PAYS} by default, 0:
 * off); each decision says whether it admitted at the margin ({@link
 * AdmissionDecision#ADMIT_AT_MARGIN}), so whoever fills the entry (the model's rules, the
 * DataNode's fill) flags it and reports its hits and fills.
 */
final class TunedAdmission implements GatedPolicy {
  private final RateLimitConfig config;
  private final int payback;
  private final BucketTimeAdmission gate;
  private final RoomRule room;
  private ThresholdTuner tuner;

  TunedAdmission(RateLimitConfig config, int payback, boolean room) {
    this.config = config;
    this.payback = payback;
    this.room = new RoomRule(config.threshold(), room);
    this.gate = new BucketTimeAdmission(config, ThresholdTuner.ceiling(config.threshold()));
  }

  static TunedAdmission from(PolicyParams params) {
    RateLimitConfig config = BucketTimeAdmission.config(params);
    int payback = params.integer("payback", MarginalPayback.MEASURED_PAYS);
    if (payback < 0) {
      throw new IllegalArgumentException("tuned: payback must be >= 0 (0: off), got " + payback);
    }
    int room = params.integer("room", 1);
    if (room != 0 && room != 1) {
      throw new IllegalArgumentException("tuned: room must be 1 (on) or 0 (off), got " + room);
    }
    return new TunedAdmission(config, payback, room == 1);
  }

  @Override
  public void bind(
      double bytesPerDay,
      long burstBytes,
      ThresholdTuner.Budget budget,
      CacheClock clock,
      ThresholdTuner.Listener listener) {
    gate.bind(bytesPerDay, burstBytes, budget, clock, listener);
    tuner =
        new ThresholdTuner(
            config.threshold(),
            bytesPerDay,
            burstBytes,
            budget,
            clock,
            listener,
            new MarginalPayback(payback));
  }

  @Override
  public void watch(CacheRoom room) {
    this.room.watch(room);
  }

  @Override
  public AdmissionDecision onRead(long key) {
    int count = count(key);
    int t = tuner.threshold();
    if (count <= t) { // at or below T: only a cache with room admits it, at its own margin
      int r = room.threshold(t, tuner);
      if (count <= r) {
        return AdmissionDecision.REJECT;
      }
      return MarginalPayback.marginal(count, r)
          ? AdmissionDecision.ADMIT_AT_MARGIN
          : AdmissionDecision.ADMIT;
    }
    return MarginalPayback.marginal(count, t)
        ? AdmissionDecision.ADMIT_AT_MARGIN
        : AdmissionDecision.ADMIT;
  }

  /** Records a read of {@code key} now; its reads in the window (for a rule over this gate). */
  int count(long key) {
    return gate.count(key);
  }

  @Override
  public int effectiveThreshold() {
    return tuner == null ? config.threshold() : tuner.threshold();
  }

  @Override
  public int thresholdInEffect() {
    return tuner == null ? config.threshold() : room.threshold(tuner.threshold(), tuner);
  }

  @Override
  public AdmissionPolicy gate() {
    return gate;
  }

  @Override
  public Optional<ThresholdTuner> tuner() {
    return Optional.ofNullable(tuner);
  }
}
