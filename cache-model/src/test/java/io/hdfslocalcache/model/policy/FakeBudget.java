package io.hdfslocalcache.model.policy;

/** A write budget a test sets: its level now and what fills have asked of it so far. */
final class FakeBudget implements ThresholdTuner.Budget {
  long available;
  long asked;

  FakeBudget(long available) {
    this.available = available;
  }

  @Override
  public long availableBytes() {
    return available;
  }

  @Override
  public long bytesAsked() {
    return asked;
  }
}
