package io.hdfslocalcache.model.policy;

/**
 * The write budget's refill rate per tuner step and its burst, as the tuner sees them: immutable,
 * so a directory that joins late swaps in a new one ({@link ThresholdTuner#resize}) and a step
 * reads the two from the same directory set.
 */
final class BudgetRate {
  final double perStep;
  final double burst;

  BudgetRate(double bytesPerDay, long burstBytes) {
    if (!(bytesPerDay >= 0) || burstBytes < 0) {
      throw new IllegalArgumentException(
          "bytesPerDay, burstBytes must be >= 0: " + bytesPerDay + ", " + burstBytes);
    }
    this.perStep = bytesPerDay * ThresholdTuner.STEP_MILLIS / ThresholdTuner.MILLIS_PER_DAY;
    this.burst = burstBytes;
  }

  /** The budget's level / burst now; 0 without a budget. */
  double share(ThresholdTuner.Budget budget) {
    return perStep > 0 ? Math.min(burst, (double) budget.availableBytes()) / burst : 0;
  }
}
