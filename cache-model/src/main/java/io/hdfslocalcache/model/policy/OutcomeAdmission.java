package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.time.CacheClock;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Admission decided by measured outcome ({@code outcome}): the threshold moves toward whichever of
 * a ladder of fixed thresholds saved the most disk-head time, net of its fills, on the reads just
 * seen, instead of following a law fitted to a generator.
 *
 * <p><b>The ladder.</b> Around the configured threshold F: (F + 1) x 2^k - 1 for k = -2..3 (3, 7,
 * 15, 31, 63, 127 for F = 15); with {@code split=2}, also the rungs halfway between on a log scale
 * (4, 10, 21, 44, 89: eleven rungs; {@code stride} rungs a step at most). With {@code between=1}
 * the live threshold may sit between the rungs ({@link BetweenRungs}); the rung it is anchored to
 * is what a restart keeps. Each rung is a {@link GhostCache}: the cache's contents had it admitted
 * at that threshold, with the same read counts (the gate counts every read once; only the threshold
 * differs), on a hash sample of the blocks (1 in {@code sample}; capacity and write budget scaled
 * by it, SHARDS' miniature simulation), scoring what its hits saved less what its fills cost in the
 * guard's disk model, its fills refused once its share of the write budget is spent. This is DIP's
 * set dueling and ARC's ghost lists with whole cache models as the duellists.
 *
 * <p><b>The law</b> and <b>payback of the burst</b>: {@link RungScores}, every minute (a step), on
 * what each rung's ghost saved and asked for; the live threshold moves a rung a step at most. While
 * the live cache has room, {@link OutcomeRoom} may admit below it ({@code room}, on by default);
 * with {@code roomPay} it hears the reads of the blocks it admitted (on a DataNode at the read's
 * end, through {@link PolicyRead#ended}, as a sampled read's range reaches the ghosts).
 *
 * <p><b>Why it is stable and robust.</b> The ghosts see the counts, not the live cache, so the
 * ranking is exogenous but for the budget's level in the score (first order, time constant {@code
 * drain}). The live threshold follows it a rung a minute at most, with a dead band, so it cannot
 * oscillate faster than the ranking changes over H; each score is what that fixed threshold would
 * have saved over the last H here, so it settles on a candidate that is best throughout, losing the
 * time to move, the contents catching up, and the lag where the best rung changes faster than H.
 *
 * <p><b>Costs.</b> Every read: the gate's count (as {@code bucket-time}) and a hash of the key. A
 * sampled read: a monitor and an LRU step per rung (six; eleven with split=2). Heap: the ghosts'
 * entries, a rung's count times the blocks a 1-in-{@code sample} slice of the cache holds (about 80
 * bytes each). Thread-safe: reader threads share it; the ghosts and the step run under its monitor,
 * the threshold is a volatile read.
 */
final class OutcomeAdmission implements GatedPolicy, OutcomeLadder {
  static final int STEP_MS = 60_000;

  private final RateLimitConfig config;
  private final OutcomeParams params;
  private final int[] ladder;
  private final BucketTimeAdmission gate;
  private final OutcomeRoom room;
  private final BetweenRungs between; // null: the live threshold is the live rung's
  private volatile GhostCache[] ghosts; // null: no cache to model, the configured threshold
  private RungScores scores;
  private ThresholdTuner.Budget budget;
  private CacheClock clock;
  private volatile int live; // the rung admitted at (with between, the anchor of the threshold)
  private volatile int threshold; // the threshold admitted at
  private volatile long nextStepMs = Long.MAX_VALUE;
  private volatile long movedAtMillis = -1; // -1: not moved since bound (or since restored)
  private long boundAtMillis; // since when the configured threshold is in force, if not moved

  OutcomeAdmission(RateLimitConfig config, OutcomeParams params) {
    this.config = config;
    this.params = params;
    this.ladder = Rungs.of(config.threshold(), params.split());
    this.live = Rungs.BELOW * params.split();
    this.threshold = ladder[live];
    this.between =
        params.between()
            ? new BetweenRungs(ladder, params.split(), params.hyst(), params.betweenDead())
            : null;
    this.gate = new BucketTimeAdmission(config, ladder[ladder.length - 1]);
    this.room = new OutcomeRoom(params, ladder[0]);
  }

  static OutcomeAdmission from(PolicyParams params) {
    return new OutcomeAdmission(BucketTimeAdmission.config(params), OutcomeParams.from(params));
  }

  @Override
  public void bind(
      double bytesPerDay,
      long burstBytes,
      ThresholdTuner.Budget budget,
      CacheClock clock,
      ThresholdTuner.Listener listener) {
    gate.bind(bytesPerDay, burstBytes, budget, clock, listener);
    this.clock = clock;
    this.boundAtMillis = clock.millis();
    this.budget = budget;
    model(bytesPerDay, burstBytes);
  }

  /** A directory joined: the ghosts remade cold at the new capacity and budget, warm-up again. */
  @Override
  public synchronized void resize(double bytesPerDay, long burstBytes) {
    model(bytesPerDay, burstBytes);
  }

  private synchronized void model(double bytesPerDay, long burstBytes) {
    if (burstBytes <= 0) {
      return; // no capacity known: nothing to model, admitted at F
    }
    int sample = params.sample();
    GhostCache[] g = new GhostCache[ladder.length];
    for (int i = 0; i < ladder.length; i++) {
      g[i] =
          new GhostCache(
              ladder[i],
              burstBytes / sample,
              bytesPerDay / 86_400_000.0 / sample,
              burstBytes / (double) sample);
    }
    scores =
        new RungScores(
            ladder.length, params, bytesPerDay * STEP_MS / 86_400_000.0, burstBytes, budget);
    room.model(bytesPerDay, burstBytes, budget, scores, live);
    ghosts = g;
    nextStepMs = clock.millis() + STEP_MS;
  }

  @Override
  public AdmissionDecision onRead(long key) {
    return decide(gate.count(key), threshold);
  }

  @Override
  public AdmissionDecision onRead(long key, long offset, long length, long blockLength) {
    int count = gate.count(key);
    if (ghosts != null) {
      long now = clock.millis();
      if (sampled(key) || now >= nextStepMs) {
        synchronized (this) {
          stepDue(now);
          if (sampled(key)) {
            for (GhostCache g : ghosts) {
              g.read(key, count, offset, length, blockLength, now);
            }
          }
        }
      }
    }
    int t = threshold;
    AdmissionDecision d = decide(count, t);
    room.read(key, count, t, d.admits(), offset, length, blockLength);
    return d;
  }

  /**
   * The DataNode's read: counted, the law stepped if a step is due and decided now, as {@link
   * #onRead(long, long, long, long)} does; a sampled read's range goes to the ghosts at its end,
   * with the count it had (reads one after another: the same decisions as {@code onRead}).
   */
  @Override
  public PolicyRead startRead(long key) {
    int count = gate.count(key);
    if (ghosts == null) {
      return PolicyRead.decided(decide(count, threshold));
    }
    if (clock.millis() >= nextStepMs) {
      synchronized (this) {
        stepDue(clock.millis());
      }
    }
    int t = threshold;
    AdmissionDecision d = decide(count, t);
    PolicyRead read = sampled(key) ? new SampledRead(key, count, d) : PolicyRead.decided(d);
    return room.heard(key, count, t, read);
  }

  /** Runs the steps due by {@code now} (under the monitor). */
  private void stepDue(long now) {
    while (now >= nextStepMs) {
      step(nextStepMs);
      nextStepMs += STEP_MS;
    }
  }

  /** A sampled read in progress: its range goes to every rung's ghost when it ends. */
  private final class SampledRead implements PolicyRead {
    private final long key;
    private final int count;
    private final AdmissionDecision decision;

    SampledRead(long key, int count, AdmissionDecision decision) {
      this.key = key;
      this.count = count;
      this.decision = decision;
    }

    @Override
    public AdmissionDecision decision() {
      return decision;
    }

    @Override
    public void ended(long offset, long length, long blockLength) {
      long now = clock.millis();
      synchronized (OutcomeAdmission.this) {
        stepDue(now);
        for (GhostCache g : ghosts) {
          g.read(key, count, offset, length, blockLength, now);
        }
      }
    }
  }

  private AdmissionDecision decide(int count, int t) {
    return count > room.threshold(t) ? AdmissionDecision.ADMIT : AdmissionDecision.REJECT;
  }

  private boolean sampled(long key) {
    long h = key * 0x9E3779B97F4A7C15L;
    h ^= h >>> 32;
    return params.sample() == 1 || Long.remainderUnsigned(h, params.sample()) == 0;
  }

  /** One step of the law (under the monitor). */
  private void step(long stepMs) {
    live = scores.step(ghosts, stepMs, live);
    int next = between == null ? ladder[live] : between.next(threshold, live, scores);
    if (next != threshold) {
      threshold = next;
      movedAtMillis = stepMs;
    }
    room.stepped(!scores.warm(), scores, live);
  }

  @Override
  public int effectiveThreshold() {
    return threshold;
  }

  @Override
  public int thresholdInEffect() {
    return room.threshold(threshold);
  }

  @Override
  public void watch(CacheRoom room) {
    this.room.watch(room);
  }

  @Override
  public OptionalLong thresholdMovedAtMillis() {
    long at = movedAtMillis;
    return at < 0 ? OptionalLong.empty() : OptionalLong.of(at);
  }

  @Override
  public Optional<OutcomeLadder> ladder() {
    return Optional.of(this);
  }

  @Override
  public boolean moves() {
    return ghosts != null;
  }

  /**
   * The live rung and since when it is in force; with {@code between}, the rung the threshold is
   * anchored to, its since not kept (the threshold between rungs is not the rung restored).
   */
  @Override
  public synchronized LiveRung state() {
    long since = between != null ? -1 : movedAtMillis >= 0 ? movedAtMillis : boundAtMillis;
    return new LiveRung(config.threshold(), ladder[live], clock.millis(), since);
  }

  @Override
  public synchronized TunerRestore restore(LiveRung saved) {
    if (!moves()) {
      return TunerRestore.NOT_TUNING;
    }
    if (saved.configured() != config.threshold()) {
      return TunerRestore.CONFIGURED_CHANGED;
    }
    for (int i = 0; i < ladder.length; i++) {
      if (ladder[i] == saved.threshold()) {
        live = i; // held until the ghosts have seen reads: the law's first horizon / 2 steps
        threshold = ladder[i];
        movedAtMillis = between == null ? saved.sinceMillis() : -1; // -1: since this start
        return TunerRestore.RESTORED;
      }
    }
    return TunerRestore.LADDER_CHANGED; // a finer split's rung, saved before split was lowered
  }

  @Override
  public AdmissionPolicy gate() {
    return gate;
  }
}
