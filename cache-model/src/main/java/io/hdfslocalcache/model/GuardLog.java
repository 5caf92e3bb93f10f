package io.hdfslocalcache.model;

import io.hdfslocalcache.guard.GuardState;
import io.hdfslocalcache.guard.GuardTransition;
import java.util.function.Consumer;

/** Counts a replay's guard transitions and the trace time the guard spent paused. */
final class GuardLog implements Consumer<GuardTransition> {
  private long transitions;
  private long pausedMillis;
  private long pausedSince;
  private boolean paused;

  @Override
  public void accept(GuardTransition t) {
    transitions++;
    boolean nowPaused = t.to() != GuardState.FILLING;
    if (nowPaused && !paused) {
      pausedSince = t.timeMillis();
    } else if (!nowPaused && paused) {
      pausedMillis += t.timeMillis() - pausedSince;
    }
    paused = nowPaused;
  }

  long transitions() {
    return transitions;
  }

  /** Paused time up to {@code endMillis}, a pause still running included. */
  double pausedSeconds(long endMillis) {
    return (pausedMillis + (paused ? Math.max(0, endMillis - pausedSince) : 0)) / 1000.0;
  }
}
